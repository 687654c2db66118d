"""What the games' offer tests share: an offer list's types, its phone order, and every offer taken."""

from __future__ import annotations

import random

import pytest

from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.offers import GROUPS, Offer, offers
from engine.match.state import MatchState


def types(listed: list[Offer], group: str | None = None) -> list[str]:
    """The offers' action types (of one group, if given), in order."""
    return [offer.type for offer in listed if group is None or offer.group == group]


def ordered(listed: list[Offer]) -> bool:
    """Offers come "now", then "main", then "more"."""
    ranks = [GROUPS.index(offer.group) for offer in listed]
    return ranks == sorted(ranks)


def take_all(state: MatchState, seat: int, seed: int) -> None:
    """Every offer of ``seat`` taken with random valid choices is accepted."""
    rng = random.Random(seed)
    for offer in offers(state, seat):
        action = offer.build(seat, state.version, offer.sample(rng))
        try:
            apply(state, action)
        except ActionRefused as refusal:  # pragma: no cover - the failure message
            pytest.fail(f"{offer.key} taken as {action!r} was refused: {refusal}")
