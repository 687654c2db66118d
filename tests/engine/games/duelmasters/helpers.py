"""Building Duel Masters positions for the scenario tests."""

from __future__ import annotations

from typing import Any

from engine.match.actions import BaseAction, CardAt, PassPriority
from engine.match.apply import apply, move_cards
from engine.match.events import Event
from engine.match.games.duelmasters import DEFINITION, SPEC
from engine.match.games.duelmasters.actions import Attack
from engine.match.render import render_all
from engine.match.setup import new_match
from engine.match.state import CardRef, MatchState

PLAYERS = ("Alice", "Bob")
SEED = bytes(range(32))


def card(name: str, **stats: int | str) -> CardRef:
    return CardRef(name, "", tuple(sorted(stats.items())))


def creature(name: str, power: int, cost: int = 2, civ: str = "fire", **flags: int) -> CardRef:
    return card(name, type="creature", cost=cost, power=power, civilizations=civ, **flags)


FILLER = creature("Filler Beast", 1000, cost=9)


def deck(*specials: CardRef, size: int = 40) -> list[CardRef]:
    """A 40-card deck: the special cards and fillers."""
    return [*specials, *([FILLER] * (size - len(specials)))]


def start(decks: tuple[list[CardRef], list[CardRef]] | None = None, first: int = 0) -> MatchState:
    """A new match (Alice first unless said otherwise)."""
    decks = decks or (deck(), deck())
    return new_match(SPEC, PLAYERS, [{"deck": d} for d in decks], SEED, first_player=first)


def find(state: MatchState, name: str, zone: str | None = None, player: int | None = None) -> int:
    """The id of the first card of that name (in a zone / of an owner, if given)."""
    for slot, ids in enumerate(state.board.zones):
        spec = state.match.slot_spec[slot]
        if zone is not None and spec.name != zone:
            continue
        for card_id in ids:
            if state.ref(card_id).name == name and (player is None or state.card(card_id).owner == player):
                return card_id
    raise AssertionError(f"no {name} in {zone}")


def at(state: MatchState, card_id: int) -> CardAt:
    """The position of a card, as actions name it."""
    for slot, ids in enumerate(state.board.zones):
        if card_id in ids:
            return CardAt(
                zone=state.match.slot_spec[slot].name,
                player=state.match.slot_player[slot],
                index=ids.index(card_id),
            )
    raise AssertionError(f"card {card_id} is in no zone")


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
    owner = player if owner is None else owner
    card_id = find(state, name, player=owner)
    source = next(s for s, ids in enumerate(state.board.zones) if card_id in ids)
    shared = state.match.zone_specs[zone].shared
    dest = state.match.slot_of[(zone, None if shared else player)]
    orientation = (1 if tapped else 0) if state.match.zone_specs[zone].orientable else None
    board, _ = move_cards(state, state.board, player, [(source, card_id)], dest, orientation=orientation)
    if zone == "battle_zone" and ready:
        board = board.with_data(ready=[*board.data("ready", ()), card_id])
    return state.evolve(board=board), card_id


def with_data(state: MatchState, **data: Any) -> MatchState:
    return state.evolve(board=state.board.with_data(**data))


def act(
    state: MatchState, action_type: type[BaseAction], actor: int, **fields: Any
) -> tuple[MatchState, list[Event]]:
    """Apply an action (with the state's version) and check the game's invariants."""
    new, events = apply(state, action_type(actor=actor, version=state.version, **fields))
    DEFINITION.check_invariants(new)
    return new, events


def lines(events: list[Event], state: MatchState, viewer: int | None) -> list[str]:
    return render_all(events, state, viewer)


def step(state: MatchState) -> str:
    phase = state.spec.phases[state.board.phase]
    return phase.steps[state.board.step].name


def attack(state: MatchState, attacker: int, target: int | None = None, **fields: Any) -> MatchState:
    """Alice's ``attacker`` attacks (``target`` a creature, or the player) and she passes the window of
    her attack triggers, having none (506.3b-c)."""
    aimed = {} if target is None else {"target": at(state, target)}
    state, _ = act(state, Attack, 0, attacker=at(state, attacker), **aimed, **fields)
    state, _ = act(state, PassPriority, 0)
    return state
