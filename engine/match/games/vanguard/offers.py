"""What a Cardfight!! Vanguard seat may do now (:mod:`engine.match.offers`), ordered for a phone.

Who may act comes from the predicate the definition's ``allows`` refuses with
(:func:`engine.match.games.vanguard.structure_problem`), and each offer from the checks its handler
makes, so an offer taken with any valid choices is accepted:

- ``now``, the decision the step waits for: the first vanguard card data cannot pick (5.4.3); keep or
  redraw (5.4.3.4); the pending choice of a
  trigger, a ride from the soul or the unit kept on the vanguard circle (2.8.1.1, 9.5.1, 9.3.3), the
  trigger of a checked card without card data (2.8), the end of a G assist (6.4.1.2.5); in the guard
  step guard, intercept or no guard (7.5.1.2); in a held attack step the pass on to the guard step
  (7.4.1.13); in the ride step the G assist (6.4.1.2), a ride (6.5.1.1) or no ride; in the stride
  step a stride (6.5.1.2) or none; in the start step an attack (7.4.1) or no attack (7.3.1.2.2); the
  battle phase from the main phase (6.6); the end of the turn in the end phase (6.8);
- ``main``: the main phase's calls (6.6.1.2.1) and column swaps (6.6.1.2.3);
- ``more``: power and critical changes of card text (2.5, 2.7), Seek Mate (11.10.2), the turn moved on
  elsewhere, and the generic actions the structure lets through (card text is the players' to carry
  out).

Cards are positions; a seat's offers read its own hand, G zone and the cards it looked at, the names of
its own decklist's main deck (Seek Mate's search: a player knows their decklist,
:meth:`engine.match.state.MatchState.known_names`), and public cards (the units on circles, the zones'
counts), never the opponent's hidden cards.

Every choice reads in the game's words: circles as the board names them (``left front rear-guard
circle``, with the unit on it when the seat knows it), steps and phases by name, the players by name;
a trigger's choice says which trigger it is and what it gives (2.8.1.1), a stride its cost (11.11.2),
and the guard step's pass says "No guard" before any guardian and "Done guarding" after.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.match.actions import ACTION_TYPES, BaseAction, CardAt, NextStep, PassTurn, ZoneRef
from engine.match.games.vanguard import card_text
from engine.match.games.vanguard.actions import VgModify
from engine.match.games.vanguard.spec import BACK_OF, COLUMNS, FIELD, FRONT, GC, REAR, SPEC, VC
from engine.match.games.vanguard.stats import STAND, drive_of
from engine.match.games.vanguard.steps import Work
from engine.match.offers import (
    CardsNeed,
    Destinations,
    Need,
    NumberNeed,
    Offer,
    PickNeed,
    TextNeed,
    split_moves,
)
from engine.match.state import MatchState

_CLASSES: dict[str, type[BaseAction]] = {cls.model_fields["type"].default: cls for cls in ACTION_TYPES}
_TURN = frozenset({"next_step", "next_phase", "pass_turn", "pass_priority"})
"""The generic offers that move the turn on: Vanguard words them for its steps."""
BATTLE_STEPS = frozenset(("attack", "guard", "drive", "damage", "close"))
"""The battle phase's steps after the start step: only with an attack declared (7.3.1.2)."""
POWER_MOST = 1_000_000
"""The largest power a player enters (the actions' bound)."""
SHIELDS = (0, 5000, 10000, 15000, 20000, 30000)
"""The shields a guardian without card data may have (3.11.2)."""
_TRIGGERS = ("critical", "draw", "stand", "heal", "front")
_GIVES = {
    "critical": "+1 critical and power",
    "draw": "a card and power",
    "stand": "stand a rear-guard, and power",
    "heal": "heal a damage, and power",
    "front": "power to the front row",
}
"""What each trigger gives (2.8.1.1.2-2.8.1.1.6), for the declaration of a card without card data."""
STRIDE_COST = "stride_cost"
"""The stat of a G unit's stride cost as its stride skill writes it (11.11.2), when card data gives it."""


def circle_label(circle: str) -> str:
    """A circle as the board names it (its zone's label: "left front rear-guard circle", 4.6)."""
    zone = SPEC.zone(circle)
    return zone.label if zone is not None and zone.label else circle.replace("_", " ")


