"""Summoning into a zone that holds a unit (14-4b-3a, 15-28a-1) and the overlapping cards rules effect
(12-4a) that then keeps only the unit placed most recently."""

from __future__ import annotations

import pytest

from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import GrSummon
from engine.match.games.gateruler.board import gate
from engine.match.state import MatchState
from tests.engine.match.games.gateruler.scenario import act, at, deck_of, do, ids, lines, pass_both, start


def name_of(state: MatchState, card_id: int) -> str:
    return state.match.table[state.board.cards[card_id].ref].name


def fill_defense(state: MatchState) -> tuple[MatchState, int]:
    """Alice (one defense zone, scenario ruler) summons a unit into her defense zone; it resolves."""
    first = ids(state, "hand", 0)[0]
    state = do(state, GrSummon, 0, card=at(state, "hand", 0, first), zone="defense")
    return pass_both(state)[0], first


def test_summoning_into_an_occupied_zone_sends_the_older_unit_to_the_graveyard() -> None:
    """14-4b-3a: the zone chosen need only be one in which a unit can be placed; 15-28a-1: it need not be
    empty; 12-4a: when the summoned unit enters, the zone holds two units and the older one goes to its
    owner's graveyard."""
    state, older = fill_defense(start())
    newer = ids(state, "hand", 0)[0]
    state, events = act(
        state,
        GrSummon,
        0,
        card=at(state, "hand", 0, newer),
        zone="defense",
        over=at(state, "defense", 0, older),
    )
    assert gate(state.board)[0]["over"] == older
    name = name_of(state, older)
    assert (
        f"Alice chooses the zone of {name} for it; when the summon resolves, {name} goes to the "
        "graveyard: one card per zone (14-4b-3a, 15-28a-1, 12-4a)."
    ) in lines(events, state, 1)
    assert ids(state, "defense", 0) == (older,)
    state, events = pass_both(state)
    assert ids(state, "defense", 0) == (newer,)
    assert older in ids(state, "graveyard", 0)
    assert f"{name} goes to the graveyard: one card per zone (12-4a)." in lines(events, state, 1)


def test_a_full_kind_of_zone_needs_the_unit_whose_zone_is_chosen() -> None:
    """14-4b-3a: the player chooses the zone as the unit is played; with every defense zone holding a
    unit, the engine cannot choose for them."""
    state, _ = fill_defense(start())
    card = at(state, "hand", 0, ids(state, "hand", 0)[0])
    with pytest.raises(ActionRefused, match=r"name the unit whose zone it goes into \(over\).*\(14-4b-3a"):
        act(state, GrSummon, 0, card=card, zone="defense")


def test_the_older_unit_that_left_meanwhile_is_not_touched() -> None:
    """12-4a applies only to two cards in one zone: if the unit whose zone was chosen moved to the attack
    zones before the summon resolved (here: rearranged by card text, 15-28a), it stays."""
    from engine.match.actions import Move, ZoneRef

    state, older = fill_defense(start())
    newer = ids(state, "hand", 0)[0]
    state = do(
        state,
        GrSummon,
        0,
        card=at(state, "hand", 0, newer),
        zone="defense",
        over=at(state, "defense", 0, older),
    )
    state = do(state, Move, 0, cards=(at(state, "defense", 0, older),), to=ZoneRef(zone="attack"))
    state, _ = pass_both(state)
    assert ids(state, "defense", 0) == (newer,) and ids(state, "attack", 0) == (older,)


def test_the_unit_named_must_be_in_the_chosen_kind_of_zone() -> None:
    """14-4b-3a: the zone chosen is one of the player's attack zones or defense zones, the kind summoned
    into."""
    state, older = fill_defense(start([deck_of("A"), deck_of("B")]))
    card = at(state, "hand", 0, ids(state, "hand", 0)[0])
    with pytest.raises(ActionRefused, match=r"must be in your attack zones \(14-4b-3a\)\.$"):
        act(state, GrSummon, 0, card=card, zone="attack", over=at(state, "defense", 0, older))
