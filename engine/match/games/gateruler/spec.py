"""Gate Ruler as data: zones, orientations, phases and steps, each with its rule number (``rule``:
zones Section 3, phases Section 6 and the preparation 5-3, the attack phase's steps Section 8:
``attack_start`` is the gate process of the attack start step and of the declaration step before its
choice, one window, ``declare`` the choice of the attack (8-4c), ``battle`` the attack up to its end step,
whose gate windows are one, and ``attacks_over`` the gate process once the active player stops
attacking, see the package doc), player values, and the ruler's numbers
the definition reads (Comprehensive Rules v1.5.0, "CR"; the Set 3 article is followed only where the CR
agrees, see ``shared/games/gateruler.md`` 2.9). Reading and writing the board is :mod:`.board`.

Zones (CR Section 3). Each player has one of each, except the shared gate (3-2a, 3-18b):

- ``deck`` (3-4b): hidden from everyone, ordered, shuffled at preparation (5-3a);
- ``hand`` (3-5b): seen by its owner;
- ``ruler`` (3-7): the ruler, a geas stacked under it (5-3a-1), ready/exhausted (3-7b);
- ``attack`` (3-8) and ``defense`` (3-9): the ruler sets how many zones of each (3-8a-1, 3-9a-1); the
  engine keeps each kind as one zone of up to that many units, one per column (3-6e-2). Face-down units
  are seen by their controller only (3-8b, 3-9b); a unit enters a defense zone exhausted (3-9c);
- ``set`` (3-10): seen by its owner, cards face down (15-4a), as many as the ruler's set zones;
- ``field`` (3-11), ``graveyard`` (3-15), ``removal`` (3-17), ``counter`` (3-19): public;
- ``drive`` (3-12c): driven cards face down, seen by their owner; a revealed (face-up) card is public;
- ``damage`` (3-13c): face-up cards public, **face-down cards seen by their owner only**;
- ``charge`` (3-14c): face-up public, face-down seen by nobody; a charge is stacked under (attached to)
  its card in play (3-14d-3);
- ``resource`` (3-16b): public, ready/exhausted;
- ``supply``: the resource cards not yet in play. Where resources come from is not in the CR (the
  ruler's Setup just says "N resources"); a decklist's resource section starts here. It is the one zone
  without a rule.

In-play zones (3-6b) share a group, so a card moving between them stays the same card and keeps its
state (3-2d, 3-2d-1).

Player values, as the board shows them: ``life`` (the ruler's, 2-6a, as effects change it), ``damage``
(the number of cards in the damage zone, 3-13a: the damage a player has taken, which defeats them at
their life, 2-6b, 3-13d; kept equal to the zone by the settle table), the summon cap and number of
summons (4-3a), the set cap and number of times set (4-3b); a cap of -1 is infinite and reads "no
summon cap", "no set cap" (:data:`NO_CAP`). The current ruler damage (3-6f) is not among them: the
ruler damage rules effect turns it into processes and sets it to 0 before anyone acts (12-3, 13-5c), so
shown it would always read 0 whatever the damage zone holds; it is kept as game data
(:func:`.board.ruler_damage`).
"""

from __future__ import annotations

from engine.match.spec import GameSpec, OrientationSpec, PhaseSpec, StepSpec, ZoneSpec

KEY = "gateruler"

SPEC = GameSpec(
    key=KEY,
    name="Gate Ruler",
    zones=(
        ZoneSpec(name="deck", rule="3-4", ordered=True, default_face="down", shuffle_at_setup=True),
        ZoneSpec(
            name="hand", rule="3-5", visible_to="owner", face_down_visible_to="owner", enter_at="bottom"
        ),
        ZoneSpec(
            name="ruler",
            rule="3-7",
            label="ruler zone",
            orientable=True,
            group="play",
            face_down_visible_to="controller",
        ),
        ZoneSpec(
            name="attack",
            rule="3-8",
            label="attack zones",
            orientable=True,
            group="play",
            face_down_visible_to="controller",
            enter_at="bottom",
        ),
        ZoneSpec(
            name="defense",
            rule="3-9",
            label="defense zones",
            orientable=True,
            enter_orientation="exhaust",
            group="play",
            face_down_visible_to="controller",
            enter_at="bottom",
        ),
        ZoneSpec(
            name="set",
            rule="3-10",
            label="set zones",
            visible_to="owner",
            face_down_visible_to="owner",
            default_face="down",
            group="play",
            enter_at="bottom",
        ),
        ZoneSpec(
            name="field", rule="3-11", label="field zone", group="play", face_down_visible_to="controller"
        ),
        ZoneSpec(
            name="drive", rule="3-12", label="drive zone", default_face="down", face_down_visible_to="owner"
        ),
        ZoneSpec(name="damage", rule="3-13", label="damage zone", face_down_visible_to="owner"),
        ZoneSpec(name="charge", rule="3-14", label="charge zone", face_down_visible_to="nobody"),
        ZoneSpec(name="graveyard", rule="3-15"),
        ZoneSpec(name="resource", rule="3-16", label="resource zone", orientable=True, enter_at="bottom"),
        ZoneSpec(name="removal", rule="3-17", label="removal zone"),
        ZoneSpec(name="counter", rule="3-19", label="counter zone"),
        ZoneSpec(name="supply", label="resource supply"),
        ZoneSpec(name="gate", rule="3-18", shared=True, ordered=True),
    ),
    orientations=(
        OrientationSpec(name="ready", adjective="ready", verb_s="readies"),
        OrientationSpec(name="exhaust", adjective="exhausted", verb_s="exhausts"),
    ),
    tap="exhaust",
    untap="ready",
    phases=(
        PhaseSpec(name="setup", rule="5-3", both_act=True),
        PhaseSpec(name="start", rule="6-2"),
        PhaseSpec(name="main", rule="6-3"),
        PhaseSpec(
            name="attack",
            rule="6-4",
            steps=(
                StepSpec(name="attack_start", rule="8-3, 8-4a, 8-4b"),
                StepSpec(name="declare", rule="8-4c"),
                StepSpec(name="battle", rule="8-4d, 8-5, 8-6, 8-7"),
                StepSpec(name="attacks_over", rule="8-4c-2"),
            ),
        ),
        PhaseSpec(name="end", rule="6-5"),
    ),
    player_values={
        "life": 0,
        "damage": 0,
        "summon_cap": -1,
        "summons": 0,
        "set_cap": -1,
        "sets": 0,
    },
)

