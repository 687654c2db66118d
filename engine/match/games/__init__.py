"""The four games as definitions on the match engine (see :mod:`engine.match.game`).

Importing this package registers every definition; :func:`game_definition` finds one by any name
people use for the game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from engine.errors import ArbiterError
from engine.games import resolve_game
from engine.match.game import DEFINITIONS, GameDefinition

GAME_MODULES = ("gateruler", "forceofwill", "vanguard", "duelmasters")


def load_definitions() -> dict[str, GameDefinition]:
    """Import every game's definition module (each registers itself) and return the registry."""
    for name in GAME_MODULES:
        try:
            importlib.import_module(f"engine.match.games.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"engine.match.games.{name}":
                raise
    return DEFINITIONS


def game_definition(game: str) -> GameDefinition:
    """The definition of a game by key or alias; one sentence if it has none."""
    key = resolve_game(game).key
    definitions = load_definitions()
    if key not in definitions:
        raise ArbiterError(f"{resolve_game(game).name} cannot be played on the engine yet.")
    return definitions[key]


def card_stats(game: str) -> Callable[[Any], tuple[tuple[str, int | str], ...]]:
    """The game's reader of card stats from a :class:`engine.cards.model.CardRecord`: the
    ``stats_from_record`` of its definition, which names the stats its procedures automate with."""
    key = game_definition(game).spec.key
    reader: Callable[[Any], tuple[tuple[str, int | str], ...]] = importlib.import_module(
        f"engine.match.games.{key}"
    ).stats_from_record
    return reader
