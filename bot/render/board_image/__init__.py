"""The board picture of a match: one viewer's view drawn with Pillow, for the public board.

:func:`board_png` takes a view (:func:`engine.match.view.view`, plain data; the public board passes
the spectator's, viewer None) and returns PNG bytes; :func:`board_image` returns the Pillow image.
The picture is drawn from the view alone, so it cannot show what the view does not: a card's name
only where the view names it, a back (``face down``, or ``hidden`` for a face-up card the viewer may
not see, such as an opponent's hand) everywhere else. The same view gives the same bytes.

What it shows, top to bottom, :data:`~bot.render.board_image.page.WIDTH` pixels wide:

* a header: the game, the turn number and whose turn it is, the phase and step, who is to act, and
  the result with its reason once the match is over;
* the opponent's strip and side, turned half a turn as across a table; the shared zones in the
  middle (a chase area, a gate); then the viewer's side (seat 0 for a spectator) and strip;
* each zone where its game's table puts it (:mod:`.layouts`), labelled with its card count; a
  zone no table places in a generic strip on its player's side;
* cards as small tiles with their names, turned a quarter when rested, tapped or exhausted (any
  orientation but the spec's first), with their counters as red badges; piles (decks, graveyards)
  as a stack with a count; damage zones as a list of names;
* each player's strip: name, markers (``turn``, ``to act``, ``winner``), and their game's values
  and counts (life, damage, shields, hand, deck).

The PNG is reduced to a fixed palette of the colours it draws with (:mod:`.palette`): tens of KB.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image

from bot.render.board_image.layouts import Cell, Layout
from bot.render.board_image.page import WIDTH, draw_board
from bot.render.board_image.palette import palette_image

__all__ = ["WIDTH", "Cell", "Layout", "board_image", "board_png"]


def board_image(view: Mapping[str, Any]) -> Image.Image:
    """The picture of ``view`` as an RGB image (see the module doc)."""
    return draw_board(view)


def board_png(view: Mapping[str, Any]) -> bytes:
    """PNG bytes of the picture of ``view``, palette-reduced."""
    image = draw_board(view).quantize(palette=palette_image(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()
