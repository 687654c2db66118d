"""What someone typed, repeated by a refusal, is shown escaped and short: a newline, a control, a
right-to-left override or 10,000 characters given to any service that names its input (games, rules,
cards and their queries, decks, tournaments, matches and their stops) come back in one line that
reads as written, and the refusal changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import App
from bot.console import Console
from bot.services.saved_decks import SavedDecks
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.games import resolve_game
from engine.text import shortened, unseen
from tests.hostile.common import UNSEEN_TEXTS, dump, one_sentence

_unseen = st.text(
    st.characters(categories=["Cc", "Cf", "Zl", "Zp"]) | st.sampled_from("ab ر"), min_size=1, max_size=40
)
hostile = st.sampled_from(UNSEEN_TEXTS) | _unseen


@settings(deadline=None)
@given(text=hostile)
def test_an_unknown_game_is_repeated_escaped(text: str) -> None:
    try:
        resolve_game(text)
    except ArbiterError as error:
        one_sentence(str(error))


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=hostile)
def test_a_deck_name_is_refused_or_kept_and_repeated_escaped(tmp_path: Path, text: str) -> None:
    async def run() -> None:
        database = await Database.open(tmp_path / "decks.sqlite3")
        try:
            decks = SavedDecks(database)
            for call in (
                lambda: decks.get(1, "gateruler", text),
                lambda: decks.save(1, "gateruler", text, "4 Test Card"),
                lambda: decks.rename(1, "gateruler", "missing", text),
            ):
                before = await dump(database)
                try:
                    await call()
                except ArbiterError as error:
                    one_sentence(str(error))
                    assert await dump(database) == before
            names = [deck.name for deck in await decks.list(1)]
            assert not any(unseen(ch) for name in names for ch in name), names
        finally:
            await database.close()

    asyncio.run(run())


def test_shortened_shows_every_unseen_character_escaped() -> None:
    assert shortened("0\n0") == "0\\n0"
    assert shortened("x\u202eevil") == "x\\u202eevil"
    assert shortened("\x1b[31m") == "\\x1b[31m"
    assert shortened("z" * 10_000, 24) == "z" * 23 + "…"
    assert shortened("👨\u200d👩\u200d👧") == "👨\u200d👩\u200d👧", (
        "an emoji sequence's joiners are part of it"
    )


@settings(deadline=None)
@given(text=st.text(max_size=200), limit=st.integers(2, 80))
def test_shortened_is_one_line_of_at_most_limit_characters(text: str, limit: int) -> None:
    shown = shortened(text, limit)
    assert len(shown) <= limit and not any(unseen(ch) for ch in shown)
    if len(text) <= limit and not any(unseen(ch) for ch in text):
        assert shown == text


async def test_the_console_answers_hostile_words_without_repeating_them_raw(app: App) -> None:
    console = Console(app)
    await console.handle('/tournament create "Base" vanguard')
    await console.handle('/tournament register "Base" as:P1')
    templates = [
        "/rule {t}",
        "/rules search gr {t}",
        "/card fow {t}",
        "/cards search cfv grade:{t}",
        "/settings game {t}",
        '/tournament info "{t}"',
        '/tournament settings "Base" {t}',
        '/tournament settings "Base" rounds:{t}',
        '/tournament drop "Base" "{t}"',
        '/tournament report "Base" {t} as:P1',
        '/tournament pairings "Base" {t}',
        "/match challenge {t} as:Ann",
        "/match stops fow add:{t} as:Ann",
        '/deck show gr "{t}" as:Ann',
        '/deck save gr "{t}" 4 Card as:Ann',
        "/deck list {t} as:Ann",
        '/tournament create "{t}" vanguard',
        '/tournament register "Base" as:{t}',
        '/tournament add "Base" "{t}"',
    ]
    for template in templates:
        for text in UNSEEN_TEXTS:
            if "\n" in text or "\r" in text:
                continue  # a console line is one line
            answer = await console.handle(template.replace("{t}", text))
            assert not any(unseen(ch) for ch in answer if ch != "\n"), (template, text, answer[:300])
