"""The supersampled canvas a card is drawn on: its gradient frame, rounded corners, and the cost
badges; :func:`_frame` sets one up for a card face."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.render.card_image.colours import (
    _BLACK,
    _BORDER,
    _WHITE,
    NEUTRAL,
    RGB,
    _average,
    _darken,
    _lighten,
    _mix,
    _symbol_colour,
)
from bot.render.card_image.face_data import _Face, _face, _symbol_costs
from bot.render.card_image.fonts import FontStyle, _clean, _Font, _font
from engine.cards.model import CardRecord

CARD_RATIO = 88 / 63
"""Height over width of a trading card (63 x 88 mm)."""

_SUPERSAMPLE = 2


class _Canvas:
    """An RGBA image drawn in layout units (``k`` device pixels per unit)."""

    def __init__(self, width: int, height: int, k: float, colours: Sequence[RGB], corner: float) -> None:
        """A card of ``colours`` (the frame), with a black border and rounded corners."""
        self.k = k
        self.corner = self.px(corner)
        self.image = _gradient((width, height), colours, shade=0.3).convert("RGBA")
        self.draw = ImageDraw.Draw(self.image)
        self.draw.rounded_rectangle(
            (0, 0, width - 1, height - 1), radius=self.corner, outline=_BORDER, width=self.px(corner / 4)
        )

    def px(self, value: float) -> int:
        return round(value * self.k)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        return (self.px(x0), self.px(y0), self.px(x1), self.px(y1))

    def font(self, style: FontStyle, size: float) -> _Font:
        return _font(style, self.px(size))

    def panel(
        self,
        box: tuple[float, float, float, float],
        fill: RGB,
        outline: RGB | None = None,
        radius: float = 6,
        width: float = 1.5,
    ) -> None:
        self.draw.rounded_rectangle(
            self.box(*box),
            radius=self.px(radius),
            fill=fill,
            outline=outline,
            width=max(1, self.px(width)) if outline else 0,
        )

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        font: _Font,
        fill: RGB | tuple[int, int, int, int],
        anchor: str = "ls",
        stroke: tuple[int, RGB] | None = None,
    ) -> None:
        """Draw ``text`` at ``xy`` (layout units); ``font`` is already in device pixels."""
        if not text:
            return
        width, stroke_fill = stroke if stroke else (font.stroke, fill)
        self.draw.text(
            (self.px(xy[0]), self.px(xy[1])),
            text,
            font=font.font,
            fill=fill,
            anchor=anchor,
            stroke_width=max(width, font.stroke),
            stroke_fill=stroke_fill,
        )

    def finish(self, out_size: tuple[int, int]) -> Image.Image:
        """The card reduced to ``out_size``, transparent outside its rounded corners."""
        self.image.putalpha(_rounded_mask(self.image.size, self.corner))
        image = self.image.reduce(_SUPERSAMPLE)
        return image if image.size == out_size else image.resize(out_size, Image.Resampling.LANCZOS)


def _gradient(size: tuple[int, int], colours: Sequence[RGB], shade: float) -> Image.Image:
    """A fill blending ``colours`` from left to right (each keeps a solid band), darker at the bottom.

    Drawn at an eighth of the size and enlarged: the fill is smooth, and this is much faster."""
    width, height = size
    small = (max(2, width // 8), max(2, height // 8))
    if len(colours) == 1:
        base = Image.new("RGB", small, colours[0])
    else:
        strip: list[RGB] = []
        steps = len(colours) - 1
        for x in range(small[0]):
            pos = x / (small[0] - 1) * steps
            i = min(int(pos), steps - 1)
            t = min(1.0, max(0.0, (pos - i - 0.3) / 0.4))
            t = t * t * (3 - 2 * t)
            strip.append(_mix(colours[i], colours[i + 1], t))
        line = Image.new("RGB", (small[0], 1))
        line.putdata(strip)
        base = line.resize(small, Image.Resampling.NEAREST)
    if shade > 0:
        mask = Image.linear_gradient("L").resize(small, Image.Resampling.BILINEAR)
        mask = mask.point(lambda v: round(v * shade))
        base = Image.composite(Image.new("RGB", small, _BLACK), base, mask)
    return base.resize(size, Image.Resampling.BILINEAR)


def _rounded_mask(size: tuple[int, int], radius: int) -> Image.Image:
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=255)
    return mask


def _cost_tokens(cost: str | None) -> list[str]:
    if cost is None:
        return []
    cost = " ".join(_clean(cost, "bold").split())
    if not cost:
        return []
    tokens = [t for t in re.findall(r"\{([^{}]*)\}", cost) if t.strip()]
    rest = re.sub(r"\{[^{}]*\}", "", cost).strip()
    if rest or not tokens:
        tokens.append(rest or cost)
    if len(tokens) > 8:
        return [cost[:12]]
    return [t.strip()[:12] for t in tokens]


def _badge_fills(face: _Face, token: str) -> list[RGB]:
    if _symbol_costs(face):
        return [_symbol_colour(token)]
    return [colour for _, colour in face.identity] or [NEUTRAL]


def _badge_width(canvas: _Canvas, token: str, diameter: float) -> float:
    if len(token) <= 2:
        return diameter
    font = canvas.font("bold", diameter * 0.5)
    return max(diameter, font.font.getlength(token) / canvas.k + diameter * 0.6)


def _draw_badge(
    canvas: _Canvas, x: float, cy: float, diameter: float, token: str, fills: Sequence[RGB]
) -> float:
    """A cost badge whose left edge is ``x``, centred on ``cy``; returns its width."""
    width = _badge_width(canvas, token, diameter)
    box = canvas.box(x, cy - diameter / 2, x + width, cy + diameter / 2)
    outline_w = max(1, canvas.px(1.6))
    if len(fills) > 1 and width == diameter:
        step = 360 / len(fills)
        for i, colour in enumerate(fills):
            canvas.draw.pieslice(box, -90 + i * step, -90 + (i + 1) * step, fill=colour)
        canvas.draw.ellipse(box, outline=_BORDER, width=outline_w)
    else:
        fill = fills[0] if len(fills) == 1 else _average(fills)
        canvas.draw.rounded_rectangle(
            box, radius=canvas.px(diameter / 2), fill=fill, outline=_BORDER, width=outline_w
        )
    size = diameter * (0.6 if len(token) == 1 else 0.5)
    font = canvas.font("bold", size)
    canvas.text(
        (x + width / 2, cy), token, font, _WHITE, anchor="mm", stroke=(max(1, canvas.px(1.3)), _BORDER)
    )
    return width


class _Frame(NamedTuple):
    """What every layout starts from (see :func:`_frame`)."""

    view: _Face
    canvas: _Canvas
    W: float
    H: float
    colours: list[RGB]
    out_size: tuple[int, int]
    main: RGB
    panel: RGB
    edge: RGB


def _frame(card: CardRecord, face: int, width: int, base_width: float, *, corner: int) -> _Frame:
    """The face, a supersampled canvas framed in the card's colours, the layout's width and height in
    base units, the output size, and the main, panel and edge colours."""
    view = _face(card, face)
    out_size = (width, round(width * CARD_RATIO))
    colours = [c for _, c in view.identity] or [NEUTRAL]
    canvas = _Canvas(
        out_size[0] * _SUPERSAMPLE,
        out_size[1] * _SUPERSAMPLE,
        width * _SUPERSAMPLE / base_width,
        colours,
        corner=corner,
    )
    main = _average(colours)
    height = out_size[1] * base_width / width
    return _Frame(
        view, canvas, base_width, height, colours, out_size, main, _lighten(main, 0.8), _darken(main, 0.45)
    )
