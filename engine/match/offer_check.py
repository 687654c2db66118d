"""The offers' two promises, checked on random games (:mod:`engine.match.offers`):

- *covered*: every action the engine accepts from a random player is covered by an offer to that
  seat (the player could have found it among their offers);
- *accepted*: an offer taken with valid choices (drawn at random by :meth:`Offer.sample`) is
  accepted by the engine: the card text offers too (destroy, draw, search...), counted by their effect.

:class:`OfferChecker` reads a random game's walk (:class:`engine.match.simulate.Walk`) and, at every
state, checks the random player's accepted action and one random offer of each seat;
:func:`check_game` plays one walk with it alone.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from engine.errors import ArbiterError
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.game import GameDefinition
from engine.match.offers import Offer, covering, offers
from engine.match.simulate import PLAYERS, Step, Walk
from engine.match.state import MatchState


class OfferBroken(ArbiterError):
    """An accepted action no offer covers, or an offer taken with valid choices that is refused."""


@dataclass
class OfferCheck:
    """What one game's check saw."""

    actions: int = 0
    """Accepted random-player actions, each checked for an offer covering it."""
    taken: Counter[str] = field(default_factory=Counter)
    """Offers taken with random choices, by action type (each accepted)."""
    effects: Counter[str] = field(default_factory=Counter)
    """Card text offers among them, by the effect they carry out ("destroy", "draw")."""

    def add(self, other: OfferCheck) -> None:
        """Count what another game's check saw too."""
        self.actions += other.actions
        self.taken.update(other.taken)
        self.effects.update(other.effects)


class OfferChecker:
    """The offers' check of a random game's walk (:class:`engine.match.simulate.Walk`): at the state
    before each step, one random offer of each seat (of a random type) is taken with random choices
    and must be accepted; each random player's accepted action must be covered by an offer to its
    actor."""

    def __init__(self, walk: Walk) -> None:
        self.label = walk.label
        self.picker = random.Random(f"arbiter-offers:{walk.seed}:{walk.game}")
        self.result = OfferCheck()

    def step(self, step: Step) -> None:
        listed = self._take_one_each(step.before)
        if step.by_player:
            # The actor's offers in this state were listed above (applying an action copies the state).
            if covering(step.before, step.action, listed[step.action.actor]) is None:
                raise OfferBroken(
                    f"{self.label}, version {step.before.version}: no offer to seat {step.action.actor} "
                    f"covers {step.action!r}"
                )
            self.result.actions += 1

    def _take_one_each(self, state: MatchState) -> list[list[Offer]]:
        listed_by_seat = [offers(state, seat) for seat in range(len(PLAYERS))]
        for seat, listed in enumerate(listed_by_seat):
            if not listed:
                continue
            # A type first, then an offer of it: a rare decision (a Shield Trigger, a guard) among
            # a hand's many card moves is taken as often as any other kind of offer.
            kind = self.picker.choice(sorted({offer.type for offer in listed}))
            offer = self.picker.choice([offer for offer in listed if offer.type == kind])
            action = offer.build(seat, state.version, offer.sample(self.picker))
            try:
                apply(state, action)
            except ActionRefused as refusal:
                raise OfferBroken(
                    f"{self.label}, version {state.version}: the offer {offer.key} taken as {action!r} was "
                    f"refused: {refusal}"
                ) from None
            self.result.taken[offer.type] += 1
            if offer.effect:
                self.result.effects[offer.effect] += 1
        return listed_by_seat


def check_game(definition: GameDefinition, seed: int, game: int, *, max_actions: int = 20_000) -> OfferCheck:
    """Check one random game (see the module doc); raises :class:`OfferBroken` on the first break."""
    walk = Walk(definition, seed, game, max_actions)
    check = OfferChecker(walk)
    for step in walk.steps():
        check.step(step)
    return check.result


def check_chunk(
    definition: GameDefinition, chunk: int, *, chunks: int = 4, games: int = 200, seed: int = 1
) -> OfferCheck:
    """Check chunk ``chunk`` of ``chunks`` of games 1 to ``games`` (a property test spreads its games
    over parallel workers this way); what the chunk's games saw, added up."""
    size = games // chunks
    total = OfferCheck()
    for game in range(chunk * size + 1, (chunk + 1) * size + 1):
        total.add(check_game(definition, seed, game))
    return total
