"""Card names as people type them: normalisation, an in-memory index per game, resolution and
autocomplete.

Resolution tries these stages in order and stops at the first that finds anything:

1. **normalise** the query with :func:`normalise_name` (width, case, accents, apostrophes removed,
   other punctuation spaced, whitespace collapsed), so ``ＧÖＮＤＵＬ’S  barrage!`` and
   ``gondul's barrage`` are the same text. Every comparison below also accepts the name with its
   spaces removed (``robe of firerat`` is ``Robe of Fire-Rat``, ``usa tataki`` is ``U・S・A・TATAKI``).
2. **exact**: the query is a card's name or the name of another face (a J-Ruler side, a twinpact half).
3. **alias**: the query is an alias (an operator's nickname from ``/cards alias``, or another name the
   source gives the card). Aliases match exactly only: a nickname is chosen on purpose, so a prefix or
   a typo of one is no reason to pick a card. An alias never hides a printed name (exact comes first).
4. **prefix and word prefix**: first the *same words* in any order, ignoring ``the``, ``of``, ``a`` and
   ``an`` (``fairy tale prince grimm`` is ``Grimm, the Fairy Tale Prince``); then names that start with
   the query; then names in which every query word starts a different word of the name (``aesop prince
   tutor`` is ``Aesop, the Prince's Tutor``; initials count as a word: ``bfd`` is ``Weirdship
   B.F.D.``). A query word must *start* a word of the name: ``nix`` never matches ``Phoenix``,
   ``arla`` never matches ``Charlatan``.
5. **fuzzy**: rapidfuzz similarity of the words sorted alphabetically (word order and dropped little
   words cost nothing, typos cost), of the names without spaces (``jeane d arc``), or a per-word
   alignment so that a misspelt *part* of a long name still scores (``grim prince``). Whole words and
   whole names are compared, never a piece of a word, so a short name is not found inside a long one.

The ambiguity rule (a did-you-mean list instead of a wrong card):

* Cards are told apart by *identity*: keys whose ``"name"`` entries normalise alike are printings of
  one card (Force of Will and Duel Masters reprint cards under new numbers, and all four games treat
  cards with the same name as the same card). An identity answers with its lowest key that carries the
  matched name. Everything below counts identities, never keys or names, so a ruler and its J-Ruler
  face, or ten reprints of one card, are never "ambiguous".
* exact or alias: one identity wins. When two or more carry the name, a card whose *own* name it is
  wins over cards that carry it only as a face or an alias (Duel Masters' classic spell ``Lost Soul``
  over the spell half of the twinpact ``Death Carl, Merciless King/Lost Soul``; Force of Will's
  ``Flame of Outer World`` over the J side of ``Satan's Phantasmal Body``): someone who types a card's
  exact name means that card, and the others are named in ``shared_with`` so a transport can point
  to them. Only faces or aliases alike (four twinpacts sharing a creature half) give ``ambiguous``
  with all of them, listed by their own names. Guessing would show the wrong card's text.
* prefix stage: if exactly one identity has the query's words (any order, little words ignored), it
  wins, even when longer names also start with the query - the user typed all of its words. Otherwise,
  if exactly one identity starts with the query or matches it word by word, it wins; if several do,
  the answer is ``ambiguous``, listing names that start with the query, then word matches; in each
  group names holding the query's words whole first (``Grimm and Pandora`` before ``Grimmia's
  Fairy``), then names before faces, shortest first. The shortest does *not* win on its own: ``grimm``
  starts a dozen Force of Will cards, and picking one would be a guess.
* fuzzy: the best candidate wins when it scores at least :data:`FUZZY_ACCEPT`, leads the next
  identity by :data:`FUZZY_MARGIN` and every query word is a word of it give or take a typo. A query
  word that is *another* word (``Knight of Friendship, Kay`` against ``Knight of Friendship, Cyrus``:
  a different card sharing a long title, perhaps one the data lacks) makes it a choice instead;
  otherwise every candidate within :data:`FUZZY_SPREAD` of the best
  and at least :data:`FUZZY_SUGGEST` is listed (``ambiguous``, even with a single candidate: "did you
  mean ...?"). Below :data:`FUZZY_SUGGEST` the answer is ``none``.

Did-you-mean lists hold at most :data:`MAX_CANDIDATES` cards, one per identity (an alias is shown by
its card's name, since several cards may share it: twinpacts sharing a half). Autocomplete lists
exact matches (and the card of an exact alias), same-word matches, names starting with the text,
word-prefix matches, then fuzzy matches (best first), one line per identity, names as printed.

Speed: normalised forms, word bags and sorted word forms are computed once per name; exact, alias and
word-bag matches are dictionary look-ups; prefix and word-prefix matches are :mod:`bisect` ranges in
sorted lists kept per name length, read shortest names first until enough cards are found. Fuzzy
scoring runs only on plausible candidates: names with a word that starts like a query word give or
take one edit in its first four letters (a deletion-neighbourhood index of the word vocabulary),
confirmed with rapidfuzz. Up to :data:`FULL_SCAN_MAX` names, one C-speed
:func:`rapidfuzz.process.extract` over every name's sorted words also runs, so a name with every word
misspelt at its start is still found; above that size it is skipped (it would cost ~25 ms at 100,000
names), and fuzzy matching needs one query word that starts like a word of the name.
"""

