"""Matches on Discord under load: MATCHES concurrent Duel Masters matches through real discord.py with
only the wire faked (tests/discord/fake_discord.py), on one process and one SQLite file.

Each match is challenged and accepted (a thread, the board, two DM panels), then ROUNDS rounds are
played: in each round every match takes one action at once, the player pressing the offer the game's
random player picks on their DM panel (an offer with choices is typed with ``/match take``). Each
action is followed by one board edit and one DM edit (the other player's panel; the presser's panel
is updated by the press itself), sent by the message editor with no spacing so that every edit is
made. Measured: the time from the interaction to its response (the press is acknowledged before the
action runs) and to the player's panel updated (p50/p95), and the actions per second the process
sustains, edits included (waiting for every edit of a round before the next).

Beside it, measured in the same run: the same number of actions through the service alone
(:meth:`bot.services.matches.MatchService.submit`, no Discord, no panels), on another database.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.stats import HEADER, row
from bot.app import App
from bot.client import ArbiterBot
from bot.config import Settings
from cogs.message_edits import MessageEditor
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.offers import covering, offers
from engine.match.simulate import game_seed
from tests.bot.console_player import typed_words
from tests.discord.fake_discord import CHANNEL_ID, FakeDiscord, flatten_components, open_fake_discord

MATCHES = 200
ROUNDS = 8
GAME = "duelmasters"
FIRST_USER = 1_300_000_000_000_100_000


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


def _offer_button(fake: FakeDiscord, user: int, number: int) -> tuple[int, str] | None:
    messages = [m for m in fake.dm_messages(user) if m["components"]]
    if not messages:
        return None
    panel = messages[-1]
    for item in flatten_components(panel["components"]):
        custom_id = str(item.get("custom_id") or "")
        if custom_id.startswith("mt:o:") and custom_id.split(":")[4] == str(number):
            return int(panel["id"]), custom_id
    return None


async def _discord_round(
    fake: FakeDiscord, app: App, players: dict[int, tuple[int, int]], rng: random.Random
) -> tuple[list[float], list[float]]:
    """One action in every match still playing, all at once: for each, the time from the interaction
    to its response (the acknowledgement) and to its last request (the player's panel updated)."""
    results = []
    for match_id, users in players.items():
        state = await app.matches.state(match_id)
        if state.status != "playing":
            continue
        action = _action(state, rng)
        offer = covering(state, action)
        assert offer is not None
        number = offers(state, action.actor).index(offer) + 1
        user = users[action.actor]
        button = _offer_button(fake, user, number) if not offer.needs else None
        if button is not None:
            payload = fake.component_payload(button[0], button[1], user_id=user)
        else:
            words = " ".join(typed_words(offer, offer.choices_of(action, state)))
            options: dict[str, Any] = {"choices": words} if words else {}
            payload = fake.slash_payload("match take", user_id=user, match=match_id, offer=number, **options)
        results.append(fake.feed(payload))
    await fake.settle(timeout=120)
    answered = [(r.callback_at - r.received_at) * 1000 for r in results if r.callback_at is not None]
    updated = [(max(q.at for q in r.requests) - r.received_at) * 1000 for r in results if r.requests]
    return answered, updated


async def _drain(bot: Any) -> None:
    await bot.match_places.editor.drain()


async def discord_run(folder: Path) -> tuple[list[float], list[float], float]:
    """The Discord run: times to the response and to the updated panel, and the seconds the rounds
    took (every edit included)."""
    async with open_fake_discord() as fake:
        fake.response_deadline = 600.0
        fake.token_lifetime = 3600.0
        app = await App.open(_settings(folder, "discord.sqlite3"))
        try:
            bot = await fake.start(ArbiterBot(app))
            bot.match_places.editor = MessageEditor(bot, interval=0.0, on_gone=bot.match_places._gone)  # type: ignore[attr-defined]
            players: dict[int, tuple[int, int]] = {}
            for n in range(MATCHES):
                one, two = FIRST_USER + 2 * n, FIRST_USER + 2 * n + 1
                fake.add_user(one, f"p{2 * n}")
                fake.add_user(two, f"p{2 * n + 1}")
                app.challenges.randomness = lambda n=n: random.Random(n)  # type: ignore[misc]
                app.challenges.match_seed = lambda n=n: game_seed(7, n + 1)  # type: ignore[misc]
                made = await fake.run_slash(
                    "match challenge", user_id=one, channel_id=CHANNEL_ID, game=GAME, opponent=two
                )
                accept = next(c for c in made.custom_ids if c.startswith("mc:a:"))
                await fake.press(made.message_id or 0, accept, user_id=two)
                players[n + 1] = (one, two)
            await _drain(bot)
            rng = random.Random(11)
            answered: list[float] = []
            updated: list[float] = []
            start = time.perf_counter()
            for _ in range(ROUNDS):
                acks, panels = await _discord_round(fake, app, players, rng)
                answered += acks
                updated += panels
                await _drain(bot)
            elapsed = time.perf_counter() - start
            return answered, updated, elapsed
        finally:
            await fake.close_bots()
            await app.close()


async def service_run(folder: Path, actions: int) -> tuple[list[float], float]:
    """The baseline: ``actions`` random actions over MATCHES matches through the service alone."""
    app = await App.open(_settings(folder, "service.sqlite3"))
    try:
        ids = []
        for n in range(MATCHES):
            app.challenges.randomness = lambda n=n: random.Random(n)  # type: ignore[misc]
            app.challenges.match_seed = lambda n=n: game_seed(7, n + 1)  # type: ignore[misc]
            from bot.services.challenges import DeckChoice, Started

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
        start = time.perf_counter()
        done = 0
        while done < actions:
            for match_id, users in ids:
                if done >= actions:
                    break
                state = await app.matches.state(match_id)
                if state.status != "playing":
                    continue
                action = _action(state, rng)
                t0 = time.perf_counter()
                await app.matches.submit(match_id, action, user_id=users[action.actor])
                samples.append((time.perf_counter() - t0) * 1000)
                done += 1
        return samples, time.perf_counter() - start
    finally:
        await app.close()


async def main() -> None:
    print(f"\n## Matches on Discord: {MATCHES} concurrent Duel Masters matches, {ROUNDS} rounds\n")
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-discord-") as folder:
        answered, updated, elapsed = await discord_run(Path(folder))
        actions = len(answered)
        baseline, base_elapsed = await service_run(Path(folder), actions)
    print(HEADER)
    print(row("interaction to its response (fake wire)", answered))
    print(row("interaction to the player's panel updated", updated))
    print(row("baseline: the same actions through the service", baseline))
    print()
    print("| throughput | actions | seconds | actions/s |")
    print("|---|---|---|---|")
    print(
        f"| Discord (each action: its response, a board edit, a DM edit) | {actions} | {elapsed:.1f}"
        f" | {actions / elapsed:.1f} |"
    )
    print(f"| baseline: the service alone | {actions} | {base_elapsed:.1f} | {actions / base_elapsed:.1f} |")


if __name__ == "__main__":
    asyncio.run(main())
