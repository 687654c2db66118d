"""The handlers of Gate Ruler's own actions (:mod:`.actions`), registered with the engine: each checks
the rules it names and refuses with one sentence, changing nothing, when they do not allow the action
(DESIGN.md, Invariants).
"""

from __future__ import annotations

from engine.match.apply import HandlerResult, move_cards, refuse, register_handler
from engine.match.apply import pick as pick_any
from engine.match.events import Event, seen_mask
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
    battle,
    capacity,
    gate,
    mention,
    name_of,
    numbers,
    orient,
    pick,
    ruler_card,
    ruler_numbers,
    set_counter,
    slot,
    stat,
    to_graveyard,
    value,
    with_gate,
    with_values,
    zone_ids,
)
from engine.match.games.gateruler.combat import attacked, new_battle, power
from engine.match.games.gateruler.playing import main_action, play_card, set_card, summon
from engine.match.games.gateruler.procedures import (
    drive,
    finish_ruler_damage,
    has_counter,
    holder,
    level_cap_choices,
)
from engine.match.games.gateruler.spec import (
    ATTACK,
    BATTLE,
    DECLARE,
    END,
    EXHAUSTED,
    IN_PLAY,
    INFINITE,
    READY,
    RULER_NUMBERS,
    RULER_OPTIONAL,
    RULER_REQUIRED,
    UNIT_ZONES,
    numbers_problem,
)
from engine.match.state import Card, MatchState


def _ruler(state: MatchState, action: GrRuler) -> HandlerResult:
    """5-3b: a ruler's numbers come from its card data, the rest from its player."""
    board = state.board
    seat = action.actor
    if board.data("started"):
        refuse("The setup is over: the rulers' numbers were set before the first turn (5-3b).")
    if numbers(board, seat) is not None:
        refuse("Your ruler's numbers are already set.")
    ruler = ruler_card(state, board, seat)
    if ruler is None:
        refuse("You have no ruler in your ruler zone (5-2b).")
    merged = ruler_numbers(state, board, seat)
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
    board = board.with_data(**{f"ruler{seat}": merged})
    board = with_values(board, seat, life=merged["life"])
    return board, [Event("gr_numbers", seat, (), {"numbers": merged})], None


def _summon(state: MatchState, action: GrSummon) -> HandlerResult:
    main_action(state, action.actor, "normal summon a unit")
    source, card_id = pick(state, action.card, action.actor, ("hand", "drive"))
    over = None if action.over is None else pick(state, action.over, action.actor, UNIT_ZONES)[1]
    events: list[Event] = []
    board = summon(
        state,
        state.board,
        action.actor,
        source,
        card_id,
        action.zone,
        action.level,
        events,
        over,
        action.because,
    )
    return board, events, None


def _play(state: MatchState, action: GrPlay) -> HandlerResult:
    if not action.instant:
        main_action(state, action.actor, "play a standard action card")
    source, card_id = pick(state, action.card, action.actor, ("hand", "drive", "set"))
    events: list[Event] = []
    board = play_card(
        state, state.board, action.actor, source, card_id, action.kind, action.level, events, action.because
    )
    return board, events, None


def _set(state: MatchState, action: GrSet) -> HandlerResult:
    """7-5: set a settable card from the hand or face down from the drive zone (7-5a), within the set cap
    (7-5d); the number of times set goes up by 1 (7-5c, 15-4a)."""
    main_action(state, action.actor, "set a card")
    board = state.board
    seat = action.actor
    source, card_id = pick(state, action.card, seat, ("hand", "drive"))
    if state.match.slot_spec[source].name == "drive" and board.cards[card_id].face_up:
        refuse("Only a face-down card of your drive zone can be set (7-5a); a revealed one is played.")
    cap, done = value(board, seat, "set_cap"), value(board, seat, "sets")
    if cap != INFINITE and done >= cap:
        refuse(f"You have used your set cap of {cap} this turn (7-5d).")
    events: list[Event] = []
    board = set_card(state, board, seat, source, card_id, action.by_effect, events)
    return with_values(board, seat, sets=done + 1), events, None


