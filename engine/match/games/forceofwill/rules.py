"""Force of Will's procedures: setup, the turn, priority and the chase, will, calling a magic stone,
judgment, battle, rule processes and the loss checks (Comprehensive Rules ver. 12.9).

Game data kept on the board (:meth:`Board.data`), all about public cards:

- ``mull``: seats that made their mulligan decision (405.5);
- ``chase``: the chase's objects, top first: ``("card", id)``, ``("ability", seat, text)`` or
  ``("judgment", seat, id)`` (312, 903.2f, 705.2d); ``resolving``: the object being carried out;
- ``pool``: each player's produced will (907), cleared at will clearance (503.4, 505.5);
- ``called`` / ``judged`` / ``no_battle``: this turn's call (710.1), judgment (705.1) and 803.3;
- ``since``: the cards the turn player controlled at the start of the turn (803.3);
- ``jrulers``: rulers now in the field as J-rulers (705.3a); ``entered``: ATK/DEF entered by players
  for cards in the field, ``(id, atk, def)``, until end of turn;
- ``battle``: the battle in progress (800); ``discard``: cards the turn player must discard (505.5);
- ``deckout``: players who had to draw in their draw phase from an empty deck (1202.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.match.actions import BaseAction, CardAt, PassPriority
from engine.match.apply import HandlerResult, move_cards, pick, refuse, register_handler, shuffle_zone
from engine.match.events import Event, seen_mask
from engine.match.games.forceofwill.actions import (
    Attack,
    Block,
    CallStone,
    DealDamage,
    Discard,
    InitiateBattle,
    Judgment,
    Mulligan,
    PayWill,
    PlayAbility,
    PlayCard,
    Produce,
    Resolve,
)
from engine.match.games.forceofwill.spec import (
    DRAW,
    END,
    ENTITY_TYPES,
    MAIN,
    MAX_HAND,
    OPENING_HAND,
    RECOVERY,
    S_ATTACK,
    S_BATTLE_END,
    S_BATTLE_START,
    S_BLOCK,
    S_DAMAGE,
    S_FIRST_STRIKE,
    S_MAIN,
    SETUP,
    attributes,
    card_type,
    has_keyword,
    stat_int,
)
from engine.match.state import Board, Card, CardRef, MatchState

REST = 1
RECOVER = 0
Entry = tuple[Any, ...]

# Reading game data --------------------------------------------------------------------------------


def chase_entries(board: Board) -> list[Entry]:
    return [tuple(entry) for entry in board.data("chase", ())]


def pool_of(board: Board) -> list[list[str]]:
    return [list(will) for will in board.data("pool", ((), ()))]


def battle_of(board: Board) -> dict[str, Any] | None:
    battle = board.data("battle")
    return None if battle is None else dict(battle)


def jrulers(board: Board) -> set[int]:
    return set(board.data("jrulers", ()))


def entered(board: Board) -> dict[int, tuple[int | None, int | None]]:
    return {int(c): (a, d) for c, a, d in board.data("entered", ())}


def entry_controller(board: Board, entry: Entry) -> int:
    if entry[0] == "card":
        return board.cards[entry[1]].controller
    return int(entry[1])


def field_ids(state: MatchState, board: Board) -> tuple[int, ...]:
    return board.zones[state.match.slot_of[("field", None)]]


def name_of(state: MatchState, card_id: int) -> str:
    return state.match.table[state.board.cards[card_id].ref].name


def ref_of(state: MatchState, board: Board, card_id: int) -> CardRef:
    return state.match.table[board.cards[card_id].ref]


def base_atk_def(state: MatchState, board: Board, card_id: int) -> tuple[int | None, int | None]:
    """ATK and DEF: entered values, else the card's (its J-ruler side's, 1302) stats plus its
    [+100/+100] and [-100/-100] counters (1022)."""
    values = entered(board).get(card_id)
    ref = ref_of(state, board, card_id)
    if card_id in jrulers(board):
        atk, dfn = stat_int(ref, "j_atk"), stat_int(ref, "j_def")
    else:
        atk, dfn = stat_int(ref, "atk"), stat_int(ref, "def")
    card = board.cards[card_id]
    shift = 100 * (card.counter("+100/+100") - card.counter("-100/-100"))
    atk = None if atk is None else atk + shift
    dfn = None if dfn is None else dfn + shift
    if values is not None:
        atk = values[0] if values[0] is not None else atk
        dfn = values[1] if values[1] is not None else dfn
    return atk, dfn


def is_jresonator(state: MatchState, board: Board, card_id: int) -> bool | None:
    """True for a resonator or J-ruler (202.2a), False for another known type, None if unknown."""
    if card_id in jrulers(board):
        return True
    kind = card_type(ref_of(state, board, card_id))
    if kind is None:
        return None
    return kind == "resonator"


def main_timing_problem(state: MatchState, actor: int) -> str | None:
    """701.2: the turn player has priority, it is their main phase, no battle, an empty chase."""
    board = state.board
    if actor != board.active:
        return "only the turn player can do that, at main timing (701.2)"
    if board.phase != MAIN or board.step != S_MAIN:
        return "that needs main timing: your main phase, outside a battle (701.2)"
    if chase_entries(board):
        return "that needs main timing: the chase must be empty (701.2)"
    return None


def _need_main_timing(state: MatchState, actor: int, what: str) -> None:
    problem = main_timing_problem(state, actor)
    if problem:
        refuse(f"You can't {what} now: {problem}.")


def _mention(state: MatchState, board: Board, card_id: int, after: Board | None = None) -> tuple[int, int]:
    before = board.cards[card_id].known
    now = (after or board).cards[card_id].known
    return (board.cards[card_id].ref, seen_mask(before, now, state.match.all))


def _with_card(board: Board, card_id: int, **changes: Any) -> Board:
    old = board.cards[card_id]
    fields = {
        "ref": old.ref,
        "owner": old.owner,
        "controller": old.controller,
        "face_up": old.face_up,
        "orientation": old.orientation,
        "counters": old.counters,
        "known": old.known,
    }
    fields.update(changes)
    cards = list(board.cards)
    cards[card_id] = Card(**fields)
    return board.evolve(cards=tuple(cards))


def _set_life(state: MatchState, board: Board, seat: int, life: int) -> Board:
    index = list(state.match.spec.player_values).index("life")
    values = list(board.values)
    row = list(values[seat])
    row[index] = life
    values[seat] = tuple(row)
    return board.evolve(values=tuple(values))


def _value(state: MatchState, board: Board, seat: int, name: str) -> int:
    return board.values[seat][list(state.match.spec.player_values).index(name)]


def _pay(board: Board, seat: int, payment: Sequence[str]) -> Board:
    """1003: remove the will from the player's produced will, all or nothing (1003.4)."""
    if not payment:
        return board
    pools = pool_of(board)
    pool = list(pools[seat])
    for will in [w for w in payment if w != "any"] + [w for w in payment if w == "any"]:
        if will == "any":
            if not pool:
                refuse(f"You can't pay that: your produced will is {_will_text(pools[seat])} (1003.4).")
            pool.pop()
        elif will in pool:
            pool.remove(will)
        else:
            refuse(f"You can't pay that: your produced will is {_will_text(pools[seat])} (1003.4).")
    pools[seat] = pool
    return board.with_data(pool=pools)


