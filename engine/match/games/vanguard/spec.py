"""Cardfight!! Vanguard as data: zones, orientations, phases and steps (comprehensive rules ver. 2.01).

Zones (4.1.1: every player has their own copy of each zone; 4.1.2: every zone's card count is public):

- ``deck`` (4.2): face down, ordered, seen by nobody, not even its owner (4.2.2).
- ``hand`` (4.3): seen by its owner only.
- ``vc``, ``rc_*``, ``gc`` (4.6): the seven circles of the field, one group so a card moving from circle
  to circle keeps its state (4.1.4), except that the definition's ``settle`` stands a card moved to the
  vanguard circle, or from the vanguard or guardian circle to a rear-guard circle (4.6.4.1, 4.6.6.1).
  ``vc`` is the vanguard circle (4.6.4); the five rear-guard circles
  (4.6.6) are named by row and column (4.6.2, 4.6.3): ``rc_lf`` left front, ``rc_lb`` left back,
  ``rc_cb`` centre back, ``rc_rf`` right front, ``rc_rb`` right back; ``gc`` is the guardian circle
  (4.6.5), whose cards enter rested (4.6.5.1) and which may hold any number of guardians (3.11.4,
  4.6.8.2). Face-up cards on circles are public. Face-down cards on circles are public by 4.6.8.1
  (locked or deleted units were face up before, and the engine keeps what was known when a card turns
  face down); a card *placed* face down there is seen by its owner only, which is exactly the first
  vanguard, "not revealed until you begin the game" (5.4.3).
- ``soul`` (4.7): a zone, not attachments: the soul is not part of the field (4.7.1) and outlives the
  vanguard it sits under (a ride puts the old vanguard into it, 8.5.3.1; soul blast and soul charge,
  10.17-10.18, take and add cards by position), and a zone gives its public count for free.
- ``damage`` (4.8): public; a counter blast (10.16) turns cards face down and they stay public
  (4.8.2.1).
- ``drop`` (4.4): public, newest on top.
- ``bind`` (4.9): face-up cards public, face-down bound cards seen by their owner only (4.9.2.1). The
  piles of 4.9.3 are not kept apart.
- ``trigger`` (4.10): public, where drive and damage checks reveal cards (7.6.1.2.3, 9.6.3).
- ``gzone`` (4.11): the G deck starts face down (4.11.4), seen by its owner only; face-up G units are
  public.
- ``removed`` (10.36): removed from the game, public (10.36.1.1): G Assist's cost (6.4.1.2.5).

Orientations (3.17.1): ``stand`` (upright) and ``rest``; the generic tap / untap mean rest / stand.
Phases and steps follow the outline of 6.2.2, after a setup phase for the redraw (5.4.3.4); its step lets
both players act, so a redraw out of turn is answered by the rule (5.4.3.4), not by priority.
"""

from __future__ import annotations

from typing import Final, Literal

from engine.match.spec import GameSpec, OrientationSpec, PhaseSpec, StepSpec, ZoneSpec

KEY = "vanguard"

FrontCircle = Literal["vc", "rc_lf", "rc_rf"]
RearCircle = Literal["rc_lf", "rc_lb", "rc_cb", "rc_rf", "rc_rb"]

VC: Final = "vc"
GC = "gc"
REAR: tuple[RearCircle, ...] = ("rc_lf", "rc_lb", "rc_cb", "rc_rf", "rc_rb")
"""The rear-guard circles (4.6.6)."""
FRONT: tuple[FrontCircle, ...] = ("rc_lf", VC, "rc_rf")
"""The front row (4.6.3): attackers (7.4.1.3) and attack targets (7.4.1.6) stand here."""
CIRCLES = (VC, *REAR)
"""Circles whose units are vanguards or rear-guards (not the guardian circle)."""
FIELD = (*CIRCLES, GC)
BACK_OF = {"rc_lf": "rc_lb", VC: "rc_cb", "rc_rf": "rc_rb"}
"""The back circle of each front circle's column (4.6.2): where a booster stands (7.4.1.10)."""
COLUMNS = {"left": ("rc_lf", "rc_lb"), "right": ("rc_rf", "rc_rb")}
"""Columns whose two circles are both rear-guard circles: the main phase may swap them (6.6.1.2.3)."""

