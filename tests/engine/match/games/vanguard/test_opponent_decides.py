"""While the turn player's opponent must decide (the guard step, 7.5.1.2; a choice of theirs from a
trigger, 2.8.1.1, 9.6.5), the turn player cannot change the board, though the engine lets the active
player act at any time; the ``anytime`` actions (notes, reveals, concede, draw offers, undo) still work."""

from __future__ import annotations

from typing import Any

from engine.match.actions import (
    Concede,
    DeclineDraw,
    DeclineUndo,
    Draw,
    Move,
    NextPhase,
    Note,
    OfferDraw,
    Orient,
    PassTurn,
    RequestUndo,
    RevealHand,
    ZoneRef,
)
from engine.match.games.vanguard import VgAttack, VgCall, VgChoose, VgGuard, VgModify, VgPass
from engine.match.state import MatchState
from tests.engine.match.games.vanguard.helpers import (
    GUARDING,
    act,
    at,
    attack,
    begin,
    do,
    find,
    place,
    refused,
    second_turn,
    step,
    to_battle,
)

CHOOSING = "Alice must first make the pending choice: wait for it before you act."


def _board_changes(state: MatchState) -> list[Any]:
    """Board-changing actions of Bob, the turn player, generic and Vanguard's own."""
    v = state.version
    return [
        Draw(actor=1, version=v),
        Move(actor=1, version=v, cards=(at("hand"),), to=ZoneRef(zone="drop")),
        Orient(actor=1, version=v, cards=(at("vc"),), orientation="stand"),
        VgModify(actor=1, version=v, card=at("vc"), power=10000),
    ]


def _anytime_still_work(state: MatchState) -> None:
    """Notes, reveals, draw offers, the undo protocol (the turn player answers or withdraws) and
    concession by the turn player are accepted."""
    for action in (
        Note(actor=1, version=state.version, text="thinking"),
        RevealHand(actor=1, version=state.version),
        OfferDraw(actor=1, version=state.version),
    ):
        act(state, action)
    offered = act(state, OfferDraw(actor=1, version=state.version))[0]
    act(offered, DeclineDraw(actor=1, version=offered.version))
    asked = act(state, RequestUndo(actor=state.undo_actor or 0, version=state.version))[0]
    act(asked, DeclineUndo(actor=1, version=asked.version))
    conceded = act(state, Concede(actor=1, version=state.version))[0]
    assert conceded.status != "playing" and conceded.winner == 0


def test_the_attacker_cannot_change_the_board_while_the_attacked_player_guards() -> None:
    """7.5.1.2: in the guard step only the attacked player acts; the attacker's draw, move, stand and
    power change are refused with one sentence and nothing changes."""
    state = second_turn()
    state = attack(state)
    assert step(state) == "guard" and state.board.priority == 0
    for action in _board_changes(state):
        refused(state, action, GUARDING)
    _anytime_still_work(state)
    # The attacked player still guards and passes; then the attacker acts again.
    state = place(state, 0, "Alpha Squire", "hand")
    state = do(state, VgGuard, 0, cards=(find(state, 0, "hand", "Alpha Squire"),))
    refused(state, _board_changes(state)[0], GUARDING)
    state = do(state, VgPass, 0)
    assert step(state) != "guard"
    act(state, Note(actor=1, version=state.version, text="my turn again"))


def test_the_turn_player_waits_for_the_opponents_trigger_choice() -> None:
    """9.6.5, 2.8.1.1.2: a critical trigger on the attacked player's damage check leaves them a choice
    (two units); the turn player cannot change the board until they make it."""
    state = begin()
    state = place(state, 0, "Alpha Stand", "hand")
    state = do(state, NextPhase, 0, to="main")
    state = do(state, VgCall, 0, card=at("hand", find(state, 0, "hand", "Alpha Stand")), circle="rc_lf")
    state = do(state, PassTurn, 0)
    state = do(state, NextPhase, 1, to="main")
    state = to_battle(state, 1)
    state = place(state, 0, "Alpha Critical", "deck")
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    state = place(state, 1, "Beta King", "deck")  # Bob's drive check: no trigger
    state = do(state, VgPass, 0)
    prompts = state.board.data("prompts", ())
    assert prompts and dict(prompts[0])["player"] == 0 and dict(prompts[0])["kind"] == "critical"
    assert state.board.priority == 0
    for action in _board_changes(state):
        refused(state, action, CHOOSING)
    _anytime_still_work(state)
    state = do(state, VgChoose, 0, target=at("vc"))
    assert dict(state.board.data("prompts", ())[0])["kind"] == "power"
    refused(state, _board_changes(state)[1], CHOOSING)
