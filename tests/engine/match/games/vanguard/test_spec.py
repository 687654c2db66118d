"""Vanguard's zones, phases and steps each cite the rule that defines them, and the settle table has a
row, citing its rule, for every step with an automatic part."""

from __future__ import annotations

from engine.match.games.vanguard.spec import SPEC
from engine.match.games.vanguard.steps import TABLE


def test_every_zone_phase_and_step_cites_its_rule() -> None:
    """4.2-4.11 and 10.36 for the zones, 5.4 and 6.3-6.8 for the phases, 6.4.1-7.8 for the steps."""
    assert dict((zone.name, zone.rule) for zone in SPEC.zones)["vc"] == "4.6.4"
    assert all(zone.rule for zone in SPEC.zones)
    assert all(phase.rule for phase in SPEC.phases)
    steps = {step.name: step.rule for phase in SPEC.phases for step in phase.steps}
    assert steps["guard"] == "7.5" and steps["redraw"] == "5.4.3.4"
    assert all(steps.values())


def test_the_settle_table_drives_real_steps_each_with_its_rule() -> None:
    """8.4.1: the check timing's rows run at every pass; every other row is named after a step."""
    steps = {step.name for phase in SPEC.phases for step in phase.steps}
    assert all(row.rule for row in TABLE)
    assert [row.name for row in TABLE if row.every] == [
        "prompts",
        "rule actions",
        "check card",
        "damage process",
    ]
    assert {row.name for row in TABLE if not row.every} <= steps
