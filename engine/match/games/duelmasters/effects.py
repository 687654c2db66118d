"""Effects until the end of the turn and evolution stacks: the changes the players enter from card text
(:class:`~.actions.Change`) expire in the end of turn step (511.2); an evolution creature's stack is
rebuilt when only its top leaves the battle zone (801.4), and keeps the effects on it (801.2, 801.4c).
"""

from __future__ import annotations

from typing import Any

from engine.match.apply import HandlerResult, refuse
from engine.match.games.duelmasters.actions import Change
from engine.match.games.duelmasters.board import (
    DuelMastersWork,
    current_power,
    is_creature,
    under_cards,
)
from engine.match.state import Board, MatchState


def _change(state: MatchState, action: Change) -> HandlerResult:
    """206.1, 511.2: a power change or keywords given to a creature until the end of the turn, by card
    text the players resolve (101.1); a change to the opponent's creature names its cause."""
    work = DuelMastersWork(state, action.version)
    board = state.board
    actor = action.actor
    _, card_id = work.pick(action.creature, actor, "battle_zone", what="the creature to change")
    card = work.card(card_id)
    name = work.name_of(card_id)
    if not card.face_up or not is_creature(state, card_id) or card_id in under_cards(board):
        refuse(f"Only a creature of the battle zone can be changed; {name} is not one (200.3a).")
    if not action.power and not action.keywords:
        refuse("Enter the power change or the keywords the effect gives (206.1).")
    if card.controller != actor and action.because is None:
        refuse(f"Name the card or effect that changes {name}, your opponent's creature (101.1).")
    effect = {
        "card": card_id,
        "power": action.power,
        "keywords": list(dict.fromkeys(action.keywords)),
        "because": action.because,
        "turn": board.turn,
    }
    work.set(effects=[*board.data("effects", ()), effect])
    data: dict[str, Any] = {
        "power": action.power,
        "keywords": effect["keywords"],
        "now": current_power(state, work.board, card_id),
    }
    if action.because is not None:
        data["because"] = action.because
    work.emit("dm_change", actor, [card_id], **data)
    return work.handled()


def expire(work: DuelMastersWork) -> None:
    """511.2: the effects "until end of turn" of an earlier turn expire together (the turn has passed
    its end of turn step); an effect on a creature that left the battle zone ends with it."""
    effects = [dict(e) for e in work.data("effects", ())]
    if not effects:
        return
    turn = work.board.turn
    ended = [e for e in effects if int(e["turn"]) < turn]
    if ended:
        work.emit("dm_expire", None, count=len(ended), turn=int(ended[0]["turn"]))
    bz = set(work.bz()) - under_cards(work.board)
    kept = [e for e in effects if int(e["turn"]) == turn and e["card"] in bz]
    if len(kept) != len(effects):
        work.set(effects=kept or None)


def rekey(board: Board, old: int, new: int) -> Board:
    """The effects on a card apply to the card that becomes that creature (801.2, 801.4c)."""
    effects = [dict(e) for e in board.data("effects", ())]
    if not any(e["card"] == old for e in effects):
        return board
    for effect in effects:
        if effect["card"] == old:
            effect["card"] = new
    return board.with_data(effects=effects)


def rebuild(work: DuelMastersWork) -> None:
    """801.4, 801.4c-e: when only the top card of an evolution creature left the battle zone, the card
    under it stays there as the creature, with the top's tapped or untapped position (801.4d, kept in
    step with the top while stacked), the effects on it (801.4c) and its place in an attack (801.4e).
    While the stack stands, its cards under the top take the top's position."""
    pairs = [list(p) for p in work.data("evolved", ())]
    if not pairs:
        return
    bz = set(work.bz())
    attached = set(work.board.attachments)
    kept = []
    for source, top in pairs:
        if (source, top) in attached and top in bz:
            kept.append([source, top])
            orientation = work.card(top).orientation
            if work.card(source).orientation != orientation:
                work.orient([source], orientation)
            continue
        if top not in bz and source in bz and source not in under_cards(work.board):
            work.board = rekey(work.board, top, source)
            attack = work.attack()
            if attack is not None and attack["attacker"] == top:
                work.set(attack={**attack, "attacker": source})
            work.emit("dm_rebuild", None, [source])
    if len(kept) != len(pairs):
        work.set(evolved=kept or None)


HANDLERS = ((Change, _change),)
"""The handlers of this module's actions, registered by the definition."""
