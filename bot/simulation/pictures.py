"""The README's pictures of a match on Discord, generated: ``arbiter match pictures [--out DIR]``.

Two moments every player of these games knows: a Vanguard guard step (the defender's panel offers
Guard and No guard) and a Duel Masters shield break (the attacker's panel offers the break). Each is
reached by playing a seeded random match (the simulator's random players) until it comes; then the
public board (its message with the board picture and its buttons) and the deciding player's DM panel
(its message with the offers as buttons) are drawn as Discord shows them
(:func:`bot.render.panel_image.message_picture`). The same seed gives the same pictures.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.render import match as mr
from bot.render.board_image import board_png
from bot.render.panel_image import ButtonPicture, message_picture
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games import game_definition
from engine.match.offers import Offer, offers
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import MatchState
from engine.match.view import view, waiting_for

MOST_ACTIONS = 3_000
STYLES = {"now": "primary", "card text": "secondary", "main": "success", "more": "secondary"}


@dataclass(frozen=True)
class Moment:
    """A moment to picture: the game, a name for its files, and when it has come (the seat deciding
    and its offers)."""

    game: str
    name: str
    came: Callable[[MatchState, int, list[Offer]], bool]


MOMENTS = (
    Moment("vanguard", "vanguard-guard-step", lambda s, seat, o: any(x.type == "vg_guard" for x in o)),
    Moment(
        "duelmasters", "duel-masters-shield-break", lambda s, seat, o: any(x.type == "dm_break" for x in o)
    ),
)


def reach(moment: Moment, seed: int = 1) -> tuple[MatchState, int, list[Offer]]:
    """Play seeded random matches of the moment's game until the moment comes; the state, the seat
    deciding and its offers."""
    definition = game_definition(moment.game)
    for number in range(1, 50):
        rng = random.Random(f"pictures:{moment.game}:{seed}:{number}")
        state = new_match(
            definition.spec, PLAYERS, [definition.random_deck(rng) for _ in PLAYERS], game_seed(seed, number)
        )
        for _ in range(MOST_ACTIONS):
            if state.status != "playing":
                break
            seat = waiting_for(view(state, None))
            listed = offers(state, seat) if seat is not None else []
            if seat is not None and moment.came(state, seat, listed):
                return state, seat, listed
            for action in definition.random_actions(state, rng):
                try:
                    state, _ = apply(state, action)
                except ActionRefused:
                    continue
                break
    raise RuntimeError(f"no {moment.name} came in 49 seeded matches")


def pictures(moment: Moment, seed: int = 1, match_id: int = 1) -> dict[str, bytes]:
    """The board message and the deciding player's DM panel at the moment, as PNG files by name."""
    state, seat, listed = reach(moment, seed)
    public = view(state, None)
    board = mr.board_panel(public, [], match_id=match_id)
    board_buttons = [
        [ButtonPicture("My hand", "primary"), ButtonPicture("Watch"), ButtonPicture("Resend my panel")]
    ]
    mine = view(state, seat)
    panel = mr.hand_panel(mine, listed, match_id=match_id, seat=seat, choices=False)
    buttons = [
        [
            ButtonPicture(f"{n}. {offer.label}", STYLES[offer.group])
            for n, offer in enumerate(listed[row : row + 5], row + 1)
        ]
        for row in range(0, min(len(listed), 20), 5)
    ]
    names = " vs ".join(state.match.players)
    title = (
        f"**{names} · {state.match.spec.name} #{match_id}** (as of action {state.version}) · board: #match"
    )
    return {
        f"{moment.name}-board.png": message_picture(board, image=board_png(public), buttons=board_buttons),
        f"{moment.name}-dm-panel.png": message_picture(panel, content=title, buttons=buttons),
    }


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
