"""A match's places on Discord, kept current: the public board in a thread, each player's private panel
in their DMs, and a short message mentioning the player the game passes to; and :func:`act`, the one
way a command or a press moves a match on (acknowledge, lock, act, present).

Decisions, for two players on their phones:

- **The thread** is opened in the channel the match was accepted in, named after the players and the
  game; where a thread cannot be opened (a thread already, a channel type without threads, no
  permission) the channel itself holds the board.
- **The board** is one message, edited in place after every accepted action (coalesced per message by
  :class:`~cogs.message_edits.MessageEditor`: the newest state wins), laid out as Discord's Components
  V2: the board picture, the counts and last moves in text, and **My hand**, **Watch** and **Resend my
  panel** buttons.
- **Each player's panel** is one DM message, edited in place, laid out for a phone: the step's
  decision first, each card of the hand with its action beside it, and the rest behind **More**
  (:mod:`cogs.match.components`). A message sent as an embed by an older version becomes a layout at
  its next edit (Discord never turns a layout back). Edits notify nobody, so when the turn or a
  decision passes to a player, a short new message in the thread mentions them, and only them;
  unless they are at the table (they acted in the match in the last minute), when their panel,
  which says it is their move, is enough.
- **Read once per version**: the board and each panel are built from the match's
  :class:`~bot.actions.match_tables.Places` of that version, each at most once; a press costs one
  state, one view per viewer, one offer list per seat (docs/architecture.md, "A press costs little
  more than the action").
- **A panel is edited only when it changed**: a player who only waits (the game waits for the other
  player, and their offers are the ones always behind **More**) sees whose turn it is, not each step,
  and their panel is not edited while it reads the same but for the action's number (a request saved;
  Discord allows a bot about 50 a second in all). Their **More** still works on the panel they have:
  a press on a panel the match has moved past shows the offers as they are now. A panel with any
  other offer is always edited: its buttons carry the version they were shown at. The presser's own
  panel is updated by the press's answer, which does not count against that budget.
- **DMs closed**: a refused DM (50007, 50278) is recorded (:class:`~bot.services.match_panels.MatchPanels`)
  and not retried on every action; the thread says so once, and **My hand** on the board opens the
  same panel privately. **Resend my panel** tries the DM again.
- **One writer per match**: actions and refreshes of a match run one at a time (a lock per match).
- **Presses first**: while many presses are being answered at once, a board or panel edit is built
  once they are, or after five seconds at most (:meth:`MatchPlaces.edits_wait`), so that each
  player sees their own panel answered before the process draws boards.
- **A match that ends lets go**: once its last edits are sent, nothing of it is kept in memory (its
  places, lock, editor entries, the service's live state), and the clock watch reads only matches in
  play.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Literal, Protocol

import discord

from bot.actions import match_tables as mt
from bot.actions.match_tables import Places, PlacesCache
from bot.app import App
from bot.render import limits
from bot.render import match as mr
from bot.reply import Mentions, Reply
from bot.services.match_panels import BOARD, HAND, PUBLIC, PanelMessage
from cogs import presenter
from cogs.message_edits import MessageEditor
from engine.errors import ArbiterError

log = logging.getLogger("arbiter.cogs.match.places")

AUTO_ARCHIVE_MINUTES: Literal[60, 1440, 4320, 10080] = 1440
"""A match's thread archives itself after a day without messages."""

PRESSES_FIRST_SECONDS = 5.0
"""The longest a board or panel edit waits for the presses being answered (:meth:`MatchPlaces.edits_wait`)."""
BUSY_PRESSES = 10
"""So many presses being answered at once is a burst, when edits wait (:meth:`MatchPlaces.edits_wait`)."""
AT_TABLE_SECONDS = 60.0
"""A player who acted in a match this recently is at the table: the game turning to them pings nobody."""

_ACTION_NUMBER = re.compile(r"as of action \d+")


