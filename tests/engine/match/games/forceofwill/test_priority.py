"""Priority (601.1) for every action type, generic and Force of Will's, and for both players: every step
lets both players act in the engine's turn check, so the definition refuses, with one sentence and
changing nothing, whatever the player without priority tries while the other decides (a response to
the chase, 605.1; the block decision, 804.3; a mulligan, 405.5a). The ``anytime`` actions (notes,
reveals, concede, draw offers, the undo protocol) keep working."""

from __future__ import annotations

from typing import Any

import pytest

from engine.match.actions import (
    AcceptUndo,
    Action,
    AddCounter,
    AdjustValue,
    Attach,
    BaseAction,
    CardAt,
    Concede,
    DeclineDraw,
    DeclineUndo,
    Detach,
    Draw,
    Flip,
    FlipCoin,
    GiveControl,
    Look,
    Move,
    NextPhase,
    NextStep,
    Note,
    OfferDraw,
    Orient,
    PassPriority,
    PassTurn,
    RequestUndo,
    Reveal,
    RevealHand,
    RevealTop,
    RollDie,
    Search,
    SetValue,
    Shuffle,
    ZoneRef,
)
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.forceofwill.actions import (
    ACTIONS,
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
from engine.match.games.forceofwill.board import battle_of
from engine.match.games.forceofwill.spec import MAIN, S_BLOCK
from engine.match.state import MatchState
from tests.engine.match.games.forceofwill.helpers import (
    card_id,
    find,
    new,
    pass_both,
    place,
    play,
    started,
    to_main,
)

GENERIC: tuple[type[BaseAction], ...] = Action.__origin__.__args__  # type: ignore[attr-defined]
_MOVE_ON = "In Force of Will the game moves on when both players pass priority in succession"
_OWN_SENTENCE = {
    NextStep: _MOVE_ON,
    NextPhase: _MOVE_ON,
    PassTurn: _MOVE_ON,
    Mulligan: "A mulligan is only before the first turn (405.5).",
    Discard: "You discard down to your maximum hand size only at the end of your turn (505.5).",
    Resolve: "Nothing is resolving; both players pass in succession",
}


def _board_changes(state: MatchState, seat: int) -> list[BaseAction]:
    """One action of every type that is not ``anytime``, by ``seat``, on that player's own cards."""
    v = state.version
    hand0 = CardAt(zone="hand", player=seat, index=0)
    hand1 = CardAt(zone="hand", player=seat, index=1)
    ruler = CardAt(zone="ruler_area", player=seat, index=0)
    deck = ZoneRef(zone="deck", player=seat)
    common: dict[str, Any] = {"actor": seat, "version": v}
    return [
        Draw(**common),
        Move(**common, cards=(hand0,), to=ZoneRef(zone="graveyard", player=seat)),
        Shuffle(**common, zone=deck),
        Look(**common, zone=deck),
        Search(**common, zone=deck),
        Orient(**common, cards=(ruler,), orientation="rest"),
        Flip(**common, cards=(hand0,)),
        AddCounter(**common, cards=(ruler,), name="+100/+100"),
        Attach(**common, card=hand0, host=hand1),
        Detach(**common, card=hand0),
        GiveControl(**common, cards=(ruler,), player=1 - seat),
        SetValue(**common, player=1 - seat, name="life", value=100),
        AdjustValue(**common, player=seat, name="life", delta=-100),
        PassPriority(**common),
        NextStep(**common),
        NextPhase(**common),
        PassTurn(**common),
        Mulligan(**common),
        CallStone(**common),
        Produce(**common, coin=True, will="fire"),
        PayWill(**common, will=("any",)),
        PlayCard(**common, card=hand0),
        PlayAbility(**common, text="A response"),
        Resolve(**common),
        Judgment(**common),
        InitiateBattle(**common),
        Attack(**common, attacker=ruler),
        Block(**common, blocker=ruler),
        DealDamage(**common, amount=100, player=1 - seat),
        Discard(**common, cards=(0,)),
    ]


def test_every_action_type_is_covered() -> None:
    """The lists here name every action type that is not ``anytime``, generic and Force of Will's."""
    tried = {type(action) for action in _board_changes(to_main(started()), 0)}
    expected = {cls for cls in (*GENERIC, *ACTIONS) if not cls.anytime}
    assert tried == expected


def _refused_everything(state: MatchState, seat: int, holder: str) -> None:
    """Every board-changing action of ``seat`` is refused with one sentence and changes nothing."""
    before = (state.version, state.board, state.undo_base)
    for action in _board_changes(state, seat):
        with pytest.raises(ActionRefused) as refused:
            apply(state, action)
        sentence = str(refused.value)
        expected = _OWN_SENTENCE.get(type(action), f"You do not hold priority; {holder} does (601.1).")
        assert sentence.startswith(expected), (type(action).__name__, sentence)
        assert (state.version, state.board, state.undo_base) == before


def _anytime_still_work(state: MatchState, seat: int) -> None:
    """Notes, reveals, coin and dice, draw offers, the undo protocol and concession are accepted."""
    for action in (
        Note(actor=seat, version=state.version, text="thinking"),
        RevealHand(actor=seat, version=state.version),
        Reveal(actor=seat, version=state.version, cards=(CardAt(zone="hand", player=seat, index=0),)),
        RevealTop(actor=seat, version=state.version, zone=ZoneRef(zone="graveyard", player=seat))
        if state.zone("graveyard", seat)
        else FlipCoin(actor=seat, version=state.version),
        FlipCoin(actor=seat, version=state.version),
        RollDie(actor=seat, version=state.version),
    ):
        apply(state, action)
    offered = apply(state, OfferDraw(actor=seat, version=state.version))[0]
    apply(offered, DeclineDraw(actor=seat, version=offered.version))
    if state.undo_actor is not None:
        asker = state.undo_actor
        asked = apply(state, RequestUndo(actor=asker, version=state.version))[0]
        apply(asked, DeclineUndo(actor=asker, version=asked.version))
        apply(asked, AcceptUndo(actor=1 - asker, version=asked.version))
    conceded = apply(state, Concede(actor=seat, version=state.version))[0]
    assert conceded.ended and conceded.winner == 1 - seat


def test_turn_player_waits_for_a_response_605_1() -> None:
    """605.1: Alice plays onto the chase and passes; Bob holds priority and decides whether to respond.
    Alice, the turn player, changes nothing meanwhile (601.1)."""
    state = to_main(started())
    state = play(state, PlayAbility, 0, text="Draw a card")
    state = play(state, PassPriority, 0)
    assert state.board.priority == 1
    _refused_everything(state, 0, "Bob")
    _anytime_still_work(state, 0)
    state = play(state, PlayAbility, 1, text="Bob's response")  # Bob may act
    assert state.board.priority == 1


def test_turn_player_waits_for_the_block_decision_804_3() -> None:
    """804.3: in the declare block step Bob, holding priority, decides to block or not; Alice waits."""
    state = to_main(started())
    state = place(state, "Alice Knight 01")
    state = place(state, "Bob Knight 01")
    state = play(state, InitiateBattle, 0)
    state = pass_both(state)
    state = play(state, Attack, 0, attacker=find(state, "Alice Knight 01"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_BLOCK, 1)
    _refused_everything(state, 0, "Bob")
    _anytime_still_work(state, 0)
    state = play(state, Block, 1, blocker=find(state, "Bob Knight 01"))
    assert battle_of(state.board)["blocker"] == card_id(state, "Bob Knight 01")  # type: ignore[index]


def test_non_turn_player_without_priority_changes_nothing_601_1() -> None:
    """601.1, both ways: at Alice's main timing Bob (no priority) changes nothing either."""
    state = to_main(started())
    _refused_everything(state, 1, "Alice")
    _anytime_still_work(state, 1)


def test_mulligans_in_turn_405_5a() -> None:
    """405.5a: while Bob decides on his mulligan, Alice (who already decided) can only use the
    ``anytime`` actions; every other action, the mulligan included, is refused."""
    state = play(new(first=0), Mulligan, 0)
    before = state.board
    for action in _board_changes(state, 0):
        with pytest.raises(ActionRefused) as refused:
            apply(state, action)
        message = str(refused.value)
        if type(action) in (NextStep, NextPhase, PassTurn):
            assert message.startswith(_MOVE_ON)
        elif type(action) is Mulligan:
            assert message == "Bob decides on their mulligan first (405.5)."
        else:
            assert message == "The game has not started: each player first decides on a mulligan (405.5)."
        assert state.board is before
    _anytime_still_work(state, 0)
