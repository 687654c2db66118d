"""Building Force of Will positions for the scenario tests: deck builders and the game's shortcuts
(passing priority until a step, placing a card as controlled since the start of the turn), over the
shared harness (:class:`tests.engine.match.games.harness.Scenario`) that starts matches, acts and checks
refusals."""

from __future__ import annotations

import copy
import functools
from typing import Any

from engine.match.actions import BaseAction, CardAt, PassPriority
from engine.match.events import Event
from engine.match.games.forceofwill import DEFINITION
from engine.match.games.forceofwill.spec import MAIN, S_MAIN
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.harness import Scenario


def card(name: str, **stats: Any) -> CardRef:
    return CardRef(name, f"T-{name[:12]}", tuple(sorted(stats.items())))


def resonator(name: str, atk: int, dfn: int, **more: Any) -> CardRef:
    return card(name, type="resonator", atk=atk, **{"def": dfn}, cost=1, **more)


def deck(who: str, size: int = 40) -> dict[str, list[CardRef]]:
    """A ruler (J-ruler side 1200/1000), ``size`` unique resonators and ten fire magic stones."""
    ruler = card(f"{who} Ruler", type="ruler", attribute="fire", j_atk=1200, j_def=1000)
    main = [resonator(f"{who} Knight {n:02d}", 500, 500) for n in range(1, size + 1)]
    stone = card("Fire Magic Stone", type="magic stone", attribute="fire")
    return {"ruler_area": [ruler], "deck": main, "stone_deck": [stone] * 10}


def new(first: int = 0, decks: list[dict[str, list[CardRef]]] | None = None) -> MatchState:
    """A match at setup (405): hands drawn, waiting for the mulligans."""
    return Scenario(DEFINITION, decks or [deck("Alice"), deck("Bob")], first=first).state


def play(state: MatchState, action_type: type[BaseAction], actor: int, **fields: Any) -> MatchState:
    return step(state, action_type, actor, **fields)[0]


def step(
    state: MatchState, action_type: type[BaseAction], actor: int, **fields: Any
) -> tuple[MatchState, list[Event]]:
    """Apply an action through the shared harness (:meth:`Scenario.act`, which also checks the game's
    invariants); the new state and the action's events."""
    game = scenario(state)
    events = game.act(actor, action_type, **fields)
    return game.state, events


def refused(
    state: MatchState, action_type: type[BaseAction], actor: int, *, rule: str | None = None, **fields: Any
) -> str:
    """The sentence refusing an action, which cites ``rule`` (:meth:`Scenario.refused`)."""
    return scenario(state).refused(actor, action_type, rule=rule, **fields)


def scenario(state: MatchState) -> Scenario:
    """The shared harness playing on from a position."""
    game = copy.copy(_blank())
    game.state = state
    game.events = []
    return game


@functools.cache
def _blank() -> Scenario:
    return Scenario(DEFINITION, [deck("Alice"), deck("Bob")])


def started(
    first: int = 0, decks: list[dict[str, list[CardRef]]] | None = None, *, triggers: bool = False
) -> MatchState:
    """Both players keep their hands: turn 1, its main phase (the first draw phase has no priority
    sequence, 502.1-502.5); with ``triggers``, the first player declared abilities that trigger as it
    begins, so the game waits in that draw phase (502.1)."""
    from engine.match.games.forceofwill.actions import Mulligan

    state = new(first, decks)
    state = play(state, Mulligan, first, triggers=triggers)
    return play(state, Mulligan, 1 - first)


def pass_both(state: MatchState) -> MatchState:
    """The priority holder passes, then the other player: 605.1's consecutive passes."""
    state = play(state, PassPriority, state.board.priority)
    return play(state, PassPriority, state.board.priority)


def to_main(state: MatchState) -> MatchState:
    """Pass until the turn player's main phase (main step) of the current or next turn."""
    for _ in range(20):
        if state.board.phase == MAIN and state.board.step == S_MAIN:
            return state
        state = pass_both(state)
    raise AssertionError("never reached the main phase")


def next_turn_main(state: MatchState) -> MatchState:
    turn = state.board.turn
    while state.board.turn == turn:
        state = pass_both(state)
    return to_main(state)


def find(state: MatchState, name: str) -> CardAt:
    match = state.match
    for slot, ids in enumerate(state.board.zones):
        for index, card_id in enumerate(ids):
            if state.ref(card_id).name == name:
                return CardAt(zone=match.slot_spec[slot].name, player=match.slot_player[slot], index=index)
    raise AssertionError(f"no card {name}")


def card_id(state: MatchState, name: str) -> int:
    at = find(state, name)
    return state.zone(at.zone, at.player)[at.index]


def place(
    state: MatchState, name: str, zone: str = "field", rested: bool = False, new: bool = False
) -> MatchState:
    """Set up a position: put a card (by name) into a zone of its owner (the field: under its owner's
    control), as controlled since the start of the turn (803.3, 905.3) unless ``new``."""
    game = scenario(state)
    cid = game.place(card_id(state, name), zone, orientation=1 if rested else None)
    if new:
        return game.state
    board = game.state.board
    key = "since" if board.cards[cid].owner == board.active else "since_other"
    return game.state.evolve(board=board.with_data(**{key: sorted({*board.data(key, ()), cid})}))


def life(state: MatchState, seat: int) -> int:
    return state.value(seat, "life")
