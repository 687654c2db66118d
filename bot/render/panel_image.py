"""A picture of a message as Discord shows it, for the documentation: its text, its embed (a panel:
title, body, fields), an attached picture and its rows of buttons, drawn with Pillow on Discord's dark
theme. The README shows a match's board and a player's DM panel this way (``arbiter match
pictures``); nothing a user is sent is drawn here."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.card_image.fonts import FontStyle, _clean, _font
from bot.render.panel import Panel
from bot.render.text import plain_text

WIDTH = 720
PAD = 16
BACKGROUND = (49, 51, 56)
EMBED = (43, 45, 49)
BAR = (88, 101, 242)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
WHITE = (255, 255, 255)
BUTTONS = {
    "primary": (88, 101, 242),
    "success": (36, 128, 70),
    "secondary": (78, 80, 88),
    "danger": (218, 55, 60),
}


@dataclass(frozen=True)
class ButtonPicture:
    """A button as drawn: its label and its style (``primary``, ``success``, ``secondary``, ``danger``)."""

    label: str
    style: str = "secondary"


def _wrap(draw: ImageDraw.ImageDraw, text: str, style: FontStyle, size: int, width: int) -> list[str]:
    font = _font(style, size).font
    lines: list[str] = []
    for paragraph in plain_text(text).split("\n"):
        paragraph = _clean(paragraph, style)
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if draw.textlength(candidate, font=font) <= width or not current:
                current = candidate
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


def _row_lines(draw: ImageDraw.ImageDraw, row: Sequence[ButtonPicture]) -> int:
    """How many lines a row of buttons takes when it wraps at the picture's width."""
    label_font = _font("bold", 13).font
    lines, x = 1, PAD
    for button in row:
        width = round(draw.textlength(_clean(button.label, "bold"), font=label_font)) + 28
        if x + width > WIDTH - PAD:
            lines, x = lines + 1, PAD
        x += width + 8
    return lines


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    lines: Sequence[str],
    style: FontStyle,
    size: int,
    fill: tuple[int, int, int],
) -> int:
    """Draw ``lines`` from ``xy``; the y below them."""
    font = _font(style, size)
    x, y = xy
    for line in lines:
        draw.text((x, y), line, font=font.font, fill=fill, stroke_width=font.stroke, stroke_fill=fill)
        y += round(size * 1.35)
    return y


def message_picture(
    panel: Panel,
    *,
    content: str = "",
    buttons: Sequence[Sequence[ButtonPicture]] = (),
    image: bytes | None = None,
    max_lines: int = 60,
) -> bytes:
    """PNG bytes of a message: ``content`` above the embed of ``panel``, ``image`` in the embed, then
    the rows of ``buttons``. Long text is cut at ``max_lines`` lines per part."""
    inner = WIDTH - 2 * PAD - 18
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    parts: list[tuple[list[str], FontStyle, int, tuple[int, int, int]]] = []
    header = _wrap(scratch, content, "regular", 15, WIDTH - 2 * PAD)[:max_lines] if content else []
    parts.append((_wrap(scratch, panel.title, "bold", 17, inner)[:3], "bold", 17, WHITE))
    if panel.body:
        parts.append((_wrap(scratch, panel.body, "regular", 14, inner)[:max_lines], "regular", 14, TEXT))
    for name, value in panel.fields:
        parts.append((_wrap(scratch, name, "bold", 14, inner)[:2], "bold", 14, WHITE))
        parts.append((_wrap(scratch, value, "regular", 13, inner)[:max_lines], "regular", 13, TEXT))
    picture = Image.open(io.BytesIO(image)).convert("RGB") if image else None
    if picture is not None and picture.width > inner:
        picture = picture.resize((inner, round(picture.height * inner / picture.width)))
    embed_height = 12 + sum(len(lines) * round(size * 1.35) + 6 for lines, _, size, _ in parts)
    embed_height += (picture.height + 10) if picture is not None else 0
    header_height = len(header) * round(15 * 1.35) + (8 if header else 0)
    buttons_height = sum(_row_lines(scratch, row) for row in buttons) * 44
    height = PAD + header_height + embed_height + 12 + buttons_height + PAD
    canvas = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    y = _text(draw, (PAD, PAD), header, "regular", 15, TEXT) + (8 if header else 0)
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + embed_height), radius=6, fill=EMBED)
    draw.rectangle((PAD, y, PAD + 4, y + embed_height), fill=BAR)
    cursor = y + 12
    for lines, style, size, fill in parts:
        cursor = _text(draw, (PAD + 16, cursor), lines, style, size, fill) + 6
    if picture is not None:
        canvas.paste(picture, (PAD + 16, cursor + 4))
    y = y + embed_height + 12
    label_font = _font("bold", 13)
    for row in buttons:
        x = PAD
        for button in row:
            label = _clean(button.label, "bold")
            width = round(draw.textlength(label, font=label_font.font)) + 28
            if x + width > WIDTH - PAD:  # a phone wraps a long row
                x, y = PAD, y + 44
            draw.rounded_rectangle(
                (x, y, x + width, y + 34), radius=4, fill=BUTTONS.get(button.style, BUTTONS["secondary"])
            )
            draw.text(
                (x + 14, y + 9),
                label,
                font=label_font.font,
                fill=WHITE,
                stroke_width=label_font.stroke,
                stroke_fill=WHITE,
            )
            x += width + 8
        y += 44
    out = io.BytesIO()
    canvas.save(out, format="PNG", optimize=True)
    return out.getvalue()
