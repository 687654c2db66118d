"""While the defender decides (their declarations and block, 506.3d, 507.1; the power of their creature
in a battle, 206, 508.1; their Shield Triggers, 509.3a), the attacking player cannot change the board,
though the engine lets the active player act at any time; the ``anytime`` actions (notes, reveals,
concession, draw offers, the undo protocol) still work, and the defender still acts."""

from __future__ import annotations

from typing import Any

import pytest

from engine.match.actions import (
    BaseAction,
    CardAt,
    Concede,
    DeclineDraw,
    DeclineUndo,
    Draw,
    Look,
    Move,
    Note,
    OfferDraw,
    Orient,
    PassPriority,
    RequestUndo,
    RevealHand,
    ZoneRef,
)
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.duelmasters.actions import (
    Attack,
    Block,
    Break,
    Charge,
    DeclarePower,
    ShieldTrigger,
    UseCard,
)
from engine.match.state import CardRef, MatchState
from engine.match.view import view
from tests.engine.match.games.duelmasters.helpers import (
    act,
    at,
    creature,
    deck,
    place,
    start,
    step,
    to_attack,
)

ATTACKER = creature("Bolshack Test Dragon", 6000, cost=6)
NINJA = creature("Ninja Test Beast", 2000, cost=3, civ="darkness")
TRIGGER_BEAST = creature("Trigger Beast", 3000, cost=3, shield_trigger=1)
MYSTERY = CardRef("Mystery Beast")

BLOCK = "Bob is deciding on a block (507.1): wait for them before you act."
POWER = "Bob is entering their creature's power for the battle (206, 508.1): wait for them before you act."
TRIGGERS = (
    "Bob is deciding on Shield Triggers, Guard Strikes and Strike Backs (509.3a-b, 113.6): wait for them "
    "before you act."
)
CARRYING = "Bob is carrying out their Shield Triggers (509.3c, 101.4): wait for them before you act."


def _refused(state: MatchState, action: BaseAction, message: str) -> None:
    """Refused with that sentence; nothing changes."""
    before = state.to_json()
    with pytest.raises(ActionRefused) as error:
        apply(state, action)
    assert str(error.value) == message
    assert state.to_json() == before


def _board_changes(state: MatchState, dragon: int) -> list[Any]:
    """Board-changing actions of Alice, the attacking player: generic and Duel Masters' own."""
    v = state.version
    hand = CardAt(zone="hand", index=0)
    return [
        Draw(actor=0, version=v),
        Move(actor=0, version=v, cards=(hand,), to=ZoneRef(zone="graveyard")),
        Orient(actor=0, version=v, cards=(at(state, dragon),), orientation="untap"),
        Charge(actor=0, version=v, card=hand),
        UseCard(actor=0, version=v, card=hand),
        Attack(actor=0, version=v, attacker=at(state, dragon)),
        Break(actor=0, version=v, shields=(CardAt(zone="shields", player=1, index=0),)),
        PassPriority(actor=0, version=v),
    ]


def _anytime_still_work(state: MatchState) -> None:
    """Notes, reveals, looks, draw offers, the undo protocol and concession by the attacking player."""
    for action in (
        Note(actor=0, version=state.version, text="thinking"),
        RevealHand(actor=0, version=state.version),
        Look(actor=0, version=state.version, zone=ZoneRef(zone="deck"), count=1),
    ):
        act(state, type(action), 0, **action.model_dump(exclude={"type", "actor", "version"}))
    offered = act(state, OfferDraw, 0)[0]
    act(offered, DeclineDraw, 0)
    if state.undo_actor == 0:
        asked = act(state, RequestUndo, 0)[0]
        act(asked, DeclineUndo, 0)
    conceded = act(state, Concede, 0)[0]
    assert conceded.status != "playing" and conceded.winner == 1


def _declared(decks: tuple[list[CardRef], ...], target: str | None = None) -> tuple[MatchState, int]:
    """Alice's dragon attacks Bob (or Bob's tapped creature ``target``); her attack triggers are done."""
    state = start(decks=decks)
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    target_at = None
    if target is not None:
        state, victim = place(state, target, "battle_zone", 1, tapped=True)
        target_at = at(state, victim)
    state = to_attack(state)
    state, _ = act(state, Attack, 0, attacker=at(state, dragon), target=target_at)
    state, _ = act(state, PassPriority, 0)
    return state, dragon


