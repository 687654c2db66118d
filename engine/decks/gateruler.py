"""Gate Ruler decklists and deck construction (CR 5-2).

Sections: ``Ruler`` (exactly one ruler card, 5-2b), ``Geas`` (at most one, 5-2b-1; it starts under the
ruler, 5-3a-1), ``Deck`` (the main deck, the default section, 5-2c) and ``Resources`` (the resource cards
the ruler's Setup and Start of Turn put into play; where they come from is not in the CR, so they are
listed apart and not counted in the deck).

Checks with exact numbers: one ruler (5-2b), at most one geas (5-2b-1), no ruler or geas in the deck
(5-2c), one copy at most of a legendary card by name whatever the ruler (5-2c-2). The other limits are
the ruler's (5-2c-1: deck size exactly, maximum factions, attribute requirement, maximum copies,
legendary cap, deck level cap, CNT cap) and its numbers are in the CR's Appendix A, which is not
published with it: the few the Set 3 article gives are known here (:data:`KNOWN_RULERS`), the rest are
reported as not checked. A ruler record's stats may also carry them (``deck_size``, ``max_copies``,
``legendary_cap``, ``level_cap``, ``cnt_cap``, ``max_factions``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.decks.check import cards_word, section_size
from engine.decks.model import CardLookup, DeckFormat, Decklist, DeckRules, SectionSpec

Check = Callable[[Decklist, CardLookup | None], tuple[list[str], list[str]]]

SECTIONS = (
    SectionSpec(key="ruler", label="ruler", headers=("ruler", "ruler card"), zone="ruler"),
    SectionSpec(key="geas", label="geas", headers=("geas", "geas card"), zone="ruler"),
    SectionSpec(key="deck", label="deck", headers=("deck", "main deck", "main"), zone="deck"),
    SectionSpec(key="resources", label="resources", headers=("resources", "resource cards"), zone="supply"),
)

KNOWN_RULERS: dict[str, dict[str, int]] = {
    "2. B - Berserker": {"level_cap": 120},
    "8. H - Highlander": {"legendary_cap": 3, "cnt_cap": 20},
    "12. L - Legion": {"legendary_cap": 3, "cnt_cap": 20},
}
"""Deck-construction numbers the Set 3 article states for existing rulers (its "Updates to Existing
Rulers"): Berserker's deck level cap 120, Highlander's and Legion's legendary cap 3 and CNT cap 20."""

LIMITS = {
    "deck_size": "deck size (5-2c-1a)",
    "max_copies": "maximum copies of a card (5-2c-1d)",
    "legendary_cap": "legendary card cap (5-2c-1e)",
    "level_cap": "deck level cap (5-2c-1f)",
    "cnt_cap": "CNT cap (5-2c-1g)",
    "max_factions": "maximum factions (5-2c-1b)",
}


def _types(record: Any) -> set[str]:
    return {str(kind).lower() for kind in getattr(record, "types", []) or []}


def _stats(record: Any) -> dict[str, Any]:
    return dict(getattr(record, "stats", {}) or {})


def _marks(record: Any) -> set[str]:
    stats = _stats(record)
    return {str(mark).upper() for mark in [*stats.get("icons", []), *(getattr(record, "keywords", []) or [])]}


def _ruler_limits(deck: Decklist, lookup: CardLookup | None) -> dict[str, int]:
    entries = deck.entries("ruler")
    if len(entries) != 1:
        return {}
    name = entries[0].name
    limits = dict(KNOWN_RULERS.get(name, {}))
    record = lookup(name) if lookup is not None else None
    for key, number in _stats(record).items():
        if key in LIMITS and isinstance(number, int):
            limits[key] = number
    return limits


def card_types(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """5-2b: the ruler section holds a ruler card, the geas section a geas; 5-2c: the deck holds
    neither."""
    if lookup is None:
        return [], ["that the ruler is a ruler card and the deck has no ruler or geas (5-2b, 5-2c)"]
    problems = []
    for section, wanted in (("ruler", "ruler"), ("geas", "geas")):
        for entry in deck.entries(section):
            record = lookup(entry.name)
            if record is not None and wanted not in _types(record):
                problems.append(f"{entry.name} (line {entry.line}) is not a {wanted} card (5-2b).")
    for entry in deck.entries("deck"):
        record = lookup(entry.name)
        if record is not None and _types(record) & {"ruler", "geas"}:
            problems.append(f"{entry.name} (line {entry.line}): the deck holds no ruler or geas card (5-2c).")
    return problems, []


def legendary_copies(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """5-2c-2: whatever the ruler, one copy at most of a legendary card by name."""
    if lookup is None:
        return [], ["one copy of each legendary card (5-2c-2)"]
    problems = []
    for name, count in sorted(deck.names("deck").items()):
        record = lookup(name)
        if count > 1 and record is not None and "LEGENDARY" in _marks(record):
            problems.append(f"{count} copies of {name}: a legendary card is limited to 1 copy (5-2c-2).")
    return problems, []


def ruler_limits(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """5-2c-1: the ruler's deck size (exactly), maximum copies, legendary cap, deck level cap, CNT cap
    and maximum factions, where the ruler's numbers are known."""
    if len(deck.entries("ruler")) != 1:
        return [], []
    limits = _ruler_limits(deck, lookup)
    ruler = deck.entries("ruler")[0].name
    problems: list[str] = []
    unchecked = [f"{ruler}'s {label}" for key, label in LIMITS.items() if key not in limits]
    size = deck.count("deck")
    if "deck_size" in limits and size != limits["deck_size"]:
        problems.append(
            f"The deck needs exactly {cards_word(limits['deck_size'])} for {ruler} (5-2c-1a); it has {size}."
        )
    if "max_copies" in limits:
        for name, count in sorted(deck.names("deck").items()):
            if count > limits["max_copies"]:
                problems.append(f"{count} copies of {name}: at most {limits['max_copies']} (5-2c-1d).")
    counted = {"legendary_cap": 0, "level_cap": 0, "cnt_cap": 0}
    factions: set[str] = set()
    missing = False
    for entry in deck.entries("deck"):
        record = lookup(entry.name) if lookup is not None else None
        if record is None:
            missing = True
            continue
        marks = _marks(record)
        counted["legendary_cap"] += entry.count * ("LEGENDARY" in marks)
        counted["cnt_cap"] += entry.count * bool(marks & {"CNT", "COUNTER"})
        level = _stats(record).get("level")
        counted["level_cap"] += entry.count * (level if isinstance(level, int) else 0)
        if _stats(record).get("faction"):
            factions.add(str(_stats(record)["faction"]))
    what = {"legendary_cap": "legendary cards", "level_cap": "total level", "cnt_cap": "cards with CNT"}
    for key, total in counted.items():
        if key not in limits:
            continue
        if missing:
            unchecked.append(LIMITS[key] + " for cards without card data")
        if total > limits[key]:
            label = what[key][0].upper() + what[key][1:]
            problems.append(f"{label}: {total}, at most {limits[key]} for {ruler} ({LIMITS[key]}).")
    if "max_factions" in limits and len(factions) > limits["max_factions"]:
        problems.append(f"{len(factions)} factions: at most {limits['max_factions']} for {ruler} (5-2c-1b).")
    return problems, unchecked


CHECKS: tuple[Check, ...] = (
    section_size("ruler", "ruler section", 1, 1, "5-2b"),
    section_size("geas", "geas section", 0, 1, "5-2b-1"),
    section_size("deck", "deck", 1, 10_000, "5-2c"),
    card_types,
    legendary_copies,
    ruler_limits,
)

FORMAT = DeckFormat(game="gateruler", sections=SECTIONS, default="deck", rules=DeckRules(checks=CHECKS))
