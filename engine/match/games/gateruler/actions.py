"""Gate Ruler's own actions (type prefix ``gr_``), their handlers and their log lines.

Every handler refuses with one sentence and changes nothing when the rules do not allow the action
(DESIGN.md, Invariants). Card effects stay with the players, who carry them out with the generic
actions (move, draw, search, reveal, flip, counters, attach...) and :class:`GrDamage`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from engine.match.actions import BaseAction, CardAt
from engine.match.apply import HandlerResult, move_cards, refuse, register_handler
from engine.match.events import Event, seen_mask
from engine.match.games.gateruler.data import (
    ATTACK,
    BATTLE,
    DECLARE,
    END,
    INFINITE,
    MAIN,
    RULER_NUMBERS,
    RULER_OPTIONAL,
    RULER_REQUIRED,
    UNIT_ZONES,
    capacity,
    card_type,
    gate,
    numbers,
    ready_resources,
    ref,
    ruler_card,
    slot,
    stat,
    value,
    with_gate,
    with_values,
    zone_ids,
)
from engine.match.games.gateruler.procedures import (
    EXHAUSTED,
    READY,
    drive,
    finish_ruler_damage,
    has_counter,
    mention,
    orient,
    pay,
    set_counter,
    to_graveyard,
)
from engine.match.render import Line, register_line
from engine.match.state import Board, Card, MatchState

Number = Field(default=None, ge=-1, le=999)
UnitZone = Literal["attack", "defense"]


class GrRuler(BaseAction):
    """Setup (5-3b): enter the ruler's numbers its card data does not give (see ``data.RULER_NUMBERS``)."""

    type: Literal["gr_ruler"] = "gr_ruler"
    life: int | None = Number
    attack_zones: int | None = Number
    defense_zones: int | None = Number
    set_zones: int | None = Number
    hand: int | None = Number
    resources: int | None = Number
    summon_cap: int | None = Number
    draw: int | None = Number
    ready: int | None = Number
    gain: int | None = Number
    set_cap: int | None = Number
    drive: int | None = Number


class GrSummon(BaseAction):
    """Normal summon a unit from your hand or drive zone into your attack or defense zones (7-3, 15-17)."""

    type: Literal["gr_summon"] = "gr_summon"
    card: CardAt
    zone: UnitZone = "attack"
    level: int | None = Field(default=None, ge=0, le=99)
    """The resources paid, when the card data gives no level or an effect changes the cost (15-16a-2)."""


class GrPlay(BaseAction):
    """Play an event or field card from your hand, drive zone or set zones into the gate (7-4, 7-6, 7-8),
    or as an instant action with priority (``instant``, 9-3e-2, 9-3e-4)."""

    type: Literal["gr_play"] = "gr_play"
    card: CardAt
    kind: Literal["event", "field"] | None = None
    level: int | None = Field(default=None, ge=0, le=99)
    instant: bool = False


class GrSet(BaseAction):
    """Set a settable card from your hand or drive zone into a set zone, face down (7-5)."""

    type: Literal["gr_set"] = "gr_set"
    card: CardAt
    by_effect: bool = False
    """The card is not an event but an effect makes it settable (7-5a-2)."""


class GrDrive(BaseAction):
    """Drive the top ``count`` cards of your deck (15-19, Section 10). ``hidden``: positions (0 = first
    driven) of settable cards kept hidden in a drive outside your start and main phases (10-3a-1)."""

    type: Literal["gr_drive"] = "gr_drive"
    count: int = Field(default=1, ge=1, le=20)
    hidden: tuple[int, ...] = Field(default=(), max_length=20)


class GrDriveUse(BaseAction):
    """Resolve one card of your drive resolution process (10-4c/d): normal summon it, play it, set it,
    or leave it unused (it goes to the graveyard, 10-4e)."""

    type: Literal["gr_drive_use"] = "gr_drive_use"
    card: CardAt
    use: Literal["summon", "play", "set", "discard"]
    zone: UnitZone = "attack"
    level: int | None = Field(default=None, ge=0, le=99)


class GrRearrange(BaseAction):
    """Move one of your units between your attack and defense zones, or exchange it with ``other`` (7-10)."""

    type: Literal["gr_rearrange"] = "gr_rearrange"
    card: CardAt
    other: CardAt | None = None


