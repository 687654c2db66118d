"""A game definition as data: zones, orientations, phases and steps, player values, counters.

docs/architecture.md, Invariants: "A game definition per game, as data first: zones (owner or shared, who
sees the cards, ordered or not, orientation states, face up or down) ... phases and steps". The four real
games extend this later (setup steps, automatic procedures, loss checks, their own actions); the generic
engine only needs what is here.

Who sees a card (:data:`Visibility`) depends on its face, so one zone can say "face-up cards are
public, face-down ones are seen by their owner only":

- ``everyone``: both players (and so spectators);
- ``owner``: the zone's player, or in a shared zone the card's owner;
- ``controller``: the card's controller (Gate Ruler's face-down units);
- ``nobody``: not even the owner (decks, Duel Masters shields).

A zone is *hidden* when a card in it with the zone's default face is not seen by everyone (decks,
hands, shields). The opponent never touches a hidden zone of yours (:mod:`engine.match.apply`), and
a card entering a hidden zone from elsewhere loses what was known about it (docs/architecture.md, Invariants).

Examples from the four games (see ``tests/engine/match/test_spec.py``):
Duel Masters shields ``ZoneSpec(name="shields", ordered=True, default_face="down",
face_down_visible_to="nobody")``; a Force of Will deck ``ZoneSpec(name="deck", ordered=True,
default_face="down")``; a Gate Ruler damage zone ``ZoneSpec(name="damage", face_down_visible_to=
"owner")``; Vanguard's guardian circle ``ZoneSpec(name="gc", orientable=True, enter_orientation=
"rest")``.
"""

from __future__ import annotations

import hashlib
import re
from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Visibility = Literal["everyone", "owner", "controller", "nobody"]
Face = Literal["up", "down"]
End = Literal["top", "bottom"]

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
_COUNTER = re.compile(r"^[A-Za-z0-9+\-/ ]{1,24}$")


def third_person(verb: str) -> str:
    """English third person singular: rest -> rests, ready -> readies, wash -> washes."""
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


def _check_name(value: str) -> str:
    if not _NAME.match(value):
        raise ValueError(f"{value!r} is not a name of lowercase letters, digits and underscores")
    return value


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ZoneSpec(_Spec):
    """One zone: each player has their own copy unless ``shared``."""

    name: str
    """Identifier used in actions (``hand``, ``deck``, ``battle_zone``)."""
    rule: str = Field(default="", exclude=True)
    """The rule number that defines it (shown in docs and tests; not part of the stored spec or its
    digest, so a stored match keeps matching its game's definition)."""
    label: str = ""
    """Display name in views and log lines; defaults to the name with spaces."""
    shared: bool = False
    visible_to: Visibility = "everyone"
    """Who sees face-up cards here."""
    face_down_visible_to: Visibility = "nobody"
    """Who sees face-down cards here (Vanguard circles: ``everyone``; a Gate Ruler damage zone:
    ``owner``; a Duel Masters shield zone: ``nobody``)."""
    ordered: bool = False
    """Whether the order is part of the rules (a deck, a stack); views keep the order either way."""
    default_face: Face = "up"
    """The face of a card entering the zone unless the action says otherwise."""
    orientable: bool = False
    """Whether cards here have an orientation (rest/stand); elsewhere they have none."""
    enter_orientation: str | None = None
    """Orientation of a card entering the zone (Vanguard's guardian circle: ``rest``); default: the
    game's first orientation."""
    enter_at: End = "top"
    """Where a card enters unless the action gives a position (index 0 is the top)."""
    shuffle_at_setup: bool = False
    group: str | None = None
    """Zones of one group keep a moving card's state (orientation, counters, attachments, controller,
    knowledge): Gate Ruler's in-play zones, Force of Will's field and ruler area, Vanguard's circles."""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _check_name(value)

    @model_validator(mode="after")
    def _label(self) -> ZoneSpec:
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " "))
        return self

    def sees(self, face_up: bool) -> Visibility:
        """Who sees a card with this face here."""
        return self.visible_to if face_up else self.face_down_visible_to

    @property
    def hidden(self) -> bool:
        """Whether a card with the default face here is hidden from someone (see the module doc)."""
        return self.sees(self.default_face == "up") != "everyone"


class OrientationSpec(_Spec):
    """One orientation, named by the game's verb: ``rest`` / ``rested``, ``stand`` / ``standing``."""

    name: str
    adjective: str
    verb_s: str = ""
    """Third person of the verb for log lines ("rests", "readies"); derived from the name if empty."""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _check_name(value)

    @model_validator(mode="after")
    def _verb(self) -> OrientationSpec:
        if not self.verb_s:
            object.__setattr__(self, "verb_s", third_person(self.name))
        return self


class StepSpec(_Spec):
    """A step of a phase. ``both_act``: the non-active player may act without priority (a guard step)."""

    name: str
    both_act: bool = False
    rule: str = Field(default="", exclude=True)
    """The rule number that defines it (shown in docs and tests; not part of the stored spec or its
    digest, so a stored match keeps matching its game's definition)."""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _check_name(value)


