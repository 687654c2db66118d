"""The view, read defensively into the few facts the picture draws.

Everything drawn comes from here, and everything here comes from the view given (per-viewer data of
:func:`engine.match.view.view`): a card's name only when the view names it. Odd values (a missing key,
a name that is not text, a negative count) read as absent or zero rather than raise, so no view breaks
the picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.match.games import load_definitions

MAX_TEXT = 200
"""Characters of a name or label kept: more could never be drawn on a card anyway."""

UPRIGHT = frozenset({"stand", "untap", "recover", "ready"})
"""The upright orientation of each of the four games (the first of each spec), for a view of a game
whose definition is not loaded."""


@dataclass(frozen=True)
class Card:
    """One card as the viewer may see it."""

    face_up: bool
    name: str | None
    """Present only when the view names the card (the viewer knows it)."""
    orientation: str | None
    turned: bool
    """Rested, tapped or exhausted: any orientation other than the spec's first (upright) one."""
    counters: tuple[tuple[str, str], ...]
    attached: bool
    controller: int | None
    handle: str = ""
    """Opaque, for this view only: which card another is attached to (never drawn)."""
    host: str | None = None


@dataclass(frozen=True)
class Zone:
    """One zone of one player (``player`` None: shared)."""

    zone: str
    player: int | None
    label: str
    count: int
    cards: tuple[Card, ...]


def text(value: Any, default: str = "") -> str:
    """``value`` when it is text (cut to :data:`MAX_TEXT`), else ``default``."""
    return value[:MAX_TEXT] if isinstance(value, str) else default


def number(value: Any) -> int | None:
    """``value`` when it is a whole number (not a boolean), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, dict | Mapping) else {}


def items(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


@lru_cache(maxsize=16)
def upright_of(game: str) -> str | None:
    """The first orientation of the game's spec, or None when the engine has no such game."""
    definition = load_definitions().get(game)
    if definition is None or not definition.spec.orientations:
        return None
    return definition.spec.orientations[0].name


def _card(data: Any, upright: str | None) -> Card:
    entry = mapping(data)
    orientation = entry.get("orientation")
    orientation = orientation[:MAX_TEXT] if isinstance(orientation, str) else None
    if orientation is None:
        turned = False
    elif upright is not None:
        turned = orientation != upright
    else:
        turned = orientation not in UPRIGHT
    name = entry.get("name")
    counters = tuple(
        sorted(
            (text(key), text(value) if isinstance(value, str) else str(number(value) or 0))
            for key, value in mapping(entry.get("counters")).items()
            if isinstance(key, str)
        )
    )
    return Card(
        face_up=entry.get("face") != "down",
        name=name[:MAX_TEXT] if isinstance(name, str) else None,
        orientation=orientation,
        turned=turned,
        counters=counters,
        attached=entry.get("attached_to") is not None,
        controller=number(entry.get("controller")),
        handle=text(entry.get("handle")),
        host=text(entry.get("attached_to")) or None,
    )


def zones_of(view: Mapping[str, Any]) -> list[Zone]:
    """The view's zones in its order."""
    game = text(view.get("game"))
    upright = upright_of(game) if game else None
    out = []
    for data in items(view.get("zones")):
        zone = mapping(data)
        cards = tuple(_card(card, upright) for card in items(zone.get("cards")))
        count = number(zone.get("count"))
        name = text(zone.get("zone"))
        out.append(
            Zone(
                zone=name,
                player=number(zone.get("player")),
                label=text(zone.get("label"), name),
                count=max(0, len(cards) if count is None else count),
                cards=cards,
            )
        )
    return out
