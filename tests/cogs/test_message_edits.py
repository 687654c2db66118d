"""The message editor (cogs/message_edits.py) through real discord.py with only the wire faked: a match's
board in a channel and a player's panel in their DMs are sent for real, then edited through the editor,
and the test reads the PATCHes Discord received. Time is fake: the editor's ``sleep`` only records how
long it asked to wait and moves a fake clock, so nothing really waits."""

from __future__ import annotations

import asyncio
import io
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord.ext import commands
from discord.http import HTTPClient, Route

from bot.client import ALLOWED_MENTIONS
from cogs.message_edits import MessageEditor
from tests.discord.fake_discord import ALICE, CHANNEL_ID, COMPONENTS_V2, FakeDiscord, message_text, start_bot

PATCH = "PATCH /channels/{channel_id}/messages/{message_id}"
INTERVAL = 1.0
OLD_MESSAGE = "Maximum number of edits to messages older than 1 hour reached. Try again later."


class FakeTime:
    """A clock that moves only when the editor sleeps. Every sleep is recorded; a test may queue work to
    happen during the next sleeps (``during_sleeps``), as a match moving on while the editor waits."""

    def __init__(self) -> None:
        self.now = 1_000.0
        self.sleeps: list[float] = []
        self.during_sleeps: list[Callable[[], None]] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        if self.during_sleeps:
            self.during_sleeps.pop(0)()
        await asyncio.sleep(0)


@dataclass
class Scene:
    """A logged-in bot, the editor under test, and a board message in the guild channel."""

    fake: FakeDiscord
    bot: commands.Bot
    time: FakeTime
    editor: MessageEditor
    board: int
    gone: list[tuple[int, int]] = field(default_factory=list)

    def submit(self, version: int, *, message_id: int | None = None, channel_id: int = CHANNEL_ID) -> None:
        """Submit ``version`` of a message (the board by default); its build renders that version."""
        message_id = self.board if message_id is None else message_id
        name = "board" if message_id == self.board else "panel"
        self.editor.submit(channel_id, message_id, version, render(name, version))

    def patches(self, message_id: int | None = None) -> list[tuple[int | None, str]]:
        """``(status, content)`` of every PATCH of a message (the board by default), in order."""
        message_id = self.board if message_id is None else message_id
        return [
            (r.status, r.json["content"])
            for r in self.fake.requests_to(PATCH)
            if r.path.endswith(f"/messages/{message_id}")
        ]

    def sent(self, message_id: int | None = None) -> list[str]:
        """The contents Discord accepted for a message (the board by default), in order."""
        return [content for status, content in self.patches(message_id) if status == 200]


