"""The export's content from plain data (engine.tournament.export); the service's tests check that
whole exports stay byte-identical."""

from __future__ import annotations

from fractions import Fraction

from engine.tournament import Player, TopCut
from engine.tournament.export import EventData, RoundData, build_export, csv_safe, csv_text, decimal4


def test_decimals_round_half_up_from_the_exact_value() -> None:
    assert decimal4(Fraction(1, 3)) == "0.3333"
    assert decimal4(Fraction(2, 3)) == "0.6667"
    assert decimal4(Fraction(1, 20000)) == "0.0001"


def test_csv_cells_that_a_spreadsheet_would_run_are_quoted() -> None:
    assert csv_safe("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert csv_safe("-3") == "-3" and csv_safe(5) == 5
    assert csv_text(["a"], [["@x"]]) == "a\n'@x\n"


def test_an_event_without_rounds_exports_its_settings_players_and_seeds() -> None:
    event = EventData(
        1, "Cup #1", "vanguard", "bo3", 3, 4, 50, "finished", Fraction(33, 100), "h", "seed", "t0", None, None
    )
    out = build_export(
        event, [Player("1", "Ann")], [RoundData(1, False, ())], [], 0, TopCut(("1", "2", "3", "4")), None
    )
    assert sorted(out.files) == ["cup--1-rounds.csv", "cup--1-standings.csv", "cup--1.json"]
    assert out.data["event"]["tiebreaker_floor"] == "0.3300"
    assert out.data["top_cut"]["seeds"] == ["1", "2", "3", "4"]
    assert out.data["top_cut"]["rounds"][0][0] == {
        "seed_a": 1,
        "player_a": "1",
        "seed_b": 4,
        "player_b": "4",
        "winner": None,
    }
    assert "decklists" not in out.data
