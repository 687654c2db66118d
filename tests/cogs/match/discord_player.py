"""A match played out on Discord as its two players play it: each move pressed on the player's DM panel
(a card's action beside its line, an offer's button, or the offer chosen in the menu behind **More**;
then its menus, then its forms, a button between two), through real discord.py with only the wire
faked.
Which offer a player takes is the game's random player's choice, as in
:func:`tests.bot.console_player.play_out`. A menu shows 25 options a page: the player turns to the page
of their choice; cards chosen from several pages at once are typed with ``/match take`` instead, as
the menu says.

After every move, :func:`leaks` reads every payload the fake wire carried since the last move: no
message to the thread, to a spectator or to the other player's DMs may name a card its recipient does
not know at that moment (content, embeds, a layout's texts, component labels, placeholders and
options, pictures' descriptions, file names)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.app import App
from bot.simulation.match_play import leaked_names
from cogs.message_edits import MessageEditor
from engine.match.actions import BaseAction
from engine.match.offers import CardsNeed, NumberNeed, Offer, PickNeed, TextNeed, covering, offers
from engine.match.state import MatchState
from tests.bot.console_player import MOST, next_move, option_numbers, typed_words
from tests.discord.fake_discord import (
    FakeDiscord,
    InteractionResult,
    Json,
    flatten_components,
    message_text,
    walk_components,
)

MENU_PAGE = 25
MOST_CONTROLS = 12
"""Buttons and menus a player's panel shows at once, More included (its menu shows fewer)."""


def _ids(message: Json) -> list[str]:
    return [c["custom_id"] for c in flatten_components(message.get("components") or []) if c["custom_id"]]


def dm_panel(fake: FakeDiscord, user_id: int) -> Json:
    return [m for m in fake.dm_messages(user_id) if m["components"] or m["embeds"]][-1]


def _select(message: Json, prefix: str) -> Json:
    """The select menu of ``message`` whose custom id begins with ``prefix``."""
    found = walk_components(message.get("components") or [])
    return dict(next(c for c in found if str(c.get("custom_id", "")).startswith(prefix)))


async def open_offer(
    fake: FakeDiscord, user: int, message_id: int, number: int, *, last: Callable[[], None] = lambda: None
) -> InteractionResult:
    """Press offer ``number`` on the player's panel as a player finds it: its button when the panel shows
    one, else **More**, turning the menu's pages to the one listing it, and the offer chosen there;
    ``last`` is called just before the press or choice that takes the offer."""
    panel = fake.message(message_id)
    button = next((c for c in _ids(panel) if c.startswith("mt:o:") and c.split(":")[4] == str(number)), None)
    if button is not None:
        last()
        return await fake.press(message_id, button, user_id=user)
    more = next(c for c in _ids(panel) if c.startswith("mt:p:") and c.endswith(":0"))
    await fake.press(message_id, more, user_id=user)
    for _ in range(20):
        menu = _select(fake.message(message_id), "mt:a:")
        values = [option["value"] for option in menu["options"]]
        found = next((v for v in values if v.split(":")[0] == str(number)), None)
        if found is not None:
            last()
            return await fake.select(message_id, menu["custom_id"], [found], user_id=user)
        ahead = [c for c in flatten_components(fake.message(message_id)["components"]) if c["label"] == "▶"]
        assert ahead and not ahead[0]["disabled"], f"offer {number} is not behind More: {values}"
        await fake.press(message_id, ahead[0]["custom_id"], user_id=user)
    raise AssertionError(f"offer {number} not found behind More")


