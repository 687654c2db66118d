"""What Discord shows of each game, one row per game keyed by its key in :data:`engine.games.GAMES`:
its board picture's layout (``bot/render/board_image/layouts.py``) and how a card image draws its
faces (``bot/render/card_image/games.py``). ``tests/architecture/test_games_registry.py`` checks that
every registered game has a row; a view or card of a game without one is drawn generically."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.board_image.layouts import DUEL_MASTERS, FORCE_OF_WILL, GATE_RULER, VANGUARD, Layout
from bot.render.card_image import games as card_image

__all__ = ["RENDERS", "GameRender", "render_of"]


@dataclass(frozen=True)
class GameRender:
    """The per-game pieces of the renderers."""

    board: Layout
    """Where the board picture puts each zone and value."""
    card_image: card_image.CardImageGame
    """The identity colours, type line, tags and stats a card image draws."""


RENDERS: dict[str, GameRender] = {
    "gateruler": GameRender(board=GATE_RULER, card_image=card_image.GATE_RULER),
    "forceofwill": GameRender(board=FORCE_OF_WILL, card_image=card_image.FORCE_OF_WILL),
    "vanguard": GameRender(board=VANGUARD, card_image=card_image.VANGUARD),
    "duelmasters": GameRender(board=DUEL_MASTERS, card_image=card_image.DUEL_MASTERS),
}
"""Each registered game's render pieces, by game key."""


def render_of(game: object) -> GameRender | None:
    """The render pieces of a game key (a view's or card's ``game``), or None for a game without."""
    return RENDERS.get(game) if isinstance(game, str) else None
