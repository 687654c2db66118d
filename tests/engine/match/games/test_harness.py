"""The one scenario harness (tests.engine.match.games.harness) fits all four games: each test starts a match,
acts as a seat, expects a refusal citing its rule, reads a viewer's lines and view, and asserts how the
match ended by the loss rule. The decks are built here (the games' own test helpers are their own)."""

from __future__ import annotations

import pytest

from engine.match import actions as a
from engine.match.games.duelmasters.actions import Attack
from engine.match.games.forceofwill.actions import Mulligan
from engine.match.games.gateruler.actions import GrAttack
from engine.match.games.vanguard.actions import VgRedraw
from engine.match.outcome import Loss, Outcome, Termination
from engine.match.state import CardRef
from tests.engine.match.games.gateruler.scenario import NUMBERS
from tests.engine.match.games.harness import (
    ALICE,
    BOB,
    Scenario,
    assert_draw,
    assert_lost,
    assert_won,
    cites_rule,
)


def card(name: str, code: str = "", **stats: int | str) -> CardRef:
    return CardRef(name, code, tuple(sorted(stats.items())))


# Duel Masters ------------------------------------------------------------------------------------


def dm_deck(prefix: str) -> dict[str, list[CardRef]]:
    creature: dict[str, int | str] = {"type": "creature", "cost": 2, "power": 1000, "civilizations": "fire"}
    return {"deck": [card(f"{prefix} Beast {n:02d}", **creature) for n in range(40)]}


def test_duel_masters_an_empty_deck_loses_by_104_2b() -> None:
    game = Scenario("duelmasters", [dm_deck("Red"), dm_deck("Blue")])
    game.refused(ALICE, Attack, rule="506.1", attacker=a.CardAt(zone="hand", index=0))
    for beast in game.state.zone("deck", ALICE):
        game.place(beast, "graveyard")
    game.act(ALICE, a.NextPhase)
    assert_lost(game.state, ALICE, "104.2b")
    assert_won(game.state, BOB)
    assert game.lines(BOB)[-1].startswith("The match is over (Alice: no cards left in their deck")
    assert game.view(BOB)["status"] == "ended"


# Force of Will -----------------------------------------------------------------------------------


def fow_deck(who: str) -> dict[str, list[CardRef]]:
    ruler = card(f"{who} Ruler", "T-R", type="ruler", attribute="fire", j_atk=1200, j_def=1000)
    knights = [
        card(f"{who} Knight {n:02d}", f"T-K{n:02d}", type="resonator", atk=500, cost=1, **{"def": 500})
        for n in range(40)
    ]
    stones = [card("Fire Magic Stone", "T-S", type="magic stone", attribute="fire")] * 10
    return {"ruler_area": [ruler], "deck": knights, "stone_deck": stones}


def test_force_of_will_life_zero_loses_by_1202_1() -> None:
    game = Scenario("forceofwill", [fow_deck("Alice"), fow_deck("Bob")])
    game.refused(ALICE, a.PassTurn, rule="605.1")
    game.act(ALICE, Mulligan)
    game.act(BOB, Mulligan)
    assert (
        "Alice plays first; the game's first draw phase has no draw and no trigger, so no priority "
        "sequence (502.1-502.5)."
    ) in game.lines(None)
    game.set_value(BOB, "life", 0)
    game.act(ALICE, a.Draw)
    assert_lost(game.state, BOB, "1202.1")
    assert game.state.outcome == Outcome(Termination.RULES, ALICE, (Loss(BOB, "1202.1", "life 0 or less"),))


# Gate Ruler --------------------------------------------------------------------------------------


def gr_deck(owner: str) -> dict[str, list[CardRef]]:
    ruler = card(f"{owner} Ruler", "R-1", type="ruler", life=6, atk=2, stk=1, **NUMBERS)
    unit: dict[str, int | str] = {"type": "unit", "level": 1, "atk": 2, "hp": 2, "stk": 1, "cnt": 0}
    units = [card(f"{owner} Unit {n:02d}", f"{owner}-U{n:02d}", **unit) for n in range(30)]
    return {"ruler": [ruler], "deck": units, "supply": [card("Resource", "RES", type="resource")] * 10}


