"""Card data per server through real discord.py (only the wire faked): a server admin's import and
aliases are seen in that server only, and never change what another server sees."""

from __future__ import annotations

import json

from bot.app import App
from bot.client import ArbiterBot
from engine.games import GAMES
from tests.discord.fake_discord import ADMIN, ALICE, CHANNEL_ID, GUILD_ID, FakeDiscord, start_bot

OTHER_GUILD = 1_200_000_000_000_000_900
OTHER_CHANNEL = 1_200_000_000_000_000_901


async def test_a_second_server_cannot_plant_cards_in_the_first(fake_discord: FakeDiscord, app: App) -> None:
    fake_discord.add_guild(OTHER_GUILD, "Other", channel_id=OTHER_CHANNEL)
    await start_bot(fake_discord, ArbiterBot(app))
    shared = {"cards": [{"code": "SH-001", "name": "Wingal", "text": "Real text."}]}
    await app.cards.import_data(GAMES["gateruler"], "json", json.dumps(shared).encode(), "s.json")
    planted = {
        "cards": [
            {"code": "SH-001", "name": "Wingal", "text": "Planted text."},
            {"code": "HOME-2", "name": "Planted Knight", "text": "Ours."},
        ]
    }
    fake_discord.cdn["planted.json"] = json.dumps(planted).encode()
    other = {"guild_id": OTHER_GUILD, "channel_id": OTHER_CHANNEL}
    done = await fake_discord.run_slash(
        "cards import",
        user_id=ADMIN,
        file={"filename": "planted.json", "size": 100},
        format="json",
        game="gateruler",
        **other,
    )
    assert "this server only" in done.embeds[0]["description"]
    aliased = await fake_discord.run_slash(
        "cards alias", user_id=ADMIN, alias="birdy", card="wingal", game="gateruler", **other
    )
    assert "Wingal" in aliased.embeds[0]["description"]

    first = await fake_discord.run_slash("card", user_id=ALICE, name="wingal", game="gateruler")
    assert "Real text." in first.embeds[0]["description"]
    assert "Planted" not in json.dumps(first.embeds)
    nickname = await fake_discord.run_slash("card", user_id=ALICE, name="birdy", game="gateruler")
    assert "birdy" not in (nickname.embeds[0].get("title") or "").lower()
    choices = await fake_discord.autocomplete("card", "name", "wing", user_id=ALICE, game="gateruler")
    assert len([c for c in choices if c["name"] == "Wingal"]) == 1
    assert not await fake_discord.autocomplete("card", "name", "plant", user_id=ALICE, game="gateruler")
    there_choices = await fake_discord.autocomplete(
        "card", "name", "plant", user_id=ALICE, game="gateruler", **other
    )
    assert [c["name"] for c in there_choices] == ["Planted Knight"]

    there = await fake_discord.run_slash("card", user_id=ALICE, name="birdy", game="gateruler", **other)
    assert there.embeds[0]["title"].startswith("Wingal")
    assert GUILD_ID != OTHER_GUILD


async def test_a_card_button_shows_a_servers_own_card_only_in_that_server(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake_discord.add_guild(OTHER_GUILD, "Other", channel_id=OTHER_CHANNEL)
    await start_bot(fake_discord, ArbiterBot(app))
    own = {"cards": [{"code": "HOME-1", "name": "Planted Knight", "text": "Ours."}]}
    await app.cards.import_data(
        GAMES["gateruler"], "json", json.dumps(own).encode(), "own.json", guild_id=OTHER_GUILD
    )
    other = {"guild_id": OTHER_GUILD, "channel_id": OTHER_CHANNEL}
    found = await fake_discord.run_slash(
        "cards search", user_id=ALICE, query="text:ours", game="gateruler", **other
    )
    button = next(cid for cid in found.custom_ids if ":c1:" in cid)
    # the same button's interaction coming from the first server (a forged or relayed one)
    pressed = fake_discord.component_payload(found.message_id, button, user_id=ALICE)
    forged = fake_discord._interaction_payload(
        3, pressed["data"], user_id=ALICE, guild_id=GUILD_ID, channel_id=CHANNEL_ID
    )
    forged["message"] = pressed["message"]
    there = await fake_discord.press(found.message_id, button, user_id=ALICE)
    assert there.embeds[0]["title"].startswith("Planted Knight")
    elsewhere = await fake_discord.run(forged)
    assert elsewhere.ephemeral and "Planted" not in json.dumps(elsewhere.embeds)
    assert "no longer in the card data this server sees" in elsewhere.embeds[0]["description"]
