"""Vanguard's choices read in the game's words (engine.match.games.vanguard.offers): circles as the
board names them (4.6), with the unit on them; a trigger's choice names the trigger and what it gives
(2.8.1.1); a stride shows its cost (11.11.2); a legion attacks with both its vanguards (10.25.5); the
guard step's pass says "Done guarding" once a guardian is called (7.5.1.2.1); steps and phases by
name (6.2); players by name."""

from __future__ import annotations

import random
import re

from bot.render.match import need_text
from engine.cards.model import CardRecord
from engine.match.actions import NextPhase, NextStep, PassTurn
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.vanguard import (
    VgAttack,
    VgChoose,
    VgGuard,
    VgLegion,
    VgPass,
    VgRedraw,
    VgRide,
    stats_from_record,
)
from engine.match.offers import CardsNeed, Offer, PickNeed, offers
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import CardRef, MatchState
from engine.match.view import view
from tests.engine.match.games.vanguard.helpers import (
    DEFINITION,
    act,
    at,
    deck,
    do,
    find,
    place,
    second_turn,
    start,
    to_battle,
)

CODES = re.compile(r"\b(?:rc|vc|gc)\b|_")
"""A circle's code or an identifier's underscore in a choice's text."""


def now(state: MatchState, seat: int) -> list[Offer]:
    return [offer for offer in offers(state, seat) if offer.group == "now"]


def labels(state: MatchState, seat: int, kind: str) -> list[str]:
    return [offer.label for offer in offers(state, seat) if offer.type == kind]


def pick(offer: Offer, name: str) -> PickNeed:
    return next(need for need in offer.needs if isinstance(need, PickNeed) and need.field == name)


def zones(offer: Offer) -> list[str]:
    """The zones of the positions an offer's card choice lists."""
    need = offer.needs[0]
    assert isinstance(need, CardsNeed)
    return [at.zone for at in need.options]


def call(state: MatchState, name: str, circle: str) -> MatchState:
    """Bob puts a unit of that name on a rear-guard circle (board setup)."""
    return place(state, 1, name, circle)


def test_a_critical_trigger_says_it_gives_a_critical_then_its_power_2_8_1_1_2_2_8_3() -> None:
    """Bob's drive check is a critical trigger, with two units to choose from: the first choice is
    "+1 critical", the second "+10000 power", each naming the trigger."""
    state = call(second_turn(), "Beta Squire", "rc_lf")
    state = place(state, 1, "Beta Critical", "deck")
    state = to_battle(state, 1)
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    state = do(state, VgPass, 0)
    first = now(state, 1)
    assert [offer.label for offer in first] == ["Critical trigger: +1 critical to one of your units"]
    assert first[0].rule == "2.8.1.1.2"
    state = do(state, VgChoose, 1, target=at("vc"))
    assert [offer.label for offer in now(state, 1)] == ["Critical trigger: +10000 power to one of your units"]


def test_a_stand_trigger_offers_to_stand_a_rear_guard_first_2_8_1_1_4() -> None:
    """A stand trigger stands the unit chosen only if it is a rear-guard: the choice that stands one
    lists the rear-guards and comes first; choosing the vanguard, which stands nothing, is apart and
    says so. Then the trigger's power, named too."""
    state = call(second_turn(), "Beta Critical", "rc_lf")
    state = to_battle(state, 1)
    state = place(state, 0, "Alpha King", "deck")
    state = do(state, VgAttack, 1, attacker="rc_lf", target="vc")
    state = do(state, VgPass, 0)
    state = place(state, 1, "Beta Stand", "deck")
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    state = do(state, VgPass, 0)
    listed = [offer for offer in offers(state, 1) if offer.type == "vg_choose"]
    stand, other = listed
    assert (stand.label, stand.group) == ("Stand trigger: stand one of your rear-guards", "now")
    assert zones(stand) == ["rc_lf"]
    assert other.label == "Stand trigger: choose a unit that is not a rear-guard (nothing stands)"
    assert other.group == "more" and zones(other) == ["vc"]
    assert stand.rule == other.rule == "2.8.1.1.4"
    state = do(state, VgChoose, 1, target=at("rc_lf"))
    assert state.card(state.zone("rc_lf", 1)[0]).orientation == 0
    assert labels(state, 1, "vg_choose") == ["Stand trigger: +10000 power to one of your units"]


