"""Rules lookup: by id, full-text search, keywords and autocomplete, for every game.

Answers are plain data (:class:`RuleView`, :class:`SearchResults`, :class:`KeywordView`,
:class:`LookupMiss`); ``bot.render`` turns them into text or embeds, so Discord and the console show
the same thing.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from bot.store.database import Database
from bot.store.rules_repo import (
    RuleBrief,
    RulesRepository,
    SearchHit,
    SearchText,
    StoredDocument,
    StoredKeyword,
    StoredRule,
)
from engine.errors import ArbiterError
from engine.games import GAMES, Game
from engine.rules.formats import normalise_id
from engine.rules.player_words import player_words
from engine.rules.questions import Lexicon, Reading
from engine.rules.ranking import RankingIndex, RuleRef, RuleText, rank
from engine.rules.search import fold, fts_any, snippet, tokenize

AUTOCOMPLETE_LIMIT = 25
BM25_WEIGHTS = (8.0, 1.0, 10.0, 0.5)
"""Column weights for bm25: a match in a heading counts 8 times, in a keyword name 10 times, in the
titles of the rule's parents half as much as in its text."""
COMMON_SHARE = 0.15
"""A word or phrase held by more than this share of a game's rules does not propose candidates."""
CANDIDATES = 60
"""Full-text hits fetched per search before the ranking orders them (:mod:`engine.rules.ranking`)."""
_ID_IN_TEXT = re.compile(
    r"(?<![\w.-])(?:(?:rule|section|cr|§)\s*#?\s*)?(\d{1,4}(?:[.\-]\d{1,4}[a-z]?)+(?:[.\-]\d{1,4})*[a-z]?"
    r"|\d{1,4}[a-z]\b|(?<=rule )\d{1,4}|(?<=section )\d{1,4})",
    re.IGNORECASE,
)
"""Rule numbers inside a question: "what does 903.2a mean", "is 3-13d still a thing", "rule 104"."""


class RulesUnavailableError(ArbiterError):
    """No document of the asked game (or edition) has been imported."""


@dataclass(frozen=True)
class Reference:
    rule_id: str
    title: str | None
    exists: bool
    document_id: int = 0
    """The document holding the target: the same one, or the game's comprehensive rules for an
    update article that cites them."""


@dataclass(frozen=True)
class RuleView:
    """A rule with everything an answer shows around it."""

    document: StoredDocument
    rule: StoredRule
    breadcrumb: list[RuleBrief]
    """Ancestors, outermost first."""
    children: list[RuleBrief]
    references: list[Reference]


@dataclass(frozen=True)
class LookupMiss:
    """Nothing matched; a sentence for the user and what they may have meant."""

    message: str
    suggestions: list[RuleBrief] = field(default_factory=list)


@dataclass(frozen=True)
class SearchResult:
    rule_id: str
    title: str | None
    score: float
    snippet: str
    game: str
    document: StoredDocument


@dataclass(frozen=True)
class SearchResults:
    game: Game
    query: str
    document: StoredDocument
    results: list[SearchResult]
    corrections: dict[str, str]
    suggestions: list[str] = field(default_factory=list)
    """Keywords or headings close to a query that found nothing ("did you mean")."""


@dataclass(frozen=True)
class KeywordView:
    keyword: StoredKeyword
    rule: RuleView


@dataclass(frozen=True)
class Choice:
    """An autocomplete choice: ``name`` is shown, ``value`` is submitted (both at most 100 chars)."""

    name: str
    value: str


def version_key(version: str | None) -> tuple[int, ...]:
    """Sort key of a version string: ``"12.9"`` -> ``(12, 9)``; missing versions sort first."""
    return tuple(int(n) for n in re.findall(r"\d+", version or ""))


