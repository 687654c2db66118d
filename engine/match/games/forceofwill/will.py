"""Will (907, 1003) and calling a magic stone (710)."""

from __future__ import annotations

from engine.match.apply import HandlerResult, move_cards, refuse
from engine.match.events import Event
from engine.match.games.forceofwill.actions import (
    CallStone,
    PayWill,
    Produce,
)
from engine.match.games.forceofwill.board import (
    RECOVER,
    REST,
    field_ids,
    jrulers,
    mention,
    name_of,
    need_main_timing,
    own_card,
    pay_from_pool,
    player_value,
    pool_of,
    ref_of,
    slot_holding,
    with_card,
)
from engine.match.games.forceofwill.spec import (
    attributes,
)
from engine.match.state import MatchState


def _call_stone(state: MatchState, action: CallStone) -> HandlerResult:
    """710.1: rest the ruler or J-ruler, put the top card of the magic stone deck into the field."""
    actor = action.actor
    board = state.board
    match = state.match
    need_main_timing(state, actor, "call a magic stone")
    if board.data("called"):
        refuse("You have already called a magic stone this turn (710.1).")
    if board.data("judged"):
        refuse("You can't call a magic stone in a turn you played a judgment process (710.1).")
    if action.ruler is not None:
        _, ruler = own_card(state, action.ruler, actor, ("ruler_area", "field"), "The ruler you rest")
        if match.slot_spec[slot_holding(board, ruler)].name == "field" and ruler not in jrulers(board):
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
    rested = with_card(board, ruler, orientation=REST)
    stone = board.zones[stones][0]
    new, moved = move_cards(
        state, rested, actor, [(stones, stone)], match.slot_of[("field", None)], face="up"
    )
    new = new.with_data(called=True)
    event = Event("fow_call", actor, (mention(state, board, ruler), moved.cards[0]))
    return new, [event], None


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
        coins = player_value(state, board, actor, "will_coins")
        if coins <= 0:
            refuse("You have no will coin token (1119.2).")
        # 1119.2: your rulers' attributes, also while a ruler is in the field as a J-ruler (its card
        # data gives the ruler side's attribute).
        ruler_attrs: list[str] = []
        owned_jrulers = [c for c in sorted(jrulers(board)) if board.cards[c].owner == actor]
        for card_id in (*board.zones[match.slot_of[("ruler_area", actor)]], *owned_jrulers):
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
        picked = [own_card(state, at, actor, ("field",), "A card producing will")[1] for at in action.cards]
        if len(set(picked)) != len(picked):
            refuse("The same card is chosen twice.")
        for card_id in picked:
            if board.cards[card_id].orientation != RECOVER:
                refuse(f"{name_of(state, card_id)} is rested; only a recovered card can be rested (1013.3).")
            attrs = attributes(ref_of(state, board, card_id))
            will = action.will or (attrs[0] if len(attrs) == 1 else None)
            if will is None:
                refuse(f"Say which will {name_of(state, card_id)} produces (202.4e).")
            mentions.append(mention(state, board, card_id))
            board = with_card(board, card_id, orientation=REST)
            produced.append(str(will))
    pools = pool_of(board)
    pools[actor] += produced
    board = board.with_data(pool=pools)
    data = {"will": produced, "coin": action.coin}
    return board, [Event("fow_produce", actor, tuple(mentions), data)], None


def _pay_will(state: MatchState, action: PayWill) -> HandlerResult:
    board = pay_from_pool(state.board, action.actor, action.will)
    return board, [Event("fow_pay", action.actor, (), {"will": list(action.will)})], None


HANDLERS = ((CallStone, _call_stone), (Produce, _produce), (PayWill, _pay_will))
