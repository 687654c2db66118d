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
"""

from __future__ import annotations

import hashlib
import io
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from engine.cards.model import CardRecord, StatValue
from engine.games import GAMES

__all__ = [
    "CARD_RATIO",
    "NEUTRAL",
    "card_image",
    "identity_colours",
    "render_board_thumbnail",
    "render_card",
    "thumbnail_image",
]

RGB = tuple[int, int, int]
FontStyle = Literal["regular", "bold", "italic"]

CARD_RATIO = 88 / 63
"""Height over width of a trading card (63 x 88 mm)."""

_SUPERSAMPLE = 2
_BASE_WIDTH = 420
"""Every measure of the full card layout is in pixels of a card this wide, then scaled."""
_THUMB_BASE_WIDTH = 140
"""Every measure of the thumbnail layout is in pixels of a thumbnail this wide, then scaled."""

# Colours ------------------------------------------------------------------------------------------

NEUTRAL: RGB = (128, 133, 142)
"""Frame colour of a card without a colour identity."""

_BORDER: RGB = (24, 24, 28)
_INK: RGB = (26, 26, 30)
_WHITE: RGB = (255, 255, 255)
_BLACK: RGB = (0, 0, 0)

_DM_CIVILIZATIONS: dict[str, RGB] = {
    "light": (232, 192, 46),
    "water": (38, 108, 200),
    "darkness": (74, 46, 96),
    "fire": (204, 48, 38),
    "nature": (48, 138, 58),
    "zero": (150, 150, 154),
}
_DM_ALIASES = {
    "光": "light",
    "水": "water",
    "闇": "darkness",
    "dark": "darkness",
    "火": "fire",
    "自然": "nature",
    "ゼロ": "zero",
    "無色": "zero",
    "colorless": "zero",
    "colourless": "zero",
}

_FOW_ATTRIBUTES: dict[str, RGB] = {
    "light": (228, 196, 64),
    "fire": (200, 54, 44),
    "water": (44, 104, 196),
    "wind": (52, 148, 78),
    "darkness": (64, 42, 84),
    "void": (140, 140, 146),
}
_FOW_ALIASES = {
    "w": "light",
    "white": "light",
    "r": "fire",
    "red": "fire",
    "u": "water",
    "blue": "water",
    "g": "wind",
    "green": "wind",
    "b": "darkness",
    "black": "darkness",
    "dark": "darkness",
    "colorless": "void",
    "colourless": "void",
    "none": "void",
}
_FOW_SYMBOLS: dict[str, RGB] = {
    "W": _FOW_ATTRIBUTES["light"],
    "R": _FOW_ATTRIBUTES["fire"],
    "U": _FOW_ATTRIBUTES["water"],
    "G": _FOW_ATTRIBUTES["wind"],
    "B": _FOW_ATTRIBUTES["darkness"],
}
"""Will symbols of Force of Will costs and texts; numbers and ``X`` are void (grey)."""
_SYMBOL_GREY: RGB = (124, 126, 132)

_VG_NATIONS: dict[str, RGB] = {
    "united sanctuary": (206, 168, 58),
    "keter sanctuary": (206, 168, 58),
    "dragon empire": (196, 48, 40),
    "star gate": (92, 108, 132),
    "brandt gate": (92, 108, 132),
    "dark zone": (104, 52, 132),
    "dark states": (104, 52, 132),
    "magallanica": (28, 126, 168),
    "zoo": (68, 146, 58),
    "stoicheia": (68, 146, 58),
    "lyrical monasterio": (222, 104, 164),
}
_VG_CLAN_NATIONS: dict[str, str] = {
    clan: nation
    for nation, clans in {
        "united sanctuary": (
            "royal paladin",
            "oracle think tank",
            "angel feather",
            "shadow paladin",
            "gold paladin",
            "genesis",
        ),
        "dragon empire": ("kagero", "nubatama", "tachikaze", "murakumo", "narukami"),
        "star gate": ("nova grappler", "dimension police", "etranger", "link joker"),
        "dark zone": ("spike brothers", "dark irregulars", "pale moon", "gear chronicle"),
        "magallanica": ("granblue", "bermuda triangle", "aqua force"),
        "zoo": ("megacolony", "great nature", "neo nectar"),
    }.items()
    for clan in clans
}

_GR_FACTIONS: dict[str, RGB] = {
    "yomajin front": (196, 50, 44),
    "wonderverse": (220, 102, 160),
    "atlas": (40, 104, 192),
}
"""The Gate Ruler factions whose colour we know; others get a colour word in their name or a stable
colour of :data:`_PALETTE`."""

_COLOUR_WORDS: dict[str, RGB] = {
    "red": (200, 52, 44),
    "blue": (40, 104, 196),
    "green": (52, 142, 64),
    "yellow": (230, 190, 50),
    "gold": (206, 168, 58),
    "white": (214, 210, 196),
    "black": (50, 48, 56),
    "purple": (110, 58, 140),
    "pink": (220, 102, 160),
    "orange": (226, 124, 40),
    "grey": NEUTRAL,
    "gray": NEUTRAL,
}

_PALETTE: tuple[RGB, ...] = (
    (176, 64, 52),
    (52, 112, 176),
    (62, 138, 92),
    (196, 148, 44),
    (118, 70, 150),
    (38, 140, 150),
    (186, 96, 56),
    (92, 96, 160),
    (150, 60, 100),
    (100, 130, 60),
)
"""Colours for names we have no colour for, picked by a hash of the name (stable across runs)."""


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _lighten(colour: RGB, t: float) -> RGB:
    return _mix(colour, _WHITE, t)


def _darken(colour: RGB, t: float) -> RGB:
    return _mix(colour, _BLACK, t)


def _average(colours: Sequence[RGB]) -> RGB:
    n = len(colours)
    return (
        round(sum(c[0] for c in colours) / n),
        round(sum(c[1] for c in colours) / n),
        round(sum(c[2] for c in colours) / n),
    )


def _luma(colour: RGB) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def _ink_on(colour: RGB) -> RGB:
    """Dark ink on a light colour, white on a dark one."""
    return _INK if _luma(colour) > 150 else _WHITE


def _hashed_colour(name: str) -> RGB:
    digest = hashlib.sha1(name.casefold().encode("utf-8", "replace")).digest()
    return _PALETTE[digest[0] % len(_PALETTE)]


def _named_colour(name: str, known: dict[str, RGB]) -> RGB:
    key = " ".join(name.casefold().split())
    if key in known:
        return known[key]
    for word in re.findall(r"\w+", key):
        if word in _COLOUR_WORDS:
            return _COLOUR_WORDS[word]
    return _hashed_colour(key)


def _as_list(value: StatValue | None) -> list[str]:
    if value is None or isinstance(value, bool):
        return []
    if isinstance(value, list):
        return [str(v) for v in value if str(v).strip()]
    text = str(value).strip()
    return [text] if text else []


def _identity(game: str, stats: dict[str, StatValue]) -> list[tuple[str, RGB]]:
    """The colour identity a game's stats give, as (name, colour) pairs; empty when none."""
    pairs: list[tuple[str, RGB]] = []
    if game == "duelmasters":
        for civ in _as_list(stats.get("civilizations")):
            key = _DM_ALIASES.get(civ.casefold(), civ.casefold())
            if key in _DM_CIVILIZATIONS:
                pairs.append((key.title(), _DM_CIVILIZATIONS[key]))
            else:
                pairs.append((civ, _named_colour(civ, {})))
    elif game == "forceofwill":
        for attribute in _as_list(stats.get("attribute")):
            key = _FOW_ALIASES.get(attribute.casefold(), attribute.casefold())
            if key in _FOW_ATTRIBUTES:
                pairs.append((key.title(), _FOW_ATTRIBUTES[key]))
            else:
                pairs.append((attribute, _named_colour(attribute, {})))
    elif game == "vanguard":
        nations = _as_list(stats.get("nation"))
        if nations:
            pairs = [(nation, _named_colour(nation, _VG_NATIONS)) for nation in nations]
        else:
            for clan in _as_list(stats.get("clan")):
                nation = _VG_CLAN_NATIONS.get(" ".join(clan.casefold().split()))
                if nation:
                    pairs.append((clan, _VG_NATIONS[nation]))
    elif game == "gateruler":
        pairs = [(f, _named_colour(f, _GR_FACTIONS)) for f in _as_list(stats.get("faction"))]
    return list(dict.fromkeys(pairs))


