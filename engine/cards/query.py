"""The card query language: ``t:dragon power>=6000 -civ:fire`` parsed, then compiled to parameterised SQL.

The language (see ``docs/card-query.md`` for the user reference):

* a **term** is a bare word (``bolshack``), a quoted phrase (``"draw a card"``) or ``key`` + operator +
  value (``race:dragon``, ``power>=6000``, ``o:"shield trigger"``); the operators are
  ``:`` ``=`` ``!=`` ``<`` ``<=`` ``>`` ``>=``;
* terms side by side must all match (``and`` may be written but is implied); ``or`` / ``OR`` / ``|``
  joins alternatives and binds more loosely than ``and``; parentheses group; ``-`` before a term or a
  group excludes it.

:func:`parse` turns any text into a small tree (:class:`And`, :class:`Or`, :class:`Not`, :class:`Term`)
or raises :class:`QueryError` with the 0-based character position of the problem. :func:`compile_query`
checks each term against the game's keys (:func:`keys_for`) and returns a SQL boolean expression over
the alias ``c`` (the ``cards`` table) plus its parameters. The SQL text is assembled only from the
constants of this module: every value the user typed travels as a parameter, and words matched through
the ``cards_fts`` index are rebuilt from :func:`engine.rules.search.tokenize` tokens (letters and digits
only) inside double quotes, so no FTS5 syntax can come from the user either.

The module is pure: no database access, no Discord.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum
from functools import cache

from rapidfuzz import fuzz, process

from engine.errors import ArbiterError
from engine.games import GAMES, Game, resolve_game
from engine.rules.search import fold, tokenize
from engine.text import shortened

MAX_QUERY_LENGTH = 1000
"""Longest query accepted, in characters."""
MAX_TERMS = 50
"""Most terms (words, phrases, ``key:value``) in one query."""
MAX_DEPTH = 20
"""Deepest nesting of parentheses."""
MAX_NUMBER = 10**12
"""Largest absolute value of a number in a comparison."""

_SHOWN = 30
"""How many characters of a user's value an error message repeats."""