_CIRCLE_LABELS = {
    VC: "vanguard circle",
    "rc_lf": "left front rear-guard circle",
    "rc_lb": "left back rear-guard circle",
    "rc_cb": "centre back rear-guard circle",
    "rc_rf": "right front rear-guard circle",
    "rc_rb": "right back rear-guard circle",
}


def _circle(name: str) -> ZoneSpec:
    return ZoneSpec(
        name=name,
        label=_CIRCLE_LABELS[name],
        orientable=True,
        face_down_visible_to="owner",
        group="field",
        rule="4.6.4" if name == VC else "4.6.6",
    )


SPEC = GameSpec(
    key=KEY,
    name="Cardfight!! Vanguard",
    zones=(
        ZoneSpec(name="deck", ordered=True, default_face="down", shuffle_at_setup=True, rule="4.2"),
        ZoneSpec(
            name="hand", visible_to="owner", face_down_visible_to="owner", enter_at="bottom", rule="4.3"
        ),
        *(_circle(name) for name in CIRCLES),
        ZoneSpec(
            name=GC,
            label="guardian circle",
            orientable=True,
            enter_orientation="rest",
            face_down_visible_to="owner",
            group="field",
            rule="4.6.5",
        ),
        ZoneSpec(name="soul", ordered=True, rule="4.7"),
        ZoneSpec(
            name="damage", label="damage zone", ordered=True, face_down_visible_to="everyone", rule="4.8"
        ),
        ZoneSpec(name="drop", label="drop zone", ordered=True, rule="4.4"),
        ZoneSpec(name="bind", label="bind zone", face_down_visible_to="owner", rule="4.9"),
        ZoneSpec(name="trigger", label="trigger zone", ordered=True, rule="4.10"),
        ZoneSpec(
            name="gzone", label="G zone", default_face="down", face_down_visible_to="owner", rule="4.11"
        ),
        ZoneSpec(name="removed", label="removed zone", rule="10.36"),
    ),
    orientations=(
        OrientationSpec(name="stand", adjective="standing"),
        OrientationSpec(name="rest", adjective="rested"),
    ),
    tap="rest",
    untap="stand",
    phases=(
        PhaseSpec(name="setup", rule="5.4", steps=(StepSpec(name="redraw", both_act=True, rule="5.4.3.4"),)),
        PhaseSpec(name="stand", rule="6.3"),
        PhaseSpec(
            name="draw",
            rule="6.4",
            steps=(StepSpec(name="draw", rule="6.4.1.1"), StepSpec(name="g_assist", rule="6.4.1.2")),
        ),
        PhaseSpec(
            name="ride",
            rule="6.5",
            steps=(StepSpec(name="ride", rule="6.5.1.1"), StepSpec(name="stride", rule="6.5.1.2")),
        ),
        PhaseSpec(name="main", rule="6.6"),
        PhaseSpec(
            name="battle",
            rule="6.7",
            steps=(
                StepSpec(name="start", rule="7.3"),
                StepSpec(name="attack", rule="7.4"),
                StepSpec(name="guard", rule="7.5"),
                StepSpec(name="drive", rule="7.6"),
                StepSpec(name="damage", rule="7.7"),
                StepSpec(name="close", rule="7.8"),
            ),
        ),
        PhaseSpec(name="end", rule="6.8"),
    ),
    player_values={"vanguard_damage": 0},
)
"""The game as the engine sees it. ``vanguard_damage`` is 3.9.2's damage not yet processed (9.6), a
transient value: views show it only while not zero (the damage a player has taken is the damage zone,
4.8, 9.2.2)."""

PHASE = {phase.name: index for index, phase in enumerate(SPEC.phases)}
