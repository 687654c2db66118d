"""Offers and panels per state, for each of the four games, over the states of random games.

For every state of a few simulated games (the simulator's random players): the offers of the seat
to act (:func:`engine.match.offers.offers`), the public board panel, the private panel of the seat to
act, and, beside them as the baseline measured in the same run, the engine's view of that state
(:func:`engine.match.view.view`), which every panel starts from.
"""

from __future__ import annotations

import random

from bench.stats import HEADER, row, time_sync
from bot.render import match as mr
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.offers import offers
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import MatchState
from engine.match.view import view

GAMES = ("vanguard", "duelmasters", "forceofwill", "gateruler")
MATCHES = 3
STATES_PER_MATCH = 120


def states(game: str) -> list[MatchState]:
    """States of a few random games (up to :data:`STATES_PER_MATCH` each)."""
    definition = game_definition(game)
    out: list[MatchState] = []
    for number in range(1, MATCHES + 1):
        rng = random.Random(f"bench-panels:{game}:{number}")
        state = new_match(
            definition.spec, PLAYERS, [definition.random_deck(rng) for _ in PLAYERS], game_seed(9, number)
        )
        for _ in range(STATES_PER_MATCH):
            if state.status != "playing":
                break
            out.append(state)
            for action in definition.random_actions(state, rng):
                try:
                    state, _ = apply(state, action)
                except ActionRefused:
                    continue
                break
            else:
                break
    return out


def main() -> None:
    print("\n## Offers and panels per state (random games of each game)\n")
    print(HEADER)
    for game in GAMES:
        sample = states(game)
        print(
            row(
                f"{game}: view of the seat to act (baseline)",
                time_sync(sample, lambda s: view(s, s.board.priority)),
            )
        )
        print(
            row(
                f"{game}: offers of the seat to act", time_sync(sample, lambda s: offers(s, s.board.priority))
            )
        )
        print(
            row(
                f"{game}: public board panel",
                time_sync(sample, lambda s: mr.board_panel(view(s, None), [], match_id=1)),
            )
        )
        print(
            row(
                f"{game}: private panel of the seat to act",
                time_sync(
                    sample,
                    lambda s: mr.hand_panel(
                        view(s, s.board.priority),
                        offers(s, s.board.priority),
                        match_id=1,
                        seat=s.board.priority,
                    ),
                ),
            )
        )


if __name__ == "__main__":
    main()
