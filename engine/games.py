"""The four games Arbiter knows: their keys, names, aliases and search synonyms."""

from __future__ import annotations

from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from engine.errors import ArbiterError


@dataclass(frozen=True)
class Game:
    """A game as users name it."""

    key: str
    name: str
    aliases: tuple[str, ...]
    synonyms: tuple[frozenset[str], ...] = field(default_factory=tuple)
    """Groups of words that mean the same thing in this game's rules, for full-text search."""
    keep_words: frozenset[str] = frozenset()
    """Words that are stop words elsewhere but rules terms in this game (Force of Will's "will")."""


_COMMON: tuple[frozenset[str], ...] = (
    frozenset({"dmg", "damage"}),
    frozenset({"max", "maximum"}),
    frozenset({"min", "minimum"}),
)
_GRAVEYARD = frozenset({"graveyard", "grave", "cemetery", "gy", "discard"})

GAMES: dict[str, Game] = {
    "gateruler": Game(
        key="gateruler",
        name="Gate Ruler",
        aliases=("gr", "gate ruler", "gate-ruler", "gate"),
        synonyms=(
            frozenset({"rest", "tap", "exhaust", "rested"}),
            frozenset({"stand", "untap", "recover", "ready"}),
            frozenset({"atk", "attack"}),
            frozenset({"stk", "strike"}),
            frozenset({"od", "overdrive"}),
            frozenset({"td", "triggerdrive"}),
            frozenset({"cnt", "counter"}),
            frozenset({"stack", "gate", "chain"}),
            frozenset({"hp", "health"}),
            _GRAVEYARD,
            *_COMMON,
        ),
    ),
    "forceofwill": Game(
        key="forceofwill",
        name="Force of Will",
        aliases=("fow", "force of will", "force-of-will", "force"),
        synonyms=(
            frozenset({"rest", "tap", "exhaust", "rested"}),
            frozenset({"recover", "untap", "stand", "ready"}),
            frozenset({"chase", "stack"}),
            frozenset({"jruler", "j-ruler"}),
            frozenset({"def", "defense"}),
            frozenset({"atk", "attack"}),
            _GRAVEYARD,
            *_COMMON,
        ),
        keep_words=frozenset({"will"}),
    ),
    "vanguard": Game(
        key="vanguard",
        name="Cardfight!! Vanguard",
        aliases=("cfv", "vg", "cardfight", "cardfight vanguard", "cardfight!! vanguard"),
        synonyms=(
            frozenset({"rest", "tap", "exhaust", "rested"}),
            frozenset({"stand", "untap", "recover", "ready"}),
            frozenset({"rg", "rearguard", "rear-guard"}),
            frozenset({"vg", "vanguard"}),
            frozenset({"cb", "counterblast", "counter-blast"}),
            frozenset({"sb", "soulblast", "soul-blast"}),
            frozenset({"crit", "critical"}),
            frozenset({"graveyard", "grave", "cemetery", "gy", "drop zone"}),
            frozenset({"mulligan", "redraw"}),
            *_COMMON,
        ),
    ),
    "duelmasters": Game(
        key="duelmasters",
        name="Duel Masters",
        aliases=("dm", "duel masters", "duel-masters", "duelmaster"),
        synonyms=(
            frozenset({"tap", "rest", "exhaust", "tapped"}),
            frozenset({"untap", "stand", "recover", "ready"}),
            frozenset({"graveyard", "grave", "cemetery"}),
            frozenset({"civ", "civilization", "civilisation"}),
            frozenset({"sa", "speed", "attacker"}),
            frozenset({"st", "trigger"}),
            frozenset({"gr", "gacharange"}),
            frozenset({"evo", "evolution"}),
            frozenset({"life", "shield", "shields"}),
            *_COMMON,
        ),
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
                f"I don't know the game '{name[:40]}'. Did you mean `{game.key}` ({game.name})?"
            )
        known = ", ".join(f"`{g.key}` ({'/'.join(g.aliases[:1])})" for g in GAMES.values())
        raise UnknownGameError(f"I don't know the game '{name[:40]}'. Choose one of {known}.")
    return GAMES[key]
