"""Events: what an accepted action did, for the per-viewer log (:mod:`engine.match.render`).

Events are engine-internal like the state: they name cards by card-table index and carry, for every
card they mention, the mask of who may see its name *in this line* (:data:`SEEN_SPECTATOR` included).
Nothing but :func:`engine.match.render.render` should turn them into output (docs/architecture.md, Invariants:
"Log lines are rendered per viewer"). They are deterministic (replay gives the same events) and
JSON-able, so the store may keep them or regenerate them.

A player sees a card's name in a line if they knew it just before or just after the action; a
spectator only if both players knew it at one of those two moments.
"""

from __future__ import annotations

from typing import Any

SEEN_SPECTATOR = 1 << 15
"""Bit of a mention's ``seen`` mask that lets spectators see the name."""


class Event:
    """One thing that happened. ``cards`` are ``(table index, seen mask)`` pairs; ``data`` is JSON-able."""

    __slots__ = ("actor", "cards", "data", "kind")

    def __init__(
        self,
        kind: str,
        actor: int | None,
        cards: tuple[tuple[int, int], ...] = (),
        data: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.actor = actor
        self.cards = cards
        self.data: dict[str, Any] = data if data is not None else {}

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and self.kind == other.kind
            and self.actor == other.actor
            and self.cards == other.cards
            and self.data == other.data
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, actor={self.actor}, cards={self.cards}, data={self.data})"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "actor": self.actor,
            "cards": [list(pair) for pair in self.cards],
            "data": self.data,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Event:
        return Event(
            str(data["kind"]),
            data["actor"],
            tuple((int(ref), int(seen)) for ref, seen in data["cards"]),
            dict(data["data"]),
        )


def seen_mask(before: int, after: int, everyone: int) -> int:
    """Who may see a card's name in a line: whoever knew it before or after; spectators if all did."""
    mask = before | after
    if before == everyone or after == everyone:
        mask |= SEEN_SPECTATOR
    return mask
