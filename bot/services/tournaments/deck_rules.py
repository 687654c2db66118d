"""The deck rules an event checks its decklists with: a name of the game's deck rules
(:meth:`engine.decks.DeckFormat.rules_named`: Duel Masters' ``english-tcg``), stored with the event, or
'' for the game's rules document (the default, and every event created before events had a choice)."""

from __future__ import annotations

from engine.decks import DeckError, DeckRules, deck_format
from engine.tournament import TournamentError

DOCUMENT_RULES = "the game's rules document"
"""What an event applies where its game has one set of deck rules (or none yet)."""


def _rules(game: str, name: str | None) -> DeckRules | None:
    """The deck rules called ``name`` of ``game`` ('' or None: the default); None where Arbiter has no
    deck rules for the game. A :class:`DeckError` lists the choices for an unknown name."""
    try:
        fmt = deck_format(game)
    except DeckError:
        if (name or "").strip():
            raise
        return None
    return fmt.rules_named(name)


def event_deck_rules(game: str, name: str | None) -> str:
    """The name an event stores for the deck rules an organizer chose: '' for the game's default (the
    rules document's, also when chosen by its own name, ``general``), else the rules' name. An unknown
    name is refused with the engine's sentence, which lists the choices."""
    try:
        chosen = _rules(game, name)
    except DeckError as error:
        raise TournamentError(str(error)) from None
    if chosen is None or chosen is deck_format(game).rules:
        return ""
    return chosen.name


def deck_rules_label(game: str, name: str) -> str:
    """What an event's decklists are checked with, for people (``the English TCG's rules (a main deck
    of at least 40 cards)``); a name the engine no longer knows is shown as it is stored."""
    try:
        chosen = _rules(game, name)
    except DeckError:
        return f"'{name}' (no longer known)"
    return chosen.label if chosen is not None and chosen.label else DOCUMENT_RULES


def deck_rules_choices(game: str) -> list[tuple[str, str]]:
    """The deck rules an event of ``game`` may choose, the default first, as (label, name); empty where
    the game has one set of deck rules."""
    try:
        fmt = deck_format(game)
    except DeckError:
        return []
    if not fmt.variants:
        return []
    return [
        (f"{rules.name}: {rules.label}" + (" (default)" if rules is fmt.rules else ""), rules.name)
        for rules in (fmt.rules, *fmt.variants)
        if rules.name
    ]
