"""Registry of rules-document formats and of each game's rule-id normaliser.

A format names one parser module in :mod:`engine.rules.parsers`. Each module exposes ``FORMAT``,
``PARSER_VERSION`` and ``parse(text) -> ParsedDocument``; a game's comprehensive-rules module also
exposes ``normalise_id(query) -> list[str]``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Protocol, cast

from engine.rules.model import ParsedDocument

FORMAT_MODULES: dict[str, str] = {
    "gateruler-cr": "engine.rules.parsers.gateruler",
    "gateruler-update": "engine.rules.parsers.gateruler_update",
    "forceofwill-cr": "engine.rules.parsers.forceofwill",
    "vanguard-cr": "engine.rules.parsers.vanguard",
    "duelmasters-cr": "engine.rules.parsers.duelmasters",
}

NORMALISER_MODULES: dict[str, str] = {
    "gateruler": "engine.rules.parsers.gateruler",
    "forceofwill": "engine.rules.parsers.forceofwill",
    "vanguard": "engine.rules.parsers.vanguard",
    "duelmasters": "engine.rules.parsers.duelmasters",
}


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
    return importlib.import_module(NORMALISER_MODULES[game])


def normalise_id(game: str, query: str) -> list[str]:
    """Candidate canonical rule ids for what a user typed, most likely first (never raises)."""
    try:
        candidates = _normaliser_module(game).normalise_id(query)
    except Exception:  # a normaliser bug must not turn a lookup into a crash
        return []
    return [c for c in candidates if isinstance(c, str) and c]
