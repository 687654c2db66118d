"""Tournament matches played in the bot: the two players of a pairing play with their registered
decklists, and when the match is decided its result is reported for them.

Either player of a current pairing starts a game (:meth:`TournamentMatches.start`); both registered
decklists must be legal (a tournament never plays an illegal deck). A game is one match of the engine,
linked to its event, round and table (the ``challenges`` table, migration 8). When a game ends,
:meth:`TournamentMatches.finished` counts the pairing's games one by one: best-of-one is decided by
its one game, best-of-three by two wins or three games. A decided pairing is reported as its winner
(or, for a draw, its first player) would report it, W-L-D from their side; the usual confirmation by
the opponent, or an organizer's entry, follows.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.services.cards import CardsService
from bot.services.match_decks import match_deck
from bot.services.matches import MatchService
from bot.services.tournaments import Actor, ReportOutcome, TournamentService
from bot.store.database import Database
from bot.store.deck_repo import DeckRepository
from engine.errors import ArbiterError
from engine.match.games import game_definition
from engine.match.state import MatchState, MatchStatus
from engine.tournament import TournamentError


def player_number(user_id: str) -> int:
    """A tournament player id (a Discord id's digits, or a console guest's ``guest:name``) as the user
    id a match binds a seat to: the Discord id itself, or a stable negative number for a guest."""
    if user_id.isascii() and user_id.isdigit():
        return int(user_id)
    digest = hashlib.sha256(user_id.encode("utf-8", "surrogatepass")).digest()
    return -(int.from_bytes(digest[:6], "big") + 1)


@dataclass(frozen=True)
class TournamentGame:
    """A game of a pairing, started: its match and which game of the pairing it is."""

    match_id: int
    state: MatchState
    event_id: int
    round: int
    table: int
    game: int


class TournamentMatches:
    """Start a pairing's games in the bot and report the pairing when it is decided."""

    def __init__(
        self, database: Database, tournaments: TournamentService, matches: MatchService, cards: CardsService
    ) -> None:
        self.repo = DeckRepository(database)
        self.tournaments = tournaments
        self.matches = matches
        self.cards = cards

    async def start(self, actor: Actor, event_id: int) -> TournamentGame:
        """The next game of the actor's current pairing, with both registered decklists."""
        info = await self.tournaments.event(actor, event_id)
        pairing = await self.tournaments.my_match(actor, event_id)
        if pairing is None or pairing.player_b is None or pairing.name_b is None:
            raise ArbiterError(f"You have no match to play in the current round of {info.name}.")
        if pairing.result is not None:
            raise ArbiterError(f"The result of your round {pairing.round} match is already reported.")
        games = await self._games(event_id, pairing.round, pairing.table)
        playing = [match_id for match_id, state in games if state.status == MatchStatus.PLAYING]
        if playing:
            raise ArbiterError(f"Game {len(games)} of your match is being played (match #{playing[0]}).")
        players = [(pairing.player_a, pairing.name_a), (pairing.player_b, pairing.name_b)]
        decks = []
        for user_id, name in players:
            try:
                decklist = await self.tournaments.decklist(Actor(user_id, actor.guild_id), event_id)
            except TournamentError:
                whose = "You have" if user_id == actor.user_id else f"Your opponent {name} has"
                raise ArbiterError(
                    f"{whose} not submitted a decklist for {info.name}, so the game cannot start: submit it"
                    " with `/tournament decklist submit`, or an organizer can submit it for the player."
                ) from None
            if decklist.valid is False:
                raise ArbiterError(
                    f"{name}'s registered decklist is not legal; an organizer must accept a legal one first."
                )
            decks.append(await match_deck(self.cards, info.game, decklist.text, info.guild_id))
        async with self.repo.db.transaction():  # the game and its link to the pairing, together
            match_id, state = await self.matches.create(
                game_definition(info.game).spec,
                [name for _, name in players],
                decks,
                player_ids=[player_number(user_id) for user_id, _ in players],
                guild_id=info.guild_id,
                channel_id=info.channel_id,
            )
            now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            link = await self.repo.create_challenge(
                guild_id=info.guild_id,
                channel_id=info.channel_id,
                game=info.game,
                challenger=(player_number(players[0][0]), players[0][1]),
                opponent=(player_number(players[1][0]), players[1][1]),
                deck={
                    "kind": "tournament",
                    "name": "registered decklist",
                    "text": "",
                    "players": [p for p, _ in players],
                },
                created_at=now,
                expires_at=now,
                tournament=(event_id, pairing.round, pairing.table),
            )
            await self.repo.set_challenge(link, expect="open", status="accepted", match_id=match_id)
        return TournamentGame(match_id, state, event_id, pairing.round, pairing.table, len(games) + 1)

    async def _games(self, event_id: int, round_number: int, table: int) -> list[tuple[int, MatchState]]:
        games = []
        for challenge in await self.repo.tournament_games(event_id, round_number, table):
            assert challenge.match_id is not None
            games.append((challenge.match_id, await self.matches.state(challenge.match_id)))
        return games

    async def finished(self, match_id: int) -> ReportOutcome | None:
        """After a game of a tournament pairing ends: report the pairing if it is now decided."""
        link = await self.repo.challenge_of_match(match_id)
        if link is None or link.tournament_id is None or link.round is None or link.table_number is None:
            return None
        states = [state for _, state in await self._games(link.tournament_id, link.round, link.table_number)]
        if any(state.status == MatchStatus.PLAYING for state in states):
            return None
        wins = [sum(1 for s in states if s.winner == seat) for seat in (0, 1)]
        draws = sum(1 for s in states if s.winner is None)
        guild = link.guild_id
        info = await self.tournaments.event(Actor("arbiter", guild), link.tournament_id)
        best_of = 3 if str(info.format.value) == "bo3" else 1
        needed = best_of // 2 + 1
        if max(wins) < needed and len(states) < best_of:
            return None
        reporter = 0 if wins[0] >= wins[1] else 1
        actor = Actor(link.challenger_deck["players"][reporter], guild)
        outcome = await self.tournaments.report(
            actor, link.tournament_id, wins[reporter], wins[1 - reporter], draws
        )
        return outcome if isinstance(outcome, ReportOutcome) else None
