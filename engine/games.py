"""The four games Arbiter knows: their keys, names and aliases.

The words players use for each game's rules are data: ``engine/rules/words/<game>.toml``."""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import fuzz, process

from engine.errors import ArbiterError
from engine.text import shortened


@dataclass(frozen=True)
class Game:
    """A game as users name it."""

    key: str
    name: str
    aliases: tuple[str, ...]
    keep_words: frozenset[str] = frozenset()
    """Words that are stop words elsewhere but rules terms in this game (Force of Will's "will")."""


GAMES: dict[str, Game] = {
    "gateruler": Game(
        key="gateruler",
        name="Gate Ruler",
        aliases=("gr", "gate ruler", "gate-ruler", "gate"),
    ),
    "forceofwill": Game(
        key="forceofwill",
        name="Force of Will",
        aliases=("fow", "force of will", "force-of-will", "force"),
        keep_words=frozenset({"will"}),
    ),
    "vanguard": Game(
        key="vanguard",
        name="Cardfight!! Vanguard",
        aliases=("cfv", "vg", "cardfight", "cardfight vanguard", "cardfight!! vanguard"),
    ),
    "duelmasters": Game(
        key="duelmasters",
        name="Duel Masters",
        aliases=("dm", "duel masters", "duel-masters", "duelmaster"),
    ),
}

_BY_NAME: dict[str, str] = {}
for _game in GAMES.values():
    for _name in (_game.key, _game.name, *_game.aliases):
        _BY_NAME[_name.casefold()] = _game.key


class UnknownGameError(ArbiterError, ValueError):
    """Raised for a game name Arbiter does not know; the message is a full sentence for users."""


def resolve_game(name: str) -> Game:
    """Return the game for a key, a name or an alias (case-insensitive)."""
    typed = " ".join(name.split()).casefold()
    key = _BY_NAME.get(typed)
    if key is None:
        close = process.extractOne(typed[:60], list(_BY_NAME), scorer=fuzz.WRatio, score_cutoff=75)
        if close is not None:
            game = GAMES[_BY_NAME[close[0]]]
            raise UnknownGameError(
                f"I don't know the game '{shortened(name, 40)}'. Did you mean `{game.key}` ({game.name})?"
            )
        known = ", ".join(f"`{g.key}` ({'/'.join(g.aliases[:1])})" for g in GAMES.values())
        raise UnknownGameError(f"I don't know the game '{shortened(name, 40)}'. Choose one of {known}.")
    return GAMES[key]