from __future__ import annotations

import gc
import re
import sys
import unicodedata
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Literal, TypeVar

from rapidfuzz import fuzz, process

_K = TypeVar("_K")
_V = TypeVar("_V")

Kind = Literal["name", "face", "alias"]
Identity = str | int
"""A card as names see it: the normalised name of its printings, or the key of a card without one."""
Status = Literal["exact", "alias", "prefix", "fuzzy", "ambiguous", "none"]

STOP_WORDS = frozenset({"the", "of", "a", "an"})
"""Words people drop or move when they type a card name; ignored when comparing words."""
MAX_QUERY_LENGTH = 200
"""Longer input is cut to this many characters (card names are at most 200)."""
MAX_CANDIDATES = 5
FUZZY_ACCEPT = 85.0
FUZZY_MARGIN = 5.0
FUZZY_SUGGEST = 70.0
FUZZY_SPREAD = 15.0
AUTOCOMPLETE_FUZZY = 65.0
"""Fuzzy fill of autocomplete lists is a little more generous than resolution: it only suggests."""
WORD_CUTOFF = 70.0
"""How similar (rapidfuzz ratio) a name word must be to a query word to count as the same word."""
WORD_LIMIT = 12
"""Vocabulary words kept per query word when finding fuzzy candidates."""
MAX_QUERY_WORDS = 6
"""The longest query words used to find fuzzy candidates (the alignment scores them all)."""
MAX_PLAUSIBLE = 80
"""Fuzzy candidates scored in Python (the rest are ranked out in C first)."""
FULL_SCAN_MAX = 20_000
"""Indexes with at most this many names also get a full rapidfuzz scan in the fuzzy stage."""
FULL_SCAN_LIMIT = 20
_KEY_LENGTH = 4
"""Vocabulary words are indexed by their first letters, with one edit allowed among them."""

_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
"""Combining diacritics of Latin, Greek and Cyrillic (not the kana voicing marks, which matter)."""
_APOSTROPHES = re.compile("['`\u2018\u2019\u201b\u02bc\u2032]")
_SEPARATORS = re.compile(r"[\W_]+")
_LETTERS = str.maketrans(
    {"æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h"}
)
"""Letters that carry their accent in the letter itself, so Unicode decomposition leaves them alone."""
_KINDS: dict[str, int] = {"name": 0, "face": 1, "alias": 2}


def normalise_name(text: str) -> str:
    """The comparable form of a card name (``Göndul’s  BARRAGE`` -> ``gonduls barrage``).

    Compatibility decomposition (full width ``ＡＢＣ`` -> ``abc``, ``③`` -> ``3``), case folding,
    accents removed (``ö`` -> ``o``, ``æ`` -> ``ae``), apostrophes removed (``Schrödinger's`` ->
    ``schrodingers``), every other run of punctuation, symbols and whitespace made one space, and the
    ends trimmed. Text without a letter or digit gives ``""``.
    """
    text = unicodedata.normalize("NFKD", text).casefold().translate(_LETTERS)
    text = _APOSTROPHES.sub("", _MARKS.sub("", text))
    text = unicodedata.normalize("NFC", text)
    return " ".join(_SEPARATORS.sub(" ", text).split())


def _content(tokens: Iterable[str]) -> tuple[str, ...]:
    """The words that count when comparing names: all but the stop words (all, if only those)."""
    tokens = tuple(tokens)
    kept = tuple(t for t in tokens if t not in STOP_WORDS)
    return tokens if not kept or len(kept) == len(tokens) else kept


