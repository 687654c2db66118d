"""FakeDiscord: an offline Discord for testing a discord.py 2.7 bot.

The harness drives discord.py's real code and fakes only the wire (see
``/work/shared/discord-testing.md``). It patches two seams at class level:

* ``discord.http.HTTPClient.request``: every bot-token REST call;
* ``discord.webhook.async_.AsyncWebhookAdapter.request``: every interaction-token
  call (initial callbacks, follow-ups, edits of ``@original``).

Every call is recorded in ``fake.requests`` and answered from a small route table;
an unknown route raises ``AssertionError("no handler for ...")``. Bodies that Discord
would reject (content over 2000 characters, embed limits, component layout, custom_id
rules, autocomplete choices, modal limits) are answered with 400/50035 *and* recorded
in ``fake.violations``. A message with the IS_COMPONENTS_V2 flag (a ``ui.LayoutView``) is
checked as Discord checks a layout (:func:`layout_problems`): no content or embeds, at most
40 components counted recursively, at most 4,000 characters of text display content in all,
each component where it may be (a section's one to three texts and its button or thumbnail
accessory...), pictures referring to files the message attaches, custom_id rules as for any
message; an edit into a layout must clear the message's content and embeds, and the flag
never comes off a message. Gateway events go in as raw dicts through the bot's real
``ConnectionState.parse_interaction_create`` / ``parse_message_create``; the bot
starts through the real ``await bot.login("fake-token")`` (so ``setup_hook`` runs),
never ``start()`` or ``connect()``.

Because discord.py only *logs* exceptions raised in commands, views, modals and
events, the fake collects every ERROR record of the ``discord`` and ``arbiter``
loggers. ``fake.check()`` (run automatically when the ``fake_discord`` fixture is
torn down) fails on such records (``__cause__`` is the logged exception), on limit
violations, and on interactions that never got an initial response.
``check()`` reports each problem once: a test that expects a failure can call
``pytest.raises(AssertionError, match=...)`` around ``fake.check()`` and the
teardown check then passes.

Using it from tests
-------------------
The fixtures live in this module. To make ``fake_discord`` available to every test
under ``tests/`` (``tests/cogs/`` included) add this line to ``tests/conftest.py``::

    from tests.discord.fake_discord import fake_discord  # noqa: F401  (pytest fixture)

``tests/__init__.py`` must stay: without it pytest imports this directory as a
top-level package named ``discord`` that shadows discord.py. A test then reads::

    from bot.app import App
    from bot.client import ArbiterBot
    from tests.discord.fake_discord import ALICE, BOB, FakeDiscord, restart_bot, start_bot

    async def test_search_pages(fake_discord: FakeDiscord, app: App) -> None:
        await start_bot(fake_discord, ArbiterBot(app))   # real login + setup_hook
        result = await fake_discord.run_slash(
            "rules search", user_id=ALICE, query="priority", game="gateruler"
        )
        assert "priority" in result.embeds[0]["title"]
        await restart_bot(fake_discord, ArbiterBot(app))  # a new process: DynamicItems must still route
        copy = await fake_discord.press(result.message_id, result.custom_ids[1], user_id=BOB)
        assert copy.ephemeral

The fixture closes every bot started with ``start_bot`` and runs ``fake.check()`` at
teardown. ``restart_bot(fake, NewBot())`` closes the current bot and logs in a new
instance against the same fake (same recorded messages), which is how a test presses
a button on a message sent "by a previous process" (persistent views, DynamicItem).
Code that logs in by itself (e.g. a ``sync`` command) also runs offline while the
fake is installed; ``fake.synced_commands()`` then holds the PUT body.

Main API (see the docstrings):

* payload factory: ``slash_payload``, ``autocomplete_payload``, ``component_payload``,
  ``modal_payload``, ``message_payload``;
* driving: ``feed``, ``feed_message``, ``settle``, ``run``, ``run_slash``, ``press``,
  ``select``, ``submit_modal``, ``autocomplete``, ``run_message``;
* inspection: ``requests`` / ``requests_to``, ``message``, ``messages_in``,
  ``dm_messages``, ``synced_commands``, ``violations``, ``interactions``;
* set-up: ``add_user``, ``close_dms``, ``add_guild``, ``add_channel``, ``add_bot_message``, ``fail``,
  ``response_deadline``, ``token_lifetime``, ``app_permissions``, ``limits``;
* measuring: ``request_counts`` (and :func:`request_kind`), ``listeners`` (told of every answered
  request), ``wire_cpu`` (the CPU the fake itself spent at the seams).

Rate limits (off by default: ``fake.limits`` is None and discord.py's buckets are bypassed, as the seam
replaces ``HTTPClient.request``; ``fail(..., status=429)`` then makes a request fail as rate limited,
without a Retry-After). ``fake.limits = DiscordLimits()`` turns on Discord's two limits that a bot meets:
50 bot-token REST requests per second in all (interaction callbacks and interaction webhooks never
count) and 5 new messages per channel per 5 seconds, both fixed windows. With limits on, the REST seam
runs discord.py's **own** ``HTTPClient.request`` over a fake session, so what the bot meets is the
library's real handling: its per-route buckets (learnt from the ``X-RateLimit-*`` headers the fake sends
with a channel's new messages, so a client waits before a request Discord would refuse), its global
lock, its retries after a 429 (five tries, then ``HTTPException`` 429) and ``RateLimited`` when the wait
is longer than the client's ``max_ratelimit_timeout``. A request over a limit is answered 429 with
``Retry-After`` (whole seconds), ``X-RateLimit-Scope`` (``global`` or ``user``), ``Via`` and the body
``{"message", "retry_after", "global"}``, and recorded in ``fake.requests`` with status 429. Routes the
limits do not cover answer without bucket headers, so discord.py sends one request of such a bucket
(route and channel) at a time; a 500 is retried by discord.py (sleeping 1 s, 3 s...) as in production.
Interaction-token calls keep their direct seam (discord.py's webhook buckets are not run).

Not simulated: other rate limits (per-route limits other than a channel's new messages, edits of old
messages, the invalid-request ban), the gateway itself, guild member caching and context-menu commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import inspect
import itertools
import json
import logging
import math
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar
from urllib.parse import unquote

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

__all__ = [
    "ADMIN",
    "ALICE",
    "APPLICATION_ID",
    "BOB",
    "BOT_USER_ID",
    "CHANNEL_ID",
    "GUILD_ID",
    "OWNER_ID",
    "DiscordLimits",
    "FakeDiscord",
    "FakeUser",
    "InteractionResult",
    "RecordedRequest",
    "Violation",
    "choices_problems",
    "command_to_dict",
    "count_components",
    "embed_problems",
    "fake_discord",
    "flatten_components",
    "layout_problems",
    "message_problems",
    "message_text",
    "modal_problems",
    "open_fake_discord",
    "request_kind",
    "restart_bot",
    "start_bot",
    "walk_components",
]

Json = dict[str, Any]
BotT = TypeVar("BotT", bound=commands.Bot)

# ---------------------------------------------------------------------------
# Well-known ids. Snowflake-sized so that nothing in discord.py chokes on them.
# ---------------------------------------------------------------------------
APPLICATION_ID = 1_100_000_000_000_000_001
BOT_USER_ID = APPLICATION_ID  # modern applications: bot user id == application id
OWNER_ID = 1_100_000_000_000_000_002
GUILD_ID = 1_200_000_000_000_000_001
CHANNEL_ID = 1_200_000_000_000_000_002
ALICE = 1_300_000_000_000_000_001
BOB = 1_300_000_000_000_000_002
ADMIN = 1_300_000_000_000_000_003

#: Tasks that ``settle()`` waits for; the names are stable from discord.py 2.0 to 2.7.
SETTLE_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-modal-dispatch",
    "discord-ui-dynamic-item",
    "discord.py: ",
)

#: Loggers whose ERROR records fail ``check()``.
WATCHED_LOGGERS = ("discord", "arbiter")

# Discord limits (discord-api-docs, see section 4 of the testing notes).
CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150
SELECT_VALUES_MAX = 25
CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_PLACEHOLDER_MAX = 100
TEXT_INPUT_VALUE_MAX = 4000

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
COMPONENTS_V2 = 1 << 15
LAYOUT_COMPONENTS_MAX = 40
LAYOUT_TEXT_MAX = 4000
SECTION_TEXTS_MAX = 3
GALLERY_ITEMS_MAX = 10
#: Components a V2 layout may hold at its top, and in a container.
V2_TOP_LEVEL = frozenset({1, 9, 10, 12, 13, 14, 17})
V2_IN_CONTAINER = frozenset({1, 9, 10, 12, 13, 14})

SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
INTERACTIVE_TYPES = frozenset({2, 3, 4, 5, 6, 7, 8})

#: Permissions an ordinary member has in the test channel.
MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
    use_application_commands=True,
    connect=True,
    speak=True,
).value
#: Discord sends every bit to an administrator.
ADMIN_PERMISSIONS = discord.Permissions.all().value
#: What the bot itself may do in the test channel (``interaction.app_permissions``).
APP_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
).value

_REASONS = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    429: "Too Many Requests",
    500: "Internal Server Error",
}

# Which initial callback types are valid for which interaction type.
_ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    2: frozenset({4, 5, 9, 12}),  # application command
    3: frozenset({4, 5, 6, 7, 9}),  # component
    4: frozenset({8}),  # autocomplete
    5: frozenset({4, 5, 6, 7}),  # modal submit
}
_INTERACTION_KINDS = {2: "command", 3: "component", 4: "autocomplete", 5: "modal submit"}


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists and scalars), several times faster than
    :func:`copy.deepcopy`, which the wire's every request and message would otherwise pay: anything
    else is immutable here and shared."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    return value


def _now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def _wire(body: Any) -> Any:
    """Return ``body`` as it looks after a JSON round trip (what Discord receives)."""
    if body is None:
        return None
    return json.loads(json.dumps(body))


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------
class _StubResponse:
    """The little of ``aiohttp.ClientResponse`` that ``discord.HTTPException`` reads."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = _REASONS.get(status, "Error")
        self.headers: dict[str, str] = {}


