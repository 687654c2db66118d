"""Card faces drawn from the data with Pillow, since no card art ships with Arbiter.

:func:`render_card` draws a full, readable card face (``/card ... image:True``);
:func:`render_board_thumbnail` draws the small version that match boards put on their zones. Both
return PNG bytes; :func:`card_image` and :func:`thumbnail_image` return the Pillow image itself, for
a board that composes several cards (and rotates the rested ones) before encoding.

Layout of a card face, top to bottom, inside a frame coloured by the card's colour identity (Duel
Masters civilizations, Force of Will attributes, Vanguard nation, Gate Ruler faction; two or more
colours blend across the frame, the neutral grey otherwise):

* a title bar: the name, shrunk then cut with an ellipsis when long, and the cost as round badges
  (``{W}{1}`` is a yellow ``W`` and a grey ``1``);
* an art band (there is no art): a shaded band with the identity's names, the skill/icon tags, and
  the game's name; it gives its height to the rules text when the text needs it;
* a type line: types, nation/faction, races and clans;
* the rules text, wrapped to the width with its paragraph breaks, ``{X}`` symbols drawn as badges;
  a long text first takes the art band's room, then a smaller font, and is finally cut with an
  ellipsis, so nothing ever leaves the card;
* a stats bar with the game's stats (DM power ``6000+``; Vanguard grade, power, shield, critical,
  trigger; FoW ATK/DEF/divinity; Gate Ruler level, ATK, HP, STK, life);
* a footer: set, code, rarity, and which face this is when the card has more than one.

Every size is fixed by the width (the height keeps the 63x88 mm card ratio), whatever the data. Fonts:
DejaVu Sans when installed (``/usr/share/fonts``), else Pillow's bundled scalable font; nothing is
downloaded. Characters a font lacks are drawn as its "missing glyph" box, never an error; control
characters are dropped. The same card gives the same bytes (no randomness, no timestamps).
Everything is drawn at twice the size and reduced, for smooth edges.

The modules, bottom up: :mod:`.colours`, :mod:`.fonts`, :mod:`.text`, :mod:`.face_data` (what a face
shows), :mod:`.canvas`, :mod:`.panels`, then the two layouts, :mod:`.face` and :mod:`.thumbnail`.
"""

from __future__ import annotations

import io

from PIL import Image

from bot.render.card_image.canvas import CARD_RATIO
from bot.render.card_image.colours import NEUTRAL
from bot.render.card_image.face import card_image
from bot.render.card_image.face_data import identity_colours
from bot.render.card_image.thumbnail import thumbnail_image
from engine.cards.model import CardRecord

__all__ = [
    "CARD_RATIO",
    "NEUTRAL",
    "card_image",
    "identity_colours",
    "render_board_thumbnail",
    "render_card",
    "thumbnail_image",
]


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()


def render_card(card: CardRecord, *, face: int = 0, width: int = 420) -> bytes:
    """PNG bytes of one face of ``card`` drawn from its data (see :func:`card_image`)."""
    return _png(card_image(card, face=face, width=width))


def render_board_thumbnail(card: CardRecord, *, face: int = 0, width: int = 140) -> bytes:
    """PNG bytes of the small board version of a card face (see :func:`thumbnail_image`)."""
    return _png(thumbnail_image(card, face=face, width=width))
