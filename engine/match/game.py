"""Game definitions: what makes the generic engine play Vanguard, Duel Masters, Force of Will or Gate
Ruler (docs/architecture.md, Invariants: "A game definition per game, as data first ... setup steps, phases
and steps with what happens automatically in each, loss and draw checks and when they are checked, and the
game's own actions").

A :class:`GameDefinition` is registered under its spec's key; the engine looks it up by
``state.match.spec.key`` (a spec without a definition, such as the tests' demo game, plays with the
generic actions only). The hooks, in the order :func:`engine.match.apply.apply` calls them:

The lookup is by key *and* spec (:func:`definition_of`): a spec that only borrows a game's key plays
generically.

1. :meth:`GameDefinition.allows` before an action's handler: refuse what the game's structure forbids
   in this step (``ActionRefused`` via :func:`refuse`). Game actions of another game are refused by
   the engine before this (:attr:`GameDefinition.actions`).
2. the handler (generic or the game's own, registered with :func:`engine.match.apply.register_handler`).
3. :meth:`GameDefinition.settle` on the new state: the automatic parts the rules run without a
   choice (untap/stand at the start of the turn, the draw with its first-turn skip, moving on from a
   step nobody acts in, a drive check's trigger...). It returns the state and the events it added.
4. :meth:`GameDefinition.losers` at the check timing after the action: the players who lose now and
   why. One loser ends the match with the other as winner; both at once is a draw (each game's rule
   on simultaneous loss). A concession ends the match before this.

Besides the hooks, :attr:`GameDefinition.stops` names the game's windows, its default stops and its
passes (:mod:`engine.match.stops`, from ``engine/match/games/<game>/stops.py``): where the match passes
by itself for a seat that has no stop there, reading only what both players see.

:meth:`GameDefinition.setup` runs inside :func:`engine.match.setup.new_match` after the generic setup
(shuffles, first player): opening hands, shields, the first vanguard, a ruler... Choices at setup
(mulligans, redraws) are game actions in a setup phase before the first turn.

For :mod:`engine.match.simulate`, a definition also says how to build a random legal deck and which
actions a random player would try next.

**How a game plugs in: one shape for every game.** A game's folder holds ``spec.py`` (its zones,
phases and steps, each citing its rule), ``actions.py`` (its own action types), ``board.py`` (its working
context), ``handlers.py`` (``HANDLERS``: one handler per action), ``lines.py`` (``LINES``: its log
lines), ``simulate.py`` and what only it needs; ``__init__.py`` holds the definition, ``DEFINITION``,
which the game's record in :mod:`engine.games` names; it is registered here, with its handlers and
lines, the first time a definition is looked up. Three shared pieces:

- *Its working context*: a subclass of :class:`engine.match.work.BoardWork` that adds only the game's
  own helpers (Vanguard's circles and grades). Every handler and procedure reads and changes the board
  through it (``data``/``set``, ``ids``, ``ref``, ``pick``, ``move``, ``orient``, ``emit``, ``goto``...),
  so knowledge resets the engine's way. A handler checks in the rule's order, refuses with one sentence
  citing the rule (:func:`refuse`), changes the work, and returns ``work.handled()``.
- *Its step table*: ``steps.py``, a tuple ``TABLE`` of :class:`engine.match.settle.Step` rows
  (``Step(name, rule, run)``; checks run at every pass, such as a check timing or rule actions, have
  ``every=True``) and ``settle(state, action)``, which runs it; the definition's hook is
  ``return steps.settle(state, action)`` in every game, and ``steps.settle`` is::

      def settle(state, action):
          work = MyWork(state, action.version)
          engine.match.settle.settle(work, TABLE, MyWork.step_name)
          return work.result()

  One loop with one bound (:data:`engine.match.settle.SETTLE_BOUND`) serves every game, and a step
  that comes back to the same board without a player acting raises
  :class:`~engine.match.settle.SettleLoop` (a bug, never a refusal).
- *Its outcome*: ``checks.py``'s ``losers(state)``, the definition's :meth:`losers` in every game,
  returns :class:`~engine.match.outcome.Loss` values ``Loss(seat, rule,
  reason)``; the engine ends the match with an :class:`~engine.match.outcome.Outcome` (termination,
  winner, losses) kept in ``state.outcome`` and in the end event, and renders the end line from it.
  Tests assert on it: ``assert_lost(state, seat, "9.2.2")`` (``tests/engine/match/games/harness.py``, the
  one scenario harness of the four games).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.match.actions import BaseAction, register_action
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.outcome import Loss
from engine.match.spec import GameSpec
from engine.match.state import CardRef, MatchState

if TYPE_CHECKING:
    from engine.match.apply import Handler
    from engine.match.offers import Offer
    from engine.match.render import Line
    from engine.match.stops import GameStops

__all__ = [
    "ACTION_GAME",
    "DEFINITIONS",
    "GameDefinition",
    "all_definitions",
    "definition_for",
    "definition_of",
    "refuse",
    "register_definition",
]

DEFINITIONS: dict[str, GameDefinition] = {}
"""Registered definitions by spec key."""
ACTION_GAME: dict[type[BaseAction], str] = {}
"""The game each definition's own action type belongs to; other games refuse it."""


def refuse(message: str) -> Any:
    """Refuse an action with one sentence (nothing changes)."""
    raise ActionRefused(message)