class PhaseSpec(_Spec):
    """A phase of the turn; a phase without steps has one step of its own name."""

    name: str
    steps: tuple[StepSpec, ...] = ()
    both_act: bool = False
    """For a phase without steps: whether its implicit step lets both players act."""
    rule: str = Field(default="", exclude=True)
    """The rule number that defines it (shown in docs and tests; not part of the stored spec or its
    digest, so a stored match keeps matching its game's definition)."""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _check_name(value)

    @model_validator(mode="after")
    def _steps(self) -> PhaseSpec:
        if not self.steps:
            object.__setattr__(
                self, "steps", (StepSpec(name=self.name, both_act=self.both_act, rule=self.rule),)
            )
        names = [s.name for s in self.steps]
        if len(set(names)) != len(names):
            raise ValueError(f"phase {self.name!r} names a step twice")
        return self


class GameSpec(_Spec):
    """A game as the generic match engine sees it. Extended later per game (setup, procedures)."""

    key: str
    name: str
    players: Literal[2] = 2
    zones: tuple[ZoneSpec, ...]
    orientations: tuple[OrientationSpec, ...] = (
        OrientationSpec(name="untap", adjective="untapped"),
        OrientationSpec(name="tap", adjective="tapped"),
    )
    """The first is the upright default."""
    tap: str = ""
    """The orientation the generic verb ``tap`` means (``rest``, ``exhaust``); default: the second."""
    untap: str = ""
    """The orientation ``untap`` means (``stand``, ``ready``, ``recover``); default: the first."""
    phases: tuple[PhaseSpec, ...] = (PhaseSpec(name="main"),)
    player_values: dict[str, int] = Field(default_factory=dict)
    """Per-player numbers and their starting values (``{"life": 4000}``)."""
    counters: tuple[str, ...] = ()
    """Counter names cards may carry; empty allows any short name."""
    deck_zone: str = "deck"
    """The zone ``draw`` takes from."""
    hand_zone: str = "hand"
    """The zone ``draw`` and ``reveal_hand`` use."""
    undo_per_turn: int = Field(default=3, ge=0, le=100)
    """Undo requests each player may make per turn."""

    @field_validator("key")
    @classmethod
    def _key(cls, value: str) -> str:
        return _check_name(value)

    @field_validator("counters")
    @classmethod
    def _counters(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for name in value:
            if not _COUNTER.match(name):
                raise ValueError(f"counter name {name!r} must be 1-24 letters, digits, spaces or + - /")
        return value

    @field_validator("player_values")
    @classmethod
    def _values(cls, value: dict[str, int]) -> dict[str, int]:
        for name in value:
            _check_name(name)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> GameSpec:
        zones = [z.name for z in self.zones]
        if len(set(zones)) != len(zones):
            raise ValueError("two zones have the same name")
        names = [o.name for o in self.orientations]
        if len(names) < 2 or len(set(names)) != len(names):
            raise ValueError("a game needs at least two distinct orientations")
        object.__setattr__(self, "untap", self.untap or names[0])
        object.__setattr__(self, "tap", self.tap or names[1])
        for verb in (self.tap, self.untap):
            if verb not in names:
                raise ValueError(f"tap/untap name {verb!r} is not an orientation")
        for zone in self.zones:
            if zone.enter_orientation is not None and zone.enter_orientation not in names:
                raise ValueError(
                    f"zone {zone.name!r} enters as unknown orientation {zone.enter_orientation!r}"
                )
        by_name = {z.name: z for z in self.zones}
        for role, name in (("deck_zone", self.deck_zone), ("hand_zone", self.hand_zone)):
            if name not in by_name or by_name[name].shared:
                raise ValueError(f"{role} {name!r} must be a zone each player has")
        steps = [s.name for p in self.phases for s in p.steps]
        if not self.phases or len({p.name for p in self.phases}) != len(self.phases):
            raise ValueError("phases must be a non-empty list of distinct names")
        if len(set(steps)) != len(steps):
            raise ValueError("step names must be unique across the turn")
        return self

    @cached_property
    def digest(self) -> str:
        """SHA-256 of the canonical JSON of the spec: a snapshot is only valid for the same spec."""
        return hashlib.sha256(self.model_dump_json().encode()).hexdigest()

    def zone(self, name: str) -> ZoneSpec | None:
        """The zone with this name, if any."""
        for zone in self.zones:
            if zone.name == name:
                return zone
        return None

    def orientation_index(self, name: str) -> int | None:
        """Index of an orientation by its name or by the generic ``tap`` / ``untap``."""
        if name == "tap" and self.tap != "tap":
            name = self.tap
        elif name == "untap" and self.untap != "untap":
            name = self.untap
        for index, orientation in enumerate(self.orientations):
            if orientation.name == name:
                return index
        return None
