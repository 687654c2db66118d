"""Ranking rules for a question: features of each candidate rule, weighed by a linear model.

The full-text index proposes candidates (bm25 over the document's words); this module decides their
order with what bm25 cannot see:

- **coverage**: how much of the question a rule answers, each concept weighed by how rare it is (a
  rule that has "damage" and "six" beats one that says "damage" five times);
- **where the words are**: in the rule's heading, or in the headings of the sections above it;
- **the words' own rules**: a player word or keyword linked to its defining rule (the "mulligan" of
  Vanguard is its redraw, 5.4.3.4), and the rules right under it; a link counts for more when its
  word is rare ("imperishable" more than "attack");
- **intent**: "how many" favours rules that state numbers, "do I lose" the rules that end the game,
  "when can I" the rules of steps and timing, "what happens if" rules of conditions, "can I" the rules
  that allow or forbid;
- **shape**: depth and length.

The weights were fitted on the ``dev`` questions of ``bench/questions/players`` and the older
question set (``python -m bench.tune_ranking``) and are measured on the ``test`` questions, which no fitting
reads.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.rules.questions import Concept, Intent, Reading
from engine.rules.search import crude_stem, tokenize

FEATURES = (
    "bm25",
    "coverage",
    "complete",
    "heading",
    "context",
    "linked",
    "linked_parent",
    "intent",
    "shallow",
    "short",
    "bare",
    "linked_rare",
)

WEIGHTS: dict[str, float] = {
    "bm25": 3.0,
    "coverage": 8.0,
    "complete": -1.0,
    "heading": -2.0,
    "context": 1.0,
    "linked": 2.0,
    "linked_parent": 0.1,
    "intent": 1.0,
    "shallow": -3.0,
    "short": 5.0,
    "bare": -0.5,
    "linked_rare": 0.25,
}
"""Fitted weights of the features (see the module's docstring)."""

_OUTCOME = frozenset({"lose", "loses", "win", "wins", "defeat", "defeated", "loss", "victory", "draw"})
_TIMING = frozenset(
    {"step", "phase", "timing", "beginning", "end", "during", "before", "after", "priority", "when"}
)
_CONDITION = frozenset({"if", "instead", "then", "when", "unless", "otherwise"})
_PERMISSION = frozenset({"can", "cannot", "may", "must", "only", "not"})
RuleRef = tuple[int, str]
"""A rule as the ranking knows it: its document's id and its rule id."""

_NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twice|once)\b", re.IGNORECASE)


@dataclass(frozen=True)
class RuleText:
    """What the ranking reads of a rule."""

    ref: RuleRef
    parent: RuleRef | None
    depth: int
    title: str
    body: str
    context: str
    """The titles of the rule's ancestors."""


@dataclass(frozen=True)
class _Entry:
    ref: RuleRef
    parent: RuleRef | None
    grandparent: RuleRef | None
    depth: int
    has_body: bool
    length: int
    intents: frozenset[Intent]


@lru_cache(maxsize=4096)
def _stems(text: str) -> frozenset[str]:
    """Stems of a text many rules share (the headings above them)."""
    return frozenset(crude_stem(t) for t in tokenize(text))


def _rule_intents(words: set[str], body: str) -> frozenset[Intent]:
    found = set()
    if _NUMBER.search(body):
        found.add(Intent.COUNT)
    if words & _OUTCOME:
        found.add(Intent.OUTCOME)
    if words & _TIMING:
        found.add(Intent.TIMING)
    if words & _CONDITION:
        found.add(Intent.CONSEQUENCE)
    if words & _PERMISSION:
        found.add(Intent.PERMISSION)
    return frozenset(found)


_Postings = dict[str, set[RuleRef]]


def _holding(postings: _Postings, stems: Sequence[str]) -> set[RuleRef]:
    """Rules whose field holds every one of ``stems``."""
    sets = [postings.get(s) for s in stems]
    if not sets or any(found is None for found in sets):
        return set()
    first, *rest = sets
    return set(first).intersection(*rest) if rest else set(first)  # type: ignore[arg-type]


@dataclass(frozen=True)
class _ConceptMatch:
    weight: float
    body: set[RuleRef]
    title: set[RuleRef]
    context: set[RuleRef]
    defining: dict[str, int]
    """Rule ids the player's words point at, each with its place in the term's list (0 for the most
    direct): they answer for the concept in other words ("summoning sickness" is defined by a rule
    that never says so)."""


