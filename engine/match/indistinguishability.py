"""The hidden-information invariant, checked on random games: what a viewer sees never depends on
cards that viewer does not know (docs/architecture.md, Invariants: "Hidden information by construction").

Per-card knowledge already keeps names out of views and log lines
(:func:`engine.match.simulate.check_invariants`). This module checks the rest: *what happens* must
not depend on hidden cards either. A Shield Trigger window that opens only when the broken shield is
a trigger, or a step that is skipped only when the hand lacks some card, tells the opponent about
cards they cannot see.

The check builds *twins*: a state and a copy in which the cards the viewer does not know are
shuffled among themselves (their identities swapped, never their places, so every handle stays the
same). What a viewer knows by name stays the same too: a player knows their own decklist
(:meth:`engine.match.state.MatchState.known_names`), so a player's twin swaps cards only within one
owner's deck section and every decklist is kept; a spectator knows neither decklist, so a
spectator's twin may also swap cards between the players' same sections, changing both decklists
(a view or a line that showed a decklist to the table would then differ). It then plays the same
actions on both, those the random players chose in the original game, and after each one compares,
for that viewer:

- the view (:func:`engine.match.view.view`), whole: zones, counts, faces, turn, phase, step, who has
  priority, the game's own data;
- the log lines of the new events;
- the viewer's offers (:func:`engine.match.offers.offers`), whole;
- the viewer's own actions: each action the random player would offer the viewer now is accepted in
  both twins or refused in both with the same sentence, and if accepted, leaves the same view;
- the automatic passes (:mod:`engine.match.stops`, docs/architecture.md "Passing priority without telling"):
  after each action, the run of passes the match makes by itself is the same in both twins, pass for
  pass (who passes, where, and how many: the timing the opponent would read), and each leaves the
  same view and log lines. The random games (:class:`engine.match.simulate.Walk`) give each seat
  random stops (the defaults, a random set, none at all, full control, a one-press pass) and change
  them now and then, so the passes are many and varied.

A window ends, with nothing wrong, as soon as one of the shuffled cards becomes known to the viewer
in either twin (it was drawn, revealed, checked: from then on the twins may differ openly), or the
viewer was shown different cards in the two twins (a card revealed and put back within one action,
such as a drive check), or when
another seat's action is accepted in one twin only (that player chose by cards they know), or when
the match ends.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from engine.errors import ArbiterError
from engine.match.actions import BaseAction
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.events import SEEN_SPECTATOR, Event
from engine.match.game import GameDefinition
from engine.match.offers import offers
from engine.match.render import render_all
from engine.match.simulate import Step, Walk
from engine.match.state import Card, CardRef, Match, MatchState, MatchStatus, decklists_of
from engine.match.stops import automatic_passes
from engine.match.view import view

Viewer = int | None

OFFERS_PER_STEP = 6
"""How many of the viewer's offered actions are tried on both twins at each compared step."""


class HiddenInformationLeak(ArbiterError):
    """Two states that differ only in cards a viewer does not know looked different to that viewer."""


@dataclass(frozen=True)
class Window:
    """One twin comparison: where it started, for whom, and how far it went."""

    version: int
    viewer: Viewer
    hidden: int
    """How many cards had their identities shuffled."""
    steps: int
    """Actions compared before the window ended."""
    ended_by: str
    """``"revealed"``, ``"choice"``, ``"match over"`` or ``"length"``."""
    automatic: int = 0
    """Automatic passes compared (each the same in both twins)."""


def origins(
    definition: GameDefinition, decks: Sequence[Mapping[str, Sequence[CardRef]]]
) -> list[tuple[int, str]]:
    """Per card id, its owner and the zone its deck section started in (the order
    :func:`engine.match.setup.new_match` numbers cards in)."""
    out: list[tuple[int, str]] = []
    for zone in definition.spec.zones:
        for seat, deck in enumerate(decks):
            out.extend((seat, zone.name) for _ in deck.get(zone.name, ()))
    return out


def _unknown(card: Card, viewer: Viewer, everyone: int) -> bool:
    bit = everyone if viewer is None else 1 << viewer
    return card.known & bit != bit


