"""What a Gate Ruler seat may do now (:mod:`engine.match.offers`): the game's own offers, and the
generic ones kept as the engine accepts them.

Ordered for a phone (``now``, then ``main``, then ``more``):

- ``now``, the step's decision: the ruler's numbers at setup (5-3b); the card in one's counter zone
  (13-6c, 13-6d); the unit for the in-play level cap (12-6b); the cards of one's drive resolution
  process (10-4c, 10-4d); which unit is frontmost in the attacked column (8-4e-1) and an STK or ATK the
  damage step cannot read (8-6d); passing priority (9-3g), which moves the turn on once both players
  pass in a row with the gate empty (9-3g-1, 9-4b: the active player's pass says where to: the attack
  phase, the declaration, the end phase, the end of the turn); stopping attacks (8-4c-2);
- ``main``: normal summon (7-3, 15-17), play (7-4, 7-6, 7-8; as an instant action, 9-3e-2, 9-3e-4), set
  (7-5), rearrange (7-10), attack (8-4c);
- ``more``: what players carry card text out with: a drive (15-19, when an instruction says so), damage
  (15-20), damage reversal (15-30), charges (15-14a), a change to the attacker's STK or ATK (15-2a), a
  direct attack (15-34a), setting a card an effect makes settable (7-5a-2), and the generic actions.

Every offer is computed with the predicates the handlers and :meth:`GateRuler.allows` refuse with
(:mod:`.playing`, :mod:`.combat`, :mod:`.steps`), so an offer taken with any valid choices is
accepted: the cards listed are the ones that can be played now with the resources ready, the zones
the ones with room. A value the card data lacks (a level, an STK) is a need; a value card text may
change (the level paid, the reason) is a free field whose default is accepted. Cards are positions; a
seat's offers read its own hand, drive and set zones, never the opponent's hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from engine.match.actions import ACTION_TYPES, BaseAction, CardAt
from engine.match.games.gateruler import card_text
from engine.match.games.gateruler.board import (
    battle,
    capacity,
    gate,
    numbers,
    ready_resources,
    ruler_card,
    ruler_numbers,
    started,
    stat,
    zone_ids,
)
from engine.match.games.gateruler.combat import (
    attacked,
    attackers,
    change_problem,
    declaration_problem,
    free_columns,
    frontmost_problem,
    not_ready,
    pass_problem,
    ruler_covered,
    stop_problem,
)
from engine.match.games.gateruler.playing import (
    PLAYED,
    SETTABLE,
    SUMMONED,
    affordable,
    free_unit_zones,
    set_zone_free,
    sets_left,
    standard_problem,
    summons_left,
    timing,
    timing_problem,
)
from engine.match.games.gateruler.spec import (
    ATTACK,
    ATTACK_START,
    ATTACKS_OVER,
    CHARGE_HOSTS,
    DECLARE,
    END,
    MAIN,
    NO_CAP,
    RULER_NUMBERS,
    RULER_OPTIONAL,
    SPEC,
    UNIT_ZONES,
    VALUE_RANGES,
    VALUE_RULES,
    lowest,
)
from engine.match.games.gateruler.steps import has_counter, level_cap_choices
from engine.match.offers import (
    CardsNeed,
    Destinations,
    Group,
    Need,
    NumberNeed,
    Offer,
    PickNeed,
    TextNeed,
    split_moves,
    touchable,
)
from engine.match.state import MatchState

_CLASSES: dict[str, type[BaseAction]] = {cls.model_fields["type"].default: cls for cls in ACTION_TYPES}
_STRUCTURE = frozenset({"next_step", "next_phase", "pass_turn", "pass_priority"})
"""The generic offers that move the turn on: Gate Ruler offers its own (9-3g, 6-4, 8-4c-2, 6-5)."""
_VALUES = {
    "life": "life",
    "summon_cap": "summon cap",
    "summons": "summons",
    "set_cap": "set cap",
    "sets": "times set",
}
"""How a button names each player value (:data:`.spec.VALUE_RANGES`)."""
_MOST = 999
"""The largest value an entered number may take (the actions' own bound)."""
_ZONE_WORDS = {"attack": "attack zone", "defense": "defense zone"}
"""How a pick names the kinds of zone a unit goes into (3-8, 3-9)."""


def seat_offers(state: MatchState, seat: int, generic: Sequence[Offer]) -> list[Offer]:
    """What ``seat`` may do now (see the module doc)."""
    if state.undo_request is not None:
        return list(generic)  # only the answer to the undo request
    board = state.board
    anytime = [offer for offer in generic if _CLASSES[offer.type].anytime]
    if not started(board):
        return [*_ruler_entry(state, seat), *anytime]
    waiting = board.data("counter")
    if waiting is not None:
        return [*(_counter(state, seat) if waiting == seat else []), *anytime]
    choosing = board.data("level_wait")
    if choosing is not None:
        return [*(_level_cap(state, seat) if choosing == seat else []), *anytime]
    if seat != board.priority:
        # 9-3e: only the player holding priority changes the board; the turn player may still read (look).
        return [o for o in generic if not _CLASSES[o.type].undoable] if seat == board.active else anytime
    extras = _extras(state, seat)
    text = card_text.offers(
        state, seat, [offer for offer in extras if offer.type in card_text.TOOLS], _where(state, seat)
    )
    extras = [offer for offer in extras if offer.type not in card_text.TOOLS]
    return [*_decisions(state, seat), *text, *_actions(state, seat), *extras, *_manual(state, seat, generic)]


# Positions -----------------------------------------------------------------------------------------


def _at(state: MatchState, zone: str, seat: int | None, card_id: int) -> CardAt:
    return CardAt(zone=zone, player=seat, index=zone_ids(state, state.board, zone, seat).index(card_id))


def _own(state: MatchState, seat: int, zones: Iterable[str]) -> list[tuple[CardAt, int]]:
    """Every card of ``seat``'s ``zones`` with its position."""
    return [
        (CardAt(zone=zone, player=seat, index=index), card_id)
        for zone in zones
        for index, card_id in enumerate(zone_ids(state, state.board, zone, seat))
    ]


def _kind(state: MatchState, card_id: int) -> str | None:
    kind = stat(state, state.board, card_id, "type")
    return None if kind is None else str(kind)


def _level(state: MatchState, card_id: int) -> int | None:
    level = stat(state, state.board, card_id, "level")
    return level if isinstance(level, int) and not isinstance(level, bool) else None


# The step's decision ("now") ----------------------------------------------------------------------


_RULER_LABELS = {
    "life": "life",
    "attack_zones": "attack zones",
    "defense_zones": "defense zones",
    "set_zones": "set zones",
    "hand": "cards in hand at Setup",
    "resources": "resources at Setup",
    "summon_cap": "summon cap (-1: no cap)",
    "draw": "cards drawn at Start of Turn",
    "ready": "resources readied (-1: all)",
    "gain": "resources gained at Start of Turn",
    "set_cap": "set cap (-1 or empty: no cap)",
    "drive": "cards driven at Start of Turn (empty: 0)",
    "level_cap": "in-play level cap (-1 or empty: none)",
}
"""How the entry names each ruler number, as a ruler's card prints them (Appendix A): its life (2-6), zone
counts (3-8a-1, 3-9a-1, 3-10a-1), Setup (5-3b), caps (4-3a-1a, 4-3b-1a, 12-6a; -1 is none, 4-3a-1b) and
Start of Turn (6-2f; -1 readies all). Each fits a form's field label (45 characters)."""


def _ruler_entry(state: MatchState, seat: int) -> list[Offer]:
    """5-3b: the ruler's numbers its card data does not give; the others must not be entered. The
    required ones come first, then those that may stay empty (:data:`.spec.RULER_OPTIONAL`)."""
    board = state.board
    if numbers(board, seat) is not None or ruler_card(state, board, seat) is None:
        return []
    given = ruler_numbers(state, board, seat)
    needs = tuple(
        NumberNeed(name, lowest(name), _MOST, optional=name in RULER_OPTIONAL, label=_RULER_LABELS[name])
        for name in RULER_NUMBERS
        if name not in given
    )
    return [Offer("gr_ruler", "Enter ruler numbers", "now", needs=needs, rule="5-3b")]


def _counter(state: MatchState, seat: int) -> list[Offer]:
    """13-6c, 13-6d: the card in one's counter zone is played through its Counter ability (mandatory,
    13-6d-1), goes to the graveyard without a valid target (13-6d-2), or, with no Counter ability, to the
    damage zone (13-6c); the last is offered only when the card data does not say."""
    board = state.board
    known = has_counter(state, board, zone_ids(state, board, "counter", seat)[0])
    out = [
        Offer("gr_counter", "Play its Counter", "now", fixed=(("cnt", True), ("play", True)), rule="13-6d-1"),
        Offer("gr_counter", "No valid target", "now", fixed=(("cnt", True), ("play", False)), rule="13-6d-2"),
    ]
    if known is None:
        out.append(Offer("gr_counter", "No Counter ability", "now", fixed=(("cnt", False),), rule="13-6c"))
    return out


def _level_cap(state: MatchState, seat: int) -> list[Offer]:
    """12-6b, 12-6c: the allied unit that goes to the graveyard for the in-play level cap."""
    choices = set(level_cap_choices(state, state.board, seat) or ())
    options = tuple(at for at, card_id in _own(state, seat, UNIT_ZONES) if card_id in choices)
    if not options:
        return []
    need = CardsNeed("card", options, label="unit to put into the graveyard")
    return [Offer("gr_level_cap", "Over the level cap", "now", needs=(need,), rule="12-6b")]


def _decisions(state: MatchState, seat: int) -> list[Offer]:
    """The step's decision for the player holding priority: their drive resolution process's cards
    (10-4), the frontmost unit (8-4e-1) and the attacker's STK or ATK the damage step needs (8-6d), passing
    priority (9-3g; the turn moves on when both players pass in a row with the gate empty, 9-3g-1, 9-4b),
    stopping attacks instead of declaring one (8-4c-2)."""
    board = state.board
    items = gate(board)
    fight = battle(board)
    out: list[Offer] = []
    if items and items[0]["kind"] == "drive" and items[0]["controller"] == seat:
        out += _drive_uses(state, seat, items[0]["cards"])
    if fight is not None:
        if frontmost_problem(state, board) is None:
            out += _frontmost(state, fight)
        elif not_ready(state, board, fight) is not None:
            out += _combat_damage(state, seat, "now")
    if pass_problem(state) is None:
        label, rule = _pass_label(state, seat)
        out.append(Offer("pass_priority", label, "now", rule=rule))
    if stop_problem(board, seat) is None:
        out.append(Offer("gr_end_attacks", "Stop attacking", "now", rule="8-4c-2"))
    return out


def _pass_label(state: MatchState, seat: int) -> tuple[str, str]:
    """What passing priority does, as its button says (9-3g): with the gate empty and no attack under way,
    the active player's pass ends the gate process of the phase or step once the opponent passes too
    (9-3g-1, 9-4b), so it says where the turn goes then: the attack phase (6-3b), the declaration
    (8-4b), the end phase (8-4c-2b), the end of the turn (6-5b). Otherwise it is a pass."""
    board = state.board
    if seat != board.active or gate(board) or battle(board) is not None:
        return "Pass", "9-3g"
    if board.phase == MAIN:
        return "Attack phase", "6-3b, 9-3g"
    if board.phase == ATTACK and board.step == ATTACK_START:
        return "Declare attacks", "8-3b, 8-4b, 9-3g"
    if board.phase == ATTACK and board.step == ATTACKS_OVER:
        return "End phase", "8-4c-2b, 9-3g"
    if board.phase == END:
        return "End turn", "6-5b, 9-3g"
    return "Pass", "9-3g"


def _frontmost(state: MatchState, fight: dict[str, object]) -> list[Offer]:
    """8-4e-1: which of the units that may be frontmost in the attacked column is; for an attack-zone
    column, none of those that came into the attack zones."""
    board = state.board
    other = 1 - board.active
    zone = "defense" if fight["column"] == "center" else "attack"
    unclear = attacked(state, board, fight).unclear
    options = tuple(_at(state, zone, other, card_id) for card_id in unclear)
    need = CardsNeed("card", options, label="frontmost unit")
    out = [Offer("gr_frontmost", "Frontmost unit", "now", needs=(need,), rule="8-4e-1")]
    if zone == "attack":
        out.append(Offer("gr_frontmost", "None in that column", "now", rule="8-4e-1"))
    return out


def _combat_damage(state: MatchState, seat: int, group: Group) -> list[Offer]:
    """15-2a, 8-6d: the attacker's STK or ATK entered (its card data lacks it, or an effect changed it);
    a change to the opponent's attacker names its cause."""
    board = state.board
    if change_problem(state, board, seat, because=True) is not None:
        return []
    fight = battle(board)
    assert fight is not None  # change_problem checked it
    mine = board.cards[fight["attacker"]].controller == seat
    needs: tuple[Need, ...] = (NumberNeed("amount", 0, _MOST, label="STK or ATK"),)
    if not mine:
        needs += (TextNeed("because", 120, label="card or effect"),)
    label = "Enter attack damage" if group == "now" else "Change attack damage"
    free = frozenset({"because"}) if mine else frozenset()
    return [Offer("gr_combat_damage", label, group, needs=needs, free=free, rule="8-6d")]


# The game's actions ("main") ----------------------------------------------------------------------


def _actions(state: MatchState, seat: int) -> list[Offer]:
    """Summon, play, set, rearrange in one's main phase (7-1a); otherwise an instant play (9-3e-2,
    9-3e-4); attacks in the declaration step (8-4c)."""
    board = state.board
    items = gate(board)
    driving = bool(items) and items[0]["kind"] == "drive"
    declaring = board.phase == ATTACK and board.step == DECLARE and not items  # no priority (8-4c)
    out: list[Offer] = []
    if standard_problem(state, seat) is None:
        hand_drive = _own(state, seat, ("hand", "drive"))
        if summons_left(board, seat):
            units = [(at, c) for at, c in hand_drive if _kind(state, c) in SUMMONED]
            out += _summons(state, seat, units, "gr_summon", (), "Summon", "7-3a")
        out += _event_plays(state, seat, main=True)
        out += _sets(state, seat)
        out += _rearranges(state, seat)
    elif not driving and not declaring:
        out += _event_plays(state, seat, main=False)
    if declaration_problem(board, seat) is None:
        out += _attacks(state, seat)
    return out


def _event_plays(state: MatchState, seat: int, *, main: bool) -> list[Offer]:
    """Events and fields to play, by their timing (:func:`.playing.timing_problem`): in one's main phase
    with the gate empty (``main``) the standard action cards (fields and Standard Action events, from the
    hand, the drive zone or a set zone, 7-4, 7-6, 7-8); at any time with priority the Instant Action events
    (14-5d) and those whose timing is a condition (14-5a, 14-5b), from a set zone (9-3e-2) or from the hand
    when their text says so (14-20a). An event whose card data gives no timing (or a card without a type)
    is offered as it may be, its label saying the card data does not give its timing."""
    board = state.board
    fixed: tuple[tuple[str, object], ...] = () if main else (("instant", True),)
    standard: list[tuple[CardAt, int]] = []
    instants: list[tuple[CardAt, int]] = []
    conditions: list[tuple[CardAt, int]] = []
    unknown: list[tuple[CardAt, int]] = []
    for at, card_id in _own(state, seat, ("hand", "drive", "set")):
        kind = _kind(state, card_id)
        when = timing(state, board, card_id) if kind == "event" else None
        if kind == "field" or when == "standard":
            if main:
                standard.append((at, card_id))
        elif when is not None:
            if timing_problem(state, board, card_id, at.zone, not main) is None:
                (instants if when == "instant" else conditions).append((at, card_id))
        elif kind in (None, "event"):
            unknown.append((at, card_id))
    out = _plays(state, seat, standard, "gr_play", fixed, "Play", PLAYED, "7-4, 7-6")
    out += _plays(state, seat, instants, "gr_play", fixed, "Play an instant", ("event",), "14-5d")
    out += _plays(
        state, seat, conditions, "gr_play", fixed, "Play a set card (its timing met)", ("event",), "14-5b"
    )
    label = "Play (timing not in card data)" if main else "Play an instant (timing not in card data)"
    kinds = PLAYED if main else ("event",)
    out += _plays(state, seat, unknown, "gr_play", fixed, label, kinds, "7-6" if main else "9-3e-4")
    return out


Priced = tuple[tuple[CardAt, ...], tuple[Need, ...], frozenset[str], tuple[str, ...]]
"""Cards offered together, the needs and free fields paying for them takes, and what their card data
lacks (for the label)."""


def _priced(state: MatchState, seat: int, cards: Sequence[tuple[CardAt, int]]) -> list[Priced]:
    """The cards split by what paying for them needs (14-4b-6a, 15-15a): those whose card data gives a
    level they can pay now (the level paid is free: card text may change it, 15-16a-2), and those whose
    data gives none (the level paid is entered, up to the ready resources)."""
    board = state.board
    ready = len(ready_resources(state, board, seat))
    known = tuple(
        at
        for at, c in cards
        if (level := _level(state, c)) is not None and affordable(state, board, seat, level)
    )
    unknown = tuple(at for at, c in cards if _level(state, c) is None)
    out: list[Priced] = []
    if known:
        out.append((known, (), frozenset({"level", "because"}), ()))
    if unknown:
        paid = NumberNeed("level", 0, ready, label="level paid")
        out.append((unknown, (paid,), frozenset({"because"}), ("level",)))
    return out


def _label(label: str, missing: Sequence[str]) -> str:
    """A button's label saying which facts the card data lacks ("Play (timing, level not in card data)"),
    so that two offers of the same action are told apart by what they ask."""
    if not missing:
        return label
    tail = " not in card data)"
    if label.endswith(tail):
        return label[: -len(tail)] + ", " + ", ".join(missing) + tail
    return f"{label} ({', '.join(missing)}{tail}"


def _summons(
    state: MatchState,
    seat: int,
    cards: Sequence[tuple[CardAt, int]],
    kind: str,
    fixed: tuple[tuple[str, object], ...],
    label: str,
    rule: str,
) -> list[Offer]:
    """A normal summon (15-17) of ``cards`` into a zone of a kind with room, or into the zone of a unit
    there, which then goes to the graveyard (14-4b-3a, 12-4a); the caller checked the summon cap."""
    board = state.board
    zones = tuple(zone for zone in UNIT_ZONES if free_unit_zones(state, board, seat, zone) > 0)
    out: list[Offer] = []
    for options, paying, free, missing in _priced(state, seat, cards):
        card = CardsNeed("card", options, label="unit")
        if zones:
            where = PickNeed("zone", zones, "zone", labels=tuple(_ZONE_WORDS[zone] for zone in zones))
            needs = (card, where, *paying)
            out.append(
                Offer(kind, _label(label, missing), "main", fixed=fixed, needs=needs, free=free, rule=rule)
            )
        for zone in UNIT_ZONES:
            there = tuple(at for at, _ in _own(state, seat, (zone,)))
            if there and capacity(board, seat, zone):
                over = CardsNeed("over", there, label="unit it replaces")
                out.append(
                    Offer(
                        kind,
                        _label(f"{label} over a unit in your {zone} zones", missing),
                        "main",
                        fixed=(*fixed, ("zone", zone)),
                        needs=(card, over, *paying),
                        free=free,
                        rule="14-4b-3a",
                    )
                )
    return out


def _plays(
    state: MatchState,
    seat: int,
    cards: Sequence[tuple[CardAt, int]],
    kind: str,
    fixed: tuple[tuple[str, object], ...],
    label: str,
    kinds: tuple[str, ...],
    rule: str,
) -> list[Offer]:
    """Playing ``cards`` of the types ``kinds`` into the gate (14-4b); a card whose data gives no type
    is said to be one of them (``kind``), except in a drive resolution process, which takes its type
    from the card data."""
    typed = [(at, c) for at, c in cards if _kind(state, c) in kinds]
    untyped = [(at, c) for at, c in cards if _kind(state, c) is None]
    out: list[Offer] = []
    for options, paying, free, missing in _priced(state, seat, typed):
        needs = (CardsNeed("card", options), *paying)
        named = _label(label, missing)
        out.append(Offer(kind, named, "main", fixed=fixed, needs=needs, free=free, rule=rule))
    if kind == "gr_play":
        for options, paying, free, missing in _priced(state, seat, untyped):
            what = PickNeed("kind", kinds, "card type", labels=tuple(f"{k} card" for k in kinds))
            needs = (CardsNeed("card", options), what, *paying)
            named = _label(label, ("type", *missing))
            out.append(Offer(kind, named, "main", fixed=fixed, needs=needs, free=free, rule=rule))
    return out


def _sets(state: MatchState, seat: int) -> list[Offer]:
    """7-5a: a settable card from the hand or face down from the drive zone into a free set zone, within
    the set cap (7-5d); a card an effect makes settable (7-5a-2)."""
    board = state.board
    if not sets_left(board, seat) or not set_zone_free(state, board, seat):
        return []
    cards = [
        (at, c)
        for at, c in _own(state, seat, ("hand", "drive"))
        if at.zone == "hand" or not board.cards[c].face_up
    ]
    settable = tuple(at for at, c in cards if _kind(state, c) in SETTABLE)
    others = tuple(at for at, c in cards if _kind(state, c) not in SETTABLE)
    out: list[Offer] = []
    if settable:
        out.append(Offer("gr_set", "Set", "main", needs=(CardsNeed("card", settable),), rule="7-5a"))
    if others:
        need = CardsNeed("card", others)
        out.append(
            Offer(
                "gr_set",
                "Set (an effect allows)",
                "more",
                fixed=(("by_effect", True),),
                needs=(need,),
                rule="7-5a-2",
            )
        )
    return out


def _rearranges(state: MatchState, seat: int) -> list[Offer]:
    """7-10b: move a unit into the other kind of zone when one has room (7-10b-1), or exchange an
    attack-zone unit with a defense-zone unit (7-10b-2)."""
    board = state.board
    out: list[Offer] = []
    for here, there, label in (
        ("attack", "defense", "To a defense zone"),
        ("defense", "attack", "To an attack zone"),
    ):
        units = tuple(at for at, _ in _own(state, seat, (here,)))
        if units and free_unit_zones(state, board, seat, there) > 0:
            out.append(
                Offer(
                    "gr_rearrange",
                    label,
                    "main",
                    needs=(CardsNeed("card", units, label="unit"),),
                    rule="7-10b-1",
                )
            )
    front = tuple(at for at, _ in _own(state, seat, ("attack",)))
    back = tuple(at for at, _ in _own(state, seat, ("defense",)))
    if front and back:
        needs = (
            CardsNeed("card", front, label="attack-zone unit"),
            CardsNeed("other", back, label="defense-zone unit"),
        )
        out.append(Offer("gr_rearrange", "Swap units", "main", needs=needs, rule="7-10b-2"))
    return out


def _attacks(state: MatchState, seat: int) -> list[Offer]:
    """8-4c: a ready ruler or attack-zone unit attacks the column of the opponent's ruler (none in front
    of it, 8-4c-1) or of a unit, or an attack-zone column with no unit (3-6e-2); directly, the ruler past
    the defense zone (15-34a). An attacker whose card data lacks the STK or ATK it deals has it entered."""
    board = state.board
    other = 1 - seat
    ready = [
        (_at(state, "ruler" if c == ruler_card(state, board, seat) else "attack", seat, c), c)
        for c in attackers(state, board, seat)
    ]
    if not ready:
        return []
    ruler = ruler_card(state, board, other)
    units = [at for at, _ in _own(state, other, ("defense", "attack"))]
    targets = list(units)
    powers = {"atk"} if units else set()
    if ruler is not None and not ruler_covered(state, board, other):
        targets.append(_at(state, "ruler", other, ruler))
        powers.add("stk")
    out: list[Offer] = []
    free = frozenset({"damage", "because"})
    if targets:
        for options, needs, missing in _by_power(state, ready, powers):
            out.append(
                Offer(
                    "gr_attack",
                    _label("Attack", missing),
                    "main",
                    needs=(
                        CardsNeed("attacker", options, label="attacker"),
                        CardsNeed("target", tuple(targets), label="target"),
                        *needs,
                    ),
                    free=free,
                    rule="8-4c",
                )
            )
    if free_columns(state, board, other) > 0:
        need = CardsNeed("attacker", tuple(at for at, _ in ready), label="attacker")
        out.append(
            Offer("gr_attack", "Attack an empty zone", "main", needs=(need,), free=free, rule="3-6e-2")
        )
    if ruler is not None:
        direct = (("target", _at(state, "ruler", other, ruler)), ("direct", True))
        for options, needs, missing in _by_power(state, ready, {"stk"}):
            need = CardsNeed("attacker", options, label="attacker")
            out.append(
                Offer(
                    "gr_attack",
                    _label("Attack the ruler directly", missing),
                    "more",
                    fixed=direct,
                    needs=(need, *needs),
                    free=free,
                    rule="15-34a",
                )
            )
    return out


def _by_power(
    state: MatchState, ready: Sequence[tuple[CardAt, int]], powers: set[str]
) -> list[tuple[tuple[CardAt, ...], tuple[Need, ...], tuple[str, ...]]]:
    """Attackers split by whether their card data gives every power (STK against a ruler, ATK against a
    unit, 8-6d) the targets need; the others have their damage entered (8-6d, 15-2a)."""

    def complete(card_id: int) -> bool:
        return all(isinstance(stat(state, state.board, card_id, name), int) for name in powers)

    known = tuple(at for at, c in ready if complete(c))
    unknown = tuple(at for at, c in ready if not complete(c))
    out: list[tuple[tuple[CardAt, ...], tuple[Need, ...], tuple[str, ...]]] = []
    if known:
        out.append((known, (), ()))
    if unknown:
        out.append((unknown, (NumberNeed("damage", 0, _MOST, label="STK or ATK"),), ("STK or ATK",)))
    return out


def _drive_uses(state: MatchState, seat: int, driven: Sequence[int]) -> list[Offer]:
    """10-4c, 10-4d: one card of one's drive resolution process is normal summoned (counted for the summon
    cap and paid, 10-4d-2), played, set, or left unused (to the graveyard, 10-4e)."""
    board = state.board
    left = set(driven)
    cards = [(at, c) for at, c in _own(state, seat, ("drive",)) if c in left]
    if not cards:
        return []
    out: list[Offer] = []
    if summons_left(board, seat):
        units = [(at, c) for at, c in cards if _kind(state, c) in SUMMONED]
        out += [
            replace(o, group="now")
            for o in _summons(state, seat, units, "gr_drive_use", (("use", "summon"),), "Summon", "10-4d-2")
        ]
    standard = [(at, c) for at, c in cards if timing(state, board, c) in (None, "standard")]  # 2-17b
    out += [
        replace(o, group="now")
        for o in _plays(state, seat, standard, "gr_drive_use", (("use", "play"),), "Play", PLAYED, "10-4d")
    ]
    settable = tuple(at for at, c in cards if _kind(state, c) in SETTABLE)
    if settable and set_zone_free(state, board, seat):
        out.append(
            Offer(
                "gr_drive_use",
                "Set",
                "now",
                fixed=(("use", "set"),),
                needs=(CardsNeed("card", settable),),
                rule="10-4d",
            )
        )
    every = CardsNeed("card", tuple(at for at, _ in cards))
    out.append(
        Offer(
            "gr_drive_use", "Leave unused", "now", fixed=(("use", "discard"),), needs=(every,), rule="10-4e"
        )
    )
    return out


# Card text's tools ("more") -----------------------------------------------------------------------


def _extras(state: MatchState, seat: int) -> list[Offer]:
    """What players carry card text out with: a drive (15-19: an effect's term, carried out when an
    instruction says so, 10-2a, 10-3a; not a gate action, 9-3e, nor a main-phase action, 7-2 to 7-11),
    damage (15-20), damage reversal (15-30c), charges (15-14a), a change to the attacker's STK or ATK
    during an attack (15-2a)."""
    board = state.board
    out: list[Offer] = []
    items = gate(board)
    deck = zone_ids(state, board, "deck", seat)
    if deck and not (items and items[0]["kind"] == "drive"):
        count = NumberNeed("count", 1, min(20, len(deck)), label="cards driven")
        out.append(
            Offer("gr_drive", "Drive", "more", needs=(count,), free=frozenset({"hidden"}), rule="15-19c")
        )
    fight = battle(board)
    if fight is not None and not_ready(state, board, fight) is None:
        out += _combat_damage(state, seat, "more")
    rulers = [
        _at(state, "ruler", player, c)
        for player in (0, 1)
        if (c := ruler_card(state, board, player)) is not None
    ]
    units = [at for player in (0, 1) for at, _ in _own(state, player, UNIT_ZONES)]
    if rulers or units:
        needs = (
            CardsNeed("target", (*rulers, *units), label="ruler or unit"),
            NumberNeed("amount", 1, _MOST, label="damage"),
        )
        out.append(Offer("gr_damage", "Deal damage", "more", needs=needs, rule="15-20"))
    face_up = tuple(at for at, c in _own(state, seat, ("damage",)) if board.cards[c].face_up)
    if face_up:
        need = CardsNeed("cards", face_up, 1, min(len(face_up), 50), single=False, label="damage-zone cards")
        out.append(Offer("gr_reversal", "Damage reversal", "more", needs=(need,), rule="15-30c"))
    cards = touchable(state, seat)
    charges = tuple(at for at in cards if at.zone != "ruler")
    hosts = tuple(at for at in cards if at.zone in CHARGE_HOSTS)
    if charges and hosts and len(set(charges) | set(hosts)) > 1:
        linking = (
            CardsNeed("card", charges, label="card to add"),
            CardsNeed("host", hosts, label="card it goes under"),
        )
        out.append(
            Offer(
                "gr_add_charge",
                "Add as a charge",
                "more",
                needs=linking,
                free=frozenset({"face_down"}),
                rule="15-14a",
                distinct=True,
            )
        )
    return out


_ZONES = frozenset(zone.name for zone in SPEC.zones)
_HOLDS = {"ruler": ("ruler", "geas"), "attack": ("unit",), "defense": ("unit",), "field": ("field",)}
"""The zones that hold one kind of card: the ruler zone a ruler or a geas (3-7c), the attack and defense
zones units (3-8d, 3-9d), the field zone field cards (3-11c)."""
_KIND_WORDS = {"unit": "units", "event": "events", "field": "field cards", "resource": "resources"}


def _destinations(kind: str) -> Destinations:
    allowed = frozenset(zone for zone in _ZONES if kind in _HOLDS.get(zone, (kind,)))
    if kind != "event":
        allowed -= {"set"}  # 3-10c: only settable cards (events, 3-10c-1) are set, or by an effect (7-5a-2)
    return _KIND_WORDS.get(kind, f"{kind} cards"), allowed


_UNKNOWN: Destinations = ("", _ZONES - {"ruler"})
_BY_ZONE = {"attack": "unit", "defense": "unit", "set": "event", "field": "field"}
"""The kind of a card its seat does not know, by the zone that holds only that kind."""


def _where(state: MatchState, seat: int) -> Callable[[CardAt, int], Destinations]:
    """Where a card may go (:func:`engine.match.offers.split_moves`): by its card data's type when
    ``seat`` knows the card, else by the zone it is in; a card without a type may go anywhere but the
    ruler zone."""

    def where(at: CardAt, card_id: int) -> Destinations:
        kind = _kind(state, card_id) if state.knows(seat, card_id) else _BY_ZONE.get(at.zone)
        if kind is None:
            return _UNKNOWN
        return _destinations(kind)

    return where


def _manual(state: MatchState, seat: int, generic: Sequence[Offer]) -> list[Offer]:
    """The generic actions but those moving the turn on (offered above): a ruler never leaves its ruler
    zone, and nothing but a ruler or a geas goes into one (3-7c, 3-7e); each player value players may set
    is set within its range, citing the rule that defines it (:data:`.spec.VALUE_RANGES`,
    :data:`.spec.VALUE_RULES`); the damage is the damage zone's count and is not set (3-13a)."""
    out: list[Offer] = []
    for offer in generic:
        if offer.type in _STRUCTURE:
            continue
        if offer.type in ("set_value", "adjust_value"):
            continue
        if offer.type == "move":
            kept = _no_ruler_moves(offer)
            if kept is not None:
                out.extend(split_moves(state, seat, kept, _where(state, seat)))
            continue
        out.append(_in_words(state, offer))
    for name, (low, high) in VALUE_RANGES.items():
        label = _VALUES[name] + (" (-1: no cap)" if name in NO_CAP else "")
        needs = (
            PickNeed("player", (0, 1), "player", players=True),
            NumberNeed("value", low, high, label=label),
        )
        out.append(
            Offer(
                "set_value",
                f"Set {_VALUES[name]}",
                "more",
                fixed=(("name", name),),
                needs=needs,
                rule=VALUE_RULES[name],
            )
        )
    return out


def _in_words(state: MatchState, offer: Offer) -> Offer:
    """A generic offer in Gate Ruler's words: cards are readied and exhausted (15-7), never tapped; a
    stack put under a card is named by where its top card is, so that two such offers differ."""
    if offer.type == "orient":
        names = tuple(orientation.name for orientation in state.match.spec.orientations)
        needs = tuple(
            replace(need, options=names) if isinstance(need, PickNeed) else need for need in offer.needs
        )
        return replace(offer, needs=needs)
    fixed = dict(offer.fixed)
    if offer.type == "attach" and isinstance(fixed.get("card"), CardAt):
        return replace(offer, label=f"Put the stack of {_place(state, fixed['card'])} under a card")
    return offer


def _place(state: MatchState, at: CardAt) -> str:
    """A position as the board names it: "Bob's attack zones #2", "the gate #1"."""
    label = state.match.zone_specs[at.zone].label
    whose = "the " if at.player is None else f"{state.match.players[at.player]}'s "
    return f"{whose}{label} #{at.index + 1}"


def _no_ruler_moves(offer: Offer) -> Offer | None:
    needs: list[Need] = []
    for need in offer.needs:
        if isinstance(need, CardsNeed):
            options = tuple(at for at in need.options if not (at.zone == "ruler" and at.index == 0))
            if not options:
                return None
            need = replace(need, options=options, high=min(need.high, len(options)))
        elif isinstance(need, PickNeed):
            need = replace(need, options=tuple(ref for ref in need.options if ref.zone != "ruler"))
        needs.append(need)
    return replace(offer, needs=tuple(needs))