class GrAttack(BaseAction):
    """Declare an attack (8-4c): your ready ruler or a ready unit in your attack zones attacks the
    opponent's ruler or a unit frontmost in its column. ``damage``: the attacker's STK (against a ruler)
    or ATK (against a unit) when its card data has none or effects changed it. ``direct``: an effect lets
    it attack the ruler past the defense zone (15-34)."""

    type: Literal["gr_attack"] = "gr_attack"
    attacker: CardAt
    target: CardAt
    damage: int | None = Field(default=None, ge=0, le=999)
    direct: bool = False


class GrEndAttacks(BaseAction):
    """Stop attacking: the attack phase ends (8-4c-2) and the end phase begins."""

    type: Literal["gr_end_attacks"] = "gr_end_attacks"


class GrCounter(BaseAction):
    """Resolve the card a ruler damage application process put in your counter zone (13-6c, 13-6d):
    ``cnt`` whether it has a Counter ability (checked against card data); with one, ``play`` it (it is
    mandatory, 13-6d-1) or, with no valid target, it goes to the graveyard (13-6d-2)."""

    type: Literal["gr_counter"] = "gr_counter"
    cnt: bool = True
    play: bool = True


class GrDamage(BaseAction):
    """Deal damage (15-20) to a ruler (its current ruler damage, 13-2b-1) or a unit (its current damage,
    13-2b-2), as a card's text says."""

    type: Literal["gr_damage"] = "gr_damage"
    target: CardAt
    amount: int = Field(ge=1, le=999)
    anytime: ClassVar[bool] = False


class GrReversal(BaseAction):
    """Damage reversal, "DR N" (15-30): turn N face-up cards of your damage zone face down, all or none."""

    type: Literal["gr_reversal"] = "gr_reversal"
    cards: tuple[CardAt, ...] = Field(min_length=1, max_length=50)


ACTIONS: tuple[type[BaseAction], ...] = (
    GrRuler,
    GrSummon,
    GrPlay,
    GrSet,
    GrDrive,
    GrDriveUse,
    GrRearrange,
    GrAttack,
    GrEndAttacks,
    GrCounter,
    GrDamage,
    GrReversal,
)


# Helpers ---------------------------------------------------------------------------------------------

_LABELS = {
    "hand": "your hand",
    "drive": "your drive zone",
    "set": "your set zones",
    "attack": "your attack zones",
    "defense": "your defense zones",
    "ruler": "your ruler zone",
    "damage": "your damage zone",
}


def pick(
    state: MatchState, at: CardAt, actor: int, zones: tuple[str, ...], own: bool = True
) -> tuple[int, int]:
    """The (slot, card id) of a card named by position, in one of ``zones`` (the actor's own if ``own``)."""
    player = actor if at.player is None else at.player
    if at.zone not in zones or player not in (0, 1):
        refuse("Choose a card in " + " or ".join(_LABELS.get(z, z) for z in zones) + ".")
    if own and player != actor:
        refuse("Choose one of your own cards.")
    where = state.match.slot_of[(at.zone, player)]
    ids = state.board.zones[where]
    if at.index >= len(ids):
        label = state.match.slot_spec[where].label
        refuse(f"There is no card at index {at.index} of that {label} (it holds {len(ids)}).")
    return where, ids[at.index]


def name_of(state: MatchState, board: Board, card_id: int) -> str:
    return ref(state, board, card_id).name


def main_action(state: MatchState, actor: int, what: str) -> None:
    """7-1a, 9-3e-5: standard actions are the active player's, in their main phase, with an empty gate."""
    board = state.board
    if actor != board.active or board.phase != MAIN:
        refuse(f"You can {what} only in your own main phase (7-1a).")
    if gate(board):
        refuse(f"You can {what} only while the gate is empty (9-3e-5); pass priority to resolve it.")


def level_of(state: MatchState, board: Board, card_id: int, entered: int | None) -> int:
    if entered is not None:
        return entered
    printed = stat(state, board, card_id, "level")
    if not isinstance(printed, int):
        refuse(f"Enter the level of {name_of(state, board, card_id)}: its card data has none.")
    return printed


