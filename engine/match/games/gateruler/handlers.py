"""The handlers of Gate Ruler's own actions (:mod:`.actions`), registered with the engine: each checks
the rules it names and refuses with one sentence, changing nothing, when they do not allow the action
(docs/architecture.md, Invariants).
"""

from __future__ import annotations

from engine.match.actions import BaseAction
from engine.match.apply import Handler, HandlerResult, refuse
from engine.match.apply import pick as pick_any
from engine.match.games.gateruler.actions import (
    GrAddCharge,
    GrAttack,
    GrCombatDamage,
    GrCounter,
    GrDamage,
    GrDrive,
    GrDriveUse,
    GrEndAttacks,
    GrFrontmost,
    GrLevelCap,
    GrPlay,
    GrRearrange,
    GrReversal,
    GrRuler,
    GrSet,
    GrSummon,
)
from engine.match.games.gateruler.board import (
    GrWork,
    battle,
    capacity,
    gate,
    numbers,
    ruler_card,
    ruler_damage,
    ruler_numbers,
    set_counter,
    value,
    with_gate,
    with_ruler_damage,
    with_values,
)
from engine.match.games.gateruler.combat import (
    attacked,
    change_problem,
    declaration_problem,
    free_columns,
    frontmost_problem,
    new_battle,
    power,
    ruler_covered,
    stop_problem,
)
from engine.match.games.gateruler.playing import main_action, play_card, set_card, sets_left, summon
from engine.match.games.gateruler.spec import (
    ATTACK,
    ATTACKS_OVER,
    BATTLE,
    CHARGE_HOSTS,
    DECLARE,
    EXHAUSTED,
    READY,
    RULER_NUMBERS,
    RULER_OPTIONAL,
    RULER_REQUIRED,
    UNIT_ZONES,
    numbers_problem,
)
from engine.match.games.gateruler.steps import (
    drive,
    finish_ruler_damage,
    has_counter,
    holder,
    level_cap_choices,
)
from engine.match.state import Card, MatchState


def _ruler(state: MatchState, action: GrRuler) -> HandlerResult:
    """5-3b: a ruler's numbers come from its card data, the rest from its player."""
    work = GrWork(state, action.version)
    seat = action.actor
    if work.data("started"):
        refuse("The setup is over: the rulers' numbers were set before the first turn (5-3b).")
    if numbers(work.board, seat) is not None:
        refuse("Your ruler's numbers are already set.")
    if ruler_card(state, work.board, seat) is None:
        refuse("You have no ruler in your ruler zone (5-2b).")
    merged = ruler_numbers(state, work.board, seat)
    for name in RULER_NUMBERS:
        entered = getattr(action, name)
        if entered is None:
            continue
        if name in merged and merged[name] != entered:
            refuse(f"Your ruler's card data gives its {name.replace('_', ' ')} as {merged[name]}.")
        merged[name] = entered
    missing = [name.replace("_", " ") for name in RULER_REQUIRED if name not in merged]
    if missing:
        refuse("Enter your ruler's " + ", ".join(missing) + ": its card data does not give them.")
    for name in RULER_NUMBERS:
        merged.setdefault(name, RULER_OPTIONAL.get(name, 0))
    problem = numbers_problem(merged)
    if problem is not None:
        refuse(problem)
    work.set(**{f"ruler{seat}": merged})
    work.board = with_values(work.board, seat, life=merged["life"])
    work.emit("gr_numbers", seat, numbers=merged)
    return work.handled()


def _summon(state: MatchState, action: GrSummon) -> HandlerResult:
    """7-3a, 15-17: normally summon a unit from the hand or a revealed card of the drive zone."""
    main_action(state, action.actor, "normal summon a unit")
    work = GrWork(state, action.version)
    _, card_id = work.pick(action.card, action.actor, ("hand", "drive"))
    over = None if action.over is None else work.pick(action.over, action.actor, UNIT_ZONES)[1]
    summon(work, action.actor, card_id, action.zone, action.level, over, action.because)
    return work.handled()


