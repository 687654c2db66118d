"""What one face of a card shows, read from its record: the colour identity, the type line, the tags
and the stats."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.card_image.colours import NEUTRAL, RGB
from bot.render.card_image.fonts import _clean
from bot.render.card_image.games import GENERIC, CardImageGame, _as_list
from engine.cards.model import CardRecord, StatValue
from engine.games import GAMES


def _drawn(game: str) -> CardImageGame:
    """How a card image draws the game's faces: its row of ``bot/render/games.py``."""
    from bot.render.games import render_of  # the table imports the board layouts, which draw cards

    render = render_of(game)
    return GENERIC if render is None else render.card_image


def _identity(game: str, stats: dict[str, StatValue]) -> list[tuple[str, RGB]]:
    """The colour identity a game's stats give, as (name, colour) pairs; empty when none."""
    return list(dict.fromkeys(_drawn(game).identity(stats)))


@dataclass(frozen=True)
class _Face:
    """What one face of a card shows."""

    game: str
    name: str
    types: list[str]
    cost: str | None
    text: str
    stats: dict[str, StatValue]
    identity: list[tuple[str, RGB]]
    index: int
    count: int


def _face(card: CardRecord, face: int) -> _Face:
    count = 1 + len(card.faces)
    if not 0 <= face < count:
        raise ValueError(f"{card.name!r} has {count} face(s); there is no face {face}")
    if face == 0:
        text = card.text or (" · ".join(card.keywords) if card.keywords else "")
        return _Face(
            card.game,
            card.name,
            card.types,
            card.cost,
            text,
            card.stats,
            _identity(card.game, card.stats),
            0,
            count,
        )
    other = card.faces[face - 1]
    stats = dict(other.stats)
    # A face without its own colour identity (a J-Ruler side) shares the card's.
    keys = _drawn(card.game).identity_stats
    if not any(stats.get(key) for key in keys):
        stats.update({k: v for k, v in card.stats.items() if k in keys})
    return _Face(
        card.game,
        other.name,
        other.types,
        other.cost,
        other.text,
        stats,
        _identity(card.game, stats),
        face,
        count,
    )


def identity_colours(card: CardRecord, *, face: int = 0) -> list[RGB]:
    """The frame colours of a card face: one per civilization/attribute/nation/faction, or neutral."""
    return [colour for _, colour in _face(card, face).identity] or [NEUTRAL]


def _type_line(face: _Face) -> str:
    parts = [" / ".join(_as_list(face.types)), *_drawn(face.game).type_line(face.stats)]
    parts.append(" / ".join(_as_list(face.stats.get("race"))))
    return " — ".join(p for p in parts if p)


def _tags(face: _Face) -> list[str]:
    tags = _drawn(face.game).tags(face.stats)
    return [" ".join(_clean(t, "bold").split())[:24] for t in tags if _clean(t).strip()][:5]


def _stats(face: _Face) -> list[tuple[str, str]]:
    """The stats bar of a face: (label, value) pairs, the missing ones left out."""
    pairs = _drawn(face.game).stats(face.stats)
    return [(label, value[:16]) for label, value in pairs if value]


def _thumbnail_stats(face: _Face) -> list[tuple[str, str]]:
    """At most three stats, the ones a board needs at a glance."""
    stats = _stats(face)
    return _drawn(face.game).thumbnail(stats) or stats[:3]


def _symbol_costs(face: _Face) -> bool:
    """Whether the face's cost badges take each symbol's colour (``{R}{1}``)."""
    return _drawn(face.game).symbol_costs or "{" in (face.cost or "")


def _game_name(game: str) -> str:
    return GAMES[game].name if game in GAMES else game