class GameDefinition:
    """The base of a game definition; the defaults are the generic engine's behaviour."""

    spec: GameSpec
    actions: ClassVar[tuple[type[BaseAction], ...]] = ()
    """This game's own action types (each registered with a handler)."""
    handlers: ClassVar[tuple[tuple[type[BaseAction], Handler], ...]] = ()
    """The handler of each of the game's own actions (its ``handlers`` module's ``HANDLERS``),
    registered with the definition."""
    lines: ClassVar[Mapping[str, Callable[[Line], str]]] = {}
    """The log line of each of the game's own event kinds (its ``lines`` module's ``LINES``),
    registered with the definition."""
    stops: ClassVar[GameStops | None] = None
    """The game's windows, default stops and passes (:mod:`engine.match.stops`): where the match may
    pass for a seat by itself. None: nothing passes by itself (the generic engine)."""
    transient_values: ClassVar[frozenset[str]] = frozenset()
    """Player values that count a procedure in progress and say nothing at rest (Vanguard's vanguard
    damage, damage dealt and not yet checked): a view shows them only while they are not zero."""

    # Setup and structure ---------------------------------------------------------------------------

    def setup(self, state: MatchState) -> MatchState:
        """The automatic part of the game's start procedure, after the generic setup (version 0)."""
        return state

    def allows(self, state: MatchState, action: BaseAction) -> None:
        """Refuse (with :func:`refuse`) an action the game's structure does not allow now."""

    def skipped(self, state: MatchState, step: str) -> bool:
        """Whether ``step``, later in this turn, does not happen now: a "next step" without a
        destination passes over it unannounced (Duel Masters 506.2: no attack, no block declaration)."""
        return False

    def settle(self, state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]]:
        """Run what happens automatically after an accepted action; returns the state and new events."""
        return state, []

    def losers(self, state: MatchState) -> Sequence[Loss | tuple[int, str]]:
        """Players who lose at this check timing: :class:`~engine.match.outcome.Loss` values (seat, rule,
        reason); the older ``(seat, "reason (rule)")`` pairs are still read (:meth:`Loss.of`)."""
        return []

    def offers(self, state: MatchState, seat: int, generic: Sequence[Offer]) -> Sequence[Offer]:
        """What ``seat`` may do now (:mod:`engine.match.offers`): the game's own offers, and the
        generic ones it keeps (a game drops what its structure refuses now). The default keeps the
        generic offers."""
        return generic

    def view(self, state: MatchState, viewer: int | None) -> dict[str, Any]:
        """The game's own public information for a viewer (a battle in progress, pending choices)."""
        return {}

    def check_invariants(self, state: MatchState) -> None:
        """Raise AssertionError if the game's own invariants do not hold (run by the simulator)."""

    # Simulation ------------------------------------------------------------------------------------

    def random_deck(self, rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
        """A random legal deck for the simulator, by zone name."""
        raise NotImplementedError(f"{self.spec.name} cannot generate decks")

    def practice_deck(self, rng: random.Random) -> Mapping[str, Sequence[CardRef]]:
        """The deck of a player who brings none (``deck:practice``), by zone name: by default a
        :meth:`random_deck`. A game whose simulated decks deliberately leave something for the players
        to enter (so that the simulations cover that offer) gives practice decks that do not."""
        return self.random_deck(rng)

    def random_actions(self, state: MatchState, rng: random.Random) -> Iterable[BaseAction]:
        """Actions a random player would try now, most wanted first; the simulator applies the first
        one the engine accepts. Every state of a match that is not over must offer an accepted one."""
        raise NotImplementedError(f"{self.spec.name} cannot be simulated")


def register_definition(definition: GameDefinition) -> GameDefinition:
    """Register a definition under its spec's key, with its action types, their handlers and its log
    lines. The games' definitions are registered from their records (:data:`engine.games.GAMES`, by
    :func:`engine.match.games.load_definitions`) the first time one is looked up; a test registers
    its own demo games with this."""
    from engine.match.apply import register_handler
    from engine.match.render import register_line

    for action_type, handler in definition.handlers:
        register_handler(action_type, handler)
    for kind, write in definition.lines.items():
        register_line(kind, write)
    for action_type in definition.actions:
        register_action(action_type)
        ACTION_GAME[action_type] = definition.spec.key
    DEFINITIONS[definition.spec.key] = definition
    return definition


_loaded = False


def all_definitions() -> dict[str, GameDefinition]:
    """:data:`DEFINITIONS`, with every registered game's definition in it (loaded on first use)."""
    global _loaded
    if not _loaded:
        _loaded = True
        from engine.match.games import load_definitions

        load_definitions()
    return DEFINITIONS


def definition_of(spec: GameSpec) -> GameDefinition | None:
    """The definition that plays a spec: the one registered under its key, if the spec is that
    definition's own (same digest). A spec that only borrows a game's key (a test's, or a stored
    match made with an older version of the game) plays with the generic actions only, so no hook of
    a definition ever sees a match of another spec."""
    definition = all_definitions().get(spec.key)
    if definition is None or (definition.spec is not spec and definition.spec.digest != spec.digest):
        return None
    return definition


def definition_for(state_or_key: MatchState | str) -> GameDefinition | None:
    """The registered definition of a match (or a spec key), if any."""
    if isinstance(state_or_key, str):
        return all_definitions().get(state_or_key)
    return definition_of(state_or_key.match.spec)