def _play(state: MatchState, action: GrPlay) -> HandlerResult:
    """7-4, 7-6, 7-8: play an event or a field card; as an instant action (``instant``) with priority
    outside one's main phase, an event whose timing allows it (9-3e-2, 9-3e-4, 14-5b, 14-5d)."""
    if not action.instant:
        main_action(state, action.actor, "play a standard action card")
    elif state.board.phase == ATTACK and state.board.step == DECLARE and not gate(state.board):
        refuse(
            "Nobody holds priority while an attack is being declared (8-4c): play it in a gate process "
            "(9-3e)."
        )
    work = GrWork(state, action.version)
    _, card_id = work.pick(action.card, action.actor, ("hand", "drive", "set"))
    play_card(work, action.actor, card_id, action.kind, action.level, action.because, instant=action.instant)
    return work.handled()


def _set(state: MatchState, action: GrSet) -> HandlerResult:
    """7-5: set a settable card from the hand or face down from the drive zone (7-5a), within the set cap
    (7-5d); the number of times set goes up by 1 (7-5c, 15-4a)."""
    main_action(state, action.actor, "set a card")
    work = GrWork(state, action.version)
    seat = action.actor
    source, card_id = work.pick(action.card, seat, ("hand", "drive"))
    if state.match.slot_spec[source].name == "drive" and work.card(card_id).face_up:
        refuse("Only a face-down card of your drive zone can be set (7-5a); a revealed one is played.")
    if not sets_left(work.board, seat):
        refuse(f"You have used your set cap of {value(work.board, seat, 'set_cap')} this turn (7-5d).")
    set_card(work, seat, card_id, action.by_effect)
    work.board = with_values(work.board, seat, sets=value(work.board, seat, "sets") + 1)
    return work.handled()


def _drive(state: MatchState, action: GrDrive) -> HandlerResult:
    """10-3: drive cards from the top of the deck into the drive zone, some kept hidden."""
    if any(index >= action.count for index in action.hidden):
        refuse("The cards kept hidden must be among the driven cards.")
    work = GrWork(state, action.version)
    drive(work, action.actor, action.count, action.hidden)
    return work.handled()


def _drive_use(state: MatchState, action: GrDriveUse) -> HandlerResult:
    """10-4c/d: the controller of the drive resolution process on top of the gate uses one of its cards:
    a normal summon counted for the summon cap and paid (10-4d-2), a play, a set, or nothing (10-4e)."""
    work = GrWork(state, action.version)
    seat = action.actor
    items = gate(work.board)
    if not items or items[0]["kind"] != "drive" or items[0]["controller"] != seat:
        refuse("You have no drive resolution process on top of the gate (10-4).")
    _, card_id = work.pick(action.card, seat, ("drive",))
    if card_id not in items[0]["cards"]:
        refuse("That card is not one of this drive process's cards (10-4c).")
    if action.use == "summon":
        over = None if action.over is None else work.pick(action.over, seat, UNIT_ZONES)[1]
        summon(work, seat, card_id, action.zone, action.level, over, action.because)
    elif action.use == "play":
        play_card(work, seat, card_id, None, action.level, action.because, drive=True)
    elif action.use == "set":
        # 15-4a: setting counts as a time set; the set cap limits only the sets of rule 7-5 (7-5d).
        set_card(work, seat, card_id, False)
        work.board = with_values(work.board, seat, sets=value(work.board, seat, "sets") + 1)
    else:
        work.to_graveyard(seat, [card_id], "gr_unused")
    return work.handled()


def _rearrange(state: MatchState, action: GrRearrange) -> HandlerResult:
    """7-10b: move a unit into the other kind of zone, or exchange two units; a unit entering an attack
    zone is ready (15-3a-2), one entering a defense zone exhausted (3-9c)."""
    main_action(state, action.actor, "rearrange units")
    seat = action.actor
    work = GrWork(state, action.version)
    source, card_id = work.pick(action.card, seat, UNIT_ZONES)
    here = state.match.slot_spec[source].name
    there = "defense" if here == "attack" else "attack"
    moves = [(card_id, there)]
    if action.other is not None:
        _, other = work.pick(action.other, seat, (there,))
        moves.append((other, here))
    elif len(work.ids(there, seat)) >= (capacity(work.board, seat, there) or 0):
        refuse(f"Your {there} zones are full; name a unit there to exchange with (7-10b-2).")
    for moving, to in moves:
        work.move(seat, [moving], to, seat, orientation=READY if to == "attack" else EXHAUSTED)
    return work.handled()


