"""While the turn player's opponent holds priority (9-3e: their response in a gate process, the choice of
the card in their counter zone, 13-6d; their drive resolution process, 10-4c), the turn player cannot
change the board, though the engine lets the active player act at any time; the ``anytime`` actions
(notes, reveals, concede, draw offers, the undo protocol) still work."""

from __future__ import annotations

from typing import Any

import pytest

from engine.match.actions import (
    BaseAction,
    Concede,
    DeclineDraw,
    DeclineUndo,
    Draw,
    Move,
    Note,
    OfferDraw,
    Orient,
    PassPriority,
    PassTurn,
    RequestUndo,
    RevealHand,
    ZoneRef,
)
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import (
    GrAttack,
    GrCombatDamage,
    GrCounter,
    GrDamage,
    GrDrive,
    GrDriveUse,
    GrEndAttacks,
    GrSummon,
)
from engine.match.games.gateruler.board import gate
from engine.match.games.gateruler.spec import BATTLE
from engine.match.state import MatchState
from tests.engine.match.games.gateruler.scenario import at, deck_of, do, ids, moved_on, start

HOLDS = "Bob holds priority (9-3e): wait until they pass or finish before you act."
COUNTER = "Bob must first resolve the card in their counter zone (13-6)."


def refused(state: MatchState, action: BaseAction, sentence: str) -> None:
    """The action is refused with this sentence and the state is unchanged."""
    before = state.to_json()
    with pytest.raises(ActionRefused) as error:
        apply(state, action)
    assert str(error.value) == sentence
    assert state.to_json() == before


def board_changes(state: MatchState) -> list[BaseAction]:
    """Board-changing actions of Alice, the turn player: generic ones and Gate Ruler's own."""
    v = state.version
    hand = at(state, "hand", 0, ids(state, "hand", 0)[0])
    return [
        Draw(actor=0, version=v),
        Move(actor=0, version=v, cards=(hand,), to=ZoneRef(zone="graveyard")),
        Orient(
            actor=0,
            version=v,
            cards=(at(state, "resource", 0, ids(state, "resource", 0)[0]),),
            orientation="exhaust",
        ),
        GrDamage(actor=0, version=v, target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]), amount=1),
        GrDrive(actor=0, version=v, count=1),
    ]


def anytime_still_work(state: MatchState) -> None:
    """Notes, reveals, draw offers, the undo protocol and concession by the turn player are accepted."""
    for action in (
        Note(actor=0, version=state.version, text="thinking"),
        RevealHand(actor=0, version=state.version),
    ):
        apply(state, action)
    offered = apply(state, OfferDraw(actor=0, version=state.version))[0]
    apply(offered, DeclineDraw(actor=0, version=offered.version))
    if state.undo_actor is not None:
        asked = apply(state, RequestUndo(actor=state.undo_actor, version=state.version))[0]
        apply(asked, DeclineUndo(actor=1 - state.undo_actor, version=asked.version))
    conceded = apply(state, Concede(actor=0, version=state.version))[0]
    assert conceded.status != "playing" and conceded.winner == 1


def attack_ruler(state: MatchState) -> MatchState:
    state = moved_on(state, "declare")
    return do(
        state,
        GrAttack,
        0,
        attacker=at(state, "ruler", 0, ids(state, "ruler", 0)[0]),
        target=at(state, "ruler", 1, ids(state, "ruler", 1)[0]),
    )


def test_the_turn_player_waits_while_the_opponent_may_respond_in_the_gate() -> None:
    """9-3e, 9-3g-2: after Alice passes with her unit in the gate, Bob holds priority; Alice's draw, move,
    ready, damage, drive, summon and end of phase are refused with one sentence and nothing changes."""
    state = start()
    state = do(state, GrSummon, 0, card=at(state, "hand", 0, ids(state, "hand", 0)[0]))
    state = do(state, PassPriority, 0)
    assert state.board.priority == 1 and gate(state.board)
    for action in [
        *board_changes(state),
        GrSummon(actor=0, version=state.version, card=at(state, "hand", 0, ids(state, "hand", 0)[0])),
        PassTurn(actor=0, version=state.version),
    ]:
        refused(state, action, HOLDS)
    anytime_still_work(state)
    state = do(state, PassPriority, 1)  # Bob passes: the unit resolves, Alice acts again (9-3b)
    assert state.board.priority == 0 and not gate(state.board)
    do(state, Draw, 0)


def test_the_attacker_waits_while_the_attacked_player_holds_priority_in_the_attack() -> None:
    """8-4i, 9-3e: in the attack's gate window, once Alice passes, Bob holds priority; Alice cannot change
    the board or the damage, and Bob can (15-2a, :class:`GrCombatDamage`)."""
    state = attack_ruler(start())
    state = do(state, PassPriority, 0)
    assert state.board.step == BATTLE and state.board.priority == 1
    for action in [*board_changes(state), GrCombatDamage(actor=0, version=state.version, amount=5)]:
        refused(state, action, HOLDS)
    anytime_still_work(state)
    do(state, GrCombatDamage, 1, amount=0, because="B Event 01")


def test_the_turn_player_waits_for_the_opponents_drive_resolution_process() -> None:
    """10-3c-1, 10-4c: Bob's drive resolution process is his to resolve; Alice waits (and nobody can
    respond to it, 9-3d)."""
    state = attack_ruler(start())
    state = do(state, PassPriority, 0)
    state = do(state, GrDrive, 1, count=1)
    assert gate(state.board)[0]["kind"] == "drive" and state.board.priority == 1
    for action in [*board_changes(state), GrEndAttacks(actor=0, version=state.version)]:
        refused(state, action, HOLDS)
    anytime_still_work(state)
    top = gate(state.board)[0]["cards"][0]
    do(state, GrDriveUse, 1, card=at(state, "drive", 1, top), use="discard")


def test_the_turn_player_waits_for_the_card_in_the_opponents_counter_zone() -> None:
    """13-6d-1: a Counter card in Bob's counter zone waits for Bob; Alice waits too, and once it is
    played, priority goes back to Alice (9-3b)."""
    state = attack_ruler(start([deck_of("A"), deck_of("B", kind="counter")]))
    state = do(state, PassPriority, 0)
    state = do(state, PassPriority, 1)
    assert ids(state, "counter", 1) and state.board.priority == 1
    for action in board_changes(state):
        refused(state, action, COUNTER)
    anytime_still_work(state)
    played = do(state, GrCounter, 1, cnt=True, play=True)
    assert played.board.priority == 0
    no_target = do(state, GrCounter, 1, cnt=True, play=False)
    assert no_target.board.priority == 0 and not gate(no_target.board)


def test_the_opponent_does_not_act_while_the_turn_player_holds_priority() -> None:
    """9-3b: the active player holds priority first; Bob's actions wait (the engine's own check)."""
    state = start()
    sentence: Any = "It is Alice's turn and you do not hold priority."
    refused(state, Draw(actor=1, version=state.version), sentence)
