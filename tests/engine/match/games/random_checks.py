"""The four games' random-game checks (:mod:`engine.match.random_games`): 200 random games per game in
four chunks (spread over the workers), each game's walk checked three ways in one pass, and what
keeps the hidden-information part from passing vacuously."""

from __future__ import annotations

from engine.match.game import GameDefinition
from engine.match.random_games import CheckedGames, check_random_games, chunk_of

GAMES = 200
CHUNKS = 4
SIZE = GAMES // CHUNKS
"""Games per chunk."""


def checked_chunk(definition: GameDefinition, chunk: int) -> CheckedGames:
    """Chunk ``chunk`` of the game's 200 random games (seed 1), checked: raises on the first broken
    rule or invariant (:class:`~engine.match.simulate.SimulationError`), the first offer broken
    (:class:`~engine.match.offer_check.OfferBroken`), the first hidden-information leak
    (:class:`~engine.match.indistinguishability.HiddenInformationLeak`)."""
    checked = check_random_games(definition, chunk_of(chunk, chunks=CHUNKS, games=GAMES))
    assert len(checked.results) == SIZE
    return checked


def assert_twins_compared(checked: CheckedGames) -> None:
    """Not vacuous: the twin windows compared many actions and automatic passes, and ended in every
    honest way (docs/architecture.md, "Hidden information by construction")."""
    ends = checked.ends
    assert checked.compared >= 5 * SIZE, (checked.compared, ends)
    assert checked.automatic >= SIZE, (checked.automatic, ends)
    assert ends["revealed"] > 0 and sum(ends.values()) == 4 * SIZE