def _will_text(pool: Sequence[str]) -> str:
    return ", ".join(pool) if pool else "empty"


def _own_card(state: MatchState, at: CardAt, actor: int, zones: Sequence[str], what: str) -> tuple[int, int]:
    slot, card_id = pick(state, at, actor)
    zone = state.match.slot_spec[slot].name
    card = state.board.cards[card_id]
    if zone not in zones or card.controller != actor:
        where = " or ".join(z.replace("_", " ") for z in zones)
        refuse(f"{what} must be a card you control in your {where}.")
    return slot, card_id


def _step_event(phase: int, step: int) -> Event:
    return Event("step", None, (), {"phase": phase, "step": step})


# Setup (405) -------------------------------------------------------------------------------------


def setup(state: MatchState) -> MatchState:
    """405.1-405.5: rulers are in the ruler area and both decks shuffled (generic setup); life is
    4000 (405.3, the spec's value); each player takes the top five cards (405.5); the non-first player
    starts with a will coin token ([Energize], 1119.2). Then the mulligan decisions, first player first."""
    board = state.board
    first = board.active
    for seat in range(2):
        deck = state.match.slot_of[("deck", seat)]
        hand = state.match.slot_of[("hand", seat)]
        picks = [(deck, card) for card in board.zones[deck][:OPENING_HAND]]
        board, _ = move_cards(state, board, seat, picks, hand, kind="draw")
    index = list(state.match.spec.player_values).index("will_coins")
    values = [list(row) for row in board.values]
    values[1 - first][index] = 1
    board = board.evolve(values=tuple(tuple(row) for row in values), phase=SETUP, step=0, priority=first)
    board = board.with_data(mull=[], pool=[[], []], chase=[], jrulers=[], entered=[])
    return state.evolve(board=board)


def _mulligan(state: MatchState, action: Mulligan) -> HandlerResult:
    actor = action.actor
    board = state.board
    match = state.match
    if board.phase != SETUP:
        refuse("A mulligan is only before the first turn (405.5).")
    done = list(board.data("mull", ()))
    if actor in done:
        refuse("You have already made your mulligan decision (405.5a: one mulligan).")
    hand = match.slot_of[("hand", actor)]
    deck = match.slot_of[("deck", actor)]
    ids = board.zones[hand]
    if len(set(action.cards)) != len(action.cards):
        refuse("The same card is chosen twice.")
    for index in action.cards:
        if index >= len(ids):
            refuse(f"There is no card at index {index} of your hand (it holds {len(ids)}).")
    events = [Event("fow_mulligan", actor, (), {"count": len(action.cards)})]
    if action.cards:
        picks = [(hand, ids[i]) for i in action.cards]
        board, event = move_cards(state, board, actor, picks, deck, "top")
        events.append(event)
        board, event = shuffle_zone(state, board, deck, actor, action.version)
        events.append(event)
        drawn = [(deck, card) for card in board.zones[deck][: len(action.cards)]]
        board, event = move_cards(state, board, actor, drawn, hand, kind="draw")
        events.append(event)
    done.append(actor)
    board = board.with_data(mull=done)
    if len(done) < 2:
        return board.evolve(priority=1 - actor, passes=0), events, None
    # 405.6: the first player becomes the turn player and turn 1 begins; 502.4: no draw this time.
    board = board.evolve(phase=DRAW, step=0, priority=board.active, passes=0)
    board = board.with_data(since=_controlled(state, board, board.active))
    events.append(_step_event(DRAW, 0))
    events.append(Event("fow_first_draw", board.active))
    return board, events, None


def _controlled(state: MatchState, board: Board, seat: int) -> list[int]:
    field = [c for c in field_ids(state, board) if board.cards[c].controller == seat]
    return sorted(field + list(board.zones[state.match.slot_of[("ruler_area", seat)]]))


# Will, stones, playing --------------------------------------------------------------------------


