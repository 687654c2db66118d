"""Edits of messages the bot sent earlier, coalesced per message: :class:`MessageEditor`.

A match has one public board (a message in its thread) and one private panel per player (a message in
their DMs), each edited in place as the match moves on. The Discord facts that shape this module:

- **The newest state wins.** Ten edits of a board within a second look exactly like the last one to
  anybody reading it, and every PATCH spends rate limit. So edits are coalesced per message: while an
  edit of a message is queued or in flight, a newer submit replaces the queued one (at most one is
  queued), and a message's payload is built only when it is sent (``build()`` is awaited then), so what
  is sent is the state at that moment. A submit older than a version already sent or queued is dropped:
  it would show the past. A ``build()`` that returns None says the message already shows that state:
  no request is made.
- **One edit of a message at a time, spaced.** Two concurrent PATCHes of one message may land in either
  order, so a message never has two edits in flight, and its edits are at least ``interval`` seconds
  apart (Discord's edit bucket is shared by a channel's messages). Different messages are independent:
  each message with pending work has its own task, which ends as soon as it has nothing left to send.
- **Rate limits (429).** discord.py waits out most 429 responses itself and raises only when that did
  not help: ``HTTPException`` with status 429, or ``RateLimited`` before the request when the client's
  ``max_ratelimit_timeout`` is exceeded. The editor then waits ``retry_after`` (the exception's, the
  ``Retry-After`` header, or the body's) or, when Discord did not say, backs off exponentially, and
  retries with the newest state. Retrying sooner than Discord asks only earns another 429, and 429s
  count towards the invalid-request limit that gets an IP banned.
- **Old messages (400, code 30046).** Discord limits how often a message older than one hour can be
  edited ("Maximum number of edits to messages older than 1 hour reached"); a long match's board meets
  this. The editor backs off (``interval`` * 2, * 4, ... capped at ``max_backoff``) and then retries with
  the newest state.
- **Gone (404, 403).** The message was deleted (10008 Unknown Message), its thread or DM channel is gone,
  or the bot lost access (50001) or was blocked: retrying cannot help. The editor gives up on that
  message, drops its queued edit and calls ``on_gone(channel_id, message_id)``, so that the caller can
  send a fresh message (and submit its edits under the new id).
- **Anything else** Discord refuses (a body over a limit, a server error discord.py already retried) is
  logged as a warning and that edit is dropped; the next submit is tried as usual. Expected Discord
  failures are never logged as errors; a ``build()`` or ``on_gone`` that raises is a bug and is.
- A network failure (no response at all) is retried with the same backoff as an old message.
- **Within the bot's global limit, not past it.** Discord allows a bot token about 50 REST requests
  a second in all, and discord.py learns of that limit only from a 429, after which every request of
  the bot waits a whole second; many 429s in a row can get the bot's address banned for an hour. So
  the editor paces its edits with a :class:`RequestBudget` (at most 50 in any second, the next
  request waiting for the oldest to age out), which the places' other messages share.
- **Components V2.** An edit whose view is a layout clears the message's text and embeds: that is how
  a message sent as an embed becomes a layout (with the ``IS_COMPONENTS_V2`` flag, which discord.py
  sets from the view), and Discord refuses a layout beside text or embeds. A layout never turns back
  into an embed, so whoever edits a layout edits it as a layout.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

import aiohttp
import discord

log = logging.getLogger("arbiter.cogs.message_edits")

#: Builds the keyword arguments of :meth:`discord.PartialMessage.edit` from the newest state; None when
#: the message already shows it (no request is made).
Build = Callable[[], Awaitable[dict[str, Any] | None]]
#: Told ``(channel_id, message_id)`` of a message that can no longer be edited; may be a coroutine.
OnGone = Callable[[int, int], Awaitable[None] | None]

#: "Maximum number of edits to messages older than 1 hour reached" (with HTTP 400).
OLD_MESSAGE_EDIT_LIMIT = 30046
TOO_MANY_REQUESTS = 429
#: Backoff steps never double past this exponent (keeps the arithmetic finite; max_backoff caps anyway).
_MAX_DOUBLINGS = 32


class RequestBudget:
    """At most ``per_second`` requests in any one second (a sliding window): Discord's global limit for
    a bot token, kept by waiting for the oldest request to age out rather than by meeting a 429.

    ``clock`` and ``sleep`` are injectable so that tests take no real time."""

    def __init__(
        self,
        per_second: int = 50,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        if per_second < 1:
            raise ValueError(f"a budget allows at least 1 request a second, not {per_second}")
        self.per_second = per_second
        self._clock = clock
        self._sleep = sleep
        self._sent: deque[float] = deque()
        self._turn = asyncio.Lock()

    def _free_at(self) -> float:
        """When the next request may be made (now, or when the oldest of the last second ages out)."""
        now = self._clock()
        while self._sent and self._sent[0] + 1.0 <= now:
            self._sent.popleft()
        return now if len(self._sent) < self.per_second else self._sent[0] + 1.0

    async def take(self) -> None:
        """Wait for a request's turn (first come, first served: only the first in line sleeps), and
        count it made."""
        async with self._turn:
            while (at := self._free_at()) > self._clock():
                await self._sleep(at - self._clock())
            self._sent.append(self._clock())

    def in_last_second(self) -> int:
        """Requests made in the last second."""
        self._free_at()
        return len(self._sent)


class _Outcome(Enum):
    SENT = "sent"
    RETRY = "retry"  # wait, then send the newest state again
    GONE = "gone"  # the message cannot be edited any more
    DROPPED = "dropped"  # this edit failed; later submits are tried as usual


@dataclass(frozen=True)
class _Result:
    outcome: _Outcome
    retry_after: float | None = None  # seconds Discord asked us to wait (RETRY only)


@dataclass(frozen=True)
class _Edit:
    version: int
    build: Build


@dataclass
class _Message:
    """What the editor knows about one message."""

    channel_id: int
    queued: _Edit | None = None
    in_flight: _Edit | None = None
    highest: int | None = None  # the newest version accepted (queued, in flight, sent or dropped)
    sent: int | None = None  # the version last sent successfully
    next_at: float = -math.inf  # clock time before which the message is not edited again
    task: asyncio.Task[None] | None = None
    gone: bool = False
    forgotten: bool = False


class MessageEditor:
    """Edits messages the bot sent earlier, coalesced per message, the newest state winning.

    ``interval`` is the least time between two edits of one message, ``max_backoff`` caps the wait
    after a rate limit or the old-message edit limit, ``budget`` paces every edit within the bot's
    global limit (a :class:`RequestBudget` of 50 a second unless given). ``sleep`` and ``clock`` are
    injectable so that tests take no real time. ``on_gone`` is told about messages that can no longer
    be edited.

    Use it from inside the event loop: :meth:`submit` starts a task for a message with pending work.
    """

    def __init__(
        self,
        client: discord.Client,
        *,
        interval: float = 1.0,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
        max_backoff: float = 60.0,
        on_gone: OnGone | None = None,
        budget: RequestBudget | None = None,
    ) -> None:
        if not interval >= 0:
            raise ValueError(f"interval must be at least 0 seconds, not {interval}")
        if not max_backoff > 0:
            raise ValueError(f"max_backoff must be more than 0 seconds, not {max_backoff}")
        self._client = client
        self.budget = budget or RequestBudget(clock=clock, sleep=sleep)
        """The requests the editor (and whoever shares it) may make a second."""
        self._interval = float(interval)
        self._sleep = sleep
        self._clock = clock
        self._max_backoff = float(max_backoff)
        self._on_gone = on_gone
        self._messages: dict[int, _Message] = {}
        self._closed = False

    # the API ----------------------------------------------------------------------------------------

    def submit(self, channel_id: int, message_id: int, version: int, build: Build) -> None:
        """Queue an edit of message ``message_id`` in channel ``channel_id`` (a thread or a DM) showing
        state ``version``; ``build()`` is awaited only when the edit is sent and returns the keyword
        arguments of :meth:`discord.PartialMessage.edit` (``files`` are accepted too and sent as new
        ``attachments``). Replaces an edit of this message still queued; dropped when ``version`` is
        older than one already sent or queued, or the message is gone."""
        if self._closed:
            log.debug("editor closed: edit of message %s (version %s) dropped", message_id, version)
            return
        state = self._messages.get(message_id)
        if state is None:
            state = self._messages[message_id] = _Message(channel_id)
        if state.gone:
            log.debug("message %s is gone: edit (version %s) dropped", message_id, version)
            return
        if self._stale(state, version):
            log.debug(
                "stale edit of message %s dropped: version %s, newest %s", message_id, version, state.highest
            )
            return
        state.queued = _Edit(version, build)
        state.highest = version
        if state.task is None:
            state.task = asyncio.get_running_loop().create_task(
                self._run(message_id, state), name=f"arbiter-message-edit-{message_id}"
            )

    def last_sent(self, message_id: int) -> int | None:
        """The version of ``message_id`` last sent successfully (None if none was)."""
        state = self._messages.get(message_id)
        return None if state is None else state.sent

    async def drain(self) -> None:
        """Wait until no edit is queued or in flight (tests; shutdown). Edits retried after a rate limit
        or the old-message limit are waited for too; use :meth:`close` to stop without waiting."""
        while True:
            tasks = [state.task for state in self._messages.values() if state.task is not None]
            if not tasks:
                return
            await asyncio.wait(tasks)

    async def close(self) -> None:
        """Stop at once: queued edits are dropped, edits in flight cancelled, later submits ignored."""
        self._closed = True
        tasks = [state.task for state in self._messages.values() if state.task is not None]
        for state in self._messages.values():
            state.queued = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def done(self, message_ids: list[int]) -> None:
        """Wait until none of these messages has an edit queued or in flight."""
        while True:
            tasks = [
                state.task
                for message_id in message_ids
                if (state := self._messages.get(message_id)) is not None and state.task is not None
            ]
            if not tasks:
                return
            await asyncio.wait(tasks)

    def tracked(self) -> int:
        """How many messages the editor keeps state for (none once every forgotten one is done)."""
        return len(self._messages)

    def forget(self, message_id: int) -> None:
        """Forget ``message_id`` (its match ended) once its pending edits are done, so that a long-running
        bot keeps no state for messages it no longer edits. A later submit starts afresh."""
        state = self._messages.get(message_id)
        if state is None:
            return
        if state.task is None:
            del self._messages[message_id]
        else:
            state.forgotten = True

    # the work ---------------------------------------------------------------------------------------

    @staticmethod
    def _stale(state: _Message, version: int) -> bool:
        """Whether a submit of ``version`` shows nothing newer than what is already sent or on its way."""
        if state.highest is None or version > state.highest:
            return False
        if version < state.highest:
            return True
        # The same version again: it replaces a queued one (harmless), duplicates one sent or in flight,
        # and may be tried again after it was dropped.
        if state.queued is not None and state.queued.version == version:
            return False
        return state.sent == version or (state.in_flight is not None and state.in_flight.version == version)

    def _backoff(self, failures: int) -> float:
        """``interval`` * 2, * 4, ... for the 1st, 2nd, ... failure in a row, capped at ``max_backoff``."""
        base = self._interval if self._interval > 0 else 1.0
        return min(base * 2.0 ** min(failures, _MAX_DOUBLINGS), self._max_backoff)

    async def _run(self, message_id: int, state: _Message) -> None:
        """Send ``message_id``'s queued edits one at a time until none is left, then end."""
        failures = 0
        try:
            while state.queued is not None and not state.gone:
                delay = state.next_at - self._clock()
                if delay > 0:
                    await self._sleep(delay)  # once: a newer submit meanwhile replaces the queued edit
                    if state.queued is None or state.gone:
                        break
                edit, state.queued = state.queued, None
                state.in_flight = edit
                try:
                    result = await self._send(state.channel_id, message_id, edit)
                finally:
                    state.in_flight = None
                state.next_at = self._clock() + self._interval
                if result.outcome is _Outcome.SENT:
                    failures = 0
                    state.sent = edit.version
                elif result.outcome is _Outcome.RETRY:
                    failures += 1
                    if state.queued is None:
                        state.queued = edit  # built again when sent: the newest state then
                    wait = self._backoff(failures)
                    if result.retry_after is not None:
                        wait = max(result.retry_after, self._interval)
                    log.info("edit of message %s retried in %.2f s (failure %d)", message_id, wait, failures)
                    await self._sleep(wait)
                    state.next_at = -math.inf
                elif result.outcome is _Outcome.GONE:
                    state.gone = True
                    state.queued = None
                    await self._tell_gone(state.channel_id, message_id)
                else:
                    failures = 0
        finally:
            state.task = None
            if state.forgotten and self._messages.get(message_id) is state:
                del self._messages[message_id]

    async def _send(self, channel_id: int, message_id: int, edit: _Edit) -> _Result:
        """Build ``edit`` and PATCH it; what happened, as the loop needs to know it."""
        try:
            built = await edit.build()
        except Exception:
            log.exception("building edit of message %s (version %s) failed", message_id, edit.version)
            return _Result(_Outcome.DROPPED)
        if built is None:  # the message shows this already: no request
            return _Result(_Outcome.SENT)
        kwargs = _edit_arguments(built)
        message = self._client.get_partial_messageable(channel_id).get_partial_message(message_id)
        await self.budget.take()  # its turn within the bot's limit (a newer state queued meanwhile follows)
        try:
            await message.edit(**kwargs)
        except discord.RateLimited as error:  # discord.py refused to wait this long itself
            return _Result(_Outcome.RETRY, error.retry_after)
        except (discord.NotFound, discord.Forbidden) as error:
            log.info("message %s in channel %s can no longer be edited: %s", message_id, channel_id, error)
            return _Result(_Outcome.GONE)
        except discord.HTTPException as error:
            if error.status == TOO_MANY_REQUESTS:
                return _Result(_Outcome.RETRY, retry_after(error))
            if error.code == OLD_MESSAGE_EDIT_LIMIT:
                return _Result(_Outcome.RETRY)
            log.warning(
                "edit of message %s (version %s) in channel %s dropped: %s",
                message_id,
                edit.version,
                channel_id,
                error,
            )
            return _Result(_Outcome.DROPPED)
        except (OSError, aiohttp.ClientError) as error:  # no answer at all (TimeoutError is an OSError)
            log.warning("edit of message %s not delivered, will retry: %r", message_id, error)
            return _Result(_Outcome.RETRY)
        except Exception:
            log.exception("edit of message %s (version %s) failed", message_id, edit.version)
            return _Result(_Outcome.DROPPED)
        return _Result(_Outcome.SENT)

    async def _tell_gone(self, channel_id: int, message_id: int) -> None:
        if self._on_gone is None:
            return
        try:
            result = self._on_gone(channel_id, message_id)
            if inspect.isawaitable(result):
                await result
        except Exception:
            log.exception("on_gone(%s, %s) failed", channel_id, message_id)