def _excerpt(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def brief_label(brief: RuleBrief, limit: int = 100) -> str:
    """``3-13d Zone…``: an id with its title or the start of its text, within ``limit``."""
    words = brief.title or _excerpt(brief.text, limit)
    label = f"{brief.rule_id} {words}".strip()
    return label if len(label) <= limit else label[: limit - 1].rstrip() + "…"


class DocumentIndex:
    """In-memory view of one document: ids, tree and titles for navigation and autocomplete."""

    def __init__(
        self, document: StoredDocument, briefs: list[RuleBrief], texts: list[SearchText] | None = None
    ) -> None:
        self.document = document
        self.briefs = briefs
        self.texts = texts or []
        self.by_id = {b.rule_id: b for b in briefs}
        self.children: dict[str | None, list[RuleBrief]] = defaultdict(list)
        for brief in briefs:
            self.children[brief.parent_id].append(brief)
        self.folded_ids = [(b.rule_id.casefold(), b) for b in briefs]
        self.folded_titles = [(fold(b.title), b) for b in briefs if b.title]

    def ancestors(self, rule_id: str) -> list[RuleBrief]:
        chain: list[RuleBrief] = []
        brief = self.by_id.get(rule_id)
        seen = {rule_id}
        while brief is not None and brief.parent_id and brief.parent_id not in seen:
            seen.add(brief.parent_id)
            brief = self.by_id.get(brief.parent_id)
            if brief is not None:
                chain.append(brief)
        return list(reversed(chain))

    def ranking_texts(self) -> list[RuleText]:
        """The rules as the ranking reads them, each keyed by ``(document id, rule id)``."""
        doc = self.document.id
        return [
            RuleText(
                ref=(doc, text.rule_id),
                parent=(doc, parent) if (parent := self._parent(text.rule_id)) else None,
                depth=len(self.ancestors(text.rule_id)) + 1,
                title=" ".join((text.title, text.keywords)),
                body=text.body,
                context=text.context,
            )
            for text in self.texts
        ]

    def _parent(self, rule_id: str) -> str | None:
        brief = self.by_id.get(rule_id)
        return brief.parent_id if brief is not None else None


@dataclass
class GameIndex:
    """The documents of one game: the comprehensive rules editions and update articles."""

    game: Game
    editions: list[DocumentIndex]
    """Comprehensive rules, newest first."""
    updates: list[DocumentIndex]
    lexicon: Lexicon
    keywords: list[StoredKeyword]
    rankings: dict[int, RankingIndex] = field(default_factory=dict)
    """Per edition searched (by document id): its rules and the update articles', for ranking."""
    keyword_names: dict[str, StoredKeyword] = field(init=False)
    """Each keyword's name and aliases as tokens, for exact lookups (the first keyword wins)."""

    def __post_init__(self) -> None:
        self.keyword_names = {}
        for keyword in self.keywords:
            for name in (keyword.name, *keyword.aliases):
                self.keyword_names.setdefault(" ".join(tokenize(name)), keyword)

    def ranking(self, index: DocumentIndex) -> RankingIndex:
        """The ranking index of an edition with the update articles, built on first use."""
        found = self.rankings.get(index.document.id)
        if found is None:
            texts = [t for i in (index, *self.updates) for t in i.ranking_texts()]
            found = self.rankings[index.document.id] = RankingIndex(texts)
        return found

    @property
    def default(self) -> DocumentIndex:
        return self.editions[0]

    def edition(self, name: str | None) -> DocumentIndex:
        if not name:
            return self.default
        wanted = name.strip().casefold().removeprefix("ver.").removeprefix("v").strip()
        for index in self.editions:
            doc = index.document
            if wanted in {(doc.version or "").casefold(), doc.filename.casefold()}:
                return index
        known = ", ".join(i.document.version or i.document.filename for i in self.editions)
        raise RulesUnavailableError(
            f"There is no edition '{name[:40]}' of the {self.game.name} rules. Editions: {known}."
        )

    def index_of(self, document_id: int) -> DocumentIndex | None:
        for index in (*self.editions, *self.updates):
            if index.document.id == document_id:
                return index
        return None


def _defining_rules(indexes: Sequence[DocumentIndex], keyword: StoredKeyword) -> tuple[str, ...]:
    """The rules a keyword's name points at: its rule, and when that is a bare heading ("1109
    [Imperishable]"), the first rule under it that says what the keyword does, first."""
    for index in indexes:
        if index.document.id != keyword.document_id:
            continue
        brief = index.by_id.get(keyword.rule_id)
        if brief is not None and not brief.text.strip():
            stated = next((c for c in index.children.get(keyword.rule_id, []) if c.text.strip()), None)
            if stated is not None:
                return (stated.rule_id, keyword.rule_id)
    return (keyword.rule_id,)


class RulesService:
    """Rules lookups over the store, with per-game indexes kept in memory."""

    def __init__(self, database: Database) -> None:
        self.db = database
        self.repo = RulesRepository(database)
        self._games: dict[str, GameIndex] = {}

    async def load(self) -> None:
        """(Re)build the in-memory indexes from the store; call after every import."""
        by_game: dict[str, list[StoredDocument]] = defaultdict(list)
        for document in await self.repo.documents():
            by_game[document.game].append(document)
        games: dict[str, GameIndex] = {}
        for key, documents in by_game.items():
            if key not in GAMES:
                continue
            editions = sorted(
                (d for d in documents if d.kind == "rules"),
                key=lambda d: version_key(d.version),
                reverse=True,
            )
            if not editions:
                continue
            updates = [d for d in documents if d.kind == "update"]
            edition_indexes = [
                DocumentIndex(d, await self.repo.briefs(d.id), await self.repo.search_texts(d.id))
                for d in editions
            ]
            update_indexes = [
                DocumentIndex(d, await self.repo.briefs(d.id), await self.repo.search_texts(d.id))
                for d in updates
            ]
            searched = (edition_indexes[0], *update_indexes)
            headings = [b.title for i in searched for b in i.briefs if b.title]
            words = [" ".join(headings), *(text.words for i in searched for text in i.texts)]
            keywords = await self.repo.keywords([editions[0].id, *(d.id for d in updates)])
            game = GAMES[key]
            lexicon = Lexicon(
                words,
                player_words(key),
                keywords=[
                    (name, _defining_rules(searched, k)) for k in keywords for name in (k.name, *k.aliases)
                ],
                game_words=headings,
                keep=game.keep_words,
            )
            games[key] = GameIndex(
                game=game,
                editions=edition_indexes,
                updates=update_indexes,
                lexicon=lexicon,
                keywords=keywords,
            )
            games[key].ranking(edition_indexes[0])
        self._games = games

    # helpers -------------------------------------------------------------------------------

    def games(self) -> list[Game]:
        """Games with imported rules, in the registry's order."""
        return [GAMES[k] for k in GAMES if k in self._games]

    def game_index(self, game: Game) -> GameIndex:
        try:
            return self._games[game.key]
        except KeyError:
            raise RulesUnavailableError(
                f"No {game.name} rules are imported yet. An operator can run `arbiter import`."
            ) from None

    def document(self, game: Game, edition: str | None = None) -> StoredDocument:
        return self.game_index(game).edition(edition).document

    async def view(self, document_id: int, rule_id: str) -> RuleView | None:
        """The full answer for a rule of a document, or ``None`` if it does not exist."""
        for game_index in self._games.values():
            index = game_index.index_of(document_id)
            if index is not None:
                return await self._view(game_index, index, rule_id)
        return None

    async def _view(self, game_index: GameIndex, index: DocumentIndex, rule_id: str) -> RuleView | None:
        rule = await self.repo.rule(index.document.id, rule_id)
        if rule is None:
            return None
        references = [self._reference(game_index, index, rid) for rid in rule.references]
        return RuleView(
            document=index.document,
            rule=rule,
            breadcrumb=index.ancestors(rule_id),
            children=list(index.children.get(rule_id, [])),
            references=references,
        )

    @staticmethod
    def _reference(game_index: GameIndex, index: DocumentIndex, rule_id: str) -> Reference:
        """Resolve a cited id in the citing document, else in the game's comprehensive rules."""
        for target in (index, game_index.default):
            brief = target.by_id.get(rule_id)
            if brief is not None:
                return Reference(rule_id, brief.title, True, target.document.id)
        return Reference(rule_id, None, False, index.document.id)

    def _resolve_id(self, game_index: GameIndex, index: DocumentIndex, query: str) -> str | None:
        text = query.strip()
        if text.casefold() in index.by_id:
            return text.casefold()
        for candidate in normalise_id(game_index.game.key, text):
            if candidate in index.by_id:
                return candidate
        return None

    # use cases -----------------------------------------------------------------------------

    async def get(self, game: Game, query: str, edition: str | None = None) -> RuleView | LookupMiss:
        """A rule by id as people type it; an update heading by its id; else the best title match."""
        game_index = self.game_index(game)
        index = game_index.edition(edition)
        rule_id = self._resolve_id(game_index, index, query)
        if rule_id is not None:
            view = await self._view(game_index, index, rule_id)
            if view is not None:
                return view
        for update in game_index.updates:
            if query.strip().casefold() in update.by_id:
                view = await self._view(game_index, update, query.strip().casefold())
                if view is not None:
                    return view
        titled = self._title_match(index, query)
        if titled is not None:
            view = await self._view(game_index, index, titled.rule_id)
            if view is not None:
                return view
        results = await self.search(game, query, limit=5, edition=edition)
        suggestions = [
            b
            for r in results.results
            if (i := game_index.index_of(r.document.id)) is not None
            and (b := i.by_id.get(r.rule_id)) is not None
        ]
        shown = query.strip()[:40] or "that"
        return LookupMiss(f"There is no rule '{shown}' in {index.document.label}.", suggestions=suggestions)

    def _title_match(self, index: DocumentIndex, query: str) -> RuleBrief | None:
        wanted = fold(" ".join(tokenize(query)))
        if len(wanted) < 3:
            return None
        for title, brief in index.folded_titles:
            if " ".join(tokenize(title)) == wanted:
                return brief
        return None

    async def search(
        self, game: Game, query: str, *, limit: int = 10, edition: str | None = None
    ) -> SearchResults:
        """Full-text search: an id-like query's rule first, then keyword, then bm25-ranked hits."""
        limit = max(1, min(limit, 50))
        game_index = self.game_index(game)
        index = game_index.edition(edition)
        documents = {index.document.id: index.document}
        documents.update({u.document.id: u.document for u in game_index.updates})
        results: list[SearchResult] = []
        seen: set[tuple[int, str]] = set()

        def add(document_id: int, rule_id: str, title: str | None, score: float, snippet: str) -> None:
            if (document_id, rule_id) in seen or len(results) >= limit:
                return
            seen.add((document_id, rule_id))
            results.append(
                SearchResult(rule_id, title, round(score, 4), snippet, game.key, documents[document_id])
            )

        for rule_id in self._ids_in(game_index, index, query):
            brief = index.by_id[rule_id]
            add(index.document.id, rule_id, brief.title, 1000.0, _excerpt(brief.text))
        keyword = self._keyword_exact(game_index, query)
        if keyword is not None:
            owner = game_index.index_of(keyword.document_id)
            keyword_brief = owner.by_id.get(keyword.rule_id) if owner else None
            if keyword_brief is not None:
                add(
                    keyword.document_id,
                    keyword_brief.rule_id,
                    keyword_brief.title,
                    500.0,
                    _excerpt(keyword_brief.text),
                )
        reading = game_index.lexicon.read(query)
        candidates, linked = await self.candidates(game_index, index, reading)
        forms = [form for concept in reading.concepts for form in concept.alternatives]
        for ref, score in rank(game_index.ranking(index), reading, candidates, linked):
            if len(results) >= limit:
                break
            document_id, rule_id = ref
            owner = game_index.index_of(document_id)
            hit = owner.by_id.get(rule_id) if owner else None
            if hit is not None:
                add(document_id, rule_id, hit.title, score, snippet(hit.text, forms))
        return SearchResults(
            game=game,
            query=query,
            document=index.document,
            results=results,
            corrections=reading.corrections,
            suggestions=[] if results else self._did_you_mean(game_index, index, query),
        )

    async def candidates(
        self, game_index: GameIndex, index: DocumentIndex, reading: Reading
    ) -> tuple[dict[RuleRef, float], dict[RuleRef, int]]:
        """What the ranking orders for a question: full-text hits with their bm25 score (higher is
        better), and the rules the question's words point at."""
        documents = [index.document.id, *(u.document.id for u in game_index.updates)]
        candidates: dict[RuleRef, float] = {}
        ranking = game_index.ranking(index)
        forms = list(dict.fromkeys(form for concept in reading.concepts for form in concept.alternatives))
        # Words in a good share of the rules ("card", "turn") propose nothing bm25 would rank among
        # the candidates, yet make the index score every rule of every game that has them;
        # the ranking still counts them.
        rare = [form for form in forms if ranking.share(form) <= COMMON_SHARE]
        expression = fts_any(rare or forms)
        if expression is not None:
            hits: list[SearchHit] = await self.repo.search(documents, expression, CANDIDATES, BM25_WEIGHTS)
            for hit in hits:
                candidates[(hit.document_id, hit.rule_id)] = -hit.score
        return candidates, self._linked(game_index, index, reading)

    def _ids_in(self, game_index: GameIndex, index: DocumentIndex, query: str) -> list[str]:
        """The rules a query names: the whole query as an id, else each rule number inside it."""
        whole = self._resolve_id(game_index, index, query)
        if whole is not None:
            return [whole]
        found: list[str] = []
        for match in _ID_IN_TEXT.finditer(query):
            rule_id = self._resolve_id(game_index, index, match.group(1))
            if rule_id is not None and rule_id not in found:
                found.append(rule_id)
        return found

    @staticmethod
    def _linked(game_index: GameIndex, index: DocumentIndex, reading: Reading) -> dict[tuple[int, str], int]:
        """The rules the question's words point at, in the searched edition or an update article."""
        linked: dict[tuple[int, str], int] = {}
        for rule_id, position in reading.linked.items():
            for owner in (index, *game_index.updates):
                if rule_id in owner.by_id:
                    linked[(owner.document.id, rule_id)] = position
                    break
        return linked

    def _did_you_mean(self, game_index: GameIndex, index: DocumentIndex, query: str) -> list[str]:
        """Keywords and headings close to a query that found nothing."""
        wanted = " ".join(tokenize(query))[:80]
        if len(wanted) < 3:
            return []
        names = list(
            dict.fromkeys([k.name for k in game_index.keywords] + [t for t, _ in index.folded_titles])
        )
        close = process.extract(wanted, names, scorer=fuzz.WRatio, score_cutoff=70, limit=3)
        return [name for name, _, _ in close]

    def _keyword_exact(self, game_index: GameIndex, query: str) -> StoredKeyword | None:
        wanted = " ".join(tokenize(query))
        return game_index.keyword_names.get(wanted) if wanted else None

    async def keyword(self, game: Game, name: str) -> KeywordView | LookupMiss:
        """A keyword or keyword ability by name, typo-tolerant."""
        game_index = self.game_index(game)
        keyword = self._keyword_exact(game_index, name)
        if keyword is None:
            matches = self._keyword_fuzzy(game_index, name, limit=5)
            if matches and (len(matches) == 1 or matches[0][1] - matches[1][1] >= 8):
                keyword = matches[0][0]
            elif matches:
                suggestions = [
                    b
                    for k, _ in matches
                    if (i := game_index.index_of(k.document_id)) is not None
                    and (b := i.by_id.get(k.rule_id)) is not None
                ]
                names = ", ".join(dict.fromkeys(k.name for k, _ in matches))
                return LookupMiss(f"'{name.strip()[:40]}' could be several keywords: {names}.", suggestions)
        if keyword is None:
            return LookupMiss(f"There is no {game.name} keyword like '{name.strip()[:40]}'.")
        owner = game_index.index_of(keyword.document_id)
        view = await self._view(game_index, owner, keyword.rule_id) if owner else None
        if view is None:
            return LookupMiss(f"The keyword '{keyword.name}' points at a missing rule.")
        return KeywordView(keyword=keyword, rule=view)

    def _keyword_fuzzy(
        self, game_index: GameIndex, name: str, limit: int
    ) -> list[tuple[StoredKeyword, float]]:
        wanted = " ".join(tokenize(name))
        if not wanted:
            return []
        choices: dict[int, str] = {}
        owners: dict[int, StoredKeyword] = {}
        for keyword in game_index.keywords:
            for alias in (keyword.name, *keyword.aliases):
                slot = len(choices)
                choices[slot] = " ".join(tokenize(alias))
                owners[slot] = keyword
        found = process.extract(wanted, choices, scorer=fuzz.WRatio, score_cutoff=75, limit=limit * 3)
        best: dict[int, tuple[StoredKeyword, float]] = {}
        for _, score, slot in found:
            keyword = owners[slot]
            key = id(keyword)
            if key not in best or best[key][1] < score:
                best[key] = (keyword, score)
        return sorted(best.values(), key=lambda pair: -pair[1])[:limit]

    # autocomplete (memory only) --------------------------------------------------------------

    def autocomplete_rule(self, game: Game, typed: str, edition: str | None = None) -> list[Choice]:
        """Up to 25 ids whose canonical form starts with what was typed, or headings containing it."""
        game_index = self._games.get(game.key)
        if game_index is None:
            return []
        try:
            index = game_index.edition(edition)
        except RulesUnavailableError:
            index = game_index.default
        typed = typed.strip()[:100]
        picked: dict[str, RuleBrief] = {}
        if not typed:
            for brief in index.children.get(None, [])[:AUTOCOMPLETE_LIMIT]:
                picked[brief.rule_id] = brief
        else:
            prefixes = [*normalise_id(game.key, typed)[:3], typed.casefold()]
            for prefix in prefixes:
                if prefix in index.by_id:
                    picked.setdefault(prefix, index.by_id[prefix])
            for prefix in prefixes:
                for folded, brief in index.folded_ids:
                    if len(picked) >= AUTOCOMPLETE_LIMIT:
                        break
                    if folded.startswith(prefix):
                        picked.setdefault(brief.rule_id, brief)
            words = tokenize(typed)
            if words and len(picked) < AUTOCOMPLETE_LIMIT:
                for title, brief in index.folded_titles:
                    if len(picked) >= AUTOCOMPLETE_LIMIT:
                        break
                    title_words = title.split()
                    if all(any(tw.startswith(w) for tw in title_words) for w in words):
                        picked.setdefault(brief.rule_id, brief)
        return [Choice(brief_label(b), b.rule_id) for b in list(picked.values())[:AUTOCOMPLETE_LIMIT]]

    def autocomplete_edition(self, game: Game, typed: str) -> list[Choice]:
        """The imported editions of a game's comprehensive rules, newest first."""
        game_index = self._games.get(game.key)
        if game_index is None:
            return []
        wanted = typed.strip().casefold()
        return [
            Choice(i.document.label[:100], (i.document.version or i.document.filename)[:100])
            for i in game_index.editions
            if wanted in i.document.label.casefold()
        ][:AUTOCOMPLETE_LIMIT]

    def autocomplete_keyword(self, game: Game, typed: str) -> list[Choice]:
        """Up to 25 keyword names starting with (then resembling) what was typed."""
        game_index = self._games.get(game.key)
        if game_index is None:
            return []
        wanted = " ".join(tokenize(typed[:100]))
        names = list(dict.fromkeys(k.name for k in game_index.keywords))
        if not wanted:
            chosen = names[:AUTOCOMPLETE_LIMIT]
        else:
            chosen = [n for n in names if " ".join(tokenize(n)).startswith(wanted)]
            if len(chosen) < AUTOCOMPLETE_LIMIT:
                fuzzy = process.extract(
                    wanted, names, scorer=fuzz.WRatio, score_cutoff=60, limit=AUTOCOMPLETE_LIMIT
                )
                chosen.extend(n for n, _, _ in fuzzy if n not in chosen)
        return [Choice(n[:100], n[:100]) for n in chosen[:AUTOCOMPLETE_LIMIT]]
