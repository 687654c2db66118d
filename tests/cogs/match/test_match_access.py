"""Every match command and component, asked from where its match is not: from another server, from a
DM by someone who does not play it, with ids of missing matches and numbers past anything stored
(real discord.py, only the wire faked; a real App on a real SQLite file).

Each is answered with one sentence that shows nothing of the other server's match (no player, no
card, no board, no picture), changes nothing, and logs no error. Match #1 (Alice and Bob) and an open
challenge are in the test server; Mallory asks from her own server and from her DMs. Components are
pressed on messages the bot is taken to have sent there holding them (a client presses only what a
message shows)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import App
from engine.match.state import MatchState
from tests.cogs.match.helpers import started
from tests.discord.fake_discord import ALICE, CHANNEL_ID, GUILD_ID, FakeDiscord, InteractionResult, Json
from tests.property_costs import SERVICE

MALLORY = 1_500_000_000_000_000_001
OTHER_GUILD = 1_500_000_000_000_000_100
OTHER_CHANNEL = 1_500_000_000_000_000_101
MATCH = 1
HUGE = (2**53 - 1, 2**63 - 1, 2**63, 10**30)
"""Past anything stored: Discord's largest integer option, SQLite's largest integer and beyond."""
COMMAND_MOST = 2**53 - 1
"""The largest integer a slash command option carries."""


@dataclass(frozen=True)
class Surface:
    """A command (``path`` and its options) or a component (its custom id and, for a menu, a value),
    for a match or challenge number."""

    name: str
    command: Callable[[int], dict[str, Any]] | None = None
    custom_id: Callable[[int, int], str] | None = None
    menu: bool = False


COMMANDS = [
    Surface("match board", command=lambda n: {"match": n}),
    Surface("match hand", command=lambda n: {"match": n}),
    Surface("match take", command=lambda n: {"match": n, "offer": 1}),
    Surface("match take", command=lambda n: {"match": n, "offer": 1, "choices": "card:1"}),
    Surface("match concede", command=lambda n: {"match": n}),
    *(Surface("match draw", command=lambda n, a=a: {"match": n, "action": a}) for a in ("offer", "accept")),
    *(
        Surface("match undo", command=lambda n, a=a: {"match": n, "action": a})
        for a in ("request", "decline")
    ),
    Surface("match export", command=lambda n: {"match": n}),
    *(
        Surface("match clock", command=lambda n, a=a: {"match": n, "action": a})
        for a in ("show", "claim", "pause", "resume")
    ),
    Surface("match accept", command=lambda n: {"challenge": n}),
    Surface("match decline", command=lambda n: {"challenge": n}),
    Surface("match agree", command=lambda n: {"challenge": n}),
]
COMPONENTS = [
    *(Surface(f"mt:{v}", custom_id=lambda n, _, v=v: f"mt:{v}:{n}") for v in "hwr"),
    Surface("offer", custom_id=lambda n, version: f"mt:o:{n}:{version}:1"),
    Surface("offer with a form", custom_id=lambda n, version: f"mt:o:{n}:{version}:1:f"),
    Surface("card's action", custom_id=lambda n, version: f"mt:c:{n}:{version}:1:1"),
    Surface("card's action with a form", custom_id=lambda n, version: f"mt:c:{n}:{version}:1:1:f"),
    Surface("more", custom_id=lambda n, version: f"mt:p:{n}:{version}:0"),
    Surface("offers page", custom_id=lambda n, version: f"mt:p:{n}:{version}:1"),
    Surface("offers behind more", custom_id=lambda n, version: f"mt:a:{n}:{version}", menu=True),
    Surface("back", custom_id=lambda n, _: f"mt:x:{n}"),
    Surface("menu", custom_id=lambda n, version: f"mt:s:{n}:{version}:1:", menu=True),
    Surface("menu page", custom_id=lambda n, version: f"mt:q:{n}:{version}:1::1"),
    Surface("next form", custom_id=lambda n, version: f"mt:f:{n}:{version}:1:abcdef::3,_,4"),
    Surface("done", custom_id=lambda n, version: f"mt:f:{n}:{version}:1:abcdef:1:2:d"),
    Surface("accept challenge", custom_id=lambda n, _: f"mc:a:{n}"),
    Surface("decline challenge", custom_id=lambda n, _: f"mc:d:{n}"),
]


def _component(custom_id: str, menu: bool) -> Json:
    if menu:
        item: Json = {
            "type": 3,
            "custom_id": custom_id,
            "options": [{"label": "1", "value": "1"}],
            "min_values": 1,
            "max_values": 1,
        }
    else:
        item = {"type": 2, "style": 2, "label": "press", "custom_id": custom_id}
    return {"type": 1, "components": [item]}


class Scene:
    """The test server's match and challenge, Mallory's server and DMs, and what must not change."""

    def __init__(self, fake: FakeDiscord, app: App, challenge: int) -> None:
        self.fake, self.app, self.challenge = fake, app, challenge
        self.fake.add_user(MALLORY, "mallory")
        self.fake.add_guild(OTHER_GUILD, "Elsewhere", channel_id=OTHER_CHANNEL)

    async def snapshot(self) -> tuple[object, ...]:
        state = await self.app.matches.state(MATCH)
        clock = await self.app.clock.info(MATCH)
        challenges = await self.app.challenges.repo.challenges(GUILD_ID, ("open", "accepted"))
        return state.version, clock, [(c.id, c.status) for c in challenges]

    async def secrets(self) -> list[str]:
        """What nothing shown outside the match's server may hold: its players and every card."""
        state: MatchState = await self.app.matches.state(MATCH)
        cards = {state.match.table[card.ref].name for card in state.board.cards}
        return ["alice", "bob", *(name.casefold() for name in cards)]

    async def ask(
        self, surface: Surface, number: int, *, dm: bool, version: int = 0, home: bool = False
    ) -> InteractionResult:
        """``surface`` used by Mallory in her server (or her DMs), or by Alice in the match's own
        server (``home``: for numbers that name no match there)."""
        user, guild, channel = (
            (ALICE, GUILD_ID, CHANNEL_ID) if home else (MALLORY, OTHER_GUILD, OTHER_CHANNEL)
        )
        if surface.command is not None:
            options = surface.command(min(number, COMMAND_MOST))
            return await self.fake.run_slash(
                surface.name, user_id=user, guild_id=guild, channel_id=channel, **options
            )
        assert surface.custom_id is not None
        custom_id = surface.custom_id(number, version)
        where = self.fake.dm_channel_id(user) if dm else channel
        message = self.fake.add_bot_message(where, [_component(custom_id, surface.menu)])
        values = ["1"] if surface.menu else None
        return await self.fake.press(int(message["id"]), custom_id, user_id=user, values=values)

    async def check(
        self, surface: Surface, number: int, *, dm: bool, version: int = 0, home: bool = False
    ) -> None:
        before = await self.snapshot()
        result = await self.ask(surface, number, dm=dm, version=version, home=home)
        place = "its own server" if home else "another server"
        where = f"{surface.name} #{number} ({'DM' if dm else place})"
        assert result.callback is not None, f"{where}: not answered"
        shown = [r.json for r in result.requests if r.json is not None]
        text = json.dumps(shown, ensure_ascii=False).casefold()
        for secret in await self.secrets():
            assert secret not in text, f"{where} shows {secret!r}: {result.describe()}"
        assert not any(r.files for r in result.requests), f"{where} attached a file"
        sentences = [result.content or "", *(str(e.get("description") or "") for e in result.embeds or [])]
        said = [s for s in sentences if s.strip()]
        assert len(said) == 1 and "\n" not in said[0] and len(said[0]) <= 300, f"{where}: {said}"
        assert "went wrong" not in said[0], f"{where}: {said[0]}"
        assert all(e.get("title") == "Sorry" for e in result.embeds or []), f"{where}: {result.embeds}"
        assert not result.components, f"{where} offers buttons: {result.components}"
        assert await self.snapshot() == before, f"{where} changed something"
        self.fake.check()  # no error logged, no limit broken


