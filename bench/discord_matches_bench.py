"""Matches on Discord as Discord would carry them: Duel Masters matches through real discord.py with only
the wire faked (tests/discord/fake_discord.py), its rate limits ON (``DiscordLimits()``: 50 bot-token
REST requests a second, 5 new messages per channel per 5 s; interaction responses and interaction
webhooks are not limited), one process, one SQLite file, the bot's own ``MessageEditor`` with its real
spacing.

Matches are challenged and accepted with the limits off (the set-up is not measured). A press is the
player's: the offer the game's random player picks, pressed on their DM panel (``fake.component_payload``)
or typed with ``/match take`` when it has choices. What is measured comes from the wire's records
(``fake.requests``, a listener on them), and from the bot only which panel edits it skipped:

1. **REST requests per action** in the burst run, by kind: board edits (PATCH of a board message), DM
   panel edits (PATCH of a message in a DM channel), new messages (e.g. the "your move" mentions), other
   (DM channels, threads...); interaction responses and webhooks beside them, not counted. From it, the
   concurrent matches one token carries at one press every ``HUMAN_GAP`` seconds per match:
   ``floor(50 / requests_per_action * HUMAN_GAP)``.
2. **A human-paced run** at that many matches (at most ``HUMAN_MAX``): each match presses after random
   exponential gaps of mean ``HUMAN_GAP`` seconds (seeded), each press only once the previous one of that
   match was answered and its presser's panel updated, for ``HUMAN_SECONDS`` seconds. p50/p95 of the
   times from the interaction to its response (the initial callback), to the presser's panel updated
   (the first edit of their panel after the press: an UPDATE_MESSAGE callback, an interaction-webhook
   edit of the original message, or a REST edit), to the opponent's panel current (the first REST edit
   of their panel whose custom ids, ``mt:<kind>:<match>:<version>:...``, or "as of action N" text show
   a version newer than the one the press was made on, or the moment the bot found their panel already
   reads as the new version would and sent nothing: a waiting player's panel) and to the board
   current. The board carries no
   version, so the board is current at **the first REST edit of the board message that reaches the
   wire after the press's interaction** (not after the presser's panel update: under the limits a
   board edit may reach the wire before the interaction-webhook edit of the presser's panel). The editor
   builds an edit when it sends it, so an edit queued at the press shows the new state; the rule is exact
   in the burst run (every round waits for every edit), and in the human-paced run it would take as
   current a board edit built just before the action was stored and held past the press by the global
   lock after a 429 (the run prints its 429s).
3. **The burst run**: ``MATCHES`` matches pressing at once (their interactions handed to the bot one
   after another with the event loop running between two, as discord.py reads the gateway: one event
   a read), ``ROUNDS`` rounds (each round waits for
   every edit): response p95, presser's panel p95, and per round the time until every board is current,
   beside its floors: the round's boards / 50 per second, and the round's REST requests / 50 per second.
4. **CPU per action on the bot's side**: the process CPU time of the run minus the CPU spent inside the
   fake wire (``fake.wire_cpu``: the seams' own synchronous work), minus the bench's own (choosing
   actions, building payloads) and minus the board picture (every ``board_png`` the bot calls is
   wrapped; its thread's CPU is counted, so a picture drawn in a worker thread counts too), divided by
   the actions (a press the bot refuses costs CPU but moves no match); beside it the service's CPU per
   action in the baseline run (``MatchService.submit`` alone, as many actions, another database), their
   ratio, and the picture's share of the bot's CPU.

Presses the bot refuses (the match did not move) update no panel; they are counted and left out of
the times.

Knobs (environment variables): ``BENCH_DISCORD_MATCHES`` (200), ``BENCH_DISCORD_ROUNDS`` (8),
``BENCH_DISCORD_HUMAN_SECONDS`` (60), ``BENCH_DISCORD_HUMAN_MAX`` (400), ``BENCH_DISCORD_HUMAN_GAP`` (5).
A smoke run: ``BENCH_DISCORD_MATCHES=20 BENCH_DISCORD_ROUNDS=2 BENCH_DISCORD_HUMAN_SECONDS=10
BENCH_DISCORD_HUMAN_MAX=20``.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.stats import HEADER, percentile, row
from bot.app import App
from bot.client import ArbiterBot
from bot.config import Settings
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.offers import CardsNeed, PickNeed, covering, offers
from engine.match.simulate import game_seed
from tests.bot.console_player import option_numbers, typed
from tests.discord.fake_discord import (
    CHANNEL_ID,
    REST_KINDS,
    DiscordLimits,
    FakeDiscord,
    RecordedRequest,
    open_fake_discord,
    request_kind,
    walk_components,
)


def _env(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


MATCHES = int(_env("BENCH_DISCORD_MATCHES", 200))
ROUNDS = int(_env("BENCH_DISCORD_ROUNDS", 8))
HUMAN_SECONDS = _env("BENCH_DISCORD_HUMAN_SECONDS", 60.0)
HUMAN_MAX = int(_env("BENCH_DISCORD_HUMAN_MAX", 400))
HUMAN_GAP = _env("BENCH_DISCORD_HUMAN_GAP", 5.0)
#: Longest wait for a presser's panel before the bench gives up on that press.
PANEL_TIMEOUT = 120.0
#: A press answered whose match has not moved after so many seconds was refused by the bot.
REFUSAL_CHECK = 2.0
GAME = "duelmasters"
FIRST_USER = 1_300_000_000_000_100_000
LIMITS = DiscordLimits()
MENU_OPTIONS = 25
"""Options on a menu's page."""
VERSION_ID = re.compile(r"^mt:[a-z]:\d+:(\d+)(?::|$)")
VERSION_TEXT = re.compile(r"as of action (\d+)")