def test_a_heal_trigger_says_it_heals_a_damage_2_8_1_1_5() -> None:
    """Alice's damage check is a heal trigger with as much damage as Bob (2 against 1): she chooses a
    card of her damage zone to heal, and the choice says so."""
    state = second_turn()
    state = place(state, 0, "Alpha King", "damage")
    state = place(state, 0, "Alpha King", "damage")
    state = place(state, 1, "Beta King", "damage")
    state = place(state, 0, "Alpha Heal", "deck")  # Alice's damage check
    state = place(state, 1, "Beta King", "deck")  # Bob's drive check: no trigger
    state = to_battle(state, 1)
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    state = do(state, VgPass, 0)
    assert labels(state, 0, "vg_choose") == [
        "Heal trigger: heal a card of your damage zone (to your drop zone)"
    ]


def test_circles_read_as_the_board_names_them_with_their_units_4_6() -> None:
    """A call's circles are the board's rear-guard circles, an occupied one saying whose unit it
    retires (9.3.6); an attack's attackers and targets are units by name with their circle (7.4.1.3,
    7.4.1.6); no choice shows a circle's code."""
    state = call(second_turn(), "Beta Squire", "rc_lf")
    seat = view(state, 1)
    board = {zone["zone"]: zone["label"] for zone in seat["zones"] if zone["player"] == 1}
    offer = next(offer for offer in offers(state, 1) if offer.type == "vg_call")
    circles = pick(offer, "circle")
    assert circles.labels[0] == f"{board['rc_lf']} (retires Beta Squire)"
    assert list(circles.labels[1:]) == [board[circle] for circle in circles.options[1:]]
    assert circles.labels[0].startswith("left front rear-guard circle")
    state = to_battle(state, 1)
    attack = next(offer for offer in offers(state, 1) if offer.type == "vg_attack")
    assert pick(attack, "attacker").labels == (
        "Beta Squire (left front rear-guard circle)",
        "Beta Starter (vanguard circle)",
    )
    assert pick(attack, "target").labels == ("Alpha Starter (vanguard circle)",)
    for offer in offers(state, 1):
        assert not CODES.search(" ".join(need_text(need, seat) for need in offer.needs)), offer


def test_an_intercept_names_its_unit_and_a_guardian_turns_no_guard_into_done_guarding_7_5_1_2() -> None:
    """In the guard step, each intercept names the unit that would intercept (7.5.1.2.4); the pass
    reads "No guard" until a guardian is called (7.5.1.2.2), then "Done guarding" (7.5.1.2.1)."""
    state = second_turn()
    state = place(state, 0, "Alpha Knight", "rc_lf")
    state = place(state, 0, "Alpha Squire", "hand")
    state = to_battle(state, 1)
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    assert labels(state, 0, "vg_intercept") == ["Intercept with Alpha Knight (left front rear-guard circle)"]
    assert labels(state, 0, "vg_pass") == ["No guard"]
    state = do(state, VgGuard, 0, cards=(find(state, 0, "hand", "Alpha Squire"),))
    assert labels(state, 0, "vg_pass") == ["Done guarding"]
    assert now(state, 0)[-1].label == "Done guarding"


def test_a_legion_attack_names_the_vanguard_and_its_mate_10_25_5() -> None:
    """Both vanguards of a legion attack (10.25.5): the attack's choice and its log line name both."""
    state = second_turn(first=0)
    state = place(state, 0, "Alpha King", "vc")
    state = place(state, 0, "Alpha Starter", "soul", source="vc")
    for _ in range(4):
        state = place(state, 1, "Beta Squire", "drop")
    state = do(state, VgLegion, 1, mate="Beta Knight", drop=(0, 1, 2, 3))
    state = to_battle(state, 1)
    attack = next(offer for offer in offers(state, 1) if offer.type == "vg_attack")
    assert pick(attack, "attacker").labels == ("Beta Starter and Beta Knight (vanguard circle)",)
    for viewer in (0, None):
        attack_action = VgAttack(actor=1, version=state.version, attacker="vc", target="vc")
        _, lines = act(state, attack_action, viewer)
        assert any(
            "attacks Alpha King with Beta Starter and Beta Knight (a legion, 10.25.5)" in line
            for line in lines
        ), lines


