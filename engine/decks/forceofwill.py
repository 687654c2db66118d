"""Force of Will decklists (Comprehensive Rules ver. 12.9, 402-404).

Sections: ``Ruler`` (the starting ruler, into the ruler area), ``Main deck`` (the default, into the
deck), ``Magic stone deck`` (into the magic stone deck) and ``Sideboard`` (outside the game).

Checks, with exact numbers:

- exactly one starting ruler (402.2; rulers with [Tag] or [Partner] are not modelled);
- main deck 40 to 60 cards (402.3a), at most four copies of a name over the main deck and sideboard
  (402.3b, 404.1), magic stones in the sideboard aside;
- magic stone deck 10 to 20 cards (402.4a); any number of a basic magic stone (402.4b), at most four
  of any other magic stone over the magic stone deck and sideboard (402.4c, 404.2); a magic stone is a
  card of a magic stone card type, not one that only has a magic stone type (202.4);
- sideboard 1 to 15 cards in Constructed (403.1a); one copy of a ruler's name over the ruler and the
  sideboard (404.3);
- with card data: the ruler is a ruler, not a basic ruler nor of the Arcana race (402.2), the main
  deck holds no rulers, J-rulers or magic stones (402.3), the magic stone deck only magic stones
  (402.4), the sideboard no basic rulers (403.1). Without it these are reported as not checked; basic
  magic stones are then known by their names (``Fire Magic Stone``...).
"""

from __future__ import annotations

from engine.decks import register_format
from engine.decks.check import Check, copy_limit, section_size
from engine.decks.model import CardLookup, DeckFormat, Decklist, DeckRules, SectionSpec

RULER, MAIN, STONES, SIDE = "ruler", "main", "stones", "sideboard"
BASIC_STONES = frozenset(
    f"{attribute} Magic Stone" for attribute in ("Light", "Fire", "Water", "Wind", "Darkness")
)
"""The basic magic stones' names (202.3, 202.4): free of the four-copies limit (402.4b)."""


def _types(record: object) -> list[str]:
    return [str(t).lower() for t in getattr(record, "types", [])]


STONE_TYPES = frozenset(("magic stone", "basic magic stone", "special magic stone", "true magic stone"))
"""Card types of magic stone cards (202.2); ``Fire Magic Stone`` is a magic stone type (202.4) that a
resonator may have too, which does not make it a magic stone card."""


def is_basic_stone(name: str, record: object | None) -> bool:
    """402.4b: a basic magic stone (by card data where known, else by its name)."""
    if record is not None:
        types = _types(record)
        return _is_stone(record) and (any("basic" in t for t in types) or name in BASIC_STONES)
    return name in BASIC_STONES


def _is_stone(record: object) -> bool:
    return any(t in STONE_TYPES for t in _types(record))


def _is_ruler(record: object) -> bool:
    return any(
        t in ("ruler", "basic ruler") or t.endswith(" ruler") or "j-ruler" in t for t in _types(record)
    )


def _is_arcana(record: object) -> bool:
    races = getattr(record, "stats", {}).get("race") or []
    if isinstance(races, str):
        races = [races]
    return any(str(race).strip().lower() == "arcana" for race in races)


def _types_check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """402.2 (a ruler, neither basic nor Arcana), 402.3, 402.4, 403.1 with card data; otherwise what
    could not be checked."""
    if lookup is None:
        return [], [
            "card types: the ruler (402.2), no rulers or magic stones in the main deck (402.3), "
            "only magic stones in the magic stone deck (402.4)"
        ]
    problems: list[str] = []
    for entry in deck.entries(RULER):
        record = lookup(entry.name)
        if record is not None and not _is_ruler(record):
            problems.append(f"{entry.name} is not a ruler (402.2, line {entry.line}).")
        elif record is not None and (any("basic" in t for t in _types(record)) or _is_arcana(record)):
            problems.append(
                f"{entry.name} can't be the starting ruler: no basic rulers and no Arcana "
                f"(402.2, line {entry.line})."
            )
    for entry in deck.entries(MAIN):
        record = lookup(entry.name)
        if record is not None and (_is_stone(record) or _is_ruler(record)):
            problems.append(
                f"{entry.name} can't be in the main deck: no rulers, J-rulers or magic stones "
                f"(402.3, line {entry.line})."
            )
    for entry in deck.entries(STONES):
        record = lookup(entry.name)
        if record is not None and not _is_stone(record):
            problems.append(f"{entry.name} is not a magic stone (402.4, line {entry.line}).")
    for entry in deck.entries(SIDE):
        record = lookup(entry.name)
        if record is not None and _is_ruler(record) and any("basic" in t for t in _types(record)):
            problems.append(
                f"{entry.name} is a basic ruler: not allowed in the sideboard (403.1, line {entry.line})."
            )
    return problems, []


def _ruler_copies(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """404.3: one copy of a ruler's name between the rulers and the sideboard."""
    problems = []
    rulers = deck.names(RULER)
    side = deck.names(SIDE)
    for name, count in sorted(rulers.items()):
        total = count + side.get(name, 0)
        if total > 1:
            problems.append(
                f"{total} copies of {name}: one copy of a ruler between ruler and sideboard (404.3)."
            )
    return problems, []


def _stone_limit() -> Check:
    return copy_limit(
        4,
        (STONES, SIDE),
        "402.4c, 404.2",
        lambda name, record: is_basic_stone(name, record),
        exempt_unchecked="whether {name} is a basic magic stone (any number allowed, 402.4b)",
    )


def _main_limit() -> Check:
    """402.3b, 404.1: four copies over the main deck and sideboard. A magic stone only in the sideboard
    (one in the magic stone deck, a magic stone by card data, or a basic magic stone by name) is counted
    with the magic stone deck instead (404.2), where basic ones are free (402.4b)."""

    def check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
        stones = set(deck.names(STONES))
        main = set(deck.names(MAIN))

        def stone(name: str, record: object | None) -> bool:
            known = record is not None and _is_stone(record)
            return name not in main and (name in stones or known or is_basic_stone(name, record))

        return copy_limit(4, (MAIN, SIDE), "402.3b, 404.1", stone)(deck, lookup)

    return check


FORMAT = register_format(
    DeckFormat(
        game="forceofwill",
        sections=(
            SectionSpec(RULER, "Ruler", ("ruler", "rulers", "starting ruler"), "ruler_area"),
            SectionSpec(MAIN, "Main deck", ("main deck", "main", "deck"), "deck"),
            SectionSpec(
                STONES,
                "Magic stone deck",
                ("magic stone deck", "magic stones", "stone deck", "stones", "magic stone"),
                "stone_deck",
            ),
            SectionSpec(SIDE, "Sideboard", ("sideboard", "side deck", "side", "sidebar"), None),
        ),
        default=MAIN,
        rules=DeckRules(
            checks=(
                section_size(RULER, "ruler", 1, 1, "402.2"),
                section_size(MAIN, "main deck", 40, 60, "402.3a"),
                section_size(STONES, "magic stone deck", 10, 20, "402.4a"),
                section_size(SIDE, "sideboard", 1, 15, "403.1a"),
                _main_limit(),
                _stone_limit(),
                _ruler_copies,
                _types_check,
            )
        ),
    )
)
