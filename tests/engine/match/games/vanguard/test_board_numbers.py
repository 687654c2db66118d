"""Every number a Vanguard board shows is the state's: a player's damage is the cards in their damage
zone (4.8; six lose, 9.2.2), shown with the zone's public count (4.1.2); vanguard damage (3.9.2), the
damage dealt and not yet put through the damage process (9.6), is shown only while it is not zero,
that is while a damage check waits for a trigger's choice."""

from __future__ import annotations

from bot.render import match as mr
from bot.render.text import panel_text
from engine.match.actions import SetValue
from engine.match.games.vanguard import VgAttack, VgChoose, VgPass
from engine.match.state import MatchState
from engine.match.view import view
from tests.engine.match.games.vanguard.helpers import act, at, do, place, second_turn, to_battle


def _values(state: MatchState, viewer: int | None) -> list[dict[str, int]]:
    return [player["values"] for player in view(state, viewer)["players"]]


def test_damage_is_the_damage_zone_and_vanguard_damage_shows_only_while_it_waits_3_9_2_9_6() -> None:
    """Bob's vanguard, his only unit, attacks with a critical trigger in its drive check (2.8.1.1.2:
    +1 critical): 2 damage to Alice (7.7.1.5). Her first damage check is a critical trigger too
    (9.6.5): while she chooses its units, one damage is still to be checked, and every viewer reads
    "vanguard damage 1" (9.6.2 took one off, 3.9.2). Once both checks are done, her damage zone holds
    2 cards, the board says so with the zone, and no "vanguard damage 0" stands beside it."""
    state = second_turn()
    state = place(state, 1, "Beta Critical", "deck")  # Bob's drive check
    state = place(state, 0, "Alpha King", "deck")  # Alice's second damage check
    state = place(state, 0, "Alpha Critical", "deck")  # her first
    state = place(state, 0, "Alpha Squire", "rc_lf")  # so that her trigger has a choice
    assert all(_values(state, viewer) == [{}, {}] for viewer in (0, 1, None))
    state = to_battle(state, 1)
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    state = do(state, VgPass, 0)  # Bob's trigger goes to his only unit, his vanguard, by itself
    head = dict(state.board.data("prompts")[0])
    assert head["player"] == 0 and head["kind"] == "critical"
    assert len(state.zone("damage", 0)) == 0
    for viewer in (0, 1, None):
        assert _values(state, viewer) == [{"vanguard_damage": 1}, {}]
    board = panel_text(mr.board_panel(view(state, None), [], match_id=1))
    assert "vanguard damage 1" in board
    state, _ = act(state, VgChoose(actor=0, version=state.version, target=at("vc")))
    state, lines = act(state, VgChoose(actor=0, version=state.version, target=at("vc")))
    assert "You reveal Alpha King for a damage check." in lines
    assert len(state.zone("damage", 0)) == 2 and state.value(0, "vanguard_damage") == 0
    for viewer in (0, 1, None):
        assert _values(state, viewer) == [{}, {}]
        assert view(state, viewer)["game_data"]["damage"] == [2, 0]
    board = panel_text(mr.board_panel(view(state, None), [], match_id=1))
    assert "vanguard damage" not in board and "damage zone (2)" in board


def test_damage_dealt_by_card_text_is_processed_at_once_and_leaves_no_number_10_33() -> None:
    """10.33: "deal damage" raises vanguard damage, and the damage process (9.6) runs at the check
    timing right after: the damage zone holds the cards, vanguard damage is back to 0 and not shown."""
    state = second_turn()
    state = do(state, SetValue, 1, player=0, name="vanguard_damage", value=2)
    assert len(state.zone("damage", 0)) == 2
    assert _values(state, None) == [{}, {}]
