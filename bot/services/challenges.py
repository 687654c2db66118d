"""Challenges: how two players of a server start a match.

A player challenges another (or opens a challenge anyone may accept) for a game, bringing a deck;
the other accepts with a deck of their own, or declines; the challenger may cancel; a challenge no
one answers expires (:data:`CHALLENGE_MINUTES`). Accepting starts the match
(:meth:`bot.services.matches.MatchService.create`) with both decks and both players' ids, so only
they can act in it.

A deck is a decklist pasted or uploaded, one of the player's saved decks
(:mod:`bot.services.saved_decks`), or a practice deck the game generates (random and legal). Each is
checked against the game's deck rules with the card data the match's server sees. A deck that is not
legal is allowed in a casual match only with the opponent's agreement: the accepter agrees to the
challenger's deck by accepting with ``agree``; the challenger agrees to the accepter's with
:meth:`ChallengeService.agree`. The problems stay on the challenge (``deck_problems``, found as it is
accepted), for the board to show without checking a deck again on every press.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from bot.services.cards import CardsService
from bot.services.match_decks import match_deck
from bot.services.matches import MatchService
from bot.services.saved_decks import SavedDecks
from bot.store.database import Database
from bot.store.deck_repo import DeckRepository, StoredChallenge
from engine.decks import check_deck, parse_decklist
from engine.errors import ArbiterError
from engine.games import resolve_game
from engine.match.games import game_definition
from engine.match.state import CardRef, MatchState
from engine.text import shortened

CHALLENGE_MINUTES = 30
"""How long a challenge waits for an answer."""

OPEN = "open"
AGREEMENT = "agreement"
"""Accepted with a deck that is not legal: waiting for the challenger to agree."""
STARTING = "starting"
ACCEPTED = "accepted"
DECLINED = "declined"
CANCELLED = "cancelled"
EXPIRED = "expired"
WAITING = (OPEN, AGREEMENT)


@dataclass(frozen=True)
class DeckChoice:
    """What a player brings: a decklist (``text``), a saved deck (``text`` is its name) or a practice
    deck."""

    kind: Literal["list", "saved", "practice"]
    text: str = ""


@dataclass(frozen=True)
class Started:
    """An accepted challenge and the match it started."""

    challenge: StoredChallenge
    match_id: int
    state: MatchState


@dataclass(frozen=True)
class Pending:
    """An accepted challenge waiting for the challenger's agreement to a deck that is not legal."""

    challenge: StoredChallenge
    problems: list[str]


