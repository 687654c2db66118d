"""``/match`` on Discord through real discord.py with only the wire faked (tests/discord/fake_discord.py), on
a real App and SQLite file: a challenge accepted with its button opens a thread with the board and a DM
panel for each player; offers are taken with buttons, menus and forms; a closed DM falls back to My
hand; a stale button, a third user's press and a restart are handled. The fixture fails a test on any
logged error, unanswered interaction or body Discord would reject."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.actions import match_tables as mt
from bot.app import App
from bot.client import INVITE_PERMISSIONS, ArbiterBot
from bot.render.layout import texts as layout_texts
from cogs.match.components import board_layout
from engine.match.offers import offers
from tests.cogs.match.discord_player import Watcher, open_offer, play_on_discord, quick
from tests.cogs.match.helpers import CAROL, app_drain, board_message, custom_ids, labels, panel, started
from tests.discord.fake_discord import (
    ADMIN,
    ALICE,
    BOB,
    CHANNEL_ID,
    COMPONENTS_V2,
    GUILD_ID,
    FakeDiscord,
    Json,
    flatten_components,
    message_text,
    restart_bot,
    start_bot,
    walk_components,
)


def texts(message: Json) -> list[str]:
    """A layout's text displays, in order."""
    return [str(c["content"]) for c in walk_components(message["components"]) if c.get("type") == 10]


def _label(result: Any, custom_id: str) -> str:
    return next((c.get("label") or "") for c in result.components if c.get("custom_id") == custom_id)