def _initialisms(words: list[str]) -> list[str]:
    """Runs of two or more one-letter words, joined: ``B.F.D.`` and ``U・S・A`` are ``bfd`` and ``usa``."""
    out: list[str] = []
    run: list[str] = []
    for word in [*words, ""]:
        if len(word) == 1:
            run.append(word)
            continue
        if len(run) > 1:
            out.append("".join(run))
        run = []
    return out


@dataclass(frozen=True, slots=True)
class _Query:
    """A query's normalised forms."""

    norm: str
    compact: str
    content: tuple[str, ...]
    sorted_form: str

    @classmethod
    def of(cls, norm: str) -> _Query:
        content = _content(norm.split())
        return cls(norm, norm.replace(" ", ""), content, " ".join(sorted(content)))


def _word_keys(word: str) -> set[str]:
    """The first letters of ``word`` and those letters with one of them deleted. Two words within one
    edit of each other in their first letters share a key (SymSpell's deletion neighbourhood)."""
    head = word[:_KEY_LENGTH]
    keys = {head}
    if len(head) > 1:
        keys.update(head[:i] + head[i + 1 :] for i in range(len(head)))
    return keys


@dataclass(frozen=True, slots=True)
class NameEntry:
    """One name of one card: its own name, another face's name, or an alias."""

    key: int
    """The caller's card id."""
    name: str
    """As printed (or as the operator typed the alias); shown to users."""
    kind: Kind = "name"


@dataclass(frozen=True, slots=True)
class Resolution:
    """The answer of :meth:`NameIndex.resolve`.

    ``key`` and ``matched`` (the name that matched, e.g. a J-Ruler face or an alias, as printed) are set
    for ``exact``, ``alias``, ``prefix`` and ``fuzzy``. ``candidates`` is the did-you-mean list of
    ``ambiguous``: ``(key, name, similarity 0-100)``, in the order to show, at most
    :data:`MAX_CANDIDATES`, one per card; the name is the matching name as printed (an alias shows
    its card's own name). Names of different cards may read alike (a face printed with another card's
    name), so a list can show each with its card (:meth:`NameIndex.card_name`).
    """

    status: Status
    key: int | None = None
    matched: str | None = None
    candidates: list[tuple[int, str, float]] = field(default_factory=list)
    shared_with: list[tuple[int, str]] = field(default_factory=list)
    """When an exact name won because it is the found card's own name: the other cards that carry the
    same name as a face or an alias, ``(key, that card's own name)`` (``Lost Soul`` is also the spell
    half of the twinpact ``Death Carl, Merciless King/Lost Soul``)."""


_NONE = Resolution("none")


class _Node:
    """One distinct name of one identity (reprints and repeated faces share a node)."""

    __slots__ = (
        "bag",
        "compact",
        "content",
        "display",
        "id",
        "identity",
        "keys",
        "kind",
        "norm",
        "slot",
        "sorted_form",
        "tokens",
    )

    def __init__(self, node_id: int, identity: Identity, entry: NameEntry, norm: str) -> None:
        self.id = node_id
        self.identity = identity
        self.kind: Kind = entry.kind
        self.display = _display(entry.name)
        self.norm = norm
        self.compact = norm.replace(" ", "")
        words = norm.split()
        self.tokens = tuple(sys.intern(t) for t in words + _initialisms(words))
        """The words, and runs of single letters joined (``b f d`` also gives ``bfd``)."""
        self.content = _content(self.tokens[: len(words)])
        self.bag = tuple(sorted(self.content))
        self.sorted_form = " ".join(self.bag)
        self.keys: list[int] = []
        self.slot = -1

    @property
    def key(self) -> int:
        return min(self.keys)

    def rank(self) -> tuple[int, int, str]:
        """Names before faces before aliases, then shorter, then alphabetical."""
        return (_KINDS[self.kind], len(self.norm), self.norm)


class _Bucket:
    """Sorted ``(text, node id)`` rows of the names of one length: whole names, names without
    spaces, and each word."""

    __slots__ = ("compact", "norm", "words")

    def __init__(self) -> None:
        self.norm: list[tuple[str, int]] = []
        self.compact: list[tuple[str, int]] = []
        self.words: list[tuple[str, int]] = []

    def rows(self, node: _Node) -> Iterator[tuple[list[tuple[str, int]], tuple[str, int]]]:
        yield self.norm, (node.norm, node.id)
        if node.compact != node.norm:
            yield self.compact, (node.compact, node.id)
        for word in dict.fromkeys(node.tokens):
            yield self.words, (word, node.id)


