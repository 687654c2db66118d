"""The words players use for each game's rules, mapped to the document's own terms.

Each game has a reviewed data file, ``engine/rules/words/<game>.toml``, of ``[[term]]`` tables:

- ``say``: what players type, words or phrases ("mull", "go first", "summoning sick");
- ``means``: the document's own words or phrases for it ("redraw", "first player"), each of which
  occurs in the game's rules document;
- ``rules`` (optional): the rules that define the term, most direct first, the way a glossary points
  to its entry;
- ``source`` and ``note`` (optional): where a game-specific word comes from, and why the mapping holds;
- ``shared`` (optional): the name of a question every game's judges hear, from ``words/shared.toml``
  ("one card says I can, the other says I can't: which wins?"); its phrasings are said too, so the
  same words find each game's own rule for it, and ``say`` may then be left out.

A game's words apply to that game only: Gate Ruler's "tap" means "exhaust", never Vanguard's "rest".
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.games import GAMES
from engine.rules.search import tokenize

WORDS_DIR = Path(__file__).parent / "words"
_KEYS = {"say", "means", "rules", "source", "note", "shared"}
SHARED_FILE = "shared.toml"


class PlayerWordsError(ValueError):
    """A words file is malformed; the message names the file and the term."""


@dataclass(frozen=True)
class Term:
    """One entry: what players say, what the document calls it, and where it is defined."""

    say: tuple[str, ...]
    """Token forms (folded, space-separated) of what players type."""
    means: tuple[str, ...]
    """Token forms of the document's words for it."""
    rules: tuple[str, ...] = ()
    source: str | None = None
    note: str | None = None


def _singular(word: str) -> str:
    """The form phrases are matched in (see ``questions.singular``): "no triggers" is "no trigger"."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _phrases(value: object, where: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise PlayerWordsError(f"{where}: '{key}' must be a non-empty list of strings")
    forms = tuple(dict.fromkeys(" ".join(tokenize(v)) for v in value))
    if not all(forms):
        raise PlayerWordsError(f"{where}: '{key}' has an entry with no letters or digits")
    return forms


def _tables(text: str, name: str, kind: str) -> list[object]:
    """The ``[[kind]]`` tables of a TOML file, refusing anything else at the top level."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PlayerWordsError(f"{name}: {error}") from error
    if set(data) - {kind}:
        raise PlayerWordsError(f"{name}: unexpected top-level keys {sorted(set(data) - {kind})}")
    entries = data.get(kind, [])
    if not isinstance(entries, list):
        raise PlayerWordsError(f"{name}: '{kind}' must be an array of tables")
    return entries


def parse_shared(text: str, name: str = SHARED_FILE) -> dict[str, tuple[str, ...]]:
    """The questions every game's judges hear: each ``[[concept]]``'s name and its phrasings."""
    entries = _tables(text, name, "concept")
    concepts: dict[str, tuple[str, ...]] = {}
    for number, entry in enumerate(entries, start=1):
        where = f"{name} concept {number}"
        if not isinstance(entry, dict) or set(entry) - {"name", "say", "note"}:
            raise PlayerWordsError(f"{where}: a concept has a 'name', a 'say' list and a 'note'")
        key = entry.get("name")
        if not isinstance(key, str) or not key or key in concepts:
            raise PlayerWordsError(f"{where}: 'name' must be a string no other concept has")
        concepts[key] = _phrases(entry.get("say"), where, "say")
    return concepts


def parse_words(text: str, name: str, shared: dict[str, tuple[str, ...]] | None = None) -> tuple[Term, ...]:
    """The terms of one words file (``shared``: the concepts its terms may name); raises
    :class:`PlayerWordsError` naming what is wrong."""
    entries = _tables(text, name, "term")
    terms: list[Term] = []
    said: dict[str, int] = {}
    for number, entry in enumerate(entries, start=1):
        where = f"{name} term {number}"
        if not isinstance(entry, dict):
            raise PlayerWordsError(f"{where}: not a table")
        if set(entry) - _KEYS:
            raise PlayerWordsError(f"{where}: unexpected keys {sorted(set(entry) - _KEYS)}")
        concept = entry.get("shared")
        phrasings: tuple[str, ...] = ()
        if concept is not None:
            if not isinstance(concept, str) or concept not in (shared or {}):
                raise PlayerWordsError(f"{where}: 'shared' names no concept of {SHARED_FILE}: {concept!r}")
            phrasings = (shared or {})[concept]
        own = _phrases(entry.get("say"), where, "say") if "say" in entry or not phrasings else ()
        say = tuple(dict.fromkeys((*own, *phrasings)))
        means = _phrases(entry.get("means"), where, "means")
        rules = entry.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) and r.strip() for r in rules):
            raise PlayerWordsError(f"{where}: 'rules' must be a list of rule ids")
        for key in ("source", "note"):
            if entry.get(key) is not None and not isinstance(entry[key], str):
                raise PlayerWordsError(f"{where}: '{key}' must be a string")
        for form in say:
            key = " ".join(_singular(word) for word in form.split())
            if said.get(key, number) != number:
                raise PlayerWordsError(f"{where}: '{form}' is already said by term {said[key]}")
            said[key] = number
        terms.append(
            Term(
                say=say,
                means=means,
                rules=tuple(r.strip() for r in rules),
                source=entry.get("source"),
                note=entry.get("note"),
            )
        )
    return tuple(terms)


@cache
def shared_concepts() -> dict[str, tuple[str, ...]]:
    """The questions every game's judges hear, with their phrasings (``words/shared.toml``)."""
    return parse_shared((WORDS_DIR / SHARED_FILE).read_text(encoding="utf-8"))


@cache
def player_words(game_key: str) -> tuple[Term, ...]:
    """The reviewed words of a game (none if the game has no file)."""
    game = GAMES.get(game_key)
    path = WORDS_DIR / (game.words if game is not None else f"{game_key}.toml")
    if not path.exists():
        return ()
    return parse_words(path.read_text(encoding="utf-8"), path.name, shared_concepts())
