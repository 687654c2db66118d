"""The procedures Gate Ruler runs without a choice: the system process and its rules effects, the
gate's processes, the start of a turn, the damage step, the end of a turn (CR Sections 6, 8-13).

The gate (3-18, Section 9) is kept as game data, topmost first: played cards (their card sits in the
shared ``gate`` zone), drive resolution processes (10-3c), ruler damage application processes (13-5b),
Counter abilities being played (13-6d) and defeat processes (12-2b). Played cards, Counter abilities and
defeat processes resolve when both players pass priority in a row (9-3g-1, 9-4c); once one resolves,
the next resolves too unless something was added (9-4f). Nobody may respond to a drive process or a
ruler damage application process on top of the gate (9-3d): the engine resolves ruler damage at once
and the drive process's controller resolves theirs card by card.

What runs after an action is the settle table :data:`TABLE` (one row per procedure, each with its rule),
run by the engine's one settle loop (:func:`engine.match.settle.settle`) on a :class:`.board.GrWork`.
"""

from __future__ import annotations

from typing import Any

from engine.match.actions import BaseAction, PassPriority
from engine.match.events import Event
from engine.match.games.gateruler.board import (
    GrWork,
    battle,
    capacity,
    card_type,
    gate,
    keep_charges,
    numbers,
    ref,
    ruler_damage,
    set_counter,
    started,
    value,
    with_gate,
    with_ruler_damage,
    with_values,
    zone_ids,
)
from engine.match.games.gateruler.combat import amount as combat_amount
from engine.match.games.gateruler.combat import attacked, attacking, no_attack
from engine.match.games.gateruler.spec import (
    ATTACK,
    ATTACK_START,
    ATTACKS_OVER,
    CHARGE_HOSTS,
    DECLARE,
    END,
    EXHAUSTED,
    INFINITE,
    MAIN,
    READY,
    START,
    UNIT_ZONES,
)
from engine.match.outcome import Loss
from engine.match.settle import Step
from engine.match.settle import settle as settle_table
from engine.match.state import Board, Card, MatchState


def pay(work: GrWork, seat: int, level: int) -> None:
    """Pay a card's level in resources: exhaust that many ready resources (14-4b-6a, 15-15a)."""
    if level <= 0:
        return
    ready = [c for c in work.ids("resource", seat) if work.card(c).orientation == READY]
    work.orient(ready[:level], EXHAUSTED, seat)


# The system process (Section 11) and rules effects (Section 12) -------------------------------------


def rules_effects(work: GrWork) -> bool:
    """One round of rules effects (12-1b: simultaneous; ruler damage before player defeat, 12-1b-1;
    overlapping cards before anything that counts levels, 12-1b-2); whether any applied."""
    before = work.board
    _illegal_charges(work)
    _overlapping(work)
    state, events = work.state, work.events
    _level_cap(work)
    _destroy(work)
    work.board = _ruler_damage(state, work.board, events)
    work.board = _defeat(state, work.board, events)
    return work.board is not before


def _illegal_charges(work: GrWork) -> None:
    """12-5a: a card in a charge zone linked to no card is put into its owner's graveyard (a charge is
    linked by being stacked under its card, 3-14d-3; the link breaks when the card leaves play, 3-14e,
    except while it goes from the drive zone through the gate into play, 3-14e-1, 3-14e-2)."""
    hosts = {card: host for card, host in work.board.attachments}
    loose = [
        card_id
        for seat in range(2)
        for card_id in work.ids("charge", seat)
        if card_id not in hosts or work.zone_of(hosts[card_id])[0] not in CHARGE_HOSTS
    ]
    if loose:
        work.to_graveyard(None, loose, "gr_charge_lost")


def _overlapping(work: GrWork) -> None:
    """12-4a: one card per attack, defense or set zone. A unit summoned into a zone that held a unit
    (14-4b-3a, 15-28a-1) shares it with that unit (``overlaps``: the older unit, still in that kind of
    zone), which goes to its owner's graveyard: the most recently placed card stays. Beyond that, the zones
    of a kind hold at most as many cards as the ruler gives zones, and the most recently placed cards stay
    (the others go to the graveyard)."""
    older = [
        int(over)
        for over, zone, seat in work.data("overlaps", ())
        if int(over) in work.ids(str(zone), int(seat))
    ]
    if work.data("overlaps") is not None:
        work.set(overlaps=None)
    for card_id in older:
        work.to_graveyard(work.card(card_id).controller, [card_id], "gr_overlap")
    for seat in range(2):
        for zone in ("attack", "defense", "set"):
            room = capacity(work.board, seat, zone)
            ids = work.ids(zone, seat)
            if room is not None and len(ids) > room:
                work.to_graveyard(seat, list(ids[: len(ids) - room]), "gr_overlap")


