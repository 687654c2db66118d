"""The card commands through real discord.py with only the wire faked."""

from __future__ import annotations

import json

import discord

from bot.app import App
from bot.client import ArbiterBot
from cogs.cards import inline_requests
from tests.discord.fake_discord import ADMIN, ALICE, BOB, FakeDiscord, start_bot


def _label(result, prefix: str) -> str:  # type: ignore[no-untyped-def]
    for component in result.components:
        if (component.get("label") or "").startswith(prefix):
            return str(component["custom_id"])
    raise AssertionError(f"no component labelled {prefix!r} in {result.components}")


async def test_card_by_misspelled_name_with_keyword_buttons(
    fake_discord: FakeDiscord, cards_app: App
) -> None:
    await start_bot(fake_discord, ArbiterBot(cards_app))
    result = await fake_discord.run_slash(
        "card", user_id=ALICE, name="aesop prince tutor", game="forceofwill"
    )
    embed = result.embeds[0]
    assert embed["title"].startswith("Aesop, the Prince's Tutor")
    assert "Fairy Tale" in embed["description"]
    assert result.callback["data"]["allowed_mentions"] == {"parse": []}
    flyers = await fake_discord.run_slash(
        "cards search", user_id=ALICE, query="keyword:flying t:resonator", game="forceofwill"
    )
    first = next(cid for cid in flyers.custom_ids if ":c1:" in cid)  # the first result's button
    card = await fake_discord.press(flyers.message_id, first, user_id=ALICE)
    keyword = _label(card, "📖 Flying")
    rule = await fake_discord.press(flyers.message_id, keyword, user_id=ALICE)
    assert "Flying" in rule.embeds[0]["title"]
    assert "Force of Will Comprehensive Rules" in rule.embeds[0]["footer"]["text"]


async def test_card_name_autocomplete(fake_discord: FakeDiscord, cards_app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(cards_app))
    choices = await fake_discord.autocomplete("card", "name", "bolsh", user_id=ALICE, game="duelmasters")
    assert choices and all("bolsh" in c["name"].lower() for c in choices[:3])
    assert len(choices) <= 25


async def test_card_image_is_attached(fake_discord: FakeDiscord, cards_app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(cards_app))
    result = await fake_discord.run_slash(
        "card", user_id=ALICE, name="Bolshack Dragon", game="duelmasters", image=True
    )
    assert result.callback_type == 5  # deferred first: drawing takes longer than a lookup
    upload = [r for r in fake_discord.requests if r.files]
    assert upload and upload[-1].files[0].endswith(".png")
    assert result.embeds[0]["image"]["url"].startswith("attachment://")


async def test_ambiguous_name_offers_did_you_mean_buttons(fake_discord: FakeDiscord, cards_app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(cards_app))
    result = await fake_discord.run_slash("card", user_id=ALICE, name="alice", game="forceofwill")
    assert "could be several" in result.embeds[0]["description"]
    picked = await fake_discord.press(result.message_id, result.custom_ids[0], user_id=BOB)
    assert picked.ephemeral and "Alice" in picked.embeds[0]["title"]


async def test_card_search_pages_survive_in_the_message(fake_discord: FakeDiscord, cards_app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(cards_app))
    result = await fake_discord.run_slash(
        "cards search", user_id=ALICE, query="power>=5000", game="duelmasters"
    )
    assert "cards found" in result.embeds[0]["description"]
    assert "page 1/" in result.embeds[0]["footer"]["text"]
    await fake_discord.press(result.message_id, _label(result, "Next"), user_id=ALICE)
    assert "page 2/" in fake_discord.message(result.message_id)["embeds"][0]["footer"]["text"]
    bad = await fake_discord.run_slash("cards search", user_id=ALICE, query="pwr>3", game="vanguard")
    assert bad.ephemeral and "position 0" in bad.embeds[0]["description"]


async def test_import_by_attachment_is_for_admins_and_all_or_nothing(
    fake_discord: FakeDiscord, app: App
) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    cards = {
        "game": "gateruler",
        "cards": [{"code": "TEST-001", "name": "Test Knight", "types": ["Unit"], "text": "A test."}],
    }
    fake_discord.cdn["cards.json"] = json.dumps(cards).encode()
    refused = await fake_discord.run_slash(
        "cards import",
        user_id=ALICE,
        file={"filename": "cards.json", "size": 100},
        format="json",
        game="gateruler",
    )
    assert "Manage Server" in (refused.content or "")
    done = await fake_discord.run_slash(
        "cards import",
        user_id=ADMIN,
        file={"filename": "cards.json", "size": 100},
        format="json",
        game="gateruler",
    )
    assert done.ephemeral and "1 added" in done.embeds[0]["description"]
    found = await fake_discord.run_slash("card", user_id=ALICE, name="test knight", game="gateruler")
    assert found.embeds[0]["title"] == "Test Knight"
    before = await app.cards.repo.count()
    fake_discord.cdn["broken.json"] = b'{"game": "gateruler", "cards": [{"code": "X-1"}]}'
    broken = await fake_discord.run_slash(
        "cards import",
        user_id=ADMIN,
        file={"filename": "broken.json", "size": 50},
        format="json",
        game="gateruler",
    )
    description = broken.embeds[0]["description"]
    assert "Nothing was imported" in description and "name" in description
    assert await app.cards.repo.count() == before


async def test_alias_command(fake_discord: FakeDiscord, cards_app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(cards_app))
    done = await fake_discord.run_slash(
        "cards alias", user_id=ADMIN, alias="bolshy", card="Bolshack Dragon", game="duelmasters"
    )
    assert "Bolshack Dragon" in done.embeds[0]["description"]
    found = await fake_discord.run_slash("card", user_id=ALICE, name="bolshy", game="duelmasters")
    assert found.embeds[0]["title"].startswith("Bolshack Dragon")


def test_inline_requests_are_parsed_and_capped() -> None:
    assert inline_requests("see [[Bolshack Dragon]] and [[fow:Aesop]] or [[gr: Vabelcion]] [[four]]") == [
        (None, "Bolshack Dragon"),
        ("forceofwill", "Aesop"),
        ("gateruler", "Vabelcion"),
    ]
    assert inline_requests("[[magic:Black Lotus]]") == [(None, "magic:Black Lotus")]
    assert inline_requests("no brackets [here]") == []


async def test_inline_cards_need_the_operator_switch(fake_discord: FakeDiscord, cards_app: App) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    cards_app.settings.inline_cards = False
    await start_bot(fake_discord, ArbiterBot(cards_app, intents=intents))
    assert await fake_discord.run_message("look: [[dm:Bolshack Dragon]]", author_id=ALICE) == []
    cards_app.settings.inline_cards = True
    replies = await fake_discord.run_message("look: [[dm:Bolshack Dragon]] [[dm:zzqqxx]]", author_id=ALICE)
    assert len(replies) == 1
    reply = replies[0]
    assert reply["embeds"][0]["title"].startswith("Bolshack Dragon")
    assert "zzqqxx" in reply["content"]