def _unit_text(work: Work, seat: int, circle: str, player: int) -> str:
    """The unit on a circle, by name when ``seat`` knows it (a legion's two vanguards, 10.25.3), with
    its circle: "Blaster Blade (left front rear-guard circle)"; the circle alone otherwise."""
    names = _unit_names(work, seat, circle, player)
    return f"{names} ({circle_label(circle)})" if names else circle_label(circle)


def _unit_names(work: Work, seat: int, circle: str, player: int) -> str:
    """The name of the unit on a circle (both vanguards of a legion, 10.25.3), or "" when ``seat``
    does not know it or the circle is empty."""
    unit = work.unit(circle, player)
    if unit is None:
        return ""
    pair = work.legion(player) if circle == VC else None
    cards = [unit, pair[1]] if pair is not None and pair[0] == unit else [unit]
    if not all(work.state.knows(seat, card) for card in cards):
        return ""
    return " and ".join(work.ref(card).name for card in cards)


_G_UNITS: Destinations = ("G units", frozenset({"gzone", *FIELD}))
"""4.6.9: a G unit is in the G zone or on a circle; moved anywhere else, it goes back to the G zone."""
_OTHERS: Destinations = ("", frozenset(zone.name for zone in SPEC.zones) - {"gzone"})
"""4.11, 5.3.3: the G zone holds the G deck's G units only."""


def _where(g_units: frozenset[int], card_id: int) -> Destinations:
    """Where a card may go (:func:`engine.match.offers.split_moves`): a G unit is one of the cards that
    began in a G zone, which every player saw leave it."""
    return _G_UNITS if card_id in g_units else _OTHERS


def _step_label(state: MatchState, name: str) -> str:
    """A step by its name in the rules: "stride step", or for a phase of one step, "main phase"."""
    for phase in state.match.spec.phases:
        if len(phase.steps) == 1 and phase.steps[0].name == name:
            return f"{_words(phase.name)} phase"
        if any(step.name == name for step in phase.steps):
            return f"{_words(name)} step"
    return _words(name)


def _words(name: str) -> str:
    return name.replace("_", " ").replace("g assist", "G assist")


def seat_offers(state: MatchState, seat: int, generic: Sequence[Offer]) -> list[Offer]:
    """What ``seat`` may do now (see the module doc)."""
    from engine.match.games.vanguard import structure_problem

    if state.undo_request is not None:
        return list(generic)

    def may(cls: type[BaseAction]) -> bool:
        return structure_problem(state, cls, seat) is None

    kept = [offer for offer in generic if offer.type not in _TURN and may(_CLASSES[offer.type])]
    g_units = frozenset(state.board.data("g_units", ()))

    def where(_: CardAt, card_id: int) -> Destinations:
        return _where(g_units, card_id)

    kept = [split for o in kept for split in split_moves(state, seat, o, where)]
    board = state.board
    if not board.data("started"):
        return [*_first_vanguard(state, seat), *_redraw(state, seat), *kept]
    work = Work(state, 0)
    prompts = board.data("prompts", ())
    if prompts:
        head = dict(prompts[0])
        if int(head["player"]) != seat:
            return kept
        return [*_prompt(work, seat, head), *card_text.offers(work, seat, _modify(work, seat), where), *kept]
    step = state.match.phase_steps[board.phase][board.step]
    if step == "guard" and board.data("battle") is not None:
        if seat != 1 - board.active:
            return kept
        return [*_guard(work, seat), *card_text.offers(work, seat, _modify(work, seat), where), *kept]
    if seat != board.active or seat != board.priority:
        return kept
    out: list[Offer] = []
    if step == "attack" and board.data("battle") is not None:
        out.append(Offer("vg_pass", "Go to the guard step", "now", rule="7.4.1.13"))
    out += _turn(work, seat, step, may)
    return [*out, *card_text.offers(work, seat, _modify(work, seat), where), *kept]


# setup ---------------------------------------------------------------------------------------------


