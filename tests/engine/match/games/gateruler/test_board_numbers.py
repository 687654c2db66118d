"""The numbers the board shows are the state's: a player's damage is the number of cards in their damage
zone (3-13a, 2-6b, 3-13d), whatever put them there; the current ruler damage (3-6f), which the rules
turn into processes before anyone acts (12-3, 13-5c), is not a player value; a cap of -1 reads "no cap"
(4-3a-1b, 4-3b-1a)."""

from __future__ import annotations

import pytest

from engine.match.actions import AdjustValue, Move, SetValue, ZoneRef
from engine.match.games.gateruler.actions import GrDamage, GrReversal, GrRuler
from engine.match.offers import offers
from engine.match.view import view
from tests.engine.match.games.gateruler.scenario import NUMBERS, deck_of, game
from tests.engine.match.games.harness import ALICE, BOB


def values(match: object, seat: int) -> dict[str, int]:
    return dict(view(match.state, None)["players"][seat]["values"])  # type: ignore[attr-defined]


def test_the_damage_shown_is_the_number_of_cards_in_the_damage_zone() -> None:
    """13-2b-1, 13-6c: 3 ruler damage puts 3 cards into Bob's damage zone; the board shows "damage 3"
    next to his life (2-6b), never a current ruler damage of 0 (3-6f, 13-5c)."""
    match = game([deck_of("A"), deck_of("B", life=8)])
    assert values(match, BOB) == {
        "life": 8,
        "damage": 0,
        "summon_cap": -1,
        "summons": 0,
        "set_cap": -1,
        "sets": 0,
    }
    match.act(ALICE, GrDamage, target=match.at(match.state.zone("ruler", BOB)[0]), amount=3)
    assert len(match.state.zone("damage", BOB)) == 3
    assert values(match, BOB)["damage"] == 3 and "ruler_damage" not in values(match, BOB)


def test_the_damage_follows_the_zone_when_cards_move_or_turn_face_down() -> None:
    """13-4b: healing moves damage-zone cards to the graveyard, and the damage shown goes down with them;
    3-13c, 15-30: a face-down damage card still counts (the Set 3 article on Damage Reversal)."""
    match = game([deck_of("A"), deck_of("B", life=8)])
    match.act(ALICE, GrDamage, target=match.at(match.state.zone("ruler", ALICE)[0]), amount=2)
    match.act(ALICE, GrReversal, cards=(match.at(match.state.zone("damage", ALICE)[0]),))
    assert values(match, ALICE)["damage"] == 2
    healed = match.at(match.state.zone("damage", ALICE)[1])
    match.act(ALICE, Move, cards=(healed,), to=ZoneRef(zone="graveyard"))
    assert values(match, ALICE)["damage"] == 1 == len(match.state.zone("damage", ALICE))


@pytest.mark.parametrize("name", ["damage", "ruler_damage"])
def test_neither_damage_is_set_by_hand(name: str) -> None:
    """3-13a, 13-2b-1: the damage comes from damage dealt, so setting or adjusting it is refused with one
    sentence citing its rule, and nothing changes."""
    match = game()
    rule = "3-13a" if name == "damage" else "13-2b-1"
    match.refused(ALICE, SetValue, rule=rule, player=BOB, name=name, value=5)
    match.refused(ALICE, AdjustValue, rule=rule, player=BOB, name=name, delta=1)


def test_a_cap_of_minus_one_reads_no_cap() -> None:
    """4-3a-1b, 4-3b-1a: a cap of -1 is infinite; the game's view says how that value reads, the ruler's
    numbers line says "no summon cap" and "no set cap", and the offers to set a cap say what -1 means."""
    match = game([deck_of("A", full=False), deck_of("B")])
    events = match.act(ALICE, GrRuler, **{**NUMBERS, "summon_cap": -1, "set_cap": -1})
    line = match.lines(BOB, events)[0]
    assert "no summon cap, no set cap" in line and "-1" not in line
    assert view(match.state, None)["game_data"]["value_words"] == {
        "summon_cap": {"-1": "no summon cap"},
        "set_cap": {"-1": "no set cap"},
    }
    assert values(match, ALICE)["summon_cap"] == -1
    caps = [o for o in offers(match.state, ALICE) if o.type == "set_value" and "cap" in o.label]
    assert [o.needs[1].label for o in caps] == ["summon cap (-1: no cap)", "set cap (-1: no cap)"]
    assert [o.rule for o in caps] == ["4-3a-1, 15-2c", "4-3b-1"]


def test_setting_life_cites_the_rule_of_life() -> None:
    """2-6a: life is the ruler's value the defeat condition reads (12-2a-1); "Set life" cites it, not
    15-2 (which is "+N" to a property)."""
    match = game()
    life = next(o for o in offers(match.state, ALICE) if o.label == "Set life")
    assert life.rule == "2-6a"
