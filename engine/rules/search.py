"""Turning any user text into a safe SQLite FTS5 query: tokens, synonyms and spelling correction.

User text never reaches FTS syntax: it is split into word tokens the same way the index's
``unicode61 remove_diacritics 2`` tokenizer splits text, and every token is emitted inside double
quotes. Tokens contain only letters and digits, so no quote, operator (``AND``, ``NEAR``, ``*``,
``-``, ``^``) or control character can escape.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process

MAX_TOKENS = 24
MAX_TOKEN_LENGTH = 40
MIN_CORRECTABLE = 4
CORRECTION_CUTOFF = 80.0
SHORT_WORD = 5
"""Words this short are corrected only to words with the same first letter (``kill`` is not
``skill``, but ``tapp`` is ``tap``)."""
FREQUENCY_BONUS = 4.0

STOPWORDS = frozenset(
    """a an and are as at be by can do does for from has have how i if in into is it its me my
    no not of on or so than that the their then there these this to was what when where which who
    why will with you your
    am any did doing get gets getting go goes going happen happens happened im ive id ill its
    just many much need needs ok okay please really same should takes take theres theyre thing
    dont doesnt cant isnt arent wont whats hows whos work works would could also still""".split()  # noqa: SIM905
)
"""Words that carry no rules meaning in a player's question ("what happens if...", "how does X work")."""

_TOKEN = re.compile(r"[^\W_]+")


def fold(text: str) -> str:
    """Case-fold and strip diacritics, as the FTS tokenizer does (``Göndul`` -> ``gondul``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def crude_stem(word: str) -> str:
    """A light English stem for matching question words to rule words (``triggers``, ``retired``,
    ``summoning`` -> ``trigger``, ``retir``, ``summon``). The FTS index stems with Porter; this only
    decides whether a word is already known before spelling correction, and counts matched words."""
    for suffix in ("ing", "ies", "ied", "es", "ed", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if suffix in {"ies", "ied"}:
                base += "y"
            if suffix == "s" and base.endswith("s"):
                continue
            return base
    return word


def tokenize(text: str) -> list[str]:
    """Word tokens of ``text``: letters and digits only, folded, each at most 40 characters."""
    return [t[:MAX_TOKEN_LENGTH] for t in _TOKEN.findall(fold(text))]


class Vocabulary:
    """The words of a set of documents, for spelling correction with rapidfuzz."""

    def __init__(self, texts: Iterable[str]) -> None:
        counts: Counter[str] = Counter()
        for text in texts:
            counts.update(tokenize(text))
        self.counts = counts
        self.stems = {crude_stem(w) for w in counts}
        self._words = [w for w in counts if len(w) >= 3 and not w.isdigit()]
        self._correct = lru_cache(maxsize=4096)(self._correct_uncached)

    def __contains__(self, word: str) -> bool:
        return word in self.counts or crude_stem(word) in self.stems

    def correct(self, word: str) -> str | None:
        """The closest known word for an unknown one, or ``None`` (known words, including other forms
        of a known word, return themselves)."""
        if word in self:
            return word
        if len(word) < MIN_CORRECTABLE or word.isdigit():
            return None
        return self._correct(word)

    def _correct_uncached(self, word: str) -> str | None:
        candidates = process.extract(
            word, self._words, scorer=fuzz.ratio, score_cutoff=CORRECTION_CUTOFF, limit=5
        )
        if len(word) <= SHORT_WORD:
            candidates = [c for c in candidates if c[0][:1] == word[:1]]
        if not candidates:
            return None
        # Similarity, plus a bonus for words the documents use often: a one-off typo in the
        # document ("tappd") must not win over the word everyone means ("tap").
        best = max(candidates, key=lambda c: c[1] + FREQUENCY_BONUS * math.log10(1 + self.counts[c[0]]))
        return best[0]


@dataclass(frozen=True)
class TermGroup:
    """One word of the query and the alternatives that may match it."""

    word: str
    alternatives: tuple[str, ...]
    """Each alternative is one token or a space-separated phrase of tokens."""
    known: bool

    def expression(self) -> str:
        quoted = [f'"{alt}"' for alt in self.alternatives]
        return quoted[0] if len(quoted) == 1 else "(" + " OR ".join(quoted) + ")"


@dataclass(frozen=True)
class QueryPlan:
    """The FTS5 expressions for a user query, and what was corrected."""

    groups: tuple[TermGroup, ...]
    corrections: dict[str, str] = field(default_factory=dict)

    def matched(self, stems: set[str] | frozenset[str]) -> int:
        """How many words of the query a text with these crude stems contains (any alternative)."""
        return sum(
            1
            for group in self.groups
            if any(all(crude_stem(part) in stems for part in alt.split()) for alt in group.alternatives)
        )

    @property
    def empty(self) -> bool:
        return not self.groups

    def all_of(self) -> str | None:
        """Every known word must match (``AND``); ``None`` if no word is known."""
        known = [g.expression() for g in self.groups if g.known]
        return " AND ".join(known) if known else None

    def any_of(self) -> str | None:
        """Any word may match (``OR``), ranked by bm25."""
        parts = [g.expression() for g in self.groups]
        return " OR ".join(parts) if parts else None


def synonym_table(groups: Iterable[frozenset[str]]) -> dict[str, tuple[str, ...]]:
    """Map each synonym's folded token form to all the forms of its group."""
    table: dict[str, tuple[str, ...]] = {}
    for group in groups:
        forms = tuple(dict.fromkeys(" ".join(tokenize(word)) for word in sorted(group)))
        for form in forms:
            table[form] = forms
    return table


def plan_query(
    text: str,
    vocabulary: Vocabulary,
    synonyms: dict[str, tuple[str, ...]],
    keep: frozenset[str] = frozenset(),
) -> QueryPlan:
    """Build the safe query plan for ``text``.

    Stop words are dropped unless the query has nothing else (``keep`` lists a game's own words that
    look like stop words, such as Force of Will's "will"); unknown words are replaced by their
    closest word in the documents (reported in ``corrections``); synonyms are OR-ed in.
    """
    tokens = list(dict.fromkeys(tokenize(text)))[:MAX_TOKENS]
    content = [t for t in tokens if t not in STOPWORDS or t in keep] or tokens
    groups: list[TermGroup] = []
    corrections: dict[str, str] = {}
    for token in content:
        alternatives = [token]
        corrected = vocabulary.correct(token)
        if corrected and corrected != token:
            corrections[token] = corrected
            alternatives.append(corrected)
        for base in list(alternatives):
            alternatives.extend(synonyms.get(base, ()))
        alternatives = list(dict.fromkeys(alternatives))
        known = corrected is not None or any(
            all(part in vocabulary for part in alt.split()) for alt in alternatives
        )
        groups.append(TermGroup(word=token, alternatives=tuple(alternatives), known=known))
    return QueryPlan(groups=tuple(groups), corrections=corrections)