_IDENTITY_KEYS = ("civilizations", "attribute", "nation", "clan", "faction")


@dataclass(frozen=True)
class _Face:
    """What one face of a card shows."""

    game: str
    name: str
    types: list[str]
    cost: str | None
    text: str
    stats: dict[str, StatValue]
    identity: list[tuple[str, RGB]]
    index: int
    count: int


def _face(card: CardRecord, face: int) -> _Face:
    count = 1 + len(card.faces)
    if not 0 <= face < count:
        raise ValueError(f"{card.name!r} has {count} face(s); there is no face {face}")
    if face == 0:
        text = card.text or (" · ".join(card.keywords) if card.keywords else "")
        return _Face(
            card.game,
            card.name,
            card.types,
            card.cost,
            text,
            card.stats,
            _identity(card.game, card.stats),
            0,
            count,
        )
    other = card.faces[face - 1]
    stats = dict(other.stats)
    # A face without its own colour identity (a J-Ruler side) shares the card's.
    if not any(stats.get(key) for key in _IDENTITY_KEYS):
        stats.update({k: v for k, v in card.stats.items() if k in _IDENTITY_KEYS})
    return _Face(
        card.game,
        other.name,
        other.types,
        other.cost,
        other.text,
        stats,
        _identity(card.game, stats),
        face,
        count,
    )