def twin(
    state: MatchState,
    viewer: Viewer,
    origin: Sequence[tuple[int, str]],
    rng: random.Random,
    *,
    others_only: bool,
    across_owners: bool = False,
) -> tuple[MatchState, frozenset[int]]:
    """A copy of ``state`` in which the cards ``viewer`` does not know have their identities shuffled
    among the cards of the same owner and deck section; with ``others_only``, only other seats' cards.
    With ``across_owners``, for the spectator only (who knows no decklist, unlike a player, who knows
    their own), among the same deck section of every owner. Returns the twin and the ids of the
    cards whose identity changed."""
    board = state.board
    everyone = state.match.all
    groups: dict[tuple[int, str], list[int]] = {}
    for card_id, card in enumerate(board.cards):
        if not _unknown(card, viewer, everyone):
            continue
        if others_only and viewer is not None and card.owner == viewer:
            continue
        owner, section = origin[card_id]
        groups.setdefault((-1 if across_owners and viewer is None else owner, section), []).append(card_id)
    cards = list(board.cards)
    changed: set[int] = set()
    for ids in groups.values():
        refs = [cards[card_id].ref for card_id in ids]
        rng.shuffle(refs)
        for card_id, ref in zip(ids, refs, strict=True):
            old = cards[card_id]
            if old.ref != ref:
                changed.add(card_id)
                cards[card_id] = Card(
                    ref, old.owner, old.controller, old.face_up, old.orientation, old.counters, old.known
                )
    match = state.match
    decklists = decklists_of(match.table, cards, len(match.players))
    if decklists != match.decklists:  # a spectator's twin across owners: its players brought others
        match = Match(match.spec, match.players, match.table, match.seed, decklists)
    return state.evolve(match=match, board=board.evolve(cards=tuple(cards))), frozenset(changed)


def _revealed(state: MatchState, viewer: Viewer, changed: frozenset[int]) -> bool:
    everyone = state.match.all
    cards = state.board.cards
    return any(not _unknown(cards[card_id], viewer, everyone) for card_id in changed)


def _seen(events: Sequence[Event], viewer: Viewer) -> Counter[int]:
    """The cards (table refs) whose names these events show the viewer."""
    bit = SEEN_SPECTATOR if viewer is None else 1 << viewer
    return Counter(ref for event in events for ref, mask in event.cards if mask & bit)


def _differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two views differ, as short paths (the first few)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[str] = []
        for key in sorted(set(a) | set(b), key=str):
            out.extend(_differences(a.get(key), b.get(key), f"{path}.{key}"))
        return out[:5]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            out.extend(_differences(x, y, f"{path}[{index}]"))
        return out[:5]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"[:300]]


def _try(state: MatchState, action: BaseAction) -> tuple[MatchState, list[Event]] | str:
    try:
        return apply(state, action)
    except ActionRefused as refusal:
        return str(refusal)


class _Comparison:
    """One window's lockstep run; raises :class:`HiddenInformationLeak` on the first difference."""

    def __init__(self, definition: GameDefinition, label: str, viewer: Viewer) -> None:
        self.definition = definition
        self.label = label
        self.viewer = viewer

    def fail(self, state: MatchState, what: str, details: Sequence[str]) -> None:
        who = "the spectator" if self.viewer is None else f"seat {self.viewer}"
        raise HiddenInformationLeak(
            f"{self.label}, version {state.version} (turn {state.board.turn}, "
            f"{state.match.spec.phases[state.board.phase].steps[state.board.step].name}): {what} differs "
            f"for {who} between twins that differ only in cards {who} does not know: " + "; ".join(details)
        )

    def same(self, one: MatchState, two: MatchState, events: tuple[list[Event], list[Event]] | None) -> None:
        seen = view(one, self.viewer), view(two, self.viewer)
        if seen[0] != seen[1]:
            self.fail(one, "the view", _differences(*seen))
        if self.viewer is not None:
            offered = offers(one, self.viewer), offers(two, self.viewer)
            if offered[0] != offered[1]:
                first, second = ([offer.to_json() for offer in listed] for listed in offered)
                self.fail(one, "the offers", _differences(first, second))
        if events is not None:
            lines = render_all(events[0], one, self.viewer), render_all(events[1], two, self.viewer)
            if lines[0] != lines[1]:
                self.fail(one, "the log", [f"{lines[0]!r} != {lines[1]!r}"[:400]])

    def offers(self, one: MatchState, two: MatchState, changed: frozenset[int], rng: random.Random) -> None:
        """The viewer's own offered actions: accepted alike, refused alike, and leaving the same view."""
        if self.viewer is None:
            return
        offered = islice(self.definition.random_actions(one, rng), OFFERS_PER_STEP * 2)
        mine = [action for action in offered if action.actor == self.viewer][:OFFERS_PER_STEP]
        for action in mine:
            first, second = _try(one, action), _try(two, action)
            if isinstance(first, str) or isinstance(second, str):
                if first != second:
                    shown = [x if isinstance(x, str) else "accepted" for x in (first, second)]
                    self.fail(one, f"the answer to {action.type}", [f"{shown[0]!r} != {shown[1]!r}"])
                continue
            if (
                _revealed(first[0], self.viewer, changed)
                or _revealed(second[0], self.viewer, changed)
                or _seen(first[1], self.viewer) != _seen(second[1], self.viewer)
            ):
                continue
            self.same(first[0], second[0], (first[1], second[1]))