def unit_level(state: MatchState, board: Board, card_id: int) -> int | None:
    """The level (2-7) of a face-up unit from its card data, or None (no data, or face down)."""
    if not board.cards[card_id].face_up:
        return None
    level = ref(state, board, card_id).stat("level")
    return level if isinstance(level, int) and not isinstance(level, bool) else None


def level_cap_choices(state: MatchState, board: Board, seat: int) -> list[int] | None:
    """12-6: None while a player's allied units' total level is within their ruler's in-play level cap
    (12-6a-1; no cap, 12-6a); otherwise the units they may choose to put into the graveyard: allied units
    of level 1 or more (12-6c), except the unit whose entering play caused it (12-6b). The engine puts
    units into play one at a time, so 12-6b-1 (several at once) does not arise from its own procedures.
    Face-up units with a level in their card data are counted: a face-down unit's level is its
    controller's secret, and counting it would make the game wait on a card the opponent does not know."""
    cap = (numbers(board, seat) or {}).get("level_cap", INFINITE)
    if cap == INFINITE:
        return None
    levels = {
        card_id: level
        for zone in UNIT_ZONES
        for card_id in zone_ids(state, board, zone, seat)
        if (level := unit_level(state, board, card_id)) is not None
    }
    if sum(levels.values()) <= cap:
        return None
    newest = board.data("entered")
    return [c for c, level in levels.items() if level >= 1 and c != newest]


def _level_cap(work: GrWork) -> None:
    """12-6b, 12-6c: a player over their in-play level cap puts one allied unit they choose into its
    owner's graveyard; with one unit to choose the engine does it, with several the player chooses
    (:class:`~.actions.GrLevelCap`) and holds priority until then. With none to choose (only the unit
    that just entered has a level), nothing can be done (1-5b). Not while a counter-zone card waits
    (13-6d): that choice comes first."""
    board = work.board
    if board.data("level_wait") is not None or board.data("counter") is not None:
        return
    for seat in (board.active, 1 - board.active):
        choices = level_cap_choices(work.state, board, seat)
        if not choices:
            continue
        if len(choices) == 1:
            work.to_graveyard(seat, choices, "gr_level_cap")
            return
        work.emit("gr_level_cap_wait", seat, count=len(choices))
        work.board = board.with_data(level_wait=seat).evolve(priority=seat, passes=0)
        return


def _destroy(work: GrWork) -> None:
    """15-12b: a unit whose current damage is equal to or greater than its HP, or whose HP is 0 or less,
    is put into its owner's graveyard (15-12b-3). Units whose HP the card data does not give are left to
    the players."""
    doomed = []
    for seat in range(2):
        for zone in UNIT_ZONES:
            for card_id in work.ids(zone, seat):
                card = work.card(card_id)
                hp = work.stat(card_id, "hp") if card.face_up else None
                if isinstance(hp, int) and (hp <= 0 or card.counter("damage") >= hp):
                    doomed.append(card_id)
    if doomed:
        work.to_graveyard(None, doomed, "gr_destroyed")


def _ruler_damage(state: MatchState, board: Board, events: list[Event]) -> Board:
    """12-3a, 13-5: a ruler with current ruler damage X >= 1 gets X ruler damage application processes in
    the gate, the active player's first (13-5b-2), and its current ruler damage becomes 0 (13-5c)."""
    order = [board.active, 1 - board.active]
    pending = [(seat, ruler_damage(board, seat)) for seat in order]
    if not any(amount > 0 for _, amount in pending):
        return board
    items = gate(board)
    for seat, amount in pending:
        if amount <= 0:
            continue
        items = [{"kind": "damage", "controller": seat} for _ in range(amount)] + items
        board = with_ruler_damage(board, seat, 0)
        events.append(Event("gr_ruler_damage", seat, (), {"amount": amount}))
    return with_gate(board, items)


