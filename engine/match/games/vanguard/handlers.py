"""Handlers of Vanguard's own actions (:mod:`engine.match.games.vanguard.actions`). Each checks the
rules it names and refuses with one sentence, changing nothing; the automatic consequences run in
``settle`` afterwards (:meth:`engine.match.games.vanguard.steps.Work.run`)."""

from __future__ import annotations

from engine.match.actions import BaseAction, CardAt
from engine.match.apply import Handler, HandlerResult, refuse
from engine.match.games.vanguard.actions import (
    VgAttack,
    VgCall,
    VgChoose,
    VgDeclareTrigger,
    VgGAssist,
    VgGAssistTake,
    VgGuard,
    VgIntercept,
    VgLegion,
    VgModify,
    VgPass,
    VgRedraw,
    VgRide,
    VgStride,
    VgSwap,
)
from engine.match.games.vanguard.spec import BACK_OF, COLUMNS, FIELD, PHASE, VC
from engine.match.games.vanguard.stats import REST, STAND, drive_of, need
from engine.match.games.vanguard.steps import Work
from engine.match.state import MatchState


def _step(state: MatchState) -> str:
    return state.match.phase_steps[state.board.phase][state.board.step]


def _in_step(state: MatchState, actor: int, steps: tuple[str, ...], sentence: str) -> None:
    if actor != state.board.active or _step(state) not in steps:
        refuse(sentence)


def _own(work: Work, at: CardAt, actor: int, zone: str, sentence: str) -> int:
    if at.zone != zone or at.player not in (None, actor):
        refuse(sentence)
    ids = work.ids(zone, actor)
    if at.index >= len(ids):
        refuse(f"There is no card at index {at.index} of your {work.match.zone_specs[zone].label}.")
    return ids[at.index]


def _indexes(work: Work, actor: int, indexes: tuple[int, ...]) -> list[int]:
    hand = work.ids("hand", actor)
    if len(set(indexes)) != len(indexes):
        refuse("The same card is chosen twice.")
    for index in indexes:
        if index >= len(hand):
            refuse(f"There is no card at index {index} of your hand (it holds {len(hand)}).")
    return [hand[i] for i in indexes]


def _printed(work: Work, card: int, name: str) -> int | None:
    """A printed number of a card with card data (2.5-2.7: critical 1 and shield 0 when the data lacks
    them, 3.11.2), None for a card without card data."""
    if not work.ref(card).stats:
        return None
    return work.base(card, name)


def _source_for_opponent(source: str | None, what: str) -> None:
    if source is None:
        refuse(
            f"Changing {what}, a unit of your opponent, takes the card or effect that does it "
            "(its text, 2.11.1): give it as the source."
        )


def _redraw(state: MatchState, action: VgRedraw) -> HandlerResult:
    """5.4.3.4: from the first player, return any number of cards to the bottom, draw as many, shuffle."""
    work = Work(state, action.version)
    actor = action.actor
    if work.data("started") or state.board.phase != PHASE["setup"]:
        refuse("The redraw is only at the start of the game (5.4.3.4).")
    redrawn = set(work.data("redrawn", ()))
    if actor in redrawn:
        refuse("You have already redrawn (5.4.3.4).")
    if not work.ids(VC, actor):
        refuse("Put your first vanguard, a grade 0 card, face down on your vanguard circle first (5.4.3).")
    if len(work.data("dealt", ())) < 2:
        other = state.match.players[1 - actor]
        refuse(f"{other} must first put their first vanguard on their vanguard circle (5.4.3).")
    first = state.board.active
    waiting = first if first not in redrawn else 1 - first
    if actor != waiting:
        refuse(f"{state.match.players[waiting]} redraws first (5.4.3.4: from the player going first).")
    cards = _indexes(work, actor, action.cards)
    if cards:
        work.move(actor, cards, "deck", actor, kind="vg_redraw", position="bottom")
        work.move(actor, list(work.ids("deck", actor)[: len(cards)]), "hand", actor, kind="draw")
        work.shuffle_deck(actor, b"/vanguard/redraw")
    else:
        work.emit("vg_keep", actor)
    work.set(redrawn=sorted(redrawn | {actor}))
    return work.handled()