def _call_stone(state: MatchState, action: CallStone) -> HandlerResult:
    """710.1: rest the ruler or J-ruler, put the top card of the magic stone deck into the field."""
    actor = action.actor
    board = state.board
    match = state.match
    _need_main_timing(state, actor, "call a magic stone")
    if board.data("called"):
        refuse("You have already called a magic stone this turn (710.1).")
    if board.data("judged"):
        refuse("You can't call a magic stone in a turn you played a judgment process (710.1).")
    if action.ruler is not None:
        _, ruler = _own_card(state, action.ruler, actor, ("ruler_area", "field"), "The ruler you rest")
        if match.slot_spec[_slot_of(board, ruler)].name == "field" and ruler not in jrulers(board):
            refuse("Only your ruler or J-ruler can be rested to call a magic stone (710.1).")
    else:
        area = board.zones[match.slot_of[("ruler_area", actor)]]
        mine = [
            c for c in field_ids(state, board) if c in jrulers(board) and board.cards[c].controller == actor
        ]
        choices = [c for c in (*area, *mine) if board.cards[c].orientation == RECOVER]
        if not choices:
            refuse("Your ruler or J-ruler must be recovered to call a magic stone (710.1).")
        ruler = choices[0]
    card = board.cards[ruler]
    if card.orientation != RECOVER:
        refuse(f"{name_of(state, ruler)} is rested: calling a magic stone rests a recovered ruler (710.1).")
    if not card.face_up:
        refuse("A ruler under contract can't be rested to call a magic stone (710.1a).")
    stones = match.slot_of[("stone_deck", actor)]
    if not board.zones[stones]:
        refuse("Your magic stone deck is empty.")
    rested = _with_card(board, ruler, orientation=REST)
    stone = board.zones[stones][0]
    new, moved = move_cards(
        state, rested, actor, [(stones, stone)], match.slot_of[("field", None)], face="up"
    )
    new = new.with_data(called=True)
    event = Event("fow_call", actor, (_mention(state, board, ruler), moved.cards[0]))
    return new, [event], None


def _slot_of(board: Board, card_id: int) -> int:
    for slot, ids in enumerate(board.zones):
        if card_id in ids:
            return slot
    raise AssertionError(f"card {card_id} is in no zone")


def _produce(state: MatchState, action: Produce) -> HandlerResult:
    """907, 202.4e: rest recovered magic stones (each its own will ability) to produce their will;
    1119.2: banish the will coin token."""
    actor = action.actor
    board = state.board
    match = state.match
    if action.coin == bool(action.cards):
        refuse("Produce will either from cards (cards) or from your will coin (coin), one of them.")
    produced: list[str] = []
    mentions: list[tuple[int, int]] = []
    if action.coin:
        coins = _value(state, board, actor, "will_coins")
        if coins <= 0:
            refuse("You have no will coin token (1119.2).")
        ruler_attrs: list[str] = []
        for card_id in board.zones[match.slot_of[("ruler_area", actor)]]:
            ruler_attrs += attributes(ref_of(state, board, card_id))
        allowed = sorted(set(ruler_attrs)) or ["void"]
        will = action.will or (allowed[0] if len(allowed) == 1 else None)
        if will is None:
            refuse(f"Say which will your coin produces: one of {', '.join(allowed)} (1119.2).")
        if ruler_attrs and will not in allowed:
            refuse(f"Your will coin produces one of your ruler's attributes: {', '.join(allowed)} (1119.2).")
        index = list(match.spec.player_values).index("will_coins")
        values = [list(row) for row in board.values]
        values[actor][index] = coins - 1
        board = board.evolve(values=tuple(tuple(row) for row in values))
        produced.append(str(will))
    else:
        picked = [_own_card(state, at, actor, ("field",), "A card producing will")[1] for at in action.cards]
        if len(set(picked)) != len(picked):
            refuse("The same card is chosen twice.")
        for card_id in picked:
            if board.cards[card_id].orientation != RECOVER:
                refuse(f"{name_of(state, card_id)} is rested; only a recovered card can be rested (1013.3).")
            attrs = attributes(ref_of(state, board, card_id))
            will = action.will or (attrs[0] if len(attrs) == 1 else None)
            if will is None:
                refuse(f"Say which will {name_of(state, card_id)} produces (202.4e).")
            mentions.append(_mention(state, board, card_id))
            board = _with_card(board, card_id, orientation=REST)
            produced.append(str(will))
    pools = pool_of(board)
    pools[actor] += produced
    board = board.with_data(pool=pools)
    data = {"will": produced, "coin": action.coin}
    return board, [Event("fow_produce", actor, tuple(mentions), data)], None


def _pay_will(state: MatchState, action: PayWill) -> HandlerResult:
    board = _pay(state.board, action.actor, action.will)
    return board, [Event("fow_pay", action.actor, (), {"will": list(action.will)})], None


_MAIN_TIMING_TYPES = ("resonator", "addition", "regalia", "rune")


def _play_card(state: MatchState, action: PlayCard) -> HandlerResult:
    """903.2: move the card to the chase (a spell, 312.3) and pay its cost; 604: when it may be played."""
    actor = action.actor
    board = state.board
    match = state.match
    slot, card_id = pick(state, action.card, actor)
    zone = match.slot_spec[slot].name
    if match.slot_player[slot] != actor:
        refuse("You can only play cards from your own zones.")
    if zone in ("field", "ruler_area", "chase"):
        refuse(
            f"{name_of(state, card_id)} is already in the {match.slot_spec[slot].label}; it can't be played."
        )
    ref = ref_of(state, board, card_id)
    kind = card_type(ref)
    if kind in ("magic stone", "ruler"):
        refuse(f"A {kind} is not played as a spell (202.2).")
    if not has_keyword(ref, "quickcast") and kind in (*_MAIN_TIMING_TYPES, "chant"):
        _need_main_timing(state, actor, f"play a {kind} without [Quickcast]")
    board = _pay(board, actor, action.pay)
    new, moved = move_cards(
        state, board, actor, [(slot, card_id)], match.slot_of[("chase", None)], "top", "up"
    )
    new = new.with_data(chase=[("card", card_id), *chase_entries(board)])
    return new, [Event("fow_play", actor, moved.cards, {"pay": list(action.pay)})], None


