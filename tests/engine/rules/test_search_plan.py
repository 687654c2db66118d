"""The FTS5 query builder: user text can never become FTS syntax (property tests)."""

from __future__ import annotations

import re
import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games import GAMES
from engine.rules.search import Vocabulary, crude_stem, fold, plan_query, synonym_table, tokenize

VOCABULARY = Vocabulary(
    ["The unit is destroyed when it is rested", "Göndul's Barrage deals damage", "tap tapped"]
)
SYNONYMS = synonym_table(GAMES["gateruler"].synonyms)
SAFE_EXPRESSION = re.compile(r'^(?:\(|\)|"[^\W_]+(?: [^\W_]+)*"| OR | AND )+$')


def test_tokens_fold_case_and_accents_like_the_index() -> None:
    assert tokenize("Göndul's BARRAGE!") == ["gondul", "s", "barrage"]
    assert fold("Ｒｅｓｔ") == "rest"


def test_spelling_prefers_frequent_words() -> None:
    vocabulary = Vocabulary(["tap " * 50, "tappd"])
    assert vocabulary.correct("tapp") == "tap"
    assert vocabulary.correct("zz") is None


def test_plan_uses_synonyms_and_corrections() -> None:
    plan = plan_query("when is a unit destoryed after tap", VOCABULARY, SYNONYMS)
    assert plan.corrections == {"destoryed": "destroyed"}
    assert '"rest"' in (plan.all_of() or "")
    assert "when" not in (plan.any_of() or "")


@settings(max_examples=500)
@given(st.text(max_size=200))
def test_any_text_gives_only_quoted_word_tokens(text: str) -> None:
    plan = plan_query(text, VOCABULARY, SYNONYMS)
    connection = sqlite3.connect(":memory:")
    connection.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='unicode61 remove_diacritics 2')")
    connection.execute("INSERT INTO t VALUES ('the unit is destroyed')")
    for expression in (plan.all_of(), plan.any_of()):
        if expression is None:
            continue
        assert SAFE_EXPRESSION.match(expression), expression
        connection.execute("SELECT rowid FROM t WHERE t MATCH ?", (expression,)).fetchall()


def test_other_forms_of_known_words_are_not_corrected() -> None:
    vocabulary = Vocabulary(["a trigger unit is retired", "summoning"])
    assert vocabulary.correct("triggers") == "triggers"
    assert vocabulary.correct("retired") == "retired"
    assert vocabulary.correct("summoned") == "summoned"
    assert crude_stem("abilities") == "ability"


def test_filler_words_are_dropped_but_a_games_own_terms_kept() -> None:
    vocabulary = Vocabulary(["will is produced by magic stones"])
    plan = plan_query("what happens to unused will", vocabulary, {}, frozenset({"will"}))
    assert [g.word for g in plan.groups] == ["unused", "will"]
    assert [g.word for g in plan_query("what happens to unused will", vocabulary, {}).groups] == ["unused"]


def test_matched_counts_query_words_in_any_form() -> None:
    plan = plan_query("retired units", Vocabulary(["retire unit"]), {})
    assert plan.matched(frozenset({"retir", "unit"})) == 2
    assert plan.matched(frozenset({"unit"})) == 1
