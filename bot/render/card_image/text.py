"""Rules text: paragraphs, words of text runs and ``{X}`` symbols, their widths, greedy wrapping,
and one-line texts shrunk then cut with an ellipsis."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.render.card_image.fonts import FontStyle, _clean, _Font, _font


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


def _word_text(word: Word) -> str:
    return "".join(f"{{{text}}}" if is_symbol else text for is_symbol, text in word)
