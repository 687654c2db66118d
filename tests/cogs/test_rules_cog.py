"""The rules commands through real discord.py with only the wire faked (tests/discord/fake_discord.py)."""

from __future__ import annotations

from bot.app import App
from bot.client import ArbiterBot, sync_commands
from bot.config import Settings
from tests.discord.fake_discord import ADMIN, ALICE, BOB, GUILD_ID, FakeDiscord, restart_bot, start_bot


def _by_label(result, prefix: str) -> str:  # type: ignore[no-untyped-def]
    for component in result.components:
        if (component.get("label") or "").startswith(prefix):
            return str(component["custom_id"])
    raise AssertionError(f"no component labelled {prefix!r} in {result.components}")


async def test_command_sync_body(fake_discord: FakeDiscord, settings: Settings) -> None:
    await sync_commands(settings.model_copy(update={"discord_token": "fake-token"}), GUILD_ID)
    synced = {c["name"]: c for c in fake_discord.synced_commands(GUILD_ID)}
    assert set(synced) == {
        "rule",
        "rules",
        "keyword",
        "settings",
        "card",
        "cards",
        "tournament",
        "match",
        "deck",
    }
    assert [o["name"] for o in synced["settings"]["options"]] == ["game", "board-picture"]
    match_commands = {o["name"] for o in synced["match"]["options"]}
    assert {
        "challenge",
        "accept",
        "decline",
        "board",
        "hand",
        "take",
        "concede",
        "draw",
        "undo",
    } <= match_commands
    assert synced["match"]["dm_permission"] is False, "matches are played in a server"
    assert [o["name"] for o in synced["cards"]["options"]] == ["search", "import", "alias"]
    assert [o["name"] for o in synced["rules"]["options"]] == ["search"]
    rule_options = {o["name"]: o for o in synced["rule"]["options"]}
    assert rule_options["id"]["autocomplete"] is True and rule_options["id"]["required"] is True
    assert [c["value"] for c in rule_options["game"]["choices"]] == [
        "gateruler",
        "forceofwill",
        "vanguard",
        "duelmasters",
    ]
    assert str(synced["settings"]["default_member_permissions"]) == "32"  # Manage Server
    for command in synced.values():
        assert 1 <= len(command["description"]) <= 100


