"""The games Arbiter knows: one record per game, registered in one list (:data:`GAMES`).

A game is its record here, its own folder ``engine/match/games/<game>/``, and the modules the record
names: its rules parser, its card stats, its card query keys, its deck rules, its match definition and
its words file. What Discord shows of a game (its board layout, its card image) is a per-game table in
``bot/render/games.py``, keyed by the same key. ``docs/adding-a-game.md`` is the checklist for a new
game; ``tests/architecture/test_games_registry.py`` checks that every registered game has every piece.

The record names each piece by module and attribute (:class:`Piece`) and loads it on first use, so
that reading the list imports nothing but this module (every module of the engine may import it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from rapidfuzz import fuzz, process

from engine.errors import ArbiterError
from engine.text import shortened

if TYPE_CHECKING:
    from pydantic import BaseModel

    from engine.cards.query import QueryKey
    from engine.decks.model import DeckFormat
    from engine.match.game import GameDefinition

T = TypeVar("T")

__all__ = ["GAMES", "Game", "Piece", "UnknownGameError", "game_keys", "register_game", "resolve_game"]


@dataclass(frozen=True)
class Piece(Generic[T]):
    """Where one piece of a game lives: an attribute of a module, imported when first asked for."""

    module: str
    attribute: str

    def load(self) -> T:
        """The piece itself (imports its module)."""
        return cast(T, getattr(importlib.import_module(self.module), self.attribute))

    def __str__(self) -> str:
        return f"{self.module}.{self.attribute}"


@dataclass(frozen=True)
class Game:
    """A game: how users name it, and where each of its pieces lives."""

    key: str
    """The game's key: its folder's name and the value stored with each of its cards and matches."""
    name: str
    """The game's name as users read it."""
    aliases: tuple[str, ...]
    """Other names users type for the game (the first is shown in the list of games)."""
    rules_parser: str
    """The module parsing the game's comprehensive rules, format ``<key>-cr`` (``FORMAT``,
    ``PARSER_VERSION``, ``parse``) and normalising a typed rule id (``normalise_id``)."""
    card_stats: Piece[type[BaseModel]]
    """The pydantic model of a card's stats (``engine/cards/model.py``)."""
    query_keys: Piece[tuple[QueryKey, ...]]
    """The keys of the card query language for the game (``engine/cards/query.py``)."""
    deck_rules: Piece[DeckFormat]
    """The game's decklist sections and deck construction rules (``engine/decks/<game>.py``)."""
    definition: Piece[GameDefinition]
    """The game's match definition (``engine/match/games/<game>/__init__.py``: ``DEFINITION``)."""
    match_stats: Piece[Callable[[Any], tuple[tuple[str, int | str], ...]]]
    """What a match reads of a card record: the stats its procedures automate with."""
    words: str
    """The file of the community's words for the game's rules, in ``engine/rules/words/``."""
    rules_updates: tuple[tuple[str, str], ...] = ()
    """The game's other rules documents: (format, parser module) pairs (Gate Ruler's rules updates)."""
    keyword_stats: tuple[str, ...] = ()
    """Stats printed as an icon that players call keywords (Vanguard's skill icon: Boost, Intercept,
    Twin Drive!!): the card query's ``k:`` finds their values as it finds keywords."""
    keep_words: frozenset[str] = frozenset()
    """Words that are stop words elsewhere but rules terms in this game (Force of Will's "will")."""


GAMES: dict[str, Game] = {}
"""Every registered game by key, in the order registered (the order every list of games shows)."""
_BY_NAME: dict[str, str] = {}


def register_game(game: Game) -> Game:
    """Add a game to :data:`GAMES`, reachable by its key, name and aliases (case-insensitive)."""
    if game.key in GAMES:
        raise ValueError(f"the game {game.key} is registered twice")
    for spelling in (game.key, game.name, *game.aliases):
        taken = _BY_NAME.get(spelling.casefold())
        if taken is not None and taken != game.key:
            raise ValueError(f"'{spelling}' names both {taken} and {game.key}")
        _BY_NAME[spelling.casefold()] = game.key
    GAMES[game.key] = game
    return game