def _check_cost(state: MatchState, board: Board, seat: int, card_id: int, level: int) -> None:
    ready = len(ready_resources(state, board, seat))
    if ready < level:
        refuse(
            f"{name_of(state, board, card_id)} costs {level} resources and you have {ready} ready "
            "(14-4b-6a, 15-15a)."
        )


def _to_gate(
    state: MatchState,
    board: Board,
    seat: int,
    source: int,
    card_id: int,
    dest: str,
    level: int,
    events: list[Event],
) -> Board:
    """14-4b: pay the cost (14-4b-8) and put the card, revealed, into the gate (14-4b-9)."""
    board = pay(state, board, seat, level, events)
    board, event = move_cards(
        state, board, seat, [(source, card_id)], slot(state, "gate", None), face="up", kind="gr_play"
    )
    event.data.update(level=level, dest=dest)
    events.append(event)
    items = [{"kind": "card", "card": card_id, "controller": seat, "dest": dest}, *gate(board)]
    return with_gate(board, items)


def summon(
    state: MatchState,
    board: Board,
    seat: int,
    source: int,
    card_id: int,
    zone: str,
    entered: int | None,
    events: list[Event],
) -> Board:
    """Normal summon (15-17): a unit (7-3a), within the summon cap (15-17a-3), into a zone the ruler gives
    (3-2g-1) that is free, paying its level (14-4b-6a)."""
    kind = card_type(state, board, card_id)
    name = name_of(state, board, card_id)
    if kind not in (None, "unit"):
        refuse(f"{name} is not a unit; only units are normal summoned (7-3a).")
    cap, done = value(board, seat, "summon_cap"), value(board, seat, "summons")
    if cap != INFINITE and done + 1 > cap:
        refuse(f"You have used your summon cap of {cap} this turn (15-17a-3).")
    room = capacity(board, seat, zone) or 0
    label = "attack zones" if zone == "attack" else "defense zones"
    if room == 0:
        refuse(f"Your ruler gives you no {label} (3-8a-1, 3-9a-1).")
    coming = sum(1 for item in gate(board) if item.get("dest") == zone and item["controller"] == seat)
    if len(zone_ids(state, board, zone, seat)) + coming >= room:
        refuse(f"All your {label} hold a unit; rearrange or remove one first (12-4a).")
    level = level_of(state, board, card_id, entered)
    _check_cost(state, board, seat, card_id, level)
    board = with_values(board, seat, summons=done + 1)
    return _to_gate(state, board, seat, source, card_id, zone, level, events)


def play_card(
    state: MatchState,
    board: Board,
    seat: int,
    source: int,
    card_id: int,
    kind: str | None,
    entered: int | None,
    events: list[Event],
) -> Board:
    """Play an event (to the graveyard once resolved, 14-4c) or a field card (to the field zone)."""
    known = card_type(state, board, card_id)
    name = name_of(state, board, card_id)
    if known == "unit":
        refuse(f"{name} is a unit: normal summon it instead (7-3).")
    if known is not None and known not in ("event", "field"):
        refuse(f"{name} is a {known} card, which is not played this way (7-4, 7-6).")
    if known is not None and kind is not None and known != kind:
        refuse(f"{name} is a {known} card, not a {kind} card.")
    kind = known or kind
    if kind is None:
        refuse(f"Say whether {name} is an event or a field card: its card data does not say.")
    level = level_of(state, board, card_id, entered)
    _check_cost(state, board, seat, card_id, level)
    return _to_gate(
        state, board, seat, source, card_id, "field" if kind == "field" else "graveyard", level, events
    )


def set_card(
    state: MatchState,
    board: Board,
    seat: int,
    source: int,
    card_id: int,
    by_effect: bool,
    events: list[Event],
) -> Board:
    """Put a settable card face down into a free set zone (15-4a; 3-10c-1: events, or cards an effect
    makes settable, 7-5a-2)."""
    kind = card_type(state, board, card_id)
    if kind is not None and kind != "event" and not by_effect:
        refuse(f"{name_of(state, board, card_id)} is not an event, so it cannot be set (3-10c-1).")
    room = capacity(board, seat, "set") or 0
    if len(zone_ids(state, board, "set", seat)) >= room:
        refuse("Your ruler gives you no free set zone (3-10a-1, 12-4a).")
    board, event = move_cards(
        state, board, seat, [(source, card_id)], slot(state, "set", seat), face="down", kind="gr_set"
    )
    events.append(event)
    return board