def _settings(folder: Path, name: str) -> Settings:
    return Settings(
        discord_token=None,
        database_path=folder / name,
        rules_dir=Path(__file__).resolve().parents[1] / "data" / "rules",
        _env_file=None,  # type: ignore[call-arg]
    )


def _action(state: Any, rng: random.Random) -> Any:
    for action in game_definition(GAME).random_actions(state, rng):
        try:
            apply(state, action)
        except ActionRefused:
            continue
        return action
    raise RuntimeError("no accepted action")


# ---------------------------------------------------------------------------------------------------
# CPU accounting
# ---------------------------------------------------------------------------------------------------
class Cpu:
    """CPU seconds spent by the bench itself and by the board picture."""

    def __init__(self) -> None:
        self.bench = 0.0
        self.picture = 0.0
        self.pictures = 0

    @contextmanager
    def of_bench(self) -> Iterator[None]:
        started = time.thread_time()
        try:
            yield
        finally:
            self.bench += time.thread_time() - started

    @contextmanager
    def pictures_counted(self) -> Iterator[None]:
        """Wrap ``board_png`` wherever the bot's modules hold it, counting its thread's CPU."""
        from bot.render import board_image

        original = board_image.board_png

        def board_png(*args: Any, **kwargs: Any) -> Any:
            started = time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                self.picture += time.thread_time() - started
                self.pictures += 1

        holders = [
            m
            for name, m in list(sys.modules.items())
            if (name == "bot" or name.startswith(("bot.", "cogs.")))
            and getattr(m, "board_png", None) is original
        ]
        for module in holders:
            module.board_png = board_png  # type: ignore[attr-defined]
        try:
            yield
        finally:
            for module in holders:
                module.board_png = original  # type: ignore[attr-defined]


@dataclass
class Usage:
    """CPU of one measured phase: the process's, and the parts that are not the bot's."""

    process: float = 0.0
    wire: float = 0.0
    bench: float = 0.0
    picture: float = 0.0

    @property
    def bot(self) -> float:
        """The bot's CPU, its pictures included."""
        return self.process - self.wire - self.bench


@contextmanager
def measured(fake: FakeDiscord, cpu: Cpu, usage: Usage) -> Iterator[None]:
    process, wire, bench, picture = time.process_time(), fake.wire_cpu, cpu.bench, cpu.picture
    try:
        yield
    finally:
        usage.process += time.process_time() - process
        usage.wire += fake.wire_cpu - wire
        usage.bench += cpu.bench - bench
        usage.picture += cpu.picture - picture


# ---------------------------------------------------------------------------------------------------
# Watching the wire
# ---------------------------------------------------------------------------------------------------
def _version(body: Any) -> int | None:
    """The match version a panel's body shows (its custom ids, else its "as of action N" text)."""
    components = (body or {}).get("components") or []
    versions = []
    for c in walk_components(components):
        found = VERSION_ID.match(str(c.get("custom_id") or ""))
        if found:
            versions.append(int(found.group(1)))
        found = VERSION_TEXT.search(str(c.get("content") or "")) if c.get("type") == 10 else None
        if found:
            versions.append(int(found.group(1)))
    return max(versions) if versions else None


@dataclass
class Edit:
    at: float
    rest: bool
    version: int | None
    sent: bool = True
    """False: the bot found the message already reads as this version would, and sent nothing."""