def _ride(state: MatchState, action: VgRide) -> HandlerResult:
    """6.5.1.1: once per turn (6.5.1.1.2), a card of the vanguard's grade or one above (8.5.2.1.1.1)
    onto the vanguard circle, standing (4.6.4.1); the old vanguard goes to the soul (8.5.3.1)."""
    actor = action.actor
    _in_step(state, actor, ("ride",), "You can ride only in the ride step of your turn (6.5.1.1).")
    work = Work(state, action.version)
    if work.data("ride_done"):
        refuse("You have already ridden this turn (6.5.1.1.2).")
    card = _own(work, action.card, actor, "hand", "You ride a card from your hand (6.5.1.1).")
    old = list(work.ids(VC, actor))
    if not old:
        refuse("You have no vanguard to ride over; ride a card from your soul (9.5.1).")
    grade, new = work.grade(old[0]), work.grade(card)
    if grade is not None and new is not None and new not in (grade, grade + 1):
        refuse(
            f"You can ride a grade {grade} or {grade + 1} card onto your grade {grade} vanguard "
            f"(8.5.2.1.1.1); that card is grade {new}."
        )
    work.move(actor, [card], VC, actor, kind="vg_ride", face="up", orientation=STAND)
    work.move(actor, old, "soul", actor, kind="vg_soul")
    work.set(ride_done=True)
    return work.handled()


def _stride(state: MatchState, action: VgStride) -> HandlerResult:
    """6.5.1.2, 10.28: once per turn, a face-down G unit onto the vanguard circle in the vanguard's
    orientation (8.5.1.4.1); the vanguard stays under it as its heart (10.27, 10.28.2.2)."""
    actor = action.actor
    _in_step(state, actor, ("stride",), "You can stride only in the stride step of your turn (6.5.1.2).")
    work = Work(state, action.version)
    if work.data("stride_done"):
        refuse("You have already stridden this turn (6.5.1.2.2).")
    card = _own(work, action.card, actor, "gzone", "You stride a card from your G zone (10.28).")
    if work.card(card).face_up:
        refuse("You stride a face-down card of your G zone (10.28.1).")
    vanguard = work.vanguard(actor)
    if vanguard is None:
        refuse("You have no vanguard to stride over (10.28).")
    if work.can_stride() is False:
        refuse(
            "You can stride only when both vanguards are grade 3 or more, or yours was grade 3 or "
            "more at the start of your turn (8.5.2.1.1.3)."
        )
    orientation = work.card(vanguard).orientation
    work.move(actor, [card], VC, actor, kind="vg_stride", face="up", orientation=orientation, position="top")
    work.set(stride_done=True)
    return work.handled()


def _call(state: MatchState, action: VgCall) -> HandlerResult:
    """6.6.1.2.1: a normal call from hand to a rear-guard circle, grade at most the vanguard's
    (8.5.2.1.1.2); a unit already there is retired by rule action (9.3.6)."""
    actor = action.actor
    _in_step(
        state, actor, ("main",), "You can call to a rear-guard circle only in your main phase (6.6.1.2.1)."
    )
    work = Work(state, action.version)
    card = _own(work, action.card, actor, "hand", "You call a card from your hand (6.6.1.2.1).")
    vanguard = work.vanguard(actor)
    if vanguard is None:
        refuse("Without a vanguard you cannot normal call (8.5.2.1.1.2.1).")
    grade, new = work.grade(vanguard), work.grade(card)
    if grade is not None and new is not None and new > grade:
        refuse(
            f"You can call only cards of grade {grade} or less while your vanguard is grade {grade} "
            f"(8.5.2.1.1.2); that card is grade {new}."
        )
    work.move(actor, [card], action.circle, actor, kind="vg_call", face="up", orientation=STAND)
    return work.handled()