class RankingIndex:
    """The rules of a game's searched documents, with each field's words kept for ranking features."""

    def __init__(self, rules: Iterable[RuleText]) -> None:
        rule_list = list(rules)
        parents = {r.ref: r.parent for r in rule_list}
        self.entries: dict[RuleRef, _Entry] = {}
        self.body: _Postings = {}
        self.title: _Postings = {}
        self.context: _Postings = {}
        for rule in rule_list:
            body_words = tokenize(rule.body)
            title_words = tokenize(rule.title)
            self.entries[rule.ref] = _Entry(
                ref=rule.ref,
                parent=rule.parent,
                grandparent=parents.get(rule.parent) if rule.parent is not None else None,
                depth=rule.depth,
                has_body=bool(body_words),
                length=len(body_words) + len(title_words),
                intents=_rule_intents({*body_words, *title_words}, rule.body),
            )
            for postings, stems in (
                (self.body, {crude_stem(w) for w in body_words}),
                (self.title, {crude_stem(w) for w in title_words}),
                (self.context, _stems(rule.context)),
            ):
                for stem in stems:
                    postings.setdefault(stem, set()).add(rule.ref)
        self.size = max(1, len(self.entries))
        self._shares: dict[str, float] = {}

    def share(self, form: str) -> float:
        """The share of the rules whose fields hold every word of ``form`` (a token form)."""
        found = self._shares.get(form)
        if found is None:
            stems = [crude_stem(w) for w in form.split()]
            holding = _holding(self.body, stems) | _holding(self.title, stems) | _holding(self.context, stems)
            found = self._shares[form] = len(holding) / self.size
        return found

    def _match(self, concept: Concept) -> _ConceptMatch:
        body: set[RuleRef] = set()
        title: set[RuleRef] = set()
        context: set[RuleRef] = set()
        for form in concept.alternatives:
            stems = [crude_stem(w) for w in form.split()]
            body |= _holding(self.body, stems)
            title |= _holding(self.title, stems)
            context |= _holding(self.context, stems)
        count = len(body | title | context)
        weight = math.log(1 + (self.size - count + 0.5) / (count + 0.5))
        places = {rule_id: n for n, rule_id in reversed(list(enumerate(concept.rules)))}
        return _ConceptMatch(weight, body, title, context, places)

    def features(
        self, reading: Reading, candidates: dict[RuleRef, float], linked_refs: dict[RuleRef, int]
    ) -> dict[RuleRef, list[float]]:
        """The feature vector (in :data:`FEATURES` order) of each candidate.

        ``candidates`` maps a rule to its bm25 score from the full-text index (higher is better);
        ``linked_refs`` maps the rules the question's words point at to their position in a term's list.
        Each concept weighs as its idf: how rare the rules holding any of its words are.
        """
        matches = [self._match(c) for c in reading.concepts]
        total = sum(m.weight for m in matches) or 1.0
        best = max(candidates.values(), default=0.0) or 1.0
        vectors: dict[RuleRef, list[float]] = {}
        for ref in {*candidates, *linked_refs}:
            entry = self.entries.get(ref)
            if entry is None:
                continue
            covered = heading = context = rare_link = 0.0
            all_found = True
            for match in matches:
                place = match.defining.get(ref[1])
                if place is not None:
                    rare_link = max(rare_link, match.weight / total / (1 + place))
                in_title = ref in match.title
                in_context = ref in match.context
                if in_title or in_context or ref in match.body or ref[1] in match.defining:
                    covered += match.weight
                else:
                    all_found = False
                if in_title:
                    heading += match.weight
                if in_context:
                    context += match.weight
            link = linked_refs.get(ref)
            parent_linked = (
                1.0 if entry.parent in linked_refs else 0.5 if entry.grandparent in linked_refs else 0.0
            )
            intent = len(reading.intents & entry.intents) / len(reading.intents) if reading.intents else 0.0
            vectors[ref] = [
                candidates.get(ref, 0.0) / best,
                covered / total,
                1.0 if all_found else 0.0,
                heading / total,
                context / total,
                1.0 / (1 + link) if link is not None else 0.0,
                parent_linked if link is None else 0.0,
                intent,
                1.0 / max(1, entry.depth),
                1.0 / math.log(3 + entry.length),
                0.0 if entry.has_body else 1.0,
                rare_link,
            ]
        return vectors


def score(vector: Sequence[float], weights: dict[str, float] = WEIGHTS) -> float:
    """The linear model's score of one feature vector."""
    return sum(weights[name] * value for name, value in zip(FEATURES, vector, strict=True))


def rank(
    index: RankingIndex,
    reading: Reading,
    candidates: dict[RuleRef, float],
    linked_refs: dict[RuleRef, int],
    weights: dict[str, float] = WEIGHTS,
) -> list[tuple[RuleRef, float]]:
    """Candidates and linked rules, best first (ties keep the full-text order)."""
    vectors = index.features(reading, candidates, linked_refs)
    order = {ref: n for n, ref in enumerate(sorted(candidates, key=lambda r: -candidates[r]))}
    ordered = [weights[name] for name in FEATURES]
    scored = [
        (ref, sum(w * v for w, v in zip(ordered, vector, strict=True))) for ref, vector in vectors.items()
    ]
    scored.sort(key=lambda pair: (-pair[1], order.get(pair[0], len(order))))
    return scored
