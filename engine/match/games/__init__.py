"""The games' definitions on the match engine (see :mod:`engine.match.game`).

Each game's record (:data:`engine.games.GAMES`) names its definition; :func:`load_definitions`
registers them all, and :func:`game_definition` finds one by any name people use for the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import ArbiterError
from engine.games import GAMES, resolve_game
from engine.match.game import DEFINITIONS, GameDefinition, register_definition


def load_definitions() -> dict[str, GameDefinition]:
    """Register every registered game's definition (with its action types) and return the registry."""
    for game in GAMES.values():
        if game.key not in DEFINITIONS:
            register_definition(game.definition.load())
    return DEFINITIONS


def game_definition(game: str) -> GameDefinition:
    """The definition of a game by key or alias; one sentence if it has none."""
    key = resolve_game(game).key
    definitions = load_definitions()
    if key not in definitions:
        raise ArbiterError(f"{resolve_game(game).name} cannot be played on the engine yet.")
    return definitions[key]


def card_stats(game: str) -> Callable[[Any], tuple[tuple[str, int | str], ...]]:
    """The game's reader of card stats from a :class:`engine.cards.model.CardRecord` (its record's
    ``match_stats``), which names the stats its procedures automate with."""
    return resolve_game(game).match_stats.load()