register_game(
    Game(
        key="gateruler",
        name="Gate Ruler",
        aliases=("gr", "gate ruler", "gate-ruler", "gate"),
        rules_parser="engine.rules.parsers.gateruler",
        card_stats=Piece("engine.cards.model", "GateRulerStats"),
        query_keys=Piece("engine.cards.query", "GATE_RULER_KEYS"),
        deck_rules=Piece("engine.decks.gateruler", "FORMAT"),
        definition=Piece("engine.match.games.gateruler", "DEFINITION"),
        match_stats=Piece("engine.match.games.gateruler", "stats_from_record"),
        words="gateruler.toml",
        rules_updates=(("gateruler-update", "engine.rules.parsers.gateruler_update"),),
    )
)
register_game(
    Game(
        key="forceofwill",
        name="Force of Will",
        aliases=("fow", "force of will", "force-of-will", "force"),
        rules_parser="engine.rules.parsers.forceofwill",
        card_stats=Piece("engine.cards.model", "ForceOfWillStats"),
        query_keys=Piece("engine.cards.query", "FORCE_OF_WILL_KEYS"),
        deck_rules=Piece("engine.decks.forceofwill", "FORMAT"),
        definition=Piece("engine.match.games.forceofwill", "DEFINITION"),
        match_stats=Piece("engine.match.games.forceofwill", "stats_from_record"),
        words="forceofwill.toml",
        keep_words=frozenset({"will"}),
    )
)
register_game(
    Game(
        key="vanguard",
        name="Cardfight!! Vanguard",
        aliases=("cfv", "vg", "cardfight", "cardfight vanguard", "cardfight!! vanguard"),
        rules_parser="engine.rules.parsers.vanguard",
        card_stats=Piece("engine.cards.model", "VanguardStats"),
        query_keys=Piece("engine.cards.query", "VANGUARD_KEYS"),
        deck_rules=Piece("engine.decks.vanguard", "FORMAT"),
        definition=Piece("engine.match.games.vanguard", "DEFINITION"),
        match_stats=Piece("engine.match.games.vanguard", "stats_from_record"),
        words="vanguard.toml",
        keyword_stats=("skill",),
    )
)
register_game(
    Game(
        key="duelmasters",
        name="Duel Masters",
        aliases=("dm", "duel masters", "duel-masters", "duelmaster"),
        rules_parser="engine.rules.parsers.duelmasters",
        card_stats=Piece("engine.cards.model", "DuelMastersStats"),
        query_keys=Piece("engine.cards.query", "DUEL_MASTERS_KEYS"),
        deck_rules=Piece("engine.decks.duelmasters", "FORMAT"),
        definition=Piece("engine.match.games.duelmasters", "DEFINITION"),
        match_stats=Piece("engine.match.games.duelmasters", "stats_from_record"),
        words="duelmasters.toml",
    )
)


def game_keys() -> tuple[str, ...]:
    """Every registered game's key, in the order registered."""
    return tuple(GAMES)


class UnknownGameError(ArbiterError, ValueError):
    """Raised for a game name Arbiter does not know; the message is a full sentence for users."""


def resolve_game(name: str) -> Game:
    """Return the game for a key, a name or an alias (case-insensitive)."""
    typed = " ".join(name.split()).casefold()
    key = _BY_NAME.get(typed)
    if key is None:
        close = process.extractOne(typed[:60], list(_BY_NAME), scorer=fuzz.WRatio, score_cutoff=75)
        if close is not None:
            game = GAMES[_BY_NAME[close[0]]]
            raise UnknownGameError(
                f"I don't know the game '{shortened(name, 40)}'. Did you mean `{game.key}` ({game.name})?"
            )
        known = ", ".join(f"`{g.key}` ({'/'.join(g.aliases[:1])})" for g in GAMES.values())
        raise UnknownGameError(f"I don't know the game '{shortened(name, 40)}'. Choose one of {known}.")
    return GAMES[key]
