"""A picture of a message laid out as Discord's Components V2 show it, for the documentation: a
:class:`~bot.render.layout.Layout` (the very layout Discord is sent: its container, texts in Discord's
markdown, rows of buttons, lines with their button beside them, its picture) drawn with Pillow on
Discord's dark theme, at a phone-like width. The README shows a match's board and a player's DM panel
this way (``arbiter match pictures``); nothing a user is sent is drawn here."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.card_image.fonts import FontStyle, _clean, _font
from bot.render.layout import Layout, Line, Picture, Press, Row, Text
from bot.render.text import plain_text

WIDTH = 720
PAD = 16
GAP = 10
BACKGROUND = (49, 51, 56)
CONTAINER = (43, 45, 49)
ACCENT = (88, 101, 242)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
WHITE = (255, 255, 255)
BUTTONS = {
    "primary": (88, 101, 242),
    "success": (36, 128, 70),
    "secondary": (78, 80, 88),
    "danger": (218, 55, 60),
}
BUTTON_HEIGHT = 34
BUTTON_FONT = 13
INNER = WIDTH - 2 * PAD - 2 * 16  # the container's inner width

Draw = Callable[[ImageDraw.ImageDraw, Image.Image, int, int], None]
"""Draws a block at ``(x, y)``."""


@dataclass(frozen=True)
class _Run:
    """A word of a line of text, in its style."""

    text: str
    style: FontStyle


@dataclass(frozen=True)
class _TextLine:
    runs: tuple[_Run, ...]
    size: int
    colour: tuple[int, int, int]


_HEADINGS = (("### ", 17, True, WHITE), ("## ", 20, True, WHITE), ("# ", 24, True, WHITE))


def _runs(line: str, bold: bool) -> list[_Run]:
    """A line's words, each bold or not as Discord's ``**`` marks say (the whole line bold when
    ``bold``)."""
    runs = []
    for index, part in enumerate(re.split(r"\*\*", line)):
        style: FontStyle = "bold" if bold or index % 2 else "regular"
        for word in plain_text(part).split(" "):
            if word:
                runs.append(_Run(_clean(word, style), style))
    return runs


def _width(draw: ImageDraw.ImageDraw, run: _Run, size: int) -> float:
    return float(draw.textlength(run.text, font=_font(run.style, size).font))


def _text_lines(draw: ImageDraw.ImageDraw, text: str, width: int) -> list[_TextLine]:
    """A text display's lines as drawn: headings large and bold, ``-#`` lines small and grey, bold
    words bold, each wrapped at ``width``."""
    out: list[_TextLine] = []
    for line in text.split("\n"):
        size, bold, colour = 14, False, TEXT
        for prefix, heading_size, heading_bold, heading_colour in _HEADINGS:
            if line.startswith(prefix):
                line, size, bold, colour = line[len(prefix) :], heading_size, heading_bold, heading_colour
                break
        else:
            if line.startswith("-# "):
                line, size, colour = line[3:], 12, MUTED
        runs = _runs(line, bold)
        current: list[_Run] = []
        used = 0.0
        space = _width(draw, _Run(" ", "regular"), size)
        for run in runs:
            wide = _width(draw, run, size)
            if current and used + space + wide > width:
                out.append(_TextLine(tuple(current), size, colour))
                current, used = [], 0.0
            used += (space if current else 0) + wide
            current.append(run)
        out.append(_TextLine(tuple(current), size, colour))
    return out


def _line_height(line: _TextLine) -> int:
    return round(line.size * 1.4) if line.runs else round(line.size * 0.7)


def _draw_text(draw: ImageDraw.ImageDraw, lines: Sequence[_TextLine], x: int, y: int) -> None:
    for line in lines:
        cursor = float(x)
        space = _width(draw, _Run(" ", "regular"), line.size)
        for run in line.runs:
            font = _font(run.style, line.size)
            draw.text(
                (cursor, y),
                run.text,
                font=font.font,
                fill=line.colour,
                stroke_width=font.stroke,
                stroke_fill=line.colour,
            )
            cursor += _width(draw, run, line.size) + space
        y += _line_height(line)


def _button_width(draw: ImageDraw.ImageDraw, press: Press) -> int:
    label = _clean(press.label, "bold")
    return round(draw.textlength(label, font=_font("bold", BUTTON_FONT).font)) + 28


def _draw_button(draw: ImageDraw.ImageDraw, press: Press, x: int, y: int) -> None:
    width = _button_width(draw, press)
    fill = BUTTONS.get(press.style, BUTTONS["secondary"])
    draw.rounded_rectangle((x, y, x + width, y + BUTTON_HEIGHT), radius=4, fill=fill)
    font = _font("bold", BUTTON_FONT)
    colour = WHITE if not press.disabled else MUTED
    label = _clean(press.label, "bold")
    draw.text(
        (x + 14, y + 9), label, font=font.font, fill=colour, stroke_width=font.stroke, stroke_fill=colour
    )


def _row(draw: ImageDraw.ImageDraw, row: Row) -> tuple[int, Draw]:
    """A row of buttons, wrapped as a phone wraps a long row."""
    places: list[tuple[Press, int, int]] = []
    x, y = 0, 0
    for press in row.presses:
        width = _button_width(draw, press)
        if x and x + width > INNER:
            x, y = 0, y + BUTTON_HEIGHT + 8
        places.append((press, x, y))
        x += width + 8

    def drawn(d: ImageDraw.ImageDraw, _: Image.Image, left: int, top: int) -> None:
        for press, dx, dy in places:
            _draw_button(d, press, left + dx, top + dy)

    return y + BUTTON_HEIGHT, drawn


def _line(draw: ImageDraw.ImageDraw, line: Line) -> tuple[int, Draw]:
    """A section: its text on the left, its button beside it on the right, in the middle."""
    button = _button_width(draw, line.press)
    lines = _text_lines(draw, line.text, INNER - button - 16)
    height = max(sum(_line_height(one) for one in lines), BUTTON_HEIGHT)

    def drawn(d: ImageDraw.ImageDraw, _: Image.Image, left: int, top: int) -> None:
        text_height = sum(_line_height(one) for one in lines)
        _draw_text(d, lines, left, top + (height - text_height) // 2)
        _draw_button(d, line.press, left + INNER - button, top + (height - BUTTON_HEIGHT) // 2)

    return height, drawn


def _picture(data: bytes | None) -> tuple[int, Draw]:
    if data is None:
        return 0, lambda *_: None
    picture = Image.open(io.BytesIO(data)).convert("RGB")
    if picture.width > INNER:
        picture = picture.resize((INNER, round(picture.height * INNER / picture.width)))

    def drawn(_: ImageDraw.ImageDraw, canvas: Image.Image, left: int, top: int) -> None:
        canvas.paste(picture, (left, top))

    return picture.height, drawn


def layout_picture(layout: Layout, *, files: Mapping[str, bytes] | None = None) -> bytes:
    """PNG bytes of ``layout`` as Discord shows it: a container with its accent bar, its texts in
    Discord's markdown (headings, bold, small print), its rows of buttons, each line with its button
    beside it, and its picture (``files``, by name; the layout's own files by default)."""
    attached = dict(layout.files) if files is None else dict(files)
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    parts: list[tuple[int, Draw]] = []
    for block in layout.blocks:
        if isinstance(block, Text):
            lines = _text_lines(scratch, block.content, INNER)

            def drawn(
                d: ImageDraw.ImageDraw, _: Image.Image, left: int, top: int, lines: list[_TextLine] = lines
            ) -> None:
                _draw_text(d, lines, left, top)

            parts.append((sum(_line_height(line) for line in lines), drawn))
        elif isinstance(block, Row):
            parts.append(_row(scratch, block))
        elif isinstance(block, Line):
            parts.append(_line(scratch, block))
        elif isinstance(block, Picture):
            parts.append(_picture(attached.get(block.filename)))
    inner_height = sum(height for height, _ in parts) + GAP * max(0, len(parts) - 1)
    height = PAD + 16 + inner_height + 16 + PAD
    canvas = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle((PAD, PAD, WIDTH - PAD, height - PAD), radius=8, fill=CONTAINER)
    draw.rounded_rectangle((PAD, PAD, PAD + 4, height - PAD), radius=2, fill=ACCENT)
    y = PAD + 16
    for part_height, part in parts:
        part(draw, canvas, PAD + 16, y)
        y += part_height + GAP
    out = io.BytesIO()
    canvas.save(out, format="PNG", optimize=True)
    return out.getvalue()
