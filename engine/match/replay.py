"""Replay and undo: a match is its starting arguments plus its append-only list of accepted actions
(docs/architecture.md, Invariants: "Nothing lost": "state is rebuilt by replay from the latest snapshot").

**Replay.** ``replay(spec, seed, players, decks, actions)`` folds :func:`engine.match.apply.apply`
over the accepted actions, checking every version, and gives a state equal to the live one (same
cards, knowledge, versions, undo bookkeeping). :func:`replay_from` continues from a snapshot
(:meth:`MatchState.from_json`).

**Undo.** A player asks to undo *their last action* (:class:`RequestUndo`); the opponent accepts
(:class:`AcceptUndo`) or declines. Requests are capped per player and turn (``spec.undo_per_turn``).
Only the last undoable action can be undone, only by the player who made it, and one level at a time
(a new undoable action is needed before the next undo). Undoable actions are those that change the
board; looks, reveals, coins, dice, notes and the match's own actions are facts of the log and are not
undone. Coins, dice and notes may come between the action and the request; a look or a reveal may
not: it read the board the action made, so it *seals* the action (replaying the look without the
action could read other cards). While a request waits, only its answer, a concession or a note is
accepted. Randomness is keyed by version, so an action redone after an undo (a shuffle, a roll) gets
fresh randomness: nothing learned from the undone result predicts it. The opponent consents to every
undo, and sees the undone result in the log.

Two statements coexist, and here is exactly how:

- *"Undo = replay without the undone action."* The board after an accepted undo (zones, card order,
  faces, orientations, counters, attachments, controllers, values, turn, phase, step, priority) equals
  the board obtained by replaying the match's *effective* actions (:func:`effective_actions`: every
  accepted action except the undone ones and the undo requests and answers) with
  ``check_versions=False``. Randomness is keyed by each action's own version, so shuffles and dice
  after an undo are the same in both replays. This holds after the undo and at every later point.
- *"Knowledge already revealed stays known."* Knowledge is not rewound: after the undo, each card is
  known by whoever knew it just before the undo or in the rewound board (a union, per card), plus
  whatever the undone action showed and took back within itself (a search followed by its shuffle:
  the searcher saw the whole zone in the order the undo puts back, ``MatchState.undo_learned``). The
  log keeps the undone action's lines. So the live knowledge is always a superset of the knowledge of
  the replay without the undone actions, and equal to it where no undo happened.

An automatic pass (:mod:`engine.match.stops`) after an undoable action joins its undo step: the
action and the run of passes that followed it are undone together, as one step.

Match-level bookkeeping is not rewound either: the version keeps counting (a click made before the
undo stays stale), undo requests already made stay counted, draw offers and the seats' stops stay as
they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.match.actions import UNDO_PROTOCOL, AcceptUndo, Action, BaseAction
from engine.match.apply import apply
from engine.match.events import Event
from engine.match.render import render_all
from engine.match.setup import DeckList, new_match, opening_events
from engine.match.spec import GameSpec
from engine.match.state import MatchState


def replay_from(
    state: MatchState, actions: Iterable[Action | BaseAction], *, check_versions: bool = True
) -> MatchState:
    """Apply accepted actions in order to a state (a new match or a snapshot)."""
    for action in actions:
        state, _ = apply(state, action, check_version=check_versions)
    return state


def replay(
    spec: GameSpec,
    seed: bytes,
    players: Sequence[str],
    decks: Sequence[DeckList],
    actions: Iterable[Action | BaseAction],
    *,
    first_player: int | None = None,
    check_versions: bool = True,
) -> MatchState:
    """The state a match reaches from its start through its accepted actions."""
    start = new_match(spec, players, decks, seed, first_player=first_player)
    return replay_from(start, actions, check_versions=check_versions)


def undone_versions(actions: Iterable[Action | BaseAction]) -> set[int]:
    """The versions of the actions an accepted-action list has undone: an undone action with the run
    of automatic passes that followed it (:mod:`engine.match.stops`; mirrors
    :func:`engine.match.apply._extends_step`)."""
    undone: set[int] = set()
    step: list[int] = []
    previous: Action | BaseAction | None = None
    for action in actions:
        cls = type(action)
        if cls is AcceptUndo:
            undone.update(step)
            step = []
        elif action.auto and step and previous is not None and (type(previous).undoable or previous.auto):
            step.append(action.version)
        elif cls.undoable:
            step = [action.version]
        elif cls.seals_undo:
            step = []
        previous = action
    return undone


def effective_actions(actions: Sequence[Action | BaseAction]) -> list[Action | BaseAction]:
    """The accepted actions minus the undone ones and the undo requests and answers."""
    undone = undone_versions(actions)
    return [a for a in actions if a.version not in undone and type(a) not in UNDO_PROTOCOL]


class MatchLog:
    """A match in memory: its first state, accepted actions, their events and the current state.

    The persistence layer appends each accepted action to its store before replying (docs/architecture.md) and
    can rebuild this with :meth:`rebuild` after a restart.
    """

    def __init__(self, initial: MatchState) -> None:
        self.initial = initial
        self.state = initial
        self.actions: list[Action | BaseAction] = []
        """Every accepted action; ``actions[i].version == i``."""
        self.events: list[list[Event]] = []
        """The events of each accepted action."""
        self.undone: set[int] = set()
        """Versions of the actions an accepted undo took back."""

    @classmethod
    def start(
        cls,
        spec: GameSpec,
        players: Sequence[str],
        decks: Sequence[DeckList],
        seed: bytes,
        *,
        first_player: int | None = None,
    ) -> MatchLog:
        return cls(new_match(spec, players, decks, seed, first_player=first_player))

    @classmethod
    def rebuild(cls, initial: MatchState, actions: Iterable[Action | BaseAction]) -> MatchLog:
        """Replay stored actions (each must be accepted again, or :class:`ActionRefused` is raised)."""
        log = cls(initial)
        for action in actions:
            log.submit(action)
        return log

    def submit(self, action: Action | BaseAction) -> list[Event]:
        """Apply an action to the current state; on success record it and return its events."""
        before = self.state
        state, events = apply(before, action)
        if type(action) is AcceptUndo and before.undo_version is not None:
            self.undone.update(undone_versions([*self.actions, action]) - self.undone)
        self.actions.append(action)
        self.events.append(events)
        self.state = state
        return events

    def effective_actions(self) -> list[Action | BaseAction]:
        """The accepted actions minus the undone ones and the undo requests and answers."""
        return [a for a in self.actions if a.version not in self.undone and type(a) not in UNDO_PROTOCOL]

    def replay_without_undone(self) -> MatchState:
        """The state the effective actions give from the first state (see the module doc)."""
        return replay_from(self.initial, self.effective_actions(), check_versions=False)

    def lines(self, viewer: int | None) -> list[str]:
        """The whole log as a viewer reads it, from the opening (the undone actions' lines included)."""
        events = [opening_events(self.initial), *self.events]
        return [line for batch in events for line in render_all(batch, self.state, viewer)]