def _first_vanguard(state: MatchState, seat: int) -> list[Offer]:
    """5.4.3: without card data that picks it, the first vanguard is one card of one's own deck put face
    down on the vanguard circle with a search. Offered when the card data of the deck is all there or
    all missing (then any card is accepted); a deck where only some cards give a grade is left to the
    generic search, since the seat does not know where its grade 0 cards are."""
    deck = state.zone("deck", seat)
    if state.zone(VC, seat) or not deck:
        return []
    graded = {isinstance(state.ref(card).stat("grade"), int) for card in deck}
    if len(graded) != 1:
        return []
    fixed = (
        ("zone", ZoneRef(zone="deck", player=seat)),
        ("to", ZoneRef(zone=VC, player=seat)),
        ("face", "down"),
    )
    options = tuple(CardAt(zone="deck", player=seat, index=i) for i in range(len(deck)))
    need = CardsNeed("take", options, 1, 1, single=False, indexes=True, label="first vanguard")
    return [Offer("search", "Choose your first vanguard", "now", fixed=fixed, needs=(need,), rule="5.4.3")]


def _redraw(state: MatchState, seat: int) -> list[Offer]:
    """5.4.3.4: the player whose redraw is next keeps or returns cards, once both hands exist."""
    board = state.board
    redrawn = set(board.data("redrawn", ()))
    first = board.active
    waiting = first if first not in redrawn else 1 - first
    if seat != waiting or len(board.data("dealt", ())) < 2 or not state.zone(VC, seat):
        return []
    out = [Offer("vg_redraw", "Keep", "now", rule="5.4.3.4")]
    hand = _hand(state, seat)
    if hand:
        need = CardsNeed(
            "cards", hand, 1, min(5, len(hand)), single=False, indexes=True, label="cards to return"
        )
        out.append(Offer("vg_redraw", "Redraw", "now", needs=(need,), rule="5.4.3.4"))
    return out


def _hand(state: MatchState, seat: int, extra: int = 0) -> tuple[CardAt, ...]:
    return tuple(
        CardAt(zone="hand", player=seat, index=i) for i in range(len(state.zone("hand", seat)) + extra)
    )


# pending choices -----------------------------------------------------------------------------------


def _prompt(work: Work, seat: int, head: dict[str, Any]) -> list[Offer]:
    """The pending choice of ``seat``: a unit or card (2.8.1.1, 9.5.1, 9.3.3), a declared trigger (2.8),
    or the end of a G assist (6.4.1.2.5)."""
    kind = str(head["kind"])
    if kind == "declare":
        out = [Offer("vg_declare_trigger", "No trigger", "now", fixed=(("trigger", "none"),), rule="2.8")]
        for name in _TRIGGERS:
            power = NumberNeed("power", 0, POWER_MOST, label="power on the icon")
            fixed = (("trigger", name),)
            out.append(
                Offer(
                    "vg_declare_trigger",
                    f"{name.title()} trigger: {_GIVES[name]}",
                    "now",
                    fixed=fixed,
                    needs=(power,),
                    rule="2.8.3",
                )
            )
        return out
    if kind == "g_assist":
        return _g_assist_take(work, seat)
    found = work.options(head)
    if not found:
        return []
    if kind == "stand":
        return _stand(found, seat)
    options = tuple(CardAt(zone=zone, player=seat, index=index) for zone, index, _ in found)
    trigger = str(head.get("trigger") or "")
    named = f"{trigger.title()} trigger" if trigger else "Trigger"
    label, rule, what = {
        "critical": (f"{named}: +1 critical to one of your units", "2.8.1.1.2", "unit"),
        "power": (f"{named}: +{head['amount']} power to one of your units", "2.8.3", "unit"),
        "heal": (f"{named}: heal a card of your damage zone (to your drop zone)", "2.8.1.1.5", "damage"),
        "soul_ride": ("Ride a card of your soul (you have no vanguard)", "9.5.1", "card to ride"),
        "vc_keep": ("Keep one vanguard (the others go to your soul)", "9.3.3", "vanguard to keep"),
    }.get(kind, ("Choose one of your units", "2.8.1.1", "unit"))
    return [Offer("vg_choose", label, "now", needs=(CardsNeed("target", options, label=what),), rule=rule)]


def _stand(found: Sequence[tuple[str, int, int]], seat: int) -> list[Offer]:
    """2.8.1.1.4: the stand trigger stands the unit chosen only if it is a rear-guard. Choosing one is
    offered first; choosing another unit (the vanguard, a guardian) stands nothing, and says so."""
    rear = tuple(CardAt(zone=z, player=seat, index=i) for z, i, _ in found if z in REAR)
    other = tuple(CardAt(zone=z, player=seat, index=i) for z, i, _ in found if z not in REAR)
    out = []
    if rear:
        need = CardsNeed("target", rear, label="rear-guard to stand")
        label = "Stand trigger: stand one of your rear-guards"
        out.append(Offer("vg_choose", label, "now", needs=(need,), rule="2.8.1.1.4"))
    if other:
        need = CardsNeed("target", other, label="unit (it does not stand)")
        label = "Stand trigger: choose a unit that is not a rear-guard (nothing stands)"
        out.append(Offer("vg_choose", label, "more" if rear else "now", needs=(need,), rule="2.8.1.1.4"))
    return out


