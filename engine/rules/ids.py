"""Shared first step of every game's rule-id normaliser: what people type, split into parts.

People type rule ids in many ways: ``3 13 d``, ``3-13D``, ``rule 903.2a``, ``903-2A``, ``CR 16-22B``,
``section 7``, ``§7.4``, ``1.2.2.1.``. Each game's normaliser (``normalise_id`` in its parser module)
first calls :func:`split_rule_query` to get the bare parts (``["3", "13", "d"]``) and whether the user
said "section", then joins the parts with the game's own grammar.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_PREFIX = re.compile(
    r"^(?:(?:comprehensive\s+)?rules?|cr|r|sec(?:tion)?s?|chapter|ch|part|§|#|no|number)(?=[\s\d.:#]|$)[.:#]?\s*",
    re.IGNORECASE,
)
_SECTION_WORD = re.compile(r"^(?:sec(?:tion)?s?|chapter|ch|part|§)", re.IGNORECASE)
_PART = re.compile(r"\d+|[a-z]+")
_ALLOWED = re.compile(r"^[0-9a-z\s.\-–—_/:,]+$")
MAX_QUERY = 40
"""Longer input is never a rule id; refusing it early keeps normalisers cheap on hostile text."""


@dataclass(frozen=True)
class RuleQuery:
    """A typed rule id split into digit and letter runs."""

    parts: tuple[str, ...]
    """Digit runs without leading zeros kept as printed (``"000"`` stays), letters lowercased."""
    section_word: bool
    """True when the user wrote "section", "chapter", "part" or "§" before the number."""


def split_rule_query(text: str) -> RuleQuery | None:
    """Split typed text into id parts, or ``None`` when it cannot be a rule id.

    Full-width digits and letters are folded (NFKC), dashes of every kind and dots, spaces, slashes,
    colons and underscores all count as separators, and a trailing period is ignored. Letters must be
    single characters or short runs glued to digits (``13d``, ``2l``); words such as ``rule``, ``cr``
    and ``section`` are accepted only in front.
    """
    if not text or len(text) > MAX_QUERY:
        return None
    folded = unicodedata.normalize("NFKC", text).strip().lower()
    section_word = False
    stripped = folded
    for _ in range(2):  # "rule section 7", "cr rule 3-2"
        section_word = section_word or bool(_SECTION_WORD.match(stripped))
        stripped = _PREFIX.sub("", stripped, count=1).strip()
    if not stripped or not stripped[0].isdigit() or not _ALLOWED.match(stripped):
        return None
    parts = tuple(_PART.findall(stripped))
    if not parts or any(len(p) > 2 and p.isalpha() for p in parts):
        return None
    return RuleQuery(parts=parts, section_word=section_word)