def defeat_reasons(state: MatchState, board: Board, seat: int) -> list[tuple[str, str]]:
    """The defeat conditions a player fulfils (12-2a), each as its rule and a short reason: damage-zone
    cards >= life (12-2a-1, 3-13d), an empty deck zone (12-2a-2)."""
    reasons = []
    damage = len(zone_ids(state, board, "damage", seat))
    life = value(board, seat, "life")  # the ruler's life (5-3b), as effects changed it (2-6c)
    if numbers(board, seat) is not None and damage >= life:
        cards = "1 card" if damage == 1 else f"{damage} cards"
        reasons.append(("12-2a-1", f"{cards} in the damage zone, life {life}"))
    if not zone_ids(state, board, "deck", seat):
        reasons.append(("12-2a-2", "no cards in the deck zone"))
    return reasons


def defeat_loss(seat: int, reasons: list[tuple[str, str]]) -> Loss:
    """A player's loss by the defeat process (12-2d-1): the rules of the conditions they fulfil and the
    reason players read ("defeated: 1 card in the damage zone, life 1", cited "(12-2a-1)")."""
    rules = ", ".join(rule for rule, _ in reasons)
    return Loss(seat, rules, "defeated: " + "; ".join(text for _, text in reasons))


def _defeat(state: MatchState, board: Board, events: list[Event]) -> Board:
    """12-2c: a player who fulfils a defeat condition and has no defeat process in the gate gets one; if
    both do, one process is linked to both (12-2c-1)."""
    items = gate(board)
    linked = {seat for item in items if item["kind"] == "defeat" for seat in item["players"]}
    seats = [seat for seat in range(2) if seat not in linked and defeat_reasons(state, board, seat)]
    if not seats:
        return board
    events.append(Event("gr_defeat_process", None, (), {"players": seats}))
    return with_gate(board, [{"kind": "defeat", "players": seats}, *items]).evolve(
        priority=holder(board), passes=0
    )


def holder(board: Board) -> int:
    """Who gets priority after the rules ran: the player whose counter-zone card waits (13-6d), the
    controller of a drive process on top of the gate (10-4c), otherwise the active player (9-3b)."""
    for wait in ("counter", "level_wait"):
        waiting = board.data(wait)
        if waiting is not None:
            return int(waiting)
    items = gate(board)
    if items and items[0]["kind"] == "drive":
        return int(items[0]["controller"])
    return board.active


# Resolving the gate --------------------------------------------------------------------------------


def auto_resolve(work: GrWork) -> bool:
    """Resolve the top of the gate when it needs nobody's choice: a ruler damage application process
    (13-6) unless it waits for a Counter ability, a drive process with no card left (10-4b)."""
    board = work.board
    items = gate(board)
    if not items or board.data("counter") is not None or board.data("level_wait") is not None:
        return False
    top = items[0]
    if top["kind"] == "damage":
        _apply_ruler_damage(work, items)
        return True
    if top["kind"] == "drive":
        drive = set(work.ids("drive", top["controller"]))
        if not any(card_id in drive for card_id in top["cards"]):
            work.emit("gr_drive_done", top["controller"])
            work.board = with_gate(board, items[1:])
            return True
        if board.priority != top["controller"]:
            work.board = board.evolve(priority=top["controller"], passes=0)
            return True
    return False


def _apply_ruler_damage(work: GrWork, items: list[dict[str, Any]]) -> None:
    """13-6: the top card of the controller's deck goes face up into their counter zone (13-6b); without a
    Counter ability it goes to their damage zone (13-6c); with one it must be played (13-6d-1), and the
    process waits for its player (the card data may not say: then they declare it)."""
    seat = items[0]["controller"]
    deck = work.ids("deck", seat)
    if not deck:
        work.emit("gr_no_card", seat)  # 1-5b: what cannot be done is skipped
        work.board = with_gate(work.board, items[1:])
        return
    card_id = deck[0]
    work.move(seat, [card_id], "counter", seat, face="up")
    cnt = has_counter(work.state, work.board, card_id)
    if cnt is False:
        finish_ruler_damage(work, seat, card_id)
        return
    work.emit("gr_counter_wait", seat, [card_id], known=cnt is True)
    work.board = work.board.with_data(counter=seat).evolve(priority=seat, passes=0)


def has_counter(state: MatchState, board: Board, card_id: int) -> bool | None:
    """Whether a card has a Counter (CNT) ability (16-4): its ``cnt`` stat; None when the card has no
    card data at all, so its player must say."""
    card = ref(state, board, card_id)
    if not card.stats:
        return None
    return bool(card.stat("cnt", 0))