def _entered(
    work: GrWork, card_id: int, name: str, amount: int | None, because: str | None
) -> dict[str, object]:
    """What a line shows of a value a player entered for a card (15-2a): the value, the printed one when
    the card is face up, its data has it and it differs, and the card or effect given as the reason."""
    if amount is None:
        return {}
    shown: dict[str, object] = {"power": name.upper(), "amount": amount}
    printed = work.stat(card_id, name)
    public = work.card(card_id).face_up  # a face-down card's printed value is not shown
    if public and isinstance(printed, int) and not isinstance(printed, bool) and printed != amount:
        shown["printed"] = printed
    if because is not None:
        shown["because"] = because
    return shown


def _attack(state: MatchState, action: GrAttack) -> HandlerResult:
    """8-4c to 8-4e: choose the attacker and the target, exhaust the attacker, enter the battle. The attack
    is aimed at the target's column (8-4e-1), or at the ruler itself for a direct attack (15-34b)."""
    work = GrWork(state, action.version)
    board = work.board
    seat = action.actor
    problem = declaration_problem(board, seat)
    if problem is not None:
        refuse(problem)
    source, attacker = work.pick(action.attacker, seat, ("ruler", "attack"))
    where = state.match.slot_spec[source].name
    if where == "ruler" and attacker != ruler_card(state, board, seat):
        refuse("Only the ruler itself attacks from the ruler zone (8-4c).")
    if work.card(attacker).orientation != READY:
        refuse(f"{work.name_of(attacker)} is exhausted; only a ready card attacks (8-4c, 8-4d).")
    other = 1 - seat
    if action.target is None:
        # 8-4c, 3-6e-2: each attack zone is its own column; one with no unit can be attacked. Nothing is
        # being attacked while it stays empty (8-4e-1).
        if action.direct:
            refuse("A direct attack targets your opponent's ruler (15-34a).")
        if free_columns(state, board, other) <= 0:
            refuse("Your opponent has no attack-zone column without a unit; choose a card to attack (8-4c).")
        work.orient([attacker], EXHAUSTED, seat)
        data = {"player": other, **_entered(work, attacker, "atk", action.damage, action.because)}
        work.emit("gr_attack_column", seat, [attacker], **data)
        fight = new_battle(state, work.board, attacker, None, None, False, action.damage)
        work.set(battle=fight)
        work.board = work.board.evolve(step=BATTLE, priority=seat, passes=0)
        return work.handled()
    target_slot, target = work.pick(action.target, seat, ("ruler", "attack", "defense"), own=False)
    target_zone = state.match.slot_spec[target_slot].name
    if state.match.slot_player[target_slot] != other:
        refuse("Choose one of your opponent's cards as the target (8-4c).")
    if action.direct and target_zone != "ruler":
        refuse("A direct attack targets your opponent's ruler (15-34a).")
    if target_zone == "ruler":
        if target != ruler_card(state, board, other):
            refuse("Only the ruler in the ruler zone can be attacked there (8-4c).")
        if ruler_covered(state, board, other) and not action.direct:
            refuse("The ruler is behind a unit in the defense zone; attack that unit (8-4c-1, 3-6e-3a).")
    needed = "stk" if target_zone == "ruler" else "atk"
    if action.damage is None and not isinstance(work.stat(attacker, needed), int):
        refuse(f"Enter the {needed.upper()} of {work.name_of(attacker)}: its card data has none.")
    work.orient([attacker], EXHAUSTED, seat)
    data = {"ruler": target_zone == "ruler", "player": other, "direct": action.direct}
    data.update(_entered(work, attacker, needed, action.damage, action.because))
    work.emit("gr_attack", seat, [attacker, target], **data)
    # 8-6d: the damage is the attacker's STK or ATK at the damage step: None reads the card data then.
    fight = new_battle(state, work.board, attacker, target, target_zone, action.direct, action.damage)
    work.set(battle=fight)
    work.board = work.board.evolve(step=BATTLE, priority=seat, passes=0)
    return work.handled()


def _combat_damage(state: MatchState, action: GrCombatDamage) -> HandlerResult:
    """15-2a, 8-6d: an effect changed the attacker's STK or ATK before the damage step; the damage step
    deals the new value (STK against the ruler being attacked now, ATK against a unit, 8-4e-1). Either
    player holding priority during the attack enters it (9-3e). The attacker is the active player's card:
    the other player changing it names the card or effect doing so (``because``), and the line shows both
    players the printed value next to the new one."""
    work = GrWork(state, action.version)
    problem = change_problem(state, work.board, action.actor, action.because is not None)
    if problem is not None:
        refuse(problem)
    fight = battle(work.board)
    assert fight is not None  # change_problem checked it
    target = attacked(state, work.board, fight)
    work.set(battle={**fight, power(target): action.amount})
    data = _entered(work, fight["attacker"], power(target), action.amount, action.because)
    work.emit("gr_combat_change", action.actor, [fight["attacker"]], **data)
    return work.handled()