def identity_colours(card: CardRecord, *, face: int = 0) -> list[RGB]:
    """The frame colours of a card face: one per civilization/attribute/nation/faction, or neutral."""
    return [colour for _, colour in _face(card, face).identity] or [NEUTRAL]


# Text ---------------------------------------------------------------------------------------------

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


def _paragraphs(text: str) -> list[str]:
    """The text's paragraphs (line breaks kept), each cleaned and with its spaces collapsed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n").replace("\u2029", "\n")
    return [" ".join(_clean(line).split()) for line in text.split("\n")]


_SYMBOL = re.compile(r"\{([^{}\s]{1,8})\}")

Segment = tuple[bool, str]
"""A run of text (``False``) or a ``{symbol}`` drawn as a badge (``True``)."""
Word = tuple[Segment, ...]


def _segments(word: str) -> Word:
    parts: list[Segment] = []
    last = 0
    for match in _SYMBOL.finditer(word):
        if match.start() > last:
            parts.append((False, word[last : match.start()]))
        parts.append((True, match.group(1)))
        last = match.end()
    if last < len(word):
        parts.append((False, word[last:]))
    return tuple(parts)


def _symbol_colour(token: str) -> RGB:
    return _FOW_SYMBOLS.get(token.upper() if len(token) == 1 else "", _SYMBOL_GREY)


class _Measure:
    """Widths of texts in one font, cached for one render."""

    def __init__(self, font: _Font) -> None:
        self.font = font
        self.symbol_font = _font("bold", round(font.size * 0.72))
        self.space = font.font.getlength(" ")
        self._cache: dict[str, float] = {}

    def text(self, text: str) -> float:
        width = self._cache.get(text)
        if width is None:
            width = self.font.font.getlength(text) + 2 * self.font.stroke
            self._cache[text] = width
        return width

    def symbol(self, token: str) -> float:
        diameter = self.font.size * 1.08
        if len(token) <= 2:
            return diameter + self.font.size * 0.12
        return self.symbol_font.font.getlength(token) + diameter * 0.7

    def segment(self, segment: Segment) -> float:
        return self.symbol(segment[1]) if segment[0] else self.text(segment[1])

    def word(self, word: Word) -> float:
        return sum(self.segment(s) for s in word)


@dataclass(frozen=True)
class _Line:
    words: tuple[Word, ...]
    paragraph_start: bool
    """The line opens a paragraph other than the first (a gap is drawn above it)."""


def _split_long_word(word: Word, measure: _Measure, width: float) -> list[Word]:
    """A word wider than the line, cut between characters (or symbols) into pieces that fit."""
    atoms: list[Segment] = []
    for is_symbol, text in word:
        if is_symbol:
            atoms.append((True, text))
        else:
            atoms.extend((False, char) for char in text)
    pieces: list[Word] = []
    current: list[Segment] = []
    used = 0.0
    for atom in atoms:
        w = measure.segment(atom)
        if current and used + w > width:
            pieces.append(_merge(current))
            current, used = [], 0.0
        current.append(atom)
        used += w
    if current:
        pieces.append(_merge(current))
    return pieces


def _merge(atoms: list[Segment]) -> Word:
    merged: list[Segment] = []
    for atom in atoms:
        if merged and not atom[0] and not merged[-1][0]:
            merged[-1] = (False, merged[-1][1] + atom[1])
        else:
            merged.append(atom)
    return tuple(merged)


def _wrap(paragraphs: list[str], measure: _Measure, width: float, max_lines: int) -> tuple[list[_Line], bool]:
    """Greedy word wrap; stops after ``max_lines + 1`` lines. Returns the lines and whether all fit."""
    lines: list[_Line] = []
    for index, paragraph in enumerate(paragraphs):
        start = index > 0 and bool(lines)
        if not paragraph:
            continue
        current: list[Word] = []
        used = 0.0
        for raw in paragraph.split(" "):
            word = _segments(raw)
            w = measure.word(word)
            pieces = [word] if w <= width else _split_long_word(word, measure, width)
            for piece in pieces:
                w = measure.word(piece)
                extra = w if not current else measure.space + w
                if current and used + extra > width:
                    lines.append(_Line(tuple(current), start))
                    start = False
                    if len(lines) > max_lines:
                        return lines, False
                    current, used = [piece], w
                else:
                    current.append(piece)
                    used += extra
        if current:
            lines.append(_Line(tuple(current), start))
            if len(lines) > max_lines:
                return lines, False
    return lines, True


def _text_height(lines: Sequence[_Line], line_height: float, gap: float) -> float:
    return len(lines) * line_height + sum(gap for line in lines if line.paragraph_start)


def _fit_one_line(text: str, style: FontStyle, sizes: Sequence[int], width: float) -> tuple[_Font, str]:
    """The largest font of ``sizes`` that fits ``text`` in ``width``; the last one with an ellipsis."""
    text = " ".join(_clean(text, style).split())
    for size in sizes:
        font = _font(style, size)
        if font.font.getlength(text) + 2 * font.stroke <= width:
            return font, text
    font = _font(style, sizes[-1])
    return font, _ellipsize(text, font, width)


def _ellipsize(text: str, font: _Font, width: float) -> str:
    if font.font.getlength(text) <= width:
        return text
    ellipsis = _clean("…", font.style)
    low, high = 0, len(text)
    while low < high:  # longest prefix that fits with the ellipsis
        mid = (low + high + 1) // 2
        if font.font.getlength(text[:mid].rstrip() + ellipsis) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ellipsis if low else ""


# Drawing ------------------------------------------------------------------------------------------


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
    if face.game == "forceofwill" or "{" in (face.cost or ""):
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


def _type_line(face: _Face) -> str:
    stats = face.stats
    parts = [" / ".join(_as_list(face.types))]
    if face.game == "vanguard":
        parts.append(" / ".join(_as_list(stats.get("nation")) + _as_list(stats.get("clan"))))
    elif face.game == "gateruler":
        parts.append(" / ".join(_as_list(stats.get("faction"))))
        parts.append(" / ".join(_as_list(stats.get("attributes"))))
    parts.append(" / ".join(_as_list(stats.get("race"))))
    return " — ".join(p for p in parts if p)


def _tags(face: _Face) -> list[str]:
    stats = face.stats
    tags: list[str] = []
    if face.game == "vanguard":
        tags += _as_list(stats.get("skill"))
    elif face.game == "gateruler":
        tags += _as_list(stats.get("icons"))
    elif face.game == "duelmasters":
        if stats.get("evolution") is True:
            tags.append("Evolution")
        if stats.get("twinpact") is True:
            tags.append("Twinpact")
    return [" ".join(_clean(t, "bold").split())[:24] for t in tags if _clean(t).strip()][:5]


def _stat_text(value: StatValue | None) -> str:
    if value is None or isinstance(value, bool):
        return ""
    text = " / ".join(str(v) for v in value) if isinstance(value, list) else str(value)
    return " ".join(_clean(text, "bold").split())


def _stats(face: _Face) -> list[tuple[str, str]]:
    """The stats bar of a face: (label, value) pairs, the missing ones left out."""
    s = face.stats
    if face.game == "duelmasters":
        pairs = [("Power", _stat_text(s.get("power_text")) or _stat_text(s.get("power")))]
    elif face.game == "vanguard":
        pairs = [
            ("Grade", _stat_text(s.get("grade"))),
            ("Power", _stat_text(s.get("power"))),
            ("Shield", _stat_text(s.get("shield"))),
            ("Critical", _stat_text(s.get("critical"))),
            ("Trigger", _stat_text(s.get("trigger"))),
        ]
    elif face.game == "forceofwill":
        pairs = [
            ("ATK", _stat_text(s.get("atk"))),
            ("DEF", _stat_text(s.get("defense"))),
            ("Divinity", _stat_text(s.get("divinity"))),
        ]
    else:
        pairs = [
            ("Level", _stat_text(s.get("level"))),
            ("ATK", _stat_text(s.get("atk"))),
            ("HP", _stat_text(s.get("hp"))),
            ("STK", _stat_text(s.get("stk"))),
            ("Life", _stat_text(s.get("life"))),
        ]
    return [(label, value[:16]) for label, value in pairs if value]


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


def _game_name(game: str) -> str:
    return GAMES[game].name if game in GAMES else game


# The full card ------------------------------------------------------------------------------------

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


# The board thumbnail ------------------------------------------------------------------------------


def _thumbnail_stats(face: _Face) -> list[tuple[str, str]]:
    """At most three stats, the ones a board needs at a glance."""
    stats = _stats(face)
    wanted: tuple[str, ...]
    if face.game == "vanguard":
        wanted = ("Grade", "Power", "Shield")
    elif face.game == "gateruler":
        wanted = ("ATK", "HP", "STK") if any(label == "ATK" for label, _ in stats) else ("Life", "Level")
    else:
        wanted = ("Power", "ATK", "DEF")
    chosen = [pair for pair in stats if pair[0] in wanted]
    return chosen or stats[:3]


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


def _word_text(word: Word) -> str:
    return "".join(f"{{{text}}}" if is_symbol else text for is_symbol, text in word)


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


# PNG ----------------------------------------------------------------------------------------------


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