# Handlers --------------------------------------------------------------------------------------------


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
    if merged["life"] < 1:
        refuse("A ruler's life is at least 1 (2-6).")
    for name in RULER_NUMBERS:
        low = -1 if name in ("summon_cap", "set_cap", "ready") else 0
        merged.setdefault(name, RULER_OPTIONAL.get(name, 0))
        if merged[name] < low:
            refuse(f"Your ruler's {name.replace('_', ' ')} cannot be {merged[name]}.")
    board = board.with_data(**{f"ruler{seat}": merged})
    board = with_values(board, seat, life=merged["life"])
    return board, [Event("gr_numbers", seat, (), {"numbers": merged})], None


def ruler_numbers(state: MatchState, board: Board, seat: int) -> dict[str, int]:
    """The numbers a player's ruler card data gives (its stats of the names in ``RULER_NUMBERS``)."""
    ruler = ruler_card(state, board, seat)
    if ruler is None:
        return {}
    card = ref(state, board, ruler)
    return {name: v for name in RULER_NUMBERS if isinstance(v := card.stat(name), int)}


def _summon(state: MatchState, action: GrSummon) -> HandlerResult:
    main_action(state, action.actor, "normal summon a unit")
    source, card_id = pick(state, action.card, action.actor, ("hand", "drive"))
    events: list[Event] = []
    board = summon(state, state.board, action.actor, source, card_id, action.zone, action.level, events)
    return board, events, None


def _play(state: MatchState, action: GrPlay) -> HandlerResult:
    if not action.instant:
        main_action(state, action.actor, "play a standard action card")
    source, card_id = pick(state, action.card, action.actor, ("hand", "drive", "set"))
    events: list[Event] = []
    board = play_card(state, state.board, action.actor, source, card_id, action.kind, action.level, events)
    return board, events, None


def _set(state: MatchState, action: GrSet) -> HandlerResult:
    main_action(state, action.actor, "set a card")
    board = state.board
    seat = action.actor
    source, card_id = pick(state, action.card, seat, ("hand", "drive"))
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
        board = summon(state, board, seat, source, card_id, action.zone, action.level, events)
    elif action.use == "play":
        board = play_card(state, board, seat, source, card_id, None, action.level, events)
    elif action.use == "set":
        board = set_card(state, board, seat, source, card_id, False, events)
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


def _attack(state: MatchState, action: GrAttack) -> HandlerResult:
    """8-4c to 8-4e: choose the attacker and the target, exhaust the attacker, enter the battle."""
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
    target_slot, target = pick(state, action.target, seat, ("ruler", "attack", "defense"), own=False)
    target_zone = state.match.slot_spec[target_slot].name
    if state.match.slot_player[target_slot] != other:
        refuse("Choose one of your opponent's cards as the target (8-4c).")
    if target_zone == "ruler":
        if target != ruler_card(state, board, other):
            refuse("Only the ruler in the ruler zone can be attacked there (8-4c).")
        if zone_ids(state, board, "defense", other) and not action.direct:
            refuse("The ruler is behind a unit in the defense zone; attack that unit (8-4c-1, 3-6e-3a).")
    power = "stk" if target_zone == "ruler" else "atk"
    damage = action.damage
    if damage is None:
        printed = stat(state, board, attacker, power)
        if not isinstance(printed, int):
            refuse(f"Enter the {power.upper()} of {name_of(state, board, attacker)}: its card data has none.")
        damage = printed
    events: list[Event] = []
    board, event = orient(state, board, seat, [attacker], EXHAUSTED)
    if event is not None:
        events.append(event)
    mentions = (mention(state, board, attacker), mention(state, board, target))
    events.append(Event("gr_attack", seat, mentions, {"ruler": target_zone == "ruler", "player": other}))
    fight = {"attacker": attacker, "target": target, "target_zone": target_zone, "damage": damage}
    board = board.with_data(battle=fight).evolve(step=BATTLE, priority=seat, passes=0)
    return board, events, None


