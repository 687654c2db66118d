"""The parts both layouts draw: the art band, the stats chips, and wrapped rules text with its
``{X}`` symbols."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.card_image.canvas import _Canvas, _gradient, _rounded_mask
from bot.render.card_image.colours import (
    _BORDER,
    _INK,
    _WHITE,
    RGB,
    _darken,
    _lighten,
    _symbol_colour,
)
from bot.render.card_image.text import _fit_one_line, _Line, _Measure


def _draw_art_band(
    canvas: _Canvas,
    box: tuple[float, float, float, float],
    colours: Sequence[RGB],
    title: str,
    game_name: str,
    tags: Sequence[str],
    big: bool,
) -> None:
    """The band where the art would be: shaded identity colours, an emblem, the identity's names,
    tags (skill, icons) and the game's name.

    A tall band centres the names on the emblem, tags bottom left, game bottom right; a short one
    (the text took its room) puts the tags on the left and the names beside them, without the game.
    """
    x0, y0, x1, y1 = box
    device = canvas.box(*box)
    size = (device[2] - device[0], device[3] - device[1])
    if size[0] <= 0 or size[1] <= 0:
        return
    height = y1 - y0
    compact = height < (90 if big else 40)
    pad = 7.0 if big else 4.0
    band = _gradient(size, [_lighten(c, 0.12) for c in colours], shade=0.42).convert("RGBA")
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)

    if not compact:
        cx, cy = size[0] // 2, size[1] // 2
        ring = min(height, x1 - x0)
        for i, radius in enumerate((ring * 0.42, ring * 0.30)):
            r = canvas.px(radius)
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r),
                outline=(255, 255, 255, 46 - 14 * i),
                width=max(1, canvas.px(2.5 - i)),
            )
        d = canvas.px(ring * 0.2)
        draw.polygon([(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], fill=(255, 255, 255, 26))

    # Tags: pills of white text on black.
    tag_size = 11.0 if big else 7.0
    tag_h = tag_size * 1.7
    tag_font = canvas.font("bold", tag_size)
    game_font = canvas.font("italic", 10)
    game_w = game_font.font.getlength(game_name) / canvas.k if big and game_name and not compact else 0.0
    tag_y1 = (y0 + y1 + tag_h) / 2 if compact else y1 - pad
    placed: list[tuple[float, float, str]] = []
    x = x0 + pad
    if height >= tag_h + 2 * pad * 0.6:
        for tag in tags:
            width = tag_font.font.getlength(tag) / canvas.k + tag_size
            limit = x1 - pad - (game_w + 8 if game_w else 0) - (60 if compact else 0)
            if x + width > limit:
                break
            placed.append((x, width, tag))
            x += width + 4

    # The names: centred on the band, or right of the tags in a short band.
    if title and height >= (20 if big else 14):
        left = (x + 2) if compact and placed else x0 + pad
        right = x1 - pad
        sizes = ((20, 17, 14) if big else (11, 9, 8)) if not compact else ((14, 12, 10) if big else (9, 8, 7))
        font, text = _fit_one_line(title, "bold", [canvas.px(s) for s in sizes], canvas.px(right - left))
        if text:
            xy = (canvas.px((left + right) / 2 - x0), size[1] // 2)
            shadow = font.stroke + canvas.px(1.5 if big else 1)
            draw.text(xy, text, font=font.font, fill=(0, 0, 0, 90), anchor="mm", stroke_width=shadow)
            draw.text(
                xy,
                text,
                font=font.font,
                fill=(255, 255, 255, 225),
                anchor="mm",
                stroke_width=font.stroke,
                stroke_fill=(255, 255, 255, 225),
            )
    band.alpha_composite(layer)
    canvas.image.paste(band, device[:2], _rounded_mask(size, canvas.px(7 if big else 4)))

    for tx, width, tag in placed:
        canvas.panel((tx, tag_y1 - tag_h, tx + width, tag_y1), (20, 20, 24), radius=tag_h / 2)
        canvas.text((tx + width / 2, tag_y1 - tag_h / 2), tag, tag_font, _WHITE, anchor="mm")
    if game_w:
        canvas.text((x1 - pad, y1 - pad), game_name, game_font, _WHITE, anchor="rd")


def _draw_stats(
    canvas: _Canvas,
    box: tuple[float, float, float, float],
    stats: Sequence[tuple[str, str]],
    colour: RGB,
    label_size: float,
    value_sizes: Sequence[float],
) -> None:
    """Chips (a small label over a big value) spread over ``box``, each at most a third of it."""
    x0, y0, x1, y1 = box
    gap = 5 if label_size >= 8 else 3
    count = len(stats)
    chip_w = min((x1 - x0 - gap * (count - 1)) / count, (x1 - x0) / 2.6)
    total = chip_w * count + gap * (count - 1)
    x = x0 + ((x1 - x0) - total) / 2
    fill = _darken(colour, 0.5)
    label_font = canvas.font("bold", label_size)
    height = y1 - y0
    for label, value in stats:
        canvas.panel(
            (x, y0, x + chip_w, y1),
            fill,
            outline=_lighten(colour, 0.35),
            radius=min(8, height / 4),
            width=1.2,
        )
        canvas.text(
            (x + chip_w / 2, y0 + height * 0.07), label.upper(), label_font, (224, 224, 230), anchor="mt"
        )
        font, text = _fit_one_line(
            value, "bold", [canvas.px(s) for s in value_sizes], canvas.px(chip_w - 2 * gap)
        )
        canvas.text((x + chip_w / 2, y0 + height * 0.66), text, font, _WHITE, anchor="mm")
        x += chip_w + gap


def _draw_rich_lines(
    canvas: _Canvas,
    lines: Sequence[_Line],
    measure: _Measure,
    x0: float,
    y0: float,
    line_height: float,
    gap: float,
) -> None:
    """Draw wrapped lines (device-pixel fonts in ``measure``; positions in layout units)."""
    k = canvas.k
    font = measure.font
    ascent = font.font.getmetrics()[0] / k
    baseline = y0 + (line_height - font.size / k) / 2 + ascent * 0.92
    for line in lines:
        if line.paragraph_start:
            baseline += gap
        x = x0
        for i, word in enumerate(line.words):
            if i:
                x += measure.space / k
            for is_symbol, text in word:
                width = measure.segment((is_symbol, text)) / k
                if is_symbol:
                    diameter = font.size * 1.08 / k
                    cy = baseline - font.size * 0.36 / k
                    pad = font.size * 0.06 / k
                    _draw_symbol(canvas, x + pad, cy, diameter, width - 2 * pad, text, measure)
                else:
                    canvas.text((x, baseline), text, font, _INK)
                x += width
        baseline += line_height


def _draw_symbol(
    canvas: _Canvas, x: float, cy: float, diameter: float, width: float, token: str, measure: _Measure
) -> None:
    box = canvas.box(x, cy - diameter / 2, x + width, cy + diameter / 2)
    canvas.draw.rounded_rectangle(
        box, radius=canvas.px(diameter / 2), fill=_symbol_colour(token), outline=_BORDER, width=1
    )
    canvas.text(
        (x + width / 2, cy),
        token,
        measure.symbol_font,
        _WHITE,
        anchor="mm",
        stroke=(max(1, canvas.px(0.8)), _BORDER),
    )