def render(name: str, version: int) -> Callable[[], Any]:
    """A build: the edit showing ``version`` of ``name``, as the match would render it when sent."""

    async def build() -> dict[str, Any]:
        return {
            "content": f"{name} v{version}",
            "embed": discord.Embed(title=name.title(), description=f"Turn {version}"),
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    return build


async def scene(fake: FakeDiscord, *, max_backoff: float = 60.0) -> Scene:
    bot = commands.Bot(
        command_prefix="!",
        intents=discord.Intents.default(),
        allowed_mentions=ALLOWED_MENTIONS,
        help_command=None,
    )
    await start_bot(fake, bot)
    board = await bot.get_partial_messageable(CHANNEL_ID).send("board v0")
    time = FakeTime()
    gone: list[tuple[int, int]] = []

    async def on_gone(channel_id: int, message_id: int) -> None:
        gone.append((channel_id, message_id))

    editor = MessageEditor(
        bot,
        interval=INTERVAL,
        sleep=time.sleep,
        clock=time.clock,
        max_backoff=max_backoff,
        on_gone=on_gone,
    )
    return Scene(fake, bot, time, editor, board.id, gone)


def editor_tasks() -> list[asyncio.Task[Any]]:
    return [t for t in asyncio.all_tasks() if t.get_name().startswith("arbiter-message-edit-")]


# coalescing -------------------------------------------------------------------------------------------


async def test_a_burst_of_submits_ends_in_few_patches_with_the_newest_last(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thirty states in quick succession: they keep arriving while an edit is in flight and while the
    editor waits out the interval. The wire also watches for overlapping edits of one message."""
    s = await scene(fake_discord)
    burst = iter(range(2, 31))

    def more(count: int) -> None:
        for version in itertools.islice(burst, count):
            s.submit(version)

    inner = HTTPClient.request
    in_flight: dict[str, int] = {}
    overlaps: list[str] = []
    started: list[float] = []

    async def slow_request(http: HTTPClient, route: Route, **kwargs: Any) -> Any:
        if route.method != "PATCH":
            return await inner(http, route, **kwargs)
        if in_flight.get(route.url):
            overlaps.append(route.url)
        in_flight[route.url] = in_flight.get(route.url, 0) + 1
        started.append(s.time.now)
        try:
            for _ in range(5):  # the match moves on while the edit travels
                more(2)
                await asyncio.sleep(0)
            return await inner(http, route, **kwargs)
        finally:
            in_flight[route.url] -= 1

    monkeypatch.setattr(HTTPClient, "request", slow_request)
    s.time.during_sleeps += [lambda: more(10)] * 5

    s.submit(1)
    await s.editor.drain()

    assert s.sent() == ["board v1", "board v21", "board v30"]
    assert fake_discord.message(s.board)["content"] == "board v30"
    assert fake_discord.message(s.board)["embeds"][0]["description"] == "Turn 30"
    assert overlaps == []
    assert all(later - earlier >= INTERVAL for earlier, later in itertools.pairwise(started))
    assert s.editor.last_sent(s.board) == 30
    assert editor_tasks() == []  # nothing left running once idle


async def test_submits_before_the_editor_runs_make_one_patch(fake_discord: FakeDiscord) -> None:
    s = await scene(fake_discord)
    for version in range(1, 11):
        s.submit(version)
    await s.editor.drain()
    assert s.patches() == [(200, "board v10")]
    assert s.time.sleeps == []  # the first edit of a message waits for nothing


async def test_two_messages_are_edited_independently(fake_discord: FakeDiscord) -> None:
    s = await scene(fake_discord)
    dm = await s.bot.create_dm(discord.Object(id=ALICE))
    panel = await dm.send("panel v0")
    # The board is old and refused twice; the panel must not wait for it.
    fake_discord.fail(f"PATCH /channels/{CHANNEL_ID}/messages/{s.board}", status=400, code=30046, times=2)

    s.submit(1)
    s.submit(1, message_id=panel.id, channel_id=dm.id)
    s.time.during_sleeps.append(lambda: s.submit(2, message_id=panel.id, channel_id=dm.id))
    await s.editor.drain()

    assert s.sent() == ["board v1"]
    assert s.sent(panel.id) == ["panel v1", "panel v2"]
    assert fake_discord.dm_messages(ALICE)[-1]["content"] == "panel v2"
    ok = [r.path for r in fake_discord.requests_to(PATCH) if r.status == 200]
    assert ok.index(f"/channels/{dm.id}/messages/{panel.id}") < ok.index(
        f"/channels/{CHANNEL_ID}/messages/{s.board}"
    )
    assert (s.editor.last_sent(s.board), s.editor.last_sent(panel.id)) == (1, 2)


async def test_an_older_version_submitted_after_a_newer_one_is_never_sent(fake_discord: FakeDiscord) -> None:
    s = await scene(fake_discord)
    s.submit(5)
    s.submit(3)  # queued behind 5: dropped
    await s.editor.drain()
    s.submit(4)  # older than the one sent
    s.submit(5)  # the same state again
    await s.editor.drain()
    s.submit(6)
    await s.editor.drain()
    assert s.patches() == [(200, "board v5"), (200, "board v6")]
    assert s.editor.last_sent(s.board) == 6


# Discord refusing ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "code", "message"),
    [(400, 30046, OLD_MESSAGE), (429, 0, "You are being rate limited.")],
    ids=["old-message-edit-limit", "rate-limited"],
)
async def test_a_refused_edit_backs_off_and_ends_on_the_newest_state(
    fake_discord: FakeDiscord, status: int, code: int, message: str
) -> None:
    s = await scene(fake_discord)
    fake_discord.fail(PATCH, status=status, code=code, message=message, times=2)
    s.submit(1)

    def moves_on_twice() -> None:
        s.submit(3)
        s.submit(2)  # late, and older than 3: never sent

    # The match moves on while the editor waits.
    s.time.during_sleeps += [lambda: s.submit(2), moves_on_twice]
    await s.editor.drain()

    assert s.patches() == [(status, "board v1"), (status, "board v2"), (200, "board v3")]
    assert s.time.sleeps == [2 * INTERVAL, 4 * INTERVAL]
    assert fake_discord.message(s.board)["content"] == "board v3"
    assert s.editor.last_sent(s.board) == 3
    assert s.gone == []


async def test_a_retry_builds_the_edit_again(fake_discord: FakeDiscord) -> None:
    s = await scene(fake_discord)
    fake_discord.fail(PATCH, status=400, code=30046, message=OLD_MESSAGE, times=1)
    builds: list[int] = []

    async def build() -> dict[str, Any]:
        builds.append(len(builds) + 1)
        picture = discord.File(io.BytesIO(b"\x89PNG board"), filename="board.png")  # a file is read once
        return {"content": f"board build {len(builds)}", "files": [picture]}

    s.editor.submit(CHANNEL_ID, s.board, 1, build)
    await s.editor.drain()
    assert s.patches() == [(400, "board build 1"), (200, "board build 2")]
    (last,) = [r for r in fake_discord.requests_to(PATCH) if r.status == 200]
    assert last.files == ["board.png"] and len(last.json["attachments"]) == 1


async def test_backoff_doubles_up_to_its_cap_and_starts_again_after_a_success(
    fake_discord: FakeDiscord,
) -> None:
    s = await scene(fake_discord, max_backoff=5.0)
    fake_discord.fail(PATCH, status=400, code=30046, message=OLD_MESSAGE, times=4)
    builds: list[int] = []

    async def first() -> dict[str, Any]:
        builds.append(1)
        if builds.count(1) == 5:  # the try that gets through; the match moves on meanwhile
            s.editor.submit(CHANNEL_ID, s.board, 2, second)
        return {"content": "board v1"}

    async def second() -> dict[str, Any]:
        builds.append(2)
        if builds.count(2) == 1:  # and the board is refused once more
            fake_discord.fail(PATCH, status=400, code=30046, message=OLD_MESSAGE, times=1)
        return {"content": "board v2"}

    s.editor.submit(CHANNEL_ID, s.board, 1, first)
    await s.editor.drain()
    assert s.time.sleeps == [2.0, 4.0, 5.0, 5.0, INTERVAL, 2.0]
    assert s.sent() == ["board v1", "board v2"]


@pytest.mark.parametrize("how", ["retry-after-header", "rate-limited-before-the-request"])
async def test_a_rate_limit_waits_as_long_as_discord_asks(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """The fake answers a 429 without headers; this wire adds what Discord sends (``Retry-After``), or
    raises what discord.py raises before a request that would wait longer than the client allows."""
    s = await scene(fake_discord)
    inner = HTTPClient.request
    refusals = [1]

    async def request(http: HTTPClient, route: Route, **kwargs: Any) -> Any:
        if route.method == "PATCH" and refusals and how == "rate-limited-before-the-request":
            refusals.pop()
            raise discord.RateLimited(7.5)
        try:
            return await inner(http, route, **kwargs)
        except discord.HTTPException as error:
            if error.status == 429:
                error.response.headers["Retry-After"] = "7.5"  # type: ignore[index]
            raise

    monkeypatch.setattr(HTTPClient, "request", request)
    if how == "retry-after-header":
        fake_discord.fail(PATCH, status=429, message="You are being rate limited.", times=1)
    s.submit(1)
    await s.editor.drain()
    assert s.time.sleeps == [7.5]
    assert s.sent() == ["board v1"]


@pytest.mark.parametrize("status", [404, 403])
async def test_a_message_that_is_gone_calls_on_gone_and_stops(fake_discord: FakeDiscord, status: int) -> None:
    s = await scene(fake_discord)
    if status == 404:
        await s.bot.get_partial_messageable(CHANNEL_ID).get_partial_message(s.board).delete()
    else:
        fake_discord.fail(PATCH, status=403, code=50001, message="Missing Access")
    s.submit(1)
    await s.editor.drain()
    s.submit(2)
    await s.editor.drain()

    assert s.patches() == [(status, "board v1")]
    assert s.gone == [(CHANNEL_ID, s.board)]
    assert s.editor.last_sent(s.board) is None
    assert editor_tasks() == []


@pytest.mark.parametrize(("status", "code"), [(400, 50035), (500, 0)], ids=["invalid-body", "server-error"])
async def test_another_http_error_drops_that_edit_with_a_warning(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture, status: int, code: int
) -> None:
    s = await scene(fake_discord)
    fake_discord.fail(PATCH, status=status, code=code, times=1)
    with caplog.at_level(logging.INFO, logger="arbiter.cogs.message_edits"):
        s.submit(1)
        await s.editor.drain()
        s.submit(2)
        await s.editor.drain()

    assert s.patches() == [(status, "board v1"), (200, "board v2")]
    assert s.editor.last_sent(s.board) == 2
    assert s.time.sleeps == [INTERVAL]  # no backoff, only the spacing between two edits
    ours = [r for r in caplog.records if r.name == "arbiter.cogs.message_edits"]
    assert [r.levelno for r in ours] == [logging.WARNING]
    assert str(s.board) in ours[0].getMessage()
    assert s.gone == []


async def test_close_drops_what_is_queued(fake_discord: FakeDiscord) -> None:
    s = await scene(fake_discord)
    fake_discord.fail(PATCH, status=400, code=30046, message=OLD_MESSAGE)  # never accepted
    s.submit(1)
    for _ in range(20):
        await asyncio.sleep(0)
    await s.editor.close()
    s.submit(2)
    await s.editor.drain()
    assert s.sent() == [] and editor_tasks() == []


# Components V2 ------------------------------------------------------------------------------------------


def laid_out(version: int, picture: bool = True) -> Callable[[], Any]:
    """A build: ``version`` of the board laid out (Components V2), with its picture attached."""

    async def build() -> dict[str, Any]:
        container: discord.ui.Container[Any] = discord.ui.Container(
            discord.ui.TextDisplay(f"board v{version}")
        )
        files = []
        if picture:
            container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")))
            files.append(discord.File(io.BytesIO(b"png%d" % version), filename="board.png"))
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(container)
        return {"view": view, "attachments": files, "allowed_mentions": discord.AllowedMentions.none()}

    return build


async def test_a_board_sent_as_an_embed_becomes_a_layout_at_its_next_edit(fake_discord: FakeDiscord) -> None:
    """A board an older version sent with text and an embed: the editor's first layout clears both in
    the same edit, with the IS_COMPONENTS_V2 flag, as Discord requires; later edits are layouts too and
    Discord takes each one."""
    s = await scene(fake_discord)
    s.submit(1)  # as an older version edited it: text and an embed
    await s.editor.drain()
    assert fake_discord.message(s.board)["embeds"]
    for version in (2, 3):
        s.editor.submit(CHANNEL_ID, s.board, version, laid_out(version))
        await s.editor.drain()
    patches = [r for r in fake_discord.requests_to(PATCH) if r.path.endswith(f"/messages/{s.board}")]
    assert [r.status for r in patches] == [200, 200, 200]
    switch = patches[1].json or {}
    assert switch["flags"] & COMPONENTS_V2 and switch["content"] is None and switch["embeds"] == []
    board = fake_discord.message(s.board)
    assert board["flags"] & COMPONENTS_V2 and not board["content"] and not board["embeds"]
    assert message_text(board) == "board v3" and board["attachments"][0]["filename"] == "board.png"
    assert not fake_discord.violations


async def test_a_layout_is_never_edited_back_into_an_embed(fake_discord: FakeDiscord) -> None:
    """Discord refuses text or an embed on a message that is a layout: such an edit is a warning and is
    dropped, and the next layout is sent as usual (the editor never turns a layout back itself)."""
    s = await scene(fake_discord)
    s.editor.submit(CHANNEL_ID, s.board, 1, laid_out(1))
    await s.editor.drain()
    s.submit(2)  # an embed: refused
    await s.editor.drain()
    s.editor.submit(CHANNEL_ID, s.board, 3, laid_out(3, picture=False))
    await s.editor.drain()
    statuses = [r.status for r in fake_discord.requests_to(PATCH) if r.path.endswith(f"/messages/{s.board}")]
    assert statuses == [200, 400, 200]
    assert message_text(fake_discord.message(s.board)) == "board v3"
    with pytest.raises(AssertionError, match="content and embeds cannot be used"):
        fake_discord.check()
