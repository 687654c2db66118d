"""``arbiter deck check`` and the deck-check use case on lists as players publish them, with every public
card data set imported into a real SQLite file (the ``cards_app`` fixture): sections, verdicts and
exit codes, did-you-mean for names the card data does not know, the Duel Masters deck rules by choice,
and a tournament's decklists: one that could not be checked, and the deck rules an event chose."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import App
from bot.cli import _deck_check
from bot.services.deck_checks import check_decklist
from bot.services.tournaments import Actor
from engine.decks import DeckError
from engine.games import resolve_game
from tests.engine.decks.published_lists import DM_DARK_FIRE, FOW_LIGHT, FOW_TAG, VANGUARD_G_ERA

ROOT = Path(__file__).resolve().parents[3]


async def _cli(app: App, tmp_path: Path, game: str, text: str, *, rules: str | None = None) -> int:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return await _deck_check(argparse.Namespace(game=game, path=str(path), json=False, rules=rules), app)


async def test_published_lists_give_their_sections_and_only_real_problems(
    cards_app: App, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await _cli(cards_app, tmp_path, "fow", FOW_TAG) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["Legal deck (Ruler 2, Main deck 40, Magic stone deck 10, Sideboard 15)."]
    assert await _cli(cards_app, tmp_path, "fow", FOW_LIGHT) == 0
    assert capsys.readouterr().out.startswith(
        "Legal deck (Ruler 1, Main deck 40, Magic stone deck 10, Sideboard 1)."
    )


async def test_a_deck_mostly_unknown_to_the_card_data_is_not_checked_exit_3(
    cards_app: App, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """50 Royal Paladin cards of the G era, none in the D-series data: not "Legal deck", exit code 3."""
    assert await _cli(cards_app, tmp_path, "vanguard", VANGUARD_G_ERA) == 3
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("Not checked: 50 of its 50 cards are not in the imported card data")
    assert "Legal deck" not in first


async def test_a_misspelt_name_gets_a_did_you_mean_and_is_not_substituted(cards_app: App) -> None:
    game = resolve_game("forceofwill")
    text = FOW_LIGHT.replace("4 Spirit of Light", "4 Spirit of Lite").replace(
        "J/Ruler: Lilias Petal, Agent of Salvation // The Nine-Tailed Fox",
        "Ruler: Lilias Petal, Agent of Salvaton",
    )
    report = await check_decklist(cards_app.cards, game, text)
    assert report.unknown == 5 and report.verdict == "legal"
    assert "Spirit of Light" in report.suggestions["Spirit of Lite"]
    assert report.suggestions["Lilias Petal, Agent of Salvaton"][0] == "Lilias Petal, Agent of Salvation"
    (line,) = [item for item in report.unchecked if item.startswith("cards not in the imported card data")]
    assert "Spirit of Lite (did you mean Spirit of Light or " in line
    # Not substituted: the ruler checks did not run on the close match (its 402.2 checks need the card).
    assert "Lilias Petal, Agent of Salvaton" in line


async def test_a_ruler_found_by_its_j_ruler_face_is_the_same_card(cards_app: App) -> None:
    """ "Liberator of Winds/Scheherazade, ...": the ruler face is misspelt, the J-ruler face names the
    card exactly; the ruler is checked as that card."""
    game = resolve_game("forceofwill")
    text = FOW_LIGHT.replace(
        "J/Ruler: Lilias Petal, Agent of Salvation // The Nine-Tailed Fox",
        "J/Ruler: Liberator of Winds/Scheherazade, the Teller of 1001 Stories",
    )
    report = await check_decklist(cards_app.cards, game, text)
    assert report.ok and report.unknown == 0, report.summary()


async def test_duel_masters_rules_per_check(
    cards_app: App, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await _cli(cards_app, tmp_path, "dm", DM_DARK_FIRE) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == [
        "Not a legal deck (main deck 44).",
        "Deck rules: the General Game Rules v1.38 (a main deck of exactly 40 cards, 100.2).",
        "- The main deck needs exactly 40 cards (100.2); it has 44 cards.",
    ]
    assert await _cli(cards_app, tmp_path, "dm", DM_DARK_FIRE, rules="english-tcg") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        "Legal deck (main deck 44).",
        "Deck rules: the English TCG's rules (a main deck of at least 40 cards).",
    ]
    with pytest.raises(DeckError, match="'general' or 'english-tcg'"):
        await _cli(cards_app, tmp_path, "dm", DM_DARK_FIRE, rules="ocg")


def test_bad_input_gets_a_sentence_and_exit_2(tmp_path: Path, cards_db: Path) -> None:
    """The command as a user runs it: an unknown deck rules name is one sentence, no traceback."""
    db = shutil.copyfile(cards_db, tmp_path / "cards.sqlite3")
    deck = tmp_path / "deck.txt"
    deck.write_text(DM_DARK_FIRE, encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.cli",
            "deck",
            "check",
            "dm",
            str(deck),
            "--db",
            str(db),
            "--rules",
            "ocg",
        ],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("The deck rules of this game are 'general' or 'english-tcg'")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Darkness/Fire Control\n4 Gigargon", 'Line 1: "Darkness/Fire Control" is not a card line'),
        ("4 Gigargon\nSideboard:\n4 Bolshack Dragon", 'Line 2: "Sideboard" is not a section'),
    ],
)
async def test_a_list_that_cannot_be_read_names_its_line(cards_app: App, text: str, message: str) -> None:
    with pytest.raises(DeckError) as refused:
        await check_decklist(cards_app.cards, resolve_game("dm"), text)
    assert str(refused.value).startswith(message) and "\n" not in str(refused.value)


async def test_a_tournament_decklist_the_card_data_does_not_know_is_neither_valid_nor_invalid(
    cards_app: App,
) -> None:
    organizer = Actor("900", 10, is_organizer=True)
    event = await cards_app.tournaments.create_event(organizer, "Friday Vanguard", "vanguard", seed="s")
    await cards_app.tournaments.register(Actor("1", 10), event.id, "P1")
    deck = await cards_app.tournaments.submit_decklist(Actor("1", 10), event.id, VANGUARD_G_ERA)
    assert deck.valid is None and deck.summary.startswith("Not checked: 50 of its 50 cards")


async def test_a_tournament_checks_its_decklists_with_the_events_deck_rules(cards_app: App) -> None:
    """With the card data: the 44-card English TCG list is a legal deck of an event created with
    ``english-tcg``, not of one with the rules document's deck rules; each summary names its rules."""
    organizer = Actor("900", 10, is_organizer=True)
    tcg = await cards_app.tournaments.create_event(organizer, "DM English", "dm", deck_rules="english-tcg")
    document = await cards_app.tournaments.create_event(organizer, "DM Night", "dm")
    for event in (tcg, document):
        await cards_app.tournaments.register(Actor("1", 10), event.id, "P1")
    legal = await cards_app.tournaments.submit_decklist(Actor("1", 10), tcg.id, DM_DARK_FIRE)
    assert legal.valid is True, legal.summary
    assert legal.summary.splitlines()[:2] == [
        "Legal deck (main deck 44).",
        "Deck rules: the English TCG's rules (a main deck of at least 40 cards).",
    ]
    illegal = await cards_app.tournaments.submit_decklist(Actor("1", 10), document.id, DM_DARK_FIRE)
    assert illegal.valid is False
    assert illegal.summary.splitlines()[:3] == [
        "Not a legal deck (main deck 44).",
        "Deck rules: the General Game Rules v1.38 (a main deck of exactly 40 cards, 100.2).",
        "- The main deck needs exactly 40 cards (100.2); it has 44 cards.",
    ]