def _frontmost(state: MatchState, action: GrFrontmost) -> HandlerResult:
    """8-4e-1, 15-26b-1: the players say which unit is now frontmost in the column being attacked when the
    engine cannot tell (see :mod:`.combat`); the units not named are in other columns."""
    work = GrWork(state, action.version)
    problem = frontmost_problem(state, work.board)
    if problem is not None:
        refuse(problem)
    fight = battle(work.board)
    assert fight is not None  # frontmost_problem checked it
    target = attacked(state, work.board, fight)
    other = 1 - work.board.active
    if action.card is None:
        if fight["column"] == "center":
            refuse("A unit in the defense zones is frontmost in the center column (3-6e-3a); name it.")
        work.set(battle={**fight, "others": [*fight["others"], *target.unclear]})
        work.emit("gr_frontmost", action.actor, player=other, none=True)
        return work.handled()
    zones = ("defense",) if fight["column"] == "center" else ("attack",)
    target_slot, card_id = work.pick(action.card, action.actor, zones, own=False)
    if state.match.slot_player[target_slot] != other or card_id not in target.unclear:
        refuse("Name one of the units that may be frontmost in the column being attacked (8-4e-1).")
    others = fight["others"]
    if fight["column"] == "attack":
        others = [*others, *(c for c in target.unclear if c != card_id)]
    work.set(battle={**fight, "named": card_id, "others": others})
    work.emit("gr_frontmost", action.actor, [card_id], player=other, none=False)
    return work.handled()


def _end_attacks(state: MatchState, action: GrEndAttacks) -> HandlerResult:
    """8-4c-2: the active player chooses to stop attacking instead of declaring an attack; the gate
    process of the attack phase's end follows (8-4c-2a, 8-4c-2b: the active player gains priority, 9-3b),
    then the end phase (8-4c-2c)."""
    work = GrWork(state, action.version)
    board = work.board
    problem = stop_problem(board, action.actor)
    if problem is not None:
        refuse(problem)
    work.board = board.evolve(step=ATTACKS_OVER, priority=board.active, passes=0)
    work.emit("gr_end_attacks", action.actor)
    return work.handled()


def _counter(state: MatchState, action: GrCounter) -> HandlerResult:
    """13-6c/d: the card in the counter zone goes to the damage zone (no Counter ability), to the graveyard
    (no valid target, 13-6d-2), or its Counter ability is played (13-6d-1). Then priority goes back to the
    active player (9-3b) while the gate goes on."""
    work = GrWork(state, action.version)
    seat = action.actor
    if work.data("counter") != seat:
        refuse("You have no card waiting in your counter zone (13-6).")
    card_id = work.ids("counter", seat)[0]
    known = has_counter(state, work.board, card_id)
    name = work.name_of(card_id)
    if known is not None and known != action.cnt:
        refuse(f"{name} {'has' if known else 'has no'} Counter ability according to its card data (16-4).")
    if not action.cnt:
        finish_ruler_damage(work, seat, card_id)
    else:
        items = gate(work.board)
        work.set(counter=None)
        if not action.play:
            work.emit("gr_no_target", seat, [card_id])
            work.to_graveyard(seat, [card_id], "gr_counter_done")
            items = items[1:]
        else:
            work.emit("gr_counter_play", seat, [card_id])
            items = [{"kind": "ability", "card": card_id, "controller": seat}, *items[1:]]
        work.board = with_gate(work.board, items)
    work.board = work.board.evolve(priority=work.board.active, passes=0)
    return work.handled()


def _damage(state: MatchState, action: GrDamage) -> HandlerResult:
    """13-8a, 15-6: an effect deals damage to a ruler (its damage count) or to a unit (damage counters)."""
    work = GrWork(state, action.version)
    target_slot, target = work.pick(action.target, action.actor, ("ruler", "attack", "defense"), own=False)
    zone = state.match.slot_spec[target_slot].name
    player = state.match.slot_player[target_slot]
    assert player is not None
    if zone == "ruler":
        if target != ruler_card(state, work.board, player):
            refuse("Damage to a ruler zone goes to the ruler itself (13-8a).")
        work.board = with_ruler_damage(work.board, player, ruler_damage(work.board, player) + action.amount)
    else:
        count = work.card(target).counter("damage") + action.amount
        work.board = set_counter(work.board, target, "damage", count)
    work.emit("gr_damage", action.actor, [target], amount=action.amount, ruler=zone == "ruler")
    return work.handled()


