"""Reading a rules question the way a player types it.

"i got 6 damage am i dead", "how does mulligan work in cfv", "can my guy attack the turn i play him":
a question is split into *concepts* (each a set of alternative words or phrases that may answer for
it), an *intent* (counting, winning or losing, timing, consequences, permission) and the rules its
words point at directly (a player word's defining rule, a keyword's rule).

- Question words and filler ("how", "does", "guys", "work") are dropped.
- The game's player words (:mod:`engine.rules.player_words`) are matched as phrases, longest first,
  and stand for the document's own terms; a word of another game means nothing here.
- Unknown words are corrected towards the game's own words first (:class:`Lexicon`); a game term is
  never corrected into another word.
- Number words and digits stand for each other ("six" and "6").
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from rapidfuzz import fuzz, process

from engine.rules.player_words import Term
from engine.rules.search import (
    CORRECTION_CUTOFF,
    FREQUENCY_BONUS,
    MAX_TOKENS,
    MIN_CORRECTABLE,
    SHORT_WORD,
    STOPWORDS,
    crude_stem,
    tokenize,
)

FILLER = STOPWORDS | frozenset(
    """hey hi hello guys guy folks someone anyone anybody know knows explain explained mean means
    meaning rule rules question questions wondering wonder confused confusing about like u ur pls plz
    lol tho though yes yeah yep nope um uh actually basically exactly right correct wrong sure
    allowed legal able possible supposed ever even still again here way something anything
    bc cuz cause because does doing done say says said tell told wanna gonna gotta kinda
    vs versus happens happening whats opponent opp opponents someone stuff things got went
    didnt didn don doesn isn aren wasnt wasn shouldnt shouldn couldnt couldn wouldnt wouldn hasnt
    hasn havent haven aint ya yall lmao idk tbh imo pretty literally
    yo but too now either we us our ours they them theirs he him his she her hers mine yours""".split()  # noqa: SIM905
) - frozenset({"win", "lose"})
"""Words of a question that say nothing about which rule answers it."""

NUMBER_WORDS = {
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
    "fifteen": "15",
    "twenty": "20",
    "thirty": "30",
    "forty": "40",
    "fifty": "50",
    "sixty": "60",
}
_DIGITS = {digit: word for word, digit in NUMBER_WORDS.items()}

COMMON_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("dmg", ("damage",)),
    ("max", ("maximum", "more than")),
    ("min", ("minimum", "at least")),
    ("pwr", ("power",)),
)
"""Abbreviations every game's players use, for words every document has."""


class Intent(StrEnum):
    """What kind of answer a question asks for."""

    COUNT = "count"
    """"how many", "max", "limit": rules that state numbers."""
    OUTCOME = "outcome"
    """"do I lose", "how do I win": the rules that end the game."""
    TIMING = "timing"
    """"when can I", "at what point": rules about steps, phases and timing."""
    CONSEQUENCE = "consequence"
    """"what happens if/when": rules that state what follows from a situation."""
    PERMISSION = "permission"
    """"can I", "am I allowed", "is it legal": rules that allow or forbid."""


_INTENT_PATTERNS: dict[Intent, re.Pattern[str]] = {
    Intent.COUNT: re.compile(
        r"\b(how many|how much|max|maximum|minimum|min|limit|number of|up to|more than|at least|cap)\b"
    ),
    Intent.OUTCOME: re.compile(
        r"\b(lose|loses|losing|lost|win|wins|winning|won|dead|die|dies|defeat|defeated|game over"
        r"|lethal|loss|victory)\b"
    ),
    Intent.TIMING: re.compile(
        r"\b(when can|when do|when does|when is|when are|at what point|what point|timing|which step"
        r"|which phase|what step|what phase|before or after|how early|how late|in response|respond)\b"
    ),
    Intent.CONSEQUENCE: re.compile(r"\b(what happens|what if|what then|what do i do|then what)\b"),
    Intent.PERMISSION: re.compile(
        r"\b(can i|can you|can my|can it|can they|can a|can an|can the|am i allowed|is it legal"
        r"|may i|is that legal|allowed to|able to|do i have to|must i|have to|mandatory|optional)\b"
    ),
}


