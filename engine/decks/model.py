"""Decklists as data: sections of ``count x card`` entries, each entry remembering its line.

A game's deck format (:class:`DeckFormat`) names its sections (Force of Will: ruler, main deck,
magic stone deck, sideboard; Vanguard: main deck, G deck; Duel Masters: main deck, hyperspatial zone,
super gacharange zone; Gate Ruler: ruler, deck) and the match zone each one starts in. Its rules
(:class:`DeckRules`) are checked by :func:`engine.decks.check.check_deck`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.errors import ArbiterError
from engine.match.state import CardRef


class DeckError(ArbiterError):
    """A decklist that cannot be read; the message names the line."""


@dataclass(frozen=True)
class DeckEntry:
    """``count`` copies of a card, as written on line ``line`` of the list (1-based)."""

    count: int
    name: str
    line: int
    code: str = ""
    faces: tuple[str, ...] = ()
    """The other faces' names where the list names a two-faced card (``Ruler // J-ruler``); the entry's
    ``name`` is the first face, the one the card data is looked up by."""


@dataclass(frozen=True)
class SectionSpec:
    """One section of a game's decklists."""

    key: str
    label: str
    headers: tuple[str, ...]
    """Header words that start this section (compared case-insensitively, without punctuation)."""
    zone: str | None
    """The match zone its cards start in; None for cards that stay outside the match (a sideboard)."""
    faces: bool = False
    """Whether a single ``/`` in a name separates the faces of one card here (``Ruler/J-ruler``); a
    ``//`` separates faces in every section."""


@dataclass(frozen=True)
class Decklist:
    """A parsed decklist: entries by section key, in the order of the game's sections."""

    game: str
    sections: dict[str, tuple[DeckEntry, ...]]

    def entries(self, section: str) -> tuple[DeckEntry, ...]:
        return self.sections.get(section, ())

    def count(self, section: str) -> int:
        """How many cards a section holds."""
        return sum(entry.count for entry in self.entries(section))

    def names(self, *sections: str) -> Counter[str]:
        """Copies of each card name over some sections (all sections if none is given)."""
        counts: Counter[str] = Counter()
        for key in sections or tuple(self.sections):
            for entry in self.entries(key):
                counts[entry.name] += entry.count
        return counts

    def all_entries(self) -> Iterator[tuple[str, DeckEntry]]:
        for key, entries in self.sections.items():
            for entry in entries:
                yield key, entry

    def cards(
        self, section: str, lookup: CardLookup | None = None, stats: StatsReader | None = None
    ) -> list[CardRef]:
        """The section's cards one by one, in the order written. With card data (``lookup``) and the
        game's ``stats`` reader, a card found carries the stats the game's procedures automate with
        and its own name and code; a card not found carries none (the players enter its numbers)."""
        out = []
        for entry in self.entries(section):
            ref = CardRef(entry.name, entry.code)
            record = lookup(entry.name) if lookup is not None and stats is not None else None
            if record is not None and stats is not None:
                code = entry.code or str(getattr(record, "code", "") or "")
                ref = CardRef(str(getattr(record, "name", entry.name)), code, tuple(stats(record)))
            out.extend([ref] * entry.count)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "sections": {
                key: [
                    {"count": e.count, "name": e.name, "code": e.code}
                    | ({"faces": list(e.faces)} if e.faces else {})
                    for e in entries
                ]
                for key, entries in self.sections.items()
            },
        }


CardLookup = Callable[[str], Any]
"""Card data by exact card name: a :class:`engine.cards.model.CardRecord`, or None when unknown."""

StatsReader = Callable[[Any], "tuple[tuple[str, int | str], ...]"]
"""A game's reader of the stats its definition automates with, from a card record (each game's
``stats_from_record``; :func:`engine.match.games.card_stats`)."""


@dataclass(frozen=True)
class DeckRules:
    """A game's deck construction rules: the checks :func:`engine.decks.check.check_deck` runs.

    ``checks`` are functions ``(decklist, lookup) -> (problems, unchecked)``: sentences naming what
    breaks a rule (with its rule number) and what could not be checked without card data.
    """

    checks: tuple[Callable[[Decklist, CardLookup | None], tuple[list[str], list[str]]], ...] = field(
        default_factory=tuple
    )
    name: str = ""
    """The name a check or a tournament chooses these rules by (``english-tcg``); empty for a game
    with one set of deck rules."""
    label: str = ""
    """What a report says it applied (``the English TCG's rules: a main deck of at least 40 cards``)."""