async def test_accepting_opens_a_thread_with_the_board_and_each_hand_by_dm(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    _, thread_id = await started(fake, app)
    thread = fake.channels[thread_id]
    assert "vs" in thread["name"] and "Duel Masters" in thread["name"]
    board = board_message(fake, thread_id)
    assert board["flags"] & COMPONENTS_V2 and not board["embeds"] and not board["content"]
    assert texts(board)[0].startswith("## Match #1")
    assert {c.split(":")[1] for c in custom_ids(board)} == {"h", "w", "r"}
    assert board["attachments"] and board["attachments"][0]["filename"].endswith(".png")
    gallery = next(c for c in walk_components(board["components"]) if c.get("type") == 12)
    assert gallery["items"][0]["media"]["url"] == f"attachment://{board['attachments'][0]['filename']}"
    for user in (ALICE, BOB):
        dm = panel(fake, user)
        assert dm["flags"] & COMPONENTS_V2 and not dm["embeds"]
        assert "Match #1" in texts(dm)[0] and "your panel" in texts(dm)[0]
    mentions = [m for m in fake.messages_in(thread_id) if "<@" in m["content"]]
    assert mentions, "the player who acts first is mentioned"

    state = await app.matches.state(1)
    active = (ALICE, BOB)[state.board.active]
    dm = panel(fake, active)
    offers = [c for c in custom_ids(dm) if c.startswith("mt:o:")]
    assert offers, dm["components"]


async def test_offers_are_taken_with_buttons_and_menus_and_the_places_follow(
    fake_discord: FakeDiscord, app: App
) -> None:
    fake = fake_discord
    _, thread_id = await started(fake, app)
    state = await app.matches.state(1)
    active = (ALICE, BOB)[state.board.active]
    dm = panel(fake, active)
    board = board_message(fake, thread_id)
    mine = next(c for c in custom_ids(board) if c.startswith("mt:h:"))
    early = await fake.press(int(board["id"]), mine, user_id=active)
    assert early.ephemeral
    # Duel Masters begins with the charge: a card of the hand into the mana zone, chosen in a menu.
    charge = next(c for c, label in labels(dm).items() if c.startswith("mt:o:") and "harge" in label)
    pressed = await fake.press(int(dm["id"]), charge, user_id=active)
    menu = next(c for c in pressed.custom_ids if c.startswith("mt:s:"))
    chosen = await fake.select(int(dm["id"]), menu, ["1"], user_id=active)
    assert chosen.acknowledged
    after = await app.matches.state(1)
    assert after.version > state.version and len(after.zone("mana", after.board.active)) == 1
    await fake.settle()
    await app_drain(fake)
    board = board_message(fake, thread_id)
    assert "mana zone 1" in message_text(board), message_text(board)

    # A press on the panel as it was before the charge is refused with one sentence, and the panel is
    # shown as it is now.
    stale = await fake.press(early.message_id or 0, charge, user_id=active)
    assert "moved on" in texts(stale.message)[0], stale.describe()
    assert all(c.split(":")[3] == str(after.version) for c in stale.custom_ids if c.startswith("mt:o:"))
    assert (await app.matches.state(1)).version == after.version, "nothing changed"
    # Someone else pressing a player's button in their DMs is told there is no such match for them;
    # in the match's server they get the spectator's board, privately.
    now = panel(fake, active)
    button = next(c for c in custom_ids(now) if c.startswith("mt:o:"))
    other = await fake.press(int(now["id"]), button, user_id=CAROL)
    assert other.ephemeral and "There is no match #1 here." in str(other.embeds[0]), other.describe()
    assert (await app.matches.state(1)).version == after.version
    board = board_message(fake, thread_id)
    mine = next(c for c in custom_ids(board) if c.startswith("mt:h:"))
    watching = await fake.press(int(board["id"]), mine, user_id=CAROL)
    assert watching.ephemeral and "Match #1" in watching.text
    assert "your panel" not in watching.text and not custom_ids(watching.message)


async def test_closed_dms_fall_back_to_my_hand_on_the_board(fake_discord: FakeDiscord, app: App) -> None:
    """Both players' DMs are closed: each is recorded once and said once in the thread; the player to
    act plays from My hand (a private panel saying which action it is as of); Watch shows anyone the
    spectator's board."""
    fake = fake_discord
    fake.close_dms(ALICE)
    fake.close_dms(BOB)
    _, thread_id = await started(fake, app)
    notes = [m["content"] for m in fake.messages_in(thread_id) if "DMs are closed" in m["content"]]
    assert len(notes) == 2
    assert await app.panels.dm_closed(ALICE) and await app.panels.dm_closed(BOB)
    assert not fake.dm_messages(ALICE) and not fake.dm_messages(BOB)
    board = board_message(fake, thread_id)
    mine = next(c for c in custom_ids(board) if c.startswith("mt:h:"))
    active = (ALICE, BOB)[(await app.matches.state(1)).board.active]
    shown = await fake.press(int(board["id"]), mine, user_id=active)
    assert shown.ephemeral and "your panel" in shown.text
    assert "as of action 0" in shown.text
    nothing = next(c for c in shown.custom_ids if c.startswith("mt:o:") and "No charge" in _label(shown, c))
    pressed = await fake.press(shown.message_id or 0, nothing, user_id=active)
    assert (await app.matches.state(1)).version == 1
    assert "as of action 1" in pressed.text
    await app_drain(fake)
    assert len([m for m in fake.messages_in(thread_id) if "DMs are closed" in m["content"]]) == 2
    watch = next(c for c in custom_ids(board) if c.startswith("mt:w:"))
    spectator = await fake.press(int(board["id"]), watch, user_id=CAROL)
    assert spectator.ephemeral and "your panel" not in spectator.text


async def test_the_buttons_work_after_a_restart(fake_discord: FakeDiscord, app: App) -> None:
    fake = fake_discord
    _, thread_id = await started(fake, app)
    quick(await restart_bot(fake, ArbiterBot(app)))
    board = board_message(fake, thread_id)
    mine = next(c for c in custom_ids(board) if c.startswith("mt:h:"))
    shown = await fake.press(int(board["id"]), mine, user_id=ALICE)
    assert shown.ephemeral and "your panel" in shown.text
    # The DM panel's offers, sent by the bot before the restart, still act.
    state = await app.matches.state(1)
    active = (ALICE, BOB)[state.board.active]
    dm = panel(fake, active)
    nothing = next(c for c, label in labels(dm).items() if c.startswith("mt:o:") and "No charge" in label)
    await fake.press(int(dm["id"]), nothing, user_id=active)
    assert (await app.matches.state(1)).version == state.version + 1
    await app_drain(fake)


GAMES = {
    # game: (seed, the setup action each player takes first, the combat actions the match must hold);
    # Gate Ruler's seed 2 generates rulers without their numbers, which a practice deck's ruler has
    "gateruler": (2, None, {"gr_attack"}),
    "forceofwill": (3, "fow_mulligan", {"fow_attack"}),
    "vanguard": (3, "vg_redraw", {"vg_attack", "vg_guard"}),
    "duelmasters": (3, None, {"dm_attack", "dm_break"}),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_match_is_played_through_buttons_menus_and_forms(
    fake_discord: FakeDiscord, app: App, game: str
) -> None:
    """From the challenge to the result, each move pressed on the player's DM panel; after every move
    no payload the wire carried names a card its recipient does not know."""
    fake = fake_discord
    seed, first, combat = GAMES[game]
    _, thread_id = await started(fake, app, game, seed)
    watcher = Watcher(fake, {0: ALICE, 1: BOB}, thread_id)
    assert not await watcher.leaks(app, 1)
    taken = await play_on_discord(fake, app, 1, {0: ALICE, 1: BOB}, watcher, random.Random(seed), first)
    state = await app.matches.state(1)
    assert state.winner is not None and "concede" not in (state.end_reason or "").lower()
    assert combat <= set(taken), sorted(combat - set(taken))
    if first is not None:
        assert taken[first] >= 2
    assert "gr_ruler" not in taken, "a practice ruler comes with its numbers (5-3b)"
    pressed = Counter(
        str((result.payload.get("data") or {}).get("custom_id", "")).split(":")[1]
        for result in fake.interactions.values()
        if result.type == 3 and str((result.payload.get("data") or {}).get("custom_id", "")).startswith("mt:")
    )
    # offers pressed as buttons of their own and beside a card of the hand (and, where the random player
    # takes one, chosen behind More: mt:p then mt:a)
    assert pressed["o"] and pressed["c"] and pressed["p"] == pressed["a"], pressed
    board = board_message(fake, thread_id)
    assert "is over" in texts(board)[0], texts(board)
    assert any("is over" in m["content"] for m in fake.messages_in(thread_id))


async def test_two_presses_of_one_offer_apply_once(fake_discord: FakeDiscord, app: App) -> None:
    """Both presses arrive before either is answered (a double tap on a phone): the match's lock lets
    the first act; the second finds the panel moved on and changes nothing."""
    fake = fake_discord
    await started(fake, app)
    state = await app.matches.state(1)
    active = (ALICE, BOB)[state.board.active]
    dm = panel(fake, active)
    nothing = next(c for c, label in labels(dm).items() if c.startswith("mt:o:") and "No charge" in label)
    first = fake.feed(fake.component_payload(int(dm["id"]), nothing, user_id=active))
    second = fake.feed(fake.component_payload(int(dm["id"]), nothing, user_id=active))
    await fake.settle()
    after = await app.matches.state(1)
    assert after.version == state.version + 1
    assert first.acknowledged and second.acknowledged
    assert any("moved on" in r.text for r in (first, second))


@pytest.mark.parametrize(
    ("status", "code"), [(400, 30046), (429, 0)], ids=["old-message edit limit", "rate limited"]
)
async def test_refused_board_edits_end_on_the_newest_board(
    fake_discord: FakeDiscord, app: App, status: int, code: int
) -> None:
    """Discord refuses the board's edits twice (30046, a message older than an hour; or 429, rate
    limited) while the match moves on: the board ends on the newest state."""
    fake = fake_discord
    _, thread_id = await started(fake, app)
    board = board_message(fake, thread_id)
    fake.fail(
        f"PATCH /channels/{thread_id}/messages/{board['id']}",
        status=status,
        code=code,
        times=2,
    )
    state = await app.matches.state(1)
    active = (ALICE, BOB)[state.board.active]
    dm = panel(fake, active)
    nothing = next(c for c, label in labels(dm).items() if c.startswith("mt:o:") and "No charge" in label)
    await fake.press(int(dm["id"]), nothing, user_id=active)
    await app_drain(fake)
    refused = [r for r in fake.requests if r.method == "PATCH" and r.path.endswith(board["id"]) and not r.ok]
    assert len(refused) == 2
    expected = board_layout(await mt.board(app, 1), 1)
    assert texts(board_message(fake, thread_id)) == list(layout_texts(expected))
    tables: Any = fake.bots[-1].match_places  # type: ignore[attr-defined]
    assert tables.editor.last_sent(int(board["id"])) == (await app.matches.state(1)).version


async def test_the_clock_warns_then_lets_the_opponent_claim_after_a_restart(
    fake_discord: FakeDiscord, app: App
) -> None:
    """The clock runs from stored times: after a restart, the player to act is warned once with less
    than a minute left, then the opponent is told once that they may claim the win, and does."""
    fake = fake_discord
    _, thread_id = await started(fake, app)
    bot = await restart_bot(fake, ArbiterBot(app))
    quick(bot)
    state = await app.matches.state(1)
    acting = state.board.priority
    info = await app.clock.info(1)
    assert info is not None
    start = app.clock.now()
    tables: Any = bot.match_places  # type: ignore[attr-defined]
    app.clock.now = lambda: start + info.per_turn + info.left[acting] - 30
    assert await tables.check_clocks() == 1
    assert await tables.check_clocks() == 0, "each warning is said once"
    app.clock.now = lambda: start + info.per_turn + info.left[acting] + 5
    assert await tables.check_clocks() == 1
    posts = [m["content"] for m in fake.messages_in(thread_id)]
    users = (ALICE, BOB)
    assert any("less than a minute" in p and f"<@{users[acting]}>" in p for p in posts)
    told = next(p for p in posts if "out of time" in p)
    assert f"<@{users[1 - acting]}>" in told
    claimed = await fake.run_slash("match clock", user_id=users[1 - acting], match=1, action="claim")
    assert claimed.acknowledged
    over = await app.matches.state(1)
    assert over.status != "playing" and over.winner == 1 - acting and "time" in (over.end_reason or "")


def test_the_readme_asks_for_the_permissions_a_match_needs() -> None:
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    assert f"permission integer `{INVITE_PERMISSIONS.value}`" in readme
    assert INVITE_PERMISSIONS.create_public_threads and INVITE_PERMISSIONS.send_messages_in_threads


async def test_a_server_can_leave_the_picture_off_its_boards(fake_discord: FakeDiscord, app: App) -> None:
    """``/settings board-picture shown:False`` (Manage Server): the server's match boards carry no
    picture, and the text board is unchanged; another server's setting is its own."""
    fake = fake_discord
    await start_bot(fake, ArbiterBot(app))
    done = await fake.run_slash("settings board-picture", user_id=ADMIN, shown=False)
    assert done.ephemeral and "no longer" in done.embeds[0]["description"]
    assert not await app.guilds.board_picture(GUILD_ID)
    assert await app.guilds.board_picture(GUILD_ID + 1)
    await fake.close_bots()
    _, thread_id = await started(fake, app)
    board = board_message(fake, thread_id)
    assert not board["attachments"] and texts(board)[0].startswith("## Match #1")
    assert not [c for c in walk_components(board["components"]) if c.get("type") == 12], "no picture shown"
    assert "(tap)" in message_text(board) or ":" in texts(board)[1], "every face-up card by name, as before"


async def test_a_menu_of_more_than_25_options_turns_its_pages(fake_discord: FakeDiscord, app: App) -> None:
    """Move cards offers 40 cards: the menu shows 25 a page, the player turns to the second page and
    chooses option 30 there; the options keep their numbers, and the card moves."""
    fake = fake_discord
    await started(fake, app)
    state = await app.matches.state(1)
    active = (ALICE, BOB)[state.board.active]
    dm = panel(fake, active)
    listed = offers(state, state.board.active)
    number = next(n for n, offer in enumerate(listed, 1) if offer.label == "Move cards")
    offer = listed[number - 1]
    assert len(offer.needs[0].options) > 25
    assert not any(label.endswith("Move cards") for label in labels(dm).values()), "behind More"
    await open_offer(fake, active, int(dm["id"]), number)
    shown = fake.message(int(dm["id"]))
    menu = next(c for c in custom_ids(shown) if c.startswith("mt:s:"))
    first_page = next(item for item in walk_components(shown["components"]) if item.get("custom_id") == menu)
    assert [o["value"] for o in first_page["options"]] == [str(i) for i in range(1, 26)]
    turn = next(c for c in custom_ids(shown) if c.startswith("mt:q:") and c.endswith(":1"))
    await fake.press(int(dm["id"]), turn, user_id=active)
    shown = fake.message(int(dm["id"]))
    menu = next(c for c in custom_ids(shown) if c.startswith("mt:s:"))
    second = next(item for item in walk_components(shown["components"]) if item.get("custom_id") == menu)
    assert second["options"][0]["value"] == "26"
    await fake.select(int(dm["id"]), menu, ["30"], user_id=active)
    chosen_card = offer.needs[0].options[29]
    where = next(c for c in custom_ids(fake.message(int(dm["id"]))) if c.startswith("mt:s:"))
    targets = offer.needs[1].options
    seat = state.board.active
    graveyard = next(
        i
        for i, option in enumerate(targets, 1)
        if getattr(option, "zone", None) == "graveyard" and getattr(option, "player", None) == seat
    )
    await fake.select(int(dm["id"]), where, [str(graveyard)], user_id=active)
    after = await app.matches.state(1)
    assert after.version == state.version + 1
    moved = state.zone(chosen_card.zone, chosen_card.player)[chosen_card.index]
    assert moved in after.zone("graveyard", seat)
    await app_drain(fake)


async def test_an_open_challenge_is_accepted_by_anyone_and_a_player_exports_the_match(
    fake_discord: FakeDiscord, app: App
) -> None:
    """``/match open`` pings nobody and anyone may accept it; ``/match export`` gives a player the
    match as a JSON file once it has ended (earlier, one sentence), and nobody else."""
    fake = fake_discord
    quick(await start_bot(fake, ArbiterBot(app)))
    fake.add_user(CAROL, "carol")
    opened = await fake.run_slash("match open", user_id=ALICE, game="vanguard")
    assert "<@" not in opened.content and "anyone" in opened.embeds[0]["description"].lower()
    accept = next(c for c in opened.custom_ids if c.startswith("mc:a:"))
    await fake.press(opened.message_id or 0, accept, user_id=CAROL)
    assert (await app.matches.user_ids(1)) == [ALICE, CAROL]
    early = await fake.run_slash("match export", user_id=ALICE, match=1)
    assert early.ephemeral and "ended" in early.embeds[0]["description"]
    await fake.run_slash("match concede", user_id=CAROL, match=1)
    assert (await app.matches.state(1)).status != "playing"
    stranger = await fake.run_slash("match export", user_id=BOB, match=1)
    assert stranger.ephemeral and "not a player" in stranger.embeds[0]["description"]
    done = await fake.run_slash("match export", user_id=ALICE, match=1)
    assert done.ephemeral and done.message["attachments"][0]["filename"] == "match-1.json"
    assert "arbiter match verify" in done.embeds[0]["description"]


async def test_a_paired_player_plays_their_tournament_match_here_from_the_pairings(
    fake_discord: FakeDiscord, app: App
) -> None:
    """A round's pairings carry Play here: a paired player's press starts their pairing's game with
    both registered decklists, in a thread with the board and each player's DM panel."""
    fake = fake_discord
    quick(await start_bot(fake, ArbiterBot(app)))
    created = await fake.run_slash(
        "tournament create", user_id=ADMIN, name="Friday Vanguard", game="vanguard", format="bo1", rounds=1
    )
    assert created.acknowledged
    legal = "; ".join(f"4 Test Unit {n:02d}" for n in range(1, 13)) + "; 2 Test Unit 13"
    for user in (ALICE, BOB):
        await fake.run_slash("tournament register", user_id=user, event="Friday Vanguard")
        await fake.run_slash("tournament decklist submit", user_id=user, event="Friday Vanguard", text=legal)
    await fake.run_slash("tournament start", user_id=ADMIN, event="Friday Vanguard")
    await fake.run_slash("tournament pair", user_id=ADMIN, event="Friday Vanguard")
    pairing = next(m for m in fake.messages_in(CHANNEL_ID) if "round 1" in m["content"] and m["components"])
    play = next(c for c in custom_ids(pairing) if c.startswith("tn:play:"))
    begun = await fake.press(int(pairing["id"]), play, user_id=BOB)
    assert "round 1, table 1: game 1 begins" in begun.content, begun.describe()
    threads = [c for c in fake.channels.values() if c.get("parent_id") == str(CHANNEL_ID)]
    assert len(threads) == 1 and board_message(fake, int(threads[0]["id"]))
    assert panel(fake, ALICE) and panel(fake, BOB)
    again = await fake.press(int(pairing["id"]), play, user_id=ALICE)
    assert again.ephemeral and "is being played" in again.embeds[0]["description"]
    await app_drain(fake)


def _section_of(message: Json, starts: str) -> Json:
    """The section (a line with its button beside it) whose text starts so."""
    return next(
        c
        for c in walk_components(message["components"])
        if c.get("type") == 9 and str(c["components"][0]["content"]).startswith(starts)
    )


async def test_a_card_is_charged_from_its_own_line_and_the_rest_is_behind_more(
    fake_discord: FakeDiscord, app: App
) -> None:
    """The charge step on a phone: the decision first (Charge, No charge), each card of the hand on its
    own line with Charge beside it, and More; at most twelve buttons. Charge beside the second card puts
    that card in the mana zone at once; More opens the other offers in a menu, a page at a time, Back
    returns, and an offer chosen there is taken; a card's button on a panel the match has moved past is
    refused and the panel shown as it is now."""
    fake = fake_discord
    _, thread_id = await started(fake, app)
    state = await app.matches.state(1)
    seat = state.board.active
    active = (ALICE, BOB)[seat]
    board = board_message(fake, thread_id)
    early = await fake.press(int(board["id"]), "mt:h:1", user_id=active)  # the panel, privately, as of now
    dm = panel(fake, active)
    controls = flatten_components(dm["components"])
    assert len(controls) <= 12
    assert [c["label"] for c in controls[:2]] == ["1. Charge", "2. No charge"], controls
    assert "Your move: Charge or No charge?" in texts(dm)[0]
    hand = state.zone("hand", seat)
    lines = [c for c in walk_components(dm["components"]) if c.get("type") == 9]
    assert len(lines) == len(hand) and all(line["accessory"]["label"] == "Charge" for line in lines)
    second = _section_of(dm, "**#2**")["accessory"]["custom_id"]
    await fake.press(int(dm["id"]), second, user_id=active)
    after = await app.matches.state(1)
    assert after.version == state.version + 1 and list(after.zone("mana", seat)) == [hand[1]]
    await app_drain(fake)
    stale_card = _section_of(early.message, "**#1**")["accessory"]["custom_id"]
    stale = await fake.press(early.message_id or 0, stale_card, user_id=active)
    assert "moved on" in stale.text and (await app.matches.state(1)).version == after.version
    # anyone else in the match's server pressing a card's button gets the board, privately
    copy = fake.add_bot_message(
        thread_id,
        [{"type": 1, "components": [{"type": 2, "style": 3, "label": "Charge", "custom_id": stale_card}]}],
    )
    watched = await fake.press(int(copy["id"]), stale_card, user_id=CAROL)
    assert watched.ephemeral and "## Match #1" in watched.text and "your panel" not in watched.text
    assert (await app.matches.state(1)).version == after.version

    dm = panel(fake, active)
    more = next(c for c in custom_ids(dm) if c.startswith("mt:p:") and c.endswith(":0"))
    listed = offers(after, seat)
    behind = [n for n, offer in enumerate(listed, 1) if f"mt:o:1:{after.version}:{n}" not in custom_ids(dm)]
    assert f"More ({len(behind)})" in labels(dm).values()
    opened = await fake.press(int(dm["id"]), more, user_id=active)
    menu = next(
        c
        for c in walk_components(opened.message["components"])
        if str(c.get("custom_id")).startswith("mt:a:")
    )
    assert [o["value"].split(":")[0] for o in menu["options"]] == [str(n) for n in behind[:25]]
    if len(behind) > 25:
        ahead = next(c["custom_id"] for c in opened.components if c["label"] == "▶")
        turned = await fake.press(int(dm["id"]), ahead, user_id=active)
        assert f"{behind[25]}. " in turned.text
    back = await fake.press(int(dm["id"]), "mt:x:1", user_id=active)
    assert "your panel" in back.text and more in back.custom_ids
    coin = next(n for n in behind if listed[n - 1].type == "coin")
    flipped = await open_offer(fake, active, int(dm["id"]), coin)
    assert flipped.acknowledged and (await app.matches.state(1)).version == after.version + 1
    await app_drain(fake)
    assert f"as of action {after.version + 1}" in message_text(panel(fake, active))
    await app_drain(fake)


async def test_a_panel_sent_by_an_older_version_still_acts_and_becomes_a_layout(
    fake_discord: FakeDiscord, app: App
) -> None:
    """A DM panel as an older version sent it (text, an embed, rows of numbered offer buttons, paged):
    its buttons keep working after the upgrade; the page button opens that page of offers in the
    menu, and an offer pressed there is taken and the message turns into the panel's layout."""
    fake = fake_discord
    await started(fake, app)
    state = await app.matches.state(1)
    active = (ALICE, BOB)[state.board.active]
    dm = panel(fake, active)
    listed = offers(state, state.board.active)
    number = next(n for n, offer in enumerate(listed, 1) if offer.label == "No charge")
    rows = [
        {
            "type": 1,
            "components": [
                {
                    "type": 2,
                    "style": 1,
                    "label": f"{number}. No charge",
                    "custom_id": f"mt:o:1:{state.version}:{number}",
                }
            ],
        },
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 2, "label": "Offers ▶", "custom_id": f"mt:p:1:{state.version}:1"}
            ],
        },
    ]
    old = fake.messages[int(dm["id"])]
    old.update(
        content=f"**Match #1** (as of action {state.version})",
        embeds=[{"title": "Match #1: your panel", "description": "Your hand: ..."}],
        components=rows,
        flags=0,
    )
    paged = await fake.press(int(dm["id"]), f"mt:p:1:{state.version}:1", user_id=active)
    assert (
        paged.message["flags"] & COMPONENTS_V2
        and not paged.message["embeds"]
        and not paged.message["content"]
    )
    assert "More:" in paged.text and "page 2" in paged.text, paged.text
    old.update(content="old", embeds=[{"title": "Match #1: your panel"}], components=rows, flags=0)
    taken = await fake.press(int(dm["id"]), f"mt:o:1:{state.version}:{number}", user_id=active)
    assert (await app.matches.state(1)).version == state.version + 1
    assert taken.message["flags"] & COMPONENTS_V2 and not taken.message["embeds"]
    assert f"as of action {state.version + 1}" in taken.text
    await app_drain(fake)