def _play_ability(state: MatchState, action: PlayAbility) -> HandlerResult:
    actor = action.actor
    board = state.board
    mentions: tuple[tuple[int, int], ...] = ()
    if action.source is not None:
        _, source = pick(state, action.source, actor)
        mentions = (_mention(state, board, source),)
    board = _pay(board, actor, action.pay)
    board = board.with_data(chase=[("ability", actor, action.text), *chase_entries(board)])
    return board, [Event("fow_ability", actor, mentions, {"text": action.text})], None


def _resolve(state: MatchState, action: Resolve) -> HandlerResult:
    """605.1, 702.3, 703.3: finish carrying out the top of the chase; the turn player gains priority."""
    board = state.board
    match = state.match
    entry = board.data("resolving")
    if entry is None:
        refuse(
            "Nothing on the chase is resolving; both players pass in succession to resolve its top (605.1)."
        )
    entry = tuple(entry)
    controller = entry_controller(board, entry)
    if action.actor != controller:
        refuse(f"{match.players[controller]} carries out this object and finishes its resolution.")
    events: list[Event] = []
    chase = chase_entries(board)
    if entry[0] == "card" and entry[1] in board.zones[match.slot_of[("chase", None)]]:
        card_id = entry[1]
        kind = card_type(ref_of(state, board, card_id))
        to = action.to or ("field" if kind in ENTITY_TYPES else "graveyard" if kind else None)
        if to is None:
            refuse(f"Say where {name_of(state, card_id)} goes (to): the card data gives no type.")
        owner = board.cards[card_id].owner
        dest = match.slot_of[(to, None if to == "field" else owner)]
        chase_slot = match.slot_of[("chase", None)]
        board, moved = move_cards(state, board, controller, [(chase_slot, card_id)], dest)
        events.append(Event("fow_resolved", controller, moved.cards, {"to": dest}))
        chase = [e for e in chase if e != entry]
    else:
        events.append(Event("fow_resolved", controller, (), {"to": None, "text": _entry_text(entry)}))
        if chase and chase[0] == entry:
            chase = chase[1:]
    board = board.with_data(chase=chase, resolving=None).evolve(priority=board.active, passes=0)
    return board, events, None


def _entry_text(entry: Entry) -> str:
    if entry[0] == "ability":
        return str(entry[2])
    if entry[0] == "judgment":
        return "judgment"
    return ""


# Judgment (705) ---------------------------------------------------------------------------------


def _judgment(state: MatchState, action: Judgment) -> HandlerResult:
    actor = action.actor
    board = state.board
    match = state.match
    _need_main_timing(state, actor, "play a judgment process")
    if board.data("judged"):
        refuse("You have already played a judgment process this turn (705.1).")
    if action.ruler is not None:
        _, ruler = _own_card(state, action.ruler, actor, ("ruler_area",), "The ruler doing judgment")
    else:
        area = board.zones[match.slot_of[("ruler_area", actor)]]
        if not area:
            refuse("You have no ruler in your ruler area (705.1).")
        ruler = area[0]
    card = board.cards[ruler]
    if card.orientation != RECOVER:
        refuse(f"{name_of(state, ruler)} is rested: judgment needs a recovered ruler (705.1).")
    if card.counter("astral"):
        refuse(f"{name_of(state, ruler)} is astral: it can't do judgment (1024.2).")
    if card_type(ref_of(state, board, ruler)) not in (None, "ruler"):
        refuse(f"{name_of(state, ruler)} is not a ruler (705.1).")
    board = _pay(board, actor, action.pay)
    board = board.with_data(chase=[("judgment", actor, ruler), *chase_entries(board)], judged=True)
    return board, [Event("fow_judgment", actor, (_mention(state, board, ruler),))], None


def _resolve_judgment(state: MatchState, board: Board, entry: Entry) -> tuple[Board, list[Event]]:
    """705.3a: the ruler goes into the field J-ruler side up (orientation kept, 1304.6, 302.3)."""
    seat, ruler = int(entry[1]), int(entry[2])
    match = state.match
    area = match.slot_of[("ruler_area", seat)]
    chase = [e for e in chase_entries(board) if e != entry]
    board = board.with_data(chase=chase)
    if ruler not in board.zones[area]:
        return board, [Event("fow_resolved", seat, (), {"to": None, "text": "judgment"})]
    board, moved = move_cards(state, board, seat, [(area, ruler)], match.slot_of[("field", None)])
    board = board.with_data(jrulers=sorted(jrulers(board) | {ruler}))
    return board, [Event("fow_jruler", seat, moved.cards)]


# Battle (800) -----------------------------------------------------------------------------------


def _initiate_battle(state: MatchState, action: InitiateBattle) -> HandlerResult:
    board = state.board
    _need_main_timing(state, action.actor, "initiate a battle")
    if board.data("no_battle"):
        refuse("You forfeited an attack the opponent did not answer: no more battles this turn (803.3).")
    board = board.with_data(battle={"declared": False, "acted": False}).evolve(
        step=S_BATTLE_START, priority=board.active, passes=0
    )
    return board, [Event("fow_battle", action.actor), _step_event(MAIN, S_BATTLE_START)], None


def _stats_for(
    state: MatchState, card_id: int, atk: int | None, dfn: int | None, rule: str
) -> tuple[int, int]:
    base_atk, base_def = base_atk_def(state, state.board, card_id)
    atk = base_atk if atk is None else atk
    dfn = base_def if dfn is None else dfn
    if atk is None or dfn is None:
        missing = "ATK" if atk is None else "DEF"
        refuse(f"Enter {name_of(state, card_id)}'s {missing}: the card data does not give it ({rule}).")
    return atk, dfn


def _enter(board: Board, values: Sequence[tuple[int, int, int]]) -> Board:
    current = entered(board)
    for card_id, atk, dfn in values:
        current[card_id] = (atk, dfn)
    return board.with_data(entered=sorted([c, a, d] for c, (a, d) in current.items()))


