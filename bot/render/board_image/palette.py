"""The fixed palette the PNG is reduced to: every colour the picture draws with, and the blends that
anti-aliased text makes between each ink and the ground it is drawn on.

Mapping to a palette known in advance is several times faster than computing one per picture, and
the same picture always maps to the same bytes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from bot.render.board_image.tiles import (
    ATTACHED,
    BACK,
    BACK_INNER,
    BACK_TEXT,
    BADGE,
    COUNTER,
    DIM,
    FACE,
    LABEL,
    MAT,
    SEATS,
    ZONE_EDGE,
    ZONE_FILL,
)
from bot.render.card_image.colours import _BORDER, _INK, _PALETTE, _WHITE, RGB, _darken, _lighten, _mix

RESULT: RGB = (238, 196, 84)
"""The result line of a finished match."""
TO_ACT: RGB = (168, 60, 52)
MIDDLE: RGB = _darken(MAT, 0.25)


class SeatColours(NamedTuple):
    """The colours of one seat's part of the picture."""

    accent: RGB
    edge: RGB
    """Its zones' outline."""
    strip: RGB
    mark: RGB
    """Its markers' fill (``turn``, ``winner``)."""
    name: RGB


def seat_colours(seat: int) -> SeatColours:
    accent = SEATS[seat % 2]
    return SeatColours(
        accent, _darken(accent, 0.35), _darken(accent, 0.6), _darken(accent, 0.2), _lighten(accent, 0.85)
    )


_LEVELS = (1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6)


def _inks_on_grounds() -> list[tuple[RGB, RGB]]:
    pairs = [
        (LABEL, MAT),
        (RESULT, MAT),
        (LABEL, ZONE_FILL),
        (DIM, ZONE_FILL),
        (_INK, FACE),
        (BACK_TEXT, BACK),
        (_WHITE, COUNTER),
        (_WHITE, BACK),
        (_WHITE, BADGE),
        (_WHITE, ATTACHED),
        (_WHITE, TO_ACT),
        (LABEL, MIDDLE),
    ]
    for seat in (0, 1):
        colours = seat_colours(seat)
        pairs += [(LABEL, colours.strip), (colours.name, colours.strip), (_WHITE, colours.mark)]
    return pairs


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """A 1x1 "P" image carrying the palette (for :meth:`PIL.Image.Image.quantize`)."""
    colours: list[RGB] = [MAT, MIDDLE, ZONE_FILL, ZONE_EDGE, LABEL, DIM, FACE, BACK, BACK_INNER]
    colours += [BACK_TEXT, COUNTER, ATTACHED, BADGE, RESULT, TO_ACT, _BORDER, _INK, _WHITE, *_PALETTE]
    for seat in (0, 1):
        colours += seat_colours(seat)
    for ink, ground in _inks_on_grounds():
        colours += [_mix(ground, ink, t) for t in _LEVELS]
    unique = list(dict.fromkeys(colours))[:256]
    flat = [channel for colour in unique for channel in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + flat[:3] * (256 - len(unique)))
    return image