def _swap(state: MatchState, action: VgSwap) -> HandlerResult:
    """6.6.1.2.3: exchange the cards of a column's two rear-guard circles (keeping their state)."""
    actor = action.actor
    _in_step(
        state, actor, ("main",), "You can move rear-guards in a column only in your main phase (6.6.1.2.3)."
    )
    work = Work(state, action.version)
    front, back = COLUMNS[action.column]
    a, b = work.slot(front, actor), work.slot(back, actor)
    zones = list(work.board.zones)
    zones[a], zones[b] = zones[b], zones[a]
    moved = (*zones[a], *zones[b])
    work.board = work.board.evolve(zones=tuple(zones))
    work.emit("vg_swap", actor, moved, column=action.column)
    return work.handled()


def _attack(state: MatchState, action: VgAttack) -> HandlerResult:
    """7.3.1.2, 7.4.1.3-7.4.1.10: choose a standing front-row attacker and rest it (a vanguard in a
    legion state attacks with both its cards, both rested and both named in the log, 10.25.5), choose
    an opposing
    front-row unit, optionally rest a booster behind the attacker; the attack step then holds for
    "when ... attacks/boosts" abilities (7.4.1.12) when asked or when card data shows one."""
    actor = action.actor
    if state.board.turn == 1 and actor == state.board.active:
        # Checked first: on the first turn the start step passes by itself (7.3.1.3), so the step
        # check below would otherwise answer with a vaguer sentence.
        refuse("No attack is possible on the first turn of the game (7.3.1.3).")
    _in_step(state, actor, ("start",), "You can attack only in the start step of your battle phase (7.3).")
    work = Work(state, action.version)
    attacker = work.unit(action.attacker, actor)
    if attacker is None:
        refuse("You have no unit on that circle to attack with (7.4.1.3).")
    if work.card(attacker).orientation != STAND:
        refuse("Only a standing unit can attack (7.4.1.3).")
    target = work.unit(action.target, 1 - actor)
    if target is None:
        refuse("Your opponent has no unit on that circle to attack (7.4.1.6).")
    booster = None
    if action.boost:
        booster = work.unit(BACK_OF[action.attacker], actor)
        if booster is None:
            refuse("There is no unit behind the attacker to boost it (7.4.1.10).")
        if work.card(booster).orientation != STAND:
            refuse("A rested unit cannot boost (7.4.1.10).")
        skill, grade = work.ref(booster).stat("skill"), work.grade(booster)
        if (isinstance(skill, str) and "boost" not in skill.lower()) or (
            not isinstance(skill, str) and grade is not None and grade > 1
        ):
            refuse("That unit has no Boost (7.4.1.10, 11.4).")
    if action.target_power is not None and _printed(work, target, "power") not in (None, action.target_power):
        _source_for_opponent(action.source, "the attacked unit's power")
    entered: list[list[object]] = []
    for card, name, value in (
        (attacker, "power", action.power),
        (attacker, "critical", action.critical),
        (target, "power", action.target_power),
        *(((booster, "power", action.boost_power),) if booster is not None else ()),
    ):
        printed = _printed(work, card, name)
        if printed is not None:
            if value is not None and value != printed:
                # An entered number that differs from the card data: card text, applied for this
                # battle and shown to both players next to the printed one.
                change = value - printed
                work.add_mod(
                    card, change if name == "power" else 0, change if name == "critical" else 0, "battle"
                )
                entered.append([0 if card == attacker else 1 if card == target else 2, name, value, printed])
        elif work.base(card, name) is None:
            whose = (
                "the attacked unit's"
                if card == target
                else "the booster's"
                if card == booster
                else "your unit's"
            )
            work.declare(card, **{name: need(value, f"{whose} {name}")})
    drive = 0
    if action.attacker == VC:
        printed_drive = drive_of(work.ref(attacker))
        drive = printed_drive or work.declared(attacker, "drive") or 0
        if printed_drive is not None and action.drive is not None and action.drive != printed_drive:
            drive = action.drive
            entered.append([0, "drive", action.drive, printed_drive])
        if not drive:
            drive = need(action.drive, "your vanguard's drive (1, or 2 with Twin Drive!!, 2.17, 11.2)")
            work.declare(attacker, drive=drive)
    pair = work.legion(actor) if action.attacker == VC else None
    mate = [pair[1]] if pair is not None and pair[0] == attacker else []
    work.orient([attacker, *mate, *([booster] if booster is not None else [])], REST)
    hold = action.hold or work.attack_abilities(actor)
    battle = {
        "attacker": attacker,
        "attacker_circle": action.attacker,
        "target": target,
        "target_circle": action.target,
        "booster": booster,
        "drive": drive,
        "drives": 0,
        "hit": None,
        "hold": hold,
    }
    work.set(battle=battle)
    cards = (attacker, target, *([booster] if booster is not None else []), *mate)
    work.emit(
        "vg_attack",
        actor,
        cards,
        power=work.power(attacker),
        target_power=work.power(target),
        boost=bool(booster),
        mate=len(cards) - 1 if mate else None,
        hold=hold,
        entered=entered,
        source=action.source if entered else None,
    )
    work.goto("attack")
    return work.handled()


