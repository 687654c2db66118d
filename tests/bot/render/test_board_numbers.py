"""The board says what is true: over random states of each game, every count and number the board text
and the board picture show (zones and piles, the players' values, rested or tapped cards) equals the
state's, for each player and for a spectator."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render import match as mr
from bot.render.board_image.page import Board
from bot.render.board_image.reading import zones_of
from engine.games import game_keys
from engine.match.games import game_definition
from engine.match.simulate import random_walk
from engine.match.state import MatchState
from engine.match.view import view
from tests.property_costs import MATCHES


def _orientation(state: MatchState, card_id: int) -> str:
    return state.match.spec.orientations[state.board.cards[card_id].orientation].name


def _check_zones(state: MatchState, seen: Mapping[str, Any]) -> None:
    """Each zone's count is the state's, and each orientable card's orientation too."""
    spec = state.match.spec
    for zone in seen["zones"]:
        ids = state.zone(zone["zone"], zone["player"])
        assert zone["count"] == len(ids), zone["zone"]
        if spec.zone(zone["zone"]) is not None and spec.zone(zone["zone"]).orientable:  # type: ignore[union-attr]
            shown = [card["orientation"] for card in zone["cards"]]
            assert shown == [_orientation(state, card_id) for card_id in ids], zone["zone"]


def _check_text(state: MatchState, seen: Mapping[str, Any]) -> None:
    """The board text: each zone line's count, each player's values, each card's orientation mark."""
    panel = mr.board_panel(seen, [], match_id=1)
    by_player = {name: value for name, value in panel.fields}
    upright = state.match.spec.orientations[0].name if state.match.spec.orientations else None
    for seat, player in enumerate(seen["players"]):
        text = by_player.get(str(player["name"]), "")
        for zone in seen["zones"]:
            if zone["player"] != seat:
                continue
            label = re.escape(str(zone["label"]))
            found = re.search(rf"^{label}(?:: (\d+)| \((\d+)\):)", text, re.MULTILINE)
            if found is not None:
                assert int(found[1] or found[2]) == zone["count"], (zone["zone"], text)
            for card in zone["cards"]:
                turned = card.get("orientation") not in (None, upright)
                named = card.get("face") == "up" and card.get("name")
                if named and turned and f"{card['name']} (" not in text and "more" not in text:
                    raise AssertionError(f"{card['name']} is {card['orientation']} but not marked: {text}")
        for name, value in player["values"].items():
            assert state.board.values[seat][list(state.match.spec.player_values).index(name)] == value
            assert mr.value_words(seen, name, value) in text, (name, value, text)


def _check_picture(state: MatchState, seen: Mapping[str, Any]) -> None:
    """The picture's model: the same counts, values and turned cards."""
    upright = state.match.spec.orientations[0].name if state.match.spec.orientations else None
    for zone in zones_of(seen):
        assert zone.count == len(state.zone(zone.zone, zone.player)), zone.zone
        for card in zone.cards:
            assert card.turned == (card.orientation not in (None, upright)), zone.zone
    board = Board(seen)
    for seat, player in enumerate(seen["players"]):
        line = board.player_line(seat)
        for label, number in re.findall(r"([A-Za-z][A-Za-z ]*?) (-?\d+)", line):
            value = next(
                (v for k, v in player["values"].items() if k.replace("_", " ") == label.strip()), None
            )
            zone = next(
                (
                    z
                    for z in seen["zones"]
                    if z["player"] == seat and label.strip() in (z["zone"], z["label"], z["label"].split()[0])
                ),
                None,
            )
            expected = value if value is not None else (zone["count"] if zone is not None else None)
            if expected is not None:
                assert int(number) == expected, (label, line)


@pytest.mark.parametrize("game", game_keys())
@settings(MATCHES)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250))
def test_every_number_the_board_shows_is_the_states(game: str, seed: int, steps: int) -> None:
    *_, state = random_walk(game_definition(game), seed, steps=steps)
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        _check_zones(state, seen)
        _check_text(state, seen)
        _check_picture(state, seen)