class QueryError(ArbiterError):
    """A query that can't be understood: ``position`` is the 0-based offset of the problem in the text.

    The message is one sentence for the user, e.g. ``At position 7: 'abc' is not a whole number.``
    """

    def __init__(self, position: int, problem: str) -> None:
        self.position = position
        self.problem = problem
        ending = "" if problem.endswith((".", "?", "!")) else "."
        super().__init__(f"At position {position}: {problem}{ending}")

    def pointer(self, query: str, width: int = 60) -> str:
        """Two lines for a monospaced block: (a window of) the query and a caret under the problem."""
        start = max(0, min(self.position - width // 2, len(query) - width))
        window = query[start : start + width].replace("\n", " ").replace("\t", " ")
        return f"{window}\n{' ' * (self.position - start)}^"


# --------------------------------------------------------------------------------------------- tree


@dataclass(frozen=True)
class Term:
    """One condition: a bare word or phrase (``key is None``), or ``key op value``.

    ``position`` is where the term starts (its key, its word or its opening quote); ``value_position``
    is where the value starts (its opening quote when ``quoted``; ``position`` when not given).
    """

    key: str | None
    op: str
    value: str
    quoted: bool
    position: int
    value_position: int = -1

    def __post_init__(self) -> None:
        if self.value_position < 0:
            object.__setattr__(self, "value_position", self.position)

    @property
    def op_position(self) -> int:
        """Where the operator starts (the term's position for a bare word)."""
        return self.position + len(self.key) if self.key else self.position

    def __str__(self) -> str:
        value = f'"{self.value}"' if self.quoted else self.value
        return f"{self.key}{self.op}{value}" if self.key else value


@dataclass(frozen=True)
class Not:
    """Cards that ``child`` does not match."""

    child: Node

    def __str__(self) -> str:
        inner = str(self.child)
        return f"-({inner})" if isinstance(self.child, And | Or) else f"-{inner}"


@dataclass(frozen=True)
class And:
    """Cards that every child matches."""

    children: tuple[Node, ...]

    def __str__(self) -> str:
        return " ".join(f"({c})" if isinstance(c, Or) else str(c) for c in self.children)


@dataclass(frozen=True)
class Or:
    """Cards that at least one child matches."""

    children: tuple[Node, ...]

    def __str__(self) -> str:
        return " or ".join(str(c) for c in self.children)


Node = And | Or | Not | Term


# ------------------------------------------------------------------------------------------- lexing

_KEY_OP = re.compile(r"([A-Za-z][A-Za-z_]*)(!=|<=|>=|:|=|<|>)")
_LEADING_OP = re.compile(r"!=|<=|>=|:|=|<|>")
_SURROGATE = re.compile("[\ud800-\udfff]")
_ENDS_WORD = frozenset('()"|')
_EXAMPLE = 'as in t:dragon, power>=6000 or o:"draw a card"'


@dataclass(frozen=True)
class _Token:
    kind: str
    """``term``, ``(``, ``)``, ``or``, ``and`` or ``-``."""
    position: int
    text: str
    term: Term | None = None


def _shown(text: str) -> str:
    """A user's text, shortened for an error message."""
    return shortened(" ".join(text.split()), _SHOWN)


def _word_end(text: str, start: int) -> int:
    """End of the unquoted word starting at ``start``: it stops at white space, ``(``, ``)``, ``"``, ``|``."""
    end = start
    while end < len(text) and not text[end].isspace() and text[end] not in _ENDS_WORD:
        end += 1
    return end


def _phrase(text: str, quote: int) -> tuple[str, int]:
    """The text between the quote at ``quote`` and the next one, and the position after the closing one."""
    close = text.find('"', quote + 1)
    if close < 0:
        raise QueryError(quote, 'this quote is never closed; add a closing "')
    value = text[quote + 1 : close]
    if not value.strip():
        raise QueryError(
            quote, 'the quotes are empty; put a word or a phrase between them, as in "draw a card"'
        )
    return value, close + 1


def _lex(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    terms = 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch in "()|":
            tokens.append(_Token("or" if ch == "|" else ch, i, ch))
            i += 1
            continue
        if ch == "-":
            if i + 1 >= n or text[i + 1].isspace() or text[i + 1] in ")|":
                raise QueryError(
                    i, "'-' must be followed directly by a term or a group to exclude, as in -t:dragon"
                )
            tokens.append(_Token("-", i, ch))
            i += 1
            continue
        if ch == '"':
            value, end = _phrase(text, i)
            term = Term(None, ":", value, True, i, i)
        elif match := _KEY_OP.match(text, i):
            key, op = match.group(1), match.group(2)
            start = match.end()
            if start < n and text[start] == '"':
                value, end = _phrase(text, start)
                term = Term(key, op, value, True, i, start)
            else:
                end = _word_end(text, start)
                value = text[start:end]
                if not value:
                    example = "dragon" if op in (":", "=", "!=") else "5"
                    raise QueryError(
                        start,
                        f"'{key}{op}' needs a value right after it, with no space, as in {key}{op}{example}",
                    )
                term = Term(key, op, value, False, i, start)
        else:
            end = _word_end(text, i)
            word = text[i:end]
            if word.casefold() in ("or", "and"):
                tokens.append(_Token(word.casefold(), i, word))
                i = end
                continue
            if leading := _LEADING_OP.match(word):
                raise QueryError(
                    i, f"'{leading.group(0)}' needs a key right before it, with no space, {_EXAMPLE}"
                )
            if word.startswith("!"):
                raise QueryError(i, "'!' is not an operator here; put '-' before a term to exclude it")
            term = Term(None, ":", word, False, i, i)
        terms += 1
        if terms > MAX_TERMS:
            raise QueryError(term.position, f"the query has more than {MAX_TERMS} terms; make it shorter")
        tokens.append(_Token("term", term.position, text[term.position : end], term))
        i = end
    return tokens


# ------------------------------------------------------------------------------------------ parsing


def _flat(parts: list[Node], kind: type[And] | type[Or]) -> tuple[Node, ...]:
    """The children of an ``And`` (or ``Or``), with grouped ``And`` (``Or``) children merged in."""
    flat: list[Node] = []
    for part in parts:
        flat.extend(part.children if isinstance(part, kind) else (part,))
    return tuple(flat)


class _Parser:
    """Recursive descent over the tokens: ``or`` of ``and`` of (negated) terms and groups."""

    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.index = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    @staticmethod
    def starts_operand(token: _Token | None) -> bool:
        return token is not None and token.kind in ("term", "(", "-")

    @staticmethod
    def missing_operand(token: _Token | None, after: _Token | None) -> QueryError:
        """The error when a term or a group should start at ``token`` (``after`` is what came before:
        ``or``, ``and`` or ``(``; ``None`` at the start of the query) but doesn't."""
        if after is not None and after.kind in ("or", "and"):
            return QueryError(after.position, f"'{after.text}' needs a term on each side")
        if token is not None and token.kind in ("or", "and"):
            return QueryError(token.position, f"'{token.text}' needs a term on each side")
        if after is not None and token is None:
            return QueryError(after.position, "this '(' is never closed; add a ')'")
        if after is not None:
            return QueryError(after.position, "the parentheses are empty; put terms between them")
        position = token.position if token is not None else 0
        return QueryError(position, "this ')' has no matching '('")

    def parse(self) -> Node:
        first = self.peek()
        if not self.starts_operand(first):
            raise self.missing_operand(first, None)
        node = self.any_of(0)
        extra = self.peek()
        if extra is not None:
            raise QueryError(extra.position, "this ')' has no matching '('")
        return node

    def any_of(self, depth: int) -> Node:
        parts = [self.all_of(depth)]
        while (token := self.peek()) is not None and token.kind == "or":
            self.take()
            if not self.starts_operand(self.peek()):
                raise self.missing_operand(self.peek(), token)
            parts.append(self.all_of(depth))
        return parts[0] if len(parts) == 1 else Or(_flat(parts, Or))

    def all_of(self, depth: int) -> Node:
        parts = [self.negated(depth)]
        while (token := self.peek()) is not None and token.kind not in ("or", ")"):
            if token.kind == "and":
                self.take()
                if not self.starts_operand(self.peek()):
                    raise self.missing_operand(self.peek(), token)
            parts.append(self.negated(depth))
        return parts[0] if len(parts) == 1 else And(_flat(parts, And))

    def negated(self, depth: int) -> Node:
        negations = 0
        dash: _Token | None = None
        while (token := self.peek()) is not None and token.kind == "-":
            dash = self.take()
            negations += 1
        token = self.peek()
        if token is None or token.kind not in ("term", "("):
            position = dash.position if dash else token.position if token else 0
            raise QueryError(position, "'-' must be followed directly by a term or a group to exclude")
        node = self.operand(depth)
        return Not(node) if negations % 2 else node

    def operand(self, depth: int) -> Node:
        token = self.take()
        if token.kind == "term":
            assert token.term is not None
            return token.term
        if depth >= MAX_DEPTH:
            raise QueryError(token.position, f"the parentheses are nested more than {MAX_DEPTH} deep")
        inner = self.peek()
        if not self.starts_operand(inner):
            raise self.missing_operand(inner, token)
        node = self.any_of(depth + 1)
        close = self.peek()
        if close is None or close.kind != ")":
            raise QueryError(token.position, "this '(' is never closed; add a ')'")
        self.take()
        return node


def parse(text: str) -> Node:
    """Parse a query into its tree; raises :class:`QueryError` (and nothing else) for any bad text."""
    if len(text) > MAX_QUERY_LENGTH:
        raise QueryError(MAX_QUERY_LENGTH, f"the query is longer than {MAX_QUERY_LENGTH} characters")
    if surrogate := _SURROGATE.search(text):
        raise QueryError(surrogate.start(), "the query contains a character that is not valid text")
    tokens = _lex(text)
    if not tokens:
        raise QueryError(0, f"the query is empty; give a word or a key and a value, {_EXAMPLE}")
    return _Parser(tokens).parse()


# --------------------------------------------------------------------------------------------- keys


class KeyKind(Enum):
    """How a key matches, and so which operators it takes."""

    WORDS = "words"
    """Words of the ``cards_fts`` index (a column filter, ``name`` or ``text``)."""
    NUMBER = "number"
    """``card_values.num``."""
    TEXT = "text"
    """``card_values.txt`` (folded)."""
    CODE = "code"
    """The ``cards.code`` column."""
    FLAG = "flag"
    """A fixed set of yes/no properties stored as ``num = 1`` rows (``is:twinpact``)."""


OPERATORS: dict[KeyKind, tuple[str, ...]] = {
    KeyKind.WORDS: (":",),
    KeyKind.NUMBER: (":", "=", "!=", "<", "<=", ">", ">="),
    KeyKind.TEXT: (":", "=", "!="),
    KeyKind.CODE: (":", "=", "!="),
    KeyKind.FLAG: (":", "="),
}


@dataclass(frozen=True)
class QueryKey:
    """A key of the language for one game."""

    name: str
    """The key as documented (``civilization``)."""
    kind: KeyKind
    field: str
    """The ``card_values.key`` it reads, the ``cards_fts`` column, or ``code``."""
    help: str
    example: str
    aliases: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    """The values a ``FLAG`` key accepts."""

    @property
    def operators(self) -> tuple[str, ...]:
        return OPERATORS[self.kind]


def _key(
    name: str, kind: KeyKind, field: str, help: str, example: str, *aliases: str, flags: tuple[str, ...] = ()
) -> QueryKey:
    return QueryKey(name, kind, field, help, example, aliases, flags)


def _common(
    name: str, text: str, type_: str, set_: str, rarity: str, keyword: str, code: str
) -> tuple[tuple[QueryKey, ...], tuple[QueryKey, ...]]:
    """The keys every game has (with the game's own examples): the leading ones and the trailing ones."""
    lead = (
        _key("name", KeyKind.WORDS, "name", "words of the card's names (other faces too)", name, "n"),
        _key("text", KeyKind.WORDS, "text", "words or a phrase of the card's text", text, "o", "oracle"),
        _key("type", KeyKind.TEXT, "type", "card type (any of them)", type_, "t", "types"),
    )
    tail = (
        _key("set", KeyKind.TEXT, "set", "set or product", set_, "s", "e", "edition"),
        _key("rarity", KeyKind.TEXT, "rarity", "rarity", rarity, "r"),
        _key("keyword", KeyKind.TEXT, "keyword", "keyword (any of them)", keyword, "k", "kw", "keywords"),
        _key("code", KeyKind.CODE, "code", "collector number", code, "number", "cn"),
    )
    return lead, tail


def _game_keys(
    common: tuple[tuple[QueryKey, ...], tuple[QueryKey, ...]], *own: QueryKey
) -> tuple[QueryKey, ...]:
    return (*common[0], *own, *common[1])


_RACE = ("race", KeyKind.TEXT, "race", "race (any of them)")

GATE_RULER_KEYS: tuple[QueryKey, ...] = _game_keys(
    _common("name:gondul", 'o:"draw a card"', "t:unit", "set:gb03", "r=sr", "k:overdrive", "code:2021gb03"),
    _key("faction", KeyKind.TEXT, "faction", "faction", "faction:valhalla", "fac"),
    _key(
        "attribute",
        KeyKind.TEXT,
        "attributes",
        "attribute (any of them)",
        "attr:dragon",
        "attr",
        "attributes",
    ),
    _key("level", KeyKind.NUMBER, "level", "level (what it costs)", "level<=2", "lv", "lvl", "cost"),
    _key("atk", KeyKind.NUMBER, "atk", "ATK", "atk>=3000", "attack"),
    _key("hp", KeyKind.NUMBER, "hp", "HP", "hp>=4000"),
    _key("stk", KeyKind.NUMBER, "stk", "STK (strike)", "stk>=2", "strike"),
    _key("life", KeyKind.NUMBER, "life", "a ruler's life", "life>=20"),
    _key("icon", KeyKind.TEXT, "icons", "reminder or legendary icon (any of them)", "icon:od", "icons"),
)
FORCE_OF_WILL_KEYS: tuple[QueryKey, ...] = _game_keys(
    _common("name:faria", 'o:"produce will"', "t:resonator", "set:cmf", "r=sr", "k:flying", "code:cmf-0"),
    _key("cost", KeyKind.NUMBER, "cost", "total cost", "cost<=2", "cmc", "mv"),
    _key(
        "attribute",
        KeyKind.TEXT,
        "attribute",
        "attribute (any of them)",
        "attr:fire",
        "attr",
        "attributes",
        "color",
        "colour",
    ),
    _key("atk", KeyKind.NUMBER, "atk", "ATK", "atk>=800", "attack"),
    _key("defense", KeyKind.NUMBER, "defense", "DEF", "def>=800", "def", "defence"),
    _key(*_RACE, "race:dragon", "races"),
    _key("divinity", KeyKind.NUMBER, "divinity", "divinity", "divinity>=1", "div"),
)
VANGUARD_KEYS: tuple[QueryKey, ...] = _game_keys(
    _common(
        'name:"blaster blade"',
        'o:"counter blast"',
        't:"trigger unit"',
        "set:d-bt01",
        "r=rrr",
        'k:"persona ride"',
        "code:d-bt01",
    ),
    _key("grade", KeyKind.NUMBER, "grade", "grade", "grade=3", "g"),
    _key("power", KeyKind.NUMBER, "power", "power", "power>=13000", "pow"),
    _key("shield", KeyKind.NUMBER, "shield", "shield", "shield>=10000", "sh"),
    _key("critical", KeyKind.NUMBER, "critical", "critical", "crit>=2", "crit"),
    _key("trigger", KeyKind.TEXT, "trigger", "trigger icon", "trigger:heal", "trig"),
    _key("skill", KeyKind.TEXT, "skill", "skill icon", "skill:boost"),
    _key("nation", KeyKind.TEXT, "nation", "nation", 'nation:"dragon empire"', "nat"),
    _key("clan", KeyKind.TEXT, "clan", "clan", 'clan:"royal paladin"'),
    _key(*_RACE, "race:human", "races"),
)
DUEL_MASTERS_KEYS: tuple[QueryKey, ...] = _game_keys(
    _common(
        "name:bolshack",
        'o:"draw a card"',
        "t:creature",
        "set:dm-09",
        'r="very rare"',
        'k:"shield trigger"',
        "code:dm-09",
    ),
    _key("cost", KeyKind.NUMBER, "cost", "cost", "cost<=3", "cmc", "mv"),
    _key(
        "civilization",
        KeyKind.TEXT,
        "civilizations",
        "civilization (any of them)",
        "civ:fire",
        "civ",
        "civs",
        "civilizations",
        "civilisation",
        "civilisations",
    ),
    _key("power", KeyKind.NUMBER, "power", "power", "power>=6000", "pow"),
    _key(*_RACE, 'race:"armored dragon"', "races", "tribe"),
    _key(
        "is",
        KeyKind.FLAG,
        "",
        "a twinpact or an evolution card",
        "is:twinpact",
        flags=("twinpact", "evolution"),
    ),
)


def _keys(game: str) -> tuple[QueryKey, ...]:
    """A registered game's keys (its record's ``query_keys``)."""
    return GAMES[game].query_keys.load()


@cache
def _lookup(game: str) -> dict[str, QueryKey]:
    """A registered game's keys by every spelling."""
    return {spelling: key for key in _keys(game) for spelling in (key.name, *key.aliases)}


def _game(game: str | Game) -> Game:
    if isinstance(game, Game):
        return game
    return GAMES.get(game) or resolve_game(game)


def keys_for(game: str | Game) -> tuple[QueryKey, ...]:
    """The keys of a game's queries, in documentation order."""
    return _keys(_game(game).key)


def describe_keys(game: str | Game) -> str:
    """Help text: one line per key of the game with its aliases, operators and an example."""
    resolved = _game(game)
    lines = [
        f"Search keys for {resolved.name} (key:value; bare words search names and text; "
        "- excludes, or between alternatives, ( ) to group):"
    ]
    for key in _keys(resolved.key):
        aliases = f" ({', '.join(key.aliases)})" if key.aliases else ""
        values = f", one of {', '.join(key.flags)}" if key.flags else ""
        lines.append(
            f"{key.name}{aliases} [{' '.join(key.operators)}]: {key.help}{values}, e.g. {key.example}"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------- compiling

_EXISTS = "c.id IN (SELECT v.card_id FROM card_values v WHERE v.key = ? AND {})"
"""Cards with a value of a key matching a condition. An uncorrelated ``IN`` subquery runs once over
the ``(key, num)`` / ``(key, txt)`` indexes; a correlated ``EXISTS`` would scan a key's values once per
card (quadratic on large card sets)."""
_FTS = "c.id IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)"
_COMPARE = {":": "=", "=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_NUMBER = re.compile(r"[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)")


def _unknown_key(term: Term, game: Game) -> QueryError:
    assert term.key is not None
    key = term.key.casefold()
    names = [k.name for k in _keys(game.key)]
    hint = ""
    elsewhere = [
        other.name for other in GAMES.values() if other.key != game.key and key in _lookup(other.key)
    ]
    if elsewhere:
        listed = ", ".join(elsewhere[:-1]) + " and " + elsewhere[-1] if len(elsewhere) > 1 else elsewhere[0]
        hint = f" in {game.name} (it is a key for {listed})"
    else:
        spellings = list(_lookup(game.key))
        best = process.extractOne(key, spellings, scorer=fuzz.ratio, score_cutoff=60)
        if best:
            hint = f" (did you mean '{_lookup(game.key)[best[0]].name}'?)"
    return QueryError(
        term.position, f"unknown key '{_shown(term.key)}'{hint}; keys for {game.name}: {', '.join(names)}"
    )


def _number(term: Term, key: QueryKey) -> int:
    value = unicodedata.normalize("NFKC", term.value).strip()
    if not _NUMBER.fullmatch(value):
        raise QueryError(
            term.value_position,
            f"'{_shown(term.value)}' is not a whole number; {key.name} needs one, as in {key.example}",
        )
    number = int(value.replace(",", ""))
    if abs(number) > MAX_NUMBER:
        raise QueryError(term.value_position, f"'{_shown(term.value)}' is too large a number")
    return number


def _folded(term: Term) -> str:
    value = term.value
    if term.op == ":":
        value = value.rstrip().rstrip("*")
    folded = " ".join(fold(value).split())
    if not folded:
        raise QueryError(term.value_position, "the value is empty")
    return folded


def _fts(term: Term, column: str | None) -> str:
    """The MATCH string for a word or phrase: only index tokens, quoted, plus our own ``*`` and column."""
    tokens = tokenize(term.value)
    if not tokens:
        raise QueryError(
            term.value_position, f"'{_shown(term.value)}' has no letters or digits to search for"
        )
    prefix = "*" if term.value.rstrip().endswith("*") else ""
    phrase = '"' + " ".join(tokens) + '"' + prefix
    return f"{column} : {phrase}" if column else phrase


def _compile_term(term: Term, game: Game, params: list[object]) -> str:
    if term.key is None:
        params.append(_fts(term, None))
        return _FTS
    key = _lookup(game.key).get(term.key.casefold())
    if key is None:
        raise _unknown_key(term, game)
    if term.op not in key.operators:
        allowed = ", ".join(key.operators)
        raise QueryError(
            term.op_position,
            f"'{term.key}' can't be used with '{term.op}'; it takes {allowed} (as in {key.example})",
        )
    if key.kind is KeyKind.WORDS:
        params.append(_fts(term, key.field))
        return _FTS
    if key.kind is KeyKind.NUMBER:
        number = _number(term, key)
        if term.op == "!=":
            params.extend([key.field, key.field, number])
            return f"({_EXISTS.format('v.num IS NOT NULL')} AND NOT {_EXISTS.format('v.num = ?')})"
        params.extend([key.field, number])
        return _EXISTS.format(f"v.num {_COMPARE[term.op]} ?")
    if key.kind is KeyKind.FLAG:
        flag = _folded(term)
        if flag not in key.flags:
            raise QueryError(
                term.value_position,
                f"{term.key}{term.op} takes one of {', '.join(key.flags)}, not '{_shown(term.value)}'",
            )
        params.append(flag)
        return _EXISTS.format("v.num = 1")
    value = _folded(term)
    if key.kind is KeyKind.CODE:
        params.append(value)
        return {
            ":": "instr(lower(c.code), ?) > 0",
            "=": "lower(c.code) = ?",
            "!=": "lower(c.code) <> ?",
        }[term.op]
    if term.op == "!=":
        params.extend([key.field, key.field, value])
        return f"({_EXISTS.format('v.txt IS NOT NULL')} AND NOT {_EXISTS.format('v.txt = ?')})"
    params.extend([key.field, value])
    return _EXISTS.format("instr(v.txt, ?) > 0" if term.op == ":" else "v.txt = ?")


def _compile(node: Node, game: Game, params: list[object]) -> str:
    if isinstance(node, Term):
        return _compile_term(node, game, params)
    if isinstance(node, Not):
        return f"NOT ({_compile(node.child, game, params)})"
    joiner = " AND " if isinstance(node, And) else " OR "
    return "(" + joiner.join(_compile(child, game, params) for child in node.children) + ")"


def compile_query(node: Node, game: str | Game) -> tuple[str, list[object]]:
    """A SQL boolean expression over ``cards c`` for ``node`` in ``game``, and its parameters in order.

    The expression does not restrict the game itself (the caller adds ``c.game = ?``). Raises
    :class:`QueryError` for a key the game doesn't have, an operator the key doesn't take, or a value
    the key can't use (a number that isn't one, a phrase without letters or digits).
    """
    params: list[object] = []
    sql = _compile(node, _game(game), params)
    return sql, params


def compile_text(text: str, game: str | Game) -> tuple[str, list[object]]:
    """:func:`parse` then :func:`compile_query`."""
    return compile_query(parse(text), game)


__all__ = [
    "MAX_DEPTH",
    "MAX_QUERY_LENGTH",
    "MAX_TERMS",
    "And",
    "KeyKind",
    "Node",
    "Not",
    "Or",
    "QueryError",
    "QueryKey",
    "Term",
    "compile_query",
    "compile_text",
    "describe_keys",
    "keys_for",
    "parse",
]
