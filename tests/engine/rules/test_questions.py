"""Reading a question as players type it: filler, player words, intents, numbers and spelling."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules.player_words import PlayerWordsError, parse_words
from engine.rules.questions import Intent, Lexicon, intents_of, singular

WORDS = parse_words(
    """
[[term]]
say = ["mulligan", "mull"]
means = ["redraw"]
rules = ["5.4.3.4"]

[[term]]
say = ["go first", "going first"]
means = ["first player"]
rules = ["5.4.3.2"]

[[term]]
say = ["tap"]
means = ["exhaust"]
""",
    "test.toml",
)
DOCUMENT = [
    "Each player draws five cards and may redraw. The first player is decided at random.",
    "A card that is exhausted cannot attack. Put the card on the chase. It is a chance.",
    "a chance chance chance to exhaust",
]


def lexicon(**kwargs: object) -> Lexicon:
    return Lexicon(DOCUMENT, WORDS, keywords=[("Counter Blast", ("11.3.1", "11.3"))], **kwargs)  # type: ignore[arg-type]


def test_filler_and_question_words_are_not_concepts() -> None:
    reading = lexicon().read("hey guys how does mulligan work in this game?")
    assert [c.said for c in reading.concepts] == ["mulligan", "game"]


def test_player_words_stand_for_the_documents_terms_and_their_rules() -> None:
    reading = lexicon().read("do I mull if I go first")
    mull, first = reading.concepts
    assert mull.alternatives == ("mull", "redraw") and mull.rules == ("5.4.3.4",)
    assert first.said == "go first" and "first player" in first.alternatives
    assert reading.linked == {"5.4.3.4": 0, "5.4.3.2": 0}


def test_keywords_are_recognised_as_phrases_with_their_rule() -> None:
    reading = lexicon().read("how does counter blast work")
    assert [(c.said, c.rules) for c in reading.concepts] == [("counter blast", ("11.3.1", "11.3"))]


def test_numbers_and_number_words_stand_for_each_other() -> None:
    reading = lexicon().read("i have six damage and 2 cards")
    forms = {c.said: c.alternatives for c in reading.concepts}
    assert forms["six"] == ("six", "6") and forms["2"] == ("2", "two")


def test_an_abbreviation_glued_to_its_number_is_split() -> None:
    assert [c.said for c in lexicon().read("gb2 what does that mean").concepts] == ["gb", "2"]


def test_spelling_prefers_the_games_own_words() -> None:
    # "chance" is closer and more frequent, but "chase" is the game's term.
    game = Lexicon(DOCUMENT, parse_words('[[term]]\nsay = ["stack"]\nmeans = ["chase"]\n', "t.toml"))
    assert game.read("chace").corrections == {"chace": "chase"}
    assert lexicon().read("chace").corrections == {"chace": "chance"}


def test_a_game_term_is_never_corrected() -> None:
    reading = lexicon().read("mull tap")
    assert reading.corrections == {}


def test_a_games_own_words_that_look_like_filler_are_kept() -> None:
    plain = lexicon().read("what happens to unused will")
    kept = lexicon(keep=frozenset({"will"})).read("what happens to unused will")
    assert [c.said for c in plain.concepts] == ["unused"]
    assert [c.said for c in kept.concepts] == ["unused", "will"]


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("how many cards can i have in hand", Intent.COUNT),
        ("i got 6 damage am i dead", Intent.OUTCOME),
        ("how do I win", Intent.OUTCOME),
        ("when can i activate this", Intent.TIMING),
        ("what happens if my deck runs out", Intent.CONSEQUENCE),
        ("can i attack with it", Intent.PERMISSION),
    ],
)
def test_intents(question: str, intent: Intent) -> None:
    assert intent in intents_of(question)


def test_a_question_of_nothing_but_filler_still_searches_its_words() -> None:
    assert [c.said for c in lexicon().read("how does it work").concepts]


def test_singular_keeps_words_that_only_look_plural() -> None:
    assert singular("units") == "unit" and singular("abilities") == "ability"
    assert singular("unite") == "unite" and singular("pass") == "pass"


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_any_text_reads_into_bounded_token_concepts(text: str) -> None:
    reading = lexicon().read(text)
    assert len(reading.concepts) <= 24
    for concept in reading.concepts:
        assert concept.alternatives
        assert all(form and form == form.strip() for form in concept.alternatives)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[term]]\nsay = ["a"]\n', "'means' must be a non-empty list"),
        ('[[term]]\nsay = []\nmeans = ["b"]\n', "'say' must be a non-empty list"),
        ('[[term]]\nsay = ["a"]\nmeans = ["b"]\nrule = ["1"]\n', "unexpected keys"),
        ('[[term]]\nsay = ["a"]\nmeans = ["b"]\n[[term]]\nsay = ["A"]\nmeans = ["c"]\n', "already said"),
        ('[[term]]\nsay = ["!!"]\nmeans = ["b"]\n', "no letters or digits"),
        (
            '[[term]]\nsay = ["no trigger"]\nmeans = ["b"]\n[[term]]\nsay = ["no triggers"]\nmeans = ["c"]\n',
            "already",
        ),
        ("term = 3\n", "array of tables"),
        ("[[term]\n", "test.toml"),
    ],
)
def test_malformed_words_files_are_refused_with_where(text: str, message: str) -> None:
    with pytest.raises(PlayerWordsError, match=message):
        parse_words(text, "test.toml")
