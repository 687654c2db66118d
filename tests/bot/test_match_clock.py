"""The turn clock on a real database with a fake time: the allowance per turn, the bank, a claim on
time, pauses that need both players, and a time-out that no transport can forge."""

from __future__ import annotations

import pytest

from bot.actions import matches as ma
from bot.app import App
from bot.services.challenges import DeckChoice
from bot.services.match_clock import MatchClock
from engine.errors import ArbiterError
from engine.match.actions import TimeOut
from engine.match.outcome import Termination

ANN, BEN = ma.Player(1, "Ann"), ma.Player(2, "Ben")


class FakeTime:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _match(app: App) -> tuple[int, FakeTime]:
    fake = FakeTime()
    app.clock.now = fake
    await ma.match_challenge(app, 1, None, ANN, "dm", DeckChoice("practice"), BEN)
    reply = await ma.match_accept(app, 1, 1, BEN, DeckChoice("practice"))
    assert "begins" in reply.content
    return 1, fake


async def test_a_player_out_of_time_loses_when_the_opponent_claims(app: App) -> None:
    match_id, fake = await _match(app)
    state = await app.matches.state(match_id)
    waiting = state.board.priority
    other = 1 - waiting
    info = await app.clock.info(match_id)
    assert info is not None and info.running == waiting and info.left == (1200.0, 1200.0)
    fake.now += 180 + 600  # the allowance, then half the bank
    info = await app.clock.info(match_id)
    assert info is not None and info.left[waiting] == pytest.approx(600.0) and info.left[other] == 1200.0
    with pytest.raises(ArbiterError, match="still has 10:00 on the clock"):
        await app.clock.claim(match_id, other)
    fake.now += 601
    accepted = await app.clock.claim(match_id, other)
    assert accepted.state.outcome is not None and accepted.state.outcome.termination is Termination.TIME
    assert accepted.state.winner == other and accepted.state.end_reason == "out of time"
    final = await app.clock.info(match_id)
    assert final is not None and final.running is None


async def test_a_time_out_comes_only_from_the_clock(app: App) -> None:
    match_id, _ = await _match(app)
    state = await app.matches.state(match_id)
    with pytest.raises(ArbiterError, match="claimed from the clock"):
        await app.matches.submit(match_id, TimeOut(actor=0, version=state.version), user_id=ANN.user_id)
    assert (await app.matches.state(match_id)).status == "playing"


async def test_a_pause_needs_both_players_and_stops_the_clock(app: App) -> None:
    match_id, fake = await _match(app)
    waiting = (await app.matches.state(match_id)).board.priority
    asked = await app.clock.pause(match_id, 0)
    assert not asked.paused and asked.pause_request == 0
    agreed = await app.clock.pause(match_id, 1)
    assert agreed.paused
    fake.now += 10_000
    info = await app.clock.info(match_id)
    assert info is not None and info.left == (1200.0, 1200.0), "nothing is charged while paused"
    with pytest.raises(ArbiterError, match="already paused"):
        await app.clock.pause(match_id, 0)
    await app.clock.resume(match_id, 1)
    fake.now += 200
    info = await app.clock.info(match_id)
    assert info is not None and info.left[waiting] == pytest.approx(1180.0)
    # The clock is stored: another process reads the same.
    again = MatchClock(app.db, app.matches, now=fake)
    assert await again.info(match_id) == info


async def test_time_beyond_the_allowance_comes_out_of_the_bank(app: App) -> None:
    match_id, fake = await _match(app)
    state = await app.matches.state(match_id)
    active = state.board.active
    player = (ANN, BEN)[active]
    fake.now += 300  # 120 s over the allowance
    reply = await ma.match_life(app, match_id, player, "draw")  # any action moves the clock on
    assert "offer" in reply.content.lower()
    info = await app.clock.info(match_id)
    assert info is not None and info.left[active] == pytest.approx(1080.0)
    text = (await ma.match_clock(app, match_id, player)).panel.body
    assert "Clock (running for" in text and "18:00" in text