@dataclass(frozen=True)
class DeckFormat:
    """A game's decklist format and rules."""

    game: str
    sections: tuple[SectionSpec, ...]
    default: str
    """The section of lines that come before any header."""
    rules: DeckRules = field(default_factory=DeckRules)
    """The default deck rules: the game's rules document."""
    variants: tuple[DeckRules, ...] = ()
    """Other deck rules a check may choose by name (the Duel Masters English TCG's deck size)."""

    def rules_named(self, name: str | None) -> DeckRules:
        """The deck rules called ``name`` (None or empty: the default); a :class:`DeckError` lists the
        choices for an unknown name."""
        wanted = (name or "").strip().lower()
        for rules in (self.rules, *self.variants):
            if not wanted or rules.name == wanted:
                return rules
        choices = [rules.name for rules in (self.rules, *self.variants) if rules.name]
        if not choices:
            raise DeckError(f"This game has one set of deck rules; there is no choice of '{name}'.")
        shown = " or ".join(f"'{choice}'" for choice in choices)
        asked = " ".join(str(name).split())[:40]
        raise DeckError(f"The deck rules of this game are {shown} (the first is the default); not '{asked}'.")

    def section(self, key: str) -> SectionSpec:
        for spec in self.sections:
            if spec.key == key:
                return spec
        raise KeyError(key)

    def zones(
        self, deck: Decklist, lookup: CardLookup | None = None, stats: StatsReader | None = None
    ) -> dict[str, list[CardRef]]:
        """The cards by starting zone, as :func:`engine.match.setup.new_match` takes a deck; with card
        data and the game's stats reader, the cards carry their stats (:meth:`Decklist.cards`)."""
        zones: dict[str, list[CardRef]] = {}
        for spec in self.sections:
            if spec.zone is not None:
                zones.setdefault(spec.zone, []).extend(deck.cards(spec.key, lookup, stats))
        return zones


@dataclass(frozen=True)
class DeckReport:
    """The result of checking a decklist."""

    game: str
    counts: dict[str, int]
    """Cards per section, by section label."""
    problems: list[str]
    unchecked: list[str]
    rules: str = ""
    """The deck rules applied, where the game has a choice (:attr:`DeckRules.label`)."""
    cards: int = 0
    """Cards in the list (every section)."""
    unknown: int = 0
    """Cards (copies) whose names the card data does not know; 0 without card data."""
    suggestions: dict[str, list[str]] = field(default_factory=dict)
    """Close card names offered for a name the card data does not know (never substituted)."""
    card_data: bool = True
    """False when the game has no card data at all: only the counting rules were checked."""

    @property
    def mostly_unknown(self) -> bool:
        """More than half of the cards could not be found in the card data: the card checks ran on too
        little of the deck to call it legal."""
        return self.unknown * 2 > self.cards

    @property
    def verdict(self) -> str:
        """``illegal`` (a rule is broken), ``unchecked`` (most of the deck is not in the card data) or
        ``legal``."""
        if self.problems:
            return "illegal"
        return "unchecked" if self.mostly_unknown else "legal"

    @property
    def ok(self) -> bool:
        """Legal: no problem, and most of the deck was checked."""
        return self.verdict == "legal"

    def summary(self) -> str:
        """One paragraph: legal or not, the counts, each problem and what could not be checked."""
        counts = ", ".join(f"{label} {count}" for label, count in self.counts.items())
        missing = f"{self.unknown} of its {self.cards} cards are not in the imported card data"
        if self.verdict == "unchecked":
            first = f"Not checked: {missing}, so the card rules could not be checked ({counts})."
        else:
            legal = "Legal deck" if self.card_data else "Legal deck by the counts only"
            first = (legal if self.ok else "Not a legal deck") + f" ({counts})."
        lines = [first]
        if self.rules:
            lines.append(f"Deck rules: {self.rules}.")
        lines += [f"- {problem}" for problem in self.problems]
        if self.problems and self.mostly_unknown:
            lines.append(f"Most of the deck could not be checked: {missing}.")
        if self.unchecked:
            lines.append("Not checked: " + "; ".join(self.unchecked) + ".")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "ok": self.ok,
            "verdict": self.verdict,
            "rules": self.rules,
            "counts": self.counts,
            "problems": self.problems,
            "unchecked": self.unchecked,
            "cards": self.cards,
            "unknown": self.unknown,
            "suggestions": self.suggestions,
            "card_data": self.card_data,
        }
