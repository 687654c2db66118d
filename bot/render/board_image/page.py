"""The whole picture: a header (turn, phase and step, who acts, the result), the opponent's side at
the top turned half a turn, the shared zones in the middle, the viewer's side at the bottom, and a
strip per player with their name, markers and the values and counts their game plays by."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.render.board_image.layouts import COLUMNS, Cell, Layout, layout_of
from bot.render.board_image.palette import MIDDLE, RESULT, TO_ACT, seat_colours
from bot.render.board_image.reading import Card, Zone, items, mapping, number, text, zones_of
from bot.render.board_image.tiles import DIM, LABEL, MAT, ZONE_EDGE, Surface, fit, font, pill
from bot.render.board_image.tiles import text as draw_text
from bot.render.board_image.zones import Shown, draw_zone
from bot.render.card_image.colours import RGB
from engine.games import GAMES
from engine.match.state import MatchStatus

WIDTH = 1100
MARGIN = 12
UNIT = (WIDTH - 2 * MARGIN) / COLUMNS
HEADER_H = 62
STRIP_H = 36
ROW_H = 152
DIVIDER_H = 14
GENERIC_SPAN = 4
"""Columns of a zone no table places (three per generic strip)."""


@dataclass(frozen=True)
class Placed:
    """A cell with the seat whose side it is on (None: the middle) and its cards."""

    cell: Cell
    seat: int | None
    shown: Shown


class Board:
    """The view sorted into what each part of the picture draws."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.layout: Layout = layout_of(view.get("game"))
        self.zones = zones_of(view)
        self.names = self._names()
        viewer = number(view.get("viewer"))
        self.bottom = viewer if viewer is not None and viewer in self.names else 0
        self.top = 1 if self.bottom == 0 else 0
        self.by_key: dict[tuple[str, int | None], Zone] = {}
        for zone in self.zones:
            self.by_key.setdefault((zone.zone, zone.player), zone)
        self.used: set[int] = set()
        """``id`` of the zones placed so far (a zone listed twice is drawn twice, never dropped)."""
        self.sides = {seat: self._side(seat) for seat in (self.top, self.bottom)}
        self.middle = self._middle()
        self.generic = {seat: self._generic(seat) for seat in (self.top, self.bottom, None)}
        self.rows = self.layout.rows + max(_rows(self.generic[self.top]), _rows(self.generic[self.bottom]))
        self.middle_rows = 1 + max((p.cell.row for p in self.middle), default=-1)
        self.middle_rows += _rows(self.generic[None])

    def _players(self) -> list[tuple[int, Mapping[str, Any]]]:
        """Each player's seat (its place in the list when it has none) and data."""
        out = []
        for index, player in enumerate(items(self.view.get("players"))):
            data = mapping(player)
            seat = number(data.get("seat"))
            out.append((index if seat is None else seat, data))
        return out

    def _names(self) -> dict[int, str]:
        names: dict[int, str] = {}
        for seat, data in self._players():
            names.setdefault(seat, text(data.get("name")) or f"Seat {seat + 1}")
        return names

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return self.names.get(seat, f"Seat {seat + 1}")

    def _cards_of(self, zone_name: str, seat: int) -> tuple[int, list[Card]] | None:
        """How many cards a side's zone holds and which: its own zone, or its part of a shared one."""
        own = self.by_key.get((zone_name, seat))
        if own is not None:
            self.used.add(id(own))
            return own.count, list(own.cards)
        shared = self.by_key.get((zone_name, None))
        if shared is None:
            return None
        self.used.add(id(shared))
        mine = [c for c in shared.cards if (c.controller == self.top) == (seat == self.top)]
        return len(mine), mine

    def _side(self, seat: int) -> list[Placed]:
        placed = []
        for cell in self.layout.cells:
            found = self._cards_of(cell.zone, seat)
            if found is None:
                continue
            extra = ""
            if cell.also_count is not None:
                other = self.by_key.get((cell.also_count, seat))
                extra = "" if other is None else f"{cell.also_count} {other.count}"
            count, cards = found
            placed.append(Placed(cell, seat, Shown(cell.label, count, _attached_after_hosts(cards), extra)))
        return placed

    def _middle(self) -> list[Placed]:
        placed = []
        for cell in self.layout.middle:
            zone = self.by_key.get((cell.zone, None))
            if zone is not None:
                self.used.add(id(zone))
                placed.append(Placed(cell, None, Shown(cell.label, zone.count, zone.cards)))
        return placed

    def _generic(self, seat: int | None) -> list[Placed]:
        """Zones no table places: the side's own, or (``seat`` None) the shared and other seats'."""
        sides = (self.top, self.bottom)
        first = (
            self.layout.rows if seat is not None else 1 + max((p.cell.row for p in self.middle), default=-1)
        )
        placed: list[Placed] = []
        for zone in self.zones:
            if id(zone) in self.used or (zone.player if zone.player in sides else None) != seat:
                continue
            self.used.add(id(zone))
            per_row = COLUMNS // GENERIC_SPAN
            index = len(placed)
            row, col = first + index // per_row, (index % per_row) * GENERIC_SPAN
            label = (
                zone.label
                if seat is not None or zone.player is None
                else f"{zone.label} ({self.name(zone.player)})"
            )
            cell = Cell(zone.zone, row, col, GENERIC_SPAN, "row", label)
            placed.append(Placed(cell, seat, Shown(label, zone.count, zone.cards)))
        return placed

    def player_line(self, seat: int) -> str:
        """The values and counts of one player's strip."""
        values = next((dict(mapping(data.get("values"))) for at, data in self._players() if at == seat), {})
        wanted = self.layout.values
        if wanted is None:
            wanted = tuple((key, key.replace("_", " ")) for key in values if isinstance(key, str))
        words = mapping(mapping(self.view.get("game_data")).get("value_words"))
        parts = [
            text(mapping(words.get(key)).get(str(values[key]))) or f"{label} {values[key]}"
            for key, label in wanted
            if number(values.get(key)) is not None
        ]
        for zone_name, label in self.layout.counts:
            zone = self.by_key.get((zone_name, seat))
            if zone is not None:
                parts.append(f"{label} {zone.count}")
        return " · ".join(parts)


