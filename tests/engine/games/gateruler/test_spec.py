"""Each zone, phase and step of the Gate Ruler spec carries the rule that defines it (CR Sections 3, 5,
6 and 8), and each of those rules exists in the comprehensive rules."""

from __future__ import annotations

from pathlib import Path

from engine.match.games.gateruler.spec import PHASE_RULES, SPEC, STEP_RULES, ZONE_RULES
from engine.rules.parsers.gateruler import parse

DOCUMENT = Path(__file__).resolve().parents[4] / "data" / "rules" / "gateruler-comprehensive-rules-1.5.0.txt"


def test_every_zone_phase_and_step_names_an_existing_rule() -> None:
    known = {record.rule_id for record in parse(DOCUMENT.read_text(encoding="utf-8")).rules}
    steps = {step.name for phase in SPEC.phases for step in phase.steps if step.name != phase.name}
    assert set(ZONE_RULES) == {zone.name for zone in SPEC.zones}
    assert set(PHASE_RULES) == {phase.name for phase in SPEC.phases}
    assert set(STEP_RULES) == steps
    cited = [r for r in ZONE_RULES.values() if r] + list(PHASE_RULES.values())
    cited += [part for rules in STEP_RULES.values() for part in rules.split(", ")]
    assert set(cited) <= known
    assert [name for name, rule in ZONE_RULES.items() if rule is None] == ["supply"]
