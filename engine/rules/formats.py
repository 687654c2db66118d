"""Rules-document formats and each game's rule-id normaliser, as the games' records name them.

A format names one parser module in :mod:`engine.rules.parsers`. Each module exposes ``FORMAT``,
``PARSER_VERSION`` and ``parse(text) -> ParsedDocument``; a game's comprehensive-rules module also
exposes ``normalise_id(query) -> list[str]``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Protocol, cast

from engine.games import GAMES
from engine.rules.model import ParsedDocument

FORMAT_MODULES: dict[str, str] = {
    fmt: module
    for game in GAMES.values()
    for fmt, module in ((f"{game.key}-cr", game.rules_parser), *game.rules_updates)
}
"""Every registered game's rules-document formats, as each game's record names its parser modules:
``<game>-cr`` for the comprehensive rules, then the game's other documents."""


class DocumentParser(Protocol):
    FORMAT: str
    PARSER_VERSION: int

    def parse(self, text: str) -> ParsedDocument: ...


def parser_for(format_name: str) -> DocumentParser:
    """The parser module of a format; ``KeyError`` with the known formats if it is unknown."""
    try:
        module_name = FORMAT_MODULES[format_name]
    except KeyError:
        known = ", ".join(sorted(FORMAT_MODULES))
        raise KeyError(f"unknown rules format '{format_name}' (known: {known})") from None
    return cast(DocumentParser, importlib.import_module(module_name))


def _normaliser_module(game: str) -> ModuleType:
    return importlib.import_module(GAMES[game].rules_parser)


def normalise_id(game: str, query: str) -> list[str]:
    """Candidate canonical rule ids for what a user typed, most likely first (never raises)."""
    try:
        candidates = _normaliser_module(game).normalise_id(query)
    except Exception:  # a normaliser bug must not turn a lookup into a crash
        return []
    return [c for c in candidates if isinstance(c, str) and c]
