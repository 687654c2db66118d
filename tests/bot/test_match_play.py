"""`arbiter match play --auto`: the leak check over panels, on a real match state."""

from __future__ import annotations

import random

from bot.render import match as mr
from bot.render.text import panel_text
from bot.simulation.match_play import leaked_names
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
