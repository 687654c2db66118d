"""Reading a question as players type it: filler, player words, intents, numbers and spelling."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules.player_words import PlayerWordsError, parse_shared, parse_words, shared_concepts
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


SHARED = parse_shared(
    '[[concept]]\nname = "cannot-beats-can"\nsay = ["which one wins", "says i cant"]\nnote = "x"\n'
)


def test_a_term_naming_a_shared_concept_says_its_phrasings_too() -> None:
    text = '[[term]]\nshared = "cannot-beats-can"\nsay = ["can vs cant"]\nmeans = ["takes precedence"]\n'
    (term,) = parse_words(text, "test.toml", SHARED)
    assert term.say == ("can vs cant", "which one wins", "says i cant")
    (alone,) = parse_words(text.replace('say = ["can vs cant"]\n', ""), "test.toml", SHARED)
    assert alone.say == ("which one wins", "says i cant")


def test_a_shared_phrasing_one_of_the_games_own_terms_says_is_refused() -> None:
    text = (
        '[[term]]\nsay = ["which one wins"]\nmeans = ["b"]\n'
        '[[term]]\nshared = "cannot-beats-can"\nmeans = ["takes precedence"]\n'
    )
    with pytest.raises(PlayerWordsError, match="'which one wins' is already said by term 1"):
        parse_words(text, "test.toml", SHARED)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[term]]\nshared = "nope"\nmeans = ["b"]\n', "names no concept"),
        ('[[term]]\nshared = 3\nmeans = ["b"]\n', "names no concept"),
    ],
)
def test_a_term_naming_an_unknown_concept_is_refused(text: str, message: str) -> None:
    with pytest.raises(PlayerWordsError, match=message):
        parse_words(text, "test.toml", SHARED)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[concept]]\nname = "a"\nsay = ["x"]\n[[concept]]\nname = "a"\nsay = ["y"]\n', "no other"),
        ('[[concept]]\nname = "a"\nsay = []\n', "'say' must be a non-empty list"),
        ('[[concept]]\nname = "a"\nsay = ["x"]\nrules = ["1"]\n', "a 'name', a 'say' list"),
        ("concepts = 1\n", "unexpected top-level keys"),
    ],
)
def test_malformed_shared_concepts_are_refused(text: str, message: str) -> None:
    with pytest.raises(PlayerWordsError, match=message):
        parse_shared(text)


def test_the_shipped_shared_concepts_each_have_phrasings() -> None:
    concepts = shared_concepts()
    assert "cannot-beats-can" in concepts
    assert all(concepts.values())


def test_pronouns_and_joining_words_are_not_concepts() -> None:
    reading = lexicon().read("yo but can we mull too, or just them and us")
    assert [c.said for c in reading.concepts] == ["mull"]


@pytest.mark.parametrize("question", ["one says i can, the other says i cant, which one wins", "what wins"])
def test_effects_winning_against_each_other_are_not_the_game_being_won(question: str) -> None:
    assert Intent.OUTCOME not in intents_of(question)
    assert Intent.OUTCOME in intents_of("if i have no shields left and he attacks, do i win or lose")