def _drive(state: MatchState, action: GrDrive) -> HandlerResult:
    if any(index >= action.count for index in action.hidden):
        refuse("The cards kept hidden must be among the driven cards.")
    events: list[Event] = []
    board = drive(state, state.board, action.actor, action.count, action.hidden, events)
    return board, events, None


def _drive_use(state: MatchState, action: GrDriveUse) -> HandlerResult:
    """10-4c/d: the controller of the drive resolution process on top of the gate uses one of its cards:
    a normal summon counted for the summon cap and paid (10-4d-2), a play, a set, or nothing (10-4e)."""
    board = state.board
    seat = action.actor
    items = gate(board)
    if not items or items[0]["kind"] != "drive" or items[0]["controller"] != seat:
        refuse("You have no drive resolution process on top of the gate (10-4).")
    source, card_id = pick(state, action.card, seat, ("drive",))
    if card_id not in items[0]["cards"]:
        refuse("That card is not one of this drive process's cards (10-4c).")
    events: list[Event] = []
    if action.use == "summon":
        over = None if action.over is None else pick(state, action.over, seat, UNIT_ZONES)[1]
        board = summon(
            state, board, seat, source, card_id, action.zone, action.level, events, over, action.because
        )
    elif action.use == "play":
        board = play_card(state, board, seat, source, card_id, None, action.level, events, action.because)
    elif action.use == "set":
        # 15-4a: setting counts as a time set; the set cap limits only the sets of rule 7-5 (7-5d).
        board = set_card(state, board, seat, source, card_id, False, events)
        board = with_values(board, seat, sets=value(board, seat, "sets") + 1)
    else:
        board = to_graveyard(state, board, seat, [card_id], "gr_unused", events)
    return board, events, None


def _rearrange(state: MatchState, action: GrRearrange) -> HandlerResult:
    """7-10b: move a unit into the other kind of zone, or exchange two units; a unit entering an attack
    zone is ready (15-3a-2), one entering a defense zone exhausted (3-9c)."""
    main_action(state, action.actor, "rearrange units")
    seat = action.actor
    board = state.board
    source, card_id = pick(state, action.card, seat, UNIT_ZONES)
    here = state.match.slot_spec[source].name
    there = "defense" if here == "attack" else "attack"
    events: list[Event] = []
    moves = [(card_id, there)]
    if action.other is not None:
        _, other = pick(state, action.other, seat, (there,))
        moves.append((other, here))
    elif len(zone_ids(state, board, there, seat)) >= (capacity(board, seat, there) or 0):
        refuse(f"Your {there} zones are full; name a unit there to exchange with (7-10b-2).")
    for moving, to in moves:
        board, event = move_cards(
            state,
            board,
            seat,
            [(slot(state, "attack" if to == "defense" else "defense", seat), moving)],
            slot(state, to, seat),
            orientation=READY if to == "attack" else EXHAUSTED,
        )
        events.append(event)
    return board, events, None


def _entered(
    state: MatchState, card_id: int, name: str, amount: int | None, because: str | None
) -> dict[str, object]:
    """What a line shows of a value a player entered for a card (15-2a): the value, the printed one when
    the card is face up, its data has it and it differs, and the card or effect given as the reason."""
    if amount is None:
        return {}
    shown: dict[str, object] = {"power": name.upper(), "amount": amount}
    printed = stat(state, state.board, card_id, name)
    public = state.board.cards[card_id].face_up  # a face-down card's printed value is not shown
    if public and isinstance(printed, int) and not isinstance(printed, bool) and printed != amount:
        shown["printed"] = printed
    if because is not None:
        shown["because"] = because
    return shown


