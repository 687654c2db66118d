"""Tournament matches played in the bot, in the console as players type them: a pairing's games start
with the registered decklists, and the decided pairing is reported for its players; the opponent
confirms as usual."""

from __future__ import annotations

import random
import re
from collections import Counter

from bot.app import App
from bot.console import Console
from bot.services.tournament_matches import player_number
from engine.games import resolve_game
from tests.bot.console_player import play_out

EVENT = '"Friday Vanguard"'
LEGAL = "; ".join(f"4 Test Unit {n:02d}" for n in range(1, 13)) + "; 2 Test Unit 13"


async def _paired(console: Console, format: str) -> None:
    assert "open for registration" in await console.handle(
        f"/tournament create {EVENT} vanguard {format} rounds:1"
    )
    for name in ("Alice", "Bob"):
        assert "registered" in await console.handle(f"/tournament register {EVENT} as:{name}")
        assert "Decklist saved" in await console.handle(
            f"/tournament decklist submit {EVENT} {LEGAL} as:{name}"
        )
    assert "has started" in await console.handle(f"/tournament start {EVENT}")
    paired = await console.handle(f"/tournament pair {EVENT}")
    assert "Alice" in paired and "Bob" in paired, paired


def _match_id(text: str) -> int:
    found = re.search(r"\(match #(\d+)\)", text)
    assert found, text
    return int(found[1])


async def test_a_best_of_one_round_played_in_the_bot_is_reported_and_confirmed(app: App) -> None:
    console = Console(app)
    await _paired(console, "bo1")
    begun = await console.handle(f"/match tournament {EVENT} as:Alice")
    assert "Friday Vanguard, round 1, table 1: game 1 begins" in begun
    match_id = _match_id(begun)
    assert "is being played" in await console.handle(f"/match tournament {EVENT} as:Bob")
    state = await app.matches.state(match_id)
    names = {state.match.table[card.ref].name for card in state.board.cards}
    assert names <= {f"Test Unit {n:02d}" for n in range(1, 14)}, "the registered decklists are played"
    assert "You are not a player" in await console.handle(f"/match hand {match_id} as:Carol")

    over = await console.handle(f"/match concede {match_id} as:Bob")
    assert "is over" in over and "Alice wins" in over
    assert "1-0-0" in over, over
    confirmed = await console.handle(f"/tournament confirm {EVENT} as:Bob")
    assert "confirmed" in confirmed.lower(), confirmed
    standings = await console.handle(f"/tournament standings {EVENT}")
    assert "1. Alice — 3 pts (1-0-0)" in standings, standings


async def test_a_best_of_three_counts_the_games_one_by_one(app: App) -> None:
    console = Console(app)
    await _paired(console, "bo3")
    first = _match_id(await console.handle(f"/match tournament {EVENT} as:Bob"))
    one = await console.handle(f"/match concede {first} as:Alice")
    assert "reports" not in one.lower() and "1-0" not in one
    second = _match_id(await console.handle(f"/match tournament {EVENT} as:Alice"))
    assert second != first
    two = await console.handle(f"/match concede {second} as:Alice")
    assert "2-0-0" in two, two
    assert "already reported" in await console.handle(f"/match tournament {EVENT} as:Alice")
    assert "confirmed" in (await console.handle(f"/tournament confirm {EVENT} as:Alice")).lower()


def test_a_guest_plays_with_the_id_the_console_tournament_gives_them() -> None:
    from bot.console_matches import guest

    assert guest("Alice").user_id == player_number("guest:alice") < 0
    assert player_number("123456789012345678") == 123456789012345678


async def test_a_whole_round_played_in_the_bot_is_reported_and_confirmed(cards_app: App) -> None:
    """Four players of a Duel Masters event, with decklists of real cards (the public card data),
    two tables, both played in the bot: one to a finish by the game's rules, typed move by move, the
    other by a concession. Each result is reported for its players, each opponent confirms, and the
    standings count the round."""
    app = cards_app
    console = Console(app)
    found = await app.cards.search(
        resolve_game("duelmasters"), "t:creature cost<=4 -is:evolution -is:twinpact", per_page=10
    )
    assert found.total >= 10
    decklist = "; ".join(f"4 {stored.card.name}" for stored in found.cards)
    event = '"Friday Duel"'
    assert "open for registration" in await console.handle(f"/tournament create {event} dm bo1 rounds:2")
    players = ("Alice", "Bob", "Carol", "Dan")
    for name in players:
        await console.handle(f"/tournament register {event} as:{name}")
        submitted = await console.handle(f"/tournament decklist submit {event} {decklist} as:{name}")
        assert "Decklist saved" in submitted and "not legal" not in submitted, submitted
    await console.handle(f"/tournament start {event}")
    await console.handle(f"/tournament pair {event}")

    played: dict[int, Counter[str]] = {}
    reports: list[str] = []
    seen: set[str] = set()
    for name in players:
        if name in seen:
            continue
        match_id = _match_id(await console.handle(f"/match tournament {event} as:{name}"))
        state = await app.matches.state(match_id)
        seen.update(state.match.players)
        if not played:
            played[match_id] = (await play_out(console, app, match_id, random.Random(11))).taken
            over = await app.matches.state(match_id)
            assert over.winner is not None and "concede" not in (over.end_reason or "").lower()
            # Ended by the game's own loss rules: no shields when attacked directly, or no deck.
            assert "104.2a" in (over.end_reason or "") or "104.2b" in (over.end_reason or ""), over.end_reason
        else:
            loser = state.match.players[1]
            reports.append(await console.handle(f"/match concede {match_id} as:{loser}"))
            played[match_id] = Counter()
    assert len(played) == 2 and seen == set(players)
    assert len(reports) == 1 and "1-0-0" in reports[0], reports
    # Played move by move with the game's own actions (a random player may end it by deck-out
    # without ever attacking, so attacks are not required).
    assert sum(played[min(played)].values()) > 20 and {"dm_charge", "next_step"} <= set(played[min(played)])

    confirmed = 0
    complete = False
    for name in players:
        reply = await console.handle(f"/tournament confirm {event} as:{name}")
        confirmed += "Confirmed:" in reply
        complete = complete or "Round 1 is complete" in reply
    assert confirmed == 2, "each reported result is confirmed once, by the opponent of its reporter"
    assert complete
    standings = await console.handle(f"/tournament standings {event}")
    assert standings.count("3 pts (1-0-0)") == 2 and standings.count("0 pts (0-1-0)") == 2, standings


async def test_a_missing_decklist_names_whose_it_is_and_what_to_do(app: App) -> None:
    """Bob registered without a decklist: Alice is told it is her opponent's that is missing, Bob that it
    is his, both how it is given; no game starts."""
    console = Console(app)
    await console.handle(f"/tournament create {EVENT} vanguard bo1 rounds:1")
    for name in ("Alice", "Bob"):
        await console.handle(f"/tournament register {EVENT} as:{name}")
    await console.handle(f"/tournament decklist submit {EVENT} {LEGAL} as:Alice")
    assert "has started" in await console.handle(f"/tournament start {EVENT}")
    await console.handle(f"/tournament pair {EVENT}")
    alice = await console.handle(f"/match tournament {EVENT} as:Alice")
    assert "Your opponent Bob has not submitted a decklist for Friday Vanguard" in alice, alice
    assert "/tournament decklist submit" in alice and "organizer" in alice
    bob = await console.handle(f"/match tournament {EVENT} as:Bob")
    assert "You have not submitted a decklist for Friday Vanguard" in bob, bob
    assert await app.db.fetchall("SELECT id FROM matches") == []