class Watch:
    """A listener on the fake's requests: every accepted edit of a message, by message id, and futures
    waiting for the next edit of a message."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.edits: dict[int, list[Edit]] = {}
        self._waiting: dict[int, list[tuple[float, asyncio.Future[float]]]] = {}

    def __call__(self, record: RecordedRequest) -> None:
        if not record.ok:
            return
        message_id: int | None = None
        body: Any = record.json
        kind = request_kind(record)
        if kind == "message_edit":
            message_id = int(record.path.rsplit("/", 1)[1])
        elif kind == "interaction_webhook" and record.method == "PATCH":
            tail = record.path.rsplit("/", 1)[1]
            if tail != "@original":
                message_id = int(tail)
            elif record.interaction_id is not None:
                message_id = self.fake.interactions[record.interaction_id].original_message_id
        elif kind == "interaction_response" and (record.json or {}).get("type") == 7:
            interaction = self.fake.interactions.get(record.interaction_id or 0)
            if interaction is not None and "message" in interaction.payload:
                message_id = int(interaction.payload["message"]["id"])
                body = record.json.get("data")
        if message_id is None:
            return
        self.edits.setdefault(message_id, []).append(Edit(record.at, kind == "message_edit", _version(body)))
        waiting = self._waiting.pop(message_id, [])
        keep = []
        for after, future in waiting:
            if record.at >= after and not future.done():
                future.set_result(record.at)
            elif not future.done():
                keep.append((after, future))
        if keep:
            self._waiting[message_id] = keep

    def unchanged(self, message_id: int, version: int) -> None:
        """The bot decided ``message_id`` already reads as ``version`` would (a waiting player's panel):
        it is current from now, without a request."""
        at = asyncio.get_running_loop().time()
        self.edits.setdefault(message_id, []).append(Edit(at, True, version, sent=False))

    def watch_places(self, places: Any) -> None:
        """Tell :meth:`unchanged` about every panel edit the bot's places skip."""
        edit = places._seat_edit

        async def seat_edit(shown: Any, seat: int, message_id: int) -> Any:
            made = await edit(shown, seat, message_id)
            if made is None:
                self.unchanged(message_id, shown.version)
            return made

        places._seat_edit = seat_edit

    async def next_edit(self, message_id: int, after: float, timeout: float) -> float | None:
        """The time of the first edit of ``message_id`` made at ``after`` or later (None: none came)."""
        for edit in self.edits.get(message_id, []):
            if edit.at >= after:
                return edit.at
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(message_id, []).append((after, future))
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            return None

    def first(self, message_id: int, test: Callable[[Edit], bool]) -> float | None:
        return next((e.at for e in self.edits.get(message_id, []) if test(e)), None)


@dataclass
class Table:
    """A match's places and players."""

    match_id: int
    users: tuple[int, int]
    board: int
    panels: dict[int, int]


@dataclass
class Press:
    table: Table
    presser: int
    version: int  # the version the press was made on
    result: Any  # InteractionResult
    received_at: float
    refused: bool = False
    """The match did not move (the bot refused the press): left out of the times."""


@dataclass
class Times:
    """Milliseconds from each press's interaction to its response, to its presser's panel updated, to the
    opponent's panel current and to the board current."""

    response: list[float] = field(default_factory=list)
    panel: list[float] = field(default_factory=list)
    opponent: list[float] = field(default_factory=list)
    board: list[float] = field(default_factory=list)
    board_at: list[float] = field(default_factory=list)  # loop time each board was current
    missing: Counter[str] = field(default_factory=Counter)
    refused: int = 0


def accepted(presses: list[Press]) -> list[Press]:
    """The presses that moved their match (the actions)."""
    return [p for p in presses if not p.refused]


def measure(watch: Watch, presses: list[Press]) -> Times:
    times = Times()
    for press in presses:
        r, t0 = press.result, press.received_at
        if press.refused:
            times.refused += 1
            continue
        if r.callback_at is None:
            times.missing["response"] += 1
            continue
        times.response.append((r.callback_at - t0) * 1000)
        panel = watch.first(press.table.panels[press.presser], lambda e, t0=t0: e.at >= t0)
        if panel is None:
            times.missing["panel"] += 1
            continue
        times.panel.append((panel - t0) * 1000)
        opponent = next(u for u in press.table.users if u != press.presser)
        seen = watch.first(
            press.table.panels[opponent],
            lambda e, t0=t0, v=press.version: (
                e.rest and e.at >= t0 and e.version is not None and e.version > v
            ),
        )
        if seen is None:
            times.missing["opponent's panel"] += 1
        else:
            times.opponent.append((seen - t0) * 1000)
        board = watch.first(press.table.board, lambda e, t0=t0: e.rest and e.at >= t0)
        if board is None:
            times.missing["board"] += 1
        else:
            times.board.append((board - t0) * 1000)
            times.board_at.append(board)
    return times


# ---------------------------------------------------------------------------------------------------
# Driving
# ---------------------------------------------------------------------------------------------------
@dataclass
class Ready:
    """A press about to be made: its final interaction's payload, with what the menus before it chose."""

    table: Table
    user: int
    version: int
    payload: Any


async def prepare(
    fake: FakeDiscord, app: App, table: Table, watch: Watch, rng: random.Random, cpu: Cpu
) -> Ready | None:
    """Choose the match's next random action and make every interaction before the one that takes it,
    as a player on a phone does (None: the match is over): an offer without choices is one press of
    its button; one whose choices are all in menus is its card's button beside the hand (or its own
    button, or **More** and its menu), then its menus, the last choice being the press that takes it;
    an offer with numbers or text, or with a choice past a menu's first page, is typed with
    ``/match take``."""
    state = await app.matches.state(table.match_id)
    if state.status != "playing":
        return None
    with cpu.of_bench():
        action = _action(state, rng)
        offer = covering(state, action)
        assert offer is not None
        number = offers(state, action.actor).index(offer) + 1
        user = table.users[action.actor]
        choices = offer.choices_of(action, state)
        values = [
            option_numbers(need, choices.get(need.field))
            for need in offer.needs
            if isinstance(need, CardsNeed | PickNeed)
        ]
        menus_only = all(isinstance(need, CardsNeed | PickNeed) for need in offer.needs)
        first_page = all(int(v) <= MENU_OPTIONS for chosen in values for v in chosen)
    panel = table.panels[user]
    if offer.needs:
        await _settled(fake, app, watch, panel, table.match_id)
    if not menus_only or not first_page:
        words = typed(offer, choices)
        options: dict[str, Any] = {"choices": words} if words else {}
        payload = fake.slash_payload(
            "match take", user_id=user, match=table.match_id, offer=number, **options
        )
        return Ready(table, user, state.version, payload)
    steps = values
    card = None
    if values and len(values[0]) == 1:
        card = _find(
            fake,
            panel,
            lambda c: (
                c.startswith(f"mt:c:{table.match_id}:") and c.split(":")[4:6] == [str(number), values[0][0]]
            ),
        )
    if card is not None:
        opening: Any = fake.component_payload(panel, card, user_id=user)
        steps = values[1:]
    else:
        button = _find(fake, panel, lambda c: c.startswith("mt:o:") and c.split(":")[4] == str(number))
        if button is not None:
            opening = fake.component_payload(panel, button, user_id=user)
        else:  # behind More: its menu, then the offer chosen in it
            more = _find(fake, panel, lambda c: c.startswith("mt:p:") and c.endswith(":0"))
            assert more is not None, "no More on the panel"
            if not await _step(
                fake, watch, panel, fake.component_payload(panel, more, user_id=user), "mt:a:"
            ):
                return None
            menu = _find(fake, panel, lambda c: c.startswith("mt:a:"))
            wanted = next(
                (o["value"] for o in _options(fake, panel, menu) if o["value"].split(":")[0] == str(number)),
                None,
            )
            if menu is None or wanted is None:  # past the menu's first page
                words = typed(offer, choices)
                payload = fake.slash_payload(
                    "match take",
                    user_id=user,
                    match=table.match_id,
                    offer=number,
                    **({"choices": words} if words else {}),
                )
                return Ready(table, user, state.version, payload)
            opening = fake.component_payload(panel, menu, user_id=user, values=[wanted])
    if not steps:
        return Ready(table, user, state.version, opening)
    if not await _step(fake, watch, panel, opening, "mt:s:"):
        return None
    for index, chosen in enumerate(steps):
        menu = _find(fake, panel, lambda c: c.startswith("mt:s:"))
        assert menu is not None, "no menu for the offer's next choice"
        payload = fake.component_payload(panel, menu, user_id=user, values=chosen)
        if index == len(steps) - 1:
            return Ready(table, user, state.version, payload)
        if not await _step(fake, watch, panel, payload, "mt:s:"):
            return None
    raise AssertionError("unreachable")


async def _step(fake: FakeDiscord, watch: Watch, panel: int, payload: Any, shows: str) -> bool:
    """One interaction before the press: made, and waited for until the panel shows its answer (a
    component whose custom id begins with ``shows``)."""
    result = fake.feed(payload)
    after = result.received_at
    while True:
        at = await watch.next_edit(panel, after, PANEL_TIMEOUT)
        if at is None:
            return False
        if _find(fake, panel, lambda c: c.startswith(shows)) is not None:
            return True
        after = at + 1e-9


async def _settled(fake: FakeDiscord, app: App, watch: Watch, panel: int, match_id: int) -> None:
    """Wait until the player's panel shows the match as it is now, or the bot found it already reads
    so (an edit of an earlier action still on its way would replace the menus a player opens)."""
    version = (await app.matches.state(match_id)).version
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PANEL_TIMEOUT
    while loop.time() < deadline:
        shown = _version(fake.messages[panel])
        shown = -1 if shown is None else shown
        found = [e.version for e in watch.edits.get(panel, []) if not e.sent and e.version is not None]
        if max([shown, *found]) >= version:
            return
        await watch.next_edit(panel, loop.time(), 0.5)


def _find(fake: FakeDiscord, panel: int, test: Callable[[str], bool]) -> str | None:
    for c in walk_components(fake.messages[panel].get("components") or []):
        custom_id = str(c.get("custom_id") or "")
        if custom_id and test(custom_id) and not c.get("disabled"):
            return custom_id
    return None


def _options(fake: FakeDiscord, panel: int, custom_id: str | None) -> list[Any]:
    for c in walk_components(fake.messages[panel].get("components") or []):
        if c.get("custom_id") == custom_id:
            return list(c.get("options") or [])
    return []


def make_press(fake: FakeDiscord, ready: Ready) -> Press:
    """Make the press that takes the action."""
    result = fake.feed(ready.payload)
    return Press(ready.table, ready.user, ready.version, result, result.received_at)


async def open_tables(fake: FakeDiscord, app: App, first: int, count: int) -> list[Table]:
    """Challenge and accept ``count`` matches (numbered from ``first``), the limits off."""
    limits, fake.limits = fake.limits, None
    tables = []
    try:
        for n in range(first, first + count):
            one, two = FIRST_USER + 2 * n, FIRST_USER + 2 * n + 1
            fake.add_user(one, f"p{2 * n}")
            fake.add_user(two, f"p{2 * n + 1}")
            app.challenges.randomness = lambda n=n: random.Random(n)  # type: ignore[misc]
            app.challenges.match_seed = lambda n=n: game_seed(7, n + 1)  # type: ignore[misc]
            made = await fake.run_slash(
                "match challenge", user_id=one, channel_id=CHANNEL_ID, game=GAME, opponent=two
            )
            accept = next(c for c in made.custom_ids if c.startswith("mc:a:"))
            since = len(fake.requests)
            await fake.press(made.message_id or 0, accept, user_id=two)
            await _drain(fake)
            tables.append(_table(fake, since, (one, two)))
    finally:
        fake.limits = limits
    return tables


def _table(fake: FakeDiscord, since: int, users: tuple[int, int]) -> Table:
    """Find the board and the two panels among the new messages made since request ``since``."""
    board: tuple[int, int] | None = None
    panels: dict[int, int] = {}
    dms = {fake.dm_channel_id(u): u for u in users}
    for record in fake.requests[since:]:
        if not (record.ok and request_kind(record) == "message_create"):
            continue
        message = record.response
        ids = [str(c.get("custom_id") or "") for c in walk_components(message.get("components") or [])]
        channel_id = int(message["channel_id"])
        if channel_id in dms and ids:
            panels[dms[channel_id]] = int(message["id"])
        for custom_id in ids:
            if custom_id.startswith("mt:h:"):
                board = (int(custom_id.split(":")[2]), int(message["id"]))
    assert board is not None and len(panels) == 2, "a match opened without its board and two panels"
    return Table(board[0], users, board[1], panels)


async def _drain(fake: FakeDiscord) -> None:
    await fake.settle(timeout=600)
    await fake.bot.match_places.drain()  # type: ignore[union-attr]


@dataclass
class Burst:
    presses: list[Press] = field(default_factory=list)
    rounds: list[tuple[float, float, list[Press], Counter[str]]] = field(default_factory=list)
    """Each round's start and end (loop time: every edit made), presses and request counts."""
    since: int = 0
    until: int = 0
    usage: Usage = field(default_factory=Usage)


async def burst_run(fake: FakeDiscord, app: App, tables: list[Table], watch: Watch, cpu: Cpu) -> Burst:
    """Every match presses at once, ``ROUNDS`` times, each round waiting for every edit."""
    rng = random.Random(11)
    out = Burst(since=len(fake.requests))
    loop = asyncio.get_running_loop()
    with measured(fake, cpu, out.usage):
        for _ in range(ROUNDS):
            ready = [r for t in tables if (r := await prepare(fake, app, t, watch, rng, cpu)) is not None]
            start, first_request = loop.time(), len(fake.requests)
            presses = []
            for one in ready:  # as discord.py reads the gateway: one event a read, the loop running between
                presses.append(make_press(fake, one))
                await asyncio.sleep(0)
            await _drain(fake)
            for press in presses:
                press.refused = (await app.matches.state(press.table.match_id)).version == press.version
            out.rounds.append((start, loop.time(), presses, fake.request_counts(first_request)))
            out.presses += presses
    out.until = len(fake.requests)
    return out


@dataclass
class Human:
    matches: int
    presses: list[Press] = field(default_factory=list)
    seconds: float = 0.0
    since: int = 0
    until: int = 0
    usage: Usage = field(default_factory=Usage)
    stuck: int = 0


async def human_run(fake: FakeDiscord, app: App, tables: list[Table], watch: Watch, cpu: Cpu) -> Human:
    """Each match presses after exponential gaps of mean ``HUMAN_GAP`` s, once its previous press was
    answered and its presser's panel updated, for ``HUMAN_SECONDS`` seconds."""
    out = Human(len(tables), since=len(fake.requests))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HUMAN_SECONDS

    async def player(table: Table) -> None:
        rng = random.Random(1000 + table.match_id)
        while True:
            gap = rng.expovariate(1 / HUMAN_GAP)
            if loop.time() + gap >= deadline:
                return
            await asyncio.sleep(gap)
            ready = await prepare(fake, app, table, watch, rng, cpu)
            if ready is None:
                return
            made = make_press(fake, ready)
            out.presses.append(made)
            if not await answered(made):
                out.stuck += 1
                return

    async def answered(press: Press) -> bool:
        """Wait until the press is answered and its presser's panel updated; a press the bot refused
        (the match did not move) updates no panel."""
        panel, waited = press.table.panels[press.presser], 0.0
        while waited < PANEL_TIMEOUT:
            if await watch.next_edit(panel, press.received_at, REFUSAL_CHECK) is not None:
                return True
            waited += REFUSAL_CHECK
            state = await app.matches.state(press.table.match_id)
            if press.result.callback_at is not None and state.version == press.version:
                press.refused = True
                return True
        return False

    with measured(fake, cpu, out.usage):
        started = loop.time()
        await asyncio.gather(*(player(t) for t in tables))
        await _drain(fake)
        out.seconds = loop.time() - started
    out.until = len(fake.requests)
    return out


# ---------------------------------------------------------------------------------------------------
# The service alone
# ---------------------------------------------------------------------------------------------------
async def service_run(folder: Path, actions: int) -> tuple[list[float], float, float]:
    """The baseline: ``actions`` random actions over MATCHES matches through the service alone; the
    samples (ms), the seconds and the CPU seconds of the service (choosing the actions left out)."""
    from bot.services.challenges import DeckChoice, Started

    app = await App.open(_settings(folder, "service.sqlite3"))
    cpu = Cpu()
    try:
        ids = []
        for n in range(MATCHES):
            app.challenges.randomness = lambda n=n: random.Random(n)  # type: ignore[misc]
            app.challenges.match_seed = lambda n=n: game_seed(7, n + 1)  # type: ignore[misc]
            one, two = (FIRST_USER + 2 * n, f"p{2 * n}"), (FIRST_USER + 2 * n + 1, f"p{2 * n + 1}")
            made = await app.challenges.challenge(
                guild_id=1,
                channel_id=None,
                game=GAME,
                challenger=one,
                deck=DeckChoice("practice"),
                opponent=two,
            )
            started = await app.challenges.accept(1, made.id, two, DeckChoice("practice"))
            assert isinstance(started, Started)
            ids.append((started.match_id, (one[0], two[0])))
        rng = random.Random(11)
        samples: list[float] = []
        start, process = time.perf_counter(), time.process_time()
        done = 0
        while done < actions:
            for match_id, users in ids:
                if done >= actions:
                    break
                state = await app.matches.state(match_id)
                if state.status != "playing":
                    continue
                with cpu.of_bench():
                    action = _action(state, rng)
                t0 = time.perf_counter()
                await app.matches.submit(match_id, action, user_id=users[action.actor])
                samples.append((time.perf_counter() - t0) * 1000)
                done += 1
        cpu_seconds = time.process_time() - process - cpu.bench
        return samples, time.perf_counter() - start, cpu_seconds
    finally:
        await app.close()


# ---------------------------------------------------------------------------------------------------
# The run and its tables
# ---------------------------------------------------------------------------------------------------
def rest_by_kind(fake: FakeDiscord, since: int, until: int, tables: list[Table]) -> Counter[str]:
    """REST requests (not answered 429) by what they did, and the uncounted ones beside them."""
    boards = {t.board for t in tables}
    dms = {fake.dm_channel_id(u) for t in tables for u in t.users}
    counts: Counter[str] = Counter()
    for record in fake.requests[since:until]:
        if record.status == 429:
            counts["429 answers (retried)"] += 1
            continue
        kind = request_kind(record)
        if kind == "message_edit":
            parts = record.path.split("/")
            if int(parts[-1]) in boards:
                counts["board edits"] += 1
            elif int(parts[2]) in dms:
                counts["DM panel edits"] += 1
            else:
                counts["other message edits"] += 1
        elif kind == "message_create":
            counts["new messages"] += 1
        elif kind in REST_KINDS:
            counts["other REST"] += 1
        else:
            counts[kind.replace("_", " ") + "s (not counted)"] += 1
    return counts


REST_ROWS = ("board edits", "DM panel edits", "new messages", "other message edits", "other REST")


async def discord_runs(folder: Path) -> dict[str, Any]:
    cpu = Cpu()
    async with open_fake_discord() as fake:
        fake.response_deadline = 600.0
        fake.token_lifetime = 3600.0
        watch = Watch(fake)
        fake.listeners.append(watch)
        app = await App.open(_settings(folder, "discord.sqlite3"))
        try:
            bot = await fake.start(ArbiterBot(app))
            watch.watch_places(bot.match_places)  # type: ignore[attr-defined]
            with cpu.pictures_counted():
                phases: dict[str, float] = {}
                started = time.perf_counter()
                tables = await open_tables(fake, app, 0, MATCHES)
                phases["set-up (limits off)"] = time.perf_counter() - started
                fake.limits = LIMITS
                started = time.perf_counter()
                burst = await burst_run(fake, app, tables, watch, cpu)
                phases["burst"] = time.perf_counter() - started
                counts = rest_by_kind(fake, burst.since, burst.until, tables)
                rest = sum(counts[k] for k in REST_ROWS)
                per_action = rest / max(1, len(accepted(burst.presses)))
                carried = (
                    math.floor(LIMITS.rest_per_second / per_action * HUMAN_GAP) if per_action else HUMAN_MAX
                )
                human_matches = max(1, min(HUMAN_MAX, carried))
                if human_matches > len(tables):
                    started = time.perf_counter()
                    tables += await open_tables(fake, app, len(tables), human_matches - len(tables))
                    phases["set-up (limits off)"] += time.perf_counter() - started
                started = time.perf_counter()
                human = await human_run(fake, app, tables[:human_matches], watch, cpu)
                phases["human-paced (its matches' set-up included)"] = time.perf_counter() - started
                human_counts = rest_by_kind(fake, human.since, human.until, tables)
        finally:
            await fake.close_bots()
            await app.close()
    return {
        "watch": watch,
        "burst": burst,
        "counts": counts,
        "per_action": per_action,
        "carried": carried,
        "human": human,
        "human_counts": human_counts,
        "cpu": cpu,
        "phases": phases,
    }


def _ms(value: float) -> str:
    return f"{value:.0f}" if math.isfinite(value) else "-"


async def main() -> None:
    print(
        f"\n## Matches on Discord with Discord's limits: {MATCHES} Duel Masters matches in bursts of "
        f"{ROUNDS} rounds, then a human-paced run ({HUMAN_SECONDS:.0f} s, a press every {HUMAN_GAP:.0f} s"
        " per match)\n"
    )
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-discord-") as folder:
        runs = await discord_runs(Path(folder))
        burst: Burst = runs["burst"]
        human: Human = runs["human"]
        baseline, base_elapsed, base_cpu = await service_run(Path(folder), len(accepted(burst.presses)))
    watch: Watch = runs["watch"]
    cpu: Cpu = runs["cpu"]
    actions = len(accepted(burst.presses))

    counts: Counter[str] = runs["counts"]
    print(f"### 1. REST requests per action (burst run, {actions} actions; the global limit counts these)\n")
    print("| kind | requests | per action |")
    print("|---|---|---|")
    for kind in REST_ROWS:
        print(f"| {kind} | {counts[kind]} | {counts[kind] / max(1, actions):.2f} |")
    print(f"| **REST in all** | {sum(counts[k] for k in REST_ROWS)} | **{runs['per_action']:.2f}** |")
    for kind in sorted(k for k in counts if k not in REST_ROWS):
        print(f"| {kind} | {counts[kind]} | {counts[kind] / max(1, actions):.2f} |")
    print(
        f"\nOne token carries **{runs['carried']}** concurrent matches at one press every {HUMAN_GAP:.0f} s"
        f" per match: floor({LIMITS.rest_per_second} / {runs['per_action']:.2f} * {HUMAN_GAP:.0f}).\n"
    )

    times = measure(watch, human.presses)
    hc: Counter[str] = runs["human_counts"]
    human_rest = sum(hc[k] for k in REST_ROWS)
    print(
        f"### 2. Human-paced: {human.matches} matches for {human.seconds:.0f} s, {len(human.presses)} presses"
        f" ({len(human.presses) / max(human.seconds, 1e-9):.1f}/s), {human_rest} REST requests"
        f" ({human_rest / max(human.seconds, 1e-9):.1f}/s), {hc['429 answers (retried)']} answered 429\n"
    )
    print(HEADER)
    print(row("interaction to its response", times.response))
    print(row("interaction to the presser's panel updated", times.panel))
    print(row("interaction to the opponent's panel current", times.opponent))
    print(row("interaction to the board current", times.board))
    print(f"\nPresses refused by the bot (the match did not move; left out): {times.refused}.")
    if times.missing or human.stuck:
        print(f"Never seen: {dict(times.missing)}; players stuck waiting for their panel: {human.stuck}.")

    print(f"\n### 3. Burst: {MATCHES} matches pressing at once, {ROUNDS} rounds\n")
    bt = measure(watch, burst.presses)
    print(HEADER)
    print(row("interaction to its response", bt.response))
    print(row("interaction to the presser's panel updated", bt.panel))
    print(row("interaction to the opponent's panel current", bt.opponent))
    print(row("interaction to the board current", bt.board))
    print(
        f"\nPresses refused by the bot (left out): {bt.refused}; never seen: {dict(bt.missing) or 'none'}.\n"
    )
    print(
        "| round | presses | every board current (s) | floor: boards / 50/s | floor: REST / 50/s"
        " | every edit made (s) | REST | 429s |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for n, (start, end, presses, round_counts) in enumerate(burst.rounds, 1):
        rt = measure(watch, presses)
        current = (max(rt.board_at) - start) if rt.board_at and not rt.missing["board"] else float("nan")
        rest, per_second = round_counts["rest"], LIMITS.rest_per_second
        print(
            f"| {n} | {len(presses)} | {current:.1f} | {len(presses) / per_second:.1f}"
            f" | {rest / per_second:.1f} | {end - start:.1f} | {rest} | {round_counts['rate_limited']} |"
        )

    print("\n### 4. CPU per action on the bot's side\n")
    print("| run | actions | CPU s | wire s | bench s | picture s | bot s | bot ms/action | picture share |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, presses, usage in (
        ("burst", len(accepted(burst.presses)), burst.usage),
        ("human-paced", len(accepted(human.presses)), human.usage),
    ):
        share = usage.picture / usage.bot if usage.bot > 0 else float("nan")
        print(
            f"| {name} | {presses} | {usage.process:.2f} | {usage.wire:.2f} | {usage.bench:.2f} |"
            f" {usage.picture:.2f} | {usage.bot:.2f} | {usage.bot / max(1, presses) * 1000:.2f} |"
            f" {share:.0%} |"
        )
    bot_ms = burst.usage.bot / max(1, actions) * 1000
    bot_ms_no_picture = (burst.usage.bot - burst.usage.picture) / max(1, actions) * 1000
    base_ms = base_cpu / max(1, len(baseline)) * 1000
    print()
    print("| CPU per action (burst run) | ms | × the service |")
    print("|---|---|---|")
    print(f"| bot on Discord, picture included | {bot_ms:.2f} | {bot_ms / base_ms:.1f} |")
    print(
        f"| bot on Discord, picture left out | {bot_ms_no_picture:.2f} | {bot_ms_no_picture / base_ms:.1f} |"
    )
    print(f"| the service alone (baseline) | {base_ms:.2f} | 1.0 |")
    print(f"\n{cpu.pictures} board pictures drawn in all (set-up included).\n")
    print(HEADER)
    print(row("baseline: the same actions through the service", baseline))
    phases = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in runs["phases"].items())
    print(f"\nWall clock: {phases}.")
    print(
        f"Baseline: {len(baseline)} actions in {base_elapsed:.1f} s ({len(baseline) / base_elapsed:.0f}/s);"
        f" p50 of the presser's panel in the burst: {_ms(percentile(bt.panel, 50))} ms."
    )


if __name__ == "__main__":
    asyncio.run(main())
