"""The offers' two promises, checked on random games (:mod:`engine.match.offers`):

- *covered*: every action the engine accepts from a random player is covered by an offer to that
  seat (the player could have found it among their offers);
- *accepted*: an offer taken with valid choices (drawn at random by :meth:`Offer.sample`) is
  accepted by the engine: the card text offers too (destroy, draw, search...), counted by their effect.

:func:`check_game` plays one random game as :func:`engine.match.simulate.simulate_game` does and, at
every state, checks the random player's accepted action and one random offer of each seat.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from engine.errors import ArbiterError
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.game import GameDefinition
from engine.match.offers import covering, offers
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed


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


def check_game(definition: GameDefinition, seed: int, game: int, *, max_actions: int = 20_000) -> OfferCheck:
    """Check one random game (see the module doc); raises :class:`OfferBroken` on the first break."""
    rng = random.Random(f"arbiter-simulate:{seed}:{game}")
    picker = random.Random(f"arbiter-offers:{seed}:{game}")
    decks = [definition.random_deck(rng) for _ in PLAYERS]
    state = new_match(definition.spec, PLAYERS, decks, game_seed(seed, game))
    label = f"{definition.spec.name} game {game} (seed {seed})"
    result = OfferCheck()
    while state.status == "playing" and result.actions < max_actions:
        listed_by_seat = [offers(state, seat) for seat in range(len(PLAYERS))]
        for seat in range(len(PLAYERS)):
            listed = listed_by_seat[seat]
            if not listed:
                continue
            offer = picker.choice(listed)
            action = offer.build(seat, state.version, offer.sample(picker))
            try:
                apply(state, action)
            except ActionRefused as refusal:
                raise OfferBroken(
                    f"{label}, version {state.version}: the offer {offer.key} taken as {action!r} was "
                    f"refused: {refusal}"
                ) from None
            result.taken[offer.type] += 1
            if offer.effect:
                result.effects[offer.effect] += 1
        for action in definition.random_actions(state, rng):
            try:
                after, _ = apply(state, action)
            except ActionRefused:
                continue
            # The actor's offers in this state were listed above (applying an action copies the state).
            if covering(state, action, listed_by_seat[action.actor]) is None:
                raise OfferBroken(
                    f"{label}, version {state.version}: no offer to seat {action.actor} covers {action!r}"
                )
            result.actions += 1
            state = after
            break
        else:
            break
    return result


def check_chunk(
    definition: GameDefinition, chunk: int, *, chunks: int = 4, games: int = 200, seed: int = 1
) -> OfferCheck:
    """Check chunk ``chunk`` of ``chunks`` of games 1 to ``games`` (a property test spreads its games
    over parallel workers this way); what the chunk's games saw, added up."""
    size = games // chunks
    total = OfferCheck()
    for game in range(chunk * size + 1, (chunk + 1) * size + 1):
        result = check_game(definition, seed, game)
        total.actions += result.actions
        total.taken.update(result.taken)
        total.effects.update(result.effects)
    return total
