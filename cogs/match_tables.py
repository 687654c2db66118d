"""A match's places on Discord, kept current: the public board in a thread, each player's private panel
in their DMs, and a short message mentioning the player the game passes to.

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
  (:mod:`cogs.match_components`). A message sent as an embed by an older version becomes a layout at
  its next edit (Discord never turns a layout back). Edits notify nobody, so when the turn or a
  decision passes to a player, a short new message in the thread mentions them, and only them.
- **DMs closed**: a refused DM (50007, 50278) is recorded (:class:`~bot.services.match_panels.MatchPanels`)
  and not retried on every action; the thread says so once, and **My hand** on the board opens the
  same panel privately. **Resend my panel** tries the DM again.
- **One writer per match**: actions and refreshes of a match run one at a time (a lock per match).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

import discord

from bot.actions import match_tables as mt
from bot.app import App
from bot.render import limits
from bot.reply import Mentions
from bot.services.match_panels import BOARD, HAND, PUBLIC, PanelMessage
from cogs import match_components as mc
from cogs.message_edits import MessageEditor
from cogs.presenter import allowed_mentions
from engine.errors import ArbiterError

log = logging.getLogger("arbiter.cogs.match_tables")

AUTO_ARCHIVE_MINUTES: Literal[60, 1440, 4320, 10080] = 1440
"""A match's thread archives itself after a day without messages."""


def sendable(message: dict[str, Any]) -> dict[str, Any]:
    """A message's edit arguments as a new message's: its ``attachments`` sent as ``files``."""
    out = dict(message)
    out["files"] = out.pop("attachments", None) or []
    return out


