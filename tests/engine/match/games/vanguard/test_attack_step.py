"""The attack step's check timing (7.4.1.12-7.4.1.13): "when unit attacks" and "when unit boosts"
automatic abilities resolve after the attack is declared and before the guard step."""

from __future__ import annotations

from engine.cards.model import CardRecord
from engine.match.actions import Draw, Move, NextPhase, PassTurn, ZoneRef
from engine.match.games.vanguard import VgAttack, VgGuard, VgModify, VgPass, VgRedraw, stats_from_record
from engine.match.state import CardRef, MatchState
from engine.match.view import view
from tests.engine.match.games.vanguard.helpers import (
    GUARDING,
    act,
    at,
    deck,
    do,
    find,
    names,
    place,
    refused,
    second_turn,
    start,
    step,
    to_battle,
)

ATTACK_STEP = (
    'Finish the attack step first: pass once your "when ... attacks" abilities have resolved '
    "(7.4.1.12-7.4.1.13)."
)


def test_a_held_attack_step_lets_the_attacker_resolve_abilities_then_passes_to_the_guard_step() -> None:
    """7.4.1.12: a check timing where "when unit attacks" abilities resolve (here a power gain and a
    soul charge the attacker makes with VgModify and a generic move); the attacked player cannot guard
    yet and the turn cannot move on; 7.4.1.13: the attacker's pass goes on to the guard step, where
    only the attacked player acts (7.5.1.2)."""
    state = second_turn()
    state = place(state, 0, "Alpha King", "deck")  # Alice's damage check: no trigger
    state = to_battle(state, 1)
    state, lines = act(state, VgAttack(actor=1, version=state.version, attacker="vc", target="vc", hold=True))
    assert lines[0] == (
        "Bob attacks Alpha Starter with Beta Starter (5000 against 5000). "
        '"When ... attacks" and "when ... boosts" abilities resolve before the guard step (7.4.1.12).'
    )
    assert step(state) == "attack" and state.board.priority == 1
    assert view(state, 0)["game_data"]["battle"]["held"] is True
    state = place(state, 0, "Alpha Squire", "hand")
    refused(
        state,
        VgGuard(actor=0, version=state.version, cards=(find(state, 0, "hand", "Alpha Squire"),)),
        "It is Bob's turn and you do not hold priority.",
    )
    refused(state, NextPhase(actor=1, version=state.version, to="end"), ATTACK_STEP)
    refused(state, PassTurn(actor=1, version=state.version), ATTACK_STEP)
    state, lines = act(
        state, VgModify(actor=1, version=state.version, card=at("vc"), power=5000, until="battle"), viewer=1
    )
    assert lines == ["You give Beta Starter +5000 power until end of battle (power now 10000, printed 5000)."]
    soul = len(state.zone("soul", 1))
    state = do(state, Move, 1, cards=(at("deck"),), to=ZoneRef(zone="soul"))
    assert len(state.zone("soul", 1)) == soul + 1 and step(state) == "attack"
    state = place(state, 1, "Beta King", "deck")  # Bob's drive check: no trigger
    state, lines = act(state, VgPass(actor=1, version=state.version))
    assert lines[0] == "Bob ends the attack step: on to the guard step (7.4.1.13)."
    assert step(state) == "guard" and state.board.priority == 0
    # The guard step is unchanged: the attacker waits, the attacked player passes.
    refused(state, Draw(actor=1, version=state.version), GUARDING)
    state, lines = act(state, VgPass(actor=0, version=state.version))
    assert "Beta Starter (10000) against Alpha Starter (5000): the attack hits (7.7.1.2)." in lines
    assert names(state, 0, "damage") == ["Alpha King"]


def test_without_hold_or_such_an_ability_the_attack_goes_straight_to_the_guard_step() -> None:
    """7.4.1.12-7.4.1.13: with no "when ... attacks" ability to resolve, the check timing passes at
    once and the guard step begins with the attacked player to act."""
    state = to_battle(second_turn(), 1)
    state, lines = act(state, VgAttack(actor=1, version=state.version, attacker="vc", target="vc"))
    assert step(state) == "guard" and state.board.priority == 0
    assert not any("7.4.1.12" in line for line in lines)
    refused(
        state,
        VgPass(actor=1, version=state.version),
        "Only the attacked player can stop guarding, in the guard step (7.5.1.2).",
    )


def _with_on_attack(seat: int) -> dict[str, list[CardRef]]:
    """A deck whose first vanguard's card data shows a "when this unit attacks" ability."""
    cards = deck(seat)
    starter = cards["vc"][0]
    cards["vc"] = [CardRef(starter.name, starter.code, tuple(sorted((*starter.stats, ("on_attack", 1)))))]
    return cards


def _bobs_battle(decks: list[dict[str, list[CardRef]]]) -> MatchState:
    state = start(decks=decks)
    state = do(state, VgRedraw, 0)
    state = do(state, VgRedraw, 1)
    state = do(state, NextPhase, 0, to="main")
    state = do(state, PassTurn, 0)
    return to_battle(do(state, NextPhase, 1, to="main"), 1)


def test_card_data_with_a_when_attacks_ability_holds_the_attack_step() -> None:
    """7.4.1.12: a unit on the attacker's vanguard circle whose card data shows a "when ... attacks"
    ability (stat ``on_attack``) makes the attack step wait for the attacker without ``hold``; the
    attacked player's own such abilities do not."""
    state = _bobs_battle([_with_on_attack(0), deck(1)])
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    assert step(state) == "guard"
    state = _bobs_battle([deck(0), _with_on_attack(1)])
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    assert step(state) == "attack" and state.board.priority == 1
    state = do(state, VgPass, 1)
    assert step(state) == "guard" and state.board.priority == 0


def test_stats_from_record_marks_when_attacks_and_when_boosts_abilities() -> None:
    """7.4.1.12: ``on_attack`` for card text with a "when ... attacks" or "when ... boosts" automatic
    ability; not for a continuous "during the battle this unit attacks", a "when ... attack hits"
    (damage step, 7.7) or a card without card data."""
    texts = {
        "[AUTO](VC):When this unit attacks, COST [Counter Blast (1)], draw a card.": True,
        "[AUTO](RC):When this unit boosts, the boosted unit gets [Power]+5000 until end of battle.": True,
        "[AUTO](RC):When your vanguard attacks, this unit gets [Power]+5000 until end of turn.": True,
        "[CONT](RC):During the battle this unit attacks, this unit gets [Power]+5000.": False,
        "[AUTO](VC):When this unit's attack hits, draw a card.": False,
    }
    for text, expected in texts.items():
        record = CardRecord(
            game="vanguard", code="X-1", name="Unit", stats={"grade": 2, "power": 10000}, text=text
        )
        assert (dict(stats_from_record(record)).get("on_attack") == 1) is expected, text
    bare = CardRecord(
        game="vanguard", code="X-2", name="Unknown", text="[AUTO]:When this unit attacks, draw."
    )
    assert stats_from_record(bare) == ()