_EFFECT_WINS = re.compile(r"\b(which|what|whose)( one| effect| card| ability)? (wins|won|win)\b")
"""Effects that win against each other ("which one wins"), not a player winning the game."""


def intents_of(text: str) -> frozenset[Intent]:
    """The intents a question's wording shows (folded, tokenized text)."""
    joined = _EFFECT_WINS.sub("which applies", " ".join(tokenize(text)))
    return frozenset(intent for intent, pattern in _INTENT_PATTERNS.items() if pattern.search(joined))


@dataclass(frozen=True)
class Concept:
    """One thing the question is about, and the words that may stand for it in the document."""

    said: str
    """What the player typed for it (folded)."""
    alternatives: tuple[str, ...]
    """Token forms (a phrase is space-separated), the player's own first."""
    rules: tuple[str, ...] = ()
    """Rules the player's words point at directly (a defining rule)."""
    from_words: bool = False
    """True when it came from the game's player words."""


@dataclass(frozen=True)
class Reading:
    """A question as the search understands it."""

    concepts: tuple[Concept, ...]
    intents: frozenset[Intent]
    corrections: dict[str, str] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.concepts

    @property
    def linked(self) -> dict[str, int]:
        """Rules the question's words point at, each with its best position in a term's list."""
        found: dict[str, int] = {}
        for concept in self.concepts:
            for position, rule_id in enumerate(concept.rules):
                found[rule_id] = min(found.get(rule_id, position), position)
        return found


