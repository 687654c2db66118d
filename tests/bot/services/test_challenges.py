"""Challenges and saved decks on a real SQLite file: a challenge accepted starts a match bound to both
players; a deck that is not legal needs the opponent's agreement; challenges expire, are declined or
cancelled; each server sees only its own; a player's decks are theirs in every server."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.actions import matches as ma
from bot.app import App
from bot.services.challenges import DeckChoice, Pending, Started
from bot.store.database import StoreBusyError
from engine.errors import ArbiterError
from engine.match.actions import Concede
from engine.match.games.gateruler.board import started as gr_started
from engine.match.offers import offers

GUILD, OTHER_GUILD = 11, 22
ANN, BEN, CAT = (1, "Ann"), (2, "Ben"), (3, "Cat")
PRACTICE = DeckChoice("practice")
# Counts only (no card data imported in this database): 50 cards, at most 4 of each (Vanguard).
LEGAL = "\n".join(f"4 Test Unit {n:02d}" for n in range(1, 13)) + "\n2 Test Unit 13"
SHORT = "\n".join(f"4 Test Unit {n:02d}" for n in range(1, 11))
TOO_MANY = LEGAL.replace("4 Test Unit 01", "8 Test Unit 01").replace("4 Test Unit 02\n", "")


class Clock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock(app: App) -> Clock:
    clock = Clock()
    app.challenges.now = clock
    return clock


async def test_a_challenge_accepted_starts_a_match_bound_to_both_players(app: App, clock: Clock) -> None:
    challenge = await app.challenges.challenge(
        guild_id=GUILD, channel_id=5, game="cfv", challenger=ANN, deck=PRACTICE, opponent=BEN
    )
    assert (challenge.status, challenge.game, challenge.opponent_name) == ("open", "vanguard", "Ben")
    assert [c.id for c in await app.challenges.waiting(GUILD)] == [challenge.id]
    started = await app.challenges.accept(GUILD, challenge.id, BEN, PRACTICE)
    assert isinstance(started, Started)
    assert started.challenge.status == "accepted" and started.challenge.match_id == started.match_id
    assert started.state.match.players == ("Ann", "Ben")
    assert await app.challenges.waiting(GUILD) == []
    # Only the players act, each as their own seat.
    with pytest.raises(ArbiterError):
        await app.matches.submit(
            started.match_id, Concede(actor=0, version=started.state.version), user_id=BEN[0]
        )
    accepted = await app.matches.submit(
        started.match_id, Concede(actor=1, version=started.state.version), user_id=BEN[0]
    )
    assert accepted.state.winner == 0
    with pytest.raises(ArbiterError, match="already accepted"):
        await app.challenges.accept(GUILD, challenge.id, BEN, PRACTICE)
    assert (await app.challenges.of_match(started.match_id)) == started.challenge


async def test_an_open_challenge_is_for_anyone_but_the_challenger(app: App, clock: Clock) -> None:
    challenge = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="dm", challenger=ANN, deck=PRACTICE
    )
    with pytest.raises(ArbiterError, match="your own challenge"):
        await app.challenges.accept(GUILD, challenge.id, ANN, PRACTICE)
    with pytest.raises(ArbiterError, match="needs no answer"):
        await app.challenges.decline(GUILD, challenge.id, CAT[0])
    started = await app.challenges.accept(GUILD, challenge.id, CAT, PRACTICE)
    assert isinstance(started, Started) and started.state.match.players == ("Ann", "Cat")


async def test_refusals_are_one_sentence_and_change_nothing(app: App, clock: Clock) -> None:
    with pytest.raises(ArbiterError, match="challenge yourself"):
        await app.challenges.challenge(
            guild_id=GUILD, channel_id=None, game="fow", challenger=ANN, deck=PRACTICE, opponent=ANN
        )
    with pytest.raises(ArbiterError, match="decklist"):
        await app.challenges.challenge(
            guild_id=GUILD, channel_id=None, game="fow", challenger=ANN, deck=DeckChoice("list", "  ")
        )
    with pytest.raises(ArbiterError, match="no saved"):
        await app.challenges.challenge(
            guild_id=GUILD, channel_id=None, game="fow", challenger=ANN, deck=DeckChoice("saved", "Mine")
        )
    assert await app.challenges.waiting(GUILD) == []
    first = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="gr", challenger=ANN, deck=PRACTICE, opponent=BEN
    )
    with pytest.raises(ArbiterError, match=f"challenge #{first.id} waiting"):
        await app.challenges.challenge(
            guild_id=GUILD, channel_id=None, game="gr", challenger=ANN, deck=PRACTICE, opponent=BEN
        )
    with pytest.raises(ArbiterError, match="is for Ben"):
        await app.challenges.accept(GUILD, first.id, CAT, PRACTICE)
    with pytest.raises(ArbiterError, match="not yours"):
        await app.challenges.decline(GUILD, first.id, CAT[0])
    # Another server does not see it.
    with pytest.raises(ArbiterError, match="no challenge"):
        await app.challenges.accept(OTHER_GUILD, first.id, BEN, PRACTICE)
    assert await app.challenges.waiting(OTHER_GUILD) == []
    assert [c.id for c in await app.challenges.waiting(GUILD)] == [first.id]


async def test_declined_cancelled_and_expired_challenges_end(app: App, clock: Clock) -> None:
    declined = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="vanguard", challenger=ANN, deck=PRACTICE, opponent=BEN
    )
    assert (await app.challenges.decline(GUILD, declined.id, BEN[0])).status == "declined"
    cancelled = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="vanguard", challenger=ANN, deck=PRACTICE, opponent=BEN
    )
    assert (await app.challenges.decline(GUILD, cancelled.id, ANN[0])).status == "cancelled"
    with pytest.raises(ArbiterError, match="was cancelled"):
        await app.challenges.accept(GUILD, cancelled.id, BEN, PRACTICE)
    late = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="vanguard", challenger=ANN, deck=PRACTICE, opponent=BEN
    )
    clock.moment += timedelta(minutes=31)
    assert await app.challenges.waiting(GUILD) == []
    with pytest.raises(ArbiterError, match="expired"):
        await app.challenges.accept(GUILD, late.id, BEN, PRACTICE)
    assert (await app.challenges.get(GUILD, late.id)).status == "expired"


async def test_a_deck_that_is_not_legal_needs_the_opponents_agreement(app: App, clock: Clock) -> None:
    challenge = await app.challenges.challenge(
        guild_id=GUILD,
        channel_id=None,
        game="vanguard",
        challenger=ANN,
        deck=DeckChoice("list", SHORT),
        opponent=BEN,
    )
    with pytest.raises(ArbiterError, match="Ann's deck is not legal"):
        await app.challenges.accept(GUILD, challenge.id, BEN, DeckChoice("list", LEGAL))
    started = await app.challenges.accept(GUILD, challenge.id, BEN, DeckChoice("list", LEGAL), agree=True)
    assert isinstance(started, Started)

    other = await app.challenges.challenge(
        guild_id=GUILD,
        channel_id=None,
        game="vanguard",
        challenger=ANN,
        deck=DeckChoice("list", LEGAL),
        opponent=BEN,
    )
    pending = await app.challenges.accept(GUILD, other.id, BEN, DeckChoice("list", TOO_MANY))
    assert isinstance(pending, Pending) and pending.challenge.status == "agreement"
    assert any("Test Unit 01" in problem for problem in pending.problems)
    with pytest.raises(ArbiterError, match="Only Ann"):
        await app.challenges.agree(GUILD, other.id, BEN[0])
    with pytest.raises(ArbiterError, match="waits for Ann"):
        await app.challenges.accept(GUILD, other.id, CAT, PRACTICE)
    agreed = await app.challenges.agree(GUILD, other.id, ANN[0])
    assert agreed.challenge.status == "accepted"
    deck = [
        agreed.state.match.table[agreed.state.board.cards[c].ref].name
        for slot, ids in enumerate(agreed.state.board.zones)
        if agreed.state.match.slot_player[slot] == 1
        for c in ids
    ]
    assert deck.count("Test Unit 01") == 8, "the agreed deck is played as it was brought"


async def test_saved_decks_belong_to_their_player_in_every_server(app: App) -> None:
    deck, replaced = await app.decks.save(ANN[0], "cfv", "  Royal   Paladin ", LEGAL)
    assert (deck.name, deck.game, replaced) == ("Royal Paladin", "vanguard", False)
    _, replaced = await app.decks.save(ANN[0], "vanguard", "royal paladin", SHORT)
    assert replaced and (await app.decks.get(ANN[0], "vanguard", "ROYAL PALADIN")).text == SHORT
    await app.decks.save(ANN[0], "vanguard", "Kagero", LEGAL)
    assert [d.name for d in await app.decks.list(ANN[0], "vanguard")] == ["Kagero", "royal paladin"]
    assert await app.decks.list(BEN[0]) == []
    with pytest.raises(
        ArbiterError, match="no Cardfight!! Vanguard deck called 'Nova'; yours: Kagero, royal paladin"
    ):
        await app.decks.get(ANN[0], "vanguard", "Nova")
    with pytest.raises(ArbiterError, match="already have a deck called Kagero"):
        await app.decks.rename(ANN[0], "vanguard", "royal paladin", "kagero")
    renamed = await app.decks.rename(ANN[0], "vanguard", "royal paladin", "Royal Paladin")
    assert renamed.name == "Royal Paladin"
    assert await app.decks.delete(ANN[0], "vanguard", "kagero") == "Kagero"
    with pytest.raises(ArbiterError, match="name"):
        await app.decks.save(ANN[0], "vanguard", " ", LEGAL)
    with pytest.raises(ArbiterError, match="at most 50"):
        await app.decks.save(ANN[0], "vanguard", "x" * 51, LEGAL)
    # A saved deck is brought to a challenge by name, in any server.
    challenge = await app.challenges.challenge(
        guild_id=OTHER_GUILD,
        channel_id=None,
        game="vanguard",
        challenger=ANN,
        deck=DeckChoice("saved", "royal paladin"),
    )
    assert challenge.challenger_deck == {"kind": "saved", "name": "Royal Paladin", "text": SHORT}


async def test_two_accepts_of_one_challenge_start_one_match(app: App) -> None:
    import asyncio

    challenge = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="dm", challenger=ANN, deck=PRACTICE
    )
    results = await asyncio.gather(
        app.challenges.accept(GUILD, challenge.id, BEN, PRACTICE),
        app.challenges.accept(GUILD, challenge.id, CAT, PRACTICE),
        return_exceptions=True,
    )
    started = [r for r in results if isinstance(r, Started)]
    refused = [r for r in results if isinstance(r, ArbiterError)]
    assert len(started) == 1 and len(refused) == 1
    async with app.db.connection.execute("SELECT count(*) FROM matches") as cursor:
        row = await cursor.fetchone()
    assert row is not None and row[0] == 1


async def test_a_gate_ruler_practice_match_starts_without_entering_ruler_numbers(app: App) -> None:
    """5-3b: the practice decks' rulers have their numbers (seed 2's generated ruler lacks them in the
    simulations), so the first turn begins as soon as the challenge is accepted."""
    app.challenges.randomness = lambda: random.Random(2)
    challenge = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="gr", challenger=ANN, deck=PRACTICE, opponent=BEN
    )
    started = await app.challenges.accept(GUILD, challenge.id, BEN, PRACTICE)
    assert isinstance(started, Started)
    assert gr_started(started.state.board) and started.state.board.turn == 1
    assert all(o.type != "gr_ruler" for seat in (0, 1) for o in offers(started.state, seat))


async def test_a_match_whose_start_cannot_be_stored_leaves_the_challenge_open(app: App) -> None:
    """The match, its clock and the challenge's acceptance are stored together or not at all: when the
    clock cannot be stored (the database stayed busy), no match exists and the challenge waits as it
    did."""
    challenge = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="dm", challenger=ANN, deck=PRACTICE, opponent=BEN
    )

    async def busy(*_: object) -> None:
        raise StoreBusyError()

    saving = app.clock.repo.save
    app.clock.repo.save = busy  # type: ignore[method-assign]
    with pytest.raises(StoreBusyError):
        await app.challenges.accept(GUILD, challenge.id, BEN, PRACTICE)
    assert await app.db.fetchall("SELECT id FROM matches") == []
    assert [(c.id, c.status) for c in await app.challenges.waiting(GUILD)] == [(challenge.id, "open")]
    app.clock.repo.save = saving  # type: ignore[method-assign]
    started = await app.challenges.accept(GUILD, challenge.id, BEN, PRACTICE)
    assert isinstance(started, Started) and await app.clock.info(started.match_id) is not None


async def test_the_board_says_which_deck_is_not_legal_without_checking_it_again(
    app: App, clock: Clock
) -> None:
    """The problems found when the challenge was accepted are kept on it (migration 12): the board
    names the deck that is not legal, and who agreed to it, with no deck check on the press; a
    challenge accepted before they were kept has them found once, and kept."""
    challenge = await app.challenges.challenge(
        guild_id=GUILD, channel_id=None, game="vanguard", challenger=ANN, deck=DeckChoice("list", SHORT)
    )
    pending = await app.challenges.accept(GUILD, challenge.id, BEN, DeckChoice("list", TOO_MANY), agree=True)
    assert isinstance(pending, Pending)
    started = await app.challenges.agree(GUILD, challenge.id, ANN[0])
    checked = [
        await app.challenges.problems("vanguard", deck, GUILD)
        for deck in (started.challenge.challenger_deck, started.challenge.opponent_deck or {})
    ]
    assert all(checked) and started.challenge.deck_problems == checked
    said = [
        f"Ann's deck is not legal ({len(checked[0])} problems); Ben agreed to play against it.",
        f"Ben's deck is not legal ({len(checked[1])} problems); Ann agreed to play against it.",
    ]
    real_check = app.challenges.problems

    async def no_check(*_: object) -> list[str]:
        raise AssertionError("a deck was checked on a press")

    app.challenges.problems = no_check  # type: ignore[method-assign]
    board = await ma.board_reply(app, started.match_id, None)
    assert all(line in board.body for line in said)

    async with app.db.transaction() as conn:  # as a challenge accepted before migration 12 is stored
        await conn.execute("UPDATE challenges SET deck_problems = NULL WHERE id = ?", (challenge.id,))
    app.challenges.problems = real_check  # type: ignore[method-assign]
    board = await ma.board_reply(app, started.match_id, None)
    assert all(line in board.body for line in said)
    assert (await app.challenges.of_match(started.match_id)).deck_problems == checked  # type: ignore[union-attr]
