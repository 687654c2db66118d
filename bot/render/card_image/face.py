"""The full card face: title bar and cost, art band, type line, rules text, stats and footer."""

from __future__ import annotations

from PIL import Image

from bot.render.card_image.canvas import (
    _badge_fills,
    _badge_width,
    _Canvas,
    _cost_tokens,
    _draw_badge,
    _frame,
)
from bot.render.card_image.colours import _INK, _ink_on, _lighten
from bot.render.card_image.face_data import _game_name, _stats, _tags, _type_line
from bot.render.card_image.fonts import _clean
from bot.render.card_image.panels import _draw_art_band, _draw_rich_lines, _draw_stats
from bot.render.card_image.text import (
    Word,
    _fit_one_line,
    _Line,
    _Measure,
    _paragraphs,
    _text_height,
    _wrap,
)
from engine.cards.model import CardRecord

_BASE_WIDTH = 420
"""Every measure of the full card layout is in pixels of a card this wide, then scaled."""


_TEXT_SIZES = (15, 14, 13, 12, 11, 10)
_ART_DEFAULT = 232.0
_ART_MIN = 40.0
_MAX_TEXT_CHARS = 6000
"""More text than this can never fit, even at the smallest size: it is cut before wrapping."""


def _layout_text(
    paragraphs: list[str], canvas: _Canvas, width: float, default_h: float, max_h: float
) -> tuple[list[_Line], _Measure, float, float, float]:
    """Pick the font and lines of the rules text: the largest size whose text fits in ``max_h``
    (taking the art band's room as needed); at the smallest size, cut with an ellipsis.

    Returns the lines, their measure, the line height, the paragraph gap and the height used."""
    clipped = sum(len(p) for p in paragraphs) > _MAX_TEXT_CHARS
    if clipped:
        kept: list[str] = []
        budget = _MAX_TEXT_CHARS
        for paragraph in paragraphs:
            kept.append(paragraph[:budget])
            budget -= len(kept[-1])
            if budget <= 0:
                break
        paragraphs = kept
    for size in _TEXT_SIZES:
        measure = _Measure(canvas.font("regular", size))
        line_h, gap = size * 1.28, size * 0.5
        max_lines = int(max_h // line_h)
        lines, complete = _wrap(paragraphs, measure, canvas.px(width), max_lines)
        needed = _text_height(lines, line_h, gap)
        if complete and needed <= max_h and not (clipped and size == _TEXT_SIZES[-1]):
            return lines, measure, line_h, gap, needed
    # Smallest size, still too long: keep what fits and end with an ellipsis.
    kept_lines: list[_Line] = []
    for line in lines:
        if _text_height([*kept_lines, line], line_h, gap) > max_h:
            break
        kept_lines.append(line)
    if kept_lines:
        last = kept_lines[-1]
        words = list(last.words)
        ellipsis: Word = ((False, _clean("…")),)
        while words and measure.word(ellipsis) + sum(
            measure.word(w) + measure.space for w in words
        ) > canvas.px(width):
            words.pop()
        kept_lines[-1] = _Line((*words, ellipsis), last.paragraph_start)
    return kept_lines, measure, line_h, gap, _text_height(kept_lines, line_h, gap)


def card_image(card: CardRecord, *, face: int = 0, width: int = 420) -> Image.Image:
    """Draw one face of ``card`` as an RGBA image ``width`` pixels wide (height: card ratio).

    ``face`` 0 is the card itself, 1 its first other face (a J-Ruler, a twinpact's other half)...
    A card without text shows its keywords in the text box; without either, it has no text box.
    Raises ``ValueError`` for a face the card does not have or a width outside 160-2000.
    """
    if not 160 <= width <= 2000:
        raise ValueError("width must be between 160 and 2000 pixels")
    view, canvas, W, H, colours, out_size, main, panel, edge = _frame(
        card, face, width, _BASE_WIDTH, corner=20
    )
    paper = _lighten(main, 0.93)

    # Vertical budget.
    margin = 14.0
    title_y0, title_y1 = margin, margin + 46
    stats = _stats(view)
    footer_h = 20.0
    footer_y1 = H - 9
    footer_y0 = footer_y1 - footer_h
    stats_h = 46.0 if stats else 0.0
    stats_y1 = footer_y0 - 4
    stats_y0 = stats_y1 - stats_h
    text_y1 = stats_y0 - 6 if stats else footer_y0 - 4
    type_h = 28.0
    art_y0 = title_y1 + 6
    flexible = text_y1 - art_y0 - 6 - type_h - 6  # art band + text box
    text_pad_x, text_pad_y = 12.0, 9.0
    text_w = W - 2 * margin - 2 * text_pad_x
    default_box = flexible - _ART_DEFAULT
    max_box = flexible - _ART_MIN

    paragraphs = _paragraphs(view.text)
    if any(paragraphs):
        lines, measure, line_h, gap, needed = _layout_text(
            paragraphs, canvas, text_w, default_box - 2 * text_pad_y, max_box - 2 * text_pad_y
        )
        box_h = max(default_box, needed + 2 * text_pad_y)
    else:
        # No text, no text box: the art band takes its room.
        lines, measure, line_h, gap = [], _Measure(canvas.font("regular", 15)), 0.0, 0.0
        box_h = 0.0
    art_h = flexible - box_h if box_h else flexible + 6
    art_y1 = art_y0 + art_h
    type_y0 = art_y1 + 6
    type_y1 = type_y0 + type_h
    text_y0 = type_y1 + 6

    # Title bar: name and cost.
    canvas.panel((margin, title_y0, W - margin, title_y1), panel, edge, radius=10, width=2)
    tokens = _cost_tokens(view.cost)
    diameter = 31.0
    cost_w = sum(_badge_width(canvas, t, diameter) + 3 for t in tokens)
    x = W - margin - 8 - cost_w + 3
    for token in tokens:
        x += _draw_badge(canvas, x, (title_y0 + title_y1) / 2, diameter, token, _badge_fills(view, token)) + 3
    name_w = W - 2 * margin - 24 - (cost_w + 6 if tokens else 0)
    name_font, name = _fit_one_line(
        view.name, "bold", [canvas.px(s) for s in range(21, 12, -1)], canvas.px(name_w)
    )
    canvas.text((margin + 11, (title_y0 + title_y1) / 2), name, name_font, _INK, anchor="lm")

    # Art band.
    identity_names = " · ".join(" ".join(_clean(n).split()).upper() for n, _ in view.identity)
    game_name = _game_name(view.game)
    _draw_art_band(
        canvas,
        (margin, art_y0, W - margin, art_y1),
        colours,
        identity_names or game_name.upper(),
        game_name if identity_names else "",
        _tags(view),
        big=True,
    )

    # Type line.
    canvas.panel((margin, type_y0, W - margin, type_y1), panel, edge, radius=6, width=1.5)
    type_font, type_text = _fit_one_line(
        _type_line(view),
        "regular",
        [canvas.px(s) for s in (14, 13, 12, 11, 10)],
        canvas.px(W - 2 * margin - 20),
    )
    canvas.text((margin + 10, (type_y0 + type_y1) / 2), type_text, type_font, _INK, anchor="lm")

    # Rules text.
    if box_h:
        canvas.panel((margin, text_y0, W - margin, text_y0 + box_h), paper, edge, radius=8, width=1.5)
    _draw_rich_lines(canvas, lines, measure, margin + text_pad_x, text_y0 + text_pad_y, line_h, gap)

    # Stats.
    if stats:
        _draw_stats(canvas, (margin, stats_y0, W - margin, stats_y1), stats, main, 9.5, (20, 17, 14, 12, 10))

    # Footer: set and code on the left, rarity and face on the right.
    left = " · ".join(p for p in (card.set, card.code) if p)
    right = " · ".join(
        p for p in (card.rarity, f"face {view.index + 1}/{view.count}" if view.count > 1 else "") if p
    )
    footer_font = canvas.font("regular", 11)
    footer_mid = (footer_y0 + footer_y1) / 2
    right_font, right_text = _fit_one_line(right, "bold", [footer_font.size], canvas.px(W / 2 - margin))
    right_w = right_font.font.getlength(right_text) / canvas.k
    _, left_text = _fit_one_line(
        left, "regular", [footer_font.size], canvas.px(W - 2 * margin - right_w - 16)
    )
    canvas.text((margin + 4, footer_mid), left_text, footer_font, _ink_on(colours[0]), anchor="lm")
    canvas.text((W - margin - 4, footer_mid), right_text, right_font, _ink_on(colours[-1]), anchor="rm")
    return canvas.finish(out_size)