def test_a_stride_shows_its_cost_11_11_2() -> None:
    """Card data gives a G unit's stride skill: the stride's offer shows its cost as printed
    (11.11.2), one offer per cost; without card data for it, the offer says where the cost is."""
    printed = "Choose one or more cards with the sum of their grades being 3 or greater from your hand"
    record = CardRecord(
        game="vanguard",
        code="G-BT01/001",
        name="Dragonic Overlord the Ace",
        types=["G Unit"],
        stats={"grade": 4, "power": 15000, "critical": 1},
        text=(
            "Stride Skill-(Released when both players' vanguards are grade 3 or greater!)-Stride Step-"
            f"[{printed}, and discard them] Stride this card on your (VC) from face down."
        ),
    )
    stats = stats_from_record(record)
    assert dict(stats)["stride_cost"] == f"{printed}, and discard them"
    ace = CardRef(record.name, record.code, stats)
    decks = [deck(0), deck(1, g_units=2)]
    decks[1]["gzone"] = [ace, ace, *decks[1]["gzone"]]
    state = _stride_step(decks)
    strides = [offer for offer in now(state, 1) if offer.type == "vg_stride"]
    assert [offer.label for offer in strides] == [
        "Stride (then pay the cost its stride skill writes, 11.11.2)",
        f"Stride (cost: {printed}, and discard them)",
    ]
    assert [len(zones(offer)) for offer in strides] == [2, 2]


def _stride_step(decks: list[dict[str, list[CardRef]]]) -> MatchState:
    """Bob's stride step with both vanguards grade 3 (8.5.2.1.1.3)."""
    state = start(decks=decks)
    state = do(state, VgRedraw, 0)
    state = do(state, VgRedraw, 1)
    state = place(state, 0, "Alpha King", "vc")
    state = place(state, 1, "Beta Knight", "vc")
    state = do(state, NextPhase, 0, to="main")
    state = do(state, PassTurn, 0)
    state = place(state, 1, "Beta King", "hand")
    state = do(state, VgRide, 1, card=at("hand", find(state, 1, "hand", "Beta King")))
    if state.match.phase_steps[state.board.phase][state.board.step] != "stride":
        state = do(state, NextStep, 1)
    return state


def test_steps_phases_and_players_read_by_name_6_2() -> None:
    """Going to a step or a phase lists them by name ("stride step", "main phase"); a power change on
    the opponent's unit names the opponent."""
    state = second_turn()
    assert labels(state, 1, "vg_modify")[4:] == [
        "Power + (Alice's unit)",
        "Power - (Alice's unit)",
        "Critical + (Alice's unit)",
        "Critical - (Alice's unit)",
    ]
    modify = next(offer for offer in offers(state, 1) if offer.type == "vg_modify")
    assert pick(modify, "until").labels == ("end of turn",)
    state = to_battle(state, 1)
    phase = next(offer for offer in offers(state, 1) if offer.label == "Go to a phase")
    assert pick(phase, "to").labels == ("the next phase", "end phase")


def test_vanguards_own_choices_never_show_a_code_over_random_games() -> None:
    """Over random games, no choice of Vanguard's own offers (and its step and phase moves) shows a
    circle's code or an identifier: every pick of them carries words, or card names (Seek Mate)."""
    seen: set[str] = set()
    for number in range(1, 9):
        rng = random.Random(f"words:{number}")
        decks = [DEFINITION.random_deck(rng) for _ in PLAYERS]
        state = new_match(DEFINITION.spec, PLAYERS, decks, game_seed(7, number))
        for _ in range(400):
            if state.status != "playing":
                break
            for seat in (0, 1):
                shown = view(state, seat)
                for offer in offers(state, seat):
                    if not (offer.type.startswith("vg_") or offer.type in ("next_step", "next_phase")):
                        continue
                    seen.add(offer.type)
                    for need in offer.needs:
                        if isinstance(need, PickNeed):
                            assert need.labels or need.field == "mate", offer
                        assert not CODES.search(need_text(need, shown).split(": ", 1)[1]), offer
            for action in DEFINITION.random_actions(state, rng):
                try:
                    state, _ = apply(state, action)
                except ActionRefused:
                    continue
                break
    assert {"vg_attack", "vg_call", "vg_choose", "vg_modify", "next_step"} <= seen