def _attack(state: MatchState, action: GrAttack) -> HandlerResult:
    """8-4c to 8-4e: choose the attacker and the target, exhaust the attacker, enter the battle. The attack
    is aimed at the target's column (8-4e-1), or at the ruler itself for a direct attack (15-34b)."""
    board = state.board
    seat = action.actor
    if seat != board.active or board.phase != ATTACK or board.step != DECLARE:
        refuse("Attacks are declared in your attack phase's declaration step (8-4).")
    if gate(board):
        refuse("The gate must be empty before an attack is declared (8-4b); pass priority to resolve it.")
    if board.turn == 1 and int(board.data("attacks", 0)) >= 1:
        refuse("The first player attacks only once on their first turn (8-2a-2).")
    source, attacker = pick(state, action.attacker, seat, ("ruler", "attack"))
    where = state.match.slot_spec[source].name
    if where == "ruler" and attacker != ruler_card(state, board, seat):
        refuse("Only the ruler itself attacks from the ruler zone (8-4c).")
    if board.cards[attacker].orientation != READY:
        refuse(f"{name_of(state, board, attacker)} is exhausted; only a ready card attacks (8-4c, 8-4d).")
    other = 1 - seat
    events: list[Event] = []
    if action.target is None:
        # 8-4c, 3-6e-2: each attack zone is its own column; one with no unit can be attacked. Nothing is
        # being attacked while it stays empty (8-4e-1).
        if action.direct:
            refuse("A direct attack targets your opponent's ruler (15-34a).")
        free = (capacity(board, other, "attack") or 0) - len(zone_ids(state, board, "attack", other))
        if free <= 0:
            refuse("Your opponent has no attack-zone column without a unit; choose a card to attack (8-4c).")
        board, event = orient(state, board, seat, [attacker], EXHAUSTED)
        if event is not None:
            events.append(event)
        data = {"player": other, **_entered(state, attacker, "atk", action.damage, action.because)}
        events.append(Event("gr_attack_column", seat, (mention(state, board, attacker),), data))
        fight = new_battle(state, board, attacker, None, None, False, action.damage)
        board = board.with_data(battle=fight).evolve(step=BATTLE, priority=seat, passes=0)
        return board, events, None
    target_slot, target = pick(state, action.target, seat, ("ruler", "attack", "defense"), own=False)
    target_zone = state.match.slot_spec[target_slot].name
    if state.match.slot_player[target_slot] != other:
        refuse("Choose one of your opponent's cards as the target (8-4c).")
    if action.direct and target_zone != "ruler":
        refuse("A direct attack targets your opponent's ruler (15-34a).")
    if target_zone == "ruler":
        if target != ruler_card(state, board, other):
            refuse("Only the ruler in the ruler zone can be attacked there (8-4c).")
        if zone_ids(state, board, "defense", other) and not action.direct:
            refuse("The ruler is behind a unit in the defense zone; attack that unit (8-4c-1, 3-6e-3a).")
    needed = "stk" if target_zone == "ruler" else "atk"
    if action.damage is None and not isinstance(stat(state, board, attacker, needed), int):
        refuse(f"Enter the {needed.upper()} of {name_of(state, board, attacker)}: its card data has none.")
    board, event = orient(state, board, seat, [attacker], EXHAUSTED)
    if event is not None:
        events.append(event)
    mentions = (mention(state, board, attacker), mention(state, board, target))
    data = {"ruler": target_zone == "ruler", "player": other, "direct": action.direct}
    data.update(_entered(state, attacker, needed, action.damage, action.because))
    events.append(Event("gr_attack", seat, mentions, data))
    # 8-6d: the damage is the attacker's STK or ATK at the damage step: None reads the card data then.
    fight = new_battle(state, board, attacker, target, target_zone, action.direct, action.damage)
    board = board.with_data(battle=fight).evolve(step=BATTLE, priority=seat, passes=0)
    return board, events, None