def _rows(placed: Sequence[Placed]) -> int:
    return 0 if not placed else 1 + (len(placed) - 1) // (COLUMNS // GENERIC_SPAN)


def _attached_after_hosts(cards: list[Card]) -> list[Card]:
    """The cards in order, except that a card attached to another card of the zone comes right after
    its host (so a row draws it tucked beside it)."""
    hosts = {card.handle for card in cards if card.host is None and card.handle}
    under: dict[str, list[Card]] = {}
    for card in cards:
        if card.host is not None and card.host in hosts:
            under.setdefault(card.host, []).append(card)
    out: list[Card] = []
    for card in cards:
        if card.host is not None and card.host in hosts:
            continue
        out.append(card)
        if card.host is None and card.handle in under:
            out.extend(under.pop(card.handle))
    for rest in under.values():
        out.extend(rest)
    return out


def height_of(board: Board) -> int:
    middle = board.middle_rows * ROW_H if board.middle_rows else DIVIDER_H
    return HEADER_H + 2 * (STRIP_H + board.rows * ROW_H) + middle + MARGIN


def draw_board(view: Mapping[str, Any]) -> Image.Image:
    """The picture of ``view`` (RGB)."""
    board = Board(view)
    height = height_of(board)
    image = Image.new("RGB", (WIDTH, height), MAT)
    draw = ImageDraw.Draw(image)
    surface = Surface(image, draw)
    _header(draw, board)
    top_y = HEADER_H + STRIP_H
    middle_y = top_y + board.rows * ROW_H
    middle_h = board.middle_rows * ROW_H if board.middle_rows else DIVIDER_H
    bottom_y = middle_y + middle_h
    _strip(draw, board, board.top, HEADER_H)
    _strip(draw, board, board.bottom, bottom_y + board.rows * ROW_H)
    if board.middle_rows:
        draw.rectangle((0, middle_y, WIDTH, middle_y + middle_h), fill=MIDDLE)
    else:
        draw.line((MARGIN, middle_y + DIVIDER_H // 2, WIDTH - MARGIN, middle_y + DIVIDER_H // 2), fill=DIM)
    for placed in board.sides[board.top] + board.generic[board.top]:
        _cell(surface, placed, middle_y - (placed.cell.row + 1) * ROW_H, mirrored=True)
    for placed in board.sides[board.bottom] + board.generic[board.bottom]:
        _cell(surface, placed, bottom_y + placed.cell.row * ROW_H, mirrored=False)
    for placed in board.middle + board.generic[None]:
        _cell(surface, placed, middle_y + placed.cell.row * ROW_H, mirrored=False)
    return image


def _cell(surface: Surface, placed: Placed, y: int, *, mirrored: bool) -> None:
    cell = placed.cell
    col = COLUMNS - cell.col - cell.span if mirrored else cell.col
    x0 = round(MARGIN + col * UNIT)
    x1 = round(MARGIN + (col + cell.span) * UNIT)
    edge = ZONE_EDGE if placed.seat is None else seat_colours(placed.seat)[1]
    draw_zone(surface, (x0 + 3, y + 3, x1 - 3, y + ROW_H - 3), cell.style, placed.shown, edge)


def _header(draw: ImageDraw.ImageDraw, board: Board) -> None:
    view = board.view
    turn = mapping(view.get("turn"))
    game = text(view.get("game"))
    title = GAMES[game].name if game in GAMES else (game or "Match")
    number_ = number(turn.get("number"))
    active = number(turn.get("active"))
    first = title if number_ is None else f"{title} · Turn {number_}"
    if active is not None:
        first = f"{first} · {board.name(active)}'s turn"
    phase = text(turn.get("phase")).replace("_", " ")
    step = text(turn.get("step")).replace("_", " ")
    where = " · ".join(p for p in (f"phase: {phase}" if phase else "", f"step: {step}" if step else "") if p)
    width = WIDTH - 2 * MARGIN
    where_w = round(font("regular", 15).font.getlength(fit(where, "regular", 15, width // 2)))
    draw_text(draw, (MARGIN, 10), fit(first, "bold", 19, width - where_w - 16), "bold", 19, LABEL)
    draw_text(draw, (WIDTH - MARGIN, 12), fit(where, "regular", 15, width // 2), "regular", 15, LABEL, "ra")
    if view.get("status") == MatchStatus.ENDED:
        winner = number(view.get("winner"))
        reason = text(view.get("end_reason"))
        second = "Match over: draw" if winner is None else f"Match over: {board.name(winner)} wins"
        second = f"{second} ({reason})" if reason else second
        colour = RESULT
    else:
        priority = number(turn.get("priority"))
        second = "" if priority is None else f"{board.name(priority)} to act"
        colour = LABEL
    draw_text(draw, (MARGIN, 36), fit(second, "bold", 16, width), "bold", 16, colour)


def _strip(draw: ImageDraw.ImageDraw, board: Board, seat: int, y: int) -> None:
    """A player's strip: name, markers, and their values and counts on the right."""
    colours = seat_colours(seat)
    middle = y + STRIP_H // 2
    draw.rounded_rectangle((MARGIN, y + 3, WIDTH - MARGIN, y + STRIP_H - 3), radius=8, fill=colours.strip)
    draw.rounded_rectangle((MARGIN, y + 3, MARGIN + 8, y + STRIP_H - 3), radius=4, fill=colours.accent)
    name = fit(board.name(seat), "bold", 17, 330)
    draw_text(draw, (MARGIN + 16, middle), name, "bold", 17, colours.name, "lm")
    x = MARGIN + 24 + round(font("bold", 17).font.getlength(name))
    turn = mapping(board.view.get("turn"))
    marks: list[tuple[str, RGB]] = []
    if board.view.get("status") == MatchStatus.ENDED:
        winner = number(board.view.get("winner"))
        marks.append(("draw" if winner is None else "winner" if winner == seat else "lost", colours.mark))
    else:
        if number(turn.get("active")) == seat:
            marks.append(("turn", colours.mark))
        if number(turn.get("priority")) == seat:
            marks.append(("to act", TO_ACT))
    for mark, fill in marks:
        x += pill(draw, x, middle - 9, mark, fill, 120, size=12) + 6
    line = fit(board.player_line(seat), "regular", 15, WIDTH - MARGIN - 24 - x)
    draw_text(draw, (WIDTH - MARGIN - 12, middle), line, "regular", 15, LABEL, "rm")