@pytest.fixture
async def scene(fake_discord: FakeDiscord, app: App) -> Scene:
    await started(fake_discord, app)
    opened = await fake_discord.run_slash("match open", user_id=ALICE, game="vanguard")
    assert "challenges" in str(opened.embeds[0]), opened.describe()
    waiting = await app.challenges.waiting(GUILD_ID)
    return Scene(fake_discord, app, max(c.id for c in waiting))


async def test_every_command_and_component_from_elsewhere_answers_one_sentence(scene: Scene) -> None:
    """Each command and component, with the test server's match and challenge, a missing number and
    numbers past anything stored; from another server and (components) from a DM; and the missing and
    huge numbers from the match's own server too."""
    version = (await scene.app.matches.state(MATCH)).version
    for surface in COMMANDS:
        own = scene.challenge if "challenge" in str(surface.command(0)) else MATCH  # type: ignore[misc]
        for number in (own, 999, *HUGE):
            await scene.check(surface, number, dm=False)
    for surface in COMPONENTS:
        challenge = surface.custom_id is not None and surface.custom_id(0, 0).startswith("mc:")
        own = scene.challenge if challenge else MATCH
        for number in (own, 999, *HUGE):
            for dm in (False, True):
                await scene.check(surface, number, dm=dm, version=version)
    for surface in [*COMMANDS, *COMPONENTS]:  # and numbers that name nothing, from the match's own server
        for number in (999, *HUGE):
            await scene.check(surface, number, dm=False, version=version, home=True)


SURFACES = [*COMMANDS, *COMPONENTS]


@settings(SERVICE, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    surface=st.sampled_from(SURFACES),
    number=st.one_of(st.integers(1, 2**70), st.sampled_from((MATCH, 2, 3))),
    version=st.one_of(st.integers(0, 10**30), st.just(0)),
    dm=st.booleans(),
)
async def test_any_number_from_elsewhere_answers_one_sentence(
    scene: Scene, surface: Surface, number: int, version: int, dm: bool
) -> None:
    await scene.check(surface, number, dm=dm, version=version)
