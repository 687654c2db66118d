"""What one face of a card shows, read from its record: the colour identity, the type line, the tags
and the stats."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.card_image.colours import (
    _DM_ALIASES,
    _DM_CIVILIZATIONS,
    _FOW_ALIASES,
    _FOW_ATTRIBUTES,
    _GR_FACTIONS,
    _VG_CLAN_NATIONS,
    _VG_NATIONS,
    NEUTRAL,
    RGB,
    _named_colour,
)
from bot.render.card_image.fonts import _clean
from engine.cards.model import CardRecord, StatValue
from engine.games import GAMES


def _as_list(value: StatValue | None) -> list[str]:
    if value is None or isinstance(value, bool):
        return []
    if isinstance(value, list):
        return [str(v) for v in value if str(v).strip()]
    text = str(value).strip()
    return [text] if text else []


def _identity(game: str, stats: dict[str, StatValue]) -> list[tuple[str, RGB]]:
    """The colour identity a game's stats give, as (name, colour) pairs; empty when none."""
    pairs: list[tuple[str, RGB]] = []
    if game == "duelmasters":
        for civ in _as_list(stats.get("civilizations")):
            key = _DM_ALIASES.get(civ.casefold(), civ.casefold())
            if key in _DM_CIVILIZATIONS:
                pairs.append((key.title(), _DM_CIVILIZATIONS[key]))
            else:
                pairs.append((civ, _named_colour(civ, {})))
    elif game == "forceofwill":
        for attribute in _as_list(stats.get("attribute")):
            key = _FOW_ALIASES.get(attribute.casefold(), attribute.casefold())
            if key in _FOW_ATTRIBUTES:
                pairs.append((key.title(), _FOW_ATTRIBUTES[key]))
            else:
                pairs.append((attribute, _named_colour(attribute, {})))
    elif game == "vanguard":
        nations = _as_list(stats.get("nation"))
        if nations:
            pairs = [(nation, _named_colour(nation, _VG_NATIONS)) for nation in nations]
        else:
            for clan in _as_list(stats.get("clan")):
                nation = _VG_CLAN_NATIONS.get(" ".join(clan.casefold().split()))
                if nation:
                    pairs.append((clan, _VG_NATIONS[nation]))
    elif game == "gateruler":
        pairs = [(f, _named_colour(f, _GR_FACTIONS)) for f in _as_list(stats.get("faction"))]
    return list(dict.fromkeys(pairs))


_IDENTITY_KEYS = ("civilizations", "attribute", "nation", "clan", "faction")


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
    if not any(stats.get(key) for key in _IDENTITY_KEYS):
        stats.update({k: v for k, v in card.stats.items() if k in _IDENTITY_KEYS})
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
    stats = face.stats
    parts = [" / ".join(_as_list(face.types))]
    if face.game == "vanguard":
        parts.append(" / ".join(_as_list(stats.get("nation")) + _as_list(stats.get("clan"))))
    elif face.game == "gateruler":
        parts.append(" / ".join(_as_list(stats.get("faction"))))
        parts.append(" / ".join(_as_list(stats.get("attributes"))))
    parts.append(" / ".join(_as_list(stats.get("race"))))
    return " — ".join(p for p in parts if p)


def _tags(face: _Face) -> list[str]:
    stats = face.stats
    tags: list[str] = []
    if face.game == "vanguard":
        tags += _as_list(stats.get("skill"))
    elif face.game == "gateruler":
        tags += _as_list(stats.get("icons"))
    elif face.game == "duelmasters":
        if stats.get("evolution") is True:
            tags.append("Evolution")
        if stats.get("twinpact") is True:
            tags.append("Twinpact")
    return [" ".join(_clean(t, "bold").split())[:24] for t in tags if _clean(t).strip()][:5]


def _stat_text(value: StatValue | None) -> str:
    if value is None or isinstance(value, bool):
        return ""
    text = " / ".join(str(v) for v in value) if isinstance(value, list) else str(value)
    return " ".join(_clean(text, "bold").split())


def _stats(face: _Face) -> list[tuple[str, str]]:
    """The stats bar of a face: (label, value) pairs, the missing ones left out."""
    s = face.stats
    if face.game == "duelmasters":
        pairs = [("Power", _stat_text(s.get("power_text")) or _stat_text(s.get("power")))]
    elif face.game == "vanguard":
        pairs = [
            ("Grade", _stat_text(s.get("grade"))),
            ("Power", _stat_text(s.get("power"))),
            ("Shield", _stat_text(s.get("shield"))),
            ("Critical", _stat_text(s.get("critical"))),
            ("Trigger", _stat_text(s.get("trigger"))),
        ]
    elif face.game == "forceofwill":
        pairs = [
            ("ATK", _stat_text(s.get("atk"))),
            ("DEF", _stat_text(s.get("defense"))),
            ("Divinity", _stat_text(s.get("divinity"))),
        ]
    else:
        pairs = [
            ("Level", _stat_text(s.get("level"))),
            ("ATK", _stat_text(s.get("atk"))),
            ("HP", _stat_text(s.get("hp"))),
            ("STK", _stat_text(s.get("stk"))),
            ("Life", _stat_text(s.get("life"))),
        ]
    return [(label, value[:16]) for label, value in pairs if value]


def _game_name(game: str) -> str:
    return GAMES[game].name if game in GAMES else game
