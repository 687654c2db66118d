"""A match played out in the offline console as its two players type it: each move read from
``/match hand`` (the numbered offers) and typed as ``/match take ID N field:choice ...``, with its
choices by option number. Which offer a player takes is the game's random player's choice
(:meth:`engine.match.game.GameDefinition.random_actions`), found among the offers as ``arbiter match
play`` finds it; where the game has a mulligan or redraw, each player takes it first. No player
concedes."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.app import App
from bot.console import Console
from engine.match.actions import BaseAction
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.offers import CardsNeed, Offer, PickNeed, covering, offers
from engine.match.simulate import game_seed
from engine.match.state import MatchState
from engine.match.stops import windows_now

MOST = 2_000
"""The most moves a match may take before it is called stalled."""


def option_numbers(need: CardsNeed | PickNeed, value: Any) -> list[str]:
    """A menu's choice as its option numbers from 1 (none for an optional choice left empty)."""
    if isinstance(need, PickNeed):
        return [str(list(need.options).index(value) + 1)]
    chosen = value if isinstance(value, tuple | list) else ([] if value is None else [value])
    keys = [at.index for at in need.options] if need.indexes else list(need.options)
    return [str(keys.index(item) + 1) for item in chosen]


def typed_words(offer: Offer, choices: dict[str, Any]) -> list[str]:
    """The choices as a player types them, ``field:choice`` each: cards and picks by option number."""
    words = []
    for need in offer.needs:
        if need.field not in choices:
            continue
        value = choices[need.field]
        if isinstance(need, CardsNeed | PickNeed):
            numbers = option_numbers(need, value)
            if numbers:
                words.append(f"{need.field}:{','.join(numbers)}")
        elif value is not None:
            words.append(f"{need.field}:{value}")
    return words


def typed(offer: Offer, choices: dict[str, Any]) -> str:
    """The choices as the console reads them, each word quoted (a text choice may hold spaces)."""
    return " ".join(f'"{word}"' for word in typed_words(offer, choices))


def next_move(
    state: MatchState, game: str, rng: random.Random, setup: set[int], first: str | None
) -> BaseAction:
    """The move a player makes now: the setup action once each, else the random player's first
    accepted action."""
    definition = game_definition(game)
    if first is not None:
        for seat in (0, 1):
            if seat in setup:
                continue
            offer = next((o for o in offers(state, seat) if o.type == first), None)
            if offer is not None:
                setup.add(seat)
                return offer.build(seat, state.version, offer.sample(rng))
    for action in definition.random_actions(state, rng):
        try:
            apply(state, action)
        except ActionRefused:
            continue
        return action
    raise AssertionError(f"no accepted action at version {state.version}")


async def read_offer(console: Console, match_id: int, name: str, number: int, label: str) -> str:
    """The page of the player's panel that shows offer ``number`` (labelled ``label``), read as the player
    reads it: ``/match hand``, then its next pages until the offer is there."""
    panel = await console.handle(f"/match hand {match_id} as:{name}")
    page = 1
    while f"{number}. {label}" not in panel and f"page:{page + 1} " in panel + " ":
        page += 1
        panel = await console.handle(f"/match hand {match_id} page:{page} as:{name}")
    return panel


@dataclass
class Typed:
    """What the players of a typed match typed: each ``/match take`` a command, the reads of the panel
    aside (each command's reply is the player's panel)."""

    taken: Counter[str] = field(default_factory=Counter)
    """The action types taken, counted."""
    passes: int = 0
    """Commands that passed priority: the game's own pass at a window that is not a decision the rules
    ask for (:func:`is_priority_pass`)."""
    turn_of: list[int] = field(default_factory=list)
    """The turn each command was typed in."""
    lines: list[str] = field(default_factory=list)
    """Each command, as ``seat: type`` (what a reader of the match's commands needs)."""
    turns: int = 0
    """The turns the match lasted."""

    @property
    def commands(self) -> int:
        return sum(self.taken.values())

    @property
    def per_turn(self) -> float:
        """Commands per turn, both players together."""
        return self.commands / max(self.turns, 1)

    @property
    def pass_share(self) -> float:
        """The share of commands that passed priority."""
        return self.passes / max(self.commands, 1)


def is_priority_pass(state: MatchState, action: BaseAction) -> bool:
    """Whether ``action`` passes priority (``pass_priority``: a response not made, a phase ended by both
    passing) at a window that is not a decision the rules ask for (block or no block, guard or no
    guard, a Shield Trigger: answered either way, whatever the button says)."""
    return action.type == "pass_priority" and not any(window.decision for window in windows_now(state))


async def play_out(
    console: Console, app: App, match_id: int, rng: random.Random, first: str | None = None
) -> Typed:
    """Play match ``match_id`` to its end as its players type it (see the module doc): what they
    typed."""
    setup: set[int] = set()
    typed_out = Typed()
    taken = typed_out.taken
    state = await app.matches.state(match_id)
    game = state.match.spec.key
    while state.status == "playing":
        assert sum(taken.values()) < MOST, f"{game}: match {match_id} did not end after {MOST} moves"
        action = next_move(state, game, rng, setup, first)
        offer = covering(state, action)
        assert offer is not None, f"no offer covers {action!r}"
        number = offers(state, action.actor).index(offer) + 1
        name = state.match.players[action.actor]
        panel = await read_offer(console, match_id, name, number, offer.label)
        assert f"{number}. {offer.label}" in panel, (number, offer.label, panel)
        choices = typed(offer, offer.choices_of(action, state))
        command = " ".join(f"/match take {match_id} {number} {choices} as:{name}".split())
        reply = await console.handle(command)
        after = await app.matches.state(match_id)
        assert after.version > state.version, f"{command}: {reply}"
        taken[action.type] += 1
        typed_out.passes += is_priority_pass(state, action)
        typed_out.turn_of.append(state.board.turn)
        typed_out.lines.append(f"{action.actor}: {action.type}")
        state = after
    typed_out.turns = state.board.turn
    return typed_out


SETUP = {"forceofwill": "fow_mulligan", "vanguard": "vg_redraw"}
"""The setup action each player of a game takes first (a mulligan, a redraw), where it has one."""


async def typed_matches(
    app: App, game: str, seeds: Sequence[int], names: tuple[str, str] = ("Ann", "Ben"), *, full: bool = False
) -> list[Typed]:
    """Whole matches of ``game`` with practice decks, one per seed, each played to its end as its two
    players type it (:func:`play_out`) with their stops: the game's defaults, or every stop
    (``full``: full control, what a match was before stops)."""
    console = Console(app)
    if full:
        for name in names:
            await console.handle(f"/match stops {game} full:on as:{name}")
    out: list[Typed] = []
    for seed in seeds:
        app.challenges.randomness = partial(random.Random, seed)
        app.challenges.match_seed = partial(game_seed, seed, 1)
        challenged = await console.handle(
            f"/match challenge {game} opponent:{names[1]} deck:practice as:{names[0]}"
        )
        number = re.search(r"#(\d+): ", challenged)
        assert number, challenged
        board = await console.handle(f"/match accept {number[1]} deck:practice as:{names[1]}")
        begun = re.search(r"Match #(\d+) begins", board)
        assert begun, board
        match_id = int(begun[1])
        rng = random.Random(f"console-{game}-{seed}")
        out.append(await play_out(console, app, match_id, rng, SETUP.get(game)))
    return out
