"""Decklists: parsing the text format and checking each game's deck construction rules.

``parse_decklist(game, text)`` reads a list (errors name the line, :class:`DeckError`);
``check_deck(game, decklist, lookup=None)`` checks it (:class:`DeckReport`), using card data by exact
name where a ``lookup`` is given and otherwise counts only, saying what could not be checked.
Each game's format and rules live in its own module, ``engine/decks/<game>.py``, which the game's
record names (:attr:`engine.games.Game.deck_rules`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.decks.check import run_checks
from engine.decks.model import CardLookup, DeckEntry, DeckError, DeckFormat, Decklist, DeckReport, DeckRules
from engine.decks.parse import parse_with
from engine.games import resolve_game


def deck_format(game: str) -> DeckFormat:
    """The deck format of a game (by key or any name people use for it)."""
    return resolve_game(game).deck_rules.load()


def parse_decklist(game: str, text: str) -> Decklist:
    """Parse a decklist of a game (see :mod:`engine.decks.parse`)."""
    return parse_with(deck_format(game), text)


def check_deck(
    game: str,
    deck: Decklist,
    lookup: CardLookup | None = None,
    *,
    rules: str | None = None,
    suggestions: Mapping[str, Sequence[str]] | None = None,
) -> DeckReport:
    """Check a decklist against its game's deck construction rules: the rules document's by default,
    or the deck rules named ``rules`` where the game has a choice (:meth:`DeckFormat.rules_named`; a
    :class:`DeckError` lists the choices). ``suggestions``: close names offered for names the card data
    does not know."""
    fmt = deck_format(game)
    chosen = fmt.rules_named(rules)
    labels = {section.key: section.label for section in fmt.sections if deck.entries(section.key)}
    labels = {
        section.key: section.label
        for section in fmt.sections
        if section.key in labels or section.key == fmt.default
    }
    return run_checks(
        fmt.game, deck, chosen.checks, lookup, labels, rules=chosen.label, suggestions=suggestions
    )


__all__ = [
    "CardLookup",
    "DeckEntry",
    "DeckError",
    "DeckFormat",
    "DeckReport",
    "DeckRules",
    "Decklist",
    "check_deck",
    "deck_format",
    "parse_decklist",
]
