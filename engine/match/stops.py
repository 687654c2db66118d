"""Stops and automatic passes: priority nobody wants to use costs no press (docs/architecture.md, "Passing
priority without telling").

A game names its **windows** (:class:`Window`): the places where a seat may hold priority and pass
("your main phase", "your opponent's chase", "a gate with your opponent's card in it", "the end of
your turn"), and the decisions the rules ask of a player that have a "no" answer (block or no block,
guard or no guard, a Shield Trigger or none). Each seat has **stops**, the windows where it wants to
hold priority; the game's defaults keep every decision the rules give a player. At any other window
the match passes for the seat the game waits for (:func:`automatic_pass`), with the game's own pass
there (``pass_priority``, "No attack", "End turn", "No block"...), written in the log as that pass
with ``auto`` set, so replays and exports stay exact.

**The invariant.** Whether a seat passes by itself depends only on its declared stops and on what
both players see: a game reads its windows from the spectator's view of the state
(:meth:`GameStops.current` gets :func:`engine.match.view.view` with no viewer), never from the state,
so no hidden card can decide it (a pass that came only when the hand held no instant would tell the
opponent, through its speed, what the hand holds). The twins of
:mod:`engine.match.indistinguishability` check it on random games.

**One-press passes** (:class:`~engine.match.actions.SetStops` ``until``): pass at every window but a
decision until the end of the turn (``end_of_turn``), or until the opponent does something that is
not a pass (``opponent_acts``; it ends at the start of the seat's own turn at the latest). **Full
control** stops at every window. A seat changes its stops with :class:`~engine.match.actions.SetStops`
at any time (offered on its panel, :func:`stop_offers`); they are match state (``MatchState.stops``),
kept by undo, which rewinds the board only.

**Undo**: an automatic pass after an undoable action extends that action's undo step, so the action
and the run of passes that followed it undo together (:mod:`engine.match.apply`,
:func:`engine.match.replay.undone_versions`).

**Bounded**: :func:`automatic_passes` stops after :data:`AUTOMATIC_MOST` passes, and when a whole
turn went by with nobody stopping (both seats without a stop: the loop is detected and the game waits
for a press).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engine.match.actions import BaseAction, PassPriority, SetStops
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.game import definition_of
from engine.match.offers import Group, Offer, PickNeed
from engine.match.render import Line, register_line
from engine.match.state import MatchState, MatchStatus, SeatStops
from engine.match.view import spectator_view, waiting_for

__all__ = [
    "AUTOMATIC_MOST",
    "GameStops",
    "Window",
    "automatic_pass",
    "automatic_passes",
    "changed_stops",
    "follow",
    "game_stops",
    "pass_now",
    "seat_stops",
    "set_stops",
    "stop_offers",
    "stops_of",
    "windows_now",
]

AUTOMATIC_MOST = 64
"""The most automatic passes after one press (a whole turn of a game takes about a dozen)."""
UNTIL = {"end_of_turn": "the end of the turn", "opponent_acts": "their opponent does something"}


@dataclass(frozen=True)
class Window:
    """A place where a seat may hold priority and pass (or a decision with a "no" answer, or a step
    that needs nothing of the seat, whose "pass" is the game's own action finishing it: Force of
    Will's object resolving with nothing to carry out)."""

    name: str
    """The name players type (``opp_chase``)."""
    label: str
    """What a player reads, from their side ("your opponent's chase")."""
    rule: str
    """The rule that gives the seat priority (or the decision) there."""
    default: bool = False
    """In the game's default stops."""
    decision: bool = False
    """A decision the rules ask of the player (block, guard, a Shield Trigger): the one-press passes
    never take it; only a seat that removed the stop passes it by itself."""


class GameStops(ABC):
    """A game's windows and how it reads them (one per game, ``engine/match/games/<game>/stops.py``,
    set as its definition's :attr:`~engine.match.game.GameDefinition.stops`)."""

    windows: tuple[Window, ...] = ()

    @cached_property
    def by_name(self) -> dict[str, Window]:
        return {window.name: window for window in self.windows}

    @cached_property
    def defaults(self) -> frozenset[str]:
        """The game's default stops."""
        return frozenset(window.name for window in self.windows if window.default)

    @abstractmethod
    def current(self, public: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        """The windows ``seat`` is in now, read from the spectator's view (``public``) only; () when
        the game waits for something else of it (a choice with no "no" answer: cards to pick, a number,
        a card to finish carrying out) or when it is not the seat the game waits for. A seat stops when
        any of them is one of its stops (a general window and a narrower one may both hold)."""

    def pass_action(self, public: Mapping[str, Any], seat: int, windows: Sequence[str]) -> BaseAction:
        """The seat's pass at these windows (the game's own "pass" button there); by default passing
        priority."""
        return PassPriority(actor=seat, version=int(public["version"]))


def game_stops(state: MatchState) -> GameStops | None:
    """The stops of the match's game, if it has some (a spec without a definition has none)."""
    definition = definition_of(state.match.spec)
    return None if definition is None else definition.stops


def seat_stops(state: MatchState, seat: int) -> SeatStops:
    """What ``seat`` declared (the game's defaults and no one-press pass when it declared nothing)."""
    table = state.stops
    return SeatStops() if table is None or seat >= len(table) else table[seat]


def stops_of(state: MatchState, seat: int, game: GameStops | None = None) -> frozenset[str]:
    """The windows where ``seat`` stops (its own, or the game's defaults)."""
    game = game or game_stops(state)
    declared = seat_stops(state, seat).stops
    if declared is not None:
        return declared
    return frozenset() if game is None else game.defaults


_LAST: list[tuple[MatchState, tuple[dict[str, Any], int, tuple[str, ...]]]] = []
"""The last state :func:`_where` read, with what it found: a state is immutable, and the service, the
engine's check of an automatic pass and the panel's offers all ask about the same state in a row."""


def _where(state: MatchState, game: GameStops) -> tuple[dict[str, Any], int, tuple[str, ...]]:
    """The spectator's view, the seat the game waits for, and the windows that seat is in."""
    if _LAST and _LAST[0][0] is state:
        return _LAST[0][1]
    public = spectator_view(state)
    seat = waiting_for(public)
    found = (public, -1, ()) if seat is None else (public, seat, game.current(public, seat))
    _LAST[:] = [(state, found)]
    return found


def windows_now(state: MatchState) -> tuple[Window, ...]:
    """The windows the seat the game waits for is in now (none at a choice that is not a window, or
    when the match is over)."""
    game = game_stops(state)
    if game is None or state.status != MatchStatus.PLAYING:
        return ()
    _, _, windows = _where(state, game)
    return tuple(game.by_name[name] for name in windows if name in game.by_name)


def pass_now(state: MatchState) -> BaseAction | None:
    """The pass of the seat the game waits for at its window now, whatever its stops; None when it is
    at no window (or the match is over, or an undo request waits)."""
    game = game_stops(state)
    if game is None or state.status != MatchStatus.PLAYING or state.undo_request is not None:
        return None
    public, seat, windows = _where(state, game)
    return game.pass_action(public, seat, windows) if windows else None


def _passes(game: GameStops, mine: SeatStops, stops: frozenset[str], windows: Sequence[str]) -> bool:
    """Whether a seat with these stops passes by itself at these windows."""
    decision = any(game.by_name[name].decision for name in windows if name in game.by_name)
    if mine.until is not None and not decision:
        return True
    if mine.full_control:
        return False
    return not any(name in stops for name in windows)


def automatic_pass(state: MatchState) -> BaseAction | None:
    """The pass the match makes now for the seat the game waits for (``auto`` set), or None: that
    seat is at a window it has no stop at (or a one-press pass is in force there). Reads the seat's
    stops and the spectator's view only (see the module doc)."""
    game = game_stops(state)
    if game is None or state.status != MatchStatus.PLAYING or state.undo_request is not None:
        return None
    public, seat, windows = _where(state, game)
    if not windows or not _passes(game, seat_stops(state, seat), stops_of(state, seat, game), windows):
        return None
    action = game.pass_action(public, seat, windows)
    return action.model_copy(update={"auto": True})


def automatic_passes(
    state: MatchState, *, most: int = AUTOMATIC_MOST
) -> list[tuple[BaseAction, MatchState, list[Event]]]:
    """The run of automatic passes from ``state``: each pass with the state and events it gives, until
    the seat the game waits for has a stop or a decision, the match ends, ``most`` passes were made, or
    a whole turn went by with nobody stopping (two seats without stops: the game waits for a press)."""
    from engine.match.apply import apply

    out: list[tuple[BaseAction, MatchState, list[Event]]] = []
    turn = state.board.turn
    while len(out) < most and state.board.turn < turn + 2:
        action = automatic_pass(state)
        if action is None:
            break
        try:
            state, events = apply(state, action)
        except ActionRefused:  # a game's window whose pass is refused: the seat decides by hand
            break
        out.append((action, state, events))
    return out


def check_automatic(state: MatchState, action: BaseAction) -> str | None:
    """Why ``action``, marked ``auto``, is not an automatic pass, or None: it must be the pass of the
    seat the game waits for at its window now (its stops aside, so that a log stays valid whatever
    the game's default stops become)."""
    expected = pass_now(state)
    # The action's own version: a replay without undone actions applies it at another one.
    if expected is None or expected.model_copy(update={"version": action.version, "auto": True}) != action:
        return "That is not a pass the match makes by itself now."
    return None


# Setting stops --------------------------------------------------------------------------------------


def _known(game: GameStops, name: str) -> str:
    if name not in game.by_name:
        names = ", ".join(window.name for window in game.windows)
        raise ActionRefused(f"There is no window called {name[:32]!r}; the windows are: {names}.")
    return name


def _table(state: MatchState, seat: int, row: SeatStops) -> tuple[SeatStops, ...] | None:
    rows = [seat_stops(state, other) for other in range(len(state.match.players))]
    rows[seat] = row
    return None if all(one == SeatStops() for one in rows) else tuple(rows)


def changed_stops(
    game: GameStops,
    stops: frozenset[str] | None,
    *,
    whole: Sequence[str] | None = None,
    add: str | None = None,
    remove: str | None = None,
    defaults: bool = False,
) -> frozenset[str] | None:
    """A seat's stops (None: the game's defaults) changed as :class:`~engine.match.actions.SetStops`
    says: back to the defaults, a whole new set, a window added or removed; None again when they are
    the defaults. An unknown window is refused with the game's windows listed."""
    if defaults:
        stops = None
    if whole is not None:
        stops = frozenset(_known(game, name) for name in whole)
    if add is not None or remove is not None:
        chosen = set(game.defaults if stops is None else stops)
        if add is not None:
            chosen.add(_known(game, add))
        if remove is not None:
            chosen.discard(_known(game, remove))
        stops = frozenset(chosen)
    return None if stops == game.defaults else stops


def set_stops(state: MatchState, action: SetStops) -> tuple[None, list[Event], dict[str, Any]]:
    """The handler of :class:`~engine.match.actions.SetStops`: the actor's own stops, nothing else."""
    game = game_stops(state)
    if game is None:
        raise ActionRefused("This game has no stops: nothing passes by itself in it.")
    seat = action.actor
    mine = seat_stops(state, seat)
    stops = changed_stops(
        game, mine.stops, whole=action.stops, add=action.add, remove=action.remove, defaults=action.defaults
    )
    full = mine.full_control if action.full_control is None else action.full_control
    until, since = mine.until, mine.since
    if action.until == "off":
        until, since = None, 0
    elif action.until is not None:
        until, since = action.until, state.board.turn
    row = SeatStops(stops, full, until, since)
    data: dict[str, Any] = {
        "until": action.until,
        "full_control": full if full != mine.full_control else None,
        "stops": stops != mine.stops,
        "defaults": action.defaults and stops != mine.stops,
    }
    return None, [Event("stops", seat, (), data)], {"stops": _table(state, seat, row)}


def _acts(before: MatchState, action: BaseAction) -> bool:
    """Whether ``action`` is the actor doing something: a change to the board that is not a pass."""
    if action.auto or not type(action).undoable:
        return False
    expected = pass_now(before)
    return expected is None or expected != action


def follow(before: MatchState, after: MatchState, action: BaseAction) -> tuple[SeatStops, ...] | None:
    """The stops after an action: a one-press pass ends with its turn (``end_of_turn``), or when the
    opponent does something or the seat's own turn begins (``opponent_acts``)."""
    table = after.stops
    if table is None:
        return None
    rows = list(table)
    changed = False
    for seat, row in enumerate(rows):
        if row.until is None:
            continue
        new_turn = after.board.turn != row.since
        if row.until == "end_of_turn":
            over = new_turn
        else:
            mine = new_turn and after.board.active == seat
            over = mine or (action.actor != seat and _acts(before, action))
        if over:
            rows[seat] = row._replace(until=None, since=0)
            changed = True
    if not changed:
        return table
    return None if all(row == SeatStops() for row in rows) else tuple(rows)


# Offers --------------------------------------------------------------------------------------------


def stop_offers(state: MatchState, seat: int) -> list[Offer]:
    """A seat's offers to change its stops: the one-press passes (with its pass when they would pass
    now, else with the rest), stopping them, adding or removing a stop, full control, the defaults."""
    game = game_stops(state)
    if game is None or state.status != MatchStatus.PLAYING or state.undo_request is not None:
        return []
    mine = seat_stops(state, seat)
    stops = stops_of(state, seat, game)
    out: list[Offer] = []
    if mine.until is None:
        _, waiting, windows = _where(state, game)
        now = waiting == seat and any(
            name in game.by_name and not game.by_name[name].decision for name in windows
        )
        group: Group = "now" if now else "more"
        out.append(Offer("set_stops", "Pass until end of turn", group, fixed=(("until", "end_of_turn"),)))
        out.append(
            Offer("set_stops", "Pass until my opponent acts", group, fixed=(("until", "opponent_acts"),))
        )
    else:
        out.append(Offer("set_stops", "Stop passing", "now", fixed=(("until", "off"),)))
    absent = tuple(window for window in game.windows if window.name not in stops)
    present = tuple(window for window in game.windows if window.name in stops)
    if absent:
        pick = PickNeed("add", tuple(w.name for w in absent), "window", labels=tuple(w.label for w in absent))
        out.append(Offer("set_stops", "Add a stop", "more", needs=(pick,)))
    if present:
        pick = PickNeed(
            "remove", tuple(w.name for w in present), "window", labels=tuple(w.label for w in present)
        )
        out.append(Offer("set_stops", "Remove a stop", "more", needs=(pick,)))
    if mine.full_control:
        out.append(Offer("set_stops", "Full control off", "more", fixed=(("full_control", False),)))
    else:
        out.append(Offer("set_stops", "Full control", "more", fixed=(("full_control", True),)))
    if mine.stops is not None:
        out.append(Offer("set_stops", "Default stops", "more", fixed=(("defaults", True),)))
    return out


# The log line ---------------------------------------------------------------------------------------


def _line(line: Line) -> str:
    data = line.event.data
    who = line.subject()
    until = data.get("until")
    if until in UNTIL:
        return f"{who} will pass until {UNTIL[until]}."
    if until == "off":
        return f"{who} {line.verb('stop', 'stops')} passing automatically."
    parts = []
    if data.get("defaults"):
        parts.append(f"{line.verb('go', 'goes')} back to the default stops")
    elif data.get("stops"):
        parts.append(f"{line.verb('change', 'changes')} {line.whose(line.event.actor or 0)} stops")
    if data.get("full_control") is True:
        parts.append(f"{line.verb('take', 'takes')} full control (a stop at every window)")
    elif data.get("full_control") is False:
        parts.append(f"{line.verb('give', 'gives')} up full control")
    if not parts:
        parts.append(f"{line.verb('keep', 'keeps')} {line.whose(line.event.actor or 0)} stops")
    return f"{who} {' and '.join(parts)}."


register_line("stops", _line)