def _combat_damage(state: MatchState, action: GrCombatDamage) -> HandlerResult:
    """15-2a, 8-6d: an effect changed the attacker's STK or ATK before the damage step; the damage step
    deals the new value (STK against the ruler being attacked now, ATK against a unit, 8-4e-1). Either
    player holding priority during the attack enters it (9-3e). The attacker is the active player's card:
    the other player changing it names the card or effect doing so (``because``), and the line shows both
    players the printed value next to the new one."""
    board = state.board
    fight = battle(board)
    if fight is None:
        refuse("No attack is in progress (8-4e).")
    if action.because is None and board.cards[fight["attacker"]].controller != action.actor:
        refuse("Name the card or effect that changes your opponent's attacker (because, 15-2a).")
    target = attacked(state, board, fight)
    if target.unclear:
        refuse("First say which unit is frontmost in the column being attacked (8-4e-1, gr_frontmost).")
    if target.card is None:
        refuse("Nothing is being attacked now, so the attack has no STK or ATK to change (8-4e-1, 8-6a).")
    board = board.with_data(battle={**fight, power(target): action.amount})
    mentions = (mention(state, board, fight["attacker"]),)
    data = _entered(state, fight["attacker"], power(target), action.amount, action.because)
    return board, [Event("gr_combat_change", action.actor, mentions, data)], None


def _frontmost(state: MatchState, action: GrFrontmost) -> HandlerResult:
    """8-4e-1, 15-26b-1: the players say which unit is now frontmost in the column being attacked when the
    engine cannot tell (see :mod:`.combat`); the units not named are in other columns."""
    board = state.board
    fight = battle(board)
    if fight is None:
        refuse("No attack is in progress (8-4e).")
    target = attacked(state, board, fight)
    if not target.unclear:
        refuse("The engine already knows what is being attacked (8-4e-1); nothing to say.")
    other = 1 - board.active
    if action.card is None:
        if fight["column"] == "center":
            refuse("A unit in the defense zones is frontmost in the center column (3-6e-3a); name it.")
        fight = {**fight, "others": [*fight["others"], *target.unclear]}
        board = board.with_data(battle=fight)
        return board, [Event("gr_frontmost", action.actor, (), {"player": other, "none": True})], None
    zones = ("defense",) if fight["column"] == "center" else ("attack",)
    target_slot, card_id = pick(state, action.card, action.actor, zones, own=False)
    if state.match.slot_player[target_slot] != other or card_id not in target.unclear:
        refuse("Name one of the units that may be frontmost in the column being attacked (8-4e-1).")
    others = fight["others"]
    if fight["column"] == "attack":
        others = [*others, *(c for c in target.unclear if c != card_id)]
    board = board.with_data(battle={**fight, "named": card_id, "others": others})
    mentions = (mention(state, board, card_id),)
    return board, [Event("gr_frontmost", action.actor, mentions, {"player": other, "none": False})], None


def _end_attacks(state: MatchState, action: GrEndAttacks) -> HandlerResult:
    board = state.board
    if action.actor != board.active or board.phase != ATTACK or board.step != DECLARE:
        refuse("You can stop attacking only in your attack phase's declaration step (8-4c-2).")
    if gate(board):
        refuse("The gate must be empty first; pass priority to resolve it (8-4c-2b).")
    board = board.evolve(phase=END, step=0, priority=board.active, passes=0)
    return board, [Event("gr_end_attacks", action.actor)], None


def _counter(state: MatchState, action: GrCounter) -> HandlerResult:
    """13-6c/d: the card in the counter zone goes to the damage zone (no Counter ability), to the graveyard
    (no valid target, 13-6d-2), or its Counter ability is played (13-6d-1). Then priority goes back to the
    active player (9-3b) while the gate goes on."""
    board = state.board
    seat = action.actor
    if board.data("counter") != seat:
        refuse("You have no card waiting in your counter zone (13-6).")
    card_id = zone_ids(state, board, "counter", seat)[0]
    known = has_counter(state, board, card_id)
    name = name_of(state, board, card_id)
    if known is not None and known != action.cnt:
        refuse(f"{name} {'has' if known else 'has no'} Counter ability according to its card data (16-4).")
    events: list[Event] = []
    if not action.cnt:
        board = finish_ruler_damage(state, board, seat, card_id, events)
        return board.evolve(priority=board.active, passes=0), events, None
    items = gate(board)
    board = board.with_data(counter=None)
    if not action.play:
        events.append(Event("gr_no_target", seat, (mention(state, board, card_id),)))
        board = to_graveyard(state, board, seat, [card_id], "gr_counter_done", events)
        return with_gate(board, items[1:]).evolve(priority=board.active, passes=0), events, None
    events.append(Event("gr_counter_play", seat, (mention(state, board, card_id),)))
    items = [{"kind": "ability", "card": card_id, "controller": seat}, *items[1:]]
    return with_gate(board, items).evolve(priority=board.active, passes=0), events, None