def _attack(state: MatchState, action: Attack) -> HandlerResult:
    """803.3-803.4: choose the attacker and the attacked object, rest the attacker."""
    actor = action.actor
    board = state.board
    battle = battle_of(board)
    if board.phase != MAIN or board.step != S_ATTACK or battle is None:
        refuse("You attack in the declare attack step of a battle (803.3); initiate a battle first.")
    if actor != board.active:
        refuse("Only the turn player attacks (803.3).")
    if battle.get("declared"):
        refuse("An attack is already declared in this battle (801: one attacker per battle).")
    if chase_entries(board):
        refuse("Resolve the chase before declaring the attack (803.2).")
    _, attacker = _own_card(state, action.attacker, actor, ("field",), "The attacker")
    name = name_of(state, attacker)
    if is_jresonator(state, board, attacker) is False:
        refuse(f"{name} is not a J/resonator; only J/resonators attack (803.3).")
    if board.cards[attacker].orientation != RECOVER:
        refuse(f"{name} is rested; the attacker must be recovered (803.3).")
    ref = ref_of(state, board, attacker)
    keywords = set(action.keywords) | {
        k for k in ("first_strike", "multi_strike", "flying", "swiftness", "precision") if has_keyword(ref, k)
    }
    if attacker not in set(board.data("since", ())) and "swiftness" not in keywords:
        refuse(f"{name} has not been under your control since the start of the turn (803.3, 1108).")
    atk, dfn = _stats_for(state, attacker, action.atk, action.defense, "803.3")
    values = [(attacker, atk, dfn)]
    target: tuple[str, int]
    if action.target is None:
        target = ("player", 1 - actor)
    else:
        _, target_id = pick(state, action.target, actor)
        tname = name_of(state, target_id)
        if target_id not in field_ids(state, board) or board.cards[target_id].controller != 1 - actor:
            refuse(f"{tname} is not a J/resonator your opponent controls in the field (803.3).")
        if is_jresonator(state, board, target_id) is False:
            refuse(f"{tname} is not a J/resonator; it can't be attacked (803.3).")
        if board.cards[target_id].orientation != REST and "precision" not in keywords:
            refuse(f"{tname} is recovered; only a rested J/resonator can be attacked (803.3, 1165).")
        t_atk, t_def = _stats_for(state, target_id, action.target_atk, action.target_defense, "803.3")
        values.append((target_id, t_atk, t_def))
        target = ("card", target_id)
    board = _with_card(board, attacker, orientation=REST)
    board = _enter(board, values)
    battle.update(
        declared=True,
        attacker=attacker,
        target=target,
        first_strike="first_strike" in keywords,
        multi_strike="multi_strike" in keywords,
        flying="flying" in keywords,
        struck=False,
    )
    board = board.with_data(battle=battle).evolve(priority=board.active, passes=0)
    mentions = [_mention(state, board, attacker)]
    if target[0] == "card":
        mentions.append(_mention(state, board, target[1]))
    data = {"target": list(target), "atk": atk}
    return board, [Event("fow_attack", actor, tuple(mentions), data)], None


def _block(state: MatchState, action: Block) -> HandlerResult:
    """804.3-804.4: the non-turn player blocks with a recovered J/resonator, resting it."""
    actor = action.actor
    board = state.board
    battle = battle_of(board)
    if board.phase != MAIN or board.step != S_BLOCK or battle is None or battle.get("attacker") is None:
        refuse("You block in the declare block step, against an attacking J/resonator (804.3).")
    if actor == board.active:
        refuse("Only the non-turn player blocks (804.3).")
    if battle.get("blocker") is not None:
        refuse("A blocker is already declared in this battle (804.3).")
    if chase_entries(board):
        refuse("Resolve the chase before declaring a block (804.2).")
    _, blocker = _own_card(state, action.blocker, actor, ("field",), "The blocker")
    name = name_of(state, blocker)
    if is_jresonator(state, board, blocker) is False:
        refuse(f"{name} is not a J/resonator; only J/resonators block (804.3).")
    if board.cards[blocker].orientation != RECOVER:
        refuse(f"{name} is rested; the blocker must be recovered (804.3).")
    target = tuple(battle["target"])
    if target == ("card", blocker):
        refuse(f"{name} is the attacked J/resonator; it can't block (804.4).")
    flying = action.flying or has_keyword(ref_of(state, board, blocker), "flying")
    if battle.get("flying") and not flying:
        refuse("The attacker has [Flying]: only a J/resonator with [Flying] can block it (1107.2).")
    atk, dfn = _stats_for(state, blocker, action.atk, action.defense, "804.4")
    board = _enter(_with_card(board, blocker, orientation=REST), [(blocker, atk, dfn)])
    battle["blocker"] = blocker
    board = board.with_data(battle=battle).evolve(priority=board.active, passes=0)
    return board, [Event("fow_block", actor, (_mention(state, board, blocker),), {"atk": atk})], None


