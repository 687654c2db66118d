"""Each zone, phase and step of the Gate Ruler spec carries the rule that defines it (``rule``: CR
Sections 3, 5, 6 and 8), and each of those rules exists in the comprehensive rules; the one zone without
a rule is the resource supply, which the CR does not describe. The rule numbers are no part of the
stored spec."""

from __future__ import annotations

from pathlib import Path

from engine.match.games.gateruler.spec import SPEC
from engine.match.games.gateruler.steps import TABLE
from engine.rules.parsers.gateruler import parse

DOCUMENT = Path(__file__).resolve().parents[5] / "data" / "rules" / "gateruler-comprehensive-rules-1.5.0.txt"


def _known() -> set[str]:
    return {record.rule_id for record in parse(DOCUMENT.read_text(encoding="utf-8")).rules}


def test_every_zone_phase_and_step_names_an_existing_rule() -> None:
    known = _known()
    steps = [step for phase in SPEC.phases for step in phase.steps if step.name != phase.name]
    cited = [zone.rule for zone in SPEC.zones if zone.rule] + [phase.rule for phase in SPEC.phases]
    cited += [part for step in steps for part in step.rule.split(", ")]
    assert all(cited) and set(cited) <= known
    assert [zone.name for zone in SPEC.zones if not zone.rule] == ["supply"]
    assert {step.name: step.rule for step in steps} == {
        "attack_start": "8-3, 8-4a, 8-4b",
        "declare": "8-4c",
        "battle": "8-4d, 8-5, 8-6, 8-7",
        "attacks_over": "8-4c-2",
    }


def test_zones_and_phases_cite_their_sections() -> None:
    """3-4 to 3-19 define the zones (the gate 3-18); 5-3 the preparation, 6-2 to 6-5 the phases."""
    zones = {zone.name: zone.rule for zone in SPEC.zones}
    assert zones["deck"] == "3-4" and zones["gate"] == "3-18" and zones["counter"] == "3-19"
    assert [phase.rule for phase in SPEC.phases] == ["5-3", "6-2", "6-3", "6-4", "6-5"]


def test_rule_numbers_are_not_part_of_the_stored_spec() -> None:
    """The stored spec (and so its digest) is the same with or without rule numbers."""
    stored = SPEC.model_dump_json()
    assert '"rule"' not in stored


def test_every_row_of_the_settle_table_cites_existing_rules() -> None:
    """The automatic procedures are one table on the engine's settle loop, each row with its rules; the
    rows named by a step name a step of the spec (the setup phase the engine's pass of the turn lands in),
    the others run at every pass."""
    known = _known()
    steps = {step.name for phase in SPEC.phases for step in phase.steps}
    for row in TABLE:
        assert row.rule and set(row.rule.split(", ")) <= known, row
        assert row.every or row.name in steps, row
