"""Where each game puts its zones on the board picture: one table per game, as data.

A side's rows are numbered from the centre of the table outward (row 0 faces the opponent) and its
columns from the left of the player who sits there, on a grid of :data:`COLUMNS` columns. The viewer's
side is drawn as written at the bottom; the opponent's side at the top is the same table turned half
a turn, as across a real table: its row 0 is still nearest the centre, its columns run from the right.

A zone shared by both players (a Force of Will field, a Duel Masters battle zone) placed on a side
shows the cards that side's player controls; a shared zone in :attr:`Layout.middle` is drawn whole
across the centre (a chase area, a gate). A zone that no table places still appears, in a generic
strip beside its player's rows, so a picture never silently drops one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

COLUMNS = 12
"""Grid columns across the picture."""

Style = Literal["spot", "row", "pile", "list"]
"""How a zone's cards are drawn: ``spot`` one position showing its top card (a circle, a ruler area);
``row`` the cards side by side, overlapping when many; ``pile`` a stack showing its top card and its
count; ``list`` the cards' names one per line (a damage zone)."""


@dataclass(frozen=True)
class Cell:
    """One zone's place on a side (or in the middle)."""

    zone: str
    row: int
    col: float
    span: float
    style: Style
    label: str
    also_count: str | None = None
    """Another zone of the same player whose count joins this cell's label (the soul beside the
    vanguard)."""


@dataclass(frozen=True)
class Layout:
    """A game's board: its cells per side, the shared zones of the middle, and what each player's
    strip says (player values and zone counts, with their labels)."""

    cells: tuple[Cell, ...]
    middle: tuple[Cell, ...] = ()
    values: tuple[tuple[str, str], ...] | None = None
    """(value name, label) of ``players[i]["values"]`` shown in the player's strip; None: all."""
    counts: tuple[tuple[str, str], ...] = ()
    """(zone name, label) whose card counts are shown in the player's strip."""

    @property
    def rows(self) -> int:
        return 1 + max((cell.row for cell in self.cells), default=-1)


VANGUARD = Layout(
    cells=(
        # Front row: left rear-guard, vanguard (with the soul's count), right rear-guard (4.6).
        Cell("damage", 0, 0, 2.5, "list", "damage"),
        Cell("rc_lf", 0, 2.5, 2, "spot", "RC"),
        Cell("vc", 0, 4.5, 2, "spot", "VC", also_count="soul"),
        Cell("rc_rf", 0, 6.5, 2, "spot", "RC"),
        Cell("trigger", 0, 8.5, 1.15, "pile", "trigger"),
        Cell("deck", 0, 9.65, 1.15, "pile", "deck"),
        Cell("drop", 0, 10.8, 1.2, "pile", "drop"),
        # Back row: the three back rear-guard circles.
        Cell("gzone", 1, 0, 1.25, "pile", "G zone"),
        Cell("soul", 1, 1.25, 1.25, "pile", "soul"),
        Cell("rc_lb", 1, 2.5, 2, "spot", "RC"),
        Cell("rc_cb", 1, 4.5, 2, "spot", "RC"),
        Cell("rc_rb", 1, 6.5, 2, "spot", "RC"),
        Cell("gc", 1, 8.5, 3.5, "row", "guardian circle"),
        Cell("hand", 2, 0, 7.6, "row", "hand"),
        Cell("bind", 2, 7.6, 2.2, "list", "bind"),
        Cell("removed", 2, 9.8, 2.2, "list", "removed"),
    ),
    values=(),
    counts=(("damage", "damage"), ("hand", "hand"), ("deck", "deck"), ("soul", "soul")),
)

DUEL_MASTERS = Layout(
    cells=(
        Cell("battle_zone", 0, 0, 12, "row", "battle zone"),
        Cell("shields", 1, 0, 6, "row", "shields"),
        Cell("hand", 1, 6, 3.6, "row", "hand"),
        Cell("graveyard", 1, 9.6, 1.2, "pile", "graveyard"),
        Cell("deck", 1, 10.8, 1.2, "pile", "deck"),
        Cell("mana", 2, 0, 9.6, "row", "mana zone"),
        Cell("hyperspatial", 2, 9.6, 1.2, "pile", "hyperspatial"),
        Cell("super_gr", 2, 10.8, 1.2, "pile", "super GR"),
    ),
    values=(),
    counts=(("shields", "shields"), ("mana", "mana"), ("hand", "hand"), ("deck", "deck")),
)

FORCE_OF_WILL = Layout(
    cells=(
        Cell("field", 0, 0, 9.8, "row", "field"),
        Cell("ruler_area", 0, 9.8, 2.2, "spot", "ruler area"),
        Cell("hand", 1, 0, 3.6, "row", "hand"),
        Cell("item", 1, 3.6, 1.2, "pile", "item"),
        Cell("standby", 1, 4.8, 1.2, "pile", "standby"),
        Cell("outside", 1, 6.0, 1.2, "pile", "outside"),
        Cell("removed", 1, 7.2, 1.2, "pile", "removed"),
        Cell("graveyard", 1, 8.4, 1.2, "pile", "graveyard"),
        Cell("stone_deck", 1, 9.6, 1.2, "pile", "stones"),
        Cell("deck", 1, 10.8, 1.2, "pile", "deck"),
    ),
    middle=(Cell("chase", 0, 0, 12, "row", "chase"),),
    values=(("life", "life"), ("will_coins", "will coins")),
    counts=(("hand", "hand"), ("deck", "deck"), ("stone_deck", "stones")),
)

GATE_RULER = Layout(
    cells=(
        Cell("attack", 0, 0, 6, "row", "attack zones"),
        Cell("field", 0, 6, 1.5, "pile", "field"),
        Cell("damage", 0, 7.5, 2.5, "list", "damage"),
        Cell("drive", 0, 10, 1, "pile", "drive"),
        Cell("charge", 0, 11, 1, "pile", "charge"),
        Cell("defense", 1, 0, 4.5, "row", "defense zones"),
        Cell("ruler", 1, 4.5, 2, "spot", "ruler"),
        Cell("set", 1, 6.5, 3, "row", "set zones"),
        Cell("counter", 1, 9.5, 1.25, "pile", "counter"),
        Cell("removal", 1, 10.75, 1.25, "pile", "removal"),
        Cell("hand", 2, 0, 4.2, "row", "hand"),
        Cell("resource", 2, 4.2, 4.4, "row", "resource"),
        Cell("supply", 2, 8.6, 1.1, "pile", "supply"),
        Cell("graveyard", 2, 9.7, 1.2, "pile", "graveyard"),
        Cell("deck", 2, 10.9, 1.1, "pile", "deck"),
    ),
    middle=(Cell("gate", 0, 0, 12, "row", "gate"),),
    values=(("life", "life"),),
    counts=(("damage", "damage"), ("hand", "hand"), ("deck", "deck")),
)

GENERIC = Layout(cells=())
"""A game without a table: every zone in generic strips, every player value in the strips."""


def layout_of(game: object) -> Layout:
    """The table of ``game`` (a view's ``game`` key): its row of ``bot/render/games.py``, or
    :data:`GENERIC`."""
    from bot.render.games import render_of  # the table imports this module

    render = render_of(game)
    return GENERIC if render is None else render.board
