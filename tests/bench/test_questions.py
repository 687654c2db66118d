"""The search-quality question sets (bench/questions/*.toml) are well formed and answerable: they
parse, every game has at least 25 questions, and every relevant id exists in the imported rules.

No recall threshold here: measuring recall is bench/rules_quality.py's job."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.rules_quality import PLAYERS_DIR, QUESTIONS_DIR, Question, load_questions
from bot.app import App
from engine.games import GAMES

MIN_QUESTIONS = 25
MIN_PLAYER_QUESTIONS = 60


@pytest.fixture(scope="module")
def questions() -> dict[str, list[Question]]:
    return load_questions()


def test_every_game_has_a_question_file(questions: dict[str, list[Question]]) -> None:
    assert sorted(questions) == sorted(GAMES)
    assert sorted(p.stem for p in QUESTIONS_DIR.glob("*.toml")) == sorted(GAMES)


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_has_enough_questions(questions: dict[str, list[Question]], game: str) -> None:
    assert len(questions[game]) >= MIN_QUESTIONS


@pytest.mark.parametrize("folder", [QUESTIONS_DIR, PLAYERS_DIR], ids=["questions", "players"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_relevant_id_exists_in_the_imported_rules(app: App, folder: Path, game: str) -> None:
    game_index = app.rules.game_index(GAMES[game])
    known = {rule_id for index in (game_index.default, *game_index.updates) for rule_id in index.by_id}
    items = load_questions(folder)[game]
    missing = [(q.text, r) for q in items for r in q.relevant if r not in known]
    assert not missing, f"relevant ids not in the {game} rules: {missing}"


def test_malformed_files_are_refused_with_the_file_and_question(tmp_path: Path) -> None:
    good = '[[question]]\ntext = "deck size"\nrelevant = ["5.2.2.1"]\n\n'
    bad = '[[question]]\ntext = "x"\nrelevant = []\n'
    (tmp_path / "vanguard.toml").write_text(good + bad, encoding="utf-8")
    with pytest.raises(ValueError, match=r"vanguard\.toml question 2: 'relevant'"):
        load_questions(tmp_path)
    (tmp_path / "vanguard.toml").unlink()
    (tmp_path / "chess.toml").write_text('[[question]]\ntext = "x"\nrelevant = ["1"]\n', encoding="utf-8")
    with pytest.raises(ValueError, match="not a game key"):
        load_questions(tmp_path)


@pytest.fixture(scope="module")
def players() -> dict[str, list[Question]]:
    return load_questions(PLAYERS_DIR)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_players_set_has_60_questions_a_quarter_kept_for_testing(
    players: dict[str, list[Question]], questions: dict[str, list[Question]], game: str
) -> None:
    items = players[game]
    assert len(items) >= MIN_PLAYER_QUESTIONS
    tests = sum(1 for q in items if q.split == "test")
    assert abs(tests - len(items) / 4) < 1, (tests, len(items))
    older = {q.text.casefold() for q in questions[game]}
    repeated = [q.text for q in items if q.text.casefold() in older and q.note != "issue example"]
    assert not repeated, repeated


def test_a_split_other_than_dev_or_test_is_refused(tmp_path: Path) -> None:
    text = '[[question]]\ntext = "deck size"\nrelevant = ["5.2.2.1"]\nsplit = "train"\n'
    (tmp_path / "vanguard.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="'split' must be one of dev, test"):
        load_questions(tmp_path)