def _end_attacks(state: MatchState, action: GrEndAttacks) -> HandlerResult:
    board = state.board
    if action.actor != board.active or board.phase != ATTACK or board.step != DECLARE:
        refuse("You can stop attacking only in your attack phase's declaration step (8-4c-2).")
    if gate(board):
        refuse("The gate must be empty first; pass priority to resolve it (8-4c-2b).")
    board = board.evolve(phase=END, step=0, priority=board.active, passes=0)
    return board, [Event("gr_end_attacks", action.actor)], None


def _counter(state: MatchState, action: GrCounter) -> HandlerResult:
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
        return finish_ruler_damage(state, board, seat, card_id, events), events, None
    items = gate(board)
    board = board.with_data(counter=None)
    if not action.play:
        events.append(Event("gr_no_target", seat, (mention(state, board, card_id),)))
        board = to_graveyard(state, board, seat, [card_id], "gr_counter_done", events)
        return with_gate(board, items[1:]), events, None
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
    (GrCounter, _counter),
    (GrDamage, _damage),
    (GrReversal, _reversal),
):
    register_handler(_type, _handler)


# Log lines -------------------------------------------------------------------------------------------


def _numbers(line: Line) -> str:
    n = line.event.data["numbers"]
    cap = "no set cap" if n["set_cap"] == INFINITE else f"set cap {n['set_cap']}"
    ready = "all" if n["ready"] == INFINITE else n["ready"]
    return (
        f"{line.whose(int(line.event.actor or 0)).capitalize()} ruler: life {n['life']}, "
        f"{n['attack_zones']} attack, {n['defense_zones']} defense and {n['set_zones']} set zones; Setup "
        f"{n['hand']} cards in hand and {n['resources']} resources; summon cap {n['summon_cap']}, {cap}; "
        f"Start of Turn: draw {n['draw']}, ready {ready} resources, gain {n['gain']}, drive {n['drive']} "
        "(5-3b)."
    )


def _play_line(line: Line) -> str:
    data = line.event.data
    dest = data["dest"]
    into = {"attack": " for the attack zones", "defense": " for the defense zones", "field": ""}.get(dest, "")
    cost = f", paying {data['level']} resources" if data["level"] else ""
    return f"{line.subject()} {line.verb('play')} {line.cards()}{into} into the gate{cost} (14-4b)."


def _enter_line(line: Line) -> str:
    where = line.zone(int(line.event.data["to"]))
    return f"{_capital(line.cards())} resolves and enters {where} (14-4c)."


def _resolve_line(line: Line) -> str:
    what = line.event.data["what"]
    if what == "cnt":
        return f"The Counter ability of {line.cards()} resolves (13-6d-3)."
    return f"{_capital(line.cards())} resolves (14-4c)."


def _attack_line(line: Line) -> str:
    names = line.visible()
    attacker = names[0] if names else "a card"
    target = (
        line.whose(int(line.event.data["player"])) + " ruler"
        if line.event.data["ruler"]
        else (names[1] if len(names) > 1 else "a unit")
    )
    return f"{line.subject()} {line.verb('attack')} {target} with {attacker} (8-4)."


def _combat_line(line: Line) -> str:
    data = line.event.data
    names = [line.match.table[r].name if seen & line.bit else "a card" for r, seen in line.event.cards]
    what = "STK" if data["ruler"] else "ATK"
    return f"{names[0]} deals {data['amount']} combat damage ({what}) to {names[1]} (8-6d)."


def _damage_line(line: Line) -> str:
    data = line.event.data
    target = line.cards()
    kind = "ruler damage" if data["ruler"] else "damage"
    return f"{line.subject()} {line.verb('deal')} {data['amount']} {kind} to {target} (15-20, 13-2b)."


def _defeat_line(line: Line) -> str:
    who = " and ".join(line.name(seat) for seat in line.event.data["players"])
    return f"A defeat process for {who} goes into the gate (12-2c)."


def _defeat_resolved(line: Line) -> str:
    if line.event.data["lost"]:
        fulfils, loses = line.verb("fulfil"), line.verb("lose")
        return f"{line.subject()} still {fulfils} a defeat condition and {loses} (12-2d-1)."
    return f"{line.subject()} no longer {line.verb('fulfil')} a defeat condition (12-2d-1)."


def _owner(line: Line, seat: int) -> str:
    """'your' for the viewer, "Bob's" for anyone else (also when Bob is the line's subject)."""
    return "your" if seat == line.viewer else f"{line.match.players[seat]}'s"


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _card_line(rest: str) -> Any:
    """A line that starts with the cards it mentions (as the viewer may see them)."""
    return lambda line: f"{_capital(line.cards())} {rest}."


