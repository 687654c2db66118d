"""``/match take`` reads its choices as the console does (real discord.py, only the wire faked; a real
App on a real SQLite file): a text choice with spaces in quotes, and an unclosed quote refused with one
sentence that changes nothing."""

from __future__ import annotations

from bot.app import App
from engine.match.offers import offers
from tests.cogs.match.helpers import app_drain, started
from tests.discord.fake_discord import ALICE, FakeDiscord


async def _note_number(app: App) -> int:
    return next(n for n, offer in enumerate(offers(await app.matches.state(1), 0), 1) if offer.type == "note")


async def test_a_text_choice_with_spaces_is_typed_in_quotes(fake_discord: FakeDiscord, app: App) -> None:
    fake = fake_discord
    await started(fake, app)
    before = (await app.matches.state(1)).version
    number = await _note_number(app)
    taken = await fake.run_slash(
        "match take", user_id=ALICE, match=1, offer=number, choices='"text:good luck, have fun"'
    )
    await app_drain(fake)
    assert (await app.matches.state(1)).version == before + 1, taken.describe()
    assert (await app.matches.lines_for(1, None))[-1].endswith("good luck, have fun"), "one note, whole"


async def test_an_unclosed_quote_is_refused_and_changes_nothing(fake_discord: FakeDiscord, app: App) -> None:
    fake = fake_discord
    await started(fake, app)
    before = (await app.matches.state(1)).version
    number = await _note_number(app)
    refused = await fake.run_slash(
        "match take", user_id=ALICE, match=1, offer=number, choices='"text:good luck'
    )
    assert refused.ephemeral and "quote is not closed" in refused.text, refused.describe()
    assert (await app.matches.state(1)).version == before