def _reversal(state: MatchState, action: GrReversal) -> HandlerResult:
    """15-30c: DR n turns n face-up cards of the damage zone face down, all or nothing."""
    work = GrWork(state, action.version)
    seat = action.actor
    ids = [card_id for _, card_id in work.picks(action.cards, seat, ("damage",))]
    if any(not work.card(c).face_up for c in ids):
        count = len(ids)
        refuse(f"DR {count} needs {count} face-up cards of your damage zone; it is all or nothing (15-30c).")
    cards = list(work.board.cards)
    for card_id in ids:
        old = cards[card_id]
        cards[card_id] = Card(
            old.ref, old.owner, old.controller, False, old.orientation, old.counters, old.known
        )
    work.board = work.board.evolve(cards=tuple(cards))
    work.emit("gr_reversal", seat, ids)
    return work.handled()


def _add_charge(state: MatchState, action: GrAddCharge) -> HandlerResult:
    """15-14a: ``card`` to the charge zone of the host's controller, linked to the host (3-14d-3), face
    up unless said otherwise (3-14b-1); an opponent's card changes controller (3-14d-4a). A host that is
    not in play (nor in the drive zone or the gate, 3-14e-1, 3-14e-2) cannot hold a charge, so the move
    is ignored (15-14a-1): refused here, changing nothing."""
    actor = action.actor
    card_slot, card = pick_any(state, action.card, actor)
    host_slot, host = pick_any(state, action.host, actor)
    if card == host:
        refuse("A card can't be its own charge (15-14a).")
    if state.match.slot_spec[card_slot].name == "ruler":
        refuse("A card in a ruler zone never leaves play (3-7e): it cannot become a charge.")
    if state.match.slot_spec[host_slot].name not in CHARGE_HOSTS:
        refuse("A charge is added underneath a card in play (15-14a, 3-14d).")
    work = GrWork(state, action.version)
    owner = work.card(host).controller
    work.move(actor, [card], "charge", owner, face="down" if action.face_down else "up")
    cards = list(work.board.cards)
    old = cards[card]
    cards[card] = Card(old.ref, old.owner, owner, old.face_up, old.orientation, old.counters, old.known)
    attachments = (*(pair for pair in work.board.attachments if pair[0] != card), (card, host))
    work.board = work.board.evolve(cards=tuple(cards), attachments=attachments)
    work.emit("attach", actor, [card, host])
    return work.handled()


def _level_cap(state: MatchState, action: GrLevelCap) -> HandlerResult:
    """12-6b, 12-6c: the player over their in-play level cap chooses an allied unit of level 1 or more
    (not the unit whose entering play caused it) and puts it into its owner's graveyard."""
    work = GrWork(state, action.version)
    seat = action.actor
    if work.data("level_wait") != seat:
        refuse("Your units' total level is within your in-play level cap: nothing to choose (12-6a-1).")
    _, card_id = work.pick(action.card, seat, UNIT_ZONES)
    if card_id not in (level_cap_choices(state, work.board, seat) or []):
        refuse("Choose an allied unit of level 1 or more, not the one that just entered play (12-6b, 12-6c).")
    work.to_graveyard(seat, [card_id], "gr_level_cap")
    work.set(level_wait=None)
    work.board = work.board.evolve(priority=holder(work.board), passes=0)
    return work.handled()


HANDLERS: tuple[tuple[type[BaseAction], Handler], ...] = (
    (GrRuler, _ruler),
    (GrSummon, _summon),
    (GrPlay, _play),
    (GrSet, _set),
    (GrDrive, _drive),
    (GrDriveUse, _drive_use),
    (GrRearrange, _rearrange),
    (GrAttack, _attack),
    (GrEndAttacks, _end_attacks),
    (GrCombatDamage, _combat_damage),
    (GrFrontmost, _frontmost),
    (GrCounter, _counter),
    (GrDamage, _damage),
    (GrReversal, _reversal),
    (GrAddCharge, _add_charge),
    (GrLevelCap, _level_cap),
)
"""Each Gate Ruler action type with its handler."""
