"""Cardfight!! Vanguard decklists (comprehensive rules ver. 2.01, 5.1-5.4).

Sections: the main deck (default; zone ``deck``), an optional first vanguard (``First vanguard:``,
``Starting vanguard:``, ``Starter:``; zone ``vc``: the grade 0 card of the main deck put face down on
the vanguard circle at setup, 5.4.3, counted in the main deck's 50) and the G deck (``G deck:``,
``Stride deck:``; zone ``gzone``, 5.4.3.1).

Rules checked, with exact numbers:

- 5.2.2.1: the main deck (first vanguard included) holds exactly 50 cards;
- 5.2.2.2 / 5.2.2.2.1: at most 4 cards of a name in the main deck; 5.3.2.1: at most 4 in the G deck
  (each deck counted on its own);
- 5.3.2: the G deck holds 0 to 16 cards (5.1.1: at most one G deck);
- 5.4.3: at most one first vanguard, of grade 0 (the grade with card data);
- with card data (``lookup``): 5.2.2.3 exactly 16 trigger units; 5.2.2.4 at most 4 heal triggers;
  5.2.2.5 / 11.9.1 at most 4 cards with the Sentinel ability (a ``Sentinel`` keyword or a text line
  beginning with it, not a text that only mentions Sentinels); 5.2.2.6 no G units in the main deck;
  5.3.3 only G units in the G deck. Without card data these are reported as not checked. There is no clan or
  nation restriction in these rules.
"""

from __future__ import annotations

import re
from typing import Any

from engine.decks.check import Check, cards_word, copy_limit, section_size
from engine.decks.model import CardLookup, DeckFormat, Decklist, DeckRules, SectionSpec

MAIN, FIRST, G_DECK = "main", "first", "g"
MAIN_SIZE = 50
TRIGGERS = 16
HEAL_LIMIT = 4
SENTINEL_LIMIT = 4
G_DECK_MAX = 16
COPIES = 4


def _trigger(record: Any) -> str | None:
    value = (record.stats or {}).get("trigger")
    if isinstance(value, str) and value.strip() and value.strip().lower() != "none":
        return value.lower()
    return None


def _g_unit(record: Any) -> bool:
    types = " ".join(record.types or []).lower()
    return "g unit" in types or (record.stats or {}).get("grade") == 4


_SENTINEL_LINE = re.compile(r"^\s*(?:\[CONT\]\s*(?:\([^)]*\)\s*)?:?\s*)?Sentinel\b", re.IGNORECASE)
"""A line of card text that *is* the Sentinel ability: "[CONT]:Sentinel (You may only have up to four
cards with "[CONT]:Sentinel" in a deck.)", "[CONT]: Sentinel", or a bare "Sentinel" line."""


def _sentinel(record: Any) -> bool:
    """5.2.2.5 / 11.9.1: the card has the Sentinel ability: a ``Sentinel`` keyword, or a text line
    that begins with the ability. A text that only names Sentinels ("search for a Sentinel", "cannot
    call Sentinels") is not the ability."""
    if any(k.strip().lower() == "sentinel" for k in (record.keywords or [])):
        return True
    return any(_SENTINEL_LINE.match(line) for line in (record.text or "").splitlines())


def _main_size(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    count = deck.count(MAIN) + deck.count(FIRST)
    if count == MAIN_SIZE:
        return [], []
    return [f"The main deck needs exactly {MAIN_SIZE} cards (5.2.2.1); it has {cards_word(count)}."], []


def _first(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    problems: list[str] = []
    unchecked: list[str] = []
    count = deck.count(FIRST)
    if count > 1:
        problems.append(f"There is one first vanguard (5.4.3); the list names {cards_word(count)}.")
    for entry in deck.entries(FIRST):
        record = lookup(entry.name) if lookup is not None else None
        if record is None:
            if lookup is not None:
                unchecked.append(f"the grade of the first vanguard {entry.name} (5.4.3)")
            continue
        grade = (record.stats or {}).get("grade")
        if grade != 0:
            problems.append(f"The first vanguard must be grade 0 (5.4.3); {entry.name} is grade {grade}.")
    return problems, unchecked


def _by_data(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """5.2.2.3-5.2.2.6 and 5.3.3, which need card data."""
    if lookup is None:
        return [], [
            f"the {TRIGGERS} triggers (5.2.2.3), at most {HEAL_LIMIT} heal triggers (5.2.2.4), at most "
            f"{SENTINEL_LIMIT} Sentinels (5.2.2.5) and the unit kinds of each deck (5.2.2.6, 5.3.3)"
        ]
    problems: list[str] = []
    triggers = heals = sentinels = unknown = 0
    for key in (MAIN, FIRST):
        for entry in deck.entries(key):
            record = lookup(entry.name)
            if record is None:
                unknown += entry.count
                continue
            trigger = _trigger(record)
            triggers += entry.count if trigger else 0
            heals += entry.count if trigger and "heal" in trigger else 0
            sentinels += entry.count if _sentinel(record) else 0
            if _g_unit(record):
                problems.append(
                    f"{entry.name} is a G unit: it belongs in the G deck, not the main deck (5.2.2.6)."
                )
    for entry in deck.entries(G_DECK):
        record = lookup(entry.name)
        if record is not None and not _g_unit(record):
            problems.append(f"{entry.name} is not a G unit: the G deck holds only G units (5.3.3).")
    unchecked: list[str] = []
    if unknown:
        unchecked.append(
            f"the trigger, heal and Sentinel counts (5.2.2.3-5.2.2.5) for {cards_word(unknown)} "
            "without card data"
        )
        if triggers > TRIGGERS:
            problems.append(f"The main deck has {triggers} triggers: exactly {TRIGGERS} (5.2.2.3).")
    elif triggers != TRIGGERS:
        problems.append(f"The main deck needs exactly {TRIGGERS} triggers (5.2.2.3); it has {triggers}.")
    if heals > HEAL_LIMIT:
        problems.append(f"The main deck has {heals} heal triggers: at most {HEAL_LIMIT} (5.2.2.4).")
    if sentinels > SENTINEL_LIMIT:
        problems.append(
            f"The main deck has {sentinels} cards with Sentinel: at most {SENTINEL_LIMIT} (5.2.2.5)."
        )
    return problems, unchecked


CHECKS: tuple[Check, ...] = (
    _main_size,
    _first,
    copy_limit(COPIES, (MAIN, FIRST), "5.2.2.2"),
    section_size(G_DECK, "G deck", 0, G_DECK_MAX, "5.3.2"),
    copy_limit(COPIES, (G_DECK,), "5.3.2.1"),
    _by_data,
)

FORMAT = DeckFormat(
    game="vanguard",
    sections=(
        SectionSpec(MAIN, "Main deck", ("main", "main deck", "deck"), "deck"),
        SectionSpec(
            FIRST,
            "First vanguard",
            ("first vanguard", "starting vanguard", "starter", "start vanguard"),
            "vc",
        ),
        SectionSpec(G_DECK, "G deck", ("g deck", "gdeck", "g zone", "stride deck", "g units"), "gzone"),
    ),
    default=MAIN,
    rules=DeckRules(checks=CHECKS),
)