def _edit_arguments(kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """``kwargs`` for :meth:`discord.PartialMessage.edit`, which takes new uploads in ``attachments``:
    ``files`` (as a send takes them) are moved there, after any attachments given; an edit into a
    layout clears the message's text and embeds (:func:`layout_edit`)."""
    out = dict(kwargs)
    if "files" in out:
        files = out.pop("files") or []
        out["attachments"] = [*(out.get("attachments") or []), *files]
    return layout_edit(out)


def layout_edit(kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments of an edit, made fit for Discord's Components V2: an edit whose view is a
    layout (:class:`discord.ui.LayoutView`, which discord.py sends with the ``IS_COMPONENTS_V2`` flag)
    clears the text and embeds the message may hold, so that a message sent as an embed (by an older
    version of the bot) turns into a layout; Discord refuses text or embeds beside a layout. The flag
    never comes off a message: a message once a layout is only ever edited as one."""
    out = dict(kwargs)
    if isinstance(out.get("view"), discord.ui.LayoutView):
        out.pop("embed", None)
        out.update(content=None, embeds=[])
    return out


def retry_after(error: discord.HTTPException) -> float | None:
    """Seconds Discord asked to wait before retrying, from a 429's ``Retry-After`` (or
    ``X-RateLimit-Reset-After``) header or a ``retry_after`` in its body; None when it did not say."""
    headers = getattr(error.response, "headers", None)
    if isinstance(headers, Mapping):
        wanted = ("retry-after", "x-ratelimit-reset-after")
        found = {str(k).lower(): v for k, v in headers.items() if str(k).lower() in wanted}
        for name in wanted:
            seconds = _seconds(found.get(name))
            if seconds is not None:
                return seconds
    try:
        body = json.loads(error.text)
    except (TypeError, ValueError):
        return None
    return _seconds(body.get("retry_after")) if isinstance(body, dict) else None


def _seconds(value: Any) -> float | None:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None