def finish_ruler_damage(work: GrWork, seat: int, card_id: int) -> None:
    """13-6c, 13-6e: the card goes from the counter zone to its owner's damage zone, face up (3-13b-1),
    and the process leaves the gate."""
    work.move(seat, [card_id], "damage", work.card(card_id).owner, face="up")
    work.board = with_gate(work.board.with_data(counter=None), gate(work.board)[1:])


def _intercept(state: MatchState, board: Board, fight: dict[str, Any]) -> dict[str, Any] | None:
    """The Intercept step (8-5): the Intercept ability to put into the gate, or None when the step is
    skipped (8-5a-1): the attacker is a ruler or no longer attacking, nothing is being attacked, or the card
    being attacked has no Intercept (16-7a). The card must be face up with Intercept (``intercept``) and
    its ATK in its card data; otherwise its players apply it (:class:`~.actions.GrDamage`)."""
    attacker = fight["attacker"]
    if not attacking(state, board, fight) or card_type(state, board, attacker) == "ruler":
        return None
    target = attacked(state, board, fight)
    if target.card is None or not board.cards[target.card].face_up:
        return None
    card = ref(state, board, target.card)
    atk = card.stat("atk")
    if not card.stat("intercept", 0) or not isinstance(atk, int) or isinstance(atk, bool):
        return None
    return {"kind": "intercept", "card": target.card, "controller": 1 - board.active, "attacker": attacker}


def _resolve_intercept(work: GrWork, top: dict[str, Any]) -> None:
    """16-7b, 16-7c: if its card is still being attacked, Intercept deals damage equal to its ATK to the
    attacking unit as combat damage, added to the unit's current damage (13-2b-2); the system process then
    destroys the unit if its damage reached its HP (15-12b)."""
    state, board = work.state, work.board
    fight = battle(board)
    card, attacker = top["card"], top["attacker"]
    if fight is None or not attacking(state, board, fight) or attacked(state, board, fight).card != card:
        work.emit("gr_intercept_gone", top["controller"], [card])
        return
    amount = int(work.stat(card, "atk", 0) or 0)
    work.emit("gr_intercept_damage", top["controller"], [card, attacker], amount=amount)
    if amount > 0:
        damage = work.card(attacker).counter("damage") + amount
        work.board = set_counter(board, attacker, "damage", damage)


def _resolve_top(work: GrWork, items: list[dict[str, Any]]) -> None:
    top, rest = items[0], items[1:]
    work.board = with_gate(work.board, rest)
    if top["kind"] == "defeat":
        _resolve_defeat(work, top["players"])
        return
    if top["kind"] == "intercept":
        _resolve_intercept(work, top)
        return
    card_id = top["card"]
    if top["kind"] == "ability":
        # 13-6d-3: once the Counter ability leaves the gate, its card goes to the graveyard if it is still
        # in the counter zone; then the ruler damage application process ends (13-6e).
        work.emit("gr_resolve", top["controller"], [card_id], what="cnt")
        if card_id in work.ids("counter", top["controller"]):
            work.to_graveyard(top["controller"], [card_id], "gr_counter_done")
        return
    if card_id not in work.ids("gate"):
        work.emit("gr_gone", top["controller"], [card_id])
        return
    controller = top["controller"]
    dest = top["dest"]
    if dest in ("attack", "defense", "field"):
        # 14-4c: a unit enters the zone chosen as it was played; a field enters the field zone.
        orientation = READY if dest != "defense" else EXHAUSTED  # 3-3a-1, 3-9c
        before = work.board
        work.move(
            controller,
            [card_id],
            dest,
            controller,
            face="up",
            orientation=orientation if dest != "field" else None,
            kind="gr_enter",
            dest=dest,
        )
        entered = keep_charges(before, work.board, card_id)
        if dest != "field":
            entered = entered.with_data(entered=card_id)  # 12-6b: the unit that entered play most recently
        if top.get("over") is not None:
            # 12-4a: the unit whose zone was chosen (14-4b-3a) now overlaps; the rules effect removes it.
            overlaps = [*entered.data("overlaps", ()), (top["over"], dest, controller)]
            entered = entered.with_data(overlaps=overlaps)
        work.board = entered
        return
    # 14-4c: an event resolves (its text is carried out by the players), then goes to the graveyard.
    work.emit("gr_resolve", controller, [card_id], what="event")
    work.to_graveyard(controller, [card_id], "gr_after")