def _defender(state: MatchState, actor: int, what: str, version: int) -> Work:
    if _step(state) != "guard" or actor != 1 - state.board.active:
        refuse(f"Only the attacked player can {what}, in the guard step (7.5.1.2).")
    return Work(state, version)


def _guard(state: MatchState, action: VgGuard) -> HandlerResult:
    """7.5.1.2.2: call guardians from hand to the guardian circle (no grade limit, 8.5.2.1.1.2); their
    shields raise the attacked unit's power until the end of the battle (3.11.2-3.11.3)."""
    actor = action.actor
    work = _defender(state, actor, "guard", action.version)
    cards = _indexes(work, actor, action.cards)
    if action.shields and len(action.shields) != len(cards):
        refuse("Give one shield per guardian, or none.")
    total = 0
    entered: list[list[object]] = []
    for i, card in enumerate(cards):
        value = action.shields[i] if action.shields else None
        printed = _printed(work, card, "shield")
        shield = work.base(card, "shield")
        if printed is not None and value is not None and value != printed:
            shield = value
            entered.append([i, "shield", value, printed])
        if shield is None:
            shield = need(value, "the shield of a guardian")
            work.declare(card, shield=shield)
        total += shield
    work.move(
        actor, cards, "gc", actor, kind="vg_guard", face="up", orientation=REST, shield=total, entered=entered
    )
    _shield(work, total)
    return work.handled()


def _shield(work: Work, total: int) -> None:
    battle = dict(work.data("battle"))
    work.add_mod(battle["target"], total, 0, "battle")
    work.events[-1].data["power"] = work.power(battle["target"])


def _intercept(state: MatchState, action: VgIntercept) -> HandlerResult:
    """7.5.1.2.4, 11.3: a front-row rear-guard with Intercept that is not attacked moves to the
    guardian circle, rested (it may be rested already)."""
    actor = action.actor
    work = _defender(state, actor, "intercept", action.version)
    battle = dict(work.data("battle"))
    unit = work.unit(action.circle, actor)
    if unit is None:
        refuse("You have no rear-guard on that circle (11.3.1).")
    if action.circle == battle["target_circle"]:
        refuse("The attacked unit cannot intercept (11.3.1).")
    if work.has_intercept(unit) is False:
        refuse("That unit has no Intercept (11.3).")
    shield = work.base(unit, "shield")
    printed = _printed(work, unit, "shield")
    entered: list[list[object]] = []
    if printed is not None and action.shield is not None and action.shield != printed:
        shield = action.shield
        entered.append([0, "shield", action.shield, printed])
    if shield is None:
        shield = need(action.shield, "the intercepting unit's shield")
        work.declare(unit, shield=shield)
    work.move(
        actor, [unit], "gc", actor, kind="vg_intercept", orientation=REST, shield=shield, entered=entered
    )
    _shield(work, shield)
    return work.handled()