class MatchTables:
    """Opens and refreshes the places of the bot's matches (see the module doc)."""

    def __init__(self, client: discord.Client, app: App, editor: MessageEditor | None = None) -> None:
        self.client = client
        self.app = app
        self.editor = editor or MessageEditor(client, on_gone=self._gone)
        self._locks: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int | None] = {}
        self._alerted: set[tuple[int, int, str]] = set()
        self._over: set[int] = set()
        self.open_forms: set[str] = set()
        """The custom ids of the offer forms this process has shown and not seen time out."""
        self._gone_messages: set[int] = set()
        """Panel messages the editor found deleted (or no longer editable): sent again at the next
        refresh of their match."""

    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock every action and refresh of a match holds (one writer per match)."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    # messages ----------------------------------------------------------------------------------------

    async def board_message(self, match_id: int) -> dict[str, Any]:
        """The board message, laid out (Components V2): the public board with its picture in a media
        gallery, the counts and the last moves in text, and the board's buttons. The keyword arguments
        of an edit (``attachments``: the new picture) or, with :func:`sendable`, of a new message."""
        layout = mc.board_layout(await mt.board(self.app, match_id), match_id)
        return {
            "view": mc.board_view(match_id, layout),
            "attachments": mc.layout_files(layout),
            "allowed_mentions": allowed_mentions(Mentions()),
        }

    async def seat_message(self, match_id: int, seat: int, *, note: str = "") -> dict[str, Any]:
        """A player's panel message, laid out (Components V2): which match it is, as of which action,
        where its board is, then the panel (:func:`cogs.match_components.seat_layout`), ``note``
        first."""
        panel = await mt.seat_panel(self.app, match_id, seat)
        board = await self.app.panels.find(match_id, BOARD)
        where = f" · board: <#{board.channel_id}>" if board is not None else ""
        layout = mc.seat_layout(panel, where=where, note=note)
        return {"view": mc.seat_view(panel, layout), "allowed_mentions": allowed_mentions(Mentions())}

    # opening -----------------------------------------------------------------------------------------

    async def open(self, channel: Any, match_id: int) -> int:
        """Open a match's places: its thread in ``channel`` (the channel itself where no thread can be
        opened), the board, each player's DM panel, and the first mention. The board's channel id."""
        async with self.lock(match_id):
            info = await mt.table(self.app, match_id)
            where = await self._thread(channel, info.title)
            sent = await where.send(**sendable(await self.board_message(match_id)))
            await self.app.panels.record(match_id, BOARD, PUBLIC, where.id, sent.id, info.version)
            for seat in range(len(info.players)):
                await self._send_panel(match_id, seat, where.id)
            await self._mention(match_id, where.id, force=True)
            return int(where.id)

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
        info = await mt.table(self.app, match_id)
        user_id, name = info.players[seat]
        if user_id is None or user_id <= 0:
            return False
        if not retry and await self.app.panels.dm_closed(user_id):
            return False
        try:
            dm = await self.client.create_dm(discord.Object(id=user_id))
            sent = await dm.send(**await self.seat_message(match_id, seat))
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
        await self.app.panels.record(match_id, HAND, seat, dm.id, sent.id, info.version)
        return True

    async def resend(self, match_id: int, seat: int) -> bool:
        """A fresh DM panel for ``seat`` (the old message is left as it is); False when DMs are closed."""
        board = await self.app.panels.find(match_id, BOARD)
        channel = board.channel_id if board is not None else 0
        async with self.lock(match_id):
            return await self._send_panel(match_id, seat, channel, retry=True)

    # keeping current ---------------------------------------------------------------------------------

    async def refresh(self, match_id: int, *, skip: int | None = None) -> None:
        """After an accepted action: the board and every DM panel edited in place (the message ``skip``,
        just updated by its own button, excepted), a message deleted since sent anew, and a mention of
        the player the game passes to. Call it holding :meth:`lock`.

        Its only write, which version each panel shows, comes after the edits are queued: a busy
        database delays that record, never the players' panels."""
        info = await mt.table(self.app, match_id)
        panels = await self.app.panels.of_match(match_id)
        board_channel = 0
        for shown in panels:
            if shown.kind == BOARD:
                board_channel = shown.channel_id
            if shown.message_id == skip:
                continue
            if shown.message_id in self._gone_messages:
                await self._send_again(match_id, shown, board_channel)
            elif shown.kind == BOARD:
                self.editor.submit(
                    shown.channel_id,
                    shown.message_id,
                    info.version,
                    lambda: self.board_message(match_id),
                )
            elif shown.kind == HAND:
                seat = shown.seat
                self.editor.submit(
                    shown.channel_id,
                    shown.message_id,
                    info.version,
                    lambda seat=seat: self.seat_message(match_id, seat),  # type: ignore[misc]
                )
        if board_channel:
            await self._mention(match_id, board_channel)
        try:
            await self.app.panels.shown_all(match_id, info.version, panels)
        except ArbiterError as error:  # the store stayed busy: the panels are edited all the same
            log.warning("match %s: which version its panels show not recorded: %s", match_id, error)

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
        version = (await mt.table(self.app, match_id)).version
        await self.app.panels.record(match_id, BOARD, PUBLIC, gone.channel_id, sent.id, version)

    async def _mention(self, match_id: int, channel_id: int, *, force: bool = False) -> None:
        """A short message mentioning the player the game now waits for, when that changed."""
        info = await mt.table(self.app, match_id)
        waiting = info.waiting
        if not force and self._waiting.get(match_id, -1) == waiting:
            return
        self._waiting[match_id] = waiting
        if waiting is None:
            names = " vs ".join(name for _, name in info.players)
            await self._say(channel_id, f"Match #{match_id} ({names}) is over: the board shows the result.")
            return
        user_id, name = info.players[waiting]
        who = f"<@{user_id}>" if user_id is not None and user_id > 0 else name
        await self._say(channel_id, f"{who}, your move in match #{match_id}.", user_id)

    async def _say(self, channel_id: int, text: str, mention: int | None = None) -> None:
        channel = self.client.get_partial_messageable(channel_id)
        mentions = Mentions(users=(mention,)) if mention is not None and mention > 0 else Mentions()
        try:
            await channel.send(
                limits.truncate(text, limits.CONTENT), allowed_mentions=allowed_mentions(mentions)
            )
        except discord.HTTPException as error:
            log.info("could not post in %s: %s", channel_id, error)

    async def check_clocks(self) -> int:
        """One tick of the clock watch: in each match's thread, warn the player to act once when less
        than a minute is left, and tell the opponent once when the time is up (they may claim the
        win). The clocks run from stored times, so a restart loses nothing. The alerts posted."""
        posted = 0
        for board in await self.app.panels.boards():
            if board.match_id in self._over:
                continue
            if not (await mt.table(self.app, board.match_id)).playing:
                self._over.add(board.match_id)
                continue
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