def _covers(query: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Whether every query word starts a different word of ``words`` (any order)."""
    if len(query) > len(words):
        return False
    used = [False] * len(words)
    for q in sorted(query, key=len, reverse=True):
        for i, word in enumerate(words):
            if not used[i] and word.startswith(q):
                used[i] = True
                break
        else:
            return False
    return True


def _word_similarity(query_word: str, word: str) -> float:
    if query_word == word:
        return 100.0
    if len(query_word) >= 3 and word.startswith(query_word):
        return 90.0 + 10.0 * len(query_word) / len(word)
    return fuzz.ratio(query_word, word)


def _score(query: _Query, node: _Node) -> float:
    """Similarity 0-100 of a query to a name, for the fuzzy stage: the largest of

    * the similarity of the words sorted alphabetically (typos anywhere, any word order);
    * the similarity without spaces (``jeane d arc`` for ``Jeanne d'Arc``);
    * the length-weighted similarity of each query word to its best distinct word of the name, less up
      to a fifth for the name's words the query leaves out (a misspelt *part* of a name).
    """
    whole = max(fuzz.ratio(query.sorted_form, node.sorted_form), fuzz.ratio(query.compact, node.compact))
    words = node.content
    used: set[int] = set()
    total = 0.0
    weight = 0
    for q in sorted(query.content, key=len, reverse=True):
        best, best_i = 0.0, -1
        for i, word in enumerate(words):
            if i not in used:
                similarity = _word_similarity(q, word)
                if similarity > best:
                    best, best_i = similarity, i
        if best >= WORD_CUTOFF:
            used.add(best_i)
        total += best * len(q)
        weight += len(q)
    if not weight:
        return whole
    covered = sum(len(words[i]) for i in used) / max(1, sum(len(w) for w in words))
    return max(whole, total / weight * (0.8 + 0.2 * covered))


def _foreign_words(query: _Query, node: _Node) -> list[str]:
    """The query's words that are not a (misspelt) word of the name: like no word of it (similarity
    under :data:`WORD_CUTOFF`) and not a piece of the name without spaces (``firerat``). One of them
    means the query names *another* card sharing a long title (``Knight of Friendship, Kay`` is not
    ``Knight of Friendship, Cyrus``), so the fuzzy stage offers the card instead of choosing it."""
    return [
        word
        for word in query.content
        if word not in node.compact
        and max((_word_similarity(word, own) for own in node.tokens), default=0.0) < WORD_CUTOFF
    ]


_second = itemgetter(1)


def _span(rows: list[tuple[str, int]], prefix: str) -> tuple[int, int]:
    return bisect_left(rows, (prefix,)), bisect_left(rows, (prefix + "\U0010ffff",))


def _remove_row(rows: list[tuple[str, int]], row: tuple[str, int]) -> None:
    i = bisect_left(rows, row)
    if i < len(rows) and rows[i] == row:
        del rows[i]


def _display(name: str) -> str:
    spaced = " ".join(name.split())
    return name if spaced == name else spaced


_Ids = int | tuple[int, ...]
"""Node ids under one dictionary key: nearly always one, so a bare int saves memory."""


def _ids(held: _Ids | None) -> tuple[int, ...]:
    if held is None:
        return ()
    return held if isinstance(held, tuple) else (held,)


def _put(mapping: dict[_K, _Ids], key: _K, node_id: int) -> None:
    held = mapping.get(key)
    if held is None:
        mapping[key] = node_id
    elif node_id not in _ids(held):
        mapping[key] = (*_ids(held), node_id)


def _take(mapping: dict[_K, _Ids], key: _K, node_id: int) -> None:
    rest = tuple(i for i in _ids(mapping.get(key)) if i != node_id)
    if not rest:
        mapping.pop(key, None)
    else:
        mapping[key] = rest if len(rest) > 1 else rest[0]


def _append(mapping: dict[_K, list[_V]], key: _K, value: _V) -> bool:
    """Append ``value`` (not yet there) to the list ``mapping[key]``; True when the key is new."""
    held = mapping.get(key)
    if held is None:
        mapping[key] = [value]
        return True
    held.append(value)
    return False


def _remove(mapping: dict[_K, list[_V]], key: _K, value: _V) -> bool:
    """Remove ``value`` from the list ``mapping[key]``; True when that emptied (and removed) the key."""
    held = mapping.get(key)
    if held is None:
        return False
    if value in held:
        held.remove(value)
    if held:
        return False
    del mapping[key]
    return True


class NameIndex:
    """Every name of one game's cards, in memory, for :meth:`resolve` and :meth:`autocomplete`.

    Build it from :class:`NameEntry` values (one index per game: names are compared within a game
    only). :meth:`add` and :meth:`remove_key` update it in place in microseconds (alias changes);
    rebuilding is also fine: about 0.3 s for the 17,000 records of the public data sets, 2-3 s for
    100,000 names.
    """

    def __init__(self, entries: Iterable[NameEntry] = ()) -> None:
        self._entries: dict[int, list[NameEntry]] = {}
        self._key_identity: dict[int, Identity] = {}
        self._nodes: dict[int, _Node] = {}
        self._primary: dict[Identity, int] = {}
        self._next_id = 0
        self._exact: dict[str, _Ids] = {}
        self._exact_compact: dict[str, _Ids] = {}
        """Names with spaces, by their text without spaces."""
        self._alias: dict[str, _Ids] = {}
        self._bags: dict[tuple[str, ...], _Ids] = {}
        self._buckets: dict[int, _Bucket] = {}
        self._lengths: list[int] = []
        self._postings: dict[str, list[int]] = {}
        self._word_index: dict[str, list[str]] = {}
        self._forms: list[str | None] = []
        self._form_nodes: list[int] = []
        self._holes = 0
        self._bulk = True
        grouped: dict[int, list[NameEntry]] = {}
        for entry in entries:
            grouped.setdefault(entry.key, []).append(entry)
        collecting = gc.isenabled()
        gc.disable()  # hundreds of thousands of small objects: no point scanning them while building
        try:
            for key, key_entries in grouped.items():
                self._add_key(key, key_entries)
        finally:
            if collecting:
                gc.enable()
        for bucket in self._buckets.values():
            bucket.norm.sort()
            bucket.compact.sort()
            bucket.words.sort()
        self._lengths.sort()
        self._bulk = False

    def __len__(self) -> int:
        """The number of keys (cards) in the index."""
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def card_name(self, key: int) -> str | None:
        """The card's own name (its first ``"name"`` entry) as printed, for did-you-mean lines."""
        entries = self._entries.get(key, [])
        return next((e.name for e in entries if e.kind == "name"), entries[0].name if entries else None)

    # updates -----------------------------------------------------------------------------------

    def add(self, entry: NameEntry) -> None:
        """Add one name (an alias, usually). A key's first ``"name"`` entry decides its identity."""
        known = self._entries.get(entry.key)
        if known is None:
            self._add_key(entry.key, [entry])
        elif entry not in known:
            if entry.kind == "name" and not any(e.kind == "name" for e in known):
                self.remove_key(entry.key)
                self._add_key(entry.key, [entry, *known])
            else:
                known.append(entry)
                self._attach(entry.key, entry, normalise_name(entry.name[:MAX_QUERY_LENGTH]))

    def remove_key(self, key: int) -> None:
        """Forget every name of a card (nothing happens for an unknown key)."""
        entries = self._entries.pop(key, None)
        if entries is None:
            return
        identity = self._key_identity.pop(key)
        for entry in entries:
            node = self._node_for(identity, entry, normalise_name(entry.name[:MAX_QUERY_LENGTH]))
            if node is not None and key in node.keys:
                node.keys.remove(key)
                if not node.keys:
                    self._drop(node)

    def _add_key(self, key: int, entries: list[NameEntry]) -> None:
        unique = list(dict.fromkeys(sorted(entries, key=lambda e: _KINDS[e.kind])))
        norms = [normalise_name(e.name[:MAX_QUERY_LENGTH]) for e in unique]
        first = next((n for e, n in zip(unique, norms, strict=True) if e.kind == "name" and n), None)
        self._entries[key] = unique
        self._key_identity[key] = first or key
        for entry, norm in zip(unique, norms, strict=True):
            self._attach(key, entry, norm)

    def _node_for(self, identity: Identity, entry: NameEntry, norm: str) -> _Node | None:
        """The node holding this name of this identity, if any."""
        if entry.kind == "alias":
            pool = _ids(self._alias.get(norm.replace(" ", "")))
        else:
            pool = _ids(self._exact.get(norm))
        return next((self._nodes[i] for i in pool if self._nodes[i].identity == identity), None)

    def _attach(self, key: int, entry: NameEntry, norm: str) -> None:
        if not norm:
            return
        identity = self._key_identity[key]
        node = self._node_for(identity, entry, norm)
        if node is None:
            node = _Node(self._next_id, identity, entry, norm)
            self._next_id += 1
            self._nodes[node.id] = node
            self._insert(node)
        elif entry.kind == "name" and node.kind == "face":
            node.kind = "name"
            node.display = _display(entry.name)
        if key not in node.keys:
            node.keys.append(key)
        if node.kind == "name":
            self._primary.setdefault(identity, node.id)

    def _insert(self, node: _Node) -> None:
        if node.kind == "alias":
            _put(self._alias, node.compact, node.id)
            return
        _put(self._exact, node.norm, node.id)
        if node.compact != node.norm:
            _put(self._exact_compact, node.compact, node.id)
        _put(self._bags, node.bag, node.id)
        length = len(node.norm)
        bucket = self._buckets.get(length)
        if bucket is None:
            bucket = self._buckets[length] = _Bucket()
            if self._bulk:
                self._lengths.append(length)
            else:
                insort(self._lengths, length)
        for rows, row in bucket.rows(node):
            if self._bulk:
                rows.append(row)
            else:
                insort(rows, row)
        for word in dict.fromkeys(node.content):
            if _append(self._postings, word, node.id):
                for word_key in _word_keys(word):
                    _append(self._word_index, word_key, word)
        node.slot = len(self._forms)
        self._forms.append(node.sorted_form)
        self._form_nodes.append(node.id)

    def _drop(self, node: _Node) -> None:
        del self._nodes[node.id]
        if self._primary.get(node.identity) == node.id:
            del self._primary[node.identity]
        if node.kind == "alias":
            _take(self._alias, node.compact, node.id)
            return
        _take(self._exact, node.norm, node.id)
        _take(self._exact_compact, node.compact, node.id)
        _take(self._bags, node.bag, node.id)
        bucket = self._buckets[len(node.norm)]
        for rows, row in bucket.rows(node):
            _remove_row(rows, row)
        if not bucket.norm:
            del self._buckets[len(node.norm)]
            self._lengths.remove(len(node.norm))
        for word in dict.fromkeys(node.content):
            if _remove(self._postings, word, node.id):
                for word_key in _word_keys(word):
                    _remove(self._word_index, word_key, word)
        self._forms[node.slot] = None
        self._holes += 1
        if self._holes > 1000 and self._holes * 4 > len(self._forms):
            live = [self._nodes[i] for i, form in zip(self._form_nodes, self._forms, strict=True) if form]
            self._forms = [n.sorted_form for n in live]
            self._form_nodes = [n.id for n in live]
            for slot, live_node in enumerate(live):
                live_node.slot = slot
            self._holes = 0

    # resolution --------------------------------------------------------------------------------

    def resolve(self, query: str) -> Resolution:
        """The card a typed name means, or a did-you-mean list (see the module docstring)."""
        norm = normalise_name(query[:MAX_QUERY_LENGTH])
        if not norm:
            return _NONE
        q = _Query.of(norm)
        found = self._exact_matches(q)
        if found:
            return self._decide(found, "exact")
        found = _ids(self._alias.get(q.compact))
        if found:
            return self._decide(found, "alias")
        found = _ids(self._bags.get(tuple(sorted(q.content))))
        if found:
            return self._decide(found, "prefix")
        prefixed = self._prefix_matches(q, MAX_CANDIDATES)
        if len(prefixed) == 1:
            return Resolution("prefix", prefixed[0].key, prefixed[0].display)
        if prefixed:
            return Resolution(
                "ambiguous", candidates=[(n.key, n.display, round(_score(q, n), 1)) for n in prefixed]
            )
        scored = self._fuzzy(q, FUZZY_SUGGEST)
        if not scored:
            return _NONE
        top, node = scored[0]
        runner_up = scored[1][0] if len(scored) > 1 else 0.0
        if top >= FUZZY_ACCEPT and top - runner_up >= FUZZY_MARGIN and not _foreign_words(q, node):
            return Resolution("fuzzy", node.key, node.display)
        close = [(s, n) for s, n in scored if s >= top - FUZZY_SPREAD][:MAX_CANDIDATES]
        return Resolution("ambiguous", candidates=[(n.key, n.display, round(s, 1)) for s, n in close])

    def _exact_matches(self, q: _Query) -> tuple[int, ...]:
        """Names equal to the query; failing that, equal to it once spaces are removed from both."""
        return _ids(self._exact.get(q.norm)) or (
            _ids(self._exact_compact.get(q.compact)) + _ids(self._exact.get(q.compact))
        )

    def _decide(self, node_ids: Iterable[int], status: Status) -> Resolution:
        """Exactly matching names: one identity wins; so does the one card whose *own* name it is
        when other cards only carry it as a face or an alias (those are listed in ``shared_with``);
        otherwise several are ambiguous (names first)."""
        best: dict[Identity, _Node] = {}
        for node in sorted((self._nodes[i] for i in node_ids), key=_Node.rank):
            best.setdefault(node.identity, node)
        nodes = list(best.values())
        if len(nodes) == 1:
            return Resolution(status, nodes[0].key, nodes[0].display)
        own = [n for n in nodes if n.kind == "name"]
        if len(own) == 1:
            others = [(n.key, self._card_display(n)) for n in nodes if n is not own[0]]
            return Resolution(status, own[0].key, own[0].display, shared_with=others[:MAX_CANDIDATES])
        return Resolution(
            "ambiguous", candidates=[(n.key, self._shown(n), 100.0) for n in nodes[:MAX_CANDIDATES]]
        )

    def _card_display(self, node: _Node) -> str:
        """The own name of the card a node belongs to, as printed."""
        primary = self._nodes.get(self._primary.get(node.identity, -1))
        return primary.display if primary is not None else (self.card_name(node.key) or node.display)

    def _shown(self, node: _Node) -> str:
        """How a node appears in lists: its printed name, or for an alias the card's own name."""
        if node.kind != "alias":
            return node.display
        primary = self._nodes.get(self._primary.get(node.identity, -1))
        return primary.display if primary is not None else node.display

    def _prefix_matches(self, q: _Query, limit: int) -> list[_Node]:
        """Up to ``limit`` nodes, one per identity: names starting with the query, then names matching
        it word by word; in each group, names containing the query's words whole first (``grimm``:
        ``Grimm and Pandora`` before ``Grimmia's Fairy``), then names before faces, shortest first.

        Buckets are read shortest names first and reading stops once a few times ``limit`` names are
        found, so a one-letter query costs no more than a long one.
        """
        wanted = limit * 4 + 8
        starts: dict[int, None] = {}
        words: dict[int, None] = {}
        distinct = sorted(set(q.content))
        single = len(q.content) == 1
        for length in self._lengths[bisect_left(self._lengths, len(q.compact)) :]:
            bucket = self._buckets[length]
            if len(starts) < wanted:
                spans = [(bucket.norm, q.norm)]
                if q.compact != q.norm:
                    spans += [(bucket.compact, q.compact), (bucket.norm, q.compact)]
                for rows, text in spans:
                    lo, hi = _span(rows, text)
                    if lo < hi:
                        starts.update(dict.fromkeys(map(_second, rows[lo:hi])))
            if distinct and len(words) < wanted:
                for node_id in _word_prefix_ids(bucket.words, distinct):
                    if node_id not in starts and (single or _covers(q.content, self._nodes[node_id].tokens)):
                        words[node_id] = None
            if len(starts) >= wanted and (not distinct or len(words) >= wanted):
                break
        whole = set(q.content)

        def rank(pair: tuple[int, _Node]) -> tuple[int, bool, int, int, str]:
            group, node = pair
            return (group, not whole.issubset(node.tokens), *node.rank())

        matches = [(0, self._nodes[i]) for i in starts]
        matches += [(1, self._nodes[i]) for i in words if i not in starts]
        out: dict[Identity, _Node] = {}
        for _, node in sorted(matches, key=rank):
            if node.identity not in out:
                out[node.identity] = node
                if len(out) >= limit:
                    break
        return list(out.values())

    def _fuzzy(self, q: _Query, cutoff: float) -> list[tuple[float, _Node]]:
        """Fuzzy candidates scoring at least ``cutoff``: ``(score, node)``, one per identity, best
        first. Candidates are the names with a word close to a query word (see :func:`_word_keys`),
        plus, in indexes of up to :data:`FULL_SCAN_MAX` names, the best of a full rapidfuzz scan."""
        counts: Counter[int] = Counter()
        for word in sorted(set(q.content), key=len, reverse=True)[:MAX_QUERY_WORDS]:
            if len(word) < 3 and len(q.content) > 1:
                continue
            near: set[str] = set()
            for word_key in _word_keys(word):
                near.update(self._word_index.get(word_key, ()))
            close = {w for w in near if len(word) >= 3 and w.startswith(word)}
            close.update(
                w
                for w, _, _ in process.extract(
                    word, list(near), scorer=fuzz.ratio, score_cutoff=WORD_CUTOFF, limit=WORD_LIMIT
                )
            )
            for near_word in close:
                counts.update(self._postings[near_word])
        candidates: set[int] = set()
        if len(counts) > MAX_PLAUSIBLE:
            # Keep those matching the most query words; break ties by whole-name similarity, in C.
            by_count: dict[int, list[int]] = {}
            for node_id, count in counts.items():
                by_count.setdefault(count, []).append(node_id)
            for count in sorted(by_count, reverse=True):
                ids = by_count[count]
                room = MAX_PLAUSIBLE - len(candidates)
                if len(ids) > room:
                    forms = {i: self._nodes[i].sorted_form for i in ids}
                    ids = [
                        i for _, _, i in process.extract(q.sorted_form, forms, scorer=fuzz.ratio, limit=room)
                    ]
                candidates.update(ids)
                if len(candidates) >= MAX_PLAUSIBLE:
                    break
        else:
            candidates.update(counts)
        if len(self._forms) - self._holes <= FULL_SCAN_MAX:
            for _, _, slot in process.extract(
                q.sorted_form, self._forms, scorer=fuzz.ratio, score_cutoff=cutoff - 10, limit=FULL_SCAN_LIMIT
            ):
                candidates.add(self._form_nodes[slot])
        best: dict[Identity, tuple[float, _Node]] = {}
        for node_id in candidates:
            node = self._nodes[node_id]
            score = _score(q, node)
            held = best.get(node.identity)
            if score >= cutoff and (held is None or (-score, node.rank()) < (-held[0], held[1].rank())):
                best[node.identity] = (score, node)
        return sorted(best.values(), key=lambda pair: (-pair[0], pair[1].rank()))

    # autocomplete ------------------------------------------------------------------------------

    def autocomplete(self, prefix: str, limit: int = 25) -> list[tuple[int, str]]:
        """Up to ``limit`` ``(key, name as printed)`` for the text typed so far, one per card: exact
        matches (the card's name for an exact alias), same words, names starting with the text,
        word-prefix matches, then fuzzy matches (from three letters on). Empty text gives ``[]``."""
        if limit <= 0:
            return []
        norm = normalise_name(prefix[:MAX_QUERY_LENGTH])
        if not norm:
            return []
        q = _Query.of(norm)
        out: dict[Identity, tuple[int, str]] = {}

        def take(nodes: Iterable[_Node]) -> bool:
            for node in nodes:
                if node.identity not in out:
                    out[node.identity] = (node.key, self._shown(node))
                    if len(out) >= limit:
                        return True
            return False

        exact = {
            *self._exact_matches(q),
            *_ids(self._alias.get(q.compact)),
            *_ids(self._bags.get(tuple(sorted(q.content)))),
        }
        if take(sorted((self._nodes[i] for i in exact), key=_Node.rank)):
            return list(out.values())
        if take(self._prefix_matches(q, limit)):
            return list(out.values())
        if len(q.compact) >= 3:
            take(node for _, node in self._fuzzy(q, AUTOCOMPLETE_FUZZY))
        return list(out.values())


def _word_prefix_ids(rows: list[tuple[str, int]], distinct: list[str]) -> Iterable[int]:
    """Ids of the names in one bucket with a word starting with each query word (two query words
    may use the same name word: callers check with :func:`_covers`). Sets are intersected in C."""
    spans = []
    for word in distinct:
        lo, hi = _span(rows, word)
        if lo == hi:
            return ()
        spans.append((hi - lo, lo, hi))
    spans.sort()
    _, lo, hi = spans[0]
    found = dict.fromkeys(map(_second, rows[lo:hi]))
    if len(spans) == 1 or len(found) <= 16:
        return found
    common = set(found)
    for _, lo, hi in spans[1:]:
        common.intersection_update(map(_second, rows[lo:hi]))
        if not common:
            return ()
    return [i for i in found if i in common]
