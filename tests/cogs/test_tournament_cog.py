"""``/tournament`` through real discord.py with only the wire faked (tests/discord/fake_discord.py), on a
real App and SQLite file. The fixture fails a test on any logged error, any unanswered interaction and
any body Discord would reject, so every test here also checks those."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import timedelta
from fractions import Fraction
from typing import Any

import pytest
from discord import app_commands
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.app import App
from bot.client import ArbiterBot
from bot.reply import REFUSAL_TITLE
from bot.services.tournaments import Actor, MatchInfo
from cogs.presenter import ERROR_COLOUR
from engine.errors import ArbiterError
from tests.discord.fake_discord import (
    ADMIN,
    ALICE,
    BOB,
    CHANNEL_ID,
    GUILD_ID,
    FakeDiscord,
    InteractionResult,
    restart_bot,
    start_bot,
)
from tests.engine.decks.published_lists import DM_DARK_FIRE

ROLE_ID = 1_500_000_000_000_000_001
EVENT_CHANNEL = 1_200_000_000_000_000_050
JUDGE = 1_300_000_000_000_000_010
"""An organizer by the server's tournament-organizer role (no Manage Server)."""
PLAYERS = [1_300_000_000_000_000_100 + i for i in range(8)]
MESSAGES = "POST /channels/{channel_id}/messages"


# helpers ----------------------------------------------------------------------------------------------


async def start(fake: FakeDiscord, app: App) -> ArbiterBot:
    """The bot, a judge holding the organizer role (set by a server admin), eight players and the
    event's channel."""
    bot = await start_bot(fake, ArbiterBot(app))
    fake.add_user(JUDGE, "judge", roles=[ROLE_ID])
    for i, pid in enumerate(PLAYERS):
        fake.add_user(pid, f"player{i}")
    fake.add_channel(EVENT_CHANNEL, name="friday-vanguard")
    _role_create(bot)
    done = await fake.run_slash("tournament organizer-role set", user_id=ADMIN, role=ROLE_ID)
    assert done.ephemeral and f"<@&{ROLE_ID}>" in done.embeds[0]["description"]
    return bot


def _role_create(bot: ArbiterBot) -> None:
    """The gateway's GUILD_ROLE_CREATE for the organizer role, so the guild cache knows it."""
    role = {
        "id": str(ROLE_ID),
        "name": "Tournament Organizer",
        "permissions": "0",
        "position": 1,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": True,
        "flags": 0,
    }
    bot._connection.parse_guild_role_create({"guild_id": str(GUILD_ID), "role": role})  # type: ignore[arg-type]


