"""Whole matches played through the product, automatically: ``arbiter match play GAME --auto``.

Each match goes the way two players would take it: a challenge with a practice deck, accepted with
another (:class:`bot.services.challenges.ChallengeService`), then every action through an offer
(:mod:`engine.match.offers`) submitted by the player's own user id to
:meth:`bot.services.matches.MatchService.submit`. Which offer a seat takes is the game's random
player's choice (:meth:`engine.match.game.GameDefinition.random_actions`, as the simulator plays),
found among that seat's offers: an accepted choice that no offer covers is an error.

After every action, every panel is rendered for every viewer (both seats' boards and private panels,
and the public board) and checked: no panel names a card its viewer does not know now, a player's
own decklist aside (:func:`leaked_names`). The log lines
a board quotes are left out of that check: each was rendered when it happened, naming only the cards
its viewer saw then (the engine's per-viewer lines, :mod:`engine.match.render`), such as the cards a
mulligan put back into a deck that is shuffled since. A leak, an action
no offer covers, or a match that does not end within the bound is an error
(:class:`MatchPlayError`); the CLI exits 2 on it.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bot.render import match as mr
from bot.render.panel import Panel
from bot.render.text import panel_text
from bot.services.cards import CardsService
from bot.services.challenges import ChallengeService, DeckChoice, Started
from bot.services.matches import MatchService
from bot.services.rules import RulesService
from bot.services.saved_decks import SavedDecks
from bot.store.database import Database
from engine.errors import ArbiterError
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.offers import covering, offers
from engine.match.render import render_all
from engine.match.simulate import game_seed
from engine.match.state import MatchState, MatchStatus
from engine.match.view import view

PLAYERS = ((1, "Player 1"), (2, "Player 2"))
MAX_ACTIONS = 5_000


class MatchPlayError(ArbiterError):
    """An automatic match broke a promise: a leak, an uncovered action, or no end."""


@dataclass(frozen=True)
class PlayResult:
    """How one automatic match ended."""

    game: int
    match_id: int
    winner: str | None
    reason: str
    turns: int
    actions: int
    panels: int
    """Panels rendered and checked for leaks."""
    leaks: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def leaked_names(state: MatchState, viewer: int | None, text: str) -> list[str]:
    """Card names of this match in ``text`` that ``viewer`` has no way to know: a name is a leak only
    when the viewer knows no card of it now and, for a player, it is not a name of their own decklist
    (:meth:`engine.match.state.MatchState.known_names`: a player knows the names and counts of the
    cards they brought; the opponent's decklist is theirs alone, and a spectator knows neither)."""
    names = {ref.name for ref in state.match.table}
    hidden = names - state.known_names(viewer)
    return sorted(name for name in hidden if name and name in text)


def _panels(
    state: MatchState, match_id: int, lines: Callable[[int | None], list[str]]
) -> list[tuple[int | None, Panel]]:
    out: list[tuple[int | None, Panel]] = []
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        if state.status != MatchStatus.PLAYING:
            out.append((viewer, mr.result_panel(view(state, None), match_id=match_id)))
            continue
        out.append((viewer, mr.board_panel(seen, lines(viewer), match_id=match_id)))
        if viewer is not None:
            out.append((viewer, mr.hand_panel(seen, offers(state, viewer), match_id=match_id, seat=viewer)))
    return out


async def play_match(database: Database, game: str, seed: int, number: int) -> PlayResult:
    """Play match ``number`` of a run to its end (see the module doc)."""
    definition = game_definition(game)
    matches = MatchService(database)
    rules = RulesService(database)
    cards = CardsService(database, rules)
    decks_rng = random.Random(f"arbiter-play:{seed}:{number}")
    challenges = ChallengeService(
        database,
        matches,
        cards,
        SavedDecks(database),
        randomness=lambda: random.Random(decks_rng.random()),
        match_seed=lambda: game_seed(seed, number),
    )
    challenge = await challenges.challenge(
        guild_id=0,
        channel_id=None,
        game=game,
        challenger=PLAYERS[0],
        deck=DeckChoice("practice"),
        opponent=PLAYERS[1],
    )
    started = await challenges.accept(0, challenge.id, PLAYERS[1], DeckChoice("practice"))
    assert isinstance(started, Started)
    match_id = started.match_id
    state = started.state
    rng = random.Random(f"arbiter-play-moves:{seed}:{number}")
    user_of = [user for user, _ in PLAYERS]
    label = f"{definition.spec.name} match {number} (seed {seed})"
    log: dict[int | None, list[str]] = {0: [], 1: [], None: []}
    actions = panels = 0
    while state.status == MatchStatus.PLAYING:
        if actions >= MAX_ACTIONS:
            raise MatchPlayError(f"{label} did not end after {MAX_ACTIONS} actions.")
        for action in definition.random_actions(state, rng):
            try:
                apply(state, action)
            except ActionRefused:
                continue
            break
        else:
            raise MatchPlayError(f"{label}: no player had an accepted action at version {state.version}.")
        offer = covering(state, action)
        if offer is None:
            raise MatchPlayError(f"{label}: no offer to seat {action.actor} covers {action!r}.")
        built = offer.build(action.actor, state.version, offer.choices_of(action, state))
        accepted = await matches.submit(match_id, built, user_id=user_of[action.actor])
        state = accepted.state
        actions += 1
        for viewer in log:
            log[viewer].extend(render_all(accepted.events, state, viewer))
        for viewer, panel in _panels(state, match_id, lambda v: []):
            panels += 1
            leaked = leaked_names(state, viewer, panel_text(panel))
            if leaked:
                who = "the spectator" if viewer is None else f"seat {viewer}"
                raise MatchPlayError(
                    f"{label}, version {state.version}: a panel for {who} names {leaked[0]}."
                )
    winner = None if state.winner is None else state.match.players[state.winner]
    return PlayResult(number, match_id, winner, state.end_reason or "", state.board.turn, actions, panels, 0)


async def play(game: str, *, seed: int, games: int, path: Path | None = None) -> list[PlayResult]:
    """Play ``games`` automatic matches on one database (a temporary one unless ``path`` is given)."""
    if path is not None:
        database = await Database.open(path)
        try:
            return [await play_match(database, game, seed, n) for n in range(1, games + 1)]
        finally:
            await database.close()
    with tempfile.TemporaryDirectory(prefix="arbiter-play-") as folder:
        return await play(game, seed=seed, games=games, path=Path(folder) / "play.sqlite3")