def _resolve_defeat(work: GrWork, players: list[int]) -> None:
    """12-2d-1: each player linked to the defeat process who still fulfils a defeat condition loses."""
    lost = []
    for seat in players:
        reasons = defeat_reasons(work.state, work.board, seat)
        work.emit("gr_defeat", seat, lost=bool(reasons))
        if reasons:
            loss = defeat_loss(seat, reasons)
            lost.append((loss.seat, loss.rule, loss.reason))
    if lost:
        work.set(lost=lost)


# Turn structure (Section 6) and the attack (Section 8) ---------------------------------------------


def begin_turn(work: GrWork) -> None:
    """The start phase (6-2) up to the main phase: summon and set caps (6-2a), ready the ruler and the
    attack zones (6-2c), the ruler's Start of Turn (6-2f): draw (one fewer on the first player's first
    turn, 6-2f-1), ready resources, gain resources, drive (10-2). Triggers are left to the players."""
    board = work.board
    seat = board.active
    for player in range(2):
        known = numbers(board, player) or {}
        own = player == seat
        board = with_values(
            board,
            player,
            summon_cap=known.get("summon_cap", INFINITE) if own else INFINITE,
            summons=0,
            set_cap=known.get("set_cap", INFINITE) if own else INFINITE,
            sets=0,
        )
    work.board = board.evolve(phase=1, step=0, priority=seat, passes=0).with_data(attacks=0, battle=None)
    work.emit("gr_turn", seat, turn=work.board.turn)
    work.orient([*work.ids("ruler", seat)[:1], *work.ids("attack", seat)], READY, seat)
    known = numbers(work.board, seat) or {}
    draw = known.get("draw", 0) - (1 if work.board.turn == 1 else 0)
    deck = work.ids("deck", seat)
    if draw > 0 and deck:
        work.move(seat, deck[:draw], "hand", seat, kind="draw")
    exhausted = [c for c in work.ids("resource", seat) if work.card(c).orientation == EXHAUSTED]
    count = known.get("ready", 0)
    work.orient(exhausted if count < 0 else exhausted[:count], READY, seat)
    gain_resources(work, seat, known.get("gain", 0))
    if known.get("drive", 0) > 0:
        drive(work, seat, known["drive"], ())
    work.board = work.board.evolve(phase=MAIN, step=0, priority=seat, passes=0)


def gain_resources(work: GrWork, seat: int, count: int) -> None:
    """Put resources from the supply into the resource zone, ready (3-3a-1)."""
    supply = work.ids("supply", seat)
    if count > 0 and supply:
        work.move(seat, supply[:count], "resource", seat, face="up", orientation=READY)


def drive(work: GrWork, seat: int, count: int, hidden: tuple[int, ...]) -> None:
    """Drive the top ``count`` cards of the deck (15-19c). In the driver's own start or main phase they go
    face down to the drive zone (10-2a); at any other time the cards not kept hidden are revealed (10-3a-1)
    and a drive resolution process goes into the gate (10-3c)."""
    deck = work.ids("deck", seat)[:count]
    if not deck:
        work.emit("gr_no_card", seat)
        return
    standard = seat == work.board.active and work.board.phase in (START, MAIN)
    work.move(seat, deck, "drive", seat, face="down", kind="gr_drive", standard=standard)
    if standard:
        return
    shown = [c for index, c in enumerate(deck) if index not in hidden]
    if shown:
        before = work.board
        everyone = work.match.all
        cards = list(before.cards)
        for card_id in shown:
            old = cards[card_id]
            cards[card_id] = Card(old.ref, old.owner, old.controller, True, 0, old.counters, everyone)
        work.board = before.evolve(cards=tuple(cards))
        mentions = tuple(work.mention(card_id, before) for card_id in shown)
        work.events.append(Event("reveal", seat, mentions, {"to": "everyone"}))
    item = {"kind": "drive", "controller": seat, "cards": list(deck)}
    work.emit("gr_drive_process", seat)
    work.board = with_gate(work.board, [item, *gate(work.board)]).evolve(priority=seat, passes=0)


def clear_drive_zone(work: GrWork, seat: int) -> None:
    """6-3c: at the end of the main phase, the cards in the active player's drive zone go to their
    owners' graveyards (driven cards left unused)."""
    if work.data("cleared") == work.board.turn:
        return
    work.set(cleared=work.board.turn)
    cards = list(work.ids("drive", seat))
    if cards:
        work.to_graveyard(seat, cards, "gr_cleanup")


