"""The turn clock on a real database with a fake time: the allowance per turn, the bank, a claim on
time, pauses that need both players, and a time-out that no transport can forge."""

from __future__ import annotations

import sqlite3

import pytest

from bot.actions import matches as ma
from bot.app import App
from bot.services.challenges import DeckChoice
from bot.services.match_clock import MatchClock
from bot.store.database import StoreBusyError
from engine.errors import ArbiterError
from engine.match.actions import TimeOut
from engine.match.offers import offers
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
    reply = await ma.match_life(app, match_id, player, "draw", where=1)  # any action moves the clock on
    assert "offer" in reply.content.lower()
    info = await app.clock.info(match_id)
    assert info is not None and info.left[active] == pytest.approx(1080.0)
    text = (await ma.match_clock(app, match_id, player, where=1)).panel.body
    assert "Clock (running for" in text and "18:00" in text


async def _hand_over(app: App, match_id: int) -> tuple[int, ma.Player]:
    """The seat the clock runs for, and its player, who takes an offer that hands the game over."""
    state = await app.matches.state(match_id)
    seat = state.board.priority
    listed = offers(state, seat)
    number = next(n for n, offer in enumerate(listed, 1) if offer.type == "pass_turn")
    return number, (ANN, BEN)[seat]


async def test_the_clock_is_handed_over_while_another_process_commits(app: App) -> None:
    """The audit's repro: a read in progress in the bot while another process commits made the clock's
    step fail after the action was stored; the clock then kept charging the player who had acted (20:00
    to 13:00 while the opponent thought for ten minutes). Now the action and its clock step are one
    transaction, on a writer no read is ever open on."""
    match_id, fake = await _match(app)
    number, player = await _hand_over(app, match_id)
    acting = (await app.matches.state(match_id)).board.priority
    reading = await app.db.connection.execute("SELECT id FROM rules")
    assert await reading.fetchone() is not None  # a read in progress, as the card watch or a panel's
    other = sqlite3.connect(app.db.path, isolation_level=None)
    try:
        other.execute("INSERT INTO guild_settings (guild_id, default_game) VALUES (99, 'vanguard')")
    finally:
        other.close()
    reply = await ma.match_take(app, match_id, player, number, {}, where=1)
    await reading.close()
    assert not reply.refused, reply.body
    info = await app.clock.info(match_id)
    assert info is not None and info.running == 1 - acting
    fake.now += 600  # the opponent thinks for ten minutes
    info = await app.clock.info(match_id)
    assert info is not None
    assert info.left[acting] == 1200.0, "the player who acted is not charged"
    assert info.left[1 - acting] == pytest.approx(1200.0 - (600 - 180))


async def test_an_action_whose_clock_step_fails_is_not_stored(app: App) -> None:
    """Either the action is stored with its clock step, or neither is and the player is told so."""
    match_id, fake = await _match(app)
    number, player = await _hand_over(app, match_id)
    before = await app.matches.state(match_id)
    acting = before.board.priority

    async def busy(*_: object) -> None:
        raise StoreBusyError()

    app.clock.repo.save = busy  # type: ignore[method-assign]
    reply = await ma.match_take(app, match_id, player, number, {}, where=1)
    assert reply.refused and "nothing changed" in reply.body
    app.matches.unload(match_id)  # what the store holds, not the cache
    assert (await app.matches.state(match_id)).version == before.version
    fake.now += 60
    info = await app.clock.info(match_id)
    assert info is not None and info.running == acting
