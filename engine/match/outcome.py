"""How a match ended, as a typed value (in the spirit of python-chess's ``Outcome(termination,
winner)``): tests and the layers above assert on the termination, the winner and, for each loss, the
seat and the rule, never on wording. The sentence players read is a rendering of it
(:meth:`Outcome.reason`, shown by :mod:`engine.match.render` in the end line).

- :class:`Termination`: why the match ended: a loss condition at a check timing (``RULES``; every
  player losing at once is a draw), a concession (``CONCESSION``) or a draw the players agreed
  (``AGREED_DRAW``). These are the three ways :mod:`engine.match.apply` ends a match.
- :class:`Loss`: one player losing: the seat, the rule number(s) of the loss condition as written in
  the game's rules document (``"9.2.2"``, ``"104.2b, 703.4b"``, ``"12-2a-1"``; empty when the engine,
  not a game rule, ends it) and a short reason ("six or more cards in the damage zone").
- :class:`Outcome`: the termination, the winner's seat (None for a draw) and the losses.

A game definition's :meth:`~engine.match.game.GameDefinition.losers` returns :class:`Loss` values; the
older ``(seat, "reason (rule)")`` pairs are still accepted and read with :meth:`Loss.of`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["CONCEDE_REASON", "DRAW_REASON", "TIME_REASON", "Loss", "Outcome", "Termination"]

CONCEDE_REASON = "concede"
"""The end reason of a concession (kept byte-identical in the log and stored states)."""
DRAW_REASON = "draw agreed"
"""The end reason of an agreed draw."""
TIME_REASON = "out of time"
"""The end reason of a match whose loser ran out of time on the clock."""

_TRAILING_RULE = re.compile(r"^(?P<reason>.*\S) \((?P<rule>[^()]*\d[^()]*)\)$", re.DOTALL)


class Termination(enum.Enum):
    """Why a match ended."""

    RULES = "rules"
    """A loss condition held at a check timing (a draw when every player lost at once)."""
    CONCESSION = "concession"
    """A player conceded; the other wins."""
    AGREED_DRAW = "agreed draw"
    """One player offered a draw and the other accepted it."""
    TIME = "time"
    """A player's clock ran out and the opponent claimed the win."""


@dataclass(frozen=True)
class Loss:
    """One player losing: the seat, the rule number(s) and a short reason (see the module doc)."""

    seat: int
    rule: str
    reason: str

    def phrase(self) -> str:
        """The reason as players read it: "six or more cards in the damage zone (9.2.2)"."""
        return f"{self.reason} ({self.rule})" if self.rule else self.reason

    @staticmethod
    def of(item: Loss | tuple[int, str]) -> Loss:
        """A loss from a game's ``losers``: a :class:`Loss` as is, or an older ``(seat, reason)`` pair
        with the rule numbers read from the reason's closing parentheses ("life 0 or less (1202.1)")."""
        if isinstance(item, Loss):
            return item
        seat, text = item
        return Loss.parse(int(seat), str(text))

    @staticmethod
    def parse(seat: int, text: str) -> Loss:
        """Split "reason (rule)" into its reason and rule; text without closing parentheses that hold
        a number is all reason. :meth:`phrase` gives the text back unchanged."""
        found = _TRAILING_RULE.match(text)
        if found is None:
            return Loss(seat, "", text)
        return Loss(seat, found["rule"], found["reason"])

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "rule": self.rule, "reason": self.reason}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Loss:
        return Loss(int(data["seat"]), str(data["rule"]), str(data["reason"]))


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the termination, the winner (None: a draw) and the losses."""

    termination: Termination
    winner: int | None
    losses: tuple[Loss, ...] = ()

    @property
    def draw(self) -> bool:
        return self.winner is None

    @property
    def losers(self) -> tuple[int, ...]:
        """The seats that lost, in the order of the losses, each once."""
        return tuple(dict.fromkeys(loss.seat for loss in self.losses))

    def rules(self, seat: int) -> tuple[str, ...]:
        """The rule numbers a seat lost by."""
        return tuple(loss.rule for loss in self.losses if loss.seat == seat)

    # Building -------------------------------------------------------------------------------------

    @staticmethod
    def by_rules(losses: Sequence[Loss], players: int) -> Outcome:
        """The outcome of losses found at a check timing: one loser gives the other the win; every
        player losing at once is a draw (each game's rule on simultaneous loss)."""
        unique = tuple(dict.fromkeys(losses))
        seats = {loss.seat for loss in unique}
        winner = None if len(seats) >= players else next(s for s in range(players) if s not in seats)
        return Outcome(Termination.RULES, winner, unique)

    @staticmethod
    def concession(seat: int, players: int = 2) -> Outcome:
        """A player concedes: the next player wins (the only other one in a two-player match)."""
        return Outcome(Termination.CONCESSION, (seat + 1) % players, (Loss(seat, "", CONCEDE_REASON),))

    @staticmethod
    def time_out(seat: int, players: int = 2) -> Outcome:
        """A player's time ran out: the next player wins."""
        return Outcome(Termination.TIME, (seat + 1) % players, (Loss(seat, "", TIME_REASON),))

    @staticmethod
    def agreed_draw() -> Outcome:
        return Outcome(Termination.AGREED_DRAW, None)

    # Rendering ------------------------------------------------------------------------------------

    def reason(self, players: Sequence[str]) -> str:
        """The end reason players read (and :attr:`MatchState.end_reason` keeps): "concede", "draw
        agreed", "Bob: no cards in the deck (9.2.3)", "draw (Alice: ...; Bob: ...)"."""
        if self.termination is Termination.CONCESSION:
            return CONCEDE_REASON
        if self.termination is Termination.AGREED_DRAW:
            return DRAW_REASON
        if self.termination is Termination.TIME:
            return TIME_REASON
        text = "; ".join(dict.fromkeys(f"{players[loss.seat]}: {loss.phrase()}" for loss in self.losses))
        return f"draw ({text})" if self.winner is None else text

    # JSON -----------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "termination": self.termination.value,
            "winner": self.winner,
            "losses": [loss.to_json() for loss in self.losses],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Outcome:
        winner = data["winner"]
        return Outcome(
            Termination(data["termination"]),
            None if winner is None else int(winner),
            tuple(Loss.from_json(loss) for loss in data["losses"]),
        )

    @staticmethod
    def derive(winner: int | None, end_reason: str, players: Sequence[str]) -> Outcome:
        """The outcome of a match stored before outcomes were kept, read back from its winner and end
        reason (the inverse of :meth:`reason` for every reason the engine wrote)."""
        if end_reason == CONCEDE_REASON and winner is not None:
            loser = next((s for s in range(len(players)) if s != winner), 0)
            return Outcome(Termination.CONCESSION, winner, (Loss(loser, "", CONCEDE_REASON),))
        if end_reason == DRAW_REASON and winner is None:
            return Outcome.agreed_draw()
        text = end_reason
        if winner is None and text.startswith("draw (") and text.endswith(")"):
            text = text[len("draw (") : -1]
        losses: list[Loss] = []
        for part in text.split("; ") if text else ():
            seat = next((s for s, name in enumerate(players) if part.startswith(f"{name}: ")), None)
            if seat is None:
                continue
            losses.append(Loss.parse(seat, part[len(players[seat]) + 2 :]))
        return Outcome(Termination.RULES, winner, tuple(losses))