def _g_assist_take(work: Work, seat: int) -> list[Offer]:
    """6.4.1.2.5: take one of the five looked at, one grade above the vanguard, and remove two cards of
    the hand (the new card last); or take nothing."""
    out = [Offer("vg_g_assist_take", "Take nothing", "now", rule="6.4.1.2.5")]
    grade = work.grade(work.vanguard(seat))
    hand = _hand(work.state, seat, extra=1)
    if len(hand) < 2:
        return out
    for index, card in enumerate(work.ids("deck", seat)[:5]):
        new = work.grade(card)
        if grade is not None and new is not None and new != grade + 1:
            continue
        need = CardsNeed("remove", hand, 2, 2, single=False, indexes=True, label="cards to remove")
        name = f" ({work.ref(card).name})" if work.state.knows(seat, card) else ""
        out.append(
            Offer(
                "vg_g_assist_take",
                f"Take card {index + 1}{name}",
                "now",
                fixed=(("take", index),),
                needs=(need,),
                rule="6.4.1.2.5",
            )
        )
    return out


# the guard step ------------------------------------------------------------------------------------


def _guard(work: Work, seat: int) -> list[Offer]:
    """7.5.1.2: guard with cards of the hand (7.5.1.2.2; a shield entered for a card without card data,
    3.11.2), intercept with a front-row rear-guard that is not attacked (7.5.1.2.4, 11.3), or no guard
    (7.5.1.2.1)."""
    hand = work.ids("hand", seat)
    out: list[Offer] = []
    known = tuple(
        CardAt(zone="hand", player=seat, index=i)
        for i, c in enumerate(hand)
        if work.base(c, "shield") is not None
    )
    if known:
        need = CardsNeed("cards", known, 1, len(known), single=False, indexes=True, label="guardians")
        out.append(
            Offer("vg_guard", "Guard", "now", needs=(need,), free=frozenset({"shields"}), rule="7.5.1.2.2")
        )
    for i, c in enumerate(hand):
        if work.base(c, "shield") is None:
            one = (("cards", (i,)),)
            shields = tuple(f"shield {s}" if s else "no shield" for s in SHIELDS)
            pick = PickNeed("shields", tuple((s,) for s in SHIELDS), "shield", labels=shields)
            out.append(
                Offer("vg_guard", "Guard with this card", "now", fixed=one, needs=(pick,), rule="7.5.1.2.2")
            )
    battle = dict(work.data("battle"))
    for circle in ("rc_lf", "rc_rf"):
        unit = work.unit(circle, seat)
        if unit is None or circle == battle["target_circle"] or work.has_intercept(unit) is False:
            continue
        fixed = (("circle", circle),)
        label = f"Intercept with {_unit_text(work, seat, circle, seat)}"
        if work.base(unit, "shield") is None:
            needs: tuple[Need, ...] = (NumberNeed("shield", 0, POWER_MOST, label="shield"),)
            out.append(Offer("vg_intercept", label, "now", fixed=fixed, needs=needs, rule="7.5.1.2.4"))
        else:
            out.append(
                Offer(
                    "vg_intercept",
                    label,
                    "now",
                    fixed=fixed,
                    free=frozenset({"shield"}),
                    rule="7.5.1.2.4",
                )
            )
    done = "Done guarding" if work.ids(GC, seat) else "No guard"
    out.append(Offer("vg_pass", done, "now", rule="7.5.1.2.1"))
    return out


# the turn player's steps ---------------------------------------------------------------------------