def damage_step(work: GrWork) -> None:
    """The damage step (8-6) and the attack end step (8-7). The card being attacked is the frontmost card
    of the attacked column now (8-4e-1; the declared ruler of a direct attack, 15-34b). If the attacker is
    no longer attacking (8-4e-2) or nothing is being attacked, there is no damage (8-6a); otherwise the
    attacker deals its STK to a ruler (8-6d-1) or its ATK to a unit (8-6d-2) as combat damage (8-6d-3):
    ruler damage adds to the current ruler damage (13-2b-1), unit damage to the unit's current damage
    (13-2b-2). The system process then runs before the attack end step (the ``attack end`` row)."""
    state = work.state
    fight = battle(work.board)
    seat = work.board.active
    other = 1 - seat
    work.set(battle=None, attacks=int(work.data("attacks", 0)) + 1)
    if fight is None:
        return
    board = work.board
    attacker = fight["attacker"]
    target = attacked(state, board, fight)
    if not attacking(state, board, fight):
        work.emit("gr_no_damage", seat, [attacker], why="attacker")
    elif target.card is None:
        work.emit("gr_no_damage", seat, why="target", player=other)
    else:
        amount = combat_amount(state, board, fight, target) or 0
        ruler = target.zone == "ruler"
        moved = target.card != fight["declared"]
        work.emit("gr_combat", seat, [attacker, target.card], amount=amount, ruler=ruler, moved=moved)
        if amount > 0:
            if ruler:
                work.board = with_ruler_damage(board, other, ruler_damage(board, other) + amount)
            else:
                damage = board.cards[target.card].counter("damage") + amount
                work.board = set_counter(board, target.card, "damage", damage)


def end_turn(work: GrWork, previous: int) -> None:
    """The end of a turn (6-5c, 15-24): the drive zone is emptied if the main phase did not (6-3c), every
    unit's current damage becomes 0 (6-5c-1), the counter zones are emptied (15-24e)."""
    if work.data("cleared") != work.board.turn - 1:
        cards = list(work.ids("drive", previous))
        if cards:
            work.to_graveyard(previous, cards, "gr_cleanup")
    for seat in range(2):
        for zone in UNIT_ZONES:
            for card_id in work.ids(zone, seat):
                work.board = set_counter(work.board, card_id, "damage", 0)
        left = list(work.ids("counter", seat))
        if left:
            work.to_graveyard(seat, left, "gr_cleanup")
    work.set(battle=None, counter=None, cleared=None)


def prepare(work: GrWork) -> None:
    """5-3b: each player carries out their ruler's Setup (cards in hand, resources from the supply);
    then the first turn begins with the randomly chosen first player (5-3c, 6-2)."""
    for seat in range(2):
        known = numbers(work.board, seat) or {}
        deck = work.ids("deck", seat)[: known.get("hand", 0)]
        if deck:
            work.move(seat, deck, "hand", seat, kind="draw")
        gain_resources(work, seat, known.get("resources", 0))
    work.set(started=True)
    work.emit("gr_setup", work.board.active)
    begin_turn(work)


# The settle table: what runs without a choice after an accepted action ------------------------------

_RESOLVED_ON_PASSES = ("card", "defeat", "ability", "intercept")
"""The gate items that resolve when both players pass priority in a row (9-3g-1, 9-4c); the others (a
drive process, a ruler damage application process) are resolved by their controller or at once (9-3d)."""


def _changed(work: GrWork, before: Board) -> bool:
    return work.board is not before


def _preparation(work: GrWork) -> bool:
    """5-3b, 5-3c: once both rulers' numbers are known, each Setup is carried out and the first turn
    begins."""
    board = work.board
    if started(board) or numbers(board, 0) is None or numbers(board, 1) is None:
        return False
    prepare(work)
    return True


def _main_phase_cleanup(work: GrWork) -> bool:
    """6-3c: once the main phase is over, the active player's drive zone is emptied (once a turn)."""
    board = work.board
    if board.phase <= MAIN:
        return False
    clear_drive_zone(work, board.active)
    return _changed(work, board)