def _pass(state: MatchState, action: VgPass) -> HandlerResult:
    """7.5.1.2.1: stop guarding; the drive step follows a vanguard's attack, the damage step a
    rear-guard's. In a held attack step, the attacker ends its check timing: on to the guard step
    (7.4.1.12-7.4.1.13)."""
    if _step(state) == "attack" and action.actor == state.board.active:
        work = Work(state, action.version)
        work.emit("vg_attack_step_done", action.actor)
        work.leave_attack_step()
        return work.handled()
    work = _defender(state, action.actor, "stop guarding", action.version)
    work.emit("vg_pass", action.actor)
    work.after_guard()
    return work.handled()


def _head(work: Work, actor: int, kinds: tuple[str, ...]) -> dict[str, object]:
    prompts = work.data("prompts", ())
    if not prompts:
        refuse("There is no choice to make now.")
    head = dict(prompts[0])
    if head["player"] != actor:
        refuse(f"{work.match.players[int(head['player'])]} must choose now, not you.")
    if head["kind"] not in kinds:
        refuse("That does not answer the choice waiting now; see the pending choice.")
    return head


def _choose(state: MatchState, action: VgChoose) -> HandlerResult:
    """Answer a trigger's choice (2.8.1.1.2-2.8.1.1.5), a ride from the soul (9.5.1) or the unit to
    keep on an overloaded vanguard circle (9.3.3-9.3.5)."""
    work = Work(state, action.version)
    head = _head(work, action.actor, ("critical", "power", "stand", "heal", "soul_ride", "vc_keep"))
    options = work.options(head)
    player = action.target.player if action.target.player is not None else action.actor
    for zone, index, card in options:
        if action.target.zone == zone and action.target.index == index and player == head["player"]:
            work.answer(head, card, zone)
            return work.handled()
    wanted = {
        "heal": "a card of your damage zone",
        "soul_ride": "a card of your soul",
        "vc_keep": "one of the units last placed on your vanguard circle",
    }.get(str(head["kind"]), "one of your units (on the vanguard, a rear-guard or the guardian circle)")
    refuse(f"Choose {wanted} (2.8.1.1).")


def _declare(state: MatchState, action: VgDeclareTrigger) -> HandlerResult:
    """2.8: the trigger icon of a checked card without card data, as the player reads it."""
    work = Work(state, action.version)
    _head(work, action.actor, ("declare",))
    work.set(prompts=[dict(p) for p in work.data("prompts", ())][1:])
    check = dict(work.data("check") or {})
    work.emit(
        "vg_declare",
        action.actor,
        (check["card"],) if check else (),
        trigger=action.trigger,
        power=action.power,
    )
    work.trigger(action.actor, action.trigger, action.power)
    return work.handled()


def _modify(state: MatchState, action: VgModify) -> HandlerResult:
    """A power or critical change from card text (2.5.4, 2.7) on a unit, until end of turn or battle.
    A change to an opponent's unit names the card or effect it comes from (``source``, 2.11.1); the
    log shows it, with the unit's printed power next to its power now."""
    work = Work(state, action.version)
    if action.card.zone not in FIELD:
        refuse("Only units on circles get power or critical (3.8).")
    player = action.actor if action.card.player is None else action.card.player
    if player not in (0, 1):
        refuse(f"There is no player {player} in this match.")
    ids = work.ids(action.card.zone, player)
    if action.card.index >= len(ids):
        refuse("There is no unit there.")
    if action.until == "battle" and work.data("battle") is None:
        refuse("There is no battle in progress; give it until end of turn.")
    card = ids[action.card.index]
    if not action.power and not action.critical:
        refuse("Give a power or critical change other than 0 (2.5.4.1).")
    if player != action.actor:
        _source_for_opponent(action.source, "the power or critical of " + work.ref(card).name)
    work.add_mod(card, action.power, action.critical, action.until)
    work.emit(
        "vg_modify",
        action.actor,
        (card,),
        power=action.power,
        critical=action.critical,
        until=action.until,
        total=work.power(card),
        printed=_printed(work, card, "power"),
        source=action.source,
    )
    return work.handled()