def make_http_error(status: int, code: int, message: str) -> discord.HTTPException:
    """Build the exception discord.py would raise for an error response."""
    response = _StubResponse(status)
    body = {"code": code, "message": message}
    if status == 403:
        return discord.Forbidden(response, body)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(response, body)  # type: ignore[arg-type]
    if status >= 500:
        return discord.DiscordServerError(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


class _Reject(Exception):
    """Raised by a route handler to answer with an HTTP error."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------
@dataclass
class RecordedRequest:
    """One HTTP call discord.py made.

    ``template`` is the route template (``/channels/{channel_id}/messages``), ``path``
    the concrete path, ``json`` the JSON body (for multipart uploads: the decoded
    ``payload_json`` part), ``files`` the uploaded file names.
    """

    via: Literal["http", "webhook"]
    method: str
    template: str
    path: str
    json: Any = None
    files: list[str] = field(default_factory=list)
    params: dict[str, Any] | None = None
    status: int | None = None
    response: Any = None
    error: tuple[int, str] | None = None
    interaction_id: int | None = None
    at: float = 0.0
    """The event loop's time when the request was made (``loop.time()``, as interactions' times)."""

    @property
    def key(self) -> str:
        """The route key, e.g. ``"POST /channels/{channel_id}/messages"``."""
        return f"{self.method} {self.template}"

    @property
    def ok(self) -> bool:
        """Whether the fake answered with a 2xx status."""
        return self.status is not None and 200 <= self.status < 300


@dataclass
class Violation:
    """A request Discord would have rejected (or a harness-level misuse)."""

    route: str
    path: str
    problems: list[str]
    code: int = 50035

    def __str__(self) -> str:
        return f"{self.route} ({self.path}) -> {self.code}: " + "; ".join(self.problems)


@dataclass
class FakeUser:
    """A user known to the fake."""

    id: int
    name: str
    admin: bool = False
    dms_closed: bool = False
    permissions: int | None = None
    roles: list[int] = field(default_factory=list)

    def to_json(self) -> Json:
        """The user object as Discord sends it."""
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.title(),
            "avatar": None,
            "bot": False,
            "public_flags": 0,
        }

    @property
    def effective_permissions(self) -> int:
        """The permission bits Discord computes for this member in the test channel."""
        if self.permissions is not None:
            return self.permissions
        return ADMIN_PERMISSIONS if self.admin else MEMBER_PERMISSIONS


@dataclass(eq=False)
class InteractionResult:
    """Everything one interaction produced: initial callback, follow-ups and edits.

    The message helpers (``content``, ``embeds``, ``components``, ``ephemeral``) read
    the *latest* state of the message this interaction created or edited last.
    """

    fake: FakeDiscord = field(repr=False)
    id: int
    token: str
    type: int
    payload: Json = field(repr=False)
    user_id: int
    received_at: float
    callback: Json | None = None
    callback_at: float | None = None
    original_message_id: int | None = None
    message_ids: list[int] = field(default_factory=list)
    requests: list[RecordedRequest] = field(default_factory=list, repr=False)
    reported: bool = False

    # -- bookkeeping --------------------------------------------------------
    def _touch(self, message_id: int) -> None:
        if message_id in self.message_ids:
            self.message_ids.remove(message_id)
        self.message_ids.append(message_id)

    def describe(self) -> str:
        """A short human description, used in failure messages."""
        data = self.payload.get("data") or {}
        kind = _INTERACTION_KINDS.get(self.type, f"type {self.type}")
        if self.type in (2, 4):
            return f"{kind} /{_command_path_of(data)} (id {self.id})"
        if self.type == 3:
            message_id = (self.payload.get("message") or {}).get("id")
            return f"{kind} {data.get('custom_id')!r} on message {message_id} (id {self.id})"
        return f"{kind} {data.get('custom_id')!r} (id {self.id})"

    # -- callback ------------------------------------------------------------
    @property
    def acknowledged(self) -> bool:
        """Whether the fake accepted an initial response."""
        return self.callback is not None

    @property
    def callback_type(self) -> int | None:
        """The accepted initial callback type (4 message, 5 deferred, 6, 7, 8, 9)."""
        return None if self.callback is None else self.callback["type"]

    @property
    def responses(self) -> list[RecordedRequest]:
        """All requests made with this interaction's id or token, in order."""
        return list(self.requests)

    @property
    def followups(self) -> list[Json]:
        """Bodies of accepted follow-up messages (``POST /webhooks/{id}/{token}``)."""
        return [
            r.json for r in self.requests if r.ok and r.key == "POST /webhooks/{webhook_id}/{webhook_token}"
        ]

    @property
    def edits(self) -> list[Json]:
        """Bodies of accepted edits made with the interaction token."""
        return [r.json for r in self.requests if r.ok and r.method == "PATCH"]

    @property
    def choices(self) -> list[Json] | None:
        """Autocomplete choices the bot sent (also when the fake rejected them)."""
        for request in reversed(self.requests):
            body = request.json or {}
            if request.template.endswith("/callback") and body.get("type") == 8:
                return list((body.get("data") or {}).get("choices") or [])
        return None

    @property
    def modal(self) -> Json | None:
        """The modal (``custom_id``, ``title``, ``components``) if the response was type 9."""
        if self.callback is not None and self.callback["type"] == 9:
            return self.callback.get("data")
        return None

    # -- the visible message -------------------------------------------------
    @property
    def message_id(self) -> int | None:
        """Id of the message this interaction created or edited last."""
        return self.message_ids[-1] if self.message_ids else None

    @property
    def message(self) -> Json:
        """Latest JSON of :attr:`message_id`; fails if the interaction showed no message."""
        if self.message_id is None:
            sent = [f"{r.key} -> {r.status}" for r in self.requests]
            raise AssertionError(f"{self.describe()} produced no message; requests: {sent}")
        return self.fake.message(self.message_id)

    @property
    def messages(self) -> list[Json]:
        """Latest JSON of every (not deleted) message this interaction touched."""
        return [self.fake.messages[m] for m in self.message_ids if m in self.fake.messages]

    @property
    def content(self) -> str:
        """``content`` of the latest message."""
        return self.message.get("content") or ""

    @property
    def embeds(self) -> list[Json]:
        """``embeds`` of the latest message."""
        return list(self.message.get("embeds") or [])

    @property
    def components(self) -> list[Json]:
        """Flattened interactive components of the latest message."""
        return flatten_components(self.message.get("components") or [])

    @property
    def text(self) -> str:
        """What the latest message says (:func:`message_text`): content, embeds, a layout's texts."""
        return message_text(self.message)

    @property
    def custom_ids(self) -> list[str]:
        """custom_ids of the latest message, in display order."""
        return [c["custom_id"] for c in self.components if c["custom_id"] is not None]

    @property
    def ephemeral(self) -> bool:
        """Whether the latest message (or the deferred response) is ephemeral."""
        if self.message_id is not None and self.message_id in self.fake.messages:
            return bool(self.fake.messages[self.message_id].get("flags", 0) & EPHEMERAL)
        data = (self.callback or {}).get("data") or {}
        return bool((data.get("flags") or 0) & EPHEMERAL)


def _command_path_of(data: Mapping[str, Any]) -> str:
    parts = [str(data.get("name"))]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        parts.append(options[0]["name"])
        options = options[0].get("options") or []
    return " ".join(parts)


# ---------------------------------------------------------------------------
# Limit validation (pure functions, usable on their own)
# ---------------------------------------------------------------------------
def _too_long(value: Any, limit: int, where: str, *, minimum: int = 0) -> list[str]:
    if value is None:
        return [f"{where} is missing"] if minimum else []
    text = str(value)
    if len(text) > limit:
        return [f"{where} is {len(text)} characters (max {limit})"]
    if len(text) < minimum:
        return [f"{where} is {len(text)} characters (min {minimum})"]
    return []


def embed_problems(embed: Mapping[str, Any], where: str = "embed") -> tuple[list[str], int]:
    """Check one embed; returns ``(problems, characters counted towards the 6000 total)``."""
    problems: list[str] = []
    title = embed.get("title") or ""
    description = embed.get("description") or ""
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    fields = embed.get("fields") or []
    problems += _too_long(title, EMBED_TITLE_MAX, f"{where}.title")
    problems += _too_long(description, EMBED_DESCRIPTION_MAX, f"{where}.description")
    problems += _too_long(footer, EMBED_FOOTER_MAX, f"{where}.footer.text")
    problems += _too_long(author, EMBED_AUTHOR_MAX, f"{where}.author.name")
    if len(fields) > EMBED_FIELDS_MAX:
        problems.append(f"{where} has {len(fields)} fields (max {EMBED_FIELDS_MAX})")
    size = len(str(title)) + len(str(description)) + len(str(footer)) + len(str(author))
    for i, f in enumerate(fields):
        name, value = f.get("name"), f.get("value")
        problems += _too_long(name, EMBED_FIELD_NAME_MAX, f"{where}.fields[{i}].name", minimum=1)
        problems += _too_long(value, EMBED_FIELD_VALUE_MAX, f"{where}.fields[{i}].value", minimum=1)
        size += len(str(name or "")) + len(str(value or ""))
    return problems, size