def singular(word: str) -> str:
    """A word without a plural ending, for matching phrases ("units" is "unit", but "unite" stays
    "unite": a heavier stem would make a keyword of a common word)."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _stems(form: str) -> tuple[str, ...]:
    return tuple(singular(word) for word in form.split())


_LETTERS_DIGITS = re.compile(r"[a-z]+|\d+")


class Lexicon:
    """A game's words: its documents' words for spelling correction, its player words and keywords
    as phrases to recognise, each possibly linked to the rules that define it."""

    def __init__(
        self,
        texts: Iterable[str],
        terms: Sequence[Term] = (),
        keywords: Iterable[tuple[str, Sequence[str]]] = (),
        game_words: Iterable[str] = (),
        keep: frozenset[str] = frozenset(),
    ) -> None:
        counts: Counter[str] = Counter()
        for text in texts:
            counts.update(tokenize(text))
        self.counts = counts
        self.stems = {crude_stem(w) for w in counts}
        self.terms = tuple(terms)
        self.filler = FILLER - keep
        """Question filler, less the game's own words that look like it (Force of Will's "will")."""
        # Phrases to recognise: stems of a said form -> (alternatives, rules).
        phrases: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...], bool]] = {}
        for said, means in COMMON_WORDS:
            phrases[_stems(said)] = ((said, *means), (), False)
        for name, rule_ids in keywords:
            form = " ".join(tokenize(name))
            if form:
                key = _stems(form)
                alternatives, rules, words = phrases.get(key, ((form,), (), False))
                phrases[key] = (alternatives, tuple(dict.fromkeys((*rules, *rule_ids))), words)
        for term in self.terms:
            for said in term.say:
                key = _stems(said)
                _, rules, _ = phrases.get(key, ((), (), False))
                phrases[key] = (
                    tuple(dict.fromkeys((said, *term.means))),
                    tuple(dict.fromkeys((*term.rules, *rules))),
                    True,
                )
        self.phrases = phrases
        self.longest = max((len(k) for k in phrases), default=1)
        special = {crude_stem(w) for key in phrases for w in key}
        special |= {crude_stem(w) for term in self.terms for form in term.means for w in form.split()}
        special |= {crude_stem(w) for word in game_words for w in tokenize(word)}
        self.game_stems = frozenset(special)
        """Stems of the game's own terms: player words, keywords, headings."""
        self._words = [w for w in counts if len(w) >= 3 and not w.isdigit()]
        self._player_words = sorted(
            {w for key in phrases for w in key} | {w for t in self.terms for s in t.say for w in s.split()}
        )
        self._correct = lru_cache(maxsize=4096)(self._correct_uncached)

    def __contains__(self, word: str) -> bool:
        stem = crude_stem(word)
        return word in self.counts or stem in self.stems or stem in self.game_stems

    def correct(self, word: str) -> str | None:
        """The closest word of the game for an unknown one, or ``None``; known words (the document's,
        the game's player words, keywords) return themselves."""
        if word in self:
            return word
        if len(word) < MIN_CORRECTABLE or word.isdigit():
            return None
        return self._correct(word)

    def _correct_uncached(self, word: str) -> str | None:
        candidates = process.extract(
            word,
            [*self._words, *self._player_words],
            scorer=fuzz.ratio,
            score_cutoff=CORRECTION_CUTOFF,
            limit=8,
        )
        if len(word) <= SHORT_WORD:
            candidates = [c for c in candidates if c[0][:1] == word[:1]]
        if not candidates:
            return None

        def weight(candidate: tuple[str, float, int]) -> float:
            # Similarity, plus a bonus for words the documents use often (a one-off typo in the
            # document must not win over the word everyone means), plus a larger one for the game's
            # own terms: "chace" is the chase in Force of Will, not a chance.
            text, score, _ = candidate
            game_bonus = GAME_WORD_BONUS if crude_stem(text) in self.game_stems else 0.0
            return score + FREQUENCY_BONUS * math.log10(1 + self.counts[text]) + game_bonus

        return max(candidates, key=weight)[0]

    def read(self, text: str) -> Reading:
        """Concepts, intents and corrections of a question."""
        tokens: list[str] = []
        for token in tokenize(text)[: MAX_TOKENS * 2]:
            # "gb2", "cb1", "g3": a player's abbreviation glued to its number.
            parts = _LETTERS_DIGITS.findall(token)
            tokens.extend(parts if len(parts) > 1 and token not in self else [token])
        intents = intents_of(text)
        corrections: dict[str, str] = {}
        corrected: list[str] = []
        for token in tokens:
            if token in self.filler or token in self or token in NUMBER_WORDS or token.isdigit():
                corrected.append(token)
                continue
            fixed = self.correct(token)
            if fixed and fixed != token:
                corrections[token] = fixed
                corrected.append(fixed)
            else:
                corrected.append(token)
        stems = [singular(t) for t in corrected]
        concepts: list[Concept] = []
        seen: set[str] = set()
        position = 0
        while position < len(corrected):
            match = None
            for size in range(min(self.longest, len(corrected) - position), 0, -1):
                key = tuple(stems[position : position + size])
                entry = self.phrases.get(key)
                if entry is not None and not (
                    size == 1 and corrected[position] in self.filler and not entry[2]
                ):
                    match = (size, entry)
                    break
            if match is not None:
                size, (alternatives, rules, from_words) = match
                said = " ".join(corrected[position : position + size])
                if said not in seen:
                    seen.add(said)
                    concepts.append(Concept(said, alternatives, rules, from_words))
                position += size
                continue
            token = corrected[position]
            position += 1
            if token in self.filler or token in seen or (len(token) == 1 and not token.isdigit()):
                continue
            seen.add(token)
            forms = [token]
            original = next((k for k, v in corrections.items() if v == token), None)
            if token in NUMBER_WORDS:
                forms.append(NUMBER_WORDS[token])
            elif token in _DIGITS:
                forms.append(_DIGITS[token])
            if original is not None and original not in forms:
                forms.insert(0, original)
            concepts.append(Concept(token, tuple(forms)))
        if not concepts:
            # A question of nothing but filler ("how does it work"): search its words as typed.
            concepts = [Concept(t, (t,)) for t in dict.fromkeys(corrected)]
        return Reading(tuple(concepts[:MAX_TOKENS]), intents, corrections)


GAME_WORD_BONUS = 15.0
