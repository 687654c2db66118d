"""Every registered game has every piece, and no module outside the registry and the game's own
folder tells the games apart by their key.

A game is its record in ``engine/games.py`` (:data:`engine.games.GAMES`), its row in
``bot/render/games.py`` (:data:`bot.render.games.RENDERS`) and its folder
``engine/match/games/<game>/``; ``docs/adding-a-game.md`` is the checklist for a new one, and it names
every field of both records."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel

from bot.render.board_image.layouts import Layout
from bot.render.card_image.games import CardImageGame
from bot.render.games import RENDERS, GameRender
from engine.cards.query import QueryKey
from engine.decks.model import DeckFormat
from engine.games import GAMES, Game, Piece, game_keys
from engine.match.game import GameDefinition, definition_of
from engine.match.settle import Step
from engine.match.stops import GameStops
from engine.rules.player_words import WORDS_DIR
from tests.architecture.imports import ROOT, python_files

KEYS = game_keys()
CHECKLIST = ROOT / "docs" / "adding-a-game.md"

ALLOWED: dict[str, str] = {
    "engine/games.py": "the registry: each game's record names its key",
    "bot/render/games.py": "the renderers' per-game table, keyed by the game key",
}
"""Modules that may name a game's key in a comparison or as a table's key, each with its reason. A
game's own folder (``engine/match/games/<game>/``) and its own modules elsewhere (``engine/decks/<game>.py``,
``engine/rules/parsers/<game>*.py``, an importer of one game's files) may name their own game."""


@pytest.mark.parametrize("key", KEYS)
def test_the_record_points_at_engine_pieces_only(key: str) -> None:
    """The record is the engine's: what Discord shows of a game is its row in bot/render/games.py."""
    game = GAMES[key]
    pieces = [value for value in vars(game).values() if isinstance(value, Piece)]
    modules = [
        game.rules_parser,
        *(module for _fmt, module in game.rules_updates),
        *(p.module for p in pieces),
    ]
    assert all(module.startswith("engine.") for module in modules), modules


@pytest.mark.parametrize("key", KEYS)
def test_the_rules_parsers_read_the_games_documents(key: str) -> None:
    game = GAMES[key]
    parser = importlib.import_module(game.rules_parser)
    assert f"{key}-cr" == parser.FORMAT, f"{game.rules_parser} parses the format {parser.FORMAT}"
    assert isinstance(parser.PARSER_VERSION, int) and callable(parser.parse)
    assert callable(parser.normalise_id), f"{game.rules_parser} has no normalise_id"
    for fmt, module in game.rules_updates:
        assert fmt == importlib.import_module(module).FORMAT


@pytest.mark.parametrize("key", KEYS)
def test_the_card_pieces_are_there(key: str) -> None:
    game = GAMES[key]
    stats = game.card_stats.load()
    assert isinstance(stats, type) and issubclass(stats, BaseModel), f"{game.card_stats} is no model"
    keys = game.query_keys.load()
    assert keys and all(isinstance(k, QueryKey) for k in keys), f"{game.query_keys} holds no query keys"
    names = [k.name for k in keys]
    assert len(names) == len(set(names)), f"{game.query_keys} names a key twice"
    assert all(stat in stats.model_fields for stat in game.keyword_stats)
    assert callable(game.match_stats.load())


@pytest.mark.parametrize("key", KEYS)
def test_the_deck_rules_are_the_games(key: str) -> None:
    rules = GAMES[key].deck_rules.load()
    assert isinstance(rules, DeckFormat) and rules.game == key
    assert rules.default in {section.key for section in rules.sections}


@pytest.mark.parametrize("key", KEYS)
def test_the_match_definition_has_every_hook(key: str) -> None:
    definition = GAMES[key].definition.load()
    assert isinstance(definition, GameDefinition) and definition.spec.key == key
    assert definition_of(definition.spec) is definition, "the registered definition is another one"
    assert isinstance(definition.stops, GameStops), f"{key} names no stops"
    cls = type(definition)
    for hook in ("setup", "allows", "settle", "losers", "offers", "view", "random_deck", "random_actions"):
        assert getattr(cls, hook) is not getattr(GameDefinition, hook), f"{key} has no {hook} of its own"
    handled = [action_type for action_type, _handler in definition.handlers]
    assert sorted(map(str, handled)) == sorted(map(str, definition.actions)), (
        f"{key}: an action without handler"
    )
    assert definition.lines, f"{key} has no log lines"
    card_text = importlib.import_module(f"engine.match.games.{key}.card_text")
    assert callable(card_text.offers), f"{key} has no card text offers"


