"""One settle loop for every game: what the rules do without a choice after an accepted action, run
from a per-game table of steps (in the spirit of boardgame.io's phases as data and its ``Process``
loop), with one bound and loop detection.

A game describes its automatic procedures as a table of :class:`Step` rows, each with the rule it
implements::

    TABLE = (  # Vanguard's, for instance
        Step("check timing", "8.4.1", check_timing, every=True),  # a check at every pass
        Step("stand", "6.3", stand_phase),                        # the row of the step named "stand"
        Step("draw", "6.4.1.1", draw_phase),
        ...
    )

A row's ``run(work)`` does the automatic part of its step on the working context (a
:class:`~engine.match.work.BoardWork` or anything with a ``board``) and returns True when it changed
something or moved the turn on, False or None when a player must act now. :func:`settle` makes
passes over the table: in table order, it runs the rows that apply (those marked ``every``, and the
row named like the current step); the first row that moves starts a new pass; a pass in which no row
moves ends the loop (a player must act).

It is a bug, never a refusal, when the loop does not come to rest: :class:`SettleLoop` when the same
step meets the same board twice without a player acting (a cycle, watched for after :data:`WATCH_AFTER`
passes: its message names the rows that ran in it), :class:`SettleBound` after :data:`SETTLE_BOUND` passes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.match.state import Board

__all__ = [
    "SETTLE_BOUND",
    "SettleBound",
    "SettleError",
    "SettleLoop",
    "Step",
    "board_digest",
    "settle",
]

SETTLE_BOUND = 1_000
"""The most passes one settle may make. The longest legal chain of automatic steps in any of the
games (a whole turn with nothing to decide, its checks and rule actions) is far shorter."""
WATCH_AFTER = 16
"""Passes before loop detection starts comparing positions: a settle that comes to rest sooner (nearly
every one) never pays for a digest of the board, and a cycle, which repeats forever, is still caught."""


class HasBoard(Protocol):
    """What the loop reads of a working context: its current board (for loop detection)."""

    board: Board


W = TypeVar("W", bound=HasBoard)


@dataclass(frozen=True)
class Step(Generic[W]):
    """A row of a game's settle table: the step it drives (or the procedure's name, for ``every``
    rows), the rule it implements, and its automatic part."""

    name: str
    rule: str
    run: Callable[[W], bool | None]
    every: bool = False
    """Run at every pass before the current step's row (a check timing, rule actions, prompts)."""


class SettleError(AssertionError):
    """The automatic procedures did not come to rest: a bug in a game's table, not a refusal."""


class SettleLoop(SettleError):
    """The same step met the same board twice without a player acting."""

    def __init__(self, cycle: Sequence[str], step: str) -> None:
        self.cycle = tuple(cycle)
        """The rows that moved within the cycle, in order."""
        self.step = step
        path = " -> ".join(self.cycle) or "(nothing)"
        super().__init__(f"the settle loop came back to step '{step}' with the same board: {path}")


class SettleBound(SettleError):
    """More than :data:`SETTLE_BOUND` passes without coming to rest."""

    def __init__(self, last: Sequence[str]) -> None:
        self.last = tuple(last)
        """The last rows that moved before the bound was reached."""
        super().__init__(
            f"the settle loop did not come to rest within {SETTLE_BOUND} passes; last: "
            + " -> ".join(self.last)
        )


def board_digest(board: Board) -> Hashable:
    """What loop detection compares: the whole board, knowledge included (exact, no hash collisions)."""
    return (board.content(), board.knowledge())


def settle(
    work: W,
    table: Sequence[Step[W]],
    current_step: Callable[[W], str],
    *,
    digest: Callable[[W], Hashable] | None = None,
) -> list[str]:
    """Run the table on ``work`` until no row moves (see the module doc); returns the names of the rows
    that moved, in order. ``current_step(work)`` names the step the turn is in now (the name its row
    has in the table); ``digest`` is what a repeated position is recognised by (default: the board)."""
    key_of: Callable[[W], Hashable] = digest or (lambda w: board_digest(w.board))
    seen: dict[tuple[str, Any], int] = {}
    moved: list[str] = []
    for passes in range(SETTLE_BOUND):
        step = current_step(work)
        if passes >= WATCH_AFTER:  # a cycle repeats forever, so watching from here on still finds it
            key = (step, key_of(work))
            if key in seen:
                raise SettleLoop(moved[seen[key] :], step)
            seen[key] = len(moved)
        for row in table:
            if (row.every or row.name == step) and row.run(work):
                moved.append(row.name)
                break
        else:
            return moved
    raise SettleBound(moved[-8:])