class Watcher:
    """Reads the fake wire's payloads as they come and finds names their recipients do not know."""

    def __init__(self, fake: FakeDiscord, users: dict[int, int], thread_id: int) -> None:
        self.fake = fake
        self.seats = {user: seat for seat, user in users.items()}
        self.thread_id = thread_id
        self.seen = 0

    def _viewer(self, record: Any) -> int | None:
        """Who reads a request's message: a player in their DMs or privately (a seat), else anyone."""
        path = str(record.path)
        for user, seat in self.seats.items():
            if f"/channels/{self.fake.dm_channel_id(user)}/" in path:
                return seat
        interaction = self.fake.interactions.get(record.interaction_id or 0)
        if interaction is None:
            return None
        seat = self.seats.get(interaction.user_id)
        channel = int(interaction.payload.get("channel_id") or 0)
        if any(channel == self.fake.dm_channel_id(user) for user in self.seats):
            return seat
        body = record.json or {}
        flags = int((body.get("data") or body).get("flags") or 0)
        source = interaction.payload.get("message") or {}
        original = self.fake.messages.get(interaction.original_message_id or 0) or {}
        private = (flags | int(source.get("flags") or 0) | int(original.get("flags") or 0)) & 64
        return seat if private else None

    async def leaks(self, app: App, match_id: int) -> list[str]:
        """Names in the payloads since the last call that their recipient does not know now. A name
        the recipient's own log quotes is no leak: each log line was written when it happened, with
        what its reader saw then (a card shown, then shuffled away), as ``arbiter match play`` reads
        boards."""
        state = await app.matches.state(match_id)
        logs: dict[int | None, str] = {}
        found = []
        for record in self.fake.requests[self.seen :]:
            if record.method not in ("POST", "PATCH") or not record.ok:
                continue
            viewer = self._viewer(record)
            text = readable(record.json) + "\n" + "\n".join(record.files)
            for name in leaked_names(state, viewer, text):
                if viewer not in logs:  # read only when needed: the whole log is replayed to read it
                    logs[viewer] = "\n".join(await app.matches.lines_for(match_id, viewer))
                if name in logs[viewer]:
                    continue
                found.append(f"{record.method} {record.path} for {viewer}: {name}")
        self.seen = len(self.fake.requests)
        return found


def readable(body: Any) -> str:
    """Everything a request's body may show its reader: what its message says as a reader reads it
    (content, embeds, a Components V2 layout's texts, labels, placeholders, options and pictures'
    descriptions: :func:`~tests.discord.fake_discord.message_text`), a form's title and fields, and,
    so that nothing is missed, the whole body as JSON."""
    if body is None:
        return ""
    shown = body.get("data") if isinstance(body, dict) and isinstance(body.get("data"), dict) else body
    parts = []
    if isinstance(shown, dict):
        parts.append(message_text(shown))
        parts.append(str(shown.get("title") or ""))
    parts.append(json.dumps(body, ensure_ascii=False))
    return "\n".join(parts)


def quick(bot: Any) -> None:
    """Edits of the bot's match places sent without the one-second spacing (tests need no pacing)."""
    bot.match_places.editor = MessageEditor(bot, interval=0.0, on_gone=bot.match_places._gone)


async def drain(fake: FakeDiscord) -> None:
    await fake.settle()
    for bot in fake.bots:
        tables: Any = getattr(bot, "match_places", None)
        if tables is not None:
            await tables.drain()
    await fake.settle()


async def play_on_discord(
    fake: FakeDiscord,
    app: App,
    match_id: int,
    users: dict[int, int],
    watcher: Watcher,
    rng: random.Random,
    first: str | None = None,
) -> Counter[str]:
    """Play the match to its end on Discord (see the module doc); the action types taken, counted."""
    setup: set[int] = set()
    taken: Counter[str] = Counter()
    state = await app.matches.state(match_id)
    game = state.match.spec.key
    while state.status == "playing":
        assert sum(taken.values()) < MOST, f"{game}: match {match_id} did not end after {MOST} moves"
        action = next_move(state, game, rng, setup, first)
        offer = await take_on_discord(fake, match_id, users, state, action)
        await drain(fake)
        after = await app.matches.state(match_id)
        assert after.version > state.version, f"{game}: offer {offer.label} was not taken"
        leaks = await watcher.leaks(app, match_id)
        assert not leaks, leaks[:3]
        for user in users.values():
            shown = dm_panel(fake, user)
            controls = flatten_components(shown.get("components") or [])
            assert len(controls) <= MOST_CONTROLS, [c["label"] for c in controls]
        taken[action.type] += 1
        state = after
    return taken