def sendable(message: dict[str, Any]) -> dict[str, Any]:
    """A message's edit arguments as a new message's: its ``attachments`` sent as ``files``."""
    out = dict(message)
    out["files"] = out.pop("attachments", None) or []
    return out


class Layouts(Protocol):
    """How the board and a player's panel look as Discord messages (:mod:`cogs.match.components`)."""

    async def board(self, places: Places) -> dict[str, Any]:
        """The board message's edit arguments (``attachments``: its picture)."""
        ...

    def seat(self, places: Places, seat: int, panel: mt.SeatPanel, *, where: str, note: str) -> LaidOut:
        """A player's panel message's edit arguments, and what it reads but for the action's number."""
        ...


LaidOut = tuple[dict[str, Any], Callable[[], str]]
"""A panel message's edit arguments, and what it reads but for the action's number (:func:`reads`),
worked out only when asked for."""


def reads(text: str) -> str:
    """What a panel reads, but for the number of the action it is shown as of."""
    return _ACTION_NUMBER.sub("as of action", text)


class MatchPlaces:
    """Opens and refreshes the places of the bot's matches (see the module doc)."""

    def __init__(
        self, client: discord.Client, app: App, layouts: Layouts, editor: MessageEditor | None = None
    ) -> None:
        self.client = client
        self.app = app
        self.layouts = layouts
        self.editor = editor or MessageEditor(client, on_gone=self._gone)
        self.snapshots = PlacesCache(app)
        self._locks: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int | None] = {}
        self._alerted: set[tuple[int, int, str]] = set()
        self._panels: dict[int, list[PanelMessage]] = {}
        """The messages showing each match's panels, as the store holds them (read once)."""
        self._reads: dict[int, str] = {}
        """What each panel message last read, when it offered nothing (see :func:`reads`)."""
        self._acted: dict[tuple[int, int], float] = {}
        """When each player last acted in each match (the clock's time), for :data:`AT_TABLE_SECONDS`."""
        self.clock: Callable[[], float] = time.monotonic
        self._pressing = 0
        self._no_press = asyncio.Event()
        self._no_press.set()
        self._posting: set[asyncio.Task[None]] = set()
        """Messages being sent in the background (:meth:`_post`)."""
        self.open_forms: set[str] = set()
        """The custom ids of the offer forms this process has shown and not seen time out."""
        self._gone_messages: set[int] = set()
        """Panel messages the editor found deleted (or no longer editable): sent again at the next
        refresh of their match."""

    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock every action and refresh of a match holds (one writer per match)."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    def pressing(self, change: int) -> None:
        """A press began (+1) or was answered (-1) (:func:`act`)."""
        self._pressing += change
        if self._pressing >= BUSY_PRESSES:  # a burst: edits wait until every press of it is answered
            self._no_press.clear()
        elif self._pressing == 0:
            self._no_press.set()

    async def edits_wait(self) -> None:
        """Presses first: once :data:`BUSY_PRESSES` or more presses are being answered at once (a
        burst), an edit of a board or panel waits until every press is, for at most
        :data:`PRESSES_FIRST_SECONDS`.
        When many players press at once, each sees their own panel answered before the process builds
        boards and pictures; when a few do, nothing waits."""
        if self._no_press.is_set():
            return
        try:
            await asyncio.wait_for(self._no_press.wait(), PRESSES_FIRST_SECONDS)
        except TimeoutError:
            return

    def acting(self, match_id: int, user_id: int) -> None:
        """``user_id`` acts in the match now: they are at the table for :data:`AT_TABLE_SECONDS`."""
        self._acted[(match_id, user_id)] = self.clock()

    def _at_table(self, match_id: int, user_id: int | None) -> bool:
        if user_id is None:
            return False
        last = self._acted.get((match_id, user_id))
        return last is not None and self.clock() - last < AT_TABLE_SECONDS

    async def places(self, match_id: int) -> Places:
        """The match's places as of its version now (built once per version)."""
        return await self.snapshots.of(match_id)

    # messages ----------------------------------------------------------------------------------------

    async def board_message(self, match_id: int, places: Places | None = None) -> dict[str, Any]:
        """The board message, laid out (Components V2): the public board with its picture in a media
        gallery, the counts and the last moves in text, and the board's buttons. The keyword arguments
        of an edit (``attachments``: the new picture) or, with :func:`sendable`, of a new message."""
        return await self.layouts.board(places or await self.places(match_id))

    async def seat_message(
        self, match_id: int, seat: int, *, note: str = "", places: Places | None = None
    ) -> dict[str, Any]:
        """A player's panel message, laid out (Components V2): which match it is, as of which action,
        where its board is, then the panel (:func:`cogs.match.components.seat_layout`), ``note``
        first."""
        message, _ = await self._seat(places or await self.places(match_id), seat, note=note)
        return message

    async def _seat(self, places: Places, seat: int, *, note: str = "") -> LaidOut:
        board = next((p for p in await self._rows(places.match_id) if p.kind == BOARD), None)
        where = f" · board: <#{board.channel_id}>" if board is not None else ""
        panel = await places.seat(seat)
        return self.layouts.seat(places, seat, panel, where=where, note=note)

    async def _seat_edit(self, places: Places, seat: int, message_id: int) -> dict[str, Any] | None:
        """An edit of a panel message, or None when it would read as it does and its player only waits,
        now and then (:func:`bot.render.match.waits`): no request is made."""
        message, reading = await self._seat(places, seat)
        text = reading()
        panel = await places.seat(seat)
        quiet = panel.result is None and mr.waits(panel.view, seat, panel.offers)
        if quiet and self._reads.get(message_id) == text:
            return None
        if quiet:
            self._reads[message_id] = text
        else:
            self._reads.pop(message_id, None)
        return message

    async def _rows(self, match_id: int) -> list[PanelMessage]:
        rows = self._panels.get(match_id)
        if rows is None:
            rows = self._panels[match_id] = await self.app.panels.of_match(match_id)
        return rows

    async def _record(self, match_id: int, kind: str, seat: int, channel_id: int, message_id: int) -> None:
        version = (await self.places(match_id)).version
        await self.app.panels.record(match_id, kind, seat, channel_id, message_id, version)
        self._panels.pop(match_id, None)  # read again at its next use

    # opening -----------------------------------------------------------------------------------------

    async def open(self, channel: Any, match_id: int) -> int:
        """Open a match's places: its thread in ``channel`` (the channel itself where no thread can be
        opened), the board, each player's DM panel, and the first mention. The board's channel id."""
        async with self.lock(match_id):
            places = await self.places(match_id)
            where = await self._thread(channel, places.table.title)
            sent = await where.send(**sendable(await self.board_message(match_id, places)))
            await self._record(match_id, BOARD, PUBLIC, where.id, sent.id)
            for seat in range(len(places.table.players)):
                await self._send_panel(match_id, seat, where.id)
            await self._mention(places, where.id, force=True)
            return int(where.id)

    async def open_for(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Answer a reply that started a match: say where its board is, once its places are open."""
        assert reply.table is not None
        text = reply.content or f"Match #{reply.table.match_id} begins."
        opening = f"{text} Opening its thread; each hand comes by DM."
        none = discord.AllowedMentions.none()
        if interaction.response.is_done():
            await interaction.followup.send(opening, allowed_mentions=none)
        else:
            await interaction.response.send_message(opening, allowed_mentions=none)
        where = await self.open(interaction.channel, reply.table.match_id)
        await interaction.edit_original_response(content=f"{text} Board: <#{where}> · each hand comes by DM.")

    async def _thread(self, channel: Any, name: str) -> Any:
        if isinstance(channel, discord.TextChannel):
            try:
                return await channel.create_thread(
                    name=name,
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=AUTO_ARCHIVE_MINUTES,
                )
            except discord.HTTPException as error:
                log.info("no thread for %s in %s: %s", name, channel.id, error)
        return channel

    async def _send_panel(self, match_id: int, seat: int, board_channel: int, *, retry: bool = False) -> bool:
        """Send ``seat``'s panel by DM as a new message and record it; a refused DM is recorded and
        said once in the thread. Skipped for a user whose DMs are known closed unless ``retry``."""
        places = await self.places(match_id)
        user_id, name = places.table.players[seat]
        if user_id is None or user_id <= 0:
            return False
        if not retry and await self.app.panels.dm_closed(user_id):
            return False
        try:
            dm = await self.client.create_dm(discord.Object(id=user_id))
            sent = await dm.send(**await self.seat_message(match_id, seat, places=places))
        except discord.HTTPException as error:
            log.info("could not send match %s's panel to %s: %s", match_id, user_id, error)
            first = not await self.app.panels.dm_closed(user_id)
            await self.app.panels.set_dm_closed(user_id, True)
            if first:
                await self._say(
                    board_channel,
                    f"{name}'s DMs are closed to me, so their hand can't come by DM: press **My hand** on"
                    " the board to see it (only you see it), or open your DMs and press **Resend my panel**.",
                )
            return False
        await self.app.panels.set_dm_closed(user_id, False)
        await self._record(match_id, HAND, seat, dm.id, sent.id)
        return True

    async def resend(self, match_id: int, seat: int) -> bool:
        """A fresh DM panel for ``seat`` (the old message is left as it is); False when DMs are closed."""
        board = next((p for p in await self._rows(match_id) if p.kind == BOARD), None)
        channel = board.channel_id if board is not None else 0
        async with self.lock(match_id):
            return await self._send_panel(match_id, seat, channel, retry=True)

    # keeping current ---------------------------------------------------------------------------------

    async def refresh(self, match_id: int, *, skip: int | None = None) -> None:
        """After an accepted action: the board and every DM panel edited in place (the message ``skip``,
        just updated by its own button, excepted), a message deleted since sent anew, and a mention of
        the player the game passes to; once the match is over, nothing of it is kept after that.

        Its only write, which version each panel shows, is made in the background once the presses
        being answered are: a busy database delays that record, never a press or the panels."""
        async with self.lock(match_id):
            places = await self.places(match_id)
            panels = await self._rows(match_id)
            board_channel = 0
            for shown in panels:
                if shown.kind == BOARD:
                    board_channel = shown.channel_id
                if shown.message_id == skip:
                    self._reads.pop(shown.message_id, None)  # its press showed the panel: read anew
                    continue
                if shown.message_id in self._gone_messages:
                    await self._send_again(match_id, shown, board_channel)
                elif shown.kind == BOARD:
                    self.editor.submit(
                        shown.channel_id, shown.message_id, places.version, self._board_build(places)
                    )
                elif shown.kind == HAND:
                    build = self._seat_build(places, shown.seat, shown.message_id)
                    self.editor.submit(shown.channel_id, shown.message_id, places.version, build)
            if board_channel:
                await self._mention(places, board_channel)
            self._background(self._record_shown(match_id, places.version, panels))
            if not places.table.playing:
                self._let_go(match_id, panels)

    async def _record_shown(self, match_id: int, version: int, panels: list[PanelMessage]) -> None:
        """Record which version the panels show, after the presses being answered (a write of the
        places' own, never in a press's way); a store that stays busy past its timeout leaves the
        record behind, never the panels."""
        await self.edits_wait()
        try:
            await self.app.panels.shown_all(match_id, version, panels)
        except ArbiterError as error:
            log.warning("match %s: which version its panels show not recorded: %s", match_id, error)

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` without waiting for it (:meth:`drain` waits for it)."""
        task = asyncio.get_running_loop().create_task(work)
        self._posting.add(task)
        task.add_done_callback(self._posting.discard)

    def _board_build(self, places: Places) -> Callable[[], Awaitable[dict[str, Any] | None]]:
        async def build() -> dict[str, Any] | None:
            await self.edits_wait()
            return await self.board_message(places.match_id, places)

        return build

    def _seat_build(
        self, places: Places, seat: int, message_id: int
    ) -> Callable[[], Awaitable[dict[str, Any] | None]]:
        async def build() -> dict[str, Any] | None:
            await self.edits_wait()
            return await self._seat_edit(places, seat, message_id)

        return build

    def _let_go(self, match_id: int, panels: list[PanelMessage]) -> None:
        """The match is over: once its last edits (already queued) are sent, keep nothing of it."""
        self._background(self._let_go_after(match_id, panels))

    async def _let_go_after(self, match_id: int, panels: list[PanelMessage]) -> None:
        await self.editor.done([shown.message_id for shown in panels])
        for shown in panels:
            self.editor.forget(shown.message_id)
            self._reads.pop(shown.message_id, None)
            self._gone_messages.discard(shown.message_id)
        self.snapshots.forget(match_id)
        self._panels.pop(match_id, None)
        self._waiting.pop(match_id, None)
        self._acted = {key: at for key, at in self._acted.items() if key[0] != match_id}
        self._alerted = {alert for alert in self._alerted if alert[0] != match_id}
        lock = self._locks.get(match_id)
        if lock is not None and not lock.locked():
            del self._locks[match_id]
        self.app.matches.forget(match_id)

    def kept(self) -> dict[str, int]:
        """How many entries each of this process's per-match memories holds (none once every match
        shown has ended)."""
        return {
            "places": len(self.snapshots),
            "panels": len(self._panels),
            "waiting": len(self._waiting),
            "alerts": len(self._alerted),
            "locks": len(self._locks),
            "players acting": len(self._acted),
            "panel texts": len(self._reads),
            "messages gone": len(self._gone_messages),
        }

    async def _send_again(self, match_id: int, gone: PanelMessage, board_channel: int) -> None:
        """A panel whose message was deleted (a moderator removed the board) or can no longer be edited,
        sent as a new message where it was: the board in its thread, a player's panel by DM (or the
        closed-DM fallback). A board whose thread is gone too is not tried again."""
        self._gone_messages.discard(gone.message_id)
        if gone.kind == HAND:
            await self._send_panel(match_id, gone.seat, board_channel)
            return
        board = sendable(await self.board_message(match_id))
        try:
            sent = await self.client.get_partial_messageable(gone.channel_id).send(**board)
        except discord.HTTPException as error:
            log.info("match %s's board could not be sent again in %s: %s", match_id, gone.channel_id, error)
            return
        await self._record(match_id, BOARD, PUBLIC, gone.channel_id, sent.id)

    async def _mention(self, places: Places, channel_id: int, *, force: bool = False) -> None:
        """A short message mentioning the player the game now waits for, when that changed and they
        are not at the table (they acted in the match less than :data:`AT_TABLE_SECONDS` ago: their
        panel shows it is their move, and a ping on every decision of a quick exchange is noise)."""
        info = places.table
        match_id = places.match_id
        waiting = info.waiting
        if not force and self._waiting.get(match_id, -1) == waiting:
            return
        self._waiting[match_id] = waiting
        if waiting is None:
            names = " vs ".join(name for _, name in info.players)
            self._post(channel_id, f"Match #{match_id} ({names}) is over: the board shows the result.")
            return
        user_id, name = info.players[waiting]
        if not force and self._at_table(match_id, user_id):
            return
        who = f"<@{user_id}>" if user_id is not None and user_id > 0 else name
        self._post(channel_id, f"{who}, your move in match #{match_id}.", user_id)

    def _post(self, channel_id: int, text: str, mention: int | None = None) -> None:
        """:meth:`_say`, without waiting for it: a message Discord makes wait (its limit of 5 new
        messages per channel per 5 s, or the bot's 50 requests a second) holds up neither the match's
        lock nor the press."""
        self._background(self._say(channel_id, text, mention))

    async def drain(self) -> None:
        """Wait until every queued edit and message is sent (tests; shutdown)."""
        while self._posting:
            await asyncio.gather(*list(self._posting), return_exceptions=True)
        await self.editor.drain()

    async def _say(self, channel_id: int, text: str, mention: int | None = None) -> None:
        await self.editor.budget.take()  # one budget for the places' edits and messages
        channel = self.client.get_partial_messageable(channel_id)
        mentions = Mentions(users=(mention,)) if mention is not None and mention > 0 else Mentions()
        try:
            await channel.send(
                limits.truncate(text, limits.CONTENT), allowed_mentions=presenter.allowed_mentions(mentions)
            )
        except discord.HTTPException as error:
            log.info("could not post in %s: %s", channel_id, error)

    async def check_clocks(self) -> int:
        """One tick of the clock watch: in each match's thread, warn the player to act once when less
        than a minute is left, and tell the opponent once when the time is up (they may claim the
        win). Only matches in play are read. The clocks run from stored times, so a restart loses
        nothing. The alerts posted."""
        posted = 0
        for board in await self.app.panels.boards_in_play():
            alert = await mt.clock_alert(self.app, board.match_id)
            if alert is None or (alert.match_id, alert.seat, alert.kind) in self._alerted:
                continue
            self._alerted.add((alert.match_id, alert.seat, alert.kind))
            mention = alert.mention if alert.mention is not None and alert.mention > 0 else None
            text = f"<@{mention}> {alert.text}" if mention is not None else alert.text
            await self._say(board.channel_id, text, mention)
            posted += 1
        return posted

    async def _gone(self, channel_id: int, message_id: int) -> None:
        """A panel's message was deleted: the next refresh of its match sends it again."""
        log.info("panel message %s in %s is gone", message_id, channel_id)
        self._gone_messages.add(message_id)


def places_of(interaction: discord.Interaction) -> MatchPlaces:
    """The :class:`MatchPlaces` of the bot that received ``interaction``."""
    return places_of_bot(interaction.client)


def places_of_bot(client: discord.Client) -> MatchPlaces:
    """The :class:`MatchPlaces` of a bot."""
    places: MatchPlaces = client.match_places  # type: ignore[attr-defined]
    return places


# acting ------------------------------------------------------------------------------------------------

InPlace = Callable[[Reply], Awaitable[dict[str, Any] | None]]
"""What a press's own message shows after its action: the edit arguments of the pressed message for
``reply``, or None to answer with the reply itself, privately."""


async def act(
    interaction: discord.Interaction,
    match_id: int,
    call: Callable[[], Awaitable[Reply]],
    *,
    in_place: InPlace | None = None,
    private: bool = True,
    defer: bool = True,
) -> Reply:
    """The one way a command or a press moves a match on: acknowledged at once (so that it never misses
    Discord's three seconds while the match's other actions or a busy process hold it up), the
    action taken holding the match's lock (one writer per match), then presented
    (:func:`cogs.presenter.present`), which brings the match's places up to date. A press on a panel
    (``in_place``) updates its own message; anything else answers with the reply, privately unless
    ``private`` is off. ``defer`` off: a quick action answered directly."""
    if defer and not interaction.response.is_done():
        if in_place is not None:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=private, thinking=True)
    places = places_of(interaction)
    places.acting(match_id, interaction.user.id)
    places.pressing(+1)
    try:
        async with places.lock(match_id):
            reply = await call()
        shown = await in_place(reply) if in_place is not None else None
        await presenter.present(interaction, reply, private=private or reply.refused, in_place=shown)
    finally:
        places.pressing(-1)
    return reply