def _both_passed(work: GrWork) -> bool:
    """Both players passed priority in a row (9-3g-1): resolve the top of the gate (9-4c; the system
    process runs after it, 9-4d, and the gate goes on resolving while nothing was added, 9-4f: the
    ``9-4f`` row). With an empty gate during an attack, the attack goes on: its Intercept step (8-5b,
    8-5c) once, then its damage step (8-6). With an empty gate otherwise, the gate process is over and
    the turn goes on (9-4b, :func:`_close_window`)."""
    if not work.passed or work.board.passes < 2:
        return False
    board = work.board.evolve(passes=0, priority=work.board.active)
    items = gate(board)
    if not items:
        fight = battle(board)
        if board.phase == ATTACK and fight is not None:
            if not fight.get("intercept_step"):
                board = board.with_data(battle={**fight, "intercept_step": True})
                item = _intercept(work.state, board, fight)
                if item is not None:
                    # 8-5b, 8-5c: Intercept triggers and goes into the gate; the players may respond.
                    work.board = with_gate(board, [item]).evolve(passes=0, priority=board.active)
                    work.emit("gr_intercept", item["controller"], [item["card"]])
                    return True
            work.board = board
            damage_step(work)
            work.after_damage = True
            return True
        _close_window(work, board)
        return True
    if items[0]["kind"] in _RESOLVED_ON_PASSES:
        work.chain = len(items)
        work.board = board
        _resolve_top(work, items)
        return True
    work.board = board.evolve(passes=0, priority=holder(board))
    return True


def _close_window(work: GrWork, board: Board) -> None:
    """9-4b: both players passed priority in a row with the gate empty, so the gate process is over and
    the turn goes on from where it was: after the main phase's (6-3b) the attack phase begins (6-4; the
    drive zone is emptied by the cleanup row, 6-3c); after the attack start and declaration steps' (8-3b,
    8-4b) the active player declares an attack or stops (8-4c); after the one that follows the end of
    attacks (8-4c-2b) the attack phase ends and the end phase begins (8-4c-2c, 6-5); after the end
    phase's (6-5b) the turn ends (6-5c, 6-5e). No other gate process with an empty gate waits for
    passes: the declaration is a choice (8-4c), and an attack's windows are the battle's."""
    work.board = board
    seat = board.active
    if board.phase == MAIN:
        work.emit("gr_window", seat, closed="main")
        work.board = board.evolve(phase=ATTACK, step=ATTACK_START)
        next_attack(work)
    elif board.phase == ATTACK and board.step == ATTACK_START:
        work.emit("gr_window", seat, closed="start")
        work.board = board.evolve(step=DECLARE)
        next_attack(work)
    elif board.phase == ATTACK and board.step == ATTACKS_OVER:
        work.emit("gr_window", seat, closed="attacks")
        work.board = board.evolve(phase=END, step=0, priority=seat, passes=0)
    elif board.phase == END:
        work.emit("gr_window", seat, closed="end")
        next_turn(work)


def next_attack(work: GrWork) -> None:
    """8-2a: the attack sub phase is repeated while the active player controls something capable of
    attacking (and, on the first player's first turn, only once, 8-2a-2): a new one begins with the gate
    process of its attack start step (8-3b), or, once those are over, goes on to the declaration
    (8-4c). Otherwise there is no appropriate attacking card (8-4c-2): the attack phase's end comes, with
    its gate process (8-4c-2a, 8-4c-2b). Read from public information only (:func:`.combat.no_attack`)."""
    board = work.board
    why = no_attack(work.state, board)
    if why is None:
        work.board = board.evolve(priority=holder(board), passes=0)
        return
    work.board = board.evolve(step=ATTACKS_OVER, priority=holder(board), passes=0)
    work.emit("gr_no_attack", board.active, rule=why)


def next_turn(work: GrWork) -> None:
    """6-5c, 6-5e: the turn ends (every unit's current damage becomes 0, the drive and counter zones are
    emptied) and the other player becomes the active player; their start phase runs up to their main
    phase (6-2)."""
    previous = work.board.active
    active = 1 - previous
    work.board = work.board.evolve(
        turn=work.board.turn + 1, active=active, phase=START, step=0, priority=active, passes=0
    )
    end_turn(work, previous)
    begin_turn(work)
    work.new_turn = True


def _damage_count(work: GrWork) -> bool:
    """The ``damage`` value the board shows is the number of cards in each player's damage zone (3-13a:
    the damage they have taken, 2-6b, 3-13d), whatever put them there or took them out."""
    board = work.board
    for seat in range(2):
        count = len(zone_ids(work.state, board, "damage", seat))
        if value(board, seat, "damage") != count:
            board = with_values(board, seat, damage=count)
    if board is work.board:
        return False
    work.board = board
    return True