def _legion(state: MatchState, action: VgLegion) -> HandlerResult:
    """Legion (10.25.1): the named card beside the vanguard, in its orientation, and both in a legion
    state (10.25.2). Seek Mate (11.10.2, without ``source``): an ACT ability of the main phase
    (6.6.1.2.2), for a vanguard never in a legion state while the opponent's vanguard is grade 3 or
    greater; its cost, four cards of the drop zone on top of the deck; up to one card of that name
    searched from the deck; the deck shuffled. A vanguard already in a legion state does not legion
    again (10.25.1.2). A search of the deck may find nothing: a name the deck does not hold takes no
    card (the deck is hidden, so whether it holds the card is not a reason to refuse). Whether the
    vanguard's text has Seek Mate and names that card (11.10.1.1) is card text, the players' to read."""
    actor = action.actor
    _in_step(
        state,
        actor,
        ("main",),
        "You can play Seek Mate, an ACT ability, only in your main phase (6.6.1.2.2).",
    )
    work = Work(state, action.version)
    leader = work.vanguard(actor)
    if leader is None or leader in work.data("g_units", ()):
        refuse("Only a vanguard that is not a G unit can legion (10.25.1).")
    if work.legion(actor) is not None:
        refuse("Your vanguards are already in a legion state: they cannot legion again (10.25.1.2).")
    if action.source is None:
        if leader in work.data("legioned", ()):
            refuse(
                "Seek Mate is for a vanguard that has never been in a legion state, once a game (11.10.2)."
            )
        theirs = work.grade(work.vanguard(1 - actor))
        if theirs is not None and theirs < 3:
            refuse(
                "Seek Mate needs your opponent's vanguard to be grade 3 or greater (11.10.2); "
                f"it is grade {theirs}."
            )
        if len(action.drop) != 4:
            refuse("Seek Mate's cost puts four cards of your drop zone on top of your deck (11.10.2).")
        if action.zone != "deck":
            refuse("Seek Mate searches your deck for the card it names (11.10.2).")
    drop = work.ids("drop", actor)
    if len(set(action.drop)) != len(action.drop):
        refuse("The same card is chosen twice.")
    for index in action.drop:
        if index >= len(drop):
            refuse(f"There is no card at index {index} of your drop zone (it holds {len(drop)}).")
    work.move(
        actor, [drop[i] for i in action.drop], "deck", actor, kind="vg_seek_cost", position="top", face="down"
    )
    mate = None
    if action.mate is not None:
        wanted = action.mate.casefold()
        mate = next((c for c in work.ids(action.zone, actor) if work.ref(c).name.casefold() == wanted), None)
        if mate is None and action.zone != "deck":
            refuse(
                f"There is no card named {action.mate} in your {work.match.zone_specs[action.zone].label}."
            )
    if mate is not None:
        orientation = work.card(leader).orientation
        work.move(
            actor,
            [mate],
            VC,
            actor,
            kind="vg_legion",
            position=1,
            face="up",
            orientation=orientation,
            source=action.source,
        )
        work.set_legion(actor, (leader, mate))
        work.set(legioned=sorted({*work.data("legioned", ()), leader, mate}))
    else:
        work.emit("vg_seek_none", actor)
    if action.source is None:
        work.set(legioned=sorted({*work.data("legioned", ()), leader}))
    if action.zone == "deck":
        work.shuffle_deck(actor, b"/vanguard/seek-mate")
    return work.handled()


