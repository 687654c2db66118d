"""Drive is a term of card text (15-19a to 15-19c), carried out when an instruction says so (10-2a, 6-2f,
10-3a): it is neither a main-phase action (7-2 to 7-11) nor a gate action (9-3e), so it is offered with
the card-text tools ("more") to whoever holds priority, and its line cites the drive it is: 10-2a in the
driver's own start or main phase, 10-3a-1 at any other time."""

from __future__ import annotations

from engine.match.actions import PassPriority
from engine.match.games.gateruler.actions import GrAttack, GrDrive
from engine.match.offers import offers
from tests.engine.match.games.gateruler.scenario import game, move_on
from tests.engine.match.games.harness import ALICE, BOB


def drive_groups(match: object, seat: int) -> list[str]:
    return [o.group for o in offers(match.state, seat) if o.type == "gr_drive"]  # type: ignore[attr-defined]


def test_drive_is_a_card_text_tool_not_a_main_action() -> None:
    """9-3e-5, 7-2 to 7-11: the main phase's actions do not include driving; 15-19: Alice may carry out a
    drive her card text instructs, offered among the card-text tools, not with summon, play and set."""
    match = game()
    assert drive_groups(match, ALICE) == ["more"]
    assert "gr_drive" not in [o.type for o in offers(match.state, ALICE) if o.group == "main"]
    drive = next(o for o in offers(match.state, ALICE) if o.type == "gr_drive")
    assert drive.rule == "15-19c" and drive.needs[0].label == "cards driven"


def test_the_opponent_holding_priority_has_drive_among_the_card_text_tools_only() -> None:
    """9-3e: Bob holding priority in Alice's attack may carry out card text that drives (15-19), under
    "more"; nothing offers him a drive as a gate action."""
    match = game()
    move_on(match, "declare")
    rulers = [match.at(match.state.zone("ruler", seat)[0]) for seat in (ALICE, BOB)]
    match.act(ALICE, GrAttack, attacker=rulers[0], target=rulers[1])
    match.act(ALICE, PassPriority)
    assert drive_groups(match, BOB) == ["more"]


def test_a_drive_in_your_own_main_phase_cites_10_2a() -> None:
    """10-2a: in Alice's own main phase the driven cards go face down into her drive zone."""
    match = game()
    events = match.act(ALICE, GrDrive, count=1)
    assert match.lines(BOB, events) == ["Alice drives a card face down into the drive zone (15-19, 10-2a)."]


def test_a_drive_out_of_turn_cites_10_3a_1() -> None:
    """10-3a-1: Bob drives during Alice's turn: the card goes face down into his drive zone, then the
    cards not kept hidden are revealed; the line cites 10-3a-1, not 10-2a."""
    match = game()
    match.act(ALICE, PassPriority)
    events = match.act(BOB, GrDrive, count=1)
    text = match.lines(ALICE, events)
    assert text[0].startswith("Bob drives ") and text[0].endswith("into the drive zone (15-19, 10-3a-1).")
    assert not any("10-2a" in line for line in text)
