"""The ranking's features and order, on small documents whose answers are plain to see."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.rules.player_words import parse_words
from engine.rules.questions import Lexicon
from engine.rules.ranking import FEATURES, RankingIndex, RuleRef, RuleText, rank

RULES = [
    RuleText((1, "1"), None, 1, "Winning and Losing", "", ""),
    RuleText(
        (1, "1.1"), (1, "1"), 2, "", "A player with six or more damage loses the game.", "Winning and Losing"
    ),
    RuleText((1, "2"), None, 1, "Damage", "Damage is dealt in the damage step. Damage damage damage.", ""),
    RuleText((1, "3"), None, 1, "Setup", "Each player draws five cards, then may redraw any number.", ""),
    RuleText((1, "4"), None, 1, "Hand", "A player may have any number of cards in hand.", ""),
]
INDEX = RankingIndex(RULES)
LEXICON = Lexicon(
    [f"{r.title} {r.body}" for r in RULES],
    parse_words('[[term]]\nsay = ["mulligan"]\nmeans = ["redraw"]\nrules = ["3"]\n', "t.toml"),
)


def ranked(question: str, candidates: dict[RuleRef, float]) -> list[str]:
    reading = LEXICON.read(question)
    linked = {(1, rule_id): n for rule_id, n in reading.linked.items()}
    return [ref[1] for ref, _ in rank(INDEX, reading, candidates, linked)]


def test_a_rule_holding_all_of_the_question_beats_one_repeating_part_of_it() -> None:
    order = ranked("what happens when I have 6 damage", {(1, "2"): 9.0, (1, "1.1"): 3.0})
    assert order[0] == "1.1"


def test_the_rule_a_player_word_points_at_comes_first_even_when_not_a_full_text_hit() -> None:
    assert ranked("how does mulligan work", {(1, "4"): 2.0})[0] == "3"


def test_every_vector_has_every_feature() -> None:
    reading = LEXICON.read("do i lose at six damage")
    vectors = INDEX.features(reading, {(1, "1.1"): 1.0, (1, "2"): 2.0}, {})
    assert {len(v) for v in vectors.values()} == {len(FEATURES)}


@given(
    st.text(max_size=80),
    st.dictionaries(st.sampled_from([r.ref for r in RULES]), st.floats(0, 50), max_size=5),
)
def test_ranking_orders_each_candidate_once_best_first(
    question: str, candidates: dict[RuleRef, float]
) -> None:
    reading = LEXICON.read(question)
    linked = {(1, rule_id): n for rule_id, n in reading.linked.items()}
    order = rank(INDEX, reading, candidates, linked)
    refs = [ref for ref, _ in order]
    assert len(refs) == len(set(refs)) and set(refs) == {*candidates, *linked}
    scores = [score for _, score in order]
    assert scores == sorted(scores, reverse=True)
    assert order == rank(INDEX, reading, candidates, linked)


def test_a_link_counts_for_more_when_its_word_is_rare() -> None:
    words = parse_words(
        '[[term]]\nsay = ["mulligan"]\nmeans = ["redraw"]\nrules = ["3"]\n'
        '[[term]]\nsay = ["guy"]\nmeans = ["player"]\nrules = ["4"]\n',
        "t.toml",
    )
    reading = Lexicon([f"{r.title} {r.body}" for r in RULES], words).read("guy mulligan")
    linked = {(1, rule_id): n for rule_id, n in reading.linked.items()}
    vectors = INDEX.features(reading, {}, linked)
    rare = FEATURES.index("linked_rare")
    # "player" is in three rules, "redraw" in one: the rule the rare word points at weighs more.
    assert vectors[(1, "3")][rare] > vectors[(1, "4")][rare] > 0


def test_share_is_the_part_of_the_rules_holding_every_word_of_a_form() -> None:
    assert INDEX.share("player") == 3 / len(RULES)
    assert INDEX.share("six damage") == 1 / len(RULES)
    assert INDEX.share("chess") == 0.0