def _damage(state: MatchState, action: GrDamage) -> HandlerResult:
    board = state.board
    target_slot, target = pick(state, action.target, action.actor, ("ruler", "attack", "defense"), own=False)
    zone = state.match.slot_spec[target_slot].name
    player = state.match.slot_player[target_slot]
    assert player is not None
    mentions = (mention(state, board, target),)
    if zone == "ruler":
        if target != ruler_card(state, board, player):
            refuse("Damage to a ruler zone goes to the ruler itself (13-8a).")
        board = with_values(board, player, ruler_damage=value(board, player, "ruler_damage") + action.amount)
    else:
        board = set_counter(board, target, "damage", board.cards[target].counter("damage") + action.amount)
    data = {"amount": action.amount, "ruler": zone == "ruler"}
    return board, [Event("gr_damage", action.actor, mentions, data)], None


def _reversal(state: MatchState, action: GrReversal) -> HandlerResult:
    board = state.board
    seat = action.actor
    picks = [pick(state, at, seat, ("damage",)) for at in action.cards]
    ids = [card_id for _, card_id in picks]
    if len(set(ids)) != len(ids):
        refuse("The same card is chosen twice.")
    if any(not board.cards[c].face_up for c in ids):
        count = len(ids)
        refuse(f"DR {count} needs {count} face-up cards of your damage zone; it is all or nothing (15-30c).")
    cards = list(board.cards)
    mentions = []
    for card_id in ids:
        old = cards[card_id]
        cards[card_id] = Card(
            old.ref, old.owner, old.controller, False, old.orientation, old.counters, old.known
        )
        mentions.append((old.ref, seen_mask(old.known, old.known, state.match.all)))
    return board.evolve(cards=tuple(cards)), [Event("gr_reversal", seat, tuple(mentions))], None


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
    if state.match.slot_spec[host_slot].name not in (*IN_PLAY, "drive", "gate"):
        refuse("A charge is added underneath a card in play (15-14a, 3-14d).")
    board = state.board
    owner = board.cards[host].controller
    face = "down" if action.face_down else "up"
    board, event = move_cards(
        state, board, actor, [(card_slot, card)], slot(state, "charge", owner), face=face
    )
    cards = list(board.cards)
    old = cards[card]
    cards[card] = Card(old.ref, old.owner, owner, old.face_up, old.orientation, old.counters, old.known)
    attachments = (*(pair for pair in board.attachments if pair[0] != card), (card, host))
    board = board.evolve(cards=tuple(cards), attachments=attachments)
    return (
        board,
        [event, Event("attach", actor, (mention(state, board, card), mention(state, board, host)))],
        None,
    )


def _level_cap(state: MatchState, action: GrLevelCap) -> HandlerResult:
    """12-6b, 12-6c: the player over their in-play level cap chooses an allied unit of level 1 or more
    (not the unit whose entering play caused it) and puts it into its owner's graveyard."""
    board = state.board
    seat = action.actor
    if board.data("level_wait") != seat:
        refuse("Your units' total level is within your in-play level cap: nothing to choose (12-6a-1).")
    _, card_id = pick(state, action.card, seat, UNIT_ZONES)
    if card_id not in (level_cap_choices(state, board, seat) or []):
        refuse("Choose an allied unit of level 1 or more, not the one that just entered play (12-6b, 12-6c).")
    events: list[Event] = []
    board = to_graveyard(state, board, seat, [card_id], "gr_level_cap", events)
    board = board.with_data(level_wait=None)
    return board.evolve(priority=holder(board), passes=0), events, None


for _type, _handler in (
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
):
    register_handler(_type, _handler)