@pytest.mark.parametrize("key", KEYS)
def test_the_game_folder_has_the_one_shape(key: str) -> None:
    """The step table and the settle hook in steps.py, the losses in checks.py, the offers entry in
    offers.py, under the same names in every game."""
    folder = f"engine.match.games.{key}"
    steps = importlib.import_module(f"{folder}.steps")
    assert steps.TABLE and all(isinstance(row, Step) and row.rule for row in steps.TABLE)
    assert callable(steps.settle), f"{folder}.steps has no settle"
    assert callable(importlib.import_module(f"{folder}.checks").losers), f"{folder}.checks has no losers"
    assert callable(importlib.import_module(f"{folder}.offers").seat_offers), (
        f"{folder}.offers: no seat_offers"
    )


@pytest.mark.parametrize("key", KEYS)
def test_the_words_file_is_there(key: str) -> None:
    assert (WORDS_DIR / GAMES[key].words).is_file(), f"engine/rules/words/{GAMES[key].words} is missing"


@pytest.mark.parametrize("key", KEYS)
def test_the_renderers_have_a_row(key: str) -> None:
    render = RENDERS.get(key)
    assert render is not None, f"bot/render/games.py has no row for {key}"
    assert isinstance(render.board, Layout) and render.board.cells, f"{key} has no board layout"
    assert isinstance(render.card_image, CardImageGame)


def test_the_renderers_have_no_row_for_an_unknown_game() -> None:
    assert set(RENDERS) <= set(GAMES), f"rows for games not registered: {sorted(set(RENDERS) - set(GAMES))}"


def _own(path: str) -> str | None:
    """The game a module belongs to by its place, if any: its folder, or a module named after it."""
    match = re.fullmatch(r"engine/match/games/(\w+)/.*\.py", path)
    if match:
        return match.group(1)
    match = re.fullmatch(r"engine/(?:decks|rules/parsers)/(\w+?)(?:_\w+)?\.py", path)
    if match and match.group(1) in GAMES:
        return match.group(1)
    return None


def _keys_in(node: ast.AST) -> Iterator[str]:
    """The game keys a comparison operand names: a string, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant) and node.value in GAMES:
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from _keys_in(item)


def _telling_apart(tree: ast.AST) -> Iterator[tuple[int, str, str]]:
    """Where a module tells games apart by key: a comparison with a key, a case of a key, a table
    keyed by keys."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                for key in _keys_in(operand):
                    yield node.lineno, key, "compares with"
        elif isinstance(node, ast.MatchValue):
            for key in _keys_in(node.value):
                yield node.lineno, key, "matches"
        elif isinstance(node, ast.Dict):
            for item in node.keys:
                if item is not None:
                    for key in _keys_in(item):
                        yield node.lineno, key, "keys a table by"


def test_no_module_tells_the_games_apart_by_key() -> None:
    found = []
    for package in ("engine", "bot", "cogs"):
        for file in python_files(package):
            path = file.relative_to(ROOT).as_posix()
            if path in ALLOWED:
                continue
            own = _own(path)
            tree = ast.parse(file.read_text(encoding="utf-8"), path)
            found += [
                f"{path}:{line}: {what} {key!r}" for line, key, what in _telling_apart(tree) if key != own
            ]
    assert not found, (
        "a game's own pieces belong in its record (engine/games.py) or its renderers' row "
        "(bot/render/games.py):\n" + "\n".join(found)
    )


def test_the_allowed_modules_exist() -> None:
    assert all((ROOT / path).is_file() for path in ALLOWED), "an allowed module has moved"


def _fields(record: type) -> list[str]:
    return [field.name for field in dataclasses.fields(record)]


@pytest.mark.parametrize("record", [Game, GameRender, CardImageGame], ids=lambda record: record.__name__)
def test_the_checklist_names_every_field(record: type) -> None:
    text = CHECKLIST.read_text(encoding="utf-8")
    missing = [name for name in _fields(record) if f"`{name}`" not in text]
    assert not missing, f"docs/adding-a-game.md does not name {record.__name__}'s {', '.join(missing)}"


def test_the_checklist_names_files_that_exist() -> None:
    text = CHECKLIST.read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:engine|bot|cogs|docs|data)/[\w/.-]+\.(?:py|md|toml))`", text))
    assert named, "the checklist names no file"
    missing = sorted(path for path in named if not Path(ROOT / path).exists())
    assert not missing, f"docs/adding-a-game.md names files that do not exist: {missing}"
