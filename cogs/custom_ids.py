"""A persistent component's custom id, declared once: :class:`CustomId` gives both the template
discord.py matches a press against (``DynamicItem``'s ``template=``) and the ids the bot writes, so the
two can never drift apart.

A declaration reads like the id it makes:

- ``{name}`` is a whole number; ``{name:REGEX}`` is text matching ``REGEX``;
- ``[...]`` is an optional part holding one field (``[:p{page}]``: written when ``page`` is given);
- ``[flag=TEXT]`` is an optional literal (``[form=:f]``: written when ``form`` is true);
- everything else is written as it is.

``CustomId("mt:o:{match}:{version}:{n}[form=:f]")`` makes ``mt:o:7:12:3:f`` and matches it back to
``{"match": "7", "version": "12", "n": "3", "form": ":f"}``. Discord allows 100 characters
(:data:`bot.render.limits.CUSTOM_ID`); :meth:`CustomId.make` refuses a longer id, or values its own
template would not match.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.render import limits

_PIECE = re.compile(
    r"\{(?P<field>\w+)(?::(?P<regex>(?:[^{}]|\{\d+\})+))?\}"  # a field; its regex may say {6}
    r"|\[(?P<flag>\w+)=(?P<text>[^\]]+)\]"  # an optional literal
    r"|\[(?P<part>[^\]]+)\]"  # an optional part with its field
)
_NUMBER = r"\d+"


@dataclass(frozen=True)
class _Field:
    name: str
    regex: str
    before: str = ""  # the literal text of an optional part before its field
    after: str = ""
    optional: bool = False


@dataclass(frozen=True)
class _Flag:
    name: str
    text: str


@dataclass(frozen=True)
class CustomId:
    """One component's custom id format (see the module doc)."""

    declaration: str
    pattern: str = field(init=False)
    _pieces: tuple[str | _Field | _Flag, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        pieces: list[str | _Field | _Flag] = []
        at = 0
        for found in _PIECE.finditer(self.declaration):
            if found.start() > at:
                pieces.append(self.declaration[at : found.start()])
            if found["field"]:
                pieces.append(_Field(found["field"], found["regex"] or _NUMBER))
            elif found["flag"]:
                pieces.append(_Flag(found["flag"], found["text"]))
            else:
                pieces.append(_optional(found["part"], self.declaration))
            at = found.end()
        if at < len(self.declaration):
            pieces.append(self.declaration[at:])
        names = [piece.name for piece in pieces if not isinstance(piece, str)]
        if len(names) != len(set(names)):
            raise ValueError(f"a field is named twice in {self.declaration!r}")
        object.__setattr__(self, "_pieces", tuple(pieces))
        object.__setattr__(self, "pattern", "".join(_regex(piece) for piece in pieces))

    @property
    def fields(self) -> tuple[tuple[str, str, str], ...]:
        """Each field as ``(name, regex, kind)``; ``kind``: ``field``, ``optional`` or ``flag`` (its
        regex is then its literal text)."""
        out = []
        for piece in self._pieces:
            if isinstance(piece, _Flag):
                out.append((piece.name, re.escape(piece.text), "flag"))
            elif isinstance(piece, _Field):
                out.append((piece.name, piece.regex, "optional" if piece.optional else "field"))
        return tuple(out)

    def make(self, **values: Any) -> str:
        """The custom id with these values (None or False leaves an optional part out)."""
        out = []
        for piece in self._pieces:
            if isinstance(piece, str):
                out.append(piece)
            elif isinstance(piece, _Flag):
                out.append(piece.text if values.get(piece.name) else "")
            elif piece.optional and values.get(piece.name) is None:
                out.append("")
            else:
                out.append(f"{piece.before}{values[piece.name]}{piece.after}")
        made = "".join(out)
        if len(made) > limits.CUSTOM_ID or not re.fullmatch(self.pattern, made):
            raise ValueError(f"{made!r} is not a custom id of {self.declaration!r}")
        return made

    def read(self, custom_id: str) -> dict[str, str] | None:
        """The fields of ``custom_id`` (an optional part left out: absent), or None when it is not one
        of these ids."""
        found = re.fullmatch(self.pattern, custom_id)
        if found is None:
            return None
        return {name: value for name, value in found.groupdict().items() if value is not None}


def _optional(part: str, declaration: str) -> _Field:
    inner = list(_PIECE.finditer(part))
    if len(inner) != 1 or not inner[0]["field"]:
        raise ValueError(f"an optional part holds one field: {part!r} in {declaration!r}")
    one = inner[0]
    return _Field(
        one["field"], one["regex"] or _NUMBER, part[: one.start()], part[one.end() :], optional=True
    )


def _regex(piece: str | _Field | _Flag) -> str:
    if isinstance(piece, str):
        return re.escape(piece)
    if isinstance(piece, _Flag):
        return f"(?P<{piece.name}>{re.escape(piece.text)})?"
    named = f"(?P<{piece.name}>{piece.regex})"
    if not piece.optional:
        return named
    return f"(?:{re.escape(piece.before)}{named}{re.escape(piece.after)})?"