def _turn(work: Work, seat: int, step: str, may: Callable[[type[BaseAction]], bool]) -> list[Offer]:
    """The turn player's offers of ``step`` (``now`` first), then moving the turn on."""
    state = work.state
    board = state.board
    out: list[Offer] = []
    if step == "ride":
        out += _ride(work, seat)
    elif step == "stride":
        out += _stride(work, seat)
    elif step == "main":
        out.append(Offer("next_phase", "Battle phase", "now", rule="6.7"))
        out += _main(work, seat)
    elif step == "start" and board.data("battle") is None:
        out += _attacks(work, seat)
    moving = may(NextStep)
    if moving:
        labels = {"ride": "No ride", "stride": "No stride", "start": "No attack"}
        if step in labels:
            out.append(Offer("next_step", labels[step], "now", rule="6.2"))
        elif step not in ("main", "end"):
            out.append(Offer("next_step", "Next step", "now", rule="6.2"))
        steps = [name for phase in state.match.phase_steps for name in phase]
        here = sum(len(phase) for phase in state.match.phase_steps[: board.phase]) + board.step
        later = tuple(name for name in dict.fromkeys(steps[here + 1 :]) if name not in BATTLE_STEPS)
        if later:
            words = tuple(_step_label(state, name) for name in later)
            pick = PickNeed("to", later, "step", labels=words)
            out.append(Offer("next_step", "Go to a step", "more", needs=(pick,), rule="6.2"))
        phases = tuple(phase.name for phase in state.match.spec.phases[board.phase + 1 :])
        if phases:
            words = ("the next phase", *(f"{_words(name)} phase" for name in phases))
            out.append(
                Offer(
                    "next_phase",
                    "Go to a phase",
                    "more",
                    needs=(PickNeed("to", (None, *phases), "phase", labels=words),),
                    rule="6.2",
                )
            )
    if may(PassTurn) and step in ("main", "start", "end"):
        out.append(Offer("pass_turn", "End turn", "now" if step == "end" else "more", rule="6.8"))
    return out


def _ride(work: Work, seat: int) -> list[Offer]:
    """6.4.1.2: the G assist, as the first action of the ride step, with the vanguard below grade 3 and
    no card one grade above it in the hand (6.4.1.2.2); 6.5.1.1: a ride of a card of the vanguard's
    grade or one above (8.5.2.1.1.1)."""
    out: list[Offer] = []
    vanguard = work.vanguard(seat)
    grade = work.grade(vanguard)
    hand = work.ids("hand", seat)
    lacking = grade is None or all(work.grade(c) != grade + 1 for c in hand)
    if work.data("g_assist_open") and (grade is None or grade < 3) and lacking:
        out.append(Offer("vg_g_assist", "G assist", "now", rule="6.4.1.2"))
    if vanguard is None or work.data("ride_done"):
        return out
    cards = tuple(
        CardAt(zone="hand", player=seat, index=i)
        for i, c in enumerate(hand)
        if grade is None or work.grade(c) is None or work.grade(c) in (grade, grade + 1)
    )
    if cards:
        out.append(
            Offer(
                "vg_ride",
                "Ride",
                "now",
                needs=(CardsNeed("card", cards, label="card to ride"),),
                rule="6.5.1.1",
            )
        )
    return out


def _stride(work: Work, seat: int) -> list[Offer]:
    """6.5.1.2, 10.28: a face-down G unit of the G zone onto the vanguard circle (8.5.2.1.1.3), with
    its cost: the stride skill's (11.11.2), as card data writes it, one offer per cost; without card
    data, the offer says where the cost is written. The player pays it with the generic actions (a
    discard is a move to the drop zone)."""
    if work.data("stride_done") or work.vanguard(seat) is None or work.can_stride() is False:
        return []
    by_cost: dict[str, list[CardAt]] = {}
    for i, c in enumerate(work.ids("gzone", seat)):
        if not work.card(c).face_up:
            cost = work.ref(c).stat(STRIDE_COST)
            by_cost.setdefault(cost if isinstance(cost, str) else "", []).append(
                CardAt(zone="gzone", player=seat, index=i)
            )
    out = []
    for cost, cards in sorted(by_cost.items()):
        label = (
            f"Stride (cost: {cost})"
            if cost
            else "Stride (then pay the cost its stride skill writes, 11.11.2)"
        )
        needs = (CardsNeed("card", tuple(cards), label="G unit"),)
        out.append(Offer("vg_stride", label, "now", needs=needs, rule="6.5.1.2"))
    return out