def _now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class ChallengeService:
    """Challenge, accept (with agreement to an illegal deck), decline, cancel, expire."""

    def __init__(
        self,
        database: Database,
        matches: MatchService,
        cards: CardsService,
        decks: SavedDecks,
        *,
        now: Callable[[], datetime] = _now,
        randomness: Callable[[], random.Random] = lambda: random.Random(secrets.randbits(64)),
        match_seed: Callable[[], bytes | None] = lambda: None,
    ) -> None:
        self.repo = DeckRepository(database)
        self.matches = matches
        self.cards = cards
        self.decks = decks
        self.now = now
        self.randomness = randomness
        """Where practice decks draw their cards from (a seeded generator for reproducible runs)."""
        self.match_seed = match_seed
        """A match's secret seed (None: a fresh random one, the normal case)."""

    # Decks ---------------------------------------------------------------------------------------

    async def _snapshot(self, user_id: int, game: str, choice: DeckChoice) -> dict[str, Any]:
        """The deck a player brings, as stored on the challenge: a saved deck is copied (later edits
        do not change a challenge), a list is read now (an unreadable one is refused at once)."""
        if choice.kind == "practice":
            return {"kind": "practice", "name": "practice deck", "text": ""}
        if choice.kind == "saved":
            deck = await self.decks.get(user_id, game, choice.text)
            return {"kind": "saved", "name": deck.name, "text": deck.text}
        text = choice.text.strip()
        if not text:
            raise ArbiterError("Paste or upload a decklist, pick a saved deck, or take a practice deck.")
        parse_decklist(game, text)
        return {"kind": "list", "name": "decklist", "text": text}

    async def problems(self, game: str, deck: dict[str, Any], guild_id: int) -> list[str]:
        """Why a stored deck is not legal with the card data the server sees (empty when it is, or
        for a practice deck)."""
        if deck["kind"] == "practice":
            return []
        parsed = parse_decklist(game, deck["text"])
        records = await self.cards.deck_lookup(
            resolve_game(game), [entry.name for _, entry in parsed.all_entries()], guild_id
        )
        return check_deck(game, parsed, None if records is None else records.get).problems

    async def _zones(self, game: str, deck: dict[str, Any], guild_id: int) -> dict[str, list[CardRef]]:
        if deck["kind"] == "practice":
            generated = game_definition(game).practice_deck(self.randomness())
            return {zone: list(cards) for zone, cards in generated.items()}
        return await match_deck(self.cards, game, deck["text"], guild_id)

    # Challenges ----------------------------------------------------------------------------------

    async def challenge(
        self,
        *,
        guild_id: int,
        channel_id: int | None,
        game: str,
        challenger: tuple[int, str],
        deck: DeckChoice,
        opponent: tuple[int, str] | None = None,
    ) -> StoredChallenge:
        """Challenge ``opponent`` (or anyone, when None) to a match of ``game``."""
        key = game_definition(game).spec.key
        if opponent is not None and opponent[0] == challenger[0]:
            raise ArbiterError("You can't challenge yourself; open a challenge anyone may accept instead.")
        for waiting in await self.repo.challenges(guild_id, WAITING):
            if self._expired(waiting):
                continue
            if (
                waiting.challenger_id == challenger[0]
                and waiting.game == key
                and (waiting.opponent_id == (None if opponent is None else opponent[0]))
            ):
                raise ArbiterError(
                    f"You already have challenge #{waiting.id} waiting for that; cancel it first."
                )
        snapshot = await self._snapshot(challenger[0], key, deck)
        now = self.now()
        challenge_id = await self.repo.create_challenge(
            guild_id=guild_id,
            channel_id=channel_id,
            game=key,
            challenger=challenger,
            opponent=opponent,
            deck=snapshot,
            created_at=_stamp(now),
            expires_at=_stamp(now + timedelta(minutes=CHALLENGE_MINUTES)),
        )
        found = await self.repo.challenge(challenge_id)
        assert found is not None
        return found

    def _expired(self, challenge: StoredChallenge) -> bool:
        return challenge.status in WAITING and _stamp(self.now()) > challenge.expires_at

    async def get(self, guild_id: int, challenge_id: int) -> StoredChallenge:
        """A challenge of this server (an expired one is marked so on the way)."""
        challenge = await self.repo.challenge(challenge_id)
        if challenge is None or challenge.guild_id != guild_id:
            raise ArbiterError(f"There is no challenge #{shortened(str(challenge_id))} in this server.")
        if self._expired(challenge):
            await self.repo.set_challenge(challenge.id, expect=challenge.status, status=EXPIRED)
            challenge = await self.repo.challenge(challenge_id)
            assert challenge is not None
        return challenge

    async def waiting(self, guild_id: int) -> list[StoredChallenge]:
        """This server's challenges still waiting for an answer."""
        return [c for c in await self.repo.challenges(guild_id, WAITING) if not self._expired(c)]

    @staticmethod
    def _refuse_closed(challenge: StoredChallenge) -> None:
        sentences = {
            ACCEPTED: f"Challenge #{challenge.id} was already accepted (match #{challenge.match_id}).",
            STARTING: f"Challenge #{challenge.id} is being accepted right now.",
            DECLINED: f"Challenge #{challenge.id} was declined.",
            CANCELLED: f"Challenge #{challenge.id} was cancelled.",
            EXPIRED: f"Challenge #{challenge.id} expired without an answer.",
            AGREEMENT: (
                f"Challenge #{challenge.id} waits for {challenge.challenger_name} to agree to the deck."
            ),
        }
        if challenge.status in sentences:
            raise ArbiterError(sentences[challenge.status])

    async def accept(
        self,
        guild_id: int,
        challenge_id: int,
        user: tuple[int, str],
        deck: DeckChoice,
        *,
        agree: bool = False,
    ) -> Started | Pending:
        """Accept with a deck. ``agree``: play against the challenger's deck even if it is not legal.
        A deck of the accepter that is not legal waits for the challenger's agreement (:class:`Pending`)."""
        challenge = await self.get(guild_id, challenge_id)
        if challenge.status != OPEN:
            self._refuse_closed(challenge)
        if user[0] == challenge.challenger_id:
            raise ArbiterError("You can't accept your own challenge; cancel it instead.")
        if challenge.opponent_id is not None and challenge.opponent_id != user[0]:
            raise ArbiterError(f"Challenge #{challenge.id} is for {challenge.opponent_name}.")
        game = challenge.game
        theirs = await self.problems(game, challenge.challenger_deck, guild_id)
        if theirs and not agree:
            raise ArbiterError(
                f"{challenge.challenger_name}'s deck is not legal ({_first(theirs)}); "
                "accept again agreeing to play against it, or decline."
            )
        snapshot = await self._snapshot(user[0], game, deck)
        mine = await self.problems(game, snapshot, guild_id)
        if mine:
            if not await self.repo.set_challenge(
                challenge.id,
                expect=OPEN,
                status=AGREEMENT,
                opponent_id=user[0],
                opponent_name=user[1],
                opponent_deck=snapshot,
                deck_problems=[theirs, mine],
            ):
                self._refuse_closed(await self.get(guild_id, challenge_id))
            return Pending(await self.get(guild_id, challenge_id), mine)
        if not await self.repo.set_challenge(
            challenge.id,
            expect=OPEN,
            status=STARTING,
            opponent_id=user[0],
            opponent_name=user[1],
            opponent_deck=snapshot,
            deck_problems=[theirs, mine],
        ):
            self._refuse_closed(await self.get(guild_id, challenge_id))
        return await self._start(guild_id, challenge_id)

    async def agree(self, guild_id: int, challenge_id: int, user_id: int) -> Started:
        """The challenger agrees to play against the accepter's deck that is not legal."""
        challenge = await self.get(guild_id, challenge_id)
        if challenge.status != AGREEMENT:
            if challenge.status == OPEN:
                raise ArbiterError(f"Challenge #{challenge.id} has not been accepted yet.")
            self._refuse_closed(challenge)
        if user_id != challenge.challenger_id:
            raise ArbiterError(f"Only {challenge.challenger_name} can agree to this deck.")
        if not await self.repo.set_challenge(challenge.id, expect=AGREEMENT, status=STARTING):
            self._refuse_closed(await self.get(guild_id, challenge_id))
        return await self._start(guild_id, challenge_id)

    async def _start(self, guild_id: int, challenge_id: int) -> Started:
        challenge = await self.repo.challenge(challenge_id)
        assert challenge is not None and challenge.opponent_deck is not None
        assert challenge.opponent_id is not None and challenge.opponent_name is not None
        try:
            decks = [
                await self._zones(challenge.game, challenge.challenger_deck, guild_id),
                await self._zones(challenge.game, challenge.opponent_deck, guild_id),
            ]
            async with self.repo.db.transaction():  # the match starts with its challenge accepted, or not
                match_id, state = await self.matches.create(
                    game_definition(challenge.game).spec,
                    [challenge.challenger_name, challenge.opponent_name],
                    decks,
                    player_ids=[challenge.challenger_id, challenge.opponent_id],
                    guild_id=guild_id,
                    channel_id=challenge.channel_id,
                    seed=self.match_seed(),
                )
                await self.repo.set_challenge(
                    challenge.id, expect=STARTING, status=ACCEPTED, match_id=match_id
                )
        except BaseException:
            await self.repo.set_challenge(
                challenge.id,
                expect=STARTING,
                status=OPEN,
                opponent_id=None,
                opponent_name=None,
                opponent_deck=None,
                deck_problems=None,
            )
            raise
        found = await self.repo.challenge(challenge_id)
        assert found is not None
        return Started(found, match_id, state)

    async def decline(self, guild_id: int, challenge_id: int, user_id: int) -> StoredChallenge:
        """The challenged player declines; the challenger cancels (both end the challenge)."""
        challenge = await self.get(guild_id, challenge_id)
        if challenge.status not in WAITING:
            self._refuse_closed(challenge)
        if user_id == challenge.challenger_id:
            status = CANCELLED
        elif challenge.opponent_id == user_id or (challenge.opponent_id is None and challenge.status == OPEN):
            if challenge.opponent_id is None:
                raise ArbiterError("An open challenge needs no answer: leave it to expire, or accept it.")
            status = DECLINED
        else:
            raise ArbiterError(f"Challenge #{challenge.id} is not yours to answer.")
        if not await self.repo.set_challenge(challenge.id, expect=challenge.status, status=status):
            self._refuse_closed(await self.get(guild_id, challenge_id))
        return await self.get(guild_id, challenge_id)

    async def deck_problems(self, challenge: StoredChallenge) -> tuple[list[str], list[str]]:
        """Why each deck of an accepted challenge (the challenger's, the accepter's) is not legal, as
        found when it was accepted: kept on the challenge, so a board shows it without a deck check.
        A challenge accepted before they were kept has them found once now, and kept."""
        if challenge.deck_problems is not None:
            theirs, mine = challenge.deck_problems
            return list(theirs), list(mine)
        found = [
            await self.problems(challenge.game, deck, challenge.guild_id)
            for deck in (challenge.challenger_deck, challenge.opponent_deck)
            if deck is not None
        ]
        while len(found) < 2:
            found.append([])
        await self.repo.set_deck_problems(challenge.id, found)
        return found[0], found[1]

    async def of_match(self, match_id: int) -> StoredChallenge | None:
        """The challenge a match came from (its decks and their legality), if any."""
        return await self.repo.challenge_of_match(match_id)


def _first(problems: Sequence[str]) -> str:
    more = len(problems) - 1
    return problems[0].rstrip(".") + (f"; and {more} more" if more else "")
