"""One zone on the board picture: a panel with its label and count, its cards drawn in the cell's
style (:data:`bot.render.board_image.layouts.Style`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.render.board_image.layouts import Style
from bot.render.board_image.reading import Card
from bot.render.board_image.tiles import (
    BACK,
    BADGE,
    DIM,
    LABEL,
    TILE_H,
    TILE_W,
    ZONE_FILL,
    Surface,
    draw_bar,
    draw_card,
    draw_card_scaled,
    fit_sizes,
    pill,
    pill_width,
    size_of,
    text,
)
from bot.render.card_image.colours import _BORDER, RGB

LABEL_H = 22
"""Height of a zone's label line, above its cards."""
GAP = 4
"""Pixels between two cards of a row."""
MIN_SCALE = 0.6
"""The smallest a row's cards are drawn (their names stay readable); more cards become bars."""
CHIP_W = 170
"""The least width of a card's bar when a row holds more cards than fit as tiles."""
BAR_H = 17


@dataclass(frozen=True)
class Shown:
    """What one cell draws: its label, how many cards the zone holds, the cards (top first), and a
    count from another zone to add to the label."""

    label: str
    count: int
    cards: Sequence[Card]
    extra: str = ""


def draw_zone(
    surface: Surface, box: tuple[int, int, int, int], style: Style, shown: Shown, edge: RGB
) -> None:
    """The panel of one zone in ``box`` and its cards."""
    draw = surface.draw
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=7, fill=ZONE_FILL, outline=edge, width=1)
    label = shown.label
    if style != "spot" or shown.count != 1:
        label = f"{label} {shown.count}" if shown.count or style != "spot" else label
    if shown.extra:
        label = f"{label} · {shown.extra}"
    colour = LABEL if shown.count else DIM
    size, fitted = fit_sizes(label, "bold", (13, 12, 11), x1 - x0 - 12)
    text(draw, (x0 + 7, y0 + 5), fitted, "bold", size, colour)
    area = (x0 + 4, y0 + LABEL_H, x1 - 4, y1 - 4)
    if style == "list":
        _list(surface, area, shown)
    elif style == "row":
        _row(surface, area, shown.cards)
    elif style == "pile":
        _pile(surface, area, shown)
    else:
        _spot(surface, area, shown)


def _centred(area: tuple[int, int, int, int], card: Card) -> tuple[int, int]:
    w, h = size_of(card)
    x0, y0, x1, y1 = area
    return x0 + (x1 - x0 - w) // 2, y0 + max(0, (y1 - y0 - h) // 2)


def _placeholder(surface: Surface, area: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = area
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    surface.draw.rounded_rectangle(
        (cx - TILE_W // 2, cy - TILE_H // 2, cx + TILE_W // 2, cy + TILE_H // 2),
        radius=5,
        outline=DIM,
        width=1,
    )


def _spot(surface: Surface, area: tuple[int, int, int, int], shown: Shown) -> None:
    """The top card of a one-card position; the cards beneath it are counted, not drawn."""
    if not shown.cards:
        _placeholder(surface, area)
        return
    top = shown.cards[0]
    x, y = _centred(area, top)
    beneath = max(0, shown.count - 1)
    if beneath:
        w, h = size_of(top)
        surface.draw.rounded_rectangle(
            (x + 4, y + 4, x + w + 3, y + h + 3), radius=5, fill=BACK, outline=_BORDER
        )
    draw_card(surface, x, y, top)
    if beneath:
        pill(surface.draw, area[0], area[3] - 16, f"+{beneath} beneath", BACK, area[2] - area[0])


def _pile(surface: Surface, area: tuple[int, int, int, int], shown: Shown) -> None:
    """A stack: its top card over the edges of the next ones, and its count on a badge."""
    if not shown.cards:
        _placeholder(surface, area)
        return
    top = shown.cards[0]
    x, y = _centred(area, top)
    w, h = size_of(top)
    depth = min(2, shown.count - 1)
    x -= 2 * depth
    for d in range(depth, 0, -1):
        box = (x + 2 * d, y + 2 * d, x + w - 1 + 2 * d, y + h - 1 + 2 * d)
        surface.draw.rounded_rectangle(box, radius=5, fill=BACK, outline=_BORDER)
    draw_card(surface, x, y, top, caption=False)
    count = str(shown.count)
    width, _ = pill_width(count, w, size=14)
    pill(surface.draw, x + (w - width) // 2, y + h - 24, count, BADGE, w, size=14)


def _row(surface: Surface, area: tuple[int, int, int, int], cards: Sequence[Card]) -> None:
    """The cards side by side, left to right, never over each other's names: smaller when they do not
    fit (down to :data:`MIN_SCALE`), and past that as a grid of name bars (:func:`_chips`)."""
    x0, y0, x1, y1 = area
    available = x1 - x0
    if not cards:
        return
    widths = [size_of(card)[0] for card in cards]
    gaps = GAP * (len(widths) - 1)
    scale = min(1.0, (available - gaps) / sum(widths))
    if scale < MIN_SCALE:
        _chips(surface, area, cards)
        return
    x = x0
    for card, width in zip(cards, widths, strict=True):
        height = size_of(card)[1]
        if scale < 1.0:
            size = (max(1, int(width * scale)), max(1, int(height * scale)))
            draw_card_scaled(surface, x, y0 + (y1 - y0 - size[1]) // 2, card, size)
            x += size[0] + GAP
        else:
            draw_card(surface, x, y0 + (y1 - y0 - height) // 2, card)
            x += width + GAP


def _chips(surface: Surface, area: tuple[int, int, int, int], cards: Sequence[Card]) -> None:
    """More cards than fit as tiles: a grid of bars, a whole name each (rested or tapped cards say so),
    column by column; what does not fit is counted on the last bar."""
    x0, y0, x1, y1 = area
    columns = max(1, (x1 - x0 + GAP) // (CHIP_W + GAP))
    width = (x1 - x0 - GAP * (columns - 1)) // columns
    rows = max(1, (y1 - y0 + 2) // (BAR_H + 2))
    room = columns * rows
    shown, rest = (list(cards), 0) if len(cards) <= room else (list(cards[: room - 1]), len(cards) - room + 1)
    for index, card in enumerate(shown):
        column, row = divmod(index, rows)
        x, y = x0 + column * (width + GAP), y0 + row * (BAR_H + 2)
        draw_bar(surface.draw, (x, y, x + width, y + BAR_H), card)
    if rest:
        column, row = divmod(len(shown), rows)
        x, y = x0 + column * (width + GAP), y0 + row * (BAR_H + 2)
        text(surface.draw, (x + 4, y + 2), f"+{rest} more", "italic", 12, LABEL)


def _list(surface: Surface, area: tuple[int, int, int, int], shown: Shown) -> None:
    """One bar per card, top first; the rest counted on the last line."""
    x0, y0, x1, y1 = area
    lines = max(1, (y1 - y0 + 2) // (BAR_H + 2))
    cards = list(shown.cards)
    if len(cards) > lines:
        cards, rest = cards[: lines - 1], len(cards) - (lines - 1)
    else:
        rest = 0
    y = y0
    for card in cards:
        draw_bar(surface.draw, (x0, y, x1, y + BAR_H), card)
        y += BAR_H + 2
    if rest:
        text(surface.draw, (x0 + 4, y + 2), f"+{rest} more", "italic", 12, LABEL)