def _main(work: Work, seat: int) -> list[Offer]:
    """6.6.1.2.1: a normal call of a card of at most the vanguard's grade (8.5.2.1.1.2) to a rear-guard
    circle (a unit there is retired, 9.3.6); 6.6.1.2.3: swap the rear-guards of a column."""
    out: list[Offer] = []
    vanguard = work.vanguard(seat)
    if vanguard is not None:
        grade = work.grade(vanguard)
        cards = tuple(
            CardAt(zone="hand", player=seat, index=i)
            for i, c in enumerate(work.ids("hand", seat))
            if grade is None or work.grade(c) is None or (work.grade(c) or 0) <= grade
        )
        if cards:
            where = []
            for circle in REAR:
                there = _unit_names(work, seat, circle, seat)
                occupied = work.unit(circle, seat) is not None
                retires = f" (retires {there or 'the unit there'})" if occupied else ""
                where.append(circle_label(circle) + retires)
            needs = (
                CardsNeed("card", cards, label="card to call"),
                PickNeed("circle", REAR, "circle", labels=tuple(where)),
            )
            out.append(Offer("vg_call", "Call", "main", needs=needs, rule="6.6.1.2.1"))
    for column, circles in COLUMNS.items():
        if any(work.ids(circle, seat) for circle in circles):
            out.append(
                Offer(
                    "vg_swap", f"Swap {column} column", "main", fixed=(("column", column),), rule="6.6.1.2.3"
                )
            )
    return [*out, *_seek_mate(work, seat)]


def _seek_mate(work: Work, seat: int) -> list[Offer]:
    """Seek Mate (11.10.2), an ACT of the vanguard's text played in the main phase (6.6.1.2.2), so among
    the card text actions: for a vanguard, not a G unit, never in a legion state (10.25.1.2), while the
    opponent's vanguard is grade 3 or greater (or has no card data to say); its cost, four cards of the
    drop zone put on top of the deck; the card named is searched from one's own deck. The names offered
    are those of the seat's decklist but its G deck (the main deck it began with, which the player
    knows: :attr:`engine.match.state.Match.decklists`), wherever its cards are now: which of them the
    deck still holds is hidden, and a name it no longer holds finds nothing."""
    leader = work.vanguard(seat)
    g_units = set(work.data("g_units", ()))
    if leader is None or leader in g_units or leader in work.data("legioned", ()) or work.legion(seat):
        return []
    theirs = work.vanguard(1 - seat)
    grade = work.grade(theirs) if theirs is not None else None
    drop = work.ids("drop", seat)
    if (grade is not None and grade < 3) or len(drop) < 4:
        return []
    g_deck = Counter(work.ref(card).name for card in g_units if work.card(card).owner == seat)
    main = Counter(dict(work.match.decklists[seat])) - g_deck
    names = tuple(sorted(main))
    cost = tuple(CardAt(zone="drop", player=seat, index=i) for i in range(len(drop)))
    needs = (
        CardsNeed("drop", cost, 4, 4, single=False, indexes=True, label="drop zone cards for the cost"),
        PickNeed("mate", names, "card to search for"),
    )
    return [Offer("vg_legion", "Seek Mate", "more", needs=needs, rule="11.10.2")]


def _booster(work: Work, seat: int, attacker: str) -> bool:
    """7.4.1.10, 11.4: a standing unit with Boost behind the attacker (the handler's check)."""
    booster = work.unit(BACK_OF[attacker], seat)
    if booster is None or work.card(booster).orientation != STAND:
        return False
    skill, grade = work.ref(booster).stat("skill"), work.grade(booster)
    if isinstance(skill, str):
        return "boost" in skill.lower()
    return grade is None or grade <= 1


