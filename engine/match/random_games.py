"""Random games checked three ways in one pass: each state of one random walk per game
(:class:`engine.match.simulate.Walk`) is checked by

- the rules and invariants (:class:`engine.match.simulate.RulesCheck`): invariants after every action
  and automatic pass, every viewer's log lines, the replay at the end;
- the offers (:class:`engine.match.offer_check.OfferChecker`): every accepted action covered by an
  offer, a random offer of each seat accepted;
- the hidden information (:class:`engine.match.indistinguishability.TwinChecker`): twin windows
  started at random points of the game, for random viewers.

Playing the walk once and reading it three times costs one game where three drivers used to play
three; each check still raises its own error on the first break.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.match.game import GameDefinition
from engine.match.indistinguishability import TwinChecker, Window
from engine.match.offer_check import OfferCheck, OfferChecker
from engine.match.simulate import MAX_ACTIONS, GameResult, RulesCheck, Walk


@dataclass(frozen=True)
class CheckedGame:
    """What the three checks saw of one random game."""

    result: GameResult
    offers: OfferCheck
    windows: list[Window]


def check_random_game(
    definition: GameDefinition, seed: int, game: int, *, max_actions: int = MAX_ACTIONS
) -> CheckedGame:
    """Play game ``game`` of seed ``seed`` once, checking every step three ways (see the module doc)."""
    walk = Walk(definition, seed, game, max_actions)
    rules, offers, twins = RulesCheck(walk), OfferChecker(walk), TwinChecker(walk)
    for step in walk.steps():
        rules.step(step)
        offers.step(step)
        twins.step(step)
    return CheckedGame(rules.end(), offers.result, twins.end())


@dataclass
class CheckedGames:
    """What the checks saw over several random games, added up."""

    results: list[GameResult] = field(default_factory=list)
    offers: OfferCheck = field(default_factory=OfferCheck)
    windows: list[Window] = field(default_factory=list)

    @property
    def ends(self) -> Counter[str]:
        """How the twin windows ended (``revealed``, ``choice``, ``match over``, ``length``)."""
        return Counter(window.ended_by for window in self.windows)

    @property
    def compared(self) -> int:
        """Actions compared between twins, in all windows."""
        return sum(window.steps for window in self.windows)

    @property
    def automatic(self) -> int:
        """Automatic passes compared between twins, in all windows."""
        return sum(window.automatic for window in self.windows)


def check_random_games(definition: GameDefinition, games: Iterable[int], *, seed: int = 1) -> CheckedGames:
    """:func:`check_random_game` for each of ``games`` (numbers), added up."""
    total = CheckedGames()
    for game in games:
        checked = check_random_game(definition, seed, game)
        total.results.append(checked.result)
        total.offers.add(checked.offers)
        total.windows.extend(checked.windows)
    return total


def chunk_of(chunk: int, *, chunks: int, games: int) -> range:
    """The game numbers of chunk ``chunk`` of ``chunks`` of games 1 to ``games`` (a test spreads its
    games over parallel workers this way)."""
    size = games // chunks
    return range(chunk * size + 1, (chunk + 1) * size + 1)