async def take_on_discord(
    fake: FakeDiscord, match_id: int, users: dict[int, int], state: MatchState, action: BaseAction
) -> Offer:
    """The player of ``action``'s seat makes it as a player does on Discord: the offer that covers it
    pressed on their DM panel, with its menus and forms, or typed with ``/match take`` when its cards
    are on several pages of a menu. The offer taken."""
    offer = covering(state, action)
    assert offer is not None, f"no offer covers {action!r}"
    number = offers(state, action.actor).index(offer) + 1
    user = users[action.actor]
    choices = offer.choices_of(action, state)
    menus = [need for need in offer.needs if isinstance(need, CardsNeed | PickNeed)]
    values = [option_numbers(need, choices.get(need.field)) for need in menus]
    if any(len({(int(v) - 1) // 25 for v in chosen}) > 1 for chosen in values):
        words = " ".join(typed_words(offer, choices))
        done = await fake.run_slash(
            "match take", user_id=user, match=match_id, offer=number, **({"choices": words} if words else {})
        )
        assert not done.embeds or "Sorry" not in str(done.embeds[0].get("title")), done.describe()
    else:
        await _press_through(fake, user, match_id, number, offer, menus, values, choices)
    return offer


async def _press_through(
    fake: FakeDiscord,
    user: int,
    match_id: int,
    number: int,
    offer: Offer,
    menus: list[CardsNeed | PickNeed],
    values: list[list[str]],
    choices: dict[str, Any],
) -> None:
    """Press offer ``number`` on the player's DM panel (its card's button when the move's first choice
    is a card of the hand shown with that action beside it; else its button, or the offer chosen behind
    More), choose in its menus, fill its form."""
    panel = dm_panel(fake, user)
    message_id = int(panel["id"])
    card = None
    if values and len(values[0]) == 1:
        prefix = f"mt:c:{match_id}:"
        card = next(
            (
                c
                for c in _ids(panel)
                if c.startswith(prefix) and c.split(":")[4] == str(number) and c.split(":")[5] == values[0][0]
            ),
            None,
        )
    if card is not None:
        result = await fake.press(message_id, card, user_id=user)
        values = values[1:]
    else:
        result = await open_offer(fake, user, message_id, number)
    for value in values:
        page = (int(value[0]) - 1) // MENU_PAGE if value else 0
        if page:
            turn = next(
                c for c in _ids(fake.message(message_id)) if c.startswith("mt:q:") and c.endswith(f":{page}")
            )
            await fake.press(message_id, turn, user_id=user)
        menu = next(c for c in _ids(fake.message(message_id)) if c.startswith("mt:s:"))
        result = await fake.select(message_id, menu, value, user_id=user)
    if any(isinstance(need, NumberNeed | TextNeed) for need in offer.needs):
        await fill_forms(fake, user, result, choices)


def modal_inputs(modal: Json) -> list[str]:
    """The custom ids of a modal's text inputs, as the player sees them."""
    return [c["custom_id"] for c in flatten_components(modal.get("components") or []) if c.get("type") == 4]


async def fill_forms(
    fake: FakeDiscord, user: int, opened: InteractionResult, choices: dict[str, Any]
) -> InteractionResult:
    """Type the offer's numbers and text in its forms, each as its modal shows it (a client submits only
    the inputs a modal has), pressing the button to the next form after each until the offer is taken;
    the last form's result."""
    result = opened
    for _ in range(10):
        modal = result.modal
        assert modal is not None, result.describe()
        typed = {}
        for custom_id in modal_inputs(modal):
            name = custom_id.removeprefix("need:")
            if name in choices:
                typed[custom_id] = "" if choices[name] is None else str(choices[name])
        result = await fake.submit_modal(modal["custom_id"], typed, user_id=user)
        ahead = [c for c in _message_ids(result) if c.startswith("mt:f:") and not c.endswith(":d")]
        if not ahead:
            return result
        assert "⚠️" not in json.dumps(result.embeds, ensure_ascii=False), result.embeds
        result = await fake.press(result.message_id or 0, ahead[0], user_id=user)
    raise AssertionError(f"the forms of {opened.describe()} did not end")


def _message_ids(result: InteractionResult) -> list[str]:
    """The custom ids of the message an interaction showed last (none when it showed none)."""
    return result.custom_ids if result.message_id is not None else []
