"""Force of Will decklists (Comprehensive Rules ver. 12.9, 402-404).

Sections: ``Ruler`` (``J/Ruler``, ``Ruler/J-ruler``: the starting ruler first, then any non-starting
rulers, into the ruler area; a ruler written with its J-ruler face, ``Ruler // J-ruler`` or
``Ruler/J-ruler``, is one card), ``Main deck`` (the default, into the deck), ``Magic stone deck`` (into
the magic stone deck), ``Sideboard`` (``Side deck``; outside the game) and the ``Extra deck``,
``Rune deck``, ``Stranger deck`` and ``EX deck`` (402.1; kept outside the match, whose engine has no
zones for them yet).

Checks, with exact numbers:

- one starting ruler, or up to three rulers when rulers with [Tag] or [Partner] are used (402.2; the
  first ruler listed is the starting ruler). With card data, two or three rulers need one with [Tag] or
  [Partner]; without it, that is reported as not checked;
- main deck 40 to 60 cards (402.3a), at most four copies of a name over the main deck, sideboard, extra
  deck, EX deck and rune deck (402.3b, 404.1), magic stones in the sideboard aside;
- magic stone deck 10 to 20 cards (402.4a); any number of a basic magic stone (402.4b), at most four
  of any other magic stone over the magic stone deck and sideboard (402.4c, 404.2); a magic stone is a
  card of a magic stone card type, not one that only has a magic stone type (202.4);
- extra deck 0 to 5 cards, one copy of a name (402.5a, 402.5b); rune deck 0 or 5 cards, one copy of a
  name (402.6a, 402.6b); stranger deck 0 or 10 cards, two copies of a name (402.7a, 402.7b); with card
  data, the starting ruler must have [Grimoire], [Divinity] or [Stranger] for those decks to hold cards
  (402.5c, 402.6a-1, 402.7a-1), the rune deck holds only runes (402.6) and the stranger deck only
  stranger cards (402.7);
- sideboard 1 to 15 cards in Constructed (403.1a); one copy of a ruler's name over the rulers and the
  sideboard (404.3);
- with card data: the rulers are rulers, the starting ruler not a basic ruler nor of the Arcana race
  (402.2), the main deck holds no rulers, J-rulers or magic stones (402.3), the magic stone deck only
  magic stones (402.4), the sideboard no basic rulers (403.1). Without it these are reported as not
  checked; basic magic stones are then known by their names (``Fire Magic Stone``...).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.decks.check import Check, copy_limit, section_size
from engine.decks.model import CardLookup, DeckFormat, Decklist, DeckRules, SectionSpec

RULER, MAIN, STONES, SIDE = "ruler", "main", "stones", "sideboard"
EXTRA, RUNE, STRANGER, EX = "extra", "rune", "stranger", "ex"
MAX_RULERS = 3
"""402.2: up to three ruler cards when rulers with [Tag] or [Partner] are used."""
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


def has_ability(record: object, name: str) -> bool:
    """The card has the keyword ability ``[name]`` (its keywords, or the bracketed word in its text)."""
    keywords = {str(k).strip().lower() for k in getattr(record, "keywords", []) or []}
    return name.lower() in keywords or f"[{name.lower()}]" in str(getattr(record, "text", "") or "").lower()


def _rulers(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """402.2: one starting ruler; up to three rulers if rulers with [Tag] or [Partner] are used (the
    first one listed is the starting ruler)."""
    entries = deck.entries(RULER)
    count = deck.count(RULER)
    if count == 0:
        return ["The ruler needs exactly 1 card (402.2); it has 0 cards."], []
    if count > MAX_RULERS:
        return [
            f"{count} rulers: one starting ruler, or up to {MAX_RULERS} when rulers with [Tag] or "
            "[Partner] are used (402.2)."
        ], []
    if count == 1:
        return [], []
    names = ", ".join(entry.name for entry in entries)
    records = [lookup(entry.name) if lookup is not None else None for entry in entries]
    if any(r is not None and (has_ability(r, "Tag") or has_ability(r, "Partner")) for r in records):
        return [], []
    if lookup is None or any(r is None for r in records):
        return [], [f"whether the rulers {names} have [Tag] or [Partner] (402.2)"]
    return [
        f"{count} rulers ({names}): more than one ruler only with rulers with [Tag] or [Partner] (402.2)."
    ], []


def _zero_or(section: str, label: str, size: int, rule: str) -> Check:
    """A deck of exactly zero or ``size`` cards (402.6a, 402.7a)."""

    def check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
        count = deck.count(section)
        if count in (0, size):
            return [], []
        return [f"The {label} needs no cards or exactly {size} ({rule}); it has {count}."], []

    return check


def _ruler_ability(section: str, label: str, ability: str, rule: str) -> Check:
    """402.5c, 402.6a-1, 402.7a-1: an extra, rune or stranger deck holds cards only if the starting
    ruler has the ability that allows it."""

    def check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
        rulers = deck.entries(RULER)
        if not deck.entries(section) or not rulers:
            return [], []
        starting = rulers[0]
        record = lookup(starting.name) if lookup is not None else None
        if record is None:
            return [], [f"whether {starting.name} has [{ability}], which the {label} needs ({rule})"]
        faces = [lookup(face) if lookup is not None else None for face in starting.faces]
        if has_ability(record, ability) or any(f is not None and has_ability(f, ability) for f in faces):
            return [], []
        return [f"The {label} holds cards only if the starting ruler has [{ability}] ({rule})."], []

    return check


_SECTION_TYPES: tuple[tuple[str, Callable[[object], bool], str], ...] = (
    (
        MAIN,
        lambda r: _is_stone(r) or _is_ruler(r),
        "{name} can't be in the main deck: no rulers, J-rulers or magic stones (402.3, line {line}).",
    ),
    (STONES, lambda r: not _is_stone(r), "{name} is not a magic stone (402.4, line {line})."),
    (
        RUNE,
        lambda r: not any("rune" in t for t in _types(r)),
        "{name} is not a rune; the rune deck holds only runes (402.6, line {line}).",
    ),
    (
        STRANGER,
        lambda r: not any("stranger" in t for t in _types(r)),
        "{name} is not a stranger card; the stranger deck holds only those (402.7, line {line}).",
    ),
    (
        EXTRA,
        lambda r: _is_stone(r) or _is_ruler(r),
        "{name} can't be in the extra deck: no rulers or magic stones (402.5, line {line}).",
    ),
)
"""Per section, which cards it refuses and the sentence that says so (with the rule)."""


def _types_check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
    """402.2 (a ruler, neither basic nor Arcana), 402.3, 402.4, 403.1 with card data; otherwise what
    could not be checked."""
    if lookup is None:
        return [], [
            "card types: the ruler (402.2), no rulers or magic stones in the main deck (402.3), "
            "only magic stones in the magic stone deck (402.4)"
        ]
    problems: list[str] = []
    for index, entry in enumerate(deck.entries(RULER)):
        record = lookup(entry.name)
        if record is not None and not _is_ruler(record):
            problems.append(f"{entry.name} is not a ruler (402.2, line {entry.line}).")
        elif (
            index == 0
            and record is not None
            and (any("basic" in t for t in _types(record)) or _is_arcana(record))
        ):
            problems.append(
                f"{entry.name} can't be the starting ruler: no basic rulers and no Arcana "
                f"(402.2, line {entry.line})."
            )
    for section, refused, sentence in _SECTION_TYPES:
        for entry in deck.entries(section):
            record = lookup(entry.name)
            if record is not None and refused(record):
                problems.append(sentence.format(name=entry.name, line=entry.line))
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
    """402.3b, 404.1: four copies over the main deck, sideboard, extra deck, EX deck and rune deck. A
    magic stone only in the sideboard (one in the magic stone deck, a magic stone by card data, or a
    basic magic stone by name) is counted with the magic stone deck instead (404.2), where basic ones
    are free (402.4b)."""

    def check(deck: Decklist, lookup: CardLookup | None) -> tuple[list[str], list[str]]:
        stones = set(deck.names(STONES))
        main = set(deck.names(MAIN))

        def stone(name: str, record: object | None) -> bool:
            known = record is not None and _is_stone(record)
            return name not in main and (name in stones or known or is_basic_stone(name, record))

        return copy_limit(4, (MAIN, SIDE, EXTRA, EX, RUNE), "402.3b, 404.1", stone)(deck, lookup)

    return check


FORMAT = DeckFormat(
    game="forceofwill",
    sections=(
        SectionSpec(
            RULER,
            "Ruler",
            ("ruler", "rulers", "starting ruler", "j ruler", "ruler j ruler", "j-ruler", "ruler/j-ruler"),
            "ruler_area",
            faces=True,
        ),
        SectionSpec(MAIN, "Main deck", ("main deck", "main", "deck"), "deck"),
        SectionSpec(
            STONES,
            "Magic stone deck",
            ("magic stone deck", "magic stones", "stone deck", "stones", "magic stone"),
            "stone_deck",
        ),
        SectionSpec(SIDE, "Sideboard", ("sideboard", "side deck", "side", "sidebar"), None),
        SectionSpec(EXTRA, "Extra deck", ("extra deck", "extra"), None),
        SectionSpec(RUNE, "Rune deck", ("rune deck", "runes"), None),
        SectionSpec(STRANGER, "Stranger deck", ("stranger deck", "strangers"), None),
        SectionSpec(EX, "EX deck", ("ex deck", "ex"), None),
    ),
    default=MAIN,
    rules=DeckRules(
        checks=(
            _rulers,
            section_size(MAIN, "main deck", 40, 60, "402.3a"),
            section_size(STONES, "magic stone deck", 10, 20, "402.4a"),
            section_size(SIDE, "sideboard", 1, 15, "403.1a"),
            section_size(EXTRA, "extra deck", 0, 5, "402.5a"),
            copy_limit(1, (EXTRA,), "402.5b"),
            _ruler_ability(EXTRA, "extra deck", "Grimoire", "402.5c"),
            _zero_or(RUNE, "rune deck", 5, "402.6a"),
            copy_limit(1, (RUNE,), "402.6b"),
            _ruler_ability(RUNE, "rune deck", "Divinity", "402.6a-1"),
            _zero_or(STRANGER, "stranger deck", 10, "402.7a"),
            copy_limit(2, (STRANGER,), "402.7b"),
            _ruler_ability(STRANGER, "stranger deck", "Stranger", "402.7a-1"),
            _main_limit(),
            _stone_limit(),
            _ruler_copies,
            _types_check,
        )
    ),
)
