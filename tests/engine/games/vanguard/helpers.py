"""Building blocks for the Vanguard scenario tests: decks with known cards, board arrangement through
the engine's own :func:`move_cards`, and actions applied with their log lines."""

from __future__ import annotations

from typing import Any

from engine.match.actions import CardAt, NextPhase, PassTurn
from engine.match.apply import apply, move_cards
from engine.match.games import load_definitions
from engine.match.games.vanguard import VgRedraw
from engine.match.render import render_all
from engine.match.setup import new_match
from engine.match.state import CardRef, MatchState

DEFINITION = load_definitions()["vanguard"]
SPEC = DEFINITION.spec
PLAYERS = ("Alice", "Bob")
SEED = bytes(range(32))
PREFIX = ("Alpha", "Beta")


def unit(
    name: str,
    grade: int,
    power: int,
    *,
    shield: int | None = None,
    trigger: str | None = None,
    skill: str | None = None,
    clan: str = "Royal Paladin",
) -> CardRef:
    stats: list[tuple[str, int | str]] = [("grade", grade), ("power", power), ("critical", 1), ("clan", clan)]
    if shield is not None:
        stats.append(("shield", shield))
    if trigger is not None:
        stats += [("trigger", trigger), ("trigger_power", 10000)]
    if skill is not None:
        stats.append(("skill", skill))
    return CardRef(name, "", tuple(sorted(stats)))


def deck(seat: int, *, g_units: int = 0) -> dict[str, list[CardRef]]:
    """A 50-card deck: a grade 0 first vanguard, triggers of each kind, grade 1-3 units, fillers."""
    p = PREFIX[seat]
    cards = [
        *[unit(f"{p} Critical", 0, 5000, shield=10000, trigger="critical", skill="boost")] * 4,
        *[unit(f"{p} Draw", 0, 5000, shield=10000, trigger="draw", skill="boost")] * 4,
        *[unit(f"{p} Heal", 0, 5000, shield=10000, trigger="heal", skill="boost")] * 4,
        *[unit(f"{p} Stand", 0, 5000, shield=10000, trigger="stand", skill="boost")] * 2,
        *[unit(f"{p} Front", 0, 5000, shield=10000, trigger="front", skill="boost")] * 2,
        *[unit(f"{p} Squire", 1, 8000, shield=5000, skill="boost")] * 12,
        *[unit(f"{p} Knight", 2, 10000, shield=5000, skill="intercept")] * 11,
        *[unit(f"{p} King", 3, 13000, skill="twin drive")] * 10,
    ]
    gzone = [unit(f"{p} Stride", 4, 15000, skill="triple drive")] * g_units
    return {"vc": [unit(f"{p} Starter", 0, 5000, skill="boost")], "deck": cards, "gzone": gzone}


def start(first: int = 0, g_units: int = 0, decks: list[Any] | None = None) -> MatchState:
    decks = decks or [deck(0, g_units=g_units), deck(1, g_units=g_units)]
    return new_match(SPEC, PLAYERS, decks, SEED, first_player=first)


def act(state: MatchState, action: Any, viewer: int | None = 0) -> tuple[MatchState, list[str]]:
    """Apply an action; the new state and the lines ``viewer`` reads."""
    new, events = apply(state, action)
    return new, render_all(events, new, viewer)


def do(state: MatchState, cls: type, actor: int, **fields: Any) -> MatchState:
    return act(state, cls(actor=actor, version=state.version, **fields))[0]


def find(state: MatchState, player: int, zone: str, name: str) -> int:
    """The index of the first card of that name in a zone."""
    for index, card in enumerate(state.zone(zone, player)):
        if state.ref(card).name == name:
            return index
    raise AssertionError(f"no {name} in {zone} of player {player}")


def names(state: MatchState, player: int, zone: str) -> list[str]:
    return [state.ref(card).name for card in state.zone(zone, player)]


def place(
    state: MatchState, player: int, name: str, zone: str, *, source: str = "deck", position: str = "top"
) -> MatchState:
    """Move a card of that name from ``source`` to ``zone`` with the engine's move (board setup)."""
    src = state.slot(source, player)
    card = state.zone(source, player)[find(state, player, source, name)]
    face = "up" if zone != "deck" else "down"
    board, _ = move_cards(state, state.board, player, [(src, card)], state.slot(zone, player), position, face)
    return state.evolve(board=board)


def begin(first: int = 0, g_units: int = 0) -> MatchState:
    """Both players keep their hands: the first player's turn 1 has begun (Stand Up, draw)."""
    state = start(first, g_units)
    state = do(state, VgRedraw, first)
    return do(state, VgRedraw, 1 - first)


def to_battle(state: MatchState, player: int) -> MatchState:
    return do(state, NextPhase, player, to="battle")


def second_turn(first: int = 0, g_units: int = 0) -> MatchState:
    """The second player's turn 2, in their main phase."""
    state = begin(first, g_units)
    state = do(state, NextPhase, first, to="main")
    state = do(state, PassTurn, first)
    return do(state, NextPhase, 1 - first, to="main")


def at(zone: str, index: int = 0, player: int | None = None) -> CardAt:
    return CardAt(zone=zone, index=index, player=player)