def _battle_damage(state: MatchState, board: Board, first_step: bool) -> tuple[Board, list[Event]]:
    """805.2 / 806.2: the attacker deals damage equal to its ATK to the blocker, else to the attacked
    object; in the normal step the blocker (or an attacked J/resonator) deals its ATK to the attacker
    (806.2d). All at once (1007.3); to a player, life decreases (1007.2).

    806.2d sits under 806.2, which read literally would stop a blocker from striking back at a
    [First Strike] attacker; we take the intended reading: a surviving blocker strikes back in the
    normal step."""
    battle = battle_of(board)
    assert battle is not None
    attacker = battle.get("attacker")
    if attacker is None:
        return board, []
    blocker = battle.get("blocker")
    target = tuple(battle["target"])
    deals = (first_step and (battle["first_strike"] or battle["multi_strike"])) or (
        not first_step and (not battle["struck"] or battle["multi_strike"])
    )
    hits: list[tuple[int, tuple[str, int], int]] = []
    atk, _ = base_atk_def(state, board, attacker)
    if deals and atk is not None and atk > 0:
        to = ("card", blocker) if blocker is not None else target
        hits.append((attacker, to, atk))
    if not first_step:
        defender = blocker if blocker is not None else (target[1] if target[0] == "card" else None)
        if defender is not None:
            d_atk, _ = base_atk_def(state, board, defender)
            if d_atk is not None and d_atk > 0:
                hits.append((defender, ("card", attacker), d_atk))
    if first_step:
        battle["struck"] = True
    board = board.with_data(battle=battle)
    if not hits:
        return board, []
    order: list[int] = []
    for source, to, _ in hits:
        for card_id in (source, to[1] if to[0] == "card" else None):
            if card_id is not None and card_id not in order:
                order.append(card_id)
    mentions = tuple(_mention(state, board, card_id) for card_id in order)
    data_hits = []
    for source, to, amount in hits:
        if to[0] == "player":
            seat = to[1]
            board = _set_life(state, board, seat, _value(state, board, seat, "life") - amount)
            data_hits.append(
                [order.index(source), "player", seat, amount, _value(state, board, seat, "life")]
            )
        else:
            board = _add_damage(board, to[1], amount)
            data_hits.append([order.index(source), "card", order.index(to[1]), amount, 0])
    return board, [Event("fow_battle_damage", None, mentions, {"hits": data_hits, "first": first_step})]


def _add_damage(board: Board, card_id: int, amount: int) -> Board:
    card = board.cards[card_id]
    counters = dict(card.counters)
    counters["damage"] = counters.get("damage", 0) + amount
    return _with_card(board, card_id, counters=tuple(sorted(counters.items())))


def _deal_damage(state: MatchState, action: DealDamage) -> HandlerResult:
    """1007: damage from an effect to a J/resonator or a player."""
    board = state.board
    if (action.card is None) == (action.player is None):
        refuse("Deal the damage either to a card (card) or to a player (player), one of them.")
    if action.player is not None:
        life = _value(state, board, action.player, "life") - action.amount
        board = _set_life(state, board, action.player, life)
        data = {"player": action.player, "amount": action.amount, "life": life}
        return board, [Event("fow_damage", action.actor, (), data)], None
    assert action.card is not None
    slot, card_id = pick(state, action.card, action.actor)
    if state.match.slot_spec[slot].name != "field":
        refuse("Damage is dealt to J/resonators in the field (1007.1).")
    if action.amount:
        board = _add_damage(board, card_id, action.amount)
    data = {"player": None, "amount": action.amount}
    return board, [Event("fow_damage", action.actor, (_mention(state, board, card_id),), data)], None


# The end of the turn and the next turn (505, 502, 503) ----------------------------------------


def _discard(state: MatchState, action: Discard) -> HandlerResult:
    board = state.board
    need = int(board.data("discard", 0))
    if not need:
        refuse("You discard down to your maximum hand size only at the end of your turn (505.5).")
    if len(action.cards) != need:
        refuse(f"Discard exactly {need} card{'s' if need != 1 else ''} to keep {MAX_HAND} (505.5).")
    if len(set(action.cards)) != len(action.cards):
        refuse("The same card is chosen twice.")
    match = state.match
    hand = match.slot_of[("hand", action.actor)]
    ids = board.zones[hand]
    for index in action.cards:
        if index >= len(ids):
            refuse(f"There is no card at index {index} of your hand (it holds {len(ids)}).")
    picks = [(hand, ids[i]) for i in action.cards]
    board, moved = move_cards(state, board, action.actor, picks, match.slot_of[("graveyard", action.actor)])
    events = [Event("fow_discard", action.actor, moved.cards)]
    board = board.with_data(discard=None)
    board, more = next_turn(state, board)
    return board, events + more, {"undo_used": (0, 0)}