SETUP, START, MAIN, ATTACK, END = range(5)
ATTACK_START, DECLARE, BATTLE, ATTACKS_OVER = range(4)
"""The attack phase's steps: the gate process before a declaration (the attack start step's and the
declaration step's, 8-3b, 8-4b), the declaration itself (8-4c), the attack (8-4d to 8-7), and the gate
process once attacks have stopped (8-4c-2a, 8-4c-2b)."""
VALUE_INDEX = {name: index for index, name in enumerate(SPEC.player_values)}
INFINITE = -1
"""A cap of -1 is infinite (4-3a-1b, 4-3b-1a)."""

RULER_REQUIRED = (
    "life",
    "attack_zones",
    "defense_zones",
    "set_zones",
    "hand",
    "resources",
    "summon_cap",
    "draw",
    "ready",
    "gain",
)
"""The ruler's numbers a match needs (Appendix A, not in the CR): its life (2-6), its zone counts
(3-8a-1, 3-9a-1, 3-10a-1), its Setup (5-3b: cards in hand, resources), its summon cap (4-3a-1a) and its
Start of Turn (6-2f: cards drawn, resources readied (-1: all), resources gained from the supply)."""
RULER_OPTIONAL = {"set_cap": INFINITE, "drive": 0, "level_cap": INFINITE}
"""Numbers with a default: the set cap (none = infinite, 4-3b-1a), cards driven at Start of Turn, and the
in-play level cap (only some rulers have one, 12-6a; -1 = none)."""
RULER_NUMBERS = (*RULER_REQUIRED, *RULER_OPTIONAL)
IN_PLAY = ("ruler", "attack", "defense", "set", "field")
CHARGE_HOSTS = (*IN_PLAY, "drive", "gate")
"""Where a card holding charges keeps them linked: in play (3-14d), and from the drive zone through the
gate into play (3-14e-1, 3-14e-2)."""


def numbers_problem(numbers: dict[str, int]) -> str | None:
    """What is wrong with a ruler's full numbers, in a sentence, or None: life at least 1 (2-6), no
    negative count, and -1 (no cap, all) only for the caps and ``ready``."""
    if numbers["life"] < lowest("life"):
        return "A ruler's life is at least 1 (2-6)."
    for name in RULER_NUMBERS:
        if numbers.get(name, 0) < lowest(name):
            return f"A ruler's {name.replace('_', ' ')} cannot be {numbers[name]}."
    return None


def lowest(name: str) -> int:
    """The lowest value a ruler's number may have: life 1 (2-6), -1 for the caps (infinite, 4-3a-1b,
    4-3b-1a; no in-play level cap, 12-6a) and ``ready`` (all), 0 for the counts."""
    if name == "life":
        return 1
    return -1 if name in ("summon_cap", "set_cap", "ready", "level_cap") else 0


VALUE_RANGES = {
    "life": (0, 999),
    "summon_cap": (-1, 999),
    "summons": (0, 999),
    "set_cap": (-1, 999),
    "sets": (0, 999),
}
"""What players may set each player value to: life (2-6a, read by the defeat condition 12-2a-1), the
summon cap and number of summons (4-3a), the set cap and number of times set (4-3b); -1 is an infinite
cap. Neither ``damage`` (the cards in the damage zone, 3-13a) nor the current ruler damage (13-2b-1) is
among them: they come from damage dealt."""
VALUE_RULES = {
    "life": "2-6a",
    "summon_cap": "4-3a-1, 15-2c",
    "summons": "4-3a",
    "set_cap": "4-3b-1",
    "sets": "4-3b, 7-5c",
}
"""The rule defining each value players may set (:data:`VALUE_RANGES`)."""
NO_CAP = {"summon_cap": "no summon cap", "set_cap": "no set cap"}
"""What a cap of -1 (infinite, 4-3a-1b, 4-3b-1a) reads as, in place of its name and number."""


def value_problem(name: str, new: int) -> str | None:
    """Why a player value cannot become ``new`` (one sentence), or None (:data:`VALUE_RANGES`)."""
    if name == "ruler_damage":
        return "Current ruler damage comes from damage dealt (13-2b-1): deal it with Deal damage."
    if name == "damage":
        return (
            "A player's damage is the number of cards in their damage zone (3-13a, 2-6b): deal damage, "
            "or move cards into or out of the damage zone."
        )
    bounds = VALUE_RANGES.get(name)
    if bounds is not None and not bounds[0] <= new <= bounds[1]:
        low, high = bounds
        infinite = " (-1: infinite, 4-3a-1b, 4-3b-1a)" if low < 0 else ""
        return f"A player's {name.replace('_', ' ')} is from {low} to {high}{infinite}."
    return None


UNIT_ZONES = ("attack", "defense")
READY, EXHAUSTED = 0, 1
"""Orientation indices of ``SPEC.orientations`` (3-3a)."""