async def test_rule_answer_names_its_document_and_cannot_ping(fake_discord: FakeDiscord, app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    result = await fake_discord.run_slash("rule", user_id=ALICE, id="1.2.2.1", game="vanguard")
    embed = result.embeds[0]
    assert "1.2.2.1" in embed["title"]
    assert "six or more cards in his or her damage zone" in embed["description"]
    assert "Vanguard Comprehensive Rules ver. 2.01" in embed["footer"]["text"]
    assert not result.ephemeral
    assert result.callback["data"]["allowed_mentions"] == {"parse": []}
    assert _by_label(result, "⬆ 1.2.2")


async def test_rule_id_autocomplete(fake_discord: FakeDiscord, app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    choices = await fake_discord.autocomplete("rule", "id", "3-13", user_id=ALICE, game="gateruler")
    assert choices[0]["value"] == "3-13"
    assert len(choices) <= 25 and all(c["value"].startswith("3-13") for c in choices)
    none = await fake_discord.autocomplete("rule", "id", "3-13", user_id=ALICE)
    assert none == []  # no game given and no server default: nothing to suggest
    keywords = await fake_discord.autocomplete("keyword", "name", "inter", user_id=ALICE, game="vanguard")
    assert "Intercept" in [c["value"] for c in keywords]


async def test_over_long_rule_is_paged_and_only_the_asker_pages_in_place(
    fake_discord: FakeDiscord, app: App
) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    first = await fake_discord.run_slash("rule", user_id=ALICE, id="212.3", game="forceofwill")
    assert "page 1/" in first.embeds[0]["footer"]["text"]
    next_id = _by_label(first, "Next")
    page_two = await fake_discord.press(first.message_id, next_id, user_id=ALICE)
    assert page_two.callback_type == 7  # UPDATE_MESSAGE: the asker's message changes in place
    assert "page 2/" in fake_discord.message(first.message_id)["embeds"][0]["footer"]["text"]
    prev_id = _by_label(page_two, "◀ Prev")
    copy = await fake_discord.press(first.message_id, prev_id, user_id=BOB)
    assert copy.ephemeral and "page 1/" in copy.embeds[0]["footer"]["text"]
    # BOB's press did not move ALICE's message.
    assert "page 2/" in fake_discord.message(first.message_id)["embeds"][0]["footer"]["text"]


async def test_reference_button_and_sub_rule_menu(fake_discord: FakeDiscord, app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    with_refs = await fake_discord.run_slash("rule", user_id=ALICE, id="10-3a-1", game="gateruler")
    opened = await fake_discord.press(with_refs.message_id, _by_label(with_refs, "→ 2-17b"), user_id=ALICE)
    assert "2-17b" in opened.embeds[0]["title"]
    section = await fake_discord.run_slash("rule", user_id=ALICE, id="section 3", game="gateruler")
    menu = next(c for c in section.components if c["type"] == 3)
    chosen = await fake_discord.select(section.message_id, menu["custom_id"], ["r:1:0:3-2"], user_id=ALICE)
    assert "3-2" in chosen.embeds[0]["title"]


async def test_buttons_keep_working_after_a_restart(fake_discord: FakeDiscord, app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    first = await fake_discord.run_slash("rules search", user_id=ALICE, query="attack", game="forceofwill")
    assert "page 1/" in first.embeds[0]["footer"]["text"]
    next_id = _by_label(first, "Next")
    await restart_bot(fake_discord, ArbiterBot(app))
    after = await fake_discord.press(first.message_id, next_id, user_id=ALICE)
    assert after.callback_type == 7
    assert "page 2/" in fake_discord.message(first.message_id)["embeds"][0]["footer"]["text"]
    hit = _by_label(after, "6.")
    opened = await fake_discord.press(first.message_id, hit, user_id=ALICE)
    assert "Force of Will" in opened.embeds[0]["title"]


async def test_search_results_and_nothing_found(fake_discord: FakeDiscord, app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    found = await fake_discord.run_slash(
        "rules search", user_id=ALICE, query="destoryed unit", game="gateruler"
    )
    description = found.embeds[0]["description"]
    assert "destoryed → destroyed" in description and "**1." in description
    hostile = await fake_discord.run_slash(
        "rules search", user_id=ALICE, query='"NEAR( * ^ -- @everyone', game="duelmasters"
    )
    assert hostile.embeds and hostile.callback["data"]["allowed_mentions"] == {"parse": []}


async def test_server_default_game_is_for_admins(fake_discord: FakeDiscord, app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    missing = await fake_discord.run_slash("rule", user_id=ALICE, id="1.2.2.1")
    assert missing.ephemeral and "Which game?" in missing.embeds[0]["description"]
    refused = await fake_discord.run_slash("settings game", user_id=ALICE, game="vanguard")
    assert refused.ephemeral and "Manage Server" in refused.content
    done = await fake_discord.run_slash("settings game", user_id=ADMIN, game="vanguard")
    assert done.ephemeral and "Cardfight!! Vanguard" in done.embeds[0]["description"]
    answer = await fake_discord.run_slash("rule", user_id=ALICE, id="1.2.2.1")
    assert "1.2.2.1" in answer.embeds[0]["title"]
    choices = await fake_discord.autocomplete("rule", "id", "1.2.2", user_id=ALICE)
    assert "1.2.2.1" in [c["value"] for c in choices]


async def test_keyword_command_and_did_you_mean(fake_discord: FakeDiscord, app: App) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    result = await fake_discord.run_slash("keyword", user_id=ALICE, name="intercpt", game="vanguard")
    assert "Intercept" in result.embeds[0]["title"]
    unknown = await fake_discord.run_slash("rule", user_id=ALICE, id="99.99", game="vanguard")
    assert "There is no rule '99.99'" in unknown.embeds[0]["description"]


async def test_a_rule_with_many_sub_rules_offers_all_of_them_in_menus(
    fake_discord: FakeDiscord, app: App
) -> None:
    await start_bot(fake_discord, ArbiterBot(app))
    first = await fake_discord.run_slash("rule", user_id=ALICE, id="1100", game="forceofwill")
    menus = [c for c in first.components if c["type"] == 3]
    assert len(menus) == 2
    second = await fake_discord.press(first.message_id, _by_label(first, "Next"), user_id=ALICE)
    later = [c for c in fake_discord.message(second.message_id)["components"] for c in c["components"]]
    placeholders = [c.get("placeholder", "") for c in later if c["type"] == 3]
    assert placeholders and "51-75 of 97" in placeholders[0]
    editions = await fake_discord.autocomplete("rule", "edition", "", user_id=ALICE, game="forceofwill")
    assert [c["value"] for c in editions] == ["12.9"]