def end_of_turn(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """505.5: damage on J/resonators becomes 0, "until end of turn" values end, will clearance, then
    the turn player discards down to the maximum hand size (a choice: the game waits for it)."""
    cards = list(board.cards)
    for card_id in field_ids(state, board):
        card = cards[card_id]
        if card.counter("damage"):
            counters = tuple(p for p in card.counters if p[0] != "damage")
            cards[card_id] = Card(
                card.ref, card.owner, card.controller, card.face_up, card.orientation, counters, card.known
            )
    board = board.evolve(cards=tuple(cards)).with_data(entered=[], pool=[[], []])
    hand = board.zones[state.match.slot_of[("hand", board.active)]]
    if len(hand) > MAX_HAND:
        need = len(hand) - MAX_HAND
        board = board.with_data(discard=need).evolve(priority=board.active, passes=0)
        return board, [Event("fow_hand_size", board.active, (), {"count": need})]
    return next_turn(state, board)


def next_turn(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """505.6: the other player becomes the turn player; 502.4: they draw a card (a player who must draw
    from an empty deck in their draw phase loses, 1202.2)."""
    match = state.match
    previous = board.active
    active = 1 - previous
    board = board.evolve(turn=board.turn + 1, active=active, phase=DRAW, step=0, priority=active, passes=0)
    board = board.with_data(called=None, judged=None, no_battle=None, battle=None, pool=[[], []])
    board = board.with_data(since=_controlled(state, board, active))
    events = [Event("turn", previous, (), {"turn": board.turn, "active": active})]
    deck = match.slot_of[("deck", active)]
    ids = board.zones[deck]
    if not ids:
        board = board.with_data(deckout=sorted({*board.data("deckout", ()), active}))
        events.append(Event("fow_deckout", active))
    else:
        board, drawn = move_cards(
            state, board, active, [(deck, ids[0])], match.slot_of[("hand", active)], kind="draw"
        )
        events.append(drawn)
    return board, events


def recovery(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """503.1: skipped on a player's first turn (produced will ceases to exist); otherwise will
    clearance (503.4) and the turn player recovers every card they control in the field and their ruler
    area (503.5). Then the main phase (504)."""
    seat = board.active
    events = [_step_event(RECOVERY, 0)]
    board = board.with_data(pool=[[], []])
    if board.turn <= 2:
        events.append(Event("fow_recovery", seat, (), {"skipped": True, "count": 0}))
    else:
        match = state.match
        ids = [c for c in field_ids(state, board) if board.cards[c].controller == seat]
        ids += list(board.zones[match.slot_of[("ruler_area", seat)]])
        cards = list(board.cards)
        count = 0
        for card_id in ids:
            card = cards[card_id]
            if card.orientation != RECOVER:
                count += 1
                cards[card_id] = Card(
                    card.ref, card.owner, card.controller, card.face_up, RECOVER, card.counters, card.known
                )
        board = board.evolve(cards=tuple(cards))
        events.append(Event("fow_recovery", seat, (), {"skipped": False, "count": count}))
    board = board.evolve(phase=MAIN, step=S_MAIN, priority=seat, passes=0)
    events.append(_step_event(MAIN, S_MAIN))
    return board, events


# Priority: both players pass in succession (605.1) -----------------------------------------------


def double_pass(state: MatchState, board: Board) -> tuple[Board, list[Event], bool]:
    """605.1: with objects on the chase, its top resolves (the players carry it out; a judgment
    process is carried out here, 705.3a) and the turn player gains priority; with an empty chase, the
    priority sequence ends and the game moves on. Returns whether the turn passed."""
    chase = chase_entries(board)
    if chase:
        top = chase[0]
        if top[0] == "judgment":
            board, events = _resolve_judgment(state, board, top)
            return board.evolve(priority=board.active, passes=0), events, False
        controller = entry_controller(board, top)
        board = board.with_data(resolving=top).evolve(priority=controller, passes=0)
        mentions = (_mention(state, board, top[1]),) if top[0] == "card" else ()
        return board, [Event("fow_resolving", controller, mentions, {"text": _entry_text(top)})], False
    return advance(state, board)


def advance(state: MatchState, board: Board) -> tuple[Board, list[Event], bool]:
    """Move on after a priority sequence ends with an empty chase (500, 800)."""
    active = board.active
    phase, step = board.phase, board.step
    if phase == DRAW:
        board, events = recovery(state, board)
        return board, events, False
    if phase == END:
        board, events = end_of_turn(state, board)
        return board, events, board.data("discard") is None
    battle = battle_of(board)
    events: list[Event] = []
    if step == S_MAIN:
        board = board.evolve(phase=END, step=0, priority=active, passes=0)
        return board, [_step_event(END, 0)], False
    assert battle is not None
    if step == S_BATTLE_START:
        nxt = S_ATTACK
    elif step == S_ATTACK:
        if battle.get("declared"):
            nxt = S_BLOCK
        else:
            # 803.3: forfeiting the attack ends the battle; unanswered, no more battles this turn.
            if not battle.get("acted"):
                board = board.with_data(no_battle=True)
            events.append(Event("fow_forfeit", active))
            nxt = S_BATTLE_END
    elif step == S_BLOCK:
        if battle.get("attacker") is None:
            nxt = S_BATTLE_END
        elif battle["first_strike"] or battle["multi_strike"]:
            nxt = S_FIRST_STRIKE
        else:
            nxt = S_DAMAGE
    elif step == S_FIRST_STRIKE:
        nxt = S_DAMAGE if battle.get("attacker") is not None else S_BATTLE_END
    elif step == S_DAMAGE:
        nxt = S_BATTLE_END
    else:
        # 807.4: the battle ends; back to the main phase.
        board = board.with_data(battle=None).evolve(step=S_MAIN, priority=active, passes=0)
        return board, [_step_event(MAIN, S_MAIN)], False
    board = board.evolve(step=nxt, priority=active, passes=0)
    events.append(_step_event(MAIN, nxt))
    if nxt in (S_FIRST_STRIKE, S_DAMAGE):
        board, dealt = _battle_damage(state, board, nxt == S_FIRST_STRIKE)
        events += dealt
    return board, events, False


# After every action -------------------------------------------------------------------------------


def reconcile(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """Keep the game data in step with cards moved by generic actions: the chase's objects, J-rulers
    and entered values of cards that left the field, and the battle (803.4a, 803.4b, 804.4a)."""
    match = state.match
    chase_ids = board.zones[match.slot_of[("chase", None)]]
    field = set(field_ids(state, board))
    entries = chase_entries(board)
    kept = [e for e in entries if e[0] != "card" or e[1] in chase_ids]
    listed = {e[1] for e in kept if e[0] == "card"}
    added: list[Entry] = [("card", c) for c in chase_ids if c not in listed]
    if added or len(kept) != len(entries):
        board = board.with_data(chase=[*added, *kept])
    rulers = jrulers(board)
    if rulers - field:
        board = board.with_data(jrulers=sorted(rulers & field))
    values = board.data("entered", ())
    if any(v[0] not in field for v in values):
        board = board.with_data(entered=[list(v) for v in values if v[0] in field])
    events: list[Event] = []
    battle = battle_of(board)
    if battle is not None and battle.get("declared"):
        active = board.active
        changed = False
        attacker = battle.get("attacker")
        if attacker is not None and (attacker not in field or board.cards[attacker].controller != active):
            battle["attacker"] = None
            changed = True
        blocker = battle.get("blocker")
        if blocker is not None and (blocker not in field or board.cards[blocker].controller == active):
            battle["blocker"] = None
            changed = True
        target = tuple(battle["target"])
        gone = target[0] == "card" and (target[1] not in field or board.cards[target[1]].controller == active)
        if changed or gone:
            board = board.with_data(battle=battle)
        if gone and board.step < S_BATTLE_END and not battle.get("ended"):
            battle["ended"] = True
            board = board.with_data(battle=battle).evolve(step=S_BATTLE_END, priority=active, passes=0)
            events.append(_step_event(MAIN, S_BATTLE_END))
    return board, events


def rule_processes(state: MatchState, board: Board) -> tuple[Board, list[Event]]:
    """1200, performed at the start of every priority sequence: 1203 (pairs of [+100/+100] and
    [-100/-100] counters are removed), 1204.1 (a J/resonator with damage at least its DEF is destroyed;
    a J-ruler goes back to the ruler area ruler side up with an astral counter, 1010.1, 1024), 1205.1
    (DEF 0 or less: into the graveyard), 1206.1 (life is rounded up to a multiple of 100)."""
    match = state.match
    events: list[Event] = []
    field = field_ids(state, board)
    values = {v[0] for v in board.data("entered", ())}
    # Only a card with counters or entered values can meet 1203, 1204.1 or 1205.1.
    candidates = [c for c in field if board.cards[c].counters or c in values]
    doomed = []
    for card_id in candidates:
        card = board.cards[card_id]
        plus, minus = card.counter("+100/+100"), card.counter("-100/-100")
        if plus and minus:
            both = min(plus, minus)
            counters = dict(card.counters)
            for name, count in (("+100/+100", plus - both), ("-100/-100", minus - both)):
                if count:
                    counters[name] = count
                else:
                    counters.pop(name)
            board = _with_card(board, card_id, counters=tuple(sorted(counters.items())))
            events.append(Event("fow_counters", None, (_mention(state, board, card_id),), {"count": both}))
        if is_jresonator(state, board, card_id) is False:
            continue
        _, dfn = base_atk_def(state, board, card_id)
        if dfn is None:
            continue
        damage = board.cards[card_id].counter("damage")
        if dfn <= 0 or (damage and damage >= dfn):
            doomed.append(card_id)
    rulers = jrulers(board)
    field_slot = match.slot_of[("field", None)]
    for card_id in doomed:
        card = board.cards[card_id]
        if card_id in rulers:
            area = match.slot_of[("ruler_area", card.owner)]
            board, moved = move_cards(state, board, card.owner, [(field_slot, card_id)], area)
            counters = dict(board.cards[card_id].counters)
            counters.pop("damage", None)
            counters["astral"] = counters.get("astral", 0) + 1
            board = _with_card(
                board, card_id, counters=tuple(sorted(counters.items())), controller=card.owner
            )
            rulers.discard(card_id)
            board = board.with_data(jrulers=sorted(rulers))
            events.append(Event("fow_destroy", None, moved.cards, {"jruler": True}))
        else:
            grave = match.slot_of[("graveyard", card.owner)]
            board, moved = move_cards(state, board, card.owner, [(field_slot, card_id)], grave)
            events.append(Event("fow_destroy", None, moved.cards, {"jruler": False}))
    if doomed:
        board, more = reconcile(state, board)
        events += more
    for seat in range(2):
        life = _value(state, board, seat, "life")
        if life % 100:
            rounded = -(-life // 100) * 100
            board = _set_life(state, board, seat, rounded)
            events.append(Event("fow_round", None, (), {"player": seat, "life": rounded}))
    return board, events


def settle(state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
    """After every accepted action: the game data follows generic moves, both players passing in
    succession resolves or moves on (605.1), and the rule processes run (1200) unless a chase object is
    being carried out or the game waits for a choice."""
    board = state.board
    if board.phase == SETUP:
        return state, []
    events: list[Event] = []
    board, more = reconcile(state, board)
    events += more
    battle = battle_of(board)
    if (
        battle is not None
        and action.actor != board.active
        and isinstance(action, PlayCard | PlayAbility)
        and not battle.get("acted")
    ):
        battle["acted"] = True
        board = board.with_data(battle=battle)
    new_turn = False
    if isinstance(action, PassPriority) and board.passes >= 2:
        board, more, new_turn = double_pass(state, board)
        events += more
    if board.data("resolving") is None and board.data("discard") is None:
        board, more = rule_processes(state, board)
        events += more
    if isinstance(action, Discard):
        new_turn = True
    if board is state.board and not new_turn:
        return state, events
    state = state.evolve(board=board)
    if new_turn:
        state = state.evolve(undo_used=(0, 0))
    return state, events


def losers(state: MatchState) -> list[tuple[int, str]]:
    """1202.1: life 0 or less loses; 1202.2: a player who had to draw in their draw phase from a deck
    with too few cards loses. Checked as rule processes, so not while an object is being carried out.
    Both at once: a draw (103.3)."""
    board = state.board
    if board.phase == SETUP or board.data("resolving") is not None:
        return []
    out: list[tuple[int, str]] = []
    decked = set(board.data("deckout", ()))
    for seat in range(2):
        if _value(state, board, seat, "life") <= 0:
            out.append((seat, "life 0 or less (1202.1)"))
        if seat in decked:
            out.append((seat, "had to draw from an empty deck in their draw phase (1202.2)"))
    return out


HANDLERS: tuple[tuple[type[BaseAction], Any], ...] = (
    (Mulligan, _mulligan),
    (CallStone, _call_stone),
    (Produce, _produce),
    (PayWill, _pay_will),
    (PlayCard, _play_card),
    (PlayAbility, _play_ability),
    (Resolve, _resolve),
    (Judgment, _judgment),
    (InitiateBattle, _initiate_battle),
    (Attack, _attack),
    (Block, _block),
    (DealDamage, _deal_damage),
    (Discard, _discard),
)


def register() -> None:
    for action_type, handler in HANDLERS:
        register_handler(action_type, handler)