def test_gate_ruler_an_empty_deck_is_a_defeat_by_12_2a_2() -> None:
    game = Scenario("gateruler", [gr_deck("A"), gr_deck("B")])
    game.refused(ALICE, GrAttack, rule="8-4", attacker=a.CardAt(zone="hand", index=0))
    for unit in game.state.zone("deck", BOB):
        game.place(unit, "graveyard")
    for _ in range(8):
        if game.state.ended:
            break
        game.act(game.state.board.priority, a.PassPriority)
    assert_lost(game.state, BOB, "12-2a-2")
    assert game.state.end_reason == "Bob: defeated: no cards in the deck zone (12-2a-2)"


# Vanguard ----------------------------------------------------------------------------------------


def vg_deck(prefix: str) -> dict[str, list[CardRef]]:
    def unit(name: str, grade: int, power: int, **more: int | str) -> CardRef:
        return card(name, grade=grade, power=power, critical=1, clan="Royal Paladin", **more)

    squires = [unit(f"{prefix} Squire {n:02d}", 1, 8000, shield=5000) for n in range(49)]
    return {"vc": [unit(f"{prefix} Starter", 0, 5000, skill="boost")], "deck": squires}


def test_vanguard_six_damage_loses_by_9_2_2() -> None:
    game = Scenario("vanguard", [vg_deck("Alpha"), vg_deck("Beta")])
    game.act(ALICE, VgRedraw)
    game.act(BOB, VgRedraw)
    assert game.step() == "ride" and "Stand up, Vanguard!" in game.lines(ALICE)[1]
    game.refused(ALICE, VgRedraw, rule="5.4.3.4")
    for squire in game.state.zone("deck", ALICE)[:6]:
        game.place(squire, "damage", face="up")
    game.act(ALICE, a.NextPhase, to="main")
    assert_lost(game.state, ALICE, "9.2.2")
    assert game.view(ALICE)["winner"] == BOB


# The harness itself ------------------------------------------------------------------------------


def test_an_action_built_elsewhere_gets_the_seat_and_the_version() -> None:
    game = Scenario("vanguard", [vg_deck("Alpha"), vg_deck("Beta")])
    game.act(ALICE, VgRedraw(actor=BOB, version=99))
    last = game.state.last_action
    assert game.state.version == 1 and last is not None and last.actor == ALICE


def test_a_refusal_without_a_rule_number_fails_the_scenario() -> None:
    game = Scenario("vanguard", [vg_deck("Alpha"), vg_deck("Beta")])
    with pytest.raises(AssertionError, match="cites no rule"):
        game.refused(BOB, a.AcceptDraw)  # no draw was offered: a refusal of the engine, not of a rule
    with pytest.raises(AssertionError, match="was accepted"):
        game.refused(ALICE, VgRedraw)


def test_an_agreed_draw_is_a_draw_and_no_loss_by_a_rule() -> None:
    game = Scenario("duelmasters", [dm_deck("Red"), dm_deck("Blue")])
    game.act(ALICE, a.OfferDraw)
    game.act(BOB, a.AcceptDraw)
    assert_draw(game.state)
    with pytest.raises(AssertionError, match="ended by agreed draw"):
        assert_lost(game.state, ALICE, "104.2b")


@pytest.mark.parametrize(
    ("sentence", "cited"),
    [
        ("No attack is possible on the first turn of the game (7.3.1.3).", True),
        ("Attacks are declared in your attack phase's declaration step (8-4).", True),
        ("A player with life 0 or less loses (1202.1).", True),
        ("It is Alice's turn and you do not hold priority.", False),
    ],
)
def test_a_rule_number_is_recognised_in_each_games_style(sentence: str, cited: bool) -> None:
    assert cites_rule(sentence) is cited
