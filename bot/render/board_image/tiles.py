"""One card on the board picture: a small tile with its name when the view names it, a back when it
does not, turned a quarter when rested, with its counters as badges; the one-line bar a list zone
uses; text and badges. Fonts, text fitting and colours are the card image's
(:mod:`bot.render.card_image`).

Speed: a tile depends only on what it shows (:class:`Look`), so tiles are drawn once and pasted
(a bounded cache), and so are the masks of drawn texts; the same view still gives the same pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.render.board_image.reading import Card
from bot.render.card_image.colours import _BORDER, _INK, _WHITE, RGB, _hashed_colour
from bot.render.card_image.fonts import FontStyle, _clean, _Font, _font
from bot.render.card_image.text import _ellipsize, _Measure, _word_text, _wrap

TILE_W, TILE_H = 74, 103
"""A card upright; rested it is ``TILE_H`` wide and ``TILE_W`` high."""

MAT: RGB = (29, 35, 43)
ZONE_FILL: RGB = (42, 50, 60)
ZONE_EDGE: RGB = (66, 77, 91)
LABEL: RGB = (200, 208, 218)
DIM: RGB = (126, 137, 150)
FACE: RGB = (241, 237, 226)
BACK: RGB = (58, 64, 122)
BACK_INNER: RGB = (98, 106, 176)
BACK_TEXT: RGB = (222, 226, 246)
COUNTER: RGB = (188, 50, 44)
ATTACHED: RGB = (92, 98, 110)
BADGE: RGB = (20, 24, 30)
SEATS: tuple[RGB, RGB] = ((46, 150, 164), (214, 118, 48))
"""Accent of seat 0 and seat 1 (strips and zone edges)."""


@dataclass(frozen=True)
class Surface:
    """The picture being drawn and its drawing context."""

    image: Image.Image
    draw: ImageDraw.ImageDraw


def size_of(card: Card) -> tuple[int, int]:
    return (TILE_H, TILE_W) if card.turned else (TILE_W, TILE_H)


def font(style: FontStyle, size: int) -> _Font:
    return _font(style, size)


@lru_cache(maxsize=8192)
def fit(value: str, style: FontStyle, size: int, width: int) -> str:
    """``value`` cleaned for the font, on one line, cut with an ellipsis to ``width`` pixels."""
    return _ellipsize(" ".join(_clean(value, style).split()), _font(style, size), width)


def fit_sizes(value: str, style: FontStyle, sizes: tuple[int, ...], width: int) -> tuple[int, str]:
    """The largest of ``sizes`` at which ``value`` fits ``width`` whole, else the last, cut."""
    for size in sizes:
        shown = fit(value, style, size, width)
        if not shown.endswith(fit("…", style, size, width)) or size == sizes[-1]:
            return size, shown
    return sizes[-1], fit(value, style, sizes[-1], width)


@lru_cache(maxsize=4096)
def wrapped(value: str, width: int, max_lines: int) -> tuple[_Font, tuple[str, ...]]:
    """A name on at most ``max_lines`` lines of ``width`` pixels: the largest of a few sizes at which
    it fits without cutting a word, else the smallest, words cut where they must be and the last line
    with an ellipsis."""
    cleaned = " ".join(_clean(value, "bold").split())
    sizes = (13, 12, 11, 10)
    for size in sizes:
        measure = _Measure(_font("bold", size))
        whole = all(measure.text(word) <= width for word in cleaned.split(" "))
        lines, complete = _wrap([cleaned], measure, width, max_lines)
        if complete and len(lines) <= max_lines and (whole or size == sizes[-1]):
            return measure.font, tuple(" ".join(_word_text(w) for w in line.words) for line in lines)
    texts = [" ".join(_word_text(w) for w in line.words) for line in lines[:max_lines]]
    shown = len(" ".join(texts[:-1]))
    rest = cleaned[shown:].lstrip() if shown else cleaned
    texts[-1] = _ellipsize(rest, measure.font, width)
    return measure.font, tuple(texts)


@lru_cache(maxsize=2048)
def _mask(value: str, style: FontStyle, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """The drawn text as a mask, and where its corner sits relative to the anchor point."""
    fnt = _font(style, size)
    box = fnt.font.getbbox(value, anchor=anchor, stroke_width=fnt.stroke)
    left, top, right, bottom = math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3])
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), value, font=fnt.font, fill=255, anchor=anchor, stroke_width=fnt.stroke, stroke_fill=255
    )
    return mask, left, top


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    style: FontStyle,
    size: int,
    fill: RGB,
    anchor: str = "la",
) -> None:
    """Draw ``value`` (already fitted) at ``xy``."""
    if value:
        mask, left, top = _mask(value, style, size, anchor)
        draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


def pill_width(value: str, max_width: int, size: int = 11) -> tuple[int, str]:
    """The width of a badge of ``value`` at most ``max_width`` wide, and its text (cut to fit)."""
    shown = fit(value, "bold", size, max(0, max_width - 8))
    if not shown:
        return 0, ""
    fnt = font("bold", size)
    return round(fnt.font.getlength(shown)) + 8 + 2 * fnt.stroke, shown


def pill(
    draw: ImageDraw.ImageDraw, x: int, y: int, value: str, fill: RGB, max_width: int, size: int = 11
) -> int:
    """A rounded badge whose top-left corner is ``(x, y)``; returns its width (0 if nothing fits)."""
    width, shown = pill_width(value, max_width, size)
    if not shown:
        return 0
    height = size + 5
    draw.rounded_rectangle((x, y, x + width, y + height), radius=height // 2, fill=fill, outline=_BORDER)
    text(draw, (x + width / 2, y + height / 2 + 1), shown, "bold", size, _WHITE, anchor="mm")
    return width


class Look(NamedTuple):
    """What a tile shows: all it is drawn from."""

    face_up: bool
    name: str | None
    orientation: str | None
    turned: bool
    counters: tuple[tuple[str, str], ...]
    caption: bool


def look_of(card: Card, *, caption: bool = True) -> Look:
    orientation = card.orientation if card.turned else None
    return Look(card.face_up, card.name, orientation, card.turned, card.counters, caption)


def draw_card(surface: Surface, x: int, y: int, card: Card, *, caption: bool = True) -> None:
    """The tile of ``card`` with its top-left corner at ``(x, y)``; ``caption`` False leaves out the
    ``face down`` line (a pile says it with its count)."""
    tile = _tile(look_of(card, caption=caption))
    surface.image.paste(tile, (x, y), _shape(tile.size))
    if card.attached:
        pill(surface.draw, x + 2, y - 6, "attached", ATTACHED, tile.size[0] - 4, size=9)


def draw_card_scaled(surface: Surface, x: int, y: int, card: Card, size: tuple[int, int]) -> None:
    """The tile of ``card`` drawn smaller, at ``size`` (a crowded row): the same tile, its name wrapped
    as on a full one, resampled."""
    tile = _tile(look_of(card)).resize(size, Image.Resampling.LANCZOS)
    surface.image.paste(tile, (x, y), _shape(tile.size))
    if card.attached:
        pill(surface.draw, x + 2, y - 6, "attached", ATTACHED, tile.size[0] - 4, size=9)


@lru_cache(maxsize=64)
def _shape(size: tuple[int, int]) -> Image.Image:
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=5, fill=255)
    return mask


@lru_cache(maxsize=384)
def _tile(look: Look) -> Image.Image:
    w, h = (TILE_H, TILE_W) if look.turned else (TILE_W, TILE_H)
    image = Image.new("RGB", (w, h), _BORDER)
    draw = ImageDraw.Draw(image)
    named = look.name is not None
    inner_w = w - 8
    if look.face_up and named:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=FACE, outline=_BORDER, width=1)
        draw.rectangle((3, 3, w - 4, 7), fill=_hashed_colour(look.name or ""))
        ink, top = _INK, 10
    else:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=BACK, outline=_BORDER, width=1)
        draw.rounded_rectangle((4, 4, w - 5, h - 5), radius=4, outline=BACK_INNER, width=1)
        ink, top = BACK_TEXT, 8
    captions = []
    if look.caption and not look.face_up:
        captions.append("face down")
    elif look.caption and not named:
        captions.append("hidden")
    if look.orientation:
        captions.append(look.orientation)
    bottom = h - 4
    if captions:
        text(draw, (w / 2, bottom), fit(" · ".join(captions), "italic", 10, inner_w), "italic", 10, ink, "md")
        bottom -= 13
    bottom = _draw_counters(draw, 3, bottom, look.counters, w - 6)
    if named:
        room = max(1, (bottom - top) // 15)
        fnt, lines = wrapped(look.name or "", inner_w, min(3 if look.turned else 4, room))
        for i, line in enumerate(lines):
            text(draw, (4, top + i * (fnt.size + 2)), line, "bold", fnt.size, ink)
    return image


def _draw_counters(
    draw: ImageDraw.ImageDraw, x: int, bottom: int, counters: tuple[tuple[str, str], ...], width: int
) -> int:
    """Counters as badges stacked up from ``bottom`` (two at most, the second with ``+n`` more), each
    its name then its number, the name cut first; returns the new bottom."""
    shown = list(counters[:2])
    extra = len(counters) - len(shown)
    size = 10
    fnt = font("bold", size)
    for index, (name, value) in enumerate(shown):
        tail = fit(
            f"{value} +{extra}" if index == len(shown) - 1 and extra else value, "bold", size, width - 8
        )
        room = width - 8 - round(fnt.font.getlength(f" {tail}")) - 2 * fnt.stroke
        head = fit(name, "bold", size, room) if room > 0 else ""
        bottom -= 15
        pill(draw, x, bottom, f"{head} {tail}".strip(), COUNTER, width, size=size)
        bottom -= 1
    return bottom


def draw_bar(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: Card) -> None:
    """One card of a list zone: a bar with its name, or ``face down`` / ``hidden``."""
    x0, y0, x1, y1 = box
    named = card.name is not None
    fill = FACE if card.face_up and named else BACK
    ink = _INK if card.face_up and named else BACK_TEXT
    draw.rounded_rectangle(box, radius=3, fill=fill, outline=_BORDER)
    if named:
        draw.rectangle((x0 + 2, y0 + 2, x0 + 4, y1 - 2), fill=_hashed_colour(card.name or ""))
    parts = [card.name] if named else []
    if not card.face_up:
        parts.append("(face down)" if named else "face down")
    elif not named:
        parts.append("hidden")
    if card.turned and card.orientation:
        parts.append(f"({card.orientation})")
    parts.extend(f"[{name} {value}]" for name, value in card.counters)
    style: FontStyle = "bold" if named else "italic"
    line = fit(" ".join(p for p in parts if p), style, 12, x1 - x0 - 12)
    text(draw, (x0 + 8, (y0 + y1) / 2), line, style, 12, ink, anchor="lm")