def _walk_components(components: Iterable[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """Yield every component, depth first, in display order (rows, sections, labels, containers)."""
    for c in components:
        yield c
        if c.get("components"):
            yield from _walk_components(c["components"])
        if c.get("component"):
            yield from _walk_components([c["component"]])
        if c.get("accessory"):
            yield from _walk_components([c["accessory"]])


walk_components = _walk_components


def flatten_components(components: Iterable[Mapping[str, Any]]) -> list[Json]:
    """Interactive components as ``{custom_id, label, type, disabled}`` dicts, in order."""
    return [
        {
            "custom_id": c.get("custom_id"),
            "label": c.get("label"),
            "type": c.get("type"),
            "disabled": bool(c.get("disabled", False)),
        }
        for c in _walk_components(components)
        if c.get("type") in INTERACTIVE_TYPES
    ]


def _custom_id_problems(components: Iterable[Mapping[str, Any]], where: str) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for c in _walk_components(components):
        if "custom_id" not in c:
            continue
        custom_id = c["custom_id"]
        problems += _too_long(custom_id, CUSTOM_ID_MAX, f"{where} custom_id {custom_id!r}", minimum=1)
        if custom_id in seen:
            problems.append(f"{where} custom_id {custom_id!r} is used twice")
        seen.add(custom_id)
    return problems


def _item_problems(c: Mapping[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    ctype = c.get("type")
    if ctype == 2:
        problems += _too_long(c.get("label") or "", BUTTON_LABEL_MAX, f"{where}.label")
        style = c.get("style")
        if style == 5:
            if not c.get("url"):
                problems.append(f"{where} is a link button without url")
            if "custom_id" in c:
                problems.append(f"{where} is a link button with a custom_id")
        elif style != 6 and not c.get("custom_id"):
            problems.append(f"{where} is a button without custom_id")
    elif ctype in SELECT_TYPES:
        problems += _too_long(c.get("placeholder") or "", SELECT_PLACEHOLDER_MAX, f"{where}.placeholder")
        min_values = c.get("min_values", 1)
        max_values = c.get("max_values", 1)
        if not 0 <= min_values <= SELECT_VALUES_MAX:
            problems.append(f"{where}.min_values is {min_values} (0..{SELECT_VALUES_MAX})")
        if not 1 <= max_values <= SELECT_VALUES_MAX:
            problems.append(f"{where}.max_values is {max_values} (1..{SELECT_VALUES_MAX})")
        if ctype == 3:
            options = c.get("options") or []
            if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
                problems.append(f"{where} has {len(options)} options (1..{SELECT_OPTIONS_MAX})")
            if max_values > len(options):
                problems.append(f"{where}.max_values {max_values} exceeds its {len(options)} options")
            for j, option in enumerate(options):
                at = f"{where}.options[{j}]"
                problems += _too_long(option.get("label"), SELECT_OPTION_TEXT_MAX, f"{at}.label", minimum=1)
                problems += _too_long(option.get("value"), SELECT_OPTION_TEXT_MAX, f"{at}.value", minimum=1)
                problems += _too_long(
                    option.get("description") or "", SELECT_OPTION_TEXT_MAX, f"{at}.description"
                )
    elif ctype == 4:
        problems += _too_long(c.get("label") or "", TEXT_INPUT_LABEL_MAX, f"{where}.label")
        problems += _too_long(c.get("placeholder") or "", TEXT_INPUT_PLACEHOLDER_MAX, f"{where}.placeholder")
        problems += _too_long(c.get("value") or "", TEXT_INPUT_VALUE_MAX, f"{where}.value")
        for key in ("min_length", "max_length"):
            if key in c and c[key] is not None and not 0 <= c[key] <= TEXT_INPUT_VALUE_MAX:
                problems.append(f"{where}.{key} is {c[key]} (0..{TEXT_INPUT_VALUE_MAX})")
    return problems


def _row_problems(row: Mapping[str, Any], where: str) -> list[str]:
    """An action row: up to five buttons, or one select alone."""
    problems: list[str] = []
    children = row.get("components") or []
    if not children:
        problems.append(f"{where} is an empty action row")
    buttons = [c for c in children if c.get("type") == 2]
    selects = [c for c in children if c.get("type") in SELECT_TYPES]
    if len(buttons) > BUTTONS_PER_ROW_MAX:
        problems.append(f"{where} has {len(buttons)} buttons (max {BUTTONS_PER_ROW_MAX})")
    if selects and len(children) > 1:
        problems.append(f"{where}: a select menu must be alone in its action row")
    for j, child in enumerate(children):
        if child.get("type") != 2 and child.get("type") not in SELECT_TYPES:
            problems.append(f"{where}.components[{j}] is type {child.get('type')}, not a button or select")
        problems += _item_problems(child, f"{where}.components[{j}]")
    return problems


def component_problems(
    components: Sequence[Mapping[str, Any]], *, v2: bool = False, attachments: Iterable[str] = ()
) -> list[str]:
    """Check a message's ``components``: legacy action rows, or a Components V2 layout
    (:func:`layout_problems`, ``attachments`` the file names the message attaches)."""
    problems: list[str] = []
    if v2:
        problems += layout_problems(components, attachments)
    else:
        if len(components) > ACTION_ROWS_MAX:
            problems.append(f"{len(components)} action rows (max {ACTION_ROWS_MAX})")
        for i, row in enumerate(components):
            where = f"components[{i}]"
            if row.get("type") != 1:
                problems.append(f"{where} is type {row.get('type')}, expected an action row (1)")
                continue
            problems += _row_problems(row, where)
    problems += _custom_id_problems(components, "components")
    return problems


def count_components(components: Iterable[Mapping[str, Any]]) -> int:
    """Components as Discord counts them in a V2 message: every one, nested ones included (a container,
    its rows and their buttons, a section, its texts and its accessory...)."""
    return sum(1 for _ in _walk_components(components))


def layout_text(components: Iterable[Mapping[str, Any]]) -> int:
    """Characters of text display content in a V2 message, all text displays together."""
    return sum(len(str(c.get("content") or "")) for c in _walk_components(components) if c.get("type") == 10)


def _media_problems(media: Any, attachments: set[str], where: str) -> list[str]:
    url = str((media or {}).get("url") or "") if isinstance(media, Mapping) else ""
    if not url:
        return [f"{where} has no media url"]
    if url.startswith("attachment://") and url.removeprefix("attachment://") not in attachments:
        return [f"{where} refers to {url}, which the message does not attach ({sorted(attachments)})"]
    return []


def _layout_item_problems(c: Mapping[str, Any], where: str, attachments: set[str], *, top: bool) -> list[str]:
    problems: list[str] = []
    ctype = c.get("type")
    allowed = V2_TOP_LEVEL if top else V2_IN_CONTAINER
    if ctype not in allowed:
        place = "at the top of a layout" if top else "in a container"
        return [f"{where} is type {ctype}, which cannot be used {place}"]
    if ctype == 1:
        problems += _row_problems(c, where)
    elif ctype == 10:
        problems += _too_long(c.get("content"), LAYOUT_TEXT_MAX, f"{where}.content", minimum=1)
    elif ctype == 9:
        texts = c.get("components") or []
        if not 1 <= len(texts) <= SECTION_TEXTS_MAX:
            problems.append(f"{where} has {len(texts)} texts (1..{SECTION_TEXTS_MAX})")
        for j, text in enumerate(texts):
            if text.get("type") != 10:
                problems.append(f"{where}.components[{j}] is type {text.get('type')}, not a text display")
            else:
                at = f"{where}.components[{j}]"
                problems += _too_long(text.get("content"), LAYOUT_TEXT_MAX, at, minimum=1)
        accessory = c.get("accessory")
        if not isinstance(accessory, Mapping):
            problems.append(f"{where} has no accessory")
        elif accessory.get("type") == 2:
            problems += _item_problems(accessory, f"{where}.accessory")
        elif accessory.get("type") == 11:
            problems += _media_problems(accessory.get("media"), attachments, f"{where}.accessory")
        else:
            problems.append(f"{where}.accessory is type {accessory.get('type')}, not a button or thumbnail")
    elif ctype == 12:
        items = c.get("items") or []
        if not 1 <= len(items) <= GALLERY_ITEMS_MAX:
            problems.append(f"{where} has {len(items)} media items (1..{GALLERY_ITEMS_MAX})")
        for j, item in enumerate(items):
            problems += _media_problems(item.get("media"), attachments, f"{where}.items[{j}]")
            problems += _too_long(item.get("description") or "", 1024, f"{where}.items[{j}].description")
    elif ctype == 13:
        problems += _media_problems(c.get("file"), attachments, f"{where}.file")
    elif ctype == 17:
        children = c.get("components") or []
        if not children:
            problems.append(f"{where} is an empty container")
        for j, child in enumerate(children):
            problems += _layout_item_problems(child, f"{where}.components[{j}]", attachments, top=False)
    return problems


def layout_problems(components: Sequence[Mapping[str, Any]], attachments: Iterable[str] = ()) -> list[str]:
    """Check a Components V2 layout (a message with the IS_COMPONENTS_V2 flag): at most 40 components
    counted recursively, at most 4,000 characters of text display content in all, each component where
    it may be (rows, texts, sections, galleries, files and separators at the top or in a container;
    buttons and selects in rows, a section's texts and its button or thumbnail accessory), and each
    picture referring to a file the message attaches (``attachment://NAME``)."""
    problems: list[str] = []
    names = set(attachments)
    if not components:
        problems.append("a layout with no components")
    total = count_components(components)
    if total > LAYOUT_COMPONENTS_MAX:
        problems.append(f"{total} components (max {LAYOUT_COMPONENTS_MAX}, counted recursively)")
    text = layout_text(components)
    if text > LAYOUT_TEXT_MAX:
        problems.append(f"text displays total {text} characters (max {LAYOUT_TEXT_MAX})")
    for i, c in enumerate(components):
        problems += _layout_item_problems(c, f"components[{i}]", names, top=True)
    return problems


def message_text(message: Mapping[str, Any]) -> str:
    """What a message says, as a reader sees it: its content, its embeds' text, and a layout's text
    displays, button labels, menu placeholders and options, and pictures' descriptions, one per line."""
    out = [str(message.get("content") or "")]
    for embed in message.get("embeds") or []:
        out += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        for f in embed.get("fields") or []:
            out += [str(f.get("name") or ""), str(f.get("value") or "")]
        out.append(str((embed.get("footer") or {}).get("text") or ""))
    for c in _walk_components(message.get("components") or []):
        out += [str(c.get(key) or "") for key in ("content", "label", "placeholder")]
        for option in c.get("options") or []:
            out += [str(option.get("label") or ""), str(option.get("description") or "")]
        out += [str(item.get("description") or "") for item in c.get("items") or []]
    return "\n".join(part for part in out if part)


def _attachment_names(body: Mapping[str, Any], stored: Mapping[str, Any] | None = None) -> list[str]:
    """The file names a message attaches once ``body`` is applied (``stored``: the message it edits)."""
    old = {str(a.get("id")): str(a.get("filename") or "") for a in (stored or {}).get("attachments") or []}
    if "attachments" not in body and stored is not None:
        return list(old.values())
    return [str(a.get("filename") or old.get(str(a.get("id")), "")) for a in body.get("attachments") or []]


def message_problems(
    body: Mapping[str, Any], *, creating: bool, stored: Mapping[str, Any] | None = None
) -> list[str]:
    """Check a message create/edit body against Discord's limits.

    ``creating`` adds the "cannot send an empty message" check (edits may omit fields). ``stored``, for
    an edit, is the message as it is: a layout (IS_COMPONENTS_V2) stays one, and an edit into a layout
    must clear the text and embeds the message holds.
    """
    problems: list[str] = []
    was_v2 = bool(int((stored or {}).get("flags") or 0) & COMPONENTS_V2)
    flags = body.get("flags") or 0
    if was_v2 and "flags" in body and body["flags"] is not None and not flags & COMPONENTS_V2:
        problems.append("the IS_COMPONENTS_V2 flag cannot be removed from a message")
    content = body.get("content")
    embeds = body.get("embeds") or []
    components = body.get("components") or []
    if stored is not None and bool(flags & COMPONENTS_V2 or was_v2):
        if "content" not in body and stored.get("content"):
            problems.append("a layout needs the message's content cleared (content: null)")
        if "embeds" not in body and stored.get("embeds"):
            problems.append("a layout needs the message's embeds cleared (embeds: [])")
    if content is not None:
        problems += _too_long(content, CONTENT_MAX, "content")
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{len(embeds)} embeds (max {EMBEDS_MAX})")
    total = 0
    for i, embed in enumerate(embeds):
        found, size = embed_problems(embed, f"embeds[{i}]")
        problems += found
        total += size
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds total {total} characters (max {EMBED_TOTAL_MAX})")
    v2 = bool(flags & COMPONENTS_V2) or was_v2
    if v2 and (content or embeds):
        problems.append("content and embeds cannot be used with the IS_COMPONENTS_V2 flag")
    if v2 and "components" not in body and stored is None:
        problems.append("a layout with no components")
    if "components" in body:
        names = _attachment_names(body, stored)
        problems += component_problems(components, v2=v2, attachments=names)
    if creating and not (
        content
        or embeds
        or components
        or body.get("attachments")
        or body.get("sticker_ids")
        or body.get("poll")
    ):
        problems.append("cannot send an empty message")
    return problems


def choices_problems(choices: Sequence[Mapping[str, Any]]) -> list[str]:
    """Check an autocomplete result (callback type 8)."""
    problems: list[str] = []
    if len(choices) > CHOICES_MAX:
        problems.append(f"{len(choices)} autocomplete choices (max {CHOICES_MAX})")
    for i, choice in enumerate(choices):
        problems += _too_long(choice.get("name"), CHOICE_TEXT_MAX, f"choices[{i}].name", minimum=1)
        value = choice.get("value")
        if isinstance(value, str):
            problems += _too_long(value, CHOICE_TEXT_MAX, f"choices[{i}].value", minimum=1)
    return problems


def modal_problems(modal: Mapping[str, Any]) -> list[str]:
    """Check a modal (callback type 9)."""
    problems: list[str] = []
    problems += _too_long(modal.get("title"), MODAL_TITLE_MAX, "modal title", minimum=1)
    problems += _too_long(modal.get("custom_id"), CUSTOM_ID_MAX, "modal custom_id", minimum=1)
    components = modal.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        problems.append(f"modal has {len(components)} components (1..{MODAL_COMPONENTS_MAX})")
    for i, c in enumerate(_walk_components(components)):
        if c.get("type") == 18:
            problems += _too_long(c.get("label"), TEXT_INPUT_LABEL_MAX, f"modal label[{i}]", minimum=1)
        else:
            problems += _item_problems(c, f"modal component[{i}]")
    problems += _custom_id_problems(components, "modal")
    return problems


# ---------------------------------------------------------------------------
# Compatibility shims
# ---------------------------------------------------------------------------
def command_to_dict(command: Any, tree: app_commands.CommandTree[Any]) -> Json:
    """``command.to_dict(tree)`` on discord.py >= 2.4, ``command.to_dict()`` before."""
    try:
        takes_tree = bool(inspect.signature(command.to_dict).parameters)
    except (TypeError, ValueError):
        takes_tree = True
    return command.to_dict(tree) if takes_tree else command.to_dict()


class _ErrorCollector(logging.Handler):
    """Keeps ERROR records of the watched loggers."""

    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


@dataclass
class _Failure:
    route_key: str
    status: int
    code: int
    message: str
    remaining: int | None


_DEFAULT: Any = object()  # sentinel for "use the fake's default guild / channel"


# ---------------------------------------------------------------------------
# Rate limits (opt-in: ``fake.limits = DiscordLimits()``)
# ---------------------------------------------------------------------------
#: discord.py's own ``HTTPClient.request``, saved before any fake patches it: with limits on, the REST
#: seam runs it (its buckets, global lock, 429 handling and retries) over a fake session.
_REAL_HTTP_REQUEST = HTTPClient.request
#: Requests discord.py may wake for a little before a window ends (timer resolution): so much early
#: still finds the window over.
_EARLY = 0.005
CREATE_MESSAGE = "POST /channels/{channel_id}/messages"
EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"
CREATE_DM = "POST /users/@me/channels"
CREATE_THREAD = "POST /channels/{channel_id}/threads"
CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"
_RATE_LIMITED = "You are being rate limited."
#: The bucket hash the fake gives a channel's new messages (``X-RateLimit-Bucket``).
CHANNEL_MESSAGES_BUCKET = "fake-channel-messages"


@dataclass
class DiscordLimits:
    """Discord's rate limits as the fake applies them (``fake.limits = DiscordLimits()``; the default
    ``fake.limits`` is None: no limit at all).

    * ``rest_per_second`` bot-token REST requests per ``rest_window`` seconds in all (the global limit:
      50 per second). Interaction callbacks and interaction webhooks (follow-ups, edits of the original
      response) go through discord.py's webhook adapter and never count, nor do CDN downloads.
    * ``channel_messages`` new messages (``POST /channels/{id}/messages``) per ``channel_window`` seconds
      in each channel, DM channels included (5 per 5 s). Their answers carry the bucket headers
      (``X-RateLimit-Limit/Remaining/Reset-After/Bucket``) with which discord.py waits before a request
      Discord would refuse.

    Both are fixed windows: a window opens with its first request and is full after so many; a request
    refused with 429 does not count. Tests shorten the windows to keep waits short.
    """

    rest_per_second: int = 50
    rest_window: float = 1.0
    channel_messages: int = 5
    channel_window: float = 5.0


def request_kind(record: RecordedRequest) -> str:
    """What a recorded request is, as the rate limits see it: ``interaction_response`` (an initial
    callback), ``interaction_webhook`` (a follow-up or an edit with the interaction token), ``cdn`` (an
    attachment download), or a bot-token REST request: ``message_create``, ``message_edit``,
    ``dm_channel`` (opening a DM), ``thread_create``, ``rest_other``."""
    if record.template == "cdn":
        return "cdn"
    if record.via == "webhook":
        return "interaction_response" if record.key == CALLBACK else "interaction_webhook"
    return {
        CREATE_MESSAGE: "message_create",
        EDIT_MESSAGE: "message_edit",
        CREATE_DM: "dm_channel",
        CREATE_THREAD: "thread_create",
    }.get(record.key, "rest_other")


REST_KINDS = ("message_create", "message_edit", "dm_channel", "thread_create", "rest_other")


@dataclass
class _Pending:
    """The request the REST seam hands to discord.py's real ``request``, for the fake session."""

    fake: FakeDiscord
    route: Route
    body: Any
    files: Sequence[discord.File] | None
    params: Mapping[str, Any] | None


_PENDING: ContextVar[_Pending | None] = ContextVar("fake_discord_pending", default=None)


class _WireResponse:
    """The little of ``aiohttp.ClientResponse`` that discord.py's ``HTTPClient.request`` reads."""

    def __init__(self, status: int, body: Any, headers: Mapping[str, str] | None = None) -> None:
        self.status = status
        self.reason = _REASONS.get(status, "OK" if status < 300 else "Error")
        all_headers = dict(headers or {})
        self._text = ""
        if body is not None:
            all_headers["Content-Type"] = "application/json"
            self._text = json.dumps(body)
        self.headers: Any = _Caseless(all_headers)

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text


class _Caseless(dict[str, str]):
    """Response headers, read by any case as aiohttp's are."""

    def __init__(self, headers: Mapping[str, str]) -> None:
        super().__init__({k.lower(): v for k, v in headers.items()})

    def __getitem__(self, key: str) -> str:
        return super().__getitem__(key.lower())

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and super().__contains__(key.lower())

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return super().get(key.lower(), default)


class _WireCall:
    """``async with session.request(...) as response``: the fake answers the pending request."""

    def __init__(self, method: str, url: str) -> None:
        self.method = method
        self.url = url

    async def __aenter__(self) -> _WireResponse:
        pending = _PENDING.get()
        if pending is None:
            raise AssertionError(f"{self.method} {self.url} reached the fake session outside the REST seam")
        return await pending.fake._limited_answer(pending)

    async def __aexit__(self, *exc: object) -> None:
        return None


class _WireSession:
    """Stands in for a client's ``aiohttp.ClientSession`` while limits are on; closing it closes the
    real one it replaced."""

    def __init__(self, real: Any) -> None:
        self._real = real
        self.closed = False

    def request(self, method: str, url: str, **kwargs: Any) -> _WireCall:
        return _WireCall(method, url)

    async def close(self) -> None:
        self.closed = True
        if isinstance(self._real, aiohttp.ClientSession):
            await self._real.close()


# ---------------------------------------------------------------------------
# The fake
# ---------------------------------------------------------------------------
class FakeDiscord:
    """An in-memory Discord API plus a gateway-payload factory for one test."""

    def __init__(
        self,
        *,
        application_id: int = APPLICATION_ID,
        bot_user_id: int = BOT_USER_ID,
        bot_name: str = "Arbiter",
        owner_id: int = OWNER_ID,
        guild_id: int = GUILD_ID,
        channel_id: int = CHANNEL_ID,
        watch_loggers: Sequence[str] = WATCHED_LOGGERS,
    ) -> None:
        self.application_id = application_id
        self.bot_user_id = bot_user_id
        self.bot_name = bot_name
        self.owner_id = owner_id
        self.default_guild_id = guild_id
        self.default_channel_id = channel_id
        #: Seconds within which the initial response must arrive (Discord: 3).
        self.response_deadline: float = 3.0
        #: Seconds an interaction token stays valid for follow-ups and edits (Discord: 900).
        self.token_lifetime: float = 900.0
        #: ``app_permissions`` sent in interaction payloads.
        self.app_permissions: int = APP_PERMISSIONS
        #: Discord's rate limits (:class:`DiscordLimits`); None (the default): no limit at all.
        self.limits: DiscordLimits | None = None
        #: Thread CPU seconds spent in the fake's own work at the seams (recording, answering), so that a
        #: benchmark can tell the bot's CPU from the fake's.
        self.wire_cpu: float = 0.0
        #: Called with every request once it is answered (its status set), in order.
        self.listeners: list[Callable[[RecordedRequest], None]] = []
        self._rest_window: tuple[float, int] = (-math.inf, 0)
        self._channel_windows: dict[int, tuple[float, int]] = {}

        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        self.log_records: list[logging.LogRecord] = []
        self.interactions: dict[int, InteractionResult] = {}
        self.messages: dict[int, Json] = {}
        self.deleted_messages: dict[int, Json] = {}
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, Json] = {}
        self.channels: dict[int, Json] = {}
        self.synced: dict[int | None, list[Json]] = {}
        self.modals: dict[str, tuple[Json, InteractionResult]] = {}
        #: Modals whose submission the bot answered: the client closed them (shown again, they reopen).
        self.closed_modals: set[str] = set()
        self.bots: list[commands.Bot] = []
        self.bot: commands.Bot | None = None

        self._ids = itertools.count(1_400_000_000_000_000_001)
        self._by_token: dict[str, InteractionResult] = {}
        self._dm_by_user: dict[int, int] = {}
        self._ephemeral_owner: dict[int, int] = {}
        self._failures: list[_Failure] = []
        self._command_ids: dict[tuple[int | None, str], int] = {}
        self._watch_loggers = tuple(watch_loggers)
        self._handler = _ErrorCollector(self.log_records)
        self._installed = False
        self._originals: dict[type, Any] = {}
        self._original_cdn: Any = None
        self.cdn: dict[str, bytes] = {}
        """Files a test makes downloadable as attachments, by file name."""
        self._reported_violations = 0
        self._reported_records = 0

        self.add_user(owner_id, "owner")
        self.add_guild(guild_id, "Test Guild", channel_id=channel_id)
        self._routes = {
            "GET /users/@me": self._r_get_me,
            "GET /oauth2/applications/@me": self._r_get_application,
            "PUT /applications/{application_id}/commands": self._r_put_commands,
            "PUT /applications/{application_id}/guilds/{guild_id}/commands": self._r_put_commands,
            "GET /applications/{application_id}/commands": self._r_get_commands,
            "GET /applications/{application_id}/guilds/{guild_id}/commands": self._r_get_commands,
            "POST /users/@me/channels": self._r_create_dm,
            "POST /channels/{channel_id}/messages": self._r_create_message,
            "POST /channels/{channel_id}/threads": self._r_create_thread,
            "GET /channels/{channel_id}/messages/{message_id}": self._r_get_message,
            "PATCH /channels/{channel_id}/messages/{message_id}": self._r_edit_message,
            "DELETE /channels/{channel_id}/messages/{message_id}": self._r_delete_message,
            "POST /interactions/{webhook_id}/{webhook_token}/callback": self._r_callback,
            "POST /webhooks/{webhook_id}/{webhook_token}": self._r_followup,
            "GET /webhooks/{webhook_id}/{webhook_token}/messages/@original": self._r_webhook_get,
            "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": self._r_webhook_edit,
            "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original": self._r_webhook_delete,
            "GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": self._r_webhook_get,
            "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": self._r_webhook_edit,
            "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": self._r_webhook_delete,
        }

    # ======================================================================
    # Installation
    # ======================================================================
    def install(self, monkeypatch: pytest.MonkeyPatch | None = None) -> None:
        """Patch both seams at class level and start collecting ERROR log records.

        With ``monkeypatch`` the patches are undone by pytest; without it
        :meth:`uninstall` restores the original methods.
        """
        if self._installed:
            raise RuntimeError("FakeDiscord is already installed")
        http_request, webhook_request = self._make_seams()
        cdn = self._make_cdn()
        if monkeypatch is not None:
            monkeypatch.setattr(HTTPClient, "request", http_request)
            monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)
            monkeypatch.setattr(HTTPClient, "get_from_cdn", cdn)
        else:
            self._originals = {
                HTTPClient: HTTPClient.request,
                AsyncWebhookAdapter: AsyncWebhookAdapter.request,
            }
            self._original_cdn = HTTPClient.get_from_cdn
            HTTPClient.request = http_request  # type: ignore[method-assign]
            AsyncWebhookAdapter.request = webhook_request  # type: ignore[method-assign]
            HTTPClient.get_from_cdn = cdn  # type: ignore[method-assign]
        for name in self._watch_loggers:
            logging.getLogger(name).addHandler(self._handler)
        self._installed = True

    def uninstall(self) -> None:
        """Stop collecting log records; restore the seams if :meth:`install` patched them itself.

        After this, patched seams left by ``monkeypatch`` refuse every request.
        """
        for name in self._watch_loggers:
            logging.getLogger(name).removeHandler(self._handler)
        for cls, original in self._originals.items():
            cls.request = original  # type: ignore[attr-defined]
        if self._originals:
            HTTPClient.get_from_cdn = self._original_cdn  # type: ignore[method-assign]
        self._originals = {}
        self._installed = False

    def _make_cdn(self) -> Any:
        """Attachment downloads (``Attachment.read``): the bytes a test put in ``fake.cdn`` under the
        file name, else 404 as Discord's CDN answers for a file that is gone."""
        fake = self

        async def get_from_cdn(http: HTTPClient, url: str) -> bytes:
            name = url.rsplit("/", 1)[-1]
            fake.requests.append(RecordedRequest("http", "GET", "cdn", url, status=200))
            if name not in fake.cdn:
                raise make_http_error(404, 0, "404: Not Found")
            return fake.cdn[name]

        return get_from_cdn

    def _make_seams(self) -> tuple[Any, Any]:
        fake = self

        async def http_request(
            http: HTTPClient,
            route: Route,
            *,
            files: Sequence[discord.File] | None = None,
            form: Iterable[Mapping[str, Any]] | None = None,
            **kwargs: Any,
        ) -> Any:
            body = kwargs.get("json")
            if form is not None:
                body = _decode_multipart(form, body)
            if fake.limits is None:
                params = kwargs.get("params")
                return await fake._dispatch("http", route, body=body, files=files, params=params)
            # Limits on: discord.py's own request (buckets, global lock, 429 retries) over a fake session.
            current = getattr(http, "_HTTPClient__session", None)
            if not isinstance(current, _WireSession):
                setattr(http, "_HTTPClient__session", _WireSession(current))  # noqa: B010 (a private name)
            token = _PENDING.set(_Pending(fake, route, body, files, kwargs.get("params")))
            try:
                return await _REAL_HTTP_REQUEST(http, route, files=files, form=form, **kwargs)
            finally:
                _PENDING.reset(token)

        async def webhook_request(
            adapter: AsyncWebhookAdapter,
            route: Route,
            session: Any = None,
            *,
            payload: Mapping[str, Any] | None = None,
            multipart: Iterable[Mapping[str, Any]] | None = None,
            files: Sequence[discord.File] | None = None,
            params: Mapping[str, Any] | None = None,
            **kwargs: Any,
        ) -> Any:
            body: Any = payload
            if multipart is not None:
                body = _decode_multipart(multipart, body)
            return await fake._dispatch("webhook", route, body=body, files=files, params=params)

        return http_request, webhook_request

    # ======================================================================
    # Registration
    # ======================================================================
    def new_id(self) -> int:
        """A fresh snowflake-sized id."""
        return next(self._ids)

    def add_user(
        self,
        user_id: int,
        name: str | None = None,
        *,
        admin: bool = False,
        dms_closed: bool = False,
        permissions: int | discord.Permissions | None = None,
        roles: Sequence[int] = (),
    ) -> FakeUser:
        """Register (or replace) a user. ``dms_closed`` makes DMs to them fail with 403/50007."""
        if isinstance(permissions, discord.Permissions):
            permissions = permissions.value
        user = FakeUser(
            user_id, name or f"user{user_id % 10_000}", admin, dms_closed, permissions, list(roles)
        )
        self.users[user_id] = user
        return user

    def close_dms(self, user_id: int, closed: bool = True) -> None:
        """Make DMs to ``user_id`` fail (403/50007) or succeed again."""
        self._user(user_id).dms_closed = closed

    def add_guild(self, guild_id: int, name: str = "Guild", *, channel_id: int | None = None) -> Json:
        """Register a guild (and optionally a text channel in it)."""
        guild = {"id": str(guild_id), "name": name}
        self.guilds[guild_id] = guild
        if channel_id is not None:
            self.add_channel(channel_id, guild_id=guild_id)
        return guild

    def add_channel(self, channel_id: int, *, guild_id: int | None = None, name: str = "general") -> Json:
        """Register a guild text channel."""
        guild_id = self.default_guild_id if guild_id is None else guild_id
        channel = {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild_id),
            "name": name,
            "position": len(self.channels),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }
        self.channels[channel_id] = channel
        return channel

    def add_bot_message(self, channel_id: int, components: Sequence[Json], content: str = "") -> Json:
        """Record a message the bot sent earlier in ``channel_id`` (a guild channel, or a DM channel from
        :meth:`dm_channel_id`) holding ``components`` (action rows): a test presses them as a client
        would, e.g. a message of an older version of the bot, or one whose custom ids a test chooses."""
        return self._new_message({"content": content, "components": list(components)}, channel_id=channel_id)

    def dm_channel_id(self, user_id: int) -> int:
        """The id of the bot's DM channel with ``user_id`` (created on first use)."""
        if user_id not in self._dm_by_user:
            channel_id = self.new_id()
            self._dm_by_user[user_id] = channel_id
            self.channels[channel_id] = {"id": str(channel_id), "type": 1, "recipient_id": user_id}
        return self._dm_by_user[user_id]

    def fail(
        self,
        route_key: str,
        *,
        status: int,
        code: int = 0,
        message: str | None = None,
        times: int | None = None,
    ) -> None:
        """Make matching requests fail with ``status``/``code`` (Forbidden, NotFound, ...).

        ``route_key`` is ``"METHOD template"`` (``"POST /users/@me/channels"``) or
        ``"METHOD concrete-path"``. ``times=None`` fails every matching request.
        """
        self._failures.append(
            _Failure(route_key, status, code, message or _REASONS.get(status, "Error"), times)
        )

    def clear_failures(self) -> None:
        """Forget every :meth:`fail` rule."""
        self._failures.clear()

    # ======================================================================
    # Bots
    # ======================================================================
    async def start(self, bot: BotT, *, token: str = "fake-token", cache_guilds: bool = True) -> BotT:
        """Log ``bot`` in for real (runs ``setup_hook``) and make it the bot payloads go to.

        ``cache_guilds`` then feeds the registered guilds and channels into the bot's
        cache, as the gateway's GUILD_CREATE would (members are not cached).
        """
        if not self._installed:
            raise RuntimeError("install the FakeDiscord before starting a bot")
        await bot.login(token)
        self.bots.append(bot)
        self.bot = bot
        if cache_guilds:
            for guild_id in self.guilds:
                bot._connection._add_guild_from_data(self._guild_create_payload(guild_id))  # type: ignore[arg-type]
        return bot

    async def restart(self, bot: BotT, **kwargs: Any) -> BotT:
        """Close the current bot (a "process" ending) and start ``bot`` against the same fake."""
        if self.bot is not None:
            await self.close_bot(self.bot)
        return await self.start(bot, **kwargs)

    async def close_bot(self, bot: commands.Bot) -> None:
        """Stop ``bot``'s views and modals (cancelling their timeout tasks) and close it."""
        store = getattr(bot._connection, "_view_store", None)
        if store is not None:
            for items in list(getattr(store, "_views", {}).values()):
                for item in list(items.values()):
                    view = getattr(item, "view", None)
                    if view is not None:
                        view.stop()
            for modal in list(getattr(store, "_modals", {}).values()):
                modal.stop()
        if not bot.is_closed():
            await bot.close()
        if self.bot is bot:
            self.bot = None

    async def close_bots(self) -> None:
        """Close every bot started on this fake."""
        for bot in self.bots:
            await self.close_bot(bot)

    def _require_bot(self, bot: commands.Bot | None) -> commands.Bot:
        bot = bot or self.bot
        if bot is None:
            raise RuntimeError("no bot is running: call `await start_bot(fake, bot)` first")
        return bot

    # ======================================================================
    # Payload factory (the ONLY place gateway payloads are built)
    # ======================================================================
    def _user(self, user_id: int) -> FakeUser:
        if user_id not in self.users:
            self.add_user(user_id)
        return self.users[user_id]

    def _bot_user_json(self) -> Json:
        return {
            "id": str(self.bot_user_id),
            "username": self.bot_name,
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "public_flags": 0,
        }

    def _member_json(self, user: FakeUser, permissions: int | None = None) -> Json:
        return {
            "user": user.to_json(),
            "nick": None,
            "avatar": None,
            "roles": [str(r) for r in user.roles],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "permissions": str(user.effective_permissions if permissions is None else permissions),
        }

    def _guild_channel(self, guild_id: int, channel_id: int) -> Json:
        channel = self.channels.get(channel_id)
        if channel is None:
            channel = self.add_channel(channel_id, guild_id=guild_id, name=f"channel-{channel_id % 10_000}")
        if channel.get("guild_id") != str(guild_id):
            raise ValueError(f"channel {channel_id} is not in guild {guild_id}")
        return channel

    def _guild_create_payload(self, guild_id: int) -> Json:
        guild = self.guilds[guild_id]
        channels = [
            {k: v for k, v in c.items() if k != "guild_id"}
            for c in self.channels.values()
            if c.get("guild_id") == str(guild_id)
        ]
        everyone = {
            "id": str(guild_id),
            "name": "@everyone",
            "permissions": str(MEMBER_PERMISSIONS),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        return {
            "id": str(guild_id),
            "name": guild["name"],
            "icon": None,
            "owner_id": str(self.owner_id),
            "features": [],
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "channels": channels,
            "threads": [],
            "members": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "member_count": len(self.users) + 1,
            "large": False,
            "unavailable": False,
            "preferred_locale": "en-US",
            "joined_at": "2024-01-01T00:00:00+00:00",
        }

    def _interaction_payload(
        self,
        itype: int,
        data: Json,
        *,
        user_id: int,
        guild_id: Any = _DEFAULT,
        channel_id: Any = _DEFAULT,
        dm: bool = False,
        permissions: int | discord.Permissions | None = None,
        locale: str = "en-US",
    ) -> Json:
        interaction_id = self.new_id()
        user = self._user(user_id)
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": f"fake-interaction-token-{interaction_id}",
            "version": 1,
            "locale": locale,
            "app_permissions": str(self.app_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if dm or guild_id is None:
            dm_id = self.dm_channel_id(user_id)
            payload.update(
                context=1,
                authorizing_integration_owners={"0": "0"},
                user=user.to_json(),
                channel_id=str(dm_id),
                channel={"id": str(dm_id), "type": 1, "recipients": [user.to_json()]},
            )
            return payload
        guild_id = self.default_guild_id if guild_id is _DEFAULT else guild_id
        channel_id = self.default_channel_id if channel_id is _DEFAULT else channel_id
        if guild_id not in self.guilds:
            self.add_guild(guild_id)
        if isinstance(permissions, discord.Permissions):
            permissions = permissions.value
        payload.update(
            context=0,
            authorizing_integration_owners={"0": str(guild_id)},
            guild_id=str(guild_id),
            guild_locale="en-US",
            guild={"id": str(guild_id), "locale": "en-US", "features": []},
            member=self._member_json(user, permissions),
            channel_id=str(channel_id),
            channel=json_copy(self._guild_channel(guild_id, channel_id)),
        )
        return payload

    def _find_command(
        self, bot: commands.Bot, command_path: str, guild_id: int | None
    ) -> tuple[Any, list[Json], bool]:
        """Resolve "rules search": (leaf command object, the to_dict() nodes from the top-level
        command down to the leaf, whether the command is registered for ``guild_id``)."""
        names = command_path.split()
        if not names:
            raise ValueError("empty command path")
        tree = bot.tree
        top: Any = None
        guild_scoped = False
        if guild_id is not None:
            top = tree.get_command(names[0], guild=discord.Object(guild_id))
            guild_scoped = top is not None
        if top is None:
            top = tree.get_command(names[0])
        if top is None:
            known = sorted(c.name for c in tree.get_commands())
            raise ValueError(f"no app command named {names[0]!r} (global commands: {known})")
        if not isinstance(top, app_commands.Command | app_commands.Group):
            raise ValueError(f"{names[0]!r} is not a slash command")
        spec = command_to_dict(top, tree)
        chain = [spec]
        node, command = spec, top
        for name in names[1:]:
            sub = next(
                (o for o in node.get("options", []) if o["name"] == name and o["type"] in (1, 2)), None
            )
            if sub is None or not isinstance(command, app_commands.Group):
                raise ValueError(f"/{command_path}: {name!r} is not a subcommand of {node['name']!r}")
            chain.append(sub)
            node, command = sub, command.get_command(name)
        if any(o["type"] in (1, 2) for o in node.get("options", [])):
            subs = [o["name"] for o in node["options"]]
            raise ValueError(f"/{command_path} is a group; name one of its subcommands: {subs}")
        return command, chain, guild_scoped

    def _command_data(
        self,
        bot: commands.Bot,
        command_path: str,
        options: Mapping[str, Any],
        *,
        guild_id: int | None,
        focused: tuple[str, Any] | None = None,
    ) -> Json:
        command, chain, guild_scoped = self._find_command(bot, command_path, guild_id)
        leaf = chain[-1]
        specs = {o["name"]: o for o in leaf.get("options", [])}
        wire_names = {p.name: p.display_name for p in getattr(command, "parameters", [])}
        resolved: Json = {}
        leaf_options: list[Json] = []

        def wire_name(name: str) -> str:
            wire = wire_names.get(name, name)
            if wire not in specs:
                raise TypeError(f"/{command_path} has no option {name!r}; options: {sorted(specs)}")
            return wire

        given = {wire_name(k): v for k, v in options.items()}
        focused_name: str | None = None
        if focused is not None:
            focused_name = wire_name(focused[0])
            if not specs[focused_name].get("autocomplete"):
                raise ValueError(f"/{command_path} option {focused_name!r} has no autocomplete")
            given.pop(focused_name, None)
        for name, spec in specs.items():
            if focused is not None and name == focused_name:
                leaf_options.append(
                    {"name": name, "type": spec["type"], "value": focused[1], "focused": True}
                )
            elif name in given:
                value = self._encode_option(command_path, spec, given[name], resolved, guild_id)
                leaf_options.append({"name": name, "type": spec["type"], "value": value})
            elif spec.get("required") and focused is None:
                raise TypeError(f"/{command_path} requires option {name!r}")
        nested: list[Json] = leaf_options
        for sub in reversed(chain[1:]):
            nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        top_name = chain[0]["name"]
        scope = guild_id if guild_scoped else None
        data: Json = {
            "id": str(self._command_id(scope, top_name)),
            "name": top_name,
            "type": chain[0].get("type", 1),
            "options": nested,
        }
        if resolved:
            data["resolved"] = resolved
        if guild_scoped:
            data["guild_id"] = str(guild_id)
        return data

    def _command_id(self, guild_id: int | None, name: str) -> int:
        for command in self.synced.get(guild_id, []):
            if command.get("name") == name:
                return int(command["id"])
        return self._command_ids.setdefault((guild_id, name), self.new_id())

    def _encode_option(
        self, command_path: str, spec: Json, value: Any, resolved: Json, guild_id: int | None
    ) -> Any:
        otype = spec["type"]
        name = spec["name"]
        where = f"/{command_path} option {name!r}"
        if isinstance(value, discord.abc.Snowflake) and otype in (6, 7, 8, 9):
            value = value.id
        if otype == 3:
            if not isinstance(value, str):
                raise TypeError(f"{where} takes a string, got {value!r}")
            if "min_length" in spec and len(value) < spec["min_length"]:
                raise ValueError(f"{where}: shorter than min_length {spec['min_length']}")
            if "max_length" in spec and len(value) > spec["max_length"]:
                raise ValueError(f"{where}: longer than max_length {spec['max_length']}")
        elif otype in (4, 10):
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or (otype == 4 and isinstance(value, float))
            ):
                raise TypeError(f"{where} takes a number, got {value!r}")
            if "min_value" in spec and value < spec["min_value"]:
                raise ValueError(f"{where}: below min_value {spec['min_value']}")
            if "max_value" in spec and value > spec["max_value"]:
                raise ValueError(f"{where}: above max_value {spec['max_value']}")
        elif otype == 5:
            if not isinstance(value, bool):
                raise TypeError(f"{where} takes a bool, got {value!r}")
        elif otype == 6 or (otype == 9 and int(value) in self.users):
            user = self._user(int(value))
            resolved.setdefault("users", {})[str(user.id)] = user.to_json()
            if guild_id is not None:
                member = self._member_json(user)
                del member["user"]
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        elif otype == 7:
            channel = self.channels.get(int(value)) or {
                "id": str(value),
                "type": 0,
                "name": f"channel-{value}",
            }
            resolved.setdefault("channels", {})[str(value)] = {
                "id": str(value),
                "type": channel["type"],
                "name": channel.get("name", ""),
                "permissions": str(MEMBER_PERMISSIONS),
                "parent_id": None,
            }
            return str(value)
        elif otype in (8, 9):
            resolved.setdefault("roles", {})[str(value)] = {
                "id": str(value),
                "name": f"role-{int(value) % 10_000}",
                "permissions": "0",
                "position": 1,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": True,
                "flags": 0,
            }
            return str(value)
        elif otype == 11:
            if not isinstance(value, Mapping) or "filename" not in value:
                raise TypeError(f"{where} takes a dict like {{'filename': 'deck.txt', 'size': 10}}")
            attachment_id = str(self.new_id())
            resolved.setdefault("attachments", {})[attachment_id] = self._attachment_json(
                attachment_id,
                value["filename"],
                size=value.get("size", 0),
                content_type=value.get("content_type"),
            )
            return attachment_id
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"{where}: {value!r} is not one of its choices {[c['value'] for c in choices]}")
        return value

    def slash_payload(
        self,
        command_path: str,
        *,
        user_id: int,
        guild_id: int | None = _DEFAULT,
        channel_id: int = _DEFAULT,
        dm: bool = False,
        permissions: int | discord.Permissions | None = None,
        bot: commands.Bot | None = None,
        **options: Any,
    ) -> Json:
        """An INTERACTION_CREATE (type 2) for ``/command_path`` ("rule", "rules search", ...).

        Option wire types come from the bot's own ``to_dict``; pass values by option name
        (users/roles/channels as ids). ``dm=True`` (or ``guild_id=None``) builds a DM
        interaction; ``permissions`` overrides the member's permission bits.
        """
        bot = self._require_bot(bot)
        in_guild = not dm and guild_id is not None
        scope = (self.default_guild_id if guild_id is _DEFAULT else guild_id) if in_guild else None
        data = self._command_data(bot, command_path, options, guild_id=scope)
        return self._interaction_payload(
            2, data, user_id=user_id, guild_id=guild_id, channel_id=channel_id, dm=dm, permissions=permissions
        )

    def autocomplete_payload(
        self,
        command_path: str,
        focused_option: str,
        value: Any,
        *,
        user_id: int = ALICE,
        guild_id: int | None = _DEFAULT,
        channel_id: int = _DEFAULT,
        dm: bool = False,
        bot: commands.Bot | None = None,
        **other_options: Any,
    ) -> Json:
        """An APPLICATION_COMMAND_AUTOCOMPLETE (type 4) with ``focused_option`` being typed."""
        bot = self._require_bot(bot)
        in_guild = not dm and guild_id is not None
        scope = (self.default_guild_id if guild_id is _DEFAULT else guild_id) if in_guild else None
        data = self._command_data(
            bot, command_path, other_options, guild_id=scope, focused=(focused_option, value)
        )
        return self._interaction_payload(
            4, data, user_id=user_id, guild_id=guild_id, channel_id=channel_id, dm=dm
        )

    def _find_component(self, message: Json, custom_id: str) -> Json:
        for c in _walk_components(message.get("components") or []):
            if c.get("custom_id") == custom_id:
                return dict(c)
        ids = [c["custom_id"] for c in flatten_components(message.get("components") or []) if c["custom_id"]]
        raise ValueError(f"message {message['id']} has no component {custom_id!r}; it has {ids}")

    def component_payload(
        self,
        message_id: int,
        custom_id: str,
        *,
        user_id: int,
        values: Sequence[Any] | None = None,
        permissions: int | discord.Permissions | None = None,
    ) -> Json:
        """A MESSAGE_COMPONENT (type 3) for ``custom_id`` on a message the fake recorded.

        The component type comes from the message JSON, which is included in the
        payload. Selects need ``values``; disabled components and other users'
        ephemeral messages cannot be clicked.
        """
        message = self.message(message_id)
        component = self._find_component(message, custom_id)
        if component.get("disabled"):
            raise ValueError(
                f"component {custom_id!r} on message {message_id} is disabled; nobody can click it"
            )
        owner = self._ephemeral_owner.get(message_id)
        if owner is not None and owner != user_id:
            raise ValueError(f"message {message_id} is ephemeral: only user {owner} can see it")
        ctype = component["type"]
        data: Json = {"custom_id": custom_id, "component_type": ctype}
        if ctype in SELECT_TYPES:
            if values is None:
                raise TypeError(f"select {custom_id!r} needs values=[...]")
            values = [str(v.id) if isinstance(v, discord.abc.Snowflake) else str(v) for v in values]
            low, high = component.get("min_values", 1), component.get("max_values", 1)
            if not low <= len(values) <= high:
                raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
            if ctype == 3:
                allowed = [o["value"] for o in component.get("options", [])]
                unknown = [v for v in values if v not in allowed]
                if unknown:
                    raise ValueError(f"select {custom_id!r} has no option(s) {unknown}; options: {allowed}")
            elif ctype in (5, 7):
                users = {
                    v: self._user(int(v)).to_json() for v in values if ctype == 5 or int(v) in self.users
                }
                if users:
                    data["resolved"] = {"users": users}
            data["values"] = values
        elif values is not None:
            raise TypeError(f"component {custom_id!r} is a button; it takes no values")
        if message.get("guild_id"):
            payload = self._interaction_payload(
                3,
                data,
                user_id=user_id,
                guild_id=int(message["guild_id"]),
                channel_id=int(message["channel_id"]),
                permissions=permissions,
            )
        else:
            payload = self._interaction_payload(3, data, user_id=user_id, dm=True)
            payload["channel_id"] = message["channel_id"]
            payload["channel"]["id"] = message["channel_id"]
        payload["message"] = json_copy(message)
        return payload

    def modal_payload(
        self,
        custom_id: str,
        values: Mapping[str, str | Sequence[str]],
        *,
        user_id: int | None = None,
    ) -> Json:
        """A MODAL_SUBMIT (type 5) for a modal the bot showed (type 9 callback).

        ``values`` maps the text inputs' custom_ids to what the user typed. The
        context (user, guild, channel, originating message) is the interaction that
        opened the modal. As a client, it submits only what the open modal has: a
        ``ValueError`` for an input the modal lacks, a required input left empty, a
        value outside an input's lengths, a user the modal was not shown to, or a
        modal already closed (its submission answered by the bot).
        """
        if custom_id not in self.modals:
            raise ValueError(f"no modal {custom_id!r} was shown; shown: {sorted(self.modals)}")
        if custom_id in self.closed_modals:
            raise ValueError(f"modal {custom_id!r} was answered and closed: a client cannot submit it again")
        modal, opener = self.modals[custom_id]
        if user_id is not None and user_id != opener.user_id:
            raise ValueError(f"modal {custom_id!r} is open for user {opener.user_id} only, not {user_id}")
        remaining = dict(values)
        submitted: list[Json] = []

        def leaf(c: Json) -> Json:
            cid = c.get("custom_id")
            if c.get("type") == 4:
                value = str(remaining.pop(cid, c.get("value") or ""))
                if c.get("required", True) and not value:
                    raise ValueError(f"modal {custom_id!r}: text input {cid!r} is required")
                if len(value) > c.get("max_length", TEXT_INPUT_VALUE_MAX) or len(value) < c.get(
                    "min_length", 0
                ):
                    raise ValueError(
                        f"modal {custom_id!r}: {cid!r} length {len(value)} is outside its limits"
                    )
                return {"type": 4, "custom_id": cid, "value": value}
            if c.get("type") in SELECT_TYPES:
                chosen = remaining.pop(cid, [])
                return {"type": c["type"], "custom_id": cid, "values": [str(v) for v in chosen]}
            return {"type": c.get("type"), "custom_id": cid}

        for top in modal.get("components") or []:
            if top.get("type") == 1:
                submitted.append({"type": 1, "components": [leaf(c) for c in top.get("components") or []]})
            elif top.get("type") == 18:
                submitted.append({"type": 18, "component": leaf(top["component"])})
            elif top.get("type") in (4, *SELECT_TYPES):
                submitted.append(leaf(top))
        if remaining:
            raise ValueError(f"modal {custom_id!r} has no input(s) {sorted(remaining)}")
        user_id = opener.user_id if user_id is None else user_id
        data = {"custom_id": custom_id, "components": submitted}
        base = opener.payload
        if base.get("guild_id"):
            payload = self._interaction_payload(
                5, data, user_id=user_id, guild_id=int(base["guild_id"]), channel_id=int(base["channel_id"])
            )
        else:
            payload = self._interaction_payload(5, data, user_id=user_id, dm=True)
        if "message" in base:
            source_id = int(base["message"]["id"])
            payload["message"] = json_copy(self.messages.get(source_id, base["message"]))
        return payload

    def message_payload(
        self,
        content: str,
        *,
        author_id: int,
        mentions_bot: bool = False,
        guild_id: int | None = _DEFAULT,
        channel_id: int = _DEFAULT,
        dm: bool = False,
        bot: commands.Bot | None = None,
    ) -> Json:
        """A MESSAGE_CREATE for ``parse_message_create``.

        ``mentions_bot`` prefixes ``<@bot>`` (unless already present) and lists the bot
        in ``mentions``. Like the gateway, a guild message that does not mention the
        bot arrives with empty content/embeds/attachments/components when the bot
        lacks the MESSAGE_CONTENT intent.
        """
        bot = bot or self.bot
        author = self._user(author_id)
        mention = f"<@{self.bot_user_id}>"
        if mentions_bot and mention not in content:
            content = f"{mention} {content}"
        in_guild = not dm and guild_id is not None
        payload: Json = {
            "id": str(self.new_id()),
            "author": author.to_json(),
            "content": content,
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }
        if in_guild:
            gid = self.default_guild_id if guild_id is _DEFAULT else guild_id
            cid = self.default_channel_id if channel_id is _DEFAULT else channel_id
            self._guild_channel(gid, cid)
            member = self._member_json(author)
            del member["user"], member["permissions"]
            payload.update(guild_id=str(gid), channel_id=str(cid), member=member)
            if mentions_bot:
                bot_member = {
                    "roles": [],
                    "joined_at": "2024-01-01T00:00:00+00:00",
                    "flags": 0,
                    "deaf": False,
                }
                payload["mentions"] = [{**self._bot_user_json(), "member": bot_member}]
        else:
            payload["channel_id"] = str(self.dm_channel_id(author_id))
            if mentions_bot:
                payload["mentions"] = [self._bot_user_json()]
        lacks_intent = bot is not None and not bot.intents.message_content
        if in_guild and lacks_intent and not mentions_bot and author_id != self.bot_user_id:
            payload.update(content="", embeds=[], attachments=[], components=[])
        return payload

    # ======================================================================
    # Driving
    # ======================================================================
    def feed(self, payload: Json, *, bot: commands.Bot | None = None) -> InteractionResult:
        """Register an interaction and hand it to the bot's real INTERACTION_CREATE parser.

        Must be called inside the running event loop; the deadline clock starts now.
        """
        bot = self._require_bot(bot)
        loop = asyncio.get_running_loop()
        interaction_id = int(payload["id"])
        result = self.interactions.get(interaction_id)
        if result is None:
            user = payload.get("member", {}).get("user") or payload.get("user") or {}
            result = InteractionResult(
                fake=self,
                id=interaction_id,
                token=payload["token"],
                type=payload["type"],
                payload=payload,
                user_id=int(user.get("id", 0)),
                received_at=loop.time(),
            )
            self.interactions[interaction_id] = result
            self._by_token[result.token] = result
        bot._connection.parse_interaction_create(json_copy(payload))  # type: ignore[arg-type]
        return result

    def feed_message(self, payload: Json, *, bot: commands.Bot | None = None) -> None:
        """Hand a MESSAGE_CREATE to the bot's real parser (dispatches ``on_message``)."""
        bot = self._require_bot(bot)
        bot._connection.parse_message_create(json_copy(payload))  # type: ignore[arg-type]

    async def settle(self, timeout: float = 5.0) -> None:
        """Await discord.py's dispatch tasks (commands, views, modals, dynamic items, events)
        until none is left. Unnamed tasks (view timeouts) are not awaited."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        current = asyncio.current_task()
        while True:
            await asyncio.sleep(0)
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not current and not t.done() and t.get_name().startswith(SETTLE_TASK_PREFIXES)
            ]
            if not pending:
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"settle() timed out; still running: {[t.get_name() for t in pending]}")
            await asyncio.wait(pending, timeout=remaining)

    async def run(self, payload: Json, *, bot: commands.Bot | None = None) -> InteractionResult:
        """:meth:`feed` then :meth:`settle`; returns the interaction's result."""
        result = self.feed(payload, bot=bot)
        await self.settle()
        return result

    async def run_slash(self, command_path: str, *, user_id: int, **kwargs: Any) -> InteractionResult:
        """Run ``/command_path`` (see :meth:`slash_payload` for the arguments)."""
        return await self.run(self.slash_payload(command_path, user_id=user_id, **kwargs))

    async def press(
        self, message_id: int, custom_id: str, *, user_id: int, values: Sequence[Any] | None = None
    ) -> InteractionResult:
        """Click a button (or use a select with ``values``) on a recorded message."""
        return await self.run(self.component_payload(message_id, custom_id, user_id=user_id, values=values))

    async def select(
        self, message_id: int, custom_id: str, values: Sequence[Any], *, user_id: int
    ) -> InteractionResult:
        """Choose ``values`` in a select menu on a recorded message."""
        return await self.press(message_id, custom_id, user_id=user_id, values=values)

    async def submit_modal(
        self, custom_id: str, values: Mapping[str, str | Sequence[str]], *, user_id: int | None = None
    ) -> InteractionResult:
        """Submit a modal the bot showed (see :meth:`modal_payload`); answered, it is closed."""
        result = await self.run(self.modal_payload(custom_id, values, user_id=user_id))
        if result.acknowledged:
            self.closed_modals.add(custom_id)
        return result

    async def autocomplete(
        self, command_path: str, focused_option: str, value: Any, *, user_id: int = ALICE, **kwargs: Any
    ) -> list[Json]:
        """Type ``value`` into ``focused_option``; returns the choices the bot sent."""
        payload = self.autocomplete_payload(command_path, focused_option, value, user_id=user_id, **kwargs)
        result = await self.run(payload)
        return result.choices or []

    async def run_message(self, content: str, *, author_id: int, **kwargs: Any) -> list[Json]:
        """Post a user message (see :meth:`message_payload`); returns the messages the bot
        created in reaction (latest state)."""
        before = len(self.requests)
        self.feed_message(self.message_payload(content, author_id=author_id, **kwargs))
        await self.settle()
        created = [
            int(r.response["id"])
            for r in self.requests[before:]
            if r.ok and r.key == "POST /channels/{channel_id}/messages"
        ]
        return [self.messages[m] for m in created if m in self.messages]

    # ======================================================================
    # Inspection
    # ======================================================================
    def message(self, message_id: int) -> Json:
        """Latest JSON of a message (following PATCH edits and UPDATE_MESSAGE callbacks)."""
        if message_id in self.messages:
            return json_copy(self.messages[message_id])
        if message_id in self.deleted_messages:
            raise AssertionError(f"message {message_id} was deleted")
        raise AssertionError(f"no message {message_id} was recorded")

    def messages_in(self, channel_id: int) -> list[Json]:
        """Latest JSON of every live message in a channel, oldest first."""
        return [json_copy(m) for m in self.messages.values() if m["channel_id"] == str(channel_id)]

    def dm_messages(self, user_id: int) -> list[Json]:
        """Messages the bot sent to ``user_id`` by DM."""
        if user_id not in self._dm_by_user:
            return []
        return self.messages_in(self._dm_by_user[user_id])

    def requests_to(self, route_key: str) -> list[RecordedRequest]:
        """Recorded requests whose ``"METHOD template"`` key equals ``route_key``."""
        return [r for r in self.requests if r.key == route_key]

    def synced_commands(self, guild_id: int | None = None) -> list[Json]:
        """The last command list the bot PUT (global, or for ``guild_id``)."""
        return json_copy(self.synced.get(guild_id, []))

    def problems(self) -> list[str]:
        """The problems :meth:`check` would report now, without consuming them."""
        return [text for text, _ in self._collect_problems(consume=False)]

    def check(self) -> None:
        """Fail on never-acknowledged interactions, limit violations and ERROR records.

        Each problem is reported once. The AssertionError's ``__cause__`` is the first
        logged exception, if any.
        """
        found = self._collect_problems(consume=True)
        if not found:
            return
        cause = next((exc for _, exc in found if exc is not None), None)
        text = "FakeDiscord found problems:\n" + "\n".join(f"- {t}" for t, _ in found)
        raise AssertionError(text) from cause

    def _collect_problems(self, *, consume: bool) -> list[tuple[str, BaseException | None]]:
        found: list[tuple[str, BaseException | None]] = []
        for result in self.interactions.values():
            if not result.acknowledged and not result.reported:
                attempts = [f"{r.key} -> {r.status}" for r in result.requests]
                found.append(
                    (
                        f"{result.describe()} was never acknowledged"
                        f" (the user sees 'This interaction failed'); attempts: {attempts}",
                        None,
                    )
                )
                if consume:
                    result.reported = True
        for violation in self.violations[self._reported_violations :]:
            found.append((f"Discord would reject {violation}", None))
        for record in self.log_records[self._reported_records :]:
            exc = record.exc_info[1] if record.exc_info else None
            text = f"logger {record.name!r} recorded an ERROR: {record.getMessage()}"
            if exc is not None:
                text += "\n" + logging.Formatter().formatException(record.exc_info).rstrip()  # type: ignore[arg-type]
            found.append((text, exc))
        if consume:
            self._reported_violations = len(self.violations)
            self._reported_records = len(self.log_records)
        return found

    # ======================================================================
    # The wire
    # ======================================================================
    async def _dispatch(
        self,
        via: Literal["http", "webhook"],
        route: Route,
        *,
        body: Any,
        files: Sequence[discord.File] | None,
        params: Mapping[str, Any] | None,
    ) -> Any:
        if not self._installed:
            raise AssertionError(f"FakeDiscord is uninstalled; refusing {route.method} {route.url}")
        await asyncio.sleep(0)  # a real request yields to the event loop
        started = time.thread_time()
        try:
            record = self._record(via, route, body=body, files=files, params=params)
            try:
                response = self._serve(record, route)
            except _Reject as reject:
                raise make_http_error(reject.status, reject.code, reject.message) from None
            return json_copy(response)
        finally:
            self.wire_cpu += time.thread_time() - started

    def _record(
        self,
        via: Literal["http", "webhook"],
        route: Route,
        *,
        body: Any,
        files: Sequence[discord.File] | None,
        params: Mapping[str, Any] | None,
    ) -> RecordedRequest:
        record = RecordedRequest(
            via=via,
            method=route.method,
            template=route.path,
            path=unquote(route.url[len(Route.BASE) :]),
            json=_wire(body),
            files=[f.filename or "" for f in files or []],
            params=dict(params) if params else None,
            at=asyncio.get_running_loop().time(),
        )
        self.requests.append(record)
        return record

    def _serve(self, record: RecordedRequest, route: Route) -> Any:
        """Answer ``record`` from the route table: its response (also kept in the record), or
        :class:`_Reject` for an error status."""
        try:
            self._apply_failures(record)
            handler = self._routes.get(record.key)
            if handler is None:
                self.violations.append(
                    Violation(record.key, record.path, ["no handler in the fake's route table"], 0)
                )
                raise AssertionError(f"no handler for {record.key} ({record.path})")
            response = handler(record, _path_params(route.path, record.path))
        except _Reject as reject:
            record.status = reject.status
            record.error = (reject.code, reject.message)
            self._notify(record)
            raise
        record.status = 200 if response is not None else 204
        record.response = json_copy(response)
        self._notify(record)
        return response

    def _notify(self, record: RecordedRequest) -> None:
        for listener in self.listeners:
            listener(record)

    async def _limited_answer(self, pending: _Pending) -> _WireResponse:
        """One try of a bot-token request with limits on (called by discord.py's real ``request``
        through the fake session): a 429 if it is over a limit, else the route table's answer, with
        the bucket headers of a channel's new messages."""
        if not self._installed:
            route = pending.route
            raise AssertionError(f"FakeDiscord is uninstalled; refusing {route.method} {route.url}")
        await asyncio.sleep(0)  # a real request yields to the event loop
        started = time.thread_time()
        try:
            record = self._record(
                "http", pending.route, body=pending.body, files=pending.files, params=pending.params
            )
            refused, headers = self._apply_limits(record, pending.route)
            if refused is not None:
                return refused
            try:
                response = self._serve(record, pending.route)
            except _Reject as reject:
                return _WireResponse(reject.status, {"code": reject.code, "message": reject.message})
            return _WireResponse(record.status or 200, response, headers)
        finally:
            self.wire_cpu += time.thread_time() - started

    def _apply_limits(
        self, record: RecordedRequest, route: Route
    ) -> tuple[_WireResponse | None, dict[str, str]]:
        """Count ``record`` against the limits: ``(the 429 answer, {})`` when it is over one, else
        ``(None, the bucket headers its answer carries)``."""
        limits = self.limits
        assert limits is not None
        now = asyncio.get_running_loop().time()
        counted = request_kind(record) in REST_KINDS
        start, count = self._rest_window
        if counted:
            if now >= start + limits.rest_window - _EARLY:
                start, count = now, 0
            if count >= limits.rest_per_second:
                return self._too_many(record, start + limits.rest_window - now, scope="global"), {}
        headers: dict[str, str] = {}
        if record.key == CREATE_MESSAGE:
            channel_id = int(_path_params(route.path, record.path)["channel_id"])
            opened, sent = self._channel_windows.get(channel_id, (-math.inf, 0))
            if now >= opened + limits.channel_window - _EARLY:
                opened, sent = now, 0
            reset_after = opened + limits.channel_window - now
            if sent >= limits.channel_messages:
                bucket = _bucket_headers(limits.channel_messages, 0, reset_after)
                return self._too_many(record, reset_after, scope="user", extra=bucket), {}
            self._channel_windows[channel_id] = (opened, sent + 1)
            remaining = limits.channel_messages - sent - 1
            headers = _bucket_headers(limits.channel_messages, remaining, reset_after)
        if counted:
            self._rest_window = (start, count + 1)
        return None, headers

    def _too_many(
        self,
        record: RecordedRequest,
        retry_after: float,
        *,
        scope: str,
        extra: Mapping[str, str] | None = None,
    ) -> _WireResponse:
        """The 429 Discord answers over a limit (recorded as the request's answer)."""
        retry_after = max(retry_after, 0.0)
        is_global = scope == "global"
        body = {"message": _RATE_LIMITED, "retry_after": retry_after, "global": is_global}
        headers = {
            **(extra or {}),
            "Retry-After": str(max(1, math.ceil(retry_after))),
            "X-RateLimit-Scope": scope,
            "Via": "1.1 google",
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        record.status = 429
        record.error = (0, _RATE_LIMITED)
        record.response = body
        self._notify(record)
        return _WireResponse(429, body, headers)

    def request_counts(self, since: int = 0) -> Counter[str]:
        """Requests recorded from ``fake.requests[since]`` on, counted as Discord's limits see them:

        * ``rest``: bot-token REST requests answered (not with 429), the ones the global limit counts;
          by kind: ``message_create``, ``message_edit``, ``dm_channel``, ``thread_create``,
          ``rest_other`` (:func:`request_kind`);
        * ``interaction_response`` (initial callbacks) and ``interaction_webhook`` (follow-ups, edits of
          the original response), which the global limit does not count;
        * ``rate_limited``: requests answered 429 (each try of a request discord.py retried counts);
        * ``cdn``: attachment downloads.
        """
        counts: Counter[str] = Counter()
        for record in self.requests[since:]:
            if record.status == 429:
                counts["rate_limited"] += 1
                continue
            kind = request_kind(record)
            counts[kind] += 1
            if kind in REST_KINDS:
                counts["rest"] += 1
        return counts

    def _apply_failures(self, record: RecordedRequest) -> None:
        for failure in self._failures:
            if failure.route_key not in (record.key, f"{record.method} {record.path}"):
                continue
            if failure.remaining is not None:
                if failure.remaining <= 0:
                    continue
                failure.remaining -= 1
            raise _Reject(failure.status, failure.code, failure.message)

    def _violation(self, record: RecordedRequest, problems: list[str], code: int = 50035) -> _Reject:
        self.violations.append(Violation(record.key, record.path, problems, code))
        if code == 50035:
            return _Reject(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        return _Reject(400, code, "; ".join(problems))

    # -- messages -----------------------------------------------------------
    def _attachment_json(
        self, attachment_id: str, filename: str, *, size: int = 0, content_type: str | None = None
    ) -> Json:
        url = f"https://cdn.discordapp.com/attachments/0/{attachment_id}/{filename}"
        attachment: Json = {
            "id": attachment_id,
            "filename": filename,
            "size": size,
            "url": url,
            "proxy_url": url,
        }
        if content_type:
            attachment["content_type"] = content_type
        return attachment

    def _attachments(self, body: Mapping[str, Any], old: Sequence[Json] = ()) -> list[Json]:
        kept = {a["id"]: a for a in old}
        out: list[Json] = []
        for a in body.get("attachments") or []:
            if str(a.get("id")) in kept:
                out.append(kept[str(a["id"])])
            else:
                out.append(self._attachment_json(str(self.new_id()), a.get("filename", "file")))
        return out

    def _new_message(
        self,
        body: Mapping[str, Any],
        *,
        channel_id: int,
        interaction: InteractionResult | None = None,
        extra_flags: int = 0,
        message_type: int = 0,
    ) -> Json:
        message_id = self.new_id()
        message: Json = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "type": message_type,
            "author": self._bot_user_json(),
            "content": body.get("content") or "",
            "embeds": list(body.get("embeds") or []),
            "components": list(body.get("components") or []),
            "attachments": self._attachments(body),
            "flags": (body.get("flags") or 0) | extra_flags,
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        channel = self.channels.get(channel_id) or {}
        if channel.get("guild_id"):
            message["guild_id"] = channel["guild_id"]
        if body.get("message_reference"):
            message["message_reference"] = body["message_reference"]
        if interaction is not None:
            message["webhook_id"] = str(self.application_id)
            message["application_id"] = str(self.application_id)
            if message["flags"] & EPHEMERAL:
                self._ephemeral_owner[message_id] = interaction.user_id
            interaction._touch(message_id)
        self.messages[message_id] = message
        return message

    def _apply_edit(self, message: Json, body: Mapping[str, Any]) -> None:
        for key in ("content", "embeds", "components"):
            if key in body:
                value = body[key]
                message[key] = ("" if key == "content" else []) if value is None else value
        if "attachments" in body:
            message["attachments"] = self._attachments(body, message.get("attachments") or [])
        flags = message.get("flags", 0) & ~LOADING
        if "flags" in body and body["flags"] is not None:
            # SUPPRESS_EMBEDS comes and goes; IS_COMPONENTS_V2 may be set (a message becomes a layout),
            # never removed
            flags = (flags & ~SUPPRESS_EMBEDS) | (body["flags"] & (SUPPRESS_EMBEDS | COMPONENTS_V2))
        message["flags"] = flags
        message["edited_timestamp"] = _now_iso()

    def _stored(self, message_id: int) -> Json:
        if message_id not in self.messages:
            raise _Reject(404, 10008, "Unknown Message")
        return self.messages[message_id]

    # -- route handlers ----------------------------------------------------
    def _r_get_me(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        return self._bot_user_json()

    def _r_get_application(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        return {
            "id": str(self.application_id),
            "name": self.bot_name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self._user(self.owner_id).to_json(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "rpc_origins": [],
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.guilds),
        }

    def _r_put_commands(self, record: RecordedRequest, params: dict[str, str]) -> list[Json]:
        if int(params["application_id"]) != self.application_id:
            raise _Reject(403, 50001, "Missing Access")
        guild_id = int(params["guild_id"]) if "guild_id" in params else None
        echoed = []
        for command in record.json or []:
            entry = dict(command)
            entry.update(
                id=str(self._command_ids.setdefault((guild_id, command["name"]), self.new_id())),
                application_id=str(self.application_id),
                version=str(self.new_id()),
            )
            if guild_id is not None:
                entry["guild_id"] = str(guild_id)
            echoed.append(entry)
        self.synced[guild_id] = echoed
        return echoed

    def _r_get_commands(self, record: RecordedRequest, params: dict[str, str]) -> list[Json]:
        return self.synced.get(int(params["guild_id"]) if "guild_id" in params else None, [])

    def _r_create_dm(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        user_id = int((record.json or {})["recipient_id"])
        user = self._user(user_id)
        channel_id = self.dm_channel_id(user_id)
        return {"id": str(channel_id), "type": 1, "last_message_id": None, "recipients": [user.to_json()]}

    def _r_create_message(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        channel_id = int(params["channel_id"])
        channel = self.channels.get(channel_id)
        if channel is None:
            raise _Reject(404, 10003, "Unknown Channel")
        recipient = channel.get("recipient_id")
        if recipient is not None and self._user(recipient).dms_closed:
            raise _Reject(403, 50007, "Cannot send messages to this user")
        body = record.json or {}
        problems = message_problems(body, creating=True)
        if problems:
            raise self._violation(record, problems)
        return self._new_message(
            body, channel_id=channel_id, message_type=19 if body.get("message_reference") else 0
        )

    def _r_create_thread(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        """A thread without a starter message (``TextChannel.create_thread``): a public thread (type
        11) of a guild text channel; 400/50024 in any other channel (a DM, a thread)."""
        parent_id = int(params["channel_id"])
        parent = self.channels.get(parent_id)
        if parent is None:
            raise _Reject(404, 10003, "Unknown Channel")
        if parent.get("type") != 0:
            raise _Reject(400, 50024, "Cannot execute action on this channel type")
        body = record.json or {}
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise self._violation(record, [f"thread name of {len(name)} characters (1 to 100)"])
        thread_id = self.new_id()
        thread = {
            "id": str(thread_id),
            "type": int(body.get("type") or 11),
            "guild_id": parent["guild_id"],
            "parent_id": str(parent_id),
            "name": name,
            "owner_id": str(self.bot_user_id),
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": int(body.get("auto_archive_duration") or 1440),
                "archive_timestamp": _now_iso(),
                "locked": False,
            },
        }
        self.channels[thread_id] = thread
        return thread

    def _bot_token_message(self, params: dict[str, str]) -> Json:
        message = self._stored(int(params["message_id"]))
        if message["channel_id"] != params["channel_id"] or message.get("flags", 0) & EPHEMERAL:
            raise _Reject(404, 10008, "Unknown Message")  # ephemeral messages are invisible to the bot token
        return message

    def _r_get_message(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        return self._bot_token_message(params)

    def _r_edit_message(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        message = self._bot_token_message(params)
        if message["author"]["id"] != str(self.bot_user_id):
            raise _Reject(403, 50005, "Cannot edit a message authored by another user")
        problems = message_problems(record.json or {}, creating=False, stored=message)
        if problems:
            raise self._violation(record, problems)
        self._apply_edit(message, record.json or {})
        return message

    def _r_delete_message(self, record: RecordedRequest, params: dict[str, str]) -> None:
        message = self._bot_token_message(params)
        self.deleted_messages[int(message["id"])] = self.messages.pop(int(message["id"]))

    def _r_callback(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        interaction = self.interactions.get(int(params["webhook_id"]))
        if interaction is None or interaction.token != params["webhook_token"]:
            raise _Reject(404, 10062, "Unknown interaction")
        record.interaction_id = interaction.id
        interaction.requests.append(record)
        now = asyncio.get_running_loop().time()
        if interaction.callback is not None:
            raise self._violation(record, ["interaction has already been acknowledged"], 40060)
        if now - interaction.received_at > self.response_deadline:
            raise _Reject(404, 10062, "Unknown interaction")
        body = record.json or {}
        ctype = body.get("type")
        data = body.get("data") or {}
        problems: list[str] = []
        if ctype not in _ALLOWED_CALLBACKS.get(interaction.type, frozenset()):
            problems.append(
                f"callback type {ctype} is not valid for a {_INTERACTION_KINDS.get(interaction.type)}"
            )
        elif ctype in (6, 7) and "message" not in interaction.payload:
            problems.append(f"callback type {ctype} needs a message to update")
        elif ctype == 4:
            problems += message_problems(data, creating=True)
        elif ctype == 7:
            source = interaction.payload["message"]
            stored = self.messages.get(int(source["id"]), source)
            problems += message_problems(data, creating=False, stored=stored)
        elif ctype == 8:
            problems += choices_problems(data.get("choices") or [])
        elif ctype == 9:
            problems += modal_problems(data)
        if problems:
            raise self._violation(record, problems)

        interaction.callback = body
        interaction.callback_at = now
        info: Json = {
            "id": str(interaction.id),
            "type": interaction.type,
            "response_message_loading": ctype == 5,
            "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL),
        }
        resource: Json = {"type": ctype}
        channel_id = int(interaction.payload["channel_id"])
        message: Json | None = None
        if ctype in (4, 5):
            kind = 20 if interaction.type == 2 else 0
            if ctype == 4:
                message = self._new_message(
                    data, channel_id=channel_id, interaction=interaction, message_type=kind
                )
            else:
                flags = ((data.get("flags") or 0) & EPHEMERAL) | LOADING
                message = self._new_message(
                    {}, channel_id=channel_id, interaction=interaction, extra_flags=flags, message_type=kind
                )
        elif ctype in (6, 7):
            source = interaction.payload["message"]
            source_id = int(source["id"])
            if source_id not in self.messages:
                self.messages[source_id] = json_copy(source)
            message = self.messages[source_id]
            if ctype == 7:
                self._apply_edit(message, data)
                interaction._touch(source_id)
        elif ctype == 9:
            self.modals[data["custom_id"]] = (data, interaction)
            self.closed_modals.discard(data["custom_id"])
        if message is not None:
            interaction.original_message_id = int(message["id"])
            info["response_message_id"] = message["id"]
            info["response_message_ephemeral"] = bool(message.get("flags", 0) & EPHEMERAL)
            if ctype != 6:
                resource["message"] = message
        return {"interaction": info, "resource": resource}

    def _token_interaction(self, record: RecordedRequest, params: dict[str, str]) -> InteractionResult:
        interaction = self._by_token.get(params["webhook_token"])
        if interaction is None or int(params["webhook_id"]) != self.application_id:
            raise _Reject(404, 10015, "Unknown Webhook")
        record.interaction_id = interaction.id
        interaction.requests.append(record)
        if asyncio.get_running_loop().time() - interaction.received_at > self.token_lifetime:
            raise _Reject(401, 50027, "Invalid Webhook Token")
        if interaction.callback is None:
            raise _Reject(404, 10015, "Unknown Webhook")  # no follow-up before the initial response
        return interaction

    def _r_followup(self, record: RecordedRequest, params: dict[str, str]) -> Json | None:
        interaction = self._token_interaction(record, params)
        body = record.json or {}
        problems = message_problems(body, creating=True)
        if problems:
            raise self._violation(record, problems)
        original = self.messages.get(interaction.original_message_id or 0)
        if original is not None and original.get("flags", 0) & LOADING:
            # The first follow-up after a deferred "thinking" response replaces the loading
            # message; it keeps the ephemerality chosen at defer().
            self._apply_edit(original, body)
            interaction._touch(int(original["id"]))
            message = original
        else:
            message = self._new_message(
                body, channel_id=int(interaction.payload["channel_id"]), interaction=interaction
            )
        if str((record.params or {}).get("wait", "1")) in ("0", "False", "false"):
            return None
        return message

    def _webhook_message(self, interaction: InteractionResult, params: dict[str, str]) -> Json:
        target = params.get("message_id")
        if target is None:  # @original
            if interaction.original_message_id is None:
                raise _Reject(404, 10008, "Unknown Message")
            return self._stored(interaction.original_message_id)
        message = self._stored(int(target))
        if message.get("webhook_id") != str(self.application_id):
            raise _Reject(404, 10008, "Unknown Message")
        return message

    def _r_webhook_get(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        return self._webhook_message(self._token_interaction(record, params), params)

    def _r_webhook_edit(self, record: RecordedRequest, params: dict[str, str]) -> Json:
        interaction = self._token_interaction(record, params)
        message = self._webhook_message(interaction, params)
        problems = message_problems(record.json or {}, creating=False, stored=message)
        if problems:
            raise self._violation(record, problems)
        self._apply_edit(message, record.json or {})
        interaction._touch(int(message["id"]))
        return message

    def _r_webhook_delete(self, record: RecordedRequest, params: dict[str, str]) -> None:
        interaction = self._token_interaction(record, params)
        message = self._webhook_message(interaction, params)
        self.deleted_messages[int(message["id"])] = self.messages.pop(int(message["id"]))


def _decode_multipart(parts: Iterable[Mapping[str, Any]], fallback: Any) -> Any:
    """Return the decoded ``payload_json`` part of a multipart form."""
    for part in parts:
        if part.get("name") == "payload_json":
            value = part.get("value")
            return json.loads(value) if isinstance(value, str | bytes) else value
    return fallback


def _bucket_headers(limit: int, remaining: int, reset_after: float) -> dict[str, str]:
    """The ``X-RateLimit-*`` headers of a bucket (discord.py reads ``Reset-After``; ``Reset`` is the
    epoch time it falls on)."""
    reset_after = max(reset_after, 0.0)
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(max(remaining, 0)),
        "X-RateLimit-Reset-After": repr(reset_after),
        "X-RateLimit-Reset": repr(time.time() + reset_after),
        "X-RateLimit-Bucket": CHANNEL_MESSAGES_BUCKET,
    }


def _path_params(template: str, path: str) -> dict[str, str]:
    """Map ``{name}`` segments of ``template`` to the matching segments of ``path``."""
    t_parts, p_parts = template.split("/"), path.split("/")
    if len(t_parts) != len(p_parts):
        return {}
    return {
        t[1:-1]: p for t, p in zip(t_parts, p_parts, strict=True) if t.startswith("{") and t.endswith("}")
    }


# ---------------------------------------------------------------------------
# Fixtures and helpers for tests
# ---------------------------------------------------------------------------
async def start_bot(fake: FakeDiscord, bot: BotT, *, cache_guilds: bool = True) -> BotT:
    """Log ``bot`` in against ``fake`` with the real ``bot.login("fake-token")``.

    ``setup_hook`` runs (cogs, ``add_view``, ``add_dynamic_items``, ``tree.sync``).
    The ``fake_discord`` fixture closes the bot at teardown.
    """
    return await fake.start(bot, cache_guilds=cache_guilds)


async def restart_bot(fake: FakeDiscord, bot: BotT, *, cache_guilds: bool = True) -> BotT:
    """Simulate a process restart: close the running bot, log ``bot`` in on the same fake.

    Recorded messages survive, so a test can press a button on a message the previous
    bot sent (persistent views, DynamicItem).
    """
    return await fake.restart(bot, cache_guilds=cache_guilds)


@contextlib.asynccontextmanager
async def open_fake_discord(monkeypatch: pytest.MonkeyPatch | None = None) -> AsyncIterator[FakeDiscord]:
    """Install a :class:`FakeDiscord` with ALICE, BOB, ADMIN and the test guild registered.

    On a normal exit it settles pending work, closes every bot started on it,
    uninstalls and runs :meth:`FakeDiscord.check`. If the body raised, the same
    clean-up runs and the original exception propagates unchecked.
    """
    fake = FakeDiscord()
    fake.install(monkeypatch)
    fake.add_user(ALICE, "alice")
    fake.add_user(BOB, "bob")
    fake.add_user(ADMIN, "admin", admin=True)
    try:
        yield fake
    finally:
        try:
            await fake.settle()
        finally:
            try:
                await fake.close_bots()
            finally:
                fake.uninstall()
    fake.check()


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A monkeypatch-installed :class:`FakeDiscord` (see :func:`open_fake_discord`).

    Teardown settles pending work, closes every bot started with :func:`start_bot`
    and runs :meth:`FakeDiscord.check`, so a test fails on swallowed errors, limit
    violations and unanswered interactions even if it never calls ``check()``.
    """
    async with open_fake_discord(monkeypatch) as fake:
        yield fake
