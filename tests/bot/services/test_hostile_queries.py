"""Any text is safe: thousands of generated hostile queries never raise and always get an answer.

Quotes, parentheses, FTS5 operators (AND, OR, NOT, NEAR, ``*``, ``-``, ``^``, ``:``), NUL, emoji,
10 KB inputs and mixed scripts go through the real search on the real imported documents.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import actions
from bot.app import App
from bot.config import Settings
from bot.services.rules import LookupMiss, RuleView, SearchResults
from engine.games import GAMES
from tests.database_files import copy_database
from tests.property_costs import MANY

FTS_SYNTAX = [
    '"',
    "'",
    "(",
    ")",
    "AND",
    "OR",
    "NOT",
    "NEAR",
    "NEAR(",
    "*",
    "-",
    "^",
    ":",
    "{",
    "}",
    "+",
    "title:",
    "rules_fts",
    "\x00",
    ";",
    "--",
    "/*",
    "DROP TABLE rules;",
    "\\",
    "%",
    "_",
    "`",
]
WORDS = ["rest", "unit", "zone", "attack", "destroy", "shield", "trigger", "3-13d", "903.2a", "1.2.2.1"]

hostile_text = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(FTS_SYNTAX + WORDS), max_size=30).map(" ".join),
    st.lists(st.sampled_from(FTS_SYNTAX + WORDS), max_size=30).map("".join),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=50),
    st.sampled_from(["🃏🔥", "ｒｕｌｅ　３－１３ｄ", "Göndul's", "\x00" * 10, "a" * 10_240, "( " * 5000]),
)


@pytest.fixture(scope="module")
def runner(
    imported_db: Path, rules_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[asyncio.AbstractEventLoop, App]]:
    loop = asyncio.new_event_loop()
    path = copy_database(imported_db, tmp_path_factory.mktemp("hostile") / "db.sqlite3")
    app = loop.run_until_complete(
        App.open(Settings(database_path=path, rules_dir=rules_dir, _env_file=None))  # type: ignore[call-arg]
    )
    yield loop, app
    loop.run_until_complete(app.close())
    loop.close()


@settings(MANY, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), query=hostile_text)
def test_hostile_search_never_raises(
    runner: tuple[asyncio.AbstractEventLoop, App], game: str, query: str
) -> None:
    loop, app = runner
    results = loop.run_until_complete(app.rules.search(GAMES[game], query))
    assert isinstance(results, SearchResults)
    panel = loop.run_until_complete(actions.search(app, None, game, query))
    assert panel.body
    if not query.strip():
        assert "Type some words" in panel.body
    elif not results.results:
        assert "No rule uses these words" in panel.body


@settings(MANY, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), query=hostile_text)
def test_hostile_lookups_never_raise(
    runner: tuple[asyncio.AbstractEventLoop, App], game: str, query: str
) -> None:
    loop, app = runner
    rule = loop.run_until_complete(app.rules.get(GAMES[game], query)) if query.strip() else None
    assert rule is None or isinstance(rule, RuleView | LookupMiss)
    keyword = loop.run_until_complete(actions.keyword(app, None, game, query))
    assert keyword.title
    choices = app.rules.autocomplete_rule(GAMES[game], query) + app.rules.autocomplete_keyword(
        GAMES[game], query
    )
    assert all(0 < len(c.name) <= 100 and 0 < len(c.value) <= 100 for c in choices)
