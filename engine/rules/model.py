"""Records that a rules document parses into.

Every parser in :mod:`engine.rules.parsers` turns the raw text of one published document into a
:class:`ParsedDocument`. The importer in ``bot/`` stores these records as they are; nothing downstream
re-reads the raw text, so every irregularity of a document is dealt with in its parser.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RuleKind = Literal["part", "chapter", "section", "heading", "rule", "update"]
"""What a record is.

``part``/``chapter``/``section``: a grouping heading of the document (Duel Masters parts, Force of Will
chapters, the numbered sections of every game). ``heading``: a numbered line that only carries a title
(Gate Ruler ``3-13. Zone``, Vanguard ``10.6. Ride``). ``rule``: a numbered rule with text. ``update``: a
heading of a rules-update article (Gate Ruler Set 3), searchable like a rule.
"""


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DocumentMeta(_Record):
    """Identity of one published document, as printed in it."""

    game: str
    kind: Literal["rules", "update"] = "rules"
    title: str
    version: str | None = None
    date: str | None = None
    """ISO date (``YYYY-MM-DD``) when the document prints one."""
    edition: str | None = None
    """Free-form edition text as printed, e.g. ``Ver. 1.5.0 English-1.0``."""


class RuleRecord(_Record):
    """One addressable entry: a section heading, a rule, a sub-rule or an update heading."""

    rule_id: str
    """Canonical id: lowercase, the game's own separators (``3-13d``, ``903.2k-2``, ``1.2.2.1``)."""
    parent_id: str | None
    """Nearest existing ancestor; ``None`` for top-level entries."""
    order: int
    """Position in the document, 0-based, strictly increasing in document order."""
    depth: int
    """0 for top-level entries, one more per level below."""
    kind: RuleKind
    title: str | None = None
    text: str = ""
    """The rule's text as printed (inline markdown kept for display), continuations joined."""
    examples: list[str] = Field(default_factory=list)
    references: list[str] = Field(default_factory=list)
    """Canonical ids of the rules this one refers to, in order of appearance, as printed."""
    section: str | None = None
    """Id of the top-level entry this record sits under (itself for top-level entries)."""
    line: int
    """1-based line of the raw document where the record starts."""


class KeywordRecord(_Record):
    """A keyword or keyword ability defined by the document."""

    name: str
    rule_id: str
    """The rule (usually a heading) that defines it."""
    aliases: list[str] = Field(default_factory=list)


class ChangelogEntry(_Record):
    """One line of a document's change history. Never a rule."""

    key: str
    """Stable key, e.g. ``changelog/1.2.0/3``."""
    version: str | None = None
    date: str | None = None
    text: str
    line: int


class CardRuling(_Record):
    """A ruling, erratum or ruler update about named cards, from an update article."""

    kind: Literal["ruling", "errata", "ruler-update"]
    key: str
    """Stable key, e.g. ``ruling:2021GB03-002#1`` or ``errata:2021GB03-UR09``."""
    card_name: str
    codes: list[str] = Field(default_factory=list)
    text: str = ""
    """The ruling text, or the full updated card text for an erratum."""
    old_text: str | None = None
    new_text: str | None = None
    reason: str | None = None
    topic: str | None = None
    """Rule id of the update heading the entry was printed under, if any."""
    line: int


class ParsedDocument(_Record):
    """Everything one document yields."""

    meta: DocumentMeta
    rules: list[RuleRecord]
    keywords: list[KeywordRecord] = Field(default_factory=list)
    changelog: list[ChangelogEntry] = Field(default_factory=list)
    rulings: list[CardRuling] = Field(default_factory=list)
