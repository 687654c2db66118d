"""Gate Ruler's own actions (type prefix ``gr_``): what each one asks for. Their handlers are in
:mod:`.handlers` (the rules they check), the shared steps of playing a card in :mod:`.playing`, their log
lines in :mod:`.lines`.

Card effects stay with the players, who carry them out with the generic actions (move, draw, search,
reveal, flip, counters, attach...) and :class:`GrDamage`.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engine.match.actions import BaseAction, CardAt

Number = Field(default=None, ge=-1, le=999)
Because = Field(default=None, min_length=1, max_length=120)
"""The card or effect that makes an entered value differ from the card data (15-2a, 15-16a-2), shown to
both players next to the printed value; required to change an opponent's card."""
UnitZone = Literal["attack", "defense"]


class GrRuler(BaseAction):
    """Setup (5-3b): enter the ruler's numbers its card data does not give (see ``spec.RULER_NUMBERS``)."""

    type: Literal["gr_ruler"] = "gr_ruler"
    life: int | None = Number
    attack_zones: int | None = Number
    defense_zones: int | None = Number
    set_zones: int | None = Number
    hand: int | None = Number
    resources: int | None = Number
    summon_cap: int | None = Number
    draw: int | None = Number
    ready: int | None = Number
    gain: int | None = Number
    set_cap: int | None = Number
    drive: int | None = Number
    level_cap: int | None = Number
    """The in-play level cap (12-6a), for a ruler that has one; -1 or left out: none."""


class GrSummon(BaseAction):
    """Normal summon a unit from your hand or drive zone into your attack or defense zones (7-3, 15-17)."""

    type: Literal["gr_summon"] = "gr_summon"
    card: CardAt
    zone: UnitZone = "attack"
    level: int | None = Field(default=None, ge=0, le=99)
    """The resources paid, when the card data gives no level or an effect changes the cost (15-16a-2)."""
    because: str | None = Because
    over: CardAt | None = None
    """The unit in your chosen kind of zone whose zone the summoned unit goes into (14-4b-3a; it need not
    be empty, 15-28a-1): it goes to the graveyard when the summon resolves (12-4a). Required when every
    zone of that kind holds a unit."""


class GrPlay(BaseAction):
    """Play an event or field card from your hand, drive zone or set zones into the gate (7-4, 7-6, 7-8),
    or as an instant action with priority (``instant``, 9-3e-2, 9-3e-4)."""

    type: Literal["gr_play"] = "gr_play"
    card: CardAt
    kind: Literal["event", "field"] | None = None
    level: int | None = Field(default=None, ge=0, le=99)
    instant: bool = False
    because: str | None = Because


class GrSet(BaseAction):
    """Set a settable card from your hand or drive zone into a set zone, face down (7-5)."""

    type: Literal["gr_set"] = "gr_set"
    card: CardAt
    by_effect: bool = False
    """The card is not an event but an effect makes it settable (7-5a-2)."""


class GrDrive(BaseAction):
    """Drive the top ``count`` cards of your deck (15-19, Section 10). ``hidden``: positions (0 = first
    driven) of settable cards kept hidden in a drive outside your start and main phases (10-3a-1)."""

    type: Literal["gr_drive"] = "gr_drive"
    count: int = Field(default=1, ge=1, le=20)
    hidden: tuple[int, ...] = Field(default=(), max_length=20)


class GrDriveUse(BaseAction):
    """Resolve one card of your drive resolution process (10-4c/d): normal summon it, play it, set it,
    or leave it unused (it goes to the graveyard, 10-4e)."""

    type: Literal["gr_drive_use"] = "gr_drive_use"
    card: CardAt
    use: Literal["summon", "play", "set", "discard"]
    zone: UnitZone = "attack"
    level: int | None = Field(default=None, ge=0, le=99)
    over: CardAt | None = None
    """For a summon: the unit whose zone the summoned unit goes into (see :class:`GrSummon`)."""
    because: str | None = Because


class GrRearrange(BaseAction):
    """Move one of your units between your attack and defense zones, or exchange it with ``other`` (7-10)."""

    type: Literal["gr_rearrange"] = "gr_rearrange"
    card: CardAt
    other: CardAt | None = None