def test_the_attacker_waits_for_the_block_declaration() -> None:
    """506.3d, 507.1: the defender holds priority for their declarations of usage and their block; the
    attacker's board changes are refused, and so is the defender's passing priority instead of deciding;
    the defender's Ninja Strike (card text, done by hand) and
    block declaration are accepted, and then the attack goes on."""
    state, dragon = _declared((deck(ATTACKER), deck(NINJA)))
    assert step(state) == "block_declaration" and state.board.priority == 1
    assert view(state, 0)["game_data"]["waiting_for"] == 1
    for action in _board_changes(state, dragon):
        _refused(state, action, BLOCK)
    _anytime_still_work(state)
    _refused(
        state,
        PassPriority(actor=1, version=state.version),
        "You are deciding on a block (507.1): make that choice to go on; passing does not.",
    )
    state, ninja = place(state, "Ninja Test Beast", "hand", 1)
    ninja_at = CardAt(zone="hand", index=state.zone("hand", 1).index(ninja))
    state, _ = act(state, Move, 1, cards=[ninja_at], to={"zone": "battle_zone"})
    assert ninja in state.zone("battle_zone") and step(state) == "block_declaration"
    _refused(state, _board_changes(state, dragon)[0], BLOCK)
    state, _ = act(state, Block, 1)
    assert step(state) == "direct_attack" and state.board.priority == 0
    act(state, Note, 0, text="my turn again")


def test_the_attacker_waits_for_the_defenders_power() -> None:
    """206, 508.1: a battle waiting for the power of the defender's creature (no card data)."""
    state, dragon = _declared((deck(ATTACKER), deck(MYSTERY)), target="Mystery Beast")
    state, _ = act(state, Block, 1)
    assert step(state) == "battle" and state.board.priority == 1
    for action in _board_changes(state, dragon):
        _refused(state, action, POWER)
    _anytime_still_work(state)
    state, _ = act(state, DeclarePower, 1, power=1000)
    assert step(state) == "attack_declaration" and state.board.priority == 0


def test_the_attacker_waits_for_the_shield_trigger_declaration() -> None:
    """509.3a: the player whose shields were broken declares Shield Triggers; until they do, the
    attacker's board changes are refused."""
    state, dragon = _declared((deck(ATTACKER), deck(TRIGGER_BEAST)))
    state, beast = place(state, "Trigger Beast", "shields", 1)  # Bob's top shield (test setup)
    state, _ = act(state, Block, 1)
    state, _ = act(state, Break, 0, shields=[at(state, beast)])
    assert step(state) == "direct_attack" and state.board.priority == 1
    for action in _board_changes(state, dragon):
        _refused(state, action, TRIGGERS)
    _anytime_still_work(state)
    state, _ = act(state, ShieldTrigger, 1, cards=[at(state, beast)])
    assert beast in state.zone("battle_zone") and state.board.priority == 1
    for action in _board_changes(state, dragon):  # 509.3c: Bob carries out his Shield Trigger first
        _refused(state, action, CARRYING)
    state, _ = act(state, PassPriority, 1)
    assert step(state) == "attack_declaration" and state.board.priority == 0


def test_the_defender_waits_while_the_attacker_resolves_attack_triggers() -> None:
    """506.3b-c: after the declaration the attacking player holds priority for their attack triggers
    (card text, done by hand: a draw here); the defender cannot act until they pass it."""
    state = start(decks=(deck(ATTACKER), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state = to_attack(state)
    state, _ = act(state, Attack, 0, attacker=at(state, dragon))
    assert step(state) == "attack_declaration" and state.board.priority == 0
    assert view(state, 1)["game_data"]["waiting"] == "attack_triggers"
    _refused(state, Block(actor=1, version=state.version), "It is Alice's turn and you do not hold priority.")
    hand = len(state.zone("hand", 0))
    state, _ = act(state, Draw, 0)
    assert len(state.zone("hand", 0)) == hand + 1
    state, _ = act(state, PassPriority, 0)
    assert step(state) == "block_declaration" and state.board.priority == 1


def test_an_attack_declared_after_passing_priority_still_opens_the_attack_triggers_window() -> None:
    """506.3b-c: priority handed to the other player before the declaration, for card text (101.4a),
    comes back when they are done; the attack then opens its attacker's window."""
    state = start(decks=(deck(ATTACKER), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state = to_attack(state)
    state, _ = act(state, PassPriority, 0)
    assert state.board.priority == 1 and step(state) == "attack_declaration"
    _refused(
        state,
        Attack(actor=0, version=state.version, attacker=at(state, dragon)),
        "Bob is carrying out card text (101.4a): wait for them before you act.",
    )
    state, _ = act(state, PassPriority, 1)
    state, _ = act(state, Attack, 0, attacker=at(state, dragon))
    assert step(state) == "attack_declaration" and state.board.priority == 0
