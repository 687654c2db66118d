"""Duel Masters shortcuts for the scenario tests, over the one harness of the four games
(:class:`tests.engine.match.games.harness.Scenario`): deck builders, and a functional style (a state in, a
state out) that resumes a :class:`Scenario` at a state to act, refuse, read lines and arrange
positions."""

from __future__ import annotations

from typing import Any

import pytest

from engine.match.actions import BaseAction, CardAt, NextStep, PassPriority
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.games.duelmasters import DEFINITION, SPEC
from engine.match.games.duelmasters.actions import (
    Attack,
    UseCard,
)
from engine.match.state import CardRef, MatchState
from tests.engine.match.games.harness import (
    ALICE,
    PLAYERS,
    SEED,
    Scenario,
    cites_rule,
)

__all__ = [
    "PLAYERS",
    "SEED",
    "SPEC",
    "At",
    "act",
    "at",
    "attack",
    "card",
    "creature",
    "deck",
    "find",
    "lines",
    "place",
    "refused",
    "start",
    "step",
    "with_data",
]


class At(Scenario):
    """A Duel Masters scenario resumed at a state (what the functional helpers below act on)."""

    def __init__(self, state: MatchState) -> None:
        self.definition = DEFINITION
        self.state = state
        self.events: list[Event] = []


def card(name: str, **stats: int | str) -> CardRef:
    return CardRef(name, "", tuple(sorted(stats.items())))


def creature(name: str, power: int, cost: int = 2, civ: str = "fire", **flags: int) -> CardRef:
    return card(name, type="creature", cost=cost, power=power, civilizations=civ, **flags)


FILLER = creature("Filler Beast", 1000, cost=9)


def deck(*specials: CardRef, size: int = 40) -> list[CardRef]:
    """A 40-card deck: the special cards and fillers."""
    return [*specials, *([FILLER] * (size - len(specials)))]


def start(decks: tuple[list[CardRef], list[CardRef]] | None = None, first: int = ALICE) -> MatchState:
    """A new match (Alice first unless said otherwise)."""
    decks = decks or (deck(), deck())
    return Scenario(DEFINITION, [{"deck": d} for d in decks], first=first).state


def find(state: MatchState, name: str, zone: str | None = None, player: int | None = None) -> int:
    """The id of the first card of that name (in a zone / of an owner, if given)."""
    return At(state).find(name, zone, player)


def at(state: MatchState, card_id: int) -> CardAt:
    """The position of a card, as actions name it."""
    return At(state).at(card_id)


def place(
    state: MatchState,
    name: str,
    zone: str,
    player: int,
    *,
    owner: int | None = None,
    tapped: bool = False,
    ready: bool = True,
) -> tuple[MatchState, int]:
    """Put a card of an owner's (default: ``player``) into a zone, as if it had been there (test setup);
    creatures put into the battle zone are ready to attack unless ``ready`` is False."""
    game = At(state)
    card_id = game.find(name, owner=player if owner is None else owner)
    orientation = (1 if tapped else 0) if state.match.zone_specs[zone].orientable else None
    game.place(card_id, zone, player, orientation=orientation)
    if zone == "battle_zone" and ready:
        game.set_data(ready=[*game.state.board.data("ready", ()), card_id])
    return game.state, card_id


def with_data(state: MatchState, **data: Any) -> MatchState:
    game = At(state)
    game.set_data(**data)
    return game.state


def act(
    state: MatchState, action_type: type[BaseAction], actor: int, **fields: Any
) -> tuple[MatchState, list[Event]]:
    """Apply an action (with the state's version) and check the game's invariants."""
    game = At(state)
    events = game.act(actor, action_type, **fields)
    return game.state, events


def refused(
    state: MatchState, action_type: type[BaseAction], actor: int, message: str, **fields: Any
) -> None:
    """The action is refused with that sentence and changes nothing (through :meth:`Scenario.refused`,
    which also checks the rule the sentence cites, when it cites one)."""
    before = state.to_json()
    if cites_rule(message):
        said = At(state).refused(actor, action_type, **fields)
    else:  # the engine's own refusals (a card position, an action out of place) cite no rule
        with pytest.raises(ActionRefused) as error:
            At(state).act(actor, action_type, **fields)
        said = str(error.value)
    assert said == message, said
    assert state.to_json() == before


def lines(events: list[Event], state: MatchState, viewer: int | None) -> list[str]:
    return At(state).lines(viewer, events)


def step(state: MatchState) -> str:
    return At(state).step()


def attack(state: MatchState, attacker: int, target: int | None = None, **fields: Any) -> MatchState:
    """Alice's ``attacker`` attacks (``target`` a creature, or the player) and she passes the window of
    her attack triggers, having none (506.3b-c)."""
    aimed = {} if target is None else {"target": at(state, target)}
    state, _ = act(state, Attack, 0, attacker=at(state, attacker), **aimed, **fields)
    state, _ = act(state, PassPriority, 0)
    return state


def to_attack(state: MatchState) -> MatchState:
    """From the charge step to the attack declaration step of the active player."""
    active = state.board.active
    state, _ = act(state, NextStep, active)
    state, _ = act(state, NextStep, active)
    assert step(state) == "attack_declaration"
    return state


SMALL = creature("Small Fry", 2000, cost=2)


EVO = card("Evo Dragon", type="creature", cost=2, power=9000, civilizations="fire", evolution=1)


def to_main(state: MatchState) -> MatchState:
    state, _ = act(state, NextStep, 0)
    assert step(state) == "main"
    return state


def evolved(base_tapped: bool = False) -> tuple[MatchState, int, int]:
    """Alice evolves Evo Dragon onto her Small Fry in her main step (801.1)."""
    state = start((deck(SMALL, EVO), deck(SMALL)))
    state, fry = place(state, "Small Fry", "battle_zone", 0, tapped=base_tapped)
    state, evo = place(state, "Evo Dragon", "hand", 0)
    mana = []
    for _ in range(2):
        state, m = place(state, "Filler Beast", "mana", 0)
        mana.append(m)
    state = to_main(state)
    used = {"card": at(state, evo), "mana": tuple(at(state, m) for m in mana), "onto": at(state, fry)}
    state, events = act(state, UseCard, 0, **used)
    assert "Alice summons Evo Dragon onto Small Fry (evolution, 801.1), tapping 2 mana." in lines(
        events, state, 1
    )
    return state, fry, evo
