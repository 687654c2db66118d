"""A message laid out as Discord's Components V2 show it, without Discord: a container of blocks (text,
a row of buttons, a line of text with its button beside it, a picture), what each button does as a
``key`` a transport turns into its own component, and the files the message attaches.

Discord's layouts (``ui.LayoutView``) hold at most :data:`~bot.render.limits.LAYOUT_COMPONENTS`
components, counted recursively (the container, each row and each of its buttons, each section with
its text and its button, each text, each gallery), and at most
:data:`~bot.render.limits.LAYOUT_TEXT` characters of text in all; :func:`components` and
:func:`text_length` count them as Discord does, and every layout built here fits
(:func:`panel_layout`, :func:`bot.render.match.seat_layout`).

A match's board and a player's private panel are laid out this way: Discord shows them
(:mod:`cogs.match.components`), and the README's pictures draw the same layouts
(:mod:`bot.render.panel_image`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from bot.render import limits
from bot.render.panel import Panel

Style = Literal["primary", "success", "secondary", "danger"]


@dataclass(frozen=True)
class Press:
    """A button: its label, its style, and what it does (``key``: ``("offer", n)`` takes offer ``n``,
    ``("card", n, option)`` takes offer ``n`` with that card chosen, ``("more", page)`` opens the other
    offers, ``("board", verb)`` is one of the board's buttons)."""

    label: str
    style: Style = "secondary"
    key: tuple[str | int, ...] = ()
    disabled: bool = False


@dataclass(frozen=True)
class Text:
    """Markdown text (a text display)."""

    content: str


@dataclass(frozen=True)
class Row:
    """Up to five buttons side by side (an action row)."""

    presses: tuple[Press, ...]


@dataclass(frozen=True)
class Line:
    """Text with its button beside it (a section and its accessory)."""

    text: str
    press: Press


@dataclass(frozen=True)
class Picture:
    """An attached picture shown in the message (a media gallery of one item)."""

    filename: str
    description: str = ""


Block = Text | Row | Line | Picture


@dataclass(frozen=True)
class Layout:
    """A message's container of blocks, in order, and the files it attaches. ``more``: the numbers of
    the offers the message does not show as buttons of their own (behind **More**)."""

    blocks: tuple[Block, ...]
    files: tuple[tuple[str, bytes], ...] = ()
    more: tuple[int, ...] = ()


def components(layout: Layout) -> int:
    """The components Discord counts in the layout: the container and everything in it."""
    count = 1
    for block in layout.blocks:
        if isinstance(block, Row):
            count += 1 + len(block.presses)
        elif isinstance(block, Line):
            count += 3
        else:
            count += 1
    return count


def texts(layout: Layout) -> Iterator[str]:
    """Every text display's content, in order."""
    for block in layout.blocks:
        if isinstance(block, Text):
            yield block.content
        elif isinstance(block, Line):
            yield block.text


def text_length(layout: Layout) -> int:
    """Characters of text display content, all together (Discord's limit is 4,000)."""
    return sum(len(text) for text in texts(layout))


def presses(layout: Layout) -> list[Press]:
    """Every button, in order."""
    out: list[Press] = []
    for block in layout.blocks:
        if isinstance(block, Row):
            out.extend(block.presses)
        elif isinstance(block, Line):
            out.append(block.press)
    return out


def fits(layout: Layout) -> bool:
    """Whether Discord takes the layout: its components, its text, and each row's buttons."""
    rows_fit = all(
        1 <= len(block.presses) <= limits.BUTTONS_PER_ROW for block in layout.blocks if isinstance(block, Row)
    )
    return (
        components(layout) <= limits.LAYOUT_COMPONENTS
        and text_length(layout) <= limits.LAYOUT_TEXT
        and rows_fit
    )


def rows_of(presses: Sequence[Press]) -> list[Row]:
    """Buttons in rows of five."""
    step = limits.BUTTONS_PER_ROW
    return [Row(tuple(presses[first : first + step])) for first in range(0, len(presses), step)]


def press(label: str, style: Style, key: tuple[str | int, ...], *, most: int = limits.BUTTON_LABEL) -> Press:
    """A button whose label is cut to ``most`` characters."""
    return Press(limits.truncate(label, min(most, limits.BUTTON_LABEL)), style, key)


LAST_MOVES = "Last moves"


def panel_layout(panel: Panel, *, buttons: Sequence[Press] = (), note: str = "") -> Layout:
    """A text panel (a board, a match's result) as a layout: ``note`` first, then the title and body,
    the picture among the panel's files, its fields (the last moves on their own), its footer in small
    print, and ``buttons``; the text cut to fit Discord's 4,000 characters, the fields first."""
    head = f"## {panel.title}" + (f"\n{panel.body}" if panel.body else "")
    fields = [(name, value) for name, value in panel.fields if name != LAST_MOVES]
    moves = next((value for name, value in panel.fields if name == LAST_MOVES), "")
    body = "\n\n".join(f"**{name}**\n{value}" for name, value in fields)
    parts = {
        "note": note,
        "head": head,
        "body": body,
        "moves": f"**{LAST_MOVES}**\n{moves}" if moves else "",
        "footer": f"-# {panel.footer}" if panel.footer else "",
    }
    for name in ("body", "moves", "head", "note"):  # what gives way first, when the text is too long
        over = sum(len(text) for text in parts.values()) - limits.LAYOUT_TEXT
        if over > 0:
            parts[name] = limits.truncate(parts[name], max(0, len(parts[name]) - over))
    picture = next((name for name, _ in panel.files if name.endswith(".png")), None)
    blocks: list[Block] = []
    if parts["note"]:
        blocks.append(Text(parts["note"]))
    blocks.append(Text(parts["head"]))
    if picture is not None:
        blocks.append(Picture(picture, limits.truncate(panel.title, 1024)))
    blocks.extend(Text(parts[name]) for name in ("body", "moves", "footer") if parts[name])
    blocks.extend(rows_of(buttons))
    return Layout(tuple(blocks), files=panel.files)


def with_note(layout: Layout, note: str) -> Layout:
    """``layout`` with ``note`` as its first text (cut to fit what the layout leaves of Discord's text
    and components); the layout itself when there is no room."""
    if not note:
        return layout
    room = limits.LAYOUT_TEXT - text_length(layout)
    if room < 2 or components(layout) >= limits.LAYOUT_COMPONENTS:
        return layout
    return replace(layout, blocks=(Text(limits.truncate(note, room)), *layout.blocks))
