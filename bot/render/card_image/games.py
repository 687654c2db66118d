"""What a card image draws differently per game: one :class:`CardImageGame` per game, each the game's
colour identity, the words its type line adds, its tags, its stats bar and the stats a board
thumbnail keeps. ``bot/render/games.py`` puts each in its game's row."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.render.card_image.colours import (
    _DM_ALIASES,
    _DM_CIVILIZATIONS,
    _FOW_ALIASES,
    _FOW_ATTRIBUTES,
    _GR_FACTIONS,
    _VG_CLAN_NATIONS,
    _VG_NATIONS,
    RGB,
    _named_colour,
)
from bot.render.card_image.fonts import _clean
from engine.cards.model import StatValue

Stats = Mapping[str, StatValue]
Labelled = list[tuple[str, str]]


def _as_list(value: StatValue | None) -> list[str]:
    if value is None or isinstance(value, bool):
        return []
    if isinstance(value, list):
        return [str(v) for v in value if str(v).strip()]
    text = str(value).strip()
    return [text] if text else []


def _stat_text(value: StatValue | None) -> str:
    if value is None or isinstance(value, bool):
        return ""
    text = " / ".join(str(v) for v in value) if isinstance(value, list) else str(value)
    return " ".join(_clean(text, "bold").split())


def _labelled(stats: Stats, *pairs: tuple[str, str]) -> Labelled:
    """(label, value) pairs of the stats named, in order (the missing ones empty)."""
    return [(label, _stat_text(stats.get(key))) for label, key in pairs]


def _keeping(*wanted: str) -> Callable[[Labelled], Labelled]:
    """A thumbnail's choice: the stats with these labels."""
    return lambda stats: [pair for pair in stats if pair[0] in wanted]


@dataclass(frozen=True)
class CardImageGame:
    """How a card image draws one game's faces."""

    identity: Callable[[Stats], list[tuple[str, RGB]]]
    """The colour identity the stats give, as (name, colour) pairs; empty when none."""
    identity_stats: tuple[str, ...]
    """The stats the identity reads: a face without any of them (a J-Ruler side) shares the card's."""
    type_line: Callable[[Stats], list[str]]
    """What the type line shows after the card types and before the races (each part joined by /)."""
    tags: Callable[[Stats], list[str]]
    """The icons and flags the art band shows."""
    stats: Callable[[Stats], Labelled]
    """The stats bar: (label, value) pairs, empty values left out by the caller."""
    thumbnail: Callable[[Labelled], Labelled]
    """The stats a board thumbnail keeps of the stats bar (at most three)."""
    symbol_costs: bool = False
    """Costs are printed as symbols (``{R}{1}``): a cost badge takes each symbol's colour rather than
    the card's identity."""


def _known_or_named(
    values: list[str], aliases: Mapping[str, str], colours: Mapping[str, RGB]
) -> list[tuple[str, RGB]]:
    pairs: list[tuple[str, RGB]] = []
    for value in values:
        key = aliases.get(value.casefold(), value.casefold())
        if key in colours:
            pairs.append((key.title(), colours[key]))
        else:
            pairs.append((value, _named_colour(value, {})))
    return pairs


def _vanguard_identity(stats: Stats) -> list[tuple[str, RGB]]:
    nations = _as_list(stats.get("nation"))
    if nations:
        return [(nation, _named_colour(nation, _VG_NATIONS)) for nation in nations]
    pairs: list[tuple[str, RGB]] = []
    for clan in _as_list(stats.get("clan")):
        nation = _VG_CLAN_NATIONS.get(" ".join(clan.casefold().split()))
        if nation:
            pairs.append((clan, _VG_NATIONS[nation]))
    return pairs


def _duel_masters_tags(stats: Stats) -> list[str]:
    tags: list[str] = []
    if stats.get("evolution") is True:
        tags.append("Evolution")
    if stats.get("twinpact") is True:
        tags.append("Twinpact")
    return tags


def _gate_ruler_thumbnail(stats: Labelled) -> Labelled:
    """A unit's ATK, HP and STK; a ruler's life and level."""
    wanted = ("ATK", "HP", "STK") if any(label == "ATK" for label, _ in stats) else ("Life", "Level")
    return [pair for pair in stats if pair[0] in wanted]


GATE_RULER = CardImageGame(
    identity_stats=("faction",),
    identity=lambda s: [(f, _named_colour(f, _GR_FACTIONS)) for f in _as_list(s.get("faction"))],
    type_line=lambda s: [" / ".join(_as_list(s.get("faction"))), " / ".join(_as_list(s.get("attributes")))],
    tags=lambda s: _as_list(s.get("icons")),
    stats=lambda s: _labelled(
        s, ("Level", "level"), ("ATK", "atk"), ("HP", "hp"), ("STK", "stk"), ("Life", "life")
    ),
    thumbnail=_gate_ruler_thumbnail,
)
FORCE_OF_WILL = CardImageGame(
    identity_stats=("attribute",),
    identity=lambda s: _known_or_named(_as_list(s.get("attribute")), _FOW_ALIASES, _FOW_ATTRIBUTES),
    type_line=lambda s: [],
    tags=lambda s: [],
    stats=lambda s: _labelled(s, ("ATK", "atk"), ("DEF", "defense"), ("Divinity", "divinity")),
    thumbnail=_keeping("Power", "ATK", "DEF"),
    symbol_costs=True,
)
VANGUARD = CardImageGame(
    identity_stats=("nation", "clan"),
    identity=_vanguard_identity,
    type_line=lambda s: [" / ".join(_as_list(s.get("nation")) + _as_list(s.get("clan")))],
    tags=lambda s: _as_list(s.get("skill")),
    stats=lambda s: _labelled(
        s,
        ("Grade", "grade"),
        ("Power", "power"),
        ("Shield", "shield"),
        ("Critical", "critical"),
        ("Trigger", "trigger"),
    ),
    thumbnail=_keeping("Grade", "Power", "Shield"),
)
DUEL_MASTERS = CardImageGame(
    identity_stats=("civilizations",),
    identity=lambda s: _known_or_named(_as_list(s.get("civilizations")), _DM_ALIASES, _DM_CIVILIZATIONS),
    type_line=lambda s: [],
    tags=_duel_masters_tags,
    stats=lambda s: [("Power", _stat_text(s.get("power_text")) or _stat_text(s.get("power")))],
    thumbnail=_keeping("Power", "ATK", "DEF"),
)
GENERIC = CardImageGame(
    identity=lambda s: [],
    identity_stats=(),
    type_line=lambda s: [],
    tags=lambda s: [],
    stats=lambda s: [],
    thumbnail=_keeping(),
)
"""A game without a row in ``bot/render/games.py``: its types, races and text only."""