def _g_assist(state: MatchState, action: VgGAssist) -> HandlerResult:
    """G assist (6.4.1.2.1.2), asked for by the turn player: the G assist step passes on its own (it
    never waits, so that whether it could be used, which depends on the hidden hand, shows nowhere;
    :meth:`Work.g_assist_step`), and its player takes the game back to it as their first action of
    the ride step, before anything else. When its conditions hold (6.4.1.2.2: your vanguard below
    grade 3, no card one grade above it in your hand), reveal your hand (6.4.1.2.4: with card data
    the engine confirms the conditions for the opponent, who sees the hand in the log; without it
    they check it there) and look at the top five cards of your deck (6.4.1.2.5); a ``g_assist``
    choice then waits for :class:`VgGAssistTake`."""
    actor = action.actor
    _in_step(
        state,
        actor,
        ("ride",),
        "You can G assist only in your turn, as your first action of the ride step, right after the "
        "G assist step (6.4.1.2).",
    )
    work = Work(state, action.version)
    grade = work.grade(work.vanguard(actor))
    if grade is not None and grade >= 3:
        refuse(
            f"You can G assist only while your vanguard is below grade 3 (6.4.1.2.2.1); it is grade {grade}."
        )
    if not work.data("g_assist_open"):
        refuse(
            "You can G assist only as your first action of the ride step, before riding or anything "
            "else (the G assist step comes before the ride phase, 6.4.1.2)."
        )
    hand = list(work.ids("hand", actor))
    if grade is not None and any(work.grade(c) == grade + 1 for c in hand):
        refuse(f"You can G assist only without a grade {grade + 1} card in your hand (6.4.1.2.2.2).")
    work.set(g_assist_open=None)
    work.goto("g_assist")
    work.learn("vg_g_assist_reveal", actor, hand, work.match.all, rule="6.4.1.2.4")
    work.learn("vg_g_assist_look", actor, list(work.ids("deck", actor)[:5]), 1 << actor, rule="6.4.1.2.5")
    work.prompt(actor, "g_assist")
    return work.handled()


def _g_assist_take(state: MatchState, action: VgGAssistTake) -> HandlerResult:
    """6.4.1.2.5: up to one of the five cards looked at, one grade above your vanguard, shown to your
    opponent and put into your hand; if one was, two cards of your hand removed from the game
    (10.36); the deck shuffled even if no card was taken. The step then ends (6.4.1.2.1.3-6.4.1.3: one
    G assist a step)."""
    actor = action.actor
    work = Work(state, action.version)
    _head(work, actor, ("g_assist",))
    looked = list(work.ids("deck", actor)[:5])
    if action.take is None:
        if action.remove:
            refuse("Remove two cards only after taking one (6.4.1.2.5).")
    else:
        if action.take >= len(looked):
            refuse(f"You looked at {len(looked)} cards (6.4.1.2.5).")
        card = looked[action.take]
        grade, new = work.grade(work.vanguard(actor)), work.grade(card)
        if grade is not None and new is not None and new != grade + 1:
            refuse(
                f"Take a grade {grade + 1} card, one grade above your vanguard (6.4.1.2.5); "
                f"that card is grade {new}."
            )
        if len(action.remove) != 2:
            refuse("Having taken a card, remove two cards of your hand from the game (6.4.1.2.5).")
        size = len(work.ids("hand", actor)) + 1
        if len(set(action.remove)) != 2 or any(i >= size for i in action.remove):
            refuse(f"Choose two different cards of your hand, indexes below {size} (6.4.1.2.5).")
    work.set(prompts=[dict(p) for p in work.data("prompts", ())][1:])
    if action.take is not None:
        card = looked[action.take]
        work.learn("vg_g_assist_show", actor, [card], work.match.all, rule="6.4.1.2.5")
        work.move(actor, [card], "hand", actor, kind="vg_g_assist_take", position="bottom")
        hand = work.ids("hand", actor)
        removed = [hand[i] for i in action.remove]
        work.move(actor, removed, "removed", actor, kind="vg_rule", face="up", rule="6.4.1.2.5")
    work.shuffle_deck(actor, b"/vanguard/g-assist")
    work.goto("ride")
    return work.handled()


HANDLERS: tuple[tuple[type[BaseAction], Handler], ...] = (
    (VgRedraw, _redraw),
    (VgRide, _ride),
    (VgStride, _stride),
    (VgCall, _call),
    (VgSwap, _swap),
    (VgAttack, _attack),
    (VgGuard, _guard),
    (VgIntercept, _intercept),
    (VgPass, _pass),
    (VgChoose, _choose),
    (VgDeclareTrigger, _declare),
    (VgModify, _modify),
    (VgLegion, _legion),
    (VgGAssist, _g_assist),
    (VgGAssistTake, _g_assist_take),
)
"""Each Vanguard action type with its handler."""
