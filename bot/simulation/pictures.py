"""The README's pictures of a match on Discord, generated: ``arbiter match pictures [--out DIR]``.

Moments every player of these games knows: a Vanguard guard step (the defender's panel asks Guard or
No guard), a Duel Masters shield break (the attacker's panel offers the break) and a Vanguard main
phase (each card of the hand with Call beside it; its panel only). Each is reached
by playing a seeded random match (the simulator's random players) until it comes; then the public
board and the deciding player's DM panel are laid out exactly as Discord is sent them (Components V2
layouts: :func:`bot.render.match.board_layout`, :func:`bot.render.match.seat_layout`) and drawn as
Discord shows them (:func:`bot.render.panel_image.layout_picture`). The same seed gives the same
pictures.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.render import match as mr
from bot.render.panel_image import layout_picture
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.games import game_definition
from engine.match.offers import Offer, offers
from engine.match.render import render_all
from engine.match.setup import new_match, opening_events
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import MatchState, MatchStatus
from engine.match.view import view, waiting_for

MOST_ACTIONS = 3_000


@dataclass(frozen=True)
class Moment:
    """A moment to picture: the game, a name for its files, when it has come (the seat deciding and its
    offers), and whether the board is pictured too (else the panel only)."""

    game: str
    name: str
    came: Callable[[MatchState, int, list[Offer]], bool]
    board: bool = True


def _main_phase(state: MatchState, seat: int, listed: list[Offer]) -> bool:
    """A Vanguard main phase with a hand to call from: several cards, each with Call beside it."""
    return any(offer.type == "vg_call" for offer in listed) and len(state.zone("hand", seat)) >= 5


MOMENTS = (
    Moment("vanguard", "vanguard-guard-step", lambda s, seat, o: any(x.type == "vg_guard" for x in o)),
    Moment(
        "duelmasters", "duel-masters-shield-break", lambda s, seat, o: any(x.type == "dm_break" for x in o)
    ),
    Moment("vanguard", "vanguard-main-phase", _main_phase, board=False),
)


def reach(moment: Moment, seed: int = 1) -> tuple[MatchState, int, list[Offer]]:
    """Play seeded random matches of the moment's game until the moment comes; the state, the seat
    deciding and its offers."""
    state, seat, listed, _ = _reach(moment, seed)
    return state, seat, listed


def _reach(moment: Moment, seed: int) -> tuple[MatchState, int, list[Offer], list[Event]]:
    definition = game_definition(moment.game)
    for number in range(1, 50):
        rng = random.Random(f"pictures:{moment.game}:{seed}:{number}")
        state = new_match(
            definition.spec, PLAYERS, [definition.random_deck(rng) for _ in PLAYERS], game_seed(seed, number)
        )
        events = opening_events(state)
        for _ in range(MOST_ACTIONS):
            if state.status != MatchStatus.PLAYING:
                break
            seat = waiting_for(view(state, None))
            listed = offers(state, seat) if seat is not None else []
            if seat is not None and moment.came(state, seat, listed):
                return state, seat, listed, events
            for action in definition.random_actions(state, rng):
                try:
                    state, happened = apply(state, action)
                except ActionRefused:
                    continue
                events.extend(happened)
                break
    raise RuntimeError(f"no {moment.name} came in 49 seeded matches")


def pictures(moment: Moment, seed: int = 1, match_id: int = 1) -> dict[str, bytes]:
    """The board message and the deciding player's DM panel at the moment, as PNG files by name: each
    laid out as the bot sends it to Discord, drawn as Discord shows it."""
    state, seat, listed, events = _reach(moment, seed)
    public = view(state, None)
    lines = render_all(events, state, None)[-mr.LAST_LINES :]
    board = mr.with_picture(
        mr.board_panel(public, lines, match_id=match_id, counts=True), public, match_id=match_id
    )
    mine = view(state, seat)
    where = " · board: #match"
    panel = mr.seat_layout(mine, listed, match_id=match_id, seat=seat, version=state.version, where=where)
    drawn = {f"{moment.name}-board.png": layout_picture(mr.board_layout(board))} if moment.board else {}
    drawn[f"{moment.name}-dm-panel.png"] = layout_picture(panel)
    return drawn


def write_pictures(folder: Path, seed: int = 1) -> list[Path]:
    """Every moment's pictures written into ``folder``; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for moment in MOMENTS:
        for name, data in pictures(moment, seed).items():
            path = folder / name
            path.write_bytes(data)
            written.append(path)
    return written
