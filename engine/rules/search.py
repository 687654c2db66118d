"""Turning any user text into a safe SQLite FTS5 query: tokens, stems and quoted expressions.

User text never reaches FTS syntax: it is split into word tokens the same way the index's
``unicode61 remove_diacritics 2`` tokenizer splits text, and every token is emitted inside double
quotes. Tokens contain only letters and digits, so no quote, operator (``AND``, ``NEAR``, ``*``,
``-``, ``^``) or control character can escape.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

MAX_TOKENS = 24
MAX_TOKEN_LENGTH = 40
MIN_CORRECTABLE = 4
CORRECTION_CUTOFF = 80.0
"""rapidfuzz ratio a word must reach to be corrected into another (see ``questions.Lexicon``)."""
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
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


@lru_cache(maxsize=65536)
def crude_stem(word: str) -> str:
    """A light English stem for matching question words to rule words (``triggers``, ``retired``,
    ``summoning`` -> ``trigger``, ``retir``, ``summon``). The FTS index stems with Porter; this decides
    whether a word is known before spelling correction, and which rules hold a question's words."""
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


def fts_any(forms: Iterable[str]) -> str | None:
    """An FTS5 expression matching any of ``forms`` (token forms; a phrase's tokens must be adjacent),
    or ``None`` when there are none. Every form is re-tokenized and quoted, so nothing escapes."""
    quoted = [f'"{" ".join(tokenize(form))}"' for form in dict.fromkeys(forms)]
    quoted = [q for q in quoted if q != '""']
    return " OR ".join(quoted) if quoted else None


@lru_cache(maxsize=65536)
def _stem_of(word: str) -> str:
    return crude_stem(fold(word))


def snippet(text: str, forms: Iterable[str], width: int = 14) -> str:
    """A window of ``width`` words of ``text`` around its first word matching ``forms`` (token forms,
    compared by stem), each matching word in ``**bold**``; ``…`` marks what was cut."""
    stems = {crude_stem(word) for form in forms for word in form.split()}
    words = list(_TOKEN.finditer(text))
    if not words:
        return ""
    first = next((n for n, w in enumerate(words) if _stem_of(w.group()) in stems), 0)
    start = max(0, min(first - width // 3, len(words) - width))
    end = min(len(words), start + width)
    hit_set = {n for n in range(start, end) if _stem_of(words[n].group()) in stems}
    parts: list[str] = []
    position = words[start].start()
    for n in range(start, end):
        word = words[n]
        parts.append(text[position : word.start()])
        parts.append(f"**{word.group()}**" if n in hit_set else word.group())
        position = word.end()
    if end == len(words):
        parts.append(text[position:])
    shown = " ".join("".join(parts).split())
    return ("…" if start > 0 else "") + shown + ("…" if end < len(words) else "")
