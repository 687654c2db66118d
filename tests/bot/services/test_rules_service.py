"""Rules lookups over the real imported documents: ids typed any way, search, keywords, autocomplete."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.app import App
from bot.services.rules import COMMON_SHARE, KeywordView, LookupMiss, RuleView
from engine.games import GAMES, resolve_game
from engine.rules.search import crude_stem, tokenize


@pytest.mark.parametrize(
    ("game", "typed", "expected"),
    [
        ("gateruler", "3 13 d", "3-13d"),
        ("gateruler", "3-13D", "3-13d"),
        ("gr", "CR 16-22B", "16-22b"),
        ("gateruler", "section 7", "7"),
        ("gateruler", "3-21", "3-2l"),
        ("gateruler", "5.2.c.1.b.1", "5-2c-1b-1"),
        ("forceofwill", "rule 903.2a", "903.2a"),
        ("fow", "903-2A", "903.2a"),
        ("fow", "903.2k-2", "903.2k-2"),
        ("forceofwill", "section 903", "903"),
        ("vanguard", "1.2.2.1", "1.2.2.1"),
        ("cfv", "7.4", "7.4"),
        ("vanguard", "section 7", "7"),
        ("vanguard", "rule 1 2 2 1", "1.2.2.1"),
        ("duelmasters", "509.3", "509.3"),
        ("dm", "rule 104.2a", "104.2a"),
        ("dm", "104-2A", "104.2a"),
        ("duelmasters", "section 509", "509"),
    ],
)
async def test_rule_ids_typed_any_way(app: App, game: str, typed: str, expected: str) -> None:
    answer = await app.rules.get(resolve_game(game), typed)
    assert isinstance(answer, RuleView), answer
    assert answer.rule.rule_id == expected
    assert answer.document.game == resolve_game(game).key


async def test_a_rule_answer_has_its_breadcrumb_children_references_and_examples(app: App) -> None:
    gate = GAMES["gateruler"]
    view = await app.rules.get(gate, "2-1b")
    assert isinstance(view, RuleView)
    assert [b.rule_id for b in view.breadcrumb] == ["2", "2-1"]
    assert view.rule.examples, "2-1b has examples (spec 2.5)"
    section = await app.rules.get(gate, "section 3")
    assert isinstance(section, RuleView)
    assert [c.rule_id for c in section.children][:3] == ["3-1", "3-2", "3-3"]
    with_refs = [r for r in (await app.rules.get(gate, "2-9a-2")).references]
    assert with_refs == [] or all(r.rule_id for r in with_refs)
    vanguard = await app.rules.get(GAMES["vanguard"], "8.2.1.1")
    assert isinstance(vanguard, RuleView) and vanguard.rule.examples


async def test_unknown_rule_gets_a_sentence_and_suggestions(app: App) -> None:
    answer = await app.rules.get(GAMES["vanguard"], "99.99.99")
    assert isinstance(answer, LookupMiss)
    assert "There is no rule '99.99.99'" in answer.message
    assert "Vanguard" in answer.message


async def test_a_heading_title_finds_its_rule(app: App) -> None:
    answer = await app.rules.get(GAMES["vanguard"], "Winning and Losing")
    assert isinstance(answer, RuleView) and answer.rule.rule_id == "1.2"


async def test_search_puts_an_id_like_query_first(app: App) -> None:
    for game, typed, expected in [("gateruler", "3-13d", "3-13d"), ("forceofwill", "903.2a", "903.2a")]:
        results = await app.rules.search(GAMES[game], typed)
        assert results.results[0].rule_id == expected


async def test_search_ranks_with_snippets_and_names_the_document(app: App) -> None:
    results = await app.rules.search(GAMES["duelmasters"], "shield trigger")
    assert results.results, "nothing found for shield trigger"
    assert "**" in "".join(r.snippet for r in results.results)
    assert all(r.document.title.startswith("Duel Masters") for r in results.results)
    scores = [r.score for r in results.results]
    assert scores == sorted(scores, reverse=True)


async def test_a_question_of_only_common_words_still_finds_rules(app: App) -> None:
    game_index = app.rules.game_index(GAMES["vanguard"])
    ranking = game_index.ranking(game_index.default)
    assert all(ranking.share(word) > COMMON_SHARE for word in ("card", "unit"))
    results = await app.rules.search(GAMES["vanguard"], "card unit")
    assert results.results
    # The ranking still counts the common words: the first answer holds both.
    first = game_index.default.by_id[results.results[0].rule_id]
    assert {"card", "unit"} <= {crude_stem(w) for w in tokenize(f"{first.title or ''} {first.text}")}


async def test_search_corrects_spelling_from_the_documents_vocabulary(app: App) -> None:
    results = await app.rules.search(GAMES["gateruler"], "destoryed unit")
    assert results.corrections.get("destoryed") == "destroyed"
    assert results.results


async def test_search_uses_each_games_own_words(app: App) -> None:
    # Gate Ruler calls it "exhaust"; players coming from other games say "tap". Vanguard's word for
    # it, "rest", is an ordinary English word in Gate Ruler's rules and must not be searched there.
    tapped = await app.rules.search(GAMES["gateruler"], "tap")
    assert tapped.results[0].rule_id.startswith("15-7")
    assert not any("**rest**" in r.snippet.casefold() for r in tapped.results)
    rested = await app.rules.search(GAMES["vanguard"], "tap")
    assert any("rest" in r.snippet.casefold() for r in rested.results[:3])


@pytest.mark.parametrize(
    ("game", "question", "answers"),
    [
        ("vanguard", "what happens when I have 6 damage", {"1.2.2.1", "9.2.2"}),
        ("cfv", "mulligan", {"5.4.3.4"}),
        ("gr", "mulligan", {"5-3b", "5-3a"}),
        ("fow", "chace prioirty", {"605.1", "601.1", "312.1", "1008.1"}),
        ("gr", "tap", {"15-7", "15-7b"}),
        ("dm", "how do I win", {"104.2", "104.2a", "104.2b", "509.1"}),
        ("dm", "what does 101.2 mean", {"101.2"}),
        ("fow", "what does 903.2a mean", {"903.2a"}),
    ],
)
async def test_players_questions_find_their_rule_in_the_top_three(
    app: App, game: str, question: str, answers: set[str]
) -> None:
    results = await app.rules.search(resolve_game(game), question)
    top = [r.rule_id for r in results.results[:3]]
    assert set(top) & answers, top


async def test_a_rule_number_inside_a_question_opens_that_rule_first(app: App) -> None:
    results = await app.rules.search(GAMES["vanguard"], "is 1.2.2.1 still how it works??")
    assert results.results[0].rule_id == "1.2.2.1"
    plain = await app.rules.search(GAMES["vanguard"], "i have 6 damage")
    assert plain.results[0].rule_id != "6"


async def test_a_query_whose_words_the_rules_never_use_gets_a_did_you_mean(app: App) -> None:
    results = await app.rules.search(GAMES["vanguard"], "xqzv intercapt")
    assert results.corrections.get("intercapt") == "intercept" and results.results
    nothing = await app.rules.search(GAMES["gateruler"], "zzzzqqq")
    assert not nothing.results and nothing.suggestions == []
    joined = await app.rules.search(GAMES["gateruler"], "forcedreveal")
    assert not joined.results and "Forced Reveal" in joined.suggestions


async def test_search_finds_set3_update_headings(app: App) -> None:
    results = await app.rules.search(GAMES["gateruler"], "damage reversal")
    kinds = {r.document.kind for r in results.results}
    assert "update" in kinds


@pytest.mark.parametrize(
    ("game", "typed", "expected_name"),
    [
        ("vanguard", "intercept", "Intercept"),
        ("vanguard", "intercpt", "Intercept"),
        ("duelmasters", "blocker", "Blocker"),
        ("forceofwill", "flyng", "Flying"),
        ("gateruler", "deadly", "Deadly"),
        ("gateruler", "Forced Reveal", "Forced Reveal"),
    ],
)
async def test_keywords_by_name_typo_tolerant(app: App, game: str, typed: str, expected_name: str) -> None:
    answer = await app.rules.keyword(resolve_game(game), typed)
    assert isinstance(answer, KeywordView), answer
    assert answer.keyword.name.casefold().startswith(expected_name.casefold())


async def test_autocomplete_offers_id_prefixes_and_headings_within_discord_limits(app: App) -> None:
    gate = GAMES["gateruler"]
    by_id = app.rules.autocomplete_rule(gate, "3-13")
    assert by_id[0].value == "3-13"
    assert all(c.value.startswith("3-13") for c in by_id)
    by_title = app.rules.autocomplete_rule(GAMES["vanguard"], "winning")
    assert "1.2" in [c.value for c in by_title]
    for game in GAMES.values():
        for typed in ("", "1", "a", "zone", "9" * 90):
            choices = app.rules.autocomplete_rule(game, typed)
            assert len(choices) <= 25
            assert all(0 < len(c.name) <= 100 and 0 < len(c.value) <= 100 for c in choices)
    keywords = app.rules.autocomplete_keyword(GAMES["duelmasters"], "bloc")
    assert keywords and keywords[0].value.lower().startswith("bloc")


async def test_update_article_references_open_the_comprehensive_rules(app: App) -> None:
    gate = GAMES["gateruler"]
    view = await app.rules.get(gate, "update:deadly")
    assert isinstance(view, RuleView) and view.document.kind == "update"
    cr = app.rules.document(gate)
    targets = {r.rule_id: r for r in view.references}
    assert targets["16-22"].exists and targets["16-22"].document_id == cr.id
    opened = await app.rules.view(targets["16-22"].document_id, "16-22")
    assert opened is not None and opened.rule.title == "Deadly"


def _readme_questions() -> list[tuple[str, str, str]]:
    """``(game, question, rule id)`` of each example in the README's "Asking rules questions"."""
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Asking rules questions", 1)[1].split("\n## ", 1)[0]
    pattern = re.compile(r"`/rules search (\S+) ([^`]+)` → (?:[^0-9`]*?)([0-9][0-9a-z.-]*[0-9a-z])")
    return [(m.group(1), m.group(2), m.group(3)) for m in pattern.finditer(section)]


def test_the_readme_shows_question_examples() -> None:
    assert len(_readme_questions()) >= 4


@pytest.mark.parametrize(("game", "question", "rule_id"), _readme_questions())
async def test_readme_question_examples_answer_as_shown(
    app: App, game: str, question: str, rule_id: str
) -> None:
    results = await app.rules.search(resolve_game(game), question)
    assert rule_id in [r.rule_id for r in results.results[:3]]
