"""`arbiter match play --auto`: the leak check over panels, on a real match state."""

from __future__ import annotations

import random
import re

from bot.render import match as mr
from bot.render.text import panel_text
from bot.simulation.match_play import leaked_names
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.offers import offers
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.view import view


def test_the_leak_check_finds_a_hidden_name_and_no_false_alarm() -> None:
    definition = game_definition("duelmasters")
    rng = random.Random(3)
    state = new_match(
        definition.spec, PLAYERS, [definition.random_deck(rng) for _ in PLAYERS], game_seed(3, 1)
    )
    hand = [state.match.table[state.board.cards[c].ref].name for c in state.zone("hand", 1)]
    mine = {state.match.table[state.board.cards[c].ref].name for c in state.zone("hand", 0)}
    secret = next(name for name in hand if name not in mine)
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        panels = [mr.board_panel(seen, [], match_id=1)]
        if viewer is not None:
            panels.append(mr.hand_panel(seen, offers(state, viewer), match_id=1, seat=viewer))
        for panel in panels:
            assert leaked_names(state, viewer, panel_text(panel)) == []
    assert secret in leaked_names(state, 0, f"Player 2 holds {secret}")
    assert leaked_names(state, 1, f"Player 2 holds {secret}") == []


def test_a_private_panel_lists_every_offer_whole_within_discords_limits() -> None:
    """Over random Gate Ruler and Duel Masters positions, a seat's panel lists each of its offers by
    number and label on a line of its own (whole: offers that do not fit go on to the next page of the
    panel), each page in fields within 1,024 characters and an embed within 6,000."""
    for game in ("gateruler", "duelmasters"):
        definition = game_definition(game)
        rng = random.Random(5)
        state = new_match(
            definition.spec, PLAYERS, [definition.random_deck(rng) for _ in PLAYERS], game_seed(5, 1)
        )
        for _ in range(120):
            if state.status != "playing":
                break
            for seat in (0, 1):
                listed = offers(state, seat)
                seen = view(state, seat)
                first = mr.hand_panel(seen, listed, match_id=1, seat=seat)
                count = int(found[1]) if (found := re.search(r"page 1 of (\d+)", first.body)) else 1
                pages = [
                    mr.hand_panel(seen, listed, match_id=1, seat=seat, page=n) for n in range(1, count + 1)
                ]
                lines = {line for panel in pages for _, value in panel.fields for line in value.splitlines()}
                for number, offer in enumerate(listed, 1):
                    assert any(line.startswith(f"{number}. {offer.label}") for line in lines), (number, offer)
                for panel in pages:
                    assert all(len(value) <= 1024 for _, value in panel.fields)
                    size = len(panel.title) + len(panel.body) + len(panel.footer)
                    assert size + sum(len(n) + len(v) for n, v in panel.fields) <= 6000
            for action in definition.random_actions(state, rng):
                try:
                    state, _ = apply(state, action)
                except ActionRefused:
                    continue
                break