def _act_line(verb: str, rest: str) -> Any:
    """'You/Bob <verb> <cards> <rest>.'"""
    return lambda line: f"{line.subject()} {line.verb(verb)} {rest.format(cards=line.cards())}."


def _counter_wait(line: Line) -> str:
    seat = int(line.event.actor or 0)
    head = f"{_capital(line.cards())} is in {_owner(line, seat)} counter zone: "
    if line.event.data["known"]:
        return head + "its Counter ability must be played (13-6d-1)."
    return head + f"{line.name(seat)} says whether it has a Counter ability (13-6c, 13-6d)."


def _ruler_damage_line(line: Line) -> str:
    amount = int(line.event.data["amount"])
    processes = "process goes" if amount == 1 else "processes go"
    return (
        f"{amount} ruler damage application {processes} into the gate for "
        f"{_owner(line, int(line.event.actor or 0))} ruler (13-5b)."
    )


def _turn_line(line: Line) -> str:
    return (
        f"Turn {line.event.data['turn']}: {line.name(line.event.actor)} {line.verb('start')} the turn; ruler "
        "and attack zones ready (6-2c), then the ruler's Start of Turn (6-2f)."
    )


_SIMPLE: dict[str, Any] = {
    "gr_ruler_damage": _ruler_damage_line,
    "gr_counter_wait": _counter_wait,
    "gr_counter_play": _act_line("play", "the Counter ability of {cards} (13-6d)"),
    "gr_no_target": lambda line: (
        f"The Counter ability of {line.cards()} has no valid target; the card goes to the graveyard "
        "(13-6d-2)."
    ),
    "gr_no_card": lambda line: (
        f"{line.subject()} {line.verb('have', 'has')} no card left in the deck; nothing happens (1-5b)."
    ),
    "gr_defeat_process": _defeat_line,
    "gr_defeat": _defeat_resolved,
    "gr_numbers": _numbers,
    "gr_play": _play_line,
    "gr_enter": _enter_line,
    "gr_resolve": _resolve_line,
    "gr_gone": _card_line("has left the gate; nothing resolves"),
    "gr_attack": _attack_line,
    "gr_combat": _combat_line,
    "gr_no_damage": lambda line: "No card is attacking or being attacked any more: no combat damage (8-6a).",
    "gr_damage": _damage_line,
    "gr_end_attacks": lambda line: (
        f"{line.subject()} {line.verb('stop')} attacking; the end phase begins (8-4c-2)."
    ),
    "gr_turn": _turn_line,
    "gr_setup": lambda line: (
        f"Both players carried out their ruler's Setup (5-3b); {line.name(line.event.actor)} plays first "
        "(5-3c)."
    ),
    "gr_drive_process": lambda line: (
        f"A drive resolution process of {line.name(line.event.actor)} goes into the gate; nobody can "
        "respond (10-3c, 9-3d)."
    ),
    "gr_drive_done": lambda line: (
        f"The drive resolution process of {line.name(line.event.actor)} ends (10-4b)."
    ),
    "gr_reversal": _act_line("turn", "{cards} of the damage zone face down (DR, 15-30)"),
    "gr_drive": _act_line("drive", "{cards} face down into the drive zone (15-19, 10-2a)"),
    "gr_set": _act_line("set", "{cards} face down (7-5, 15-4a)"),
    "gr_unused": _act_line("leave", "{cards} unused; it goes to the graveyard (10-4e)"),
    "gr_destroyed": _card_line("is destroyed: its damage reached its HP (15-12b)"),
    "gr_overlap": _card_line("goes to the graveyard: one card per zone (12-4a)"),
    "gr_charge_lost": _card_line("is linked to no card and goes to the graveyard (12-5a)"),
    "gr_cleanup": _card_line("goes from the drive or counter zone to the graveyard (6-3c, 15-24)"),
    "gr_counter_done": _card_line("goes from the counter zone to the graveyard (13-6d)"),
    "gr_after": _card_line("goes to the graveyard after resolving (14-4c)"),
}

for _kind, _writer in _SIMPLE.items():
    register_line(_kind, _writer)