def compare_window(
    definition: GameDefinition,
    label: str,
    start: MatchState,
    actions: Sequence[BaseAction],
    viewer: Viewer,
    origin: Sequence[tuple[int, str]],
    rng: random.Random,
    *,
    others_only: bool,
    length: int,
    across_owners: bool = False,
) -> Window:
    """Play ``actions`` from ``start`` on it and on a twin for ``viewer``, comparing as the module doc
    says; returns how the window went, or raises :class:`HiddenInformationLeak`."""
    other, changed = twin(start, viewer, origin, rng, others_only=others_only, across_owners=across_owners)
    check = _Comparison(definition, label, viewer)
    one, two = start, other
    steps = automatic = 0
    ended_by = "length"
    if changed:
        check.same(one, two, None)
    for action in actions[:length]:
        if not changed or _revealed(one, viewer, changed) or _revealed(two, viewer, changed):
            ended_by = "revealed"
            break
        if one.status != MatchStatus.PLAYING:
            ended_by = "match over"
            break
        check.offers(one, two, changed, random.Random(rng.random()))
        first, second = _try(one, action), _try(two, action)
        if isinstance(first, str) or isinstance(second, str):
            if action.actor == viewer and first != second:
                check.fail(
                    one, f"the answer to the viewer's {action.type}", [f"{first!r} != {second!r}"[:400]]
                )
            ended_by = "choice"
            break
        one, two = first[0], second[0]
        steps += 1
        if _apart(one, two, first[1], second[1], viewer, changed):
            # The viewer saw different cards (a drive check, a card revealed and put back within the
            # action): from here the twins may differ openly.
            ended_by = "revealed"
            break
        check.same(one, two, (first[1], second[1]))
        # The passes the match makes by itself now, pass for pass, until the twins may differ.
        runs = automatic_passes(one), automatic_passes(two)
        apart = False
        for index in range(max(len(runs[0]), len(runs[1]))):
            made = [run[index] if index < len(run) else None for run in runs]
            if made[0] is None or made[1] is None or made[0][0] != made[1][0]:
                shown = [None if item is None else item[0] for item in made]
                check.fail(one, "the automatic passes", [f"{shown[0]!r} != {shown[1]!r}"[:400]])
            assert made[0] is not None and made[1] is not None
            one, two = made[0][1], made[1][1]
            automatic += 1
            if _apart(one, two, made[0][2], made[1][2], viewer, changed):
                apart = True
                break
            check.same(one, two, (made[0][2], made[1][2]))
        if apart:
            ended_by = "revealed"
            break
    return Window(start.version, viewer, len(changed), steps, ended_by, automatic)


def _apart(
    one: MatchState,
    two: MatchState,
    first: Sequence[Event],
    second: Sequence[Event],
    viewer: Viewer,
    changed: frozenset[int],
) -> bool:
    """Whether the twins may differ openly from here: one of the shuffled cards became known to the
    viewer, or the viewer was shown different cards."""
    return (
        _revealed(one, viewer, changed)
        or _revealed(two, viewer, changed)
        or _seen(first, viewer) != _seen(second, viewer)
    )


class TwinChecker:
    """The hidden-information check of a random game's walk (:class:`engine.match.simulate.Walk`, whose
    seats play with random stops and the match's automatic passes after every action): it keeps each
    step's state and action, and at the end compares ``windows`` twin windows started at random points
    of the game, for random viewers (:func:`compare_window`)."""

    def __init__(self, walk: Walk, *, windows: int = 4, length: int = 40) -> None:
        self.walk = walk
        self.windows = windows
        self.length = length
        self.states: list[MatchState] = []
        self.actions: list[BaseAction] = []

    def step(self, step: Step) -> None:
        self.states.append(step.before)
        self.actions.append(step.action)

    def end(self) -> list[Window]:
        walk = self.walk
        origin = origins(walk.definition, walk.decks)
        picker = random.Random(f"arbiter-twins:{walk.seed}:{walk.game}")
        states = self.states or [walk.start]
        out = []
        for _ in range(self.windows):
            index = picker.randrange(len(self.actions)) if self.actions else 0
            viewer: Viewer = picker.choice((0, 1, None))
            others_only = viewer is not None and picker.random() < 0.6
            across_owners = viewer is None and picker.random() < 0.5
            out.append(
                compare_window(
                    walk.definition,
                    walk.label,
                    states[index],
                    self.actions[index:],
                    viewer,
                    origin,
                    picker,
                    others_only=others_only,
                    length=self.length,
                    across_owners=across_owners,
                )
            )
        return out


def check_game(
    definition: GameDefinition,
    seed: int,
    game: int,
    *,
    windows: int = 4,
    length: int = 40,
    max_actions: int = 20_000,
) -> list[Window]:
    """Play one random game (:class:`engine.match.simulate.Walk`) and compare ``windows`` twin windows
    started at random points of it, for random viewers (:class:`TwinChecker`)."""
    walk = Walk(definition, seed, game, max_actions)
    check = TwinChecker(walk, windows=windows, length=length)
    for step in walk.steps():
        check.step(step)
    return check.end()