def capture_uploads(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """The bytes of every file sent with an interaction token, by file name (the fake keeps names)."""
    uploads: dict[str, bytes] = {}
    seam = AsyncWebhookAdapter.request

    async def request(
        adapter: Any, route: Any, session: Any = None, *, files: Any = None, **kwargs: Any
    ) -> Any:
        for file in files or []:
            uploads[file.filename] = file.fp.read()
            file.reset()
        return await seam(adapter, route, session, files=files, **kwargs)

    monkeypatch.setattr(AsyncWebhookAdapter, "request", request)
    return uploads


async def create_event(fake: FakeDiscord, **options: Any) -> tuple[InteractionResult, str]:
    settings = {"name": "Friday Vanguard", "game": "vanguard", "format": "bo3", "rounds": 3, "top_cut": 4}
    settings.update(options)
    settings = {k: v for k, v in settings.items() if v is not None}
    created = await fake.run_slash("tournament create", user_id=JUDGE, channel_id=EVENT_CHANNEL, **settings)
    match = re.search(r"Event (\d+)", created.embeds[0]["footer"]["text"])
    assert match, created.embeds
    return created, match[1]


def channel_posts(fake: FakeDiscord, since: int = 0) -> list[Any]:
    """Bot-token posts to the event's channel (request records) after request number ``since``."""
    return [
        r
        for r in fake.requests[since:]
        if r.key == MESSAGES and r.path == f"/channels/{EVENT_CHANNEL}/messages"
    ]


def organizer(app: App) -> Actor:
    return Actor(JUDGE, GUILD_ID, is_organizer=True)


async def current_matches(app: App, event: str) -> list[MatchInfo]:
    rnd = await app.tournaments.pairings(organizer(app), int(event))
    return list(rnd.matches)


def is_refusal(embed: dict[str, Any]) -> bool:
    """Whether ``embed`` shows a refusal: its title and the error colour."""
    return embed["title"] == REFUSAL_TITLE and embed.get("color") == ERROR_COLOUR.value


def description(result: InteractionResult) -> str:
    return str(result.embeds[0].get("description", "")) if result.embeds else result.content


def button(result: InteractionResult, label: str) -> str:
    for component in result.components:
        if (component.get("label") or "").startswith(label):
            return str(component["custom_id"])
    raise AssertionError(f"no button {label!r} in {result.components}")


async def register_all(fake: FakeDiscord, event: str, players: list[int] = PLAYERS) -> None:
    for pid in players:
        joined = await fake.run_slash("tournament register", user_id=pid, event=event)
        assert joined.ephemeral and "is registered" in description(joined), description(joined)


async def report_and_confirm(
    fake: FakeDiscord, event: str, match: MatchInfo, score: str
) -> InteractionResult:
    """Player A reports ``score``; player B presses Confirm on the report."""
    assert match.player_b is not None
    reported = await fake.run_slash(
        "tournament report", user_id=int(match.player_a), event=event, result=score
    )
    assert not reported.ephemeral, description(reported)
    return await fake.press(reported.message_id, button(reported, "Confirm"), user_id=int(match.player_b))


# the end-to-end event -----------------------------------------------------------------------------------


async def test_an_eight_player_event_end_to_end(
    fake_discord: FakeDiscord, app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    uploads = capture_uploads(monkeypatch)
    await start(fake, app)
    created, event = await create_event(fake, round_minutes=50, capacity=16)
    assert not created.ephemeral and "open for registration" in description(created)

    # registration: eight distinct users; a second registration is refused privately
    await register_all(fake, event)
    again = await fake.run_slash("tournament register", user_id=PLAYERS[0], event=event)
    assert again.ephemeral and "already registered" in description(again)
    listed = await fake.run_slash("tournament players", user_id=ALICE, event=event)
    assert "8 players" in listed.embeds[0]["footer"]["text"]

    # decklists: the text option, an attachment and the pop-up text box
    typed = await fake.run_slash(
        "tournament decklist submit", user_id=PLAYERS[0], event=event, text="4 Blaster Blade; 4 Wingal"
    )
    assert typed.ephemeral and typed.embeds[0]["title"] == "Decklist saved"
    assert "4 Wingal" in typed.embeds[0]["description"]
    fake.cdn["deck.txt"] = b"4 Blaster Blade\n4 Wingal\n"
    attached = await fake.run_slash(
        "tournament decklist submit",
        user_id=PLAYERS[1],
        event=event,
        file={"filename": "deck.txt", "size": 26},
    )
    assert attached.callback_type == 5 and attached.ephemeral
    assert attached.embeds[0]["title"] == "Decklist saved"
    boxed = await fake.run_slash("tournament decklist submit", user_id=PLAYERS[2], event=event)
    assert boxed.modal is not None and len(boxed.modal["title"]) <= 45
    text_input = boxed.modal["components"][0]["components"][0]["custom_id"]
    saved = await fake.submit_modal(boxed.modal["custom_id"], {text_input: "4 Blaster Blade\n4 Wingal"})
    assert saved.ephemeral and saved.embeds[0]["title"] == "Decklist saved"
    own = await fake.run_slash("tournament decklist view", user_id=PLAYERS[1], event=event)
    assert own.ephemeral and "Blaster Blade" in description(own)
    other = await fake.run_slash(
        "tournament decklist view", user_id=PLAYERS[1], event=event, player=PLAYERS[0]
    )
    assert other.ephemeral and "Only tournament organizers" in description(other)
    judged = await fake.run_slash("tournament decklist view", user_id=JUDGE, event=event, player=PLAYERS[0])
    assert "Wingal" in description(judged)

    # start and round 1
    before = len(fake.requests)
    started = await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    assert started.ephemeral and "has started" in description(started)
    assert "No decklist" in [f["name"] for f in started.embeds[0]["fields"]]
    assert any("has started" in r.json["content"] for r in channel_posts(fake, before))
    locked = await fake.run_slash(
        "tournament decklist submit", user_id=PLAYERS[3], event=event, text="4 Wingal"
    )
    assert locked.ephemeral and "locked" in description(locked)

    before = len(fake.requests)
    paired = await fake.run_slash("tournament pair", user_id=JUDGE, event=event)
    assert paired.callback_type == 5 and paired.ephemeral
    posts = channel_posts(fake, before)
    assert len(posts) == 1
    body = posts[0].json
    mentioned = {int(u) for u in re.findall(r"<@(\d+)>", body["content"])}
    assert mentioned == set(PLAYERS)
    assert body["allowed_mentions"]["parse"] == []
    assert {int(u) for u in body["allowed_mentions"]["users"]} == set(PLAYERS)
    assert "roles" not in body["allowed_mentions"] and "everyone" not in body["allowed_mentions"]["parse"]

    matches = await current_matches(app, event)
    for m in matches[:3]:
        confirmed = await report_and_confirm(fake, event, m, "2-1")
        assert confirmed.callback_type == 7 and "Confirmed: " in description(confirmed)
        assert not confirmed.components  # the buttons are gone once answered
    # the last table: a dispute an organizer decides
    last = matches[3]
    assert last.player_b is not None
    reported = await fake.run_slash(
        "tournament report", user_id=int(last.player_a), event=event, result="2-0"
    )
    assert reported.callback["data"]["allowed_mentions"]["users"] == [int(last.player_b)]
    assert f"<@{last.player_b}>" in reported.content
    stranger = await fake.press(reported.message_id, button(reported, "Confirm"), user_id=int(last.player_a))
    assert stranger.ephemeral and "Only the opponent" in description(stranger)
    disputed = await fake.press(reported.message_id, button(reported, "Dispute"), user_id=int(last.player_b))
    assert disputed.callback_type == 7
    assert "disputed" in fake.message(reported.message_id)["embeds"][0]["description"]
    flag = disputed.followups[-1]
    assert f"<@&{ROLE_ID}>" in flag["content"] and "table 4 needs an organizer" in flag["content"]
    assert flag["allowed_mentions"]["roles"] == [ROLE_ID]
    missing = await fake.run_slash("tournament missing", user_id=ALICE, event=event)
    assert "disputed" in description(missing) and "1 match without" in missing.embeds[0]["title"]
    before = len(fake.requests)
    ruled = await fake.run_slash(
        "tournament result", user_id=JUDGE, event=event, player=int(last.player_b), result="1-2"
    )
    assert not ruled.ephemeral and "Round 1 is complete" in description(ruled)
    assert any("round 1 is complete" in r.json["content"] for r in channel_posts(fake, before))

    # round 2: a drop after pairing concedes the match; confirmations by command
    await fake.run_slash("tournament pair", user_id=JUDGE, event=event)
    matches = await current_matches(app, event)
    dropper = int(matches[0].player_a)
    dropped = await fake.run_slash("tournament drop", user_id=dropper, event=event)
    assert dropped.ephemeral and "dropped" in description(dropped)
    for m in matches[1:]:
        assert m.player_b is not None
        await fake.run_slash("tournament report", user_id=int(m.player_b), event=event, result="0-2")
        confirmed = await fake.run_slash("tournament confirm", user_id=int(m.player_a), event=event)
        assert "Confirmed: " in description(confirmed), description(confirmed)

    # round 3: seven players, so a bye; one draw
    before = len(fake.requests)
    await fake.run_slash("tournament pair", user_id=JUDGE, event=event)
    bye_post = channel_posts(fake, before)[0].json["content"]
    assert "has the bye" in bye_post and f"<@{dropper}>" not in bye_post
    matches = [m for m in await current_matches(app, event) if not m.is_bye]
    assert len(matches) == 3
    await report_and_confirm(fake, event, matches[0], "1-1-1")
    for m in matches[1:]:
        await report_and_confirm(fake, event, m, "2-0")

    standings = await fake.run_slash("tournament standings", user_id=ALICE, event=event)
    text = description(standings)
    assert not standings.ephemeral
    assert text.startswith("**1.**") and "OMW" in text and "GW" in text and "OGW" in text
    assert text.count("pts") == 8 and "dropped" in text
    assert "final" in standings.embeds[0]["footer"]["text"]

    # top cut of 4: seeded by the organizer, posted with mentions of the four players
    before = len(fake.requests)
    seeded = await fake.run_slash("tournament topcut", user_id=JUDGE, event=event)
    assert "Semifinals" in [f["name"] for f in seeded.embeds[0]["fields"]]
    cut_post = channel_posts(fake, before)[0].json
    assert len(cut_post["allowed_mentions"]["users"]) == 4
    cut = await app.tournaments.top_cut(organizer(app), int(event))
    for semi in cut.current_matches:  # the lower seed loses and reports it
        lost = await fake.run_slash(
            "tournament report", user_id=int(semi.player_b), event=event, result="0-2"
        )
        assert "beats" in description(lost), description(lost)
    final_post = channel_posts(fake, before)[-1].json["content"]
    assert "final" in final_post.lower()
    cut = await app.tournaments.top_cut(organizer(app), int(event))
    final = cut.current_matches[0]
    before = len(fake.requests)
    crowned = await fake.run_slash(
        "tournament result", user_id=JUDGE, event=event, player=int(final.player_a), result="2-1"
    )
    assert "🏆" in description(crowned)
    assert any("🏆" in r.json["content"] for r in channel_posts(fake, before))

    # exports: CSV and JSON files that parse; the audit log for organizers
    exported = await fake.run_slash("tournament export", user_id=JUDGE, event=event)
    assert exported.callback_type == 5 and exported.ephemeral
    names = [n for n in uploads if n.startswith("friday-vanguard")]
    data = json.loads(uploads["friday-vanguard.json"])
    assert data["top_cut"]["champion"] == final.player_a and len(data["rounds"]) == 3
    rows = list(csv.DictReader(io.StringIO(uploads["friday-vanguard-standings.csv"].decode())))
    assert len(rows) == 8 and rows[0]["rank"] == "1"
    header = next(csv.reader(io.StringIO(uploads["friday-vanguard-rounds.csv"].decode())))
    assert header[:2] == ["round", "table"]
    assert "friday-vanguard-decklists.csv" in names
    decks = await fake.run_slash("tournament decklist export", user_id=JUDGE, event=event)
    assert decks.ephemeral and b"Blaster Blade" in uploads["friday-vanguard-decklists.txt"]
    logged = await fake.run_slash("tournament log", user_id=JUDGE, event=event)
    assert logged.ephemeral and "override result" in description(logged)
    assert "top cut" in description(logged)


# permissions --------------------------------------------------------------------------------------------


async def test_organizer_actions_are_refused_to_players_in_one_private_sentence(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    await start(fake, app)
    refused = await fake.run_slash("tournament create", user_id=ALICE, name="Mine", game="vanguard")
    assert refused.ephemeral and description(refused) == "Only tournament organizers can create events."
    _, event = await create_event(fake)
    await register_all(fake, event, PLAYERS[:4])
    attempts: list[tuple[str, dict[str, Any]]] = [
        ("tournament registration close", {}),
        ("tournament start", {}),
        ("tournament pair", {}),
        ("tournament player add", {"user": BOB}),
        ("tournament player remove", {"user": PLAYERS[0]}),
        ("tournament drop", {"player": PLAYERS[0]}),
        ("tournament decklist export", {}),
        ("tournament log", {}),
        ("tournament cancel", {}),
        ("tournament result", {"player": PLAYERS[0], "result": "2-0"}),
    ]
    for command, options in attempts:
        result = await fake.run_slash(command, user_id=ALICE, event=event, **options)
        assert result.ephemeral, command
        assert is_refusal(result.embeds[0]), command
        assert description(result).startswith("Only tournament organizers"), (command, description(result))
        assert description(result).count(".") == 1, description(result)  # one sentence
    # the judge holds the organizer role but not Manage Server: not a server admin
    role = await fake.run_slash("tournament organizer-role set", user_id=JUDGE, role=ROLE_ID)
    assert role.ephemeral and "Only server admins" in description(role)
    # an admin (Manage Server) is an organizer without the role; clearing the role demotes the judge
    added = await fake.run_slash("tournament player add", user_id=ADMIN, event=event, user=BOB, name="Bobby")
    assert added.ephemeral and "Bobby is added" in description(added)
    cleared = await fake.run_slash("tournament organizer-role set", user_id=ADMIN)
    assert "cleared" in description(cleared)
    server_log = await fake.run_slash("tournament log", user_id=ADMIN)
    assert server_log.ephemeral and server_log.embeds[0]["title"] == "Server audit log (outside events)"
    assert f"set to {ROLE_ID}" in description(server_log) and "cleared" in description(server_log)
    demoted = await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    assert demoted.ephemeral and "Only tournament organizers" in description(demoted)
    unknown = await fake.run_slash("tournament standings", user_id=ALICE, event="Saturday Legends")
    assert unknown.ephemeral and "no event named Saturday Legends" in description(unknown)


async def test_event_and_result_autocomplete(fake_discord: FakeDiscord, app: App) -> None:
    fake = fake_discord
    await start(fake, app)
    for number in range(30):
        await app.tournaments.create_event(organizer(app), f"Weekly {number:02d}", "dm")
    await app.tournaments.create_event(organizer(app), "Friday Vanguard", "vanguard")
    choices = await fake.autocomplete("tournament register", "event", "", user_id=ALICE)
    assert len(choices) == 25 and all(len(c["name"]) <= 100 for c in choices)
    friday = await fake.autocomplete("tournament standings", "event", "fri", user_id=ALICE)
    assert [c["name"] for c in friday] == ["Friday Vanguard · registration"]
    value = friday[0]["value"]
    info = await app.tournaments.find_event(GUILD_ID, value)
    assert info.name == "Friday Vanguard"
    fake.add_guild(GUILD_ID + 1, "Elsewhere", channel_id=CHANNEL_ID + 1)
    other_guild = await fake.autocomplete(
        "tournament register", "event", "", user_id=ALICE, guild_id=GUILD_ID + 1, channel_id=CHANNEL_ID + 1
    )
    assert other_guild == []
    scores = await fake.autocomplete("tournament report", "result", "2", user_id=ALICE, event=value)
    assert [c["value"] for c in scores][:3] == ["2-0", "2-1", "2-0-1"]
    typed = await fake.autocomplete("tournament report", "result", "3-3", user_id=ALICE, event=value)
    assert [c["value"] for c in typed] == ["3-3"]


async def test_deck_rules_are_chosen_at_creation_and_check_every_decklist(
    fake_discord: FakeDiscord, app: App
) -> None:
    """``deck_rules`` on ``/tournament create``: autocompleted from the game's deck rules, shown with
    the event, used for every decklist (a 44-card English TCG list is legal with ``english-tcg``, not
    with the rules document's), and an unknown name is refused privately, creating no event."""
    fake = fake_discord
    bot = await start(fake, app)
    group = bot.tree.get_command("tournament")
    assert isinstance(group, app_commands.Group)
    command = group.get_command("create")
    assert isinstance(command, app_commands.Command)
    option = next(o for o in command.to_dict(bot.tree)["options"] if o["name"] == "deck_rules")
    assert option["autocomplete"] is True and not option.get("required")
    offered = await fake.autocomplete(
        "tournament create", "deck_rules", "", user_id=JUDGE, game="duelmasters"
    )
    assert [c["value"] for c in offered] == ["general", "english-tcg"]
    assert offered[0]["name"].endswith("(default)") and all(len(c["name"]) <= 100 for c in offered)
    assert await fake.autocomplete(
        "tournament create", "deck_rules", "tcg", user_id=JUDGE, game="duelmasters"
    ) == [{"name": offered[1]["name"], "value": "english-tcg"}]
    assert (
        await fake.autocomplete("tournament create", "deck_rules", "", user_id=JUDGE, game="vanguard") == []
    )

    unknown = await fake.run_slash(
        "tournament create",
        user_id=JUDGE,
        channel_id=EVENT_CHANNEL,
        name="DM Night",
        game="duelmasters",
        deck_rules="ocg",
    )
    assert unknown.ephemeral and is_refusal(unknown.embeds[0])
    assert description(unknown).startswith("The deck rules of this game are 'general' or 'english-tcg'")
    assert await app.tournaments.list_events(GUILD_ID, include_finished=True) == []

    created, tcg = await create_event(fake, name="DM English", game="duelmasters", deck_rules="english-tcg")
    fields = {f["name"]: f["value"] for f in created.embeds[0]["fields"]}
    assert fields["Deck rules"] == "the English TCG's rules (a main deck of at least 40 cards)"
    _, document = await create_event(fake, name="DM Document", game="duelmasters")
    info = await fake.run_slash("tournament info", user_id=ALICE, event=document)
    shown = {f["name"]: f["value"] for f in info.embeds[0]["fields"]}
    assert shown["Deck rules"] == "the General Game Rules v1.38 (a main deck of exactly 40 cards, 100.2)"

    fake.cdn["dm.txt"] = DM_DARK_FIRE.encode()
    verdicts = {}
    for event in (tcg, document):
        await register_all(fake, event, PLAYERS[:1])
        saved = await fake.run_slash(
            "tournament decklist submit",
            user_id=PLAYERS[0],
            event=event,
            file={"filename": "dm.txt", "size": len(DM_DARK_FIRE)},
        )
        assert saved.ephemeral and saved.embeds[0]["title"] == "Decklist saved", saved.embeds
        verdicts[event] = json.dumps(saved.embeds[0])
    assert "Legal deck by the counts only (main deck 44)" in verdicts[tcg]
    assert "Deck rules: the English TCG's rules" in verdicts[tcg]
    assert "Not a legal deck (main deck 44)" in verdicts[document]
    assert "it has 44 cards" in verdicts[document]


# a big event: paging and mentions -----------------------------------------------------------------------


async def test_a_big_round_is_posted_in_pieces_that_mention_only_their_players(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    await start(fake, app)
    _, event = await create_event(fake, name="Regional Qualifier", top_cut=8, rounds=None)
    players = [1_300_000_000_000_001_000 + i for i in range(130)]
    for i, pid in enumerate(players):
        await app.tournaments.add_player(organizer(app), int(event), pid, f"Competitor {i:03d}")
    await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    before = len(fake.requests)
    paired = await fake.run_slash("tournament pair", user_id=JUDGE, event=event)
    assert paired.ephemeral and "round 1 of 8" in paired.embeds[0]["title"]
    posts = channel_posts(fake, before)
    assert len(posts) >= 2
    seen: list[int] = []
    for post in posts:
        body = post.json
        assert len(body["content"]) <= 2000
        in_text = [int(u) for u in re.findall(r"<@(\d+)>", body["content"])]
        assert sorted(int(u) for u in body["allowed_mentions"]["users"]) == sorted(in_text)
        assert len(in_text) <= 100 and body["allowed_mentions"]["parse"] == []
        seen.extend(in_text)
    assert sorted(seen) == sorted(players)  # everyone mentioned exactly once

    # the pairings embed is paged; the asker pages in place, anyone else gets a private copy
    shown = await fake.run_slash("tournament pairings", user_id=ALICE, event=event)
    assert shown.callback_type == 5  # a big event is deferred first
    assert "page 1/" in shown.embeds[0]["footer"]["text"]
    turned = await fake.press(shown.message_id, button(shown, "Next"), user_id=ALICE)
    assert turned.callback_type == 7
    assert "page 2/" in fake.message(shown.message_id)["embeds"][0]["footer"]["text"]
    copy = await fake.press(shown.message_id, button(turned, "◀ Prev"), user_id=BOB)
    assert copy.ephemeral and "page 1/" in copy.embeds[0]["footer"]["text"]

    # results for everyone, then standings: 20 a page, paged the same way
    rnd = await app.tournaments.pairings(organizer(app), int(event))
    for m in rnd.matches:
        if not m.is_bye:
            await app.tournaments.enter_result(organizer(app), int(event), m.player_a, 2, 1)
    standings = await fake.run_slash("tournament standings", user_id=BOB, event=event)
    assert "page 1/7" in standings.embeds[0]["footer"]["text"]
    assert standings.embeds[0]["description"].count("pts") == 20
    page_two = await fake.press(standings.message_id, button(standings, "Next"), user_id=BOB)
    assert page_two.callback_type == 7
    assert fake.message(standings.message_id)["embeds"][0]["description"].startswith("**21.**")
    missing = await fake.run_slash("tournament missing", user_id=BOB, event=event)
    assert "Every match of round 1" in description(missing)


async def test_a_big_event_refuses_standings_and_pairings_privately(
    fake_discord: FakeDiscord, app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Standings and pairings of a big event are deferred publicly; a follow-up sent to a loading
    placeholder replaces it and stays public, so no refusal may travel that way."""
    fake = fake_discord
    await start(fake, app)
    _, event = await create_event(fake, name="Regional Qualifier", top_cut=0, rounds=None)
    for i in range(130):
        await app.tournaments.add_player(organizer(app), int(event), 1_300_000_000_000_001_000 + i, f"P{i}")
    await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    await fake.run_slash("tournament pair", user_id=JUDGE, event=event)

    # refusals the event's state predicts: answered at once, privately, never deferred
    for command, options, sentence in [
        ("tournament pairings", {"round": 3}, "Regional Qualifier has no round 3 yet."),
        ("tournament standings", {"round": 1}, "round 1 is not closed."),
    ]:
        refused = await fake.run_slash(command, user_id=ALICE, event=event, **options)
        assert refused.callback_type == 4 and refused.ephemeral, command
        assert description(refused).endswith(sentence) and description(refused).count(". ") == 0
    shown = await fake.run_slash("tournament pairings", user_id=ALICE, event=event, round=1)
    assert shown.callback_type == 5 and not shown.ephemeral and "**1.**" in description(shown)

    # a refusal only the computation finds (the event cancelled meanwhile, say): the public
    # placeholder is deleted first, then the refusal goes as a new, ephemeral message
    async def cancelled(*args: Any, **kwargs: Any) -> Any:
        raise ArbiterError("Regional Qualifier was cancelled.")

    monkeypatch.setattr(app.tournaments, "standings", cancelled)
    late = await fake.run_slash("tournament standings", user_id=ALICE, event=event)
    assert late.callback_type == 5
    keys = [r.key for r in late.requests]
    deleted = keys.index("DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original")
    assert keys.index("POST /webhooks/{webhook_id}/{webhook_token}") > deleted
    assert late.ephemeral and description(late) == "Regional Qualifier was cancelled."
    assert [m for m in late.messages if not m.get("flags", 0) & 64] == []  # nothing public is left


async def test_pairings_the_bot_cannot_post_are_shown_to_the_organizer(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    await start(fake, app)
    _, event = await create_event(fake, top_cut=0)
    await register_all(fake, event, PLAYERS[:4])
    await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    fake.fail(
        f"POST /channels/{EVENT_CHANNEL}/messages", status=403, code=50013, message="Missing Permissions"
    )
    paired = await fake.run_slash("tournament pair", user_id=JUDGE, event=event)
    shown, warning = paired.followups
    assert "**1.**" in shown["embeds"][0]["description"]
    assert "could not post" in warning["content"]
    assert all(f["flags"] & 64 for f in paired.followups)


# reports ------------------------------------------------------------------------------------------------


async def test_report_buttons_survive_a_restart_and_refuse_stale_clicks(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    await start(fake, app)
    _, event = await create_event(fake, top_cut=0)
    await register_all(fake, event, PLAYERS[:4])
    await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    await fake.run_slash("tournament pair", user_id=JUDGE, event=event)
    first, second = await current_matches(app, event)
    assert first.player_b is not None and second.player_b is not None

    # a corrected report: the first message's buttons no longer confirm anything
    old = await fake.run_slash("tournament report", user_id=int(first.player_a), event=event, result="2-0")
    new = await fake.run_slash("tournament report", user_id=int(first.player_a), event=event, result="2-1")
    stale = await fake.press(old.message_id, button(old, "Confirm"), user_id=int(first.player_b))
    assert stale.ephemeral and "corrected" in description(stale)
    # a restart between the report and the click: the button still works
    await restart_bot(fake, ArbiterBot(app))
    _role_create(fake.bot)  # type: ignore[arg-type]
    done = await fake.press(new.message_id, button(new, "Confirm"), user_id=int(first.player_b))
    assert done.callback_type == 7 and "wins 2-1" in description(done)

    # confirmed by command, then the button: refused, never applied twice
    prompt = await fake.run_slash(
        "tournament report", user_id=int(second.player_b), event=event, result="1-1-1"
    )
    await fake.run_slash("tournament confirm", user_id=int(second.player_a), event=event)
    again = await fake.press(prompt.message_id, button(prompt, "Confirm"), user_id=int(second.player_a))
    assert again.ephemeral and "already confirmed" in description(again)
    bad = await fake.run_slash(
        "tournament report", user_id=int(second.player_a), event=event, result="two-nil"
    )
    assert bad.ephemeral and "is not a result" in description(bad)


async def test_round_timer_posts_reminders_and_mentions_the_unfinished_tables_at_time(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    bot = await start(fake, app)
    cog: Any = bot.get_cog("TournamentCog")  # the extension's own module: not cogs.tournament's class
    assert cog is not None and cog.round_timer.is_running()
    _, event = await create_event(fake, top_cut=0, round_minutes=30)
    await register_all(fake, event, PLAYERS[:4])
    await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    await fake.run_slash("tournament pair", user_id=JUDGE, event=event)
    rnd = await app.tournaments.pairings(organizer(app), int(event))
    done, playing = rnd.matches
    await report_and_confirm(fake, event, done, "2-0")

    before = len(fake.requests)
    assert await cog.post_reminders(rnd.started_at + timedelta(minutes=21)) == 1
    warning = channel_posts(fake, before)[0].json
    assert "10 minutes left" in warning["content"] and "users" not in warning["allowed_mentions"]
    assert await cog.post_reminders(rnd.started_at + timedelta(minutes=22)) == 0  # each reminder once
    before = len(fake.requests)
    assert await cog.post_reminders(rnd.started_at + timedelta(minutes=31)) == 1
    at_time = channel_posts(fake, before)[0].json
    assert "time!" in at_time["content"]
    assert {int(u) for u in at_time["allowed_mentions"]["users"]} == {int(p) for p in playing.players}
    await fake.close_bot(bot)
    assert not cog.round_timer.is_running()


# decklists and players ----------------------------------------------------------------------------------


async def test_the_floor_is_set_at_creation_and_organizers_change_settings(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    await start(fake, app)
    created, event = await create_event(fake, floor=40, capacity=16)
    fields = {f["name"]: f["value"] for f in created.embeds[0]["fields"]}
    assert fields["Tiebreaker floor"] == "40%"
    assert (await app.tournaments.find_event(GUILD_ID, event)).tiebreaker_floor == Fraction(2, 5)

    changed = await fake.run_slash(
        "tournament settings",
        user_id=JUDGE,
        event=event,
        format="bo1",
        rounds=5,
        top_cut=8,
        round_minutes=30,
        capacity=0,
        floor=30,
    )
    assert changed.ephemeral and changed.embeds[0]["title"] == "Friday Vanguard"
    assert description(changed) == (
        "Settings of **Friday Vanguard** changed: best-of-1, 5 Swiss rounds, top 8, 30-minute rounds,"
        " no capacity limit, tiebreaker floor 30%."
    )
    fields = {f["name"]: f["value"] for f in changed.embeds[0]["fields"]}
    assert fields["Format"] == "best-of-1" and fields["Swiss rounds"] == "5" and fields["Top cut"] == "top 8"
    assert fields["Round length"] == "30 minutes" and fields["Tiebreaker floor"] == "30%"
    assert fields["Players"] == "0"  # no capacity
    info = await app.tournaments.find_event(GUILD_ID, event)
    assert (info.format.value, info.rounds, info.top_cut, info.round_minutes, info.capacity) == (
        "bo1",
        5,
        8,
        30,
        None,
    )
    assert info.tiebreaker_floor == Fraction(3, 10)
    auto = await fake.run_slash("tournament settings", user_id=JUDGE, event=event, rounds=0)
    assert "automatic Swiss rounds" in description(auto)
    assert (await app.tournaments.find_event(GUILD_ID, event)).rounds is None

    # refusals: private, one sentence, nothing changed
    await register_all(fake, event)
    before = await app.tournaments.find_event(GUILD_ID, event)
    refusals: list[tuple[int, dict[str, Any], str]] = [
        (ALICE, {"rounds": 4}, "Only tournament organizers can change an event."),
        (JUDGE, {"capacity": 1}, "The capacity is between 2 and 10,000 players."),
        (JUDGE, {}, "Nothing to change: name a setting and its new value."),
    ]
    for user, options, sentence in refusals:
        refused = await fake.run_slash("tournament settings", user_id=user, event=event, **options)
        assert refused.ephemeral and is_refusal(refused.embeds[0]), options
        assert description(refused) == sentence
    assert await app.tournaments.find_event(GUILD_ID, event) == before

    # after the start the floor is fixed; the rounds may still change
    started = await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    assert "has started" in description(started)
    fixed = await fake.run_slash("tournament settings", user_id=JUDGE, event=event, floor=50, rounds=4)
    assert fixed.ephemeral and description(fixed) == (
        "The tiebreaker floor cannot change after the event has started."
    )
    assert (await app.tournaments.find_event(GUILD_ID, event)).swiss_rounds == 3
    more = await fake.run_slash("tournament settings", user_id=JUDGE, event=event, rounds=4)
    assert "4 Swiss rounds" in description(more)
    log = await fake.run_slash("tournament log", user_id=JUDGE, event=event)
    assert "configure" in description(log)


async def test_decklist_files_late_entries_and_removals(fake_discord: FakeDiscord, app: App) -> None:
    fake = fake_discord
    await start(fake, app)
    _, event = await create_event(fake, top_cut=0)
    await register_all(fake, event, PLAYERS[:4])
    huge = await fake.run_slash(
        "tournament decklist submit",
        user_id=PLAYERS[0],
        event=event,
        file={"filename": "d.txt", "size": 500_000},
    )
    assert huge.ephemeral and "too big" in description(huge)
    fake.cdn["deck.png"] = b"\x89PNG\r\n\x1a\n\xff\xfe\x00"
    binary = await fake.run_slash(
        "tournament decklist submit",
        user_id=PLAYERS[0],
        event=event,
        file={"filename": "deck.png", "size": 11},
    )
    assert binary.ephemeral and "Line 1: the decklist is not UTF-8 text (byte 1)" in description(binary)
    for_player = await fake.run_slash(
        "tournament decklist submit", user_id=JUDGE, event=event, text="4 Wingal", player=PLAYERS[1]
    )
    assert for_player.ephemeral and "Decklist saved" in for_player.embeds[0]["title"]
    removed = await fake.run_slash("tournament player remove", user_id=JUDGE, event=event, user=PLAYERS[3])
    assert removed.ephemeral and "no longer registered" in description(removed)
    await fake.run_slash("tournament start", user_id=JUDGE, event=event)
    await fake.run_slash("tournament pair", user_id=JUDGE, event=event)
    late = await fake.run_slash("tournament player add", user_id=JUDGE, event=event, user=PLAYERS[5])
    assert "Late entry: paired from round 2" in description(late)
    listed = await fake.run_slash("tournament players", user_id=ALICE, event=event)
    assert "late, from round 2" in description(listed)
    closed = await fake.run_slash("tournament register", user_id=PLAYERS[6], event=event)
    assert closed.ephemeral and "closed" in description(closed)


async def test_the_command_group_is_guild_only_and_within_discords_size_limit(
    fake_discord: FakeDiscord, settings: Any
) -> None:
    from bot.client import sync_commands

    await sync_commands(settings.model_copy(update={"discord_token": "fake-token"}), GUILD_ID)
    tournament = next(c for c in fake_discord.synced_commands(GUILD_ID) if c["name"] == "tournament")
    assert tournament["dm_permission"] is False
    names = {o["name"] for o in tournament["options"]}
    assert {
        "create",
        "settings",
        "register",
        "report",
        "standings",
        "topcut",
        "export",
        "log",
        "organizer-role",
    } <= names
    create = next(o for o in tournament["options"] if o["name"] == "create")
    assert {"floor"} <= {o["name"] for o in create["options"]}
    settings_options = next(o for o in tournament["options"] if o["name"] == "settings")["options"]
    assert [o["name"] for o in settings_options] == [
        "event",
        "format",
        "rounds",
        "top_cut",
        "round_minutes",
        "capacity",
        "floor",
    ]
    assert [o["required"] for o in settings_options] == [True] + [False] * 6
    assert len(tournament["options"]) <= 25

    def size(node: dict[str, Any]) -> int:
        total = len(node.get("name", "")) + len(node.get("description", ""))
        total += sum(len(c["name"]) + len(str(c["value"])) for c in node.get("choices") or [])
        for option in node.get("options") or []:
            assert 1 <= len(option["description"]) <= 100, option
            total += size(option)
        return total

    assert size(tournament) < 8000


async def test_a_dispute_without_an_organizer_role_says_nobody_was_pinged(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    await start(fake, app)
    await fake.run_slash("tournament organizer-role set", user_id=ADMIN)
    created = await fake.run_slash(
        "tournament create", user_id=ADMIN, channel_id=EVENT_CHANNEL, name="Casual Cup", game="vanguard"
    )
    event = re.search(r"Event (\d+)", created.embeds[0]["footer"]["text"])[1]  # type: ignore[index]
    await register_all(fake, event, PLAYERS[:2])
    await fake.run_slash("tournament start", user_id=ADMIN, event=event)
    await fake.run_slash("tournament pair", user_id=ADMIN, event=event)
    (match,) = await current_matches(app, event)
    assert match.player_b is not None
    reported = await fake.run_slash(
        "tournament report", user_id=int(match.player_a), event=event, result="2-0"
    )
    disputed = await fake.press(reported.message_id, button(reported, "Dispute"), user_id=int(match.player_b))
    flag = disputed.followups[-1]
    assert "needs an organizer" in flag["content"] and "No organizer role is set" in flag["content"]
    assert "<@&" not in flag["content"] and not flag["allowed_mentions"].get("roles")
