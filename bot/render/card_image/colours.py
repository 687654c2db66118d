"""Colours: RGB mixing, the colour of each civilization, attribute, nation and faction (with the
names people write for them), and a stable colour for a name we do not know."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

RGB = tuple[int, int, int]


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


def _symbol_colour(token: str) -> RGB:
    return _FOW_SYMBOLS.get(token.upper() if len(token) == 1 else "", _SYMBOL_GREY)
