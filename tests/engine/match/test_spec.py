"""Game specs as data: validation, and sketches of the four games' zones showing that the zone model
expresses their visibility rules (games/*.md, section 3). The real game definitions come later."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.match.setup import new_match
from engine.match.spec import GameSpec, OrientationSpec, PhaseSpec, StepSpec, ZoneSpec, third_person
from engine.match.state import CardRef
from tests.engine.match.demo import DEMO_SPEC

SEED = b"s" * 32
HAND = ZoneSpec(name="hand", visible_to="owner", face_down_visible_to="owner")
DECK = ZoneSpec(name="deck", ordered=True, default_face="down")


def cards(prefix: str, count: int) -> list[CardRef]:
    return [CardRef(f"{prefix} {i}") for i in range(count)]


def test_defaults_are_filled_in() -> None:
    spec = GameSpec(key="g", name="G", zones=(DECK, HAND, ZoneSpec(name="drop_zone")))
    assert spec.zone("drop_zone").label == "drop zone"  # type: ignore[union-attr]
    assert (spec.untap, spec.tap) == ("untap", "tap")
    assert spec.phases[0].steps[0].name == "main"
    assert GameSpec.model_validate_json(spec.model_dump_json()) == spec
    assert spec.digest == GameSpec.model_validate_json(spec.model_dump_json()).digest


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"zones": (DECK, HAND, HAND)}, "same name"),
        ({"zones": (DECK,)}, "hand_zone"),
        ({"zones": (DECK, HAND.model_copy(update={"shared": True}))}, "hand_zone"),
        (
            {"zones": (DECK, HAND, ZoneSpec(name="gc", orientable=True, enter_orientation="sideways"))},
            "sideways",
        ),
        ({"orientations": (OrientationSpec(name="up", adjective="up"),)}, "two distinct"),
        ({"tap": "rest"}, "tap/untap"),
        (
            {
                "phases": (
                    PhaseSpec(name="a", steps=(StepSpec(name="x"),)),
                    PhaseSpec(name="b", steps=(StepSpec(name="x"),)),
                )
            },
            "unique",
        ),
        ({"counters": ("<@everyone>",)}, "counter name"),
        ({"player_values": {"Life Points": 20}}, "lowercase"),
    ],
)
def test_inconsistent_specs_are_rejected(changes: dict[str, object], problem: str) -> None:
    base: dict[str, object] = {"key": "g", "name": "G", "zones": (DECK, HAND)}
    with pytest.raises(ValidationError, match=problem):
        GameSpec(**{**base, **changes})


def test_zone_names_are_identifiers() -> None:
    with pytest.raises(ValidationError):
        ZoneSpec(name="Battle Zone")


def test_game_verbs() -> None:
    assert [third_person(v) for v in ("rest", "stand", "ready", "exhaust", "recover", "tap", "wash")] == [
        "rests",
        "stands",
        "readies",
        "exhausts",
        "recovers",
        "taps",
        "washes",
    ]
    spec = GameSpec(
        key="fow",
        name="FoW",
        zones=(DECK, HAND),
        orientations=(
            OrientationSpec(name="recover", adjective="recovered"),
            OrientationSpec(name="rest", adjective="rested"),
        ),
    )
    assert spec.orientation_index("tap") == 1 and spec.orientation_index("untap") == 0
    assert spec.orientation_index("recover") == 0 and spec.orientation_index("exhaust") is None
    assert DEMO_SPEC.orientation_index("rest") == 1


def test_duel_masters_shields_are_hidden_from_their_owner() -> None:
    spec = GameSpec(
        key="duelmasters",
        name="Duel Masters",
        zones=(
            DECK.model_copy(update={"face_down_visible_to": "nobody"}),
            HAND,
            ZoneSpec(name="battle_zone", shared=True, orientable=True),
            ZoneSpec(name="mana", orientable=True, face_down_visible_to="owner"),
            ZoneSpec(name="shields", ordered=True, default_face="down"),
            ZoneSpec(name="hyperspatial"),
            ZoneSpec(name="gr_zone", ordered=True, default_face="down"),
        ),
    )
    decks = [
        {"deck": cards("D", 5), "shields": cards(f"S{p}", 5), "hyperspatial": cards(f"H{p}", 2)}
        for p in range(2)
    ]
    state = new_match(spec, ["A", "B"], decks, SEED)
    shield = state.zone("shields", 0)[0]
    assert not state.knows(0, shield) and not state.knows(1, shield)
    psychic = state.zone("hyperspatial", 1)[0]
    assert state.knows(0, psychic) and state.knows(None, psychic)
    assert spec.zone("shields").hidden and spec.zone("deck").hidden and not spec.zone("mana").hidden  # type: ignore[union-attr]
    mana = state.match.slot_of[("mana", 0)]
    assert state.match.sees(mana, False, 0, 0) == 0b01  # face-down mana: owner only
    assert state.match.sees(mana, True, 0, 0) == 0b11


def test_force_of_will_deck_is_hidden_from_everyone() -> None:
    spec = GameSpec(
        key="forceofwill",
        name="Force of Will",
        zones=(
            DECK,
            ZoneSpec(name="stone_deck", ordered=True, default_face="down"),
            HAND,
            ZoneSpec(name="field", shared=True, orientable=True),
            ZoneSpec(name="ruler_area", orientable=True, face_down_visible_to="controller", group="play"),
            ZoneSpec(name="standby", ordered=True, default_face="down", face_down_visible_to="owner"),
            ZoneSpec(name="chase", shared=True, ordered=True),
        ),
        orientations=(
            OrientationSpec(name="recover", adjective="recovered"),
            OrientationSpec(name="rest", adjective="rested"),
        ),
    )
    decks = [{"deck": cards(f"D{p}", 3), "standby": cards(f"T{p}", 1)} for p in range(2)]
    state = new_match(spec, ["A", "B"], decks, SEED)
    top = state.zone("deck", 0)[0]
    assert not state.knows(0, top) and not state.knows(1, top)
    standby = state.zone("standby", 1)[0]
    assert state.knows(1, standby) and not state.knows(0, standby)


def test_gate_ruler_face_down_damage_is_seen_by_its_owner_only() -> None:
    in_play = {"orientable": True, "group": "in_play", "face_down_visible_to": "controller"}
    spec = GameSpec(
        key="gateruler",
        name="Gate Ruler",
        zones=(
            DECK,
            HAND,
            ZoneSpec(name="ruler", **in_play),
            ZoneSpec(name="attack", **in_play),
            ZoneSpec(name="defense", **in_play, enter_orientation="exhaust"),
            ZoneSpec(name="damage", face_down_visible_to="owner"),
            ZoneSpec(name="charge", face_down_visible_to="nobody"),
            ZoneSpec(name="gate", shared=True, ordered=True),
        ),
        orientations=(
            OrientationSpec(name="ready", adjective="ready"),
            OrientationSpec(name="exhaust", adjective="exhausted"),
        ),
    )
    state = new_match(spec, ["A", "B"], [{"deck": cards("D", 2)}, {"deck": cards("E", 2)}], SEED)
    damage = state.match.slot_of[("damage", 0)]
    assert state.match.sees(damage, False, owner=0, controller=0) == 0b01
    assert state.match.sees(damage, True, owner=0, controller=0) == 0b11
    attack = state.match.slot_of[("attack", 1)]
    assert state.match.sees(attack, False, owner=0, controller=1) == 0b10  # controller only
    charge = state.match.slot_of[("charge", 0)]
    assert state.match.sees(charge, False, owner=0, controller=0) == 0
    assert (
        spec.orientation_index("untap") == 0
        and state.match.slot_enter[state.match.slot_of[("defense", 0)]] == 1
    )


def test_vanguard_zones() -> None:
    circle = {"orientable": True, "group": "circles", "face_down_visible_to": "everyone"}
    spec = GameSpec(
        key="vanguard",
        name="Cardfight!! Vanguard",
        zones=(
            DECK,
            HAND,
            ZoneSpec(name="vc", **circle),
            ZoneSpec(name="rc", **circle),
            ZoneSpec(name="gc", **circle, enter_orientation="rest", label="guardian circle"),
            ZoneSpec(name="soul", ordered=True),
            ZoneSpec(name="g_zone", default_face="down", face_down_visible_to="owner", label="G zone"),
            ZoneSpec(name="trigger_zone", ordered=True),
            ZoneSpec(name="damage", ordered=True, face_down_visible_to="everyone"),
            ZoneSpec(name="drop", ordered=True),
            ZoneSpec(name="bind", face_down_visible_to="owner"),
        ),
        orientations=(
            OrientationSpec(name="stand", adjective="standing"),
            OrientationSpec(name="rest", adjective="rested"),
        ),
    )
    decks = [
        {"deck": cards(f"D{p}", 3), "g_zone": cards(f"G{p}", 2), "vc": cards(f"V{p}", 1)} for p in range(2)
    ]
    state = new_match(spec, ["A", "B"], decks, SEED)
    g_unit = state.zone("g_zone", 0)[0]
    assert state.knows(0, g_unit) and not state.knows(1, g_unit)
    vanguard = state.zone("vc", 1)[0]
    assert state.knows(None, vanguard)
    damage = state.match.slot_of[("damage", 0)]
    assert state.match.sees(damage, False, 0, 0) == 0b11  # counter-blasted damage stays public
    gc = state.match.slot_of[("gc", 1)]
    assert state.match.slot_enter[gc] == 1
