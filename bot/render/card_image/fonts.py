"""Fonts: DejaVu Sans when installed, else Pillow's bundled font; which characters a font draws, and
readable stand-ins for the ones it lacks."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from PIL import ImageFont

FontStyle = Literal["regular", "bold", "italic"]


FONT_DIRS: tuple[Path, ...] = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/share/fonts/truetype"),
    Path("/usr/local/share/fonts"),
)
"""Where DejaVu Sans is looked for; Pillow's bundled font is used when it is in none of them."""

_FONT_FILES: dict[FontStyle, str] = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
}


@lru_cache(maxsize=8)
def _font_file(style: FontStyle) -> Path | None:
    for folder in FONT_DIRS:
        path = folder / _FONT_FILES[style]
        if path.is_file():
            return path
    return None


@dataclass(frozen=True)
class _Font:
    font: ImageFont.FreeTypeFont
    size: int
    stroke: int
    """Stroke width that fakes bold when the bold face is not installed."""
    style: FontStyle


@lru_cache(maxsize=512)
def _font(style: FontStyle, size: int) -> _Font:
    size = max(1, size)
    path = _font_file(style)
    if path is not None:
        try:
            font = ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
            return _Font(font, size, 0, style)
        except OSError:
            pass
    fallback = ImageFont.load_default(size=size)
    if not isinstance(fallback, ImageFont.FreeTypeFont):  # pragma: no cover - wheels ship FreeType
        raise RuntimeError("drawing cards needs Pillow built with FreeType")
    return _Font(fallback, size, max(1, round(size / 22)) if style == "bold" else 0, style)


_NOT_A_GLYPH = "\U0010fffd"
"""A code point no font draws: what it renders as is the font's "missing glyph" box."""

_SUBSTITUTES: dict[str, str] = {
    **dict.fromkeys("—–‒―−‐‑", "-"),
    **dict.fromkeys("•●・", "·"),
    **dict.fromkeys("■□", "-"),
    **dict.fromkeys("◆◇★☆", "*"),
    **dict.fromkeys("▶►▷", ">"),
    "◀": "<",
    "→": "->",
    "⇒": "=>",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "∞": "inf",
    "×": "x",
    "÷": "/",
    "½": "1/2",
    "¼": "1/4",
    "¾": "3/4",
    "′": "'",
    "″": '"',
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "œ": "oe",
    "Œ": "OE",
    "ø": "o",
    "Ø": "O",
    "đ": "d",
    "Đ": "D",
    "ð": "d",
    "Ð": "D",
    "þ": "th",
    "Þ": "Th",
    "ł": "l",
    "Ł": "L",
    "ı": "i",
    "€": "EUR",
    "£": "GBP",
    "…": "...",
    **dict.fromkeys("“”„«»「」『』", '"'),
    **dict.fromkeys("‘’‚", "'"),
    "【": "[",
    "】": "]",
}
"""Stand-ins for characters a font lacks (Pillow's bundled font has no accents nor dashes)."""


def _glyph_signature(style: FontStyle, char: str) -> tuple[tuple[int, int], bytes]:
    mask = _font(style, 24).font.getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8)
def _missing_glyph(style: FontStyle) -> tuple[tuple[int, int], bytes]:
    return _glyph_signature(style, _NOT_A_GLYPH)


@lru_cache(maxsize=65536)
def _has_glyph(style: FontStyle, char: str) -> bool:
    """Whether the font of ``style`` draws ``char`` (it does not draw it as its missing-glyph box)."""
    return _glyph_signature(style, char) != _missing_glyph(style)


@lru_cache(maxsize=65536)
def _displayable(style: FontStyle, char: str) -> str:
    """``char``, or a stand-in the font has when it lacks it: ``ö`` is ``o``, ``—`` is ``-`` with
    Pillow's bundled font. A character with no stand-in stays (drawn as the missing-glyph box);
    a combining or format character the font lacks is dropped."""
    if _has_glyph(style, char):
        return char
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Cf"):
        return ""
    if category == "Zs":
        return " "
    stripped = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    for candidate in (_SUBSTITUTES.get(char), unicodedata.normalize("NFKC", char), stripped):
        if candidate and candidate != char and all(_has_glyph(style, c) for c in candidate):
            return candidate
    return char


def _clear_font_caches() -> None:
    """Forget the fonts found and loaded (after :data:`FONT_DIRS` changes)."""
    for cached in (_font_file, _font, _missing_glyph, _has_glyph, _displayable):
        cached.cache_clear()


def _clean(text: str, style: FontStyle = "regular") -> str:
    """Text safe to draw on one line in ``style``: no control, surrogate, private-use or unassigned
    characters, and stand-ins for the characters the font lacks."""
    out = []
    for char in text:
        category = unicodedata.category(char)
        if char in "\t\n\r\v\f\u2028\u2029":
            out.append(" ")
        elif category in ("Cc", "Cs", "Co", "Cn"):
            continue
        elif char.isascii():
            out.append(char)
        else:
            out.append(_displayable(style, char))
    return "".join(out)
