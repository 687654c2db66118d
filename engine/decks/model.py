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


@dataclass(frozen=True)
class SectionSpec:
    """One section of a game's decklists."""

    key: str
    label: str
    headers: tuple[str, ...]
    """Header words that start this section (compared case-insensitively, without punctuation)."""
    zone: str | None
    """The match zone its cards start in; None for cards that stay outside the match (a sideboard)."""


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
                key: [{"count": e.count, "name": e.name, "code": e.code} for e in entries]
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


@dataclass(frozen=True)
class DeckFormat:
    """A game's decklist format and rules."""

    game: str
    sections: tuple[SectionSpec, ...]
    default: str
    """The section of lines that come before any header."""
    rules: DeckRules = field(default_factory=DeckRules)

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

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """One paragraph: legal or not, the counts, each problem and what could not be checked."""
        counts = ", ".join(f"{label} {count}" for label, count in self.counts.items())
        lines = [("Legal deck" if self.ok else "Not a legal deck") + f" ({counts})."]
        lines += [f"- {problem}" for problem in self.problems]
        if self.unchecked:
            lines.append("Not checked without card data: " + "; ".join(self.unchecked) + ".")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "ok": self.ok,
            "counts": self.counts,
            "problems": self.problems,
            "unchecked": self.unchecked,
        }
