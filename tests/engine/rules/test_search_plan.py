"""Questions into safe FTS5 expressions: user text can never become FTS syntax (property tests)."""

from __future__ import annotations

import re
import sqlite3

from hypothesis import given
from hypothesis import strategies as st

from engine.rules.player_words import parse_words
from engine.rules.questions import Lexicon
from engine.rules.search import crude_stem, fold, fts_any, snippet, tokenize

WORDS = parse_words(
    """
[[term]]
say = ["tap", "tapped"]
means = ["rest", "rested"]
rules = ["1.1"]

[[term]]
say = ["the stack", "stack"]
means = ["chase"]
""",
    "test.toml",
)
LEXICON = Lexicon(
    ["The unit is destroyed when it is rested", "Göndul's Barrage deals damage", "put it on the chase"],
    WORDS,
)
SAFE_EXPRESSION = re.compile(r'^(?:"[^\W_]+(?: [^\W_]+)*"(?: OR )?)+$')


def test_tokens_fold_case_and_accents_like_the_index() -> None:
    assert tokenize("Göndul's BARRAGE!") == ["gondul", "s", "barrage"]
    assert fold("Ｒｅｓｔ") == "rest"
    assert crude_stem("abilities") == "ability"


def test_fts_any_quotes_every_form_and_keeps_phrases() -> None:
    assert fts_any(["rest", "first player", "rest"]) == '"rest" OR "first player"'
    assert fts_any(["", "!!"]) is None


@given(st.text(max_size=200))
def test_any_text_gives_only_quoted_word_tokens(text: str) -> None:
    reading = LEXICON.read(text)
    expression = fts_any(form for concept in reading.concepts for form in concept.alternatives)
    if expression is None:
        return
    assert SAFE_EXPRESSION.match(expression), expression
    connection = sqlite3.connect(":memory:")
    connection.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='unicode61 remove_diacritics 2')")
    connection.execute("INSERT INTO t VALUES ('the unit is destroyed')")
    connection.execute("SELECT rowid FROM t WHERE t MATCH ?", (expression,)).fetchall()


def test_snippet_bolds_matching_words_around_the_first_one() -> None:
    text = "At the start of the turn, the turn player draws a card. Then each player may rest a unit."
    shown = snippet(text, ["rest", "rested"], width=6)
    assert shown == "…each player may **rest** a unit."
    assert snippet("Draw two cards.", ["nothing"]) == "Draw two cards."
    assert snippet("", ["rest"]) == ""


@given(st.text(max_size=300), st.lists(st.text(max_size=12), max_size=4))
def test_snippet_of_any_text_is_bounded_and_keeps_its_words(text: str, forms: list[str]) -> None:
    shown = snippet(text, [" ".join(tokenize(f)) for f in forms], width=10)
    assert len(tokenize(shown)) <= len(tokenize(text))
    assert set(tokenize(shown)) <= set(tokenize(text))