def _attacks(work: Work, seat: int) -> list[Offer]:
    """7.4.1: a standing front-row unit attacks an opposing front-row unit (7.4.1.3, 7.4.1.6), boosted
    or not (7.4.1.10); numbers the card data lacks are entered; ``hold`` stops in the attack step for
    "when ... attacks" abilities (7.4.1.12). Not on the first turn of the game (7.3.1.3)."""
    board = work.board
    if board.turn == 1:
        return []
    targets: list[str] = [c for c in FRONT if work.unit(c, 1 - seat) is not None]
    attackers = [
        c for c in FRONT if (u := work.unit(c, seat)) is not None and work.card(u).orientation == STAND
    ]
    if not targets or not attackers:
        return []
    free = frozenset({"hold", "power", "critical", "drive", "boost_power", "source"})
    grouped: dict[tuple[bool, tuple[str, ...]], list[str]] = {}
    complete: tuple[str, ...]
    out: list[Offer] = []
    for attacker in attackers:
        for boost in (False, True) if _booster(work, seat, attacker) else (False,):
            missing = _missing(work, seat, attacker, boost)
            complete = tuple(t for t in targets if not _target_missing(work, seat, t))
            if not missing and complete:
                grouped.setdefault((boost, complete), []).append(attacker)
            for target in targets:
                if not missing and target in complete:
                    continue
                needs = (*missing, *_target_missing(work, seat, target))
                fixed = (("attacker", attacker), ("target", target), ("boost", boost))
                label = (
                    f"{'Attack with boost' if boost else 'Attack'}: {circle_label(attacker)} against "
                    f"the opponent's {circle_label(target)}"
                )
                out.append(
                    Offer("vg_attack", label, "now", fixed=fixed, needs=needs, free=free, rule="7.4.1")
                )
    for (boost, complete), group in grouped.items():
        needs2: tuple[Need, ...] = (
            PickNeed(
                "attacker",
                tuple(group),
                "attacker",
                labels=tuple(_unit_text(work, seat, circle, seat) for circle in group),
            ),
            PickNeed(
                "target",
                complete,
                "unit to attack",
                labels=tuple(_unit_text(work, seat, circle, 1 - seat) for circle in complete),
            ),
        )
        label = "Attack with boost" if boost else "Attack"
        out.insert(
            0,
            Offer(
                "vg_attack", label, "now", fixed=(("boost", boost),), needs=needs2, free=free, rule="7.4.1"
            ),
        )
    return out


def _missing(work: Work, seat: int, attacker: str, boost: bool) -> tuple[Need, ...]:
    """The attacker's numbers the card data does not give (and that were not declared before)."""
    unit = work.unit(attacker, seat)
    assert unit is not None
    needs: list[Need] = []
    if work.base(unit, "power") is None:
        needs.append(NumberNeed("power", 0, POWER_MOST, label="power"))
    if work.base(unit, "critical") is None:
        needs.append(NumberNeed("critical", 0, 100, label="critical"))
    if attacker == VC and not (drive_of(work.ref(unit)) or work.declared(unit, "drive")):
        needs.append(NumberNeed("drive", 1, 10, label="drive"))
    if boost:
        booster = work.unit(BACK_OF[attacker], seat)
        if booster is not None and work.base(booster, "power") is None:
            needs.append(NumberNeed("boost_power", 0, POWER_MOST, label="booster's power"))
    return tuple(needs)


def _target_missing(work: Work, seat: int, target: str) -> tuple[Need, ...]:
    unit = work.unit(target, 1 - seat)
    if unit is None or work.base(unit, "power") is not None:
        return ()
    return (NumberNeed("target_power", 0, POWER_MOST, label="attacked unit's power"),)


# card text -----------------------------------------------------------------------------------------


def _modify(work: Work, seat: int) -> list[Offer]:
    """2.5, 2.7: a power or critical change from card text on a unit, until the end of the turn or of
    the battle; a change to the opponent's unit names its source (2.11.1)."""
    from engine.match.games.vanguard import structure_problem

    if structure_problem(work.state, VgModify, seat) is not None:
        return []
    untils: tuple[str, ...] = ("turn", "battle") if work.data("battle") is not None else ("turn",)
    until_words = tuple(f"end of {until}" for until in untils)
    out: list[Offer] = []
    for player in (seat, 1 - seat):
        units = tuple(
            CardAt(zone=zone, player=player, index=i)
            for zone in FIELD
            for i in range(len(work.ids(zone, player)))
        )
        if not units:
            continue
        mine = player == seat
        whose = "" if mine else f" ({work.match.players[player]}'s unit)"
        for name, label, low, high, other in (
            ("power", "Power +", 1, POWER_MOST, "critical"),
            ("power", "Power -", -POWER_MOST, -1, "critical"),
            ("critical", "Critical +", 1, 100, "power"),
            ("critical", "Critical -", -100, -1, "power"),
        ):
            needs: list[Need] = [
                CardsNeed("card", units, label="unit"),
                NumberNeed(name, low, high, label=name),
                PickNeed("until", untils, "until", labels=until_words),
            ]
            free = {other}
            if mine:
                free.add("source")
            else:
                needs.append(TextNeed("source", 200, label="card or effect"))
            out.append(
                Offer(
                    "vg_modify", label + whose, "more", needs=tuple(needs), free=frozenset(free), rule="2.5.4"
                )
            )
    return out