def _quiet(board: Board) -> bool:
    """The system process does nothing once a player has lost (12-2d-1: the game is over, 1-4b, so no new
    defeat process is added or announced) or while a counter-zone card waits for its player (13-6d)."""
    return board.data("lost") is not None or board.data("counter") is not None


def _rules_effects(work: GrWork) -> bool:
    """11-2a, 11-2a-1: rules effects apply until none is left (:func:`rules_effects`)."""
    if _quiet(work.board):
        return False
    return rules_effects(work)


def _gate_without_choice(work: GrWork) -> bool:
    """11-2a then the top of the gate when it needs nobody's choice (9-3d, :func:`auto_resolve`)."""
    if _quiet(work.board):
        return False
    return auto_resolve(work)


def _entered(work: GrWork) -> bool:
    """12-6b: once the system process is done, the unit that just entered play is no longer the most
    recent one for the level cap (unless its player is still choosing). Not a move: the rules effects do
    not run again for it."""
    board = work.board
    if not _quiet(board) and board.data("entered") is not None and board.data("level_wait") is None:
        work.board = board.with_data(entered=None)
    return False


def _attack_end(work: GrWork) -> bool:
    """8-7: after the damage step's system process, the attack ends; another attack sub phase begins
    with its attack start step, or the attack phase ends when nothing can attack (8-2a,
    :func:`next_attack`); priority goes to whoever the rules give it (:func:`holder`)."""
    if not work.after_damage:
        return False
    work.after_damage = False
    work.board = work.board.evolve(step=ATTACK_START)
    next_attack(work)
    return True


def _go_on_resolving(work: GrWork) -> bool:
    """9-4f: after an item resolved and the system process ran, the next item resolves too unless
    something was added to the gate (or a player lost, 12-2d-1); then priority goes to whoever the rules
    give it (9-3b, :func:`holder`)."""
    if work.chain is None:
        return False
    board = work.board
    if board.data("lost") is not None:
        work.chain = None
        return False
    items = gate(board)
    if len(items) >= work.chain or not items or items[0]["kind"] not in _RESOLVED_ON_PASSES:
        work.chain = None
        work.board = board.evolve(passes=0, priority=holder(board))
        return True
    work.chain = len(items)
    _resolve_top(work, items)
    return True


TABLE: tuple[Step[GrWork], ...] = (
    Step("setup", "5-3b, 5-3c", _preparation),
    Step("damage", "3-13a", _damage_count, every=True),
    Step("main-phase cleanup", "6-3c", _main_phase_cleanup, every=True),
    Step("both passed", "9-3g-1, 9-4c", _both_passed, every=True),
    Step("rules effects", "11-2a, 12-1b", _rules_effects, every=True),
    Step("gate without a choice", "9-3d", _gate_without_choice, every=True),
    Step("entered", "12-6b", _entered, every=True),
    Step("attack end", "8-7", _attack_end, every=True),
    Step("9-4f", "9-4f", _go_on_resolving, every=True),
)
"""Gate Ruler's settle table (:func:`engine.match.settle.settle`), in the order the rules run: the
preparation (5-3b) in the setup phase (step ``setup``; a prepared match is never there again), then at
every pass the damage each board shows (3-13a), the main phase's cleanup (6-3c), what both players'
passes in a row start (9-3g-1: the top of the gate resolves, or with the gate empty the turn goes on,
up to the next turn, 6-5e), the system process (11-2a: rules effects, then what needs nobody's choice on
top of the gate), the end of an attack (8-7) and the gate resolving on (9-4f)."""


def settle_work(work: GrWork) -> list[str]:
    """Run :data:`TABLE` on a work (the engine's one settle loop); the rows that moved."""
    return settle_table(work, TABLE, GrWork.step_name, digest=GrWork.digest)


def settle(state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
    """What runs without a choice after an accepted action: Gate Ruler's settle table
    (:data:`.steps.TABLE`) on the engine's one settle loop. Nothing runs before both rulers'
    numbers are known (5-3b)."""
    board = state.board
    if not started(board) and (numbers(board, 0) is None or numbers(board, 1) is None):
        return state, []
    work = GrWork(state, action.version, passed=isinstance(action, PassPriority))
    settle_work(work)
    new, events = work.result()
    if work.new_turn:
        new = new.evolve(undo_used=(0,) * len(state.match.players))  # the undos are per turn
    return new, events