class GrAttack(BaseAction):
    """Declare an attack (8-4c): your ready ruler or a ready unit in your attack zones attacks the column
    of the opponent's ruler or of a unit frontmost in its column, or (``target`` left out) one of the
    opponent's attack-zone columns with no unit (8-4c, 8-4c-1, 3-6e-2). The card being attacked is then
    whichever card is frontmost in that column (8-4e-1). ``damage``: the attacker's STK (against a ruler)
    or ATK (against a unit, also one that may come into an empty column) when its card data has none or
    effects changed it; it can still change before the damage step (:class:`GrCombatDamage`).
    ``direct``: an effect lets it attack the ruler directly, past the defense zone; the ruler stays its
    target (15-34)."""

    type: Literal["gr_attack"] = "gr_attack"
    attacker: CardAt
    target: CardAt | None = None
    damage: int | None = Field(default=None, ge=0, le=999)
    direct: bool = False
    because: str | None = Because


class GrCombatDamage(BaseAction):
    """An effect changed the attacker's STK or ATK during the attack (15-2a): the combat damage it deals in
    the damage step (8-6d) is read then, so the player holding priority enters its new value (the STK
    against the ruler being attacked now, the ATK against a unit)."""

    type: Literal["gr_combat_damage"] = "gr_combat_damage"
    amount: int = Field(ge=0, le=999)
    because: str | None = Because
    """Required when the attacker is your opponent's card: the card or effect changing it."""


class GrFrontmost(BaseAction):
    """Say which unit is now frontmost in the column being attacked (8-4e-1, 15-26b-1) when the engine
    cannot tell: a unit that came into the opponent's attack zones during the attack (the engine does not
    know which attack zone), or one of several units in the defense zones. ``card`` left out: none of the
    units that came into the attack zones is in the attacked column. The player holding priority says it
    (9-3e)."""

    type: Literal["gr_frontmost"] = "gr_frontmost"
    card: CardAt | None = None


class GrAddCharge(BaseAction):
    """Add ``card`` underneath ``host``, a card in play (or in the drive zone or the gate, 3-14e-1,
    3-14e-2), as a charge (15-14a): it goes to the charge zone of the host's controller, face up unless
    ``face_down`` (3-14b-1), linked to the host (3-14d-3); an opponent's card changes controller to the
    host's (3-14d-4a). Card text says which card; the players carry it out with this action."""

    type: Literal["gr_add_charge"] = "gr_add_charge"
    card: CardAt
    host: CardAt
    face_down: bool = False


class GrLevelCap(BaseAction):
    """Choose the allied unit that goes to the graveyard because your units' total level exceeds your
    ruler's in-play level cap (12-6b, 12-6b-1, 12-6c), when more than one can be chosen."""

    type: Literal["gr_level_cap"] = "gr_level_cap"
    card: CardAt


class GrEndAttacks(BaseAction):
    """Stop attacking: the attack phase ends (8-4c-2) and the end phase begins."""

    type: Literal["gr_end_attacks"] = "gr_end_attacks"


class GrCounter(BaseAction):
    """Resolve the card a ruler damage application process put in your counter zone (13-6c, 13-6d):
    ``cnt`` whether it has a Counter ability (checked against card data); with one, ``play`` it (it is
    mandatory, 13-6d-1) or, with no valid target, it goes to the graveyard (13-6d-2)."""

    type: Literal["gr_counter"] = "gr_counter"
    cnt: bool = True
    play: bool = True


class GrDamage(BaseAction):
    """Deal damage (15-20) to a ruler (its current ruler damage, 13-2b-1) or a unit (its current damage,
    13-2b-2), as a card's text says."""

    type: Literal["gr_damage"] = "gr_damage"
    target: CardAt
    amount: int = Field(ge=1, le=999)
    anytime: ClassVar[bool] = False


class GrReversal(BaseAction):
    """Damage reversal, "DR N" (15-30): turn N face-up cards of your damage zone face down, all or none."""

    type: Literal["gr_reversal"] = "gr_reversal"
    cards: tuple[CardAt, ...] = Field(min_length=1, max_length=50)


ACTIONS: tuple[type[BaseAction], ...] = (
    GrRuler,
    GrSummon,
    GrPlay,
    GrSet,
    GrDrive,
    GrDriveUse,
    GrRearrange,
    GrAttack,
    GrEndAttacks,
    GrCombatDamage,
    GrFrontmost,
    GrCounter,
    GrDamage,
    GrReversal,
    GrAddCharge,
    GrLevelCap,
)
