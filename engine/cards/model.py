"""Card records: one model for the four games, with each game's own stats validated.

A card is identified by ``(game, code)``. ``stats`` holds the game-specific characteristics under
fixed keys (see the ``*Stats`` models); list-valued stats (civilizations, races, attributes) are lists.
Extra faces (a Force of Will Ruler's J-Ruler side, the second half of a Duel Masters twinpact) are
``faces``; name resolution finds the card by any face's name.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.games import GAMES

MAX_NUMBER = 10**15
"""Largest number a card may carry (far inside SQLite's 64-bit integers)."""
MAX_SHORT = 200
"""Characters of a name, type, keyword, cost, set, rarity or text stat."""
MAX_TEXT = 10_000
"""Characters of a card's (or face's, or erratum's) rules text."""
MAX_ITEMS = 64
"""Items of a list field (types, keywords, aliases, faces, errata, list stats)."""

Short = Annotated[str, Field(max_length=MAX_SHORT)]
Long = Annotated[str, Field(max_length=MAX_TEXT)]


def _check_value(key: str, value: Any) -> None:
    """A stat within bounds: numbers inside ±MAX_NUMBER, text and list items short, lists short."""
    if isinstance(value, bool):
        return
    if isinstance(value, int) and abs(value) > MAX_NUMBER:
        raise ValueError(f"{key} is too large for a card")
    if isinstance(value, str) and len(value) > MAX_SHORT:
        raise ValueError(f"{key} is longer than {MAX_SHORT} characters")
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise ValueError(f"{key} has more than {MAX_ITEMS} items")
        for item in value:
            _check_value(key, item)


StatValue = int | str | bool | list[str]


class _Stats(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GateRulerStats(_Stats):
    """Gate Ruler (CR section 2): faction, attributes, level, ATK, HP, STK; rulers have life; icons.

    A ruler may also carry its numbers from the CR's Appendix A, which the CR does not publish: its
    zone counts (3-8a-1, 3-9a-1, 3-10a-1), Setup (5-3b: ``hand``, ``resources``), summon and set caps
    (4-3a-1a, 4-3b-1a; -1 is no cap), Start of Turn (6-2f: ``draw``, ``ready`` (-1: all), ``gain``,
    ``drive``) and deck construction limits (5-2c-1a-g)."""

    faction: str | None = None
    attributes: list[str] = Field(default_factory=list)
    level: int | None = None
    atk: int | None = None
    hp: int | None = None
    stk: int | None = None
    life: int | None = None
    icons: list[str] = Field(default_factory=list)
    attack_zones: int | None = None
    defense_zones: int | None = None
    set_zones: int | None = None
    hand: int | None = None
    resources: int | None = None
    summon_cap: int | None = None
    set_cap: int | None = None
    draw: int | None = None
    ready: int | None = None
    gain: int | None = None
    drive: int | None = None
    deck_size: int | None = None
    max_copies: int | None = None
    legendary_cap: int | None = None
    level_cap: int | None = None
    cnt_cap: int | None = None
    max_factions: int | None = None


class ForceOfWillStats(_Stats):
    """Force of Will (CR 200s): attribute colours, ATK, DEF, races, divinity."""

    attribute: list[str] = Field(default_factory=list)
    atk: int | None = None
    defense: int | None = None
    race: list[str] = Field(default_factory=list)
    divinity: int | None = None


class VanguardStats(_Stats):
    """Cardfight!! Vanguard (CR 2.1-2.16): grade, power, shield, critical, trigger, skill icon, nation,
    clan, race."""

    grade: int | None = None
    power: int | None = None
    shield: int | None = None
    critical: int | None = None
    trigger: str | None = None
    skill: str | None = None
    nation: str | None = None
    clan: str | None = None
    race: list[str] = Field(default_factory=list)


class DuelMastersStats(_Stats):
    """Duel Masters (CR 200s): civilizations, power (with its "+"), races, twinpact and evolution."""

    civilizations: list[str] = Field(default_factory=list)
    power: int | None = None
    power_text: str | None = None
    """Power as printed, e.g. ``6000+``."""
    race: list[str] = Field(default_factory=list)
    twinpact: bool = False
    evolution: bool = False


def stats_model(game: str) -> type[BaseModel] | None:
    """The model of a game's card stats, as its record in :data:`engine.games.GAMES` names it (None for
    a game Arbiter does not know)."""
    known = GAMES.get(game)
    return None if known is None else known.card_stats.load()


class CardFace(BaseModel):
    """Another face of a card (J-Ruler side, twinpact half), with its own name, types, text, stats."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=200)
    types: list[Short] = Field(default_factory=list, max_length=MAX_ITEMS)
    cost: Short | None = None
    text: Long = ""
    stats: dict[str, StatValue] = Field(default_factory=dict, max_length=MAX_ITEMS)


class Errata(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    old_text: Long | None = None
    new_text: Long | None = None
    reason: Long | None = None
    source: Short


class CardRecord(BaseModel):
    """One card of one game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    code: str = Field(min_length=1, max_length=64)
    """Unique within the game: the printed collector number (``2021GB03-002``, ``TAT-001``)."""
    name: str = Field(min_length=1, max_length=200)
    types: list[Short] = Field(default_factory=list, max_length=MAX_ITEMS)
    cost: Short | None = None
    """Cost as printed: ``{W}{1}`` (Force of Will), ``5`` (Duel Masters)."""
    cost_value: int | None = Field(default=None, ge=-MAX_NUMBER, le=MAX_NUMBER)
    """Total cost as a number, for queries (``{W}{1}`` is 2)."""
    stats: dict[str, StatValue] = Field(default_factory=dict, max_length=MAX_ITEMS)
    text: Long = ""
    keywords: list[Short] = Field(default_factory=list, max_length=MAX_ITEMS)
    set: Short | None = None
    rarity: Short | None = None
    faces: list[CardFace] = Field(default_factory=list, max_length=MAX_ITEMS)
    errata: list[Errata] = Field(default_factory=list, max_length=MAX_ITEMS)
    aliases: list[Short] = Field(default_factory=list, max_length=MAX_ITEMS)
    """Other names the source gives the card (not operator nicknames, which live in the store)."""

    @field_validator("game")
    @classmethod
    def _known_game(cls, value: str) -> str:
        if value not in GAMES:
            raise ValueError(f"unknown game '{value}'")
        return value

    @field_validator("name", "code")
    @classmethod
    def _stripped(cls, value: str) -> str:
        value = " ".join(value.split())
        if not value:
            raise ValueError("must not be empty")
        return value

    @model_validator(mode="after")
    def _valid_stats(self) -> CardRecord:
        model = stats_model(self.game)
        if model is None:
            raise ValueError(f"unknown game {self.game!r}")
        validated = model.model_validate(self.stats)
        cleaned: dict[str, Any] = {
            k: v for k, v in validated.model_dump().items() if v is not None and v is not False and v != []
        }
        for key, value in cleaned.items():
            _check_value(f"stats.{key}", value)
        object.__setattr__(self, "stats", cleaned)
        for face in self.faces:
            for key, value in model.model_validate(face.stats).model_dump().items():
                _check_value(f"faces.stats.{key}", value)
        return self

    @property
    def names(self) -> list[str]:
        """Every name the card answers to: its own, its faces' and the source's aliases."""
        return list(dict.fromkeys([self.name, *(f.name for f in self.faces), *self.aliases]))
