"""``/match stops`` on Discord through real discord.py with only the wire faked: a player's stops for a
game shown privately, changed with a window the autocomplete offers, saved, and set in the match they
play, whose board then shows it."""

from __future__ import annotations

from bot.app import App
from tests.cogs.match.discord_player import drain
from tests.cogs.match.helpers import board_message, started
from tests.discord.fake_discord import BOB, FakeDiscord, message_text


async def test_stops_are_shown_changed_and_set_in_the_match_in_play(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    _, thread = await started(fake, app, "forceofwill")
    choices = await fake.autocomplete("match stops", "add", "opp", user_id=BOB, game="forceofwill")
    names = [choice["value"] for choice in choices]
    assert "opp_main" in names and "my_main" not in names, names
    shown = await fake.run_slash("match stops", user_id=BOB, game="forceofwill")
    assert shown.ephemeral, shown.describe()
    assert "[ ] opp_main" in shown.embeds[0]["description"]
    changed = await fake.run_slash("match stops", user_id=BOB, game="forceofwill", add="opp_main")
    text = changed.embeds[0]["description"]
    assert changed.ephemeral and "[x] opp_main" in text and "Set in match #1 too." in text, text
    state = await app.matches.state(1)
    assert state.stops is not None and "opp_main" in (state.stops[1].stops or ())
    await drain(fake)
    assert "Bob changes their stops." in message_text(board_message(fake, thread))
    refused = await fake.run_slash("match stops", user_id=BOB, game="forceofwill", add="lunch")
    assert refused.ephemeral and "no window called 'lunch'" in str(refused.content) + str(refused.embeds)
