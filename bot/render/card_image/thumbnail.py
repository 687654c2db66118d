"""The board thumbnail: the small card face match boards put on their zones (name, cost, type, the
main stats)."""

from __future__ import annotations

from PIL import Image

from bot.render.card_image.canvas import _badge_fills, _Canvas, _cost_tokens, _draw_badge, _frame
from bot.render.card_image.colours import _INK
from bot.render.card_image.face_data import _game_name, _tags, _thumbnail_stats, _type_line
from bot.render.card_image.fonts import _clean
from bot.render.card_image.panels import _draw_art_band, _draw_stats
from bot.render.card_image.text import _ellipsize, _fit_one_line, _Measure, _word_text, _wrap
from engine.cards.model import CardRecord

_THUMB_BASE_WIDTH = 140
"""Every measure of the thumbnail layout is in pixels of a thumbnail this wide, then scaled."""


def thumbnail_image(card: CardRecord, *, face: int = 0, width: int = 140) -> Image.Image:
    """Draw the small version of a card face for match boards: name, cost, type, main stats.

    ``width`` 60-600 pixels; the height keeps the card ratio. Raises ``ValueError`` like
    :func:`card_image`.
    """
    if not 60 <= width <= 600:
        raise ValueError("thumbnail width must be between 60 and 600 pixels")
    view, canvas, W, H, colours, out_size, main, panel, edge = _frame(
        card, face, width, _THUMB_BASE_WIDTH, corner=9
    )
    m = 6.0
    title_y0, title_y1 = m, m + 34
    stats = _thumbnail_stats(view)
    stats_h = 36.0 if stats else 0.0
    stats_y1 = H - m
    stats_y0 = stats_y1 - stats_h
    type_h = 15.0
    type_y1 = (stats_y0 - 4) if stats else H - m
    type_y0 = type_y1 - type_h
    art_y0, art_y1 = title_y1 + 4, type_y0 - 4

    # Title: cost badge(s) on the left, the name on up to two lines.
    canvas.panel((m, title_y0, W - m, title_y1), panel, edge, radius=5, width=1)
    tokens = _cost_tokens(view.cost)[:3]
    x = m + 3
    diameter = 17.0 if len(tokens) <= 1 else 13.0
    cy = (title_y0 + title_y1) / 2
    for token in tokens:
        x += _draw_badge(canvas, x, cy, diameter, token, _badge_fills(view, token)) + 1.5
    name_x0 = x + 2 if tokens else m + 5
    name_w = W - m - 4 - name_x0
    _draw_thumbnail_name(canvas, view.name, name_x0, title_y0, title_y1, name_w)

    # Art band and type line.
    short_identity = " · ".join(" ".join(_clean(n).split()).upper() for n, _ in view.identity)
    _draw_art_band(
        canvas,
        (m, art_y0, W - m, art_y1),
        colours,
        short_identity or _game_name(view.game).upper(),
        "",
        _tags(view)[:1],
        big=False,
    )
    canvas.panel((m, type_y0, W - m, type_y1), panel, edge, radius=4, width=1)
    type_font, type_text = _fit_one_line(
        _type_line(view), "regular", [canvas.px(s) for s in (9, 8, 7)], canvas.px(W - 2 * m - 8)
    )
    canvas.text((m + 4, (type_y0 + type_y1) / 2), type_text, type_font, _INK, anchor="lm")

    if stats:
        _draw_stats(canvas, (m, stats_y0, W - m, stats_y1), stats, main, 7, (15, 13, 11, 9, 8))
    return canvas.finish(out_size)


def _draw_thumbnail_name(canvas: _Canvas, name: str, x0: float, y0: float, y1: float, width: float) -> None:
    """The name on one line if it fits at a readable size, else on two, shrunk then cut."""
    name = " ".join(_clean(name, "bold").split())
    px_width = canvas.px(width)
    mid = (y0 + y1) / 2
    for size in (12, 11, 10):
        font = canvas.font("bold", size)
        if font.font.getlength(name) + 2 * font.stroke <= px_width:
            canvas.text((x0, mid), name, font, _INK, anchor="lm")
            return
    for size in (11, 10, 9, 8):
        measure = _Measure(canvas.font("bold", size))
        lines, complete = _wrap([name], measure, px_width, 2)
        if complete and len(lines) <= 2:
            break
    texts = [" ".join(_word_text(word) for word in line.words) for line in lines[:2]]
    if not complete or len(lines) > 2:
        rest = name[len(texts[0]) :].lstrip()
        texts = [texts[0], _ellipsize(rest, measure.font, px_width)]
    line_h = measure.font.size / canvas.k * 1.15
    top = mid - line_h * len(texts) / 2
    for i, text in enumerate(texts):
        canvas.text((x0, top + line_h * (i + 0.5)), text, measure.font, _INK, anchor="lm")
