"""Vanguard scenarios from the comprehensive rules (ver. 2.01), each naming the rules it exercises."""

from __future__ import annotations

from engine.match.actions import (
    Move,
    NextPhase,
    NextStep,
    Note,
    Orient,
    PassPriority,
    PassTurn,
    SetValue,
    ZoneRef,
)
from engine.match.apply import move_cards
from engine.match.games.vanguard import (
    VgAttack,
    VgCall,
    VgChoose,
    VgDeclareTrigger,
    VgGuard,
    VgIntercept,
    VgModify,
    VgPass,
    VgRedraw,
    VgRide,
    VgStride,
    VgSwap,
    stats_from_record,
)
from engine.match.state import CardRef, MatchState
from engine.match.view import view
from tests.engine.match.games.harness import assert_draw, assert_lost, assert_won
from tests.engine.match.games.vanguard.helpers import (
    act,
    at,
    attack,
    begin,
    deck,
    do,
    find,
    names,
    place,
    refused,
    second_turn,
    start,
    step,
    to_battle,
    unit,
)

# Setup (5.4) -------------------------------------------------------------------------------------


def test_setup_first_vanguard_face_down_five_cards_and_hidden_g_deck() -> None:
    """5.4.3 first vanguard face down and unseen by the opponent; 5.4.3.1 G deck face down; 5.4.3.4
    five cards each; the redraw waits for the first player."""
    state = start(first=1, g_units=3)
    for p in (0, 1):
        assert len(state.zone("hand", p)) == 5
        assert len(state.zone("deck", p)) == 44
        (vanguard,) = state.zone("vc", p)
        assert not state.card(vanguard).face_up
        assert state.knows(p, vanguard) and not state.knows(1 - p, vanguard)
        assert all(not state.card(c).face_up and not state.knows(1 - p, c) for c in state.zone("gzone", p))
    assert step(state) == "redraw" and state.board.priority == 1
    assert "Alpha Starter" not in str(view(state, 1))


def test_first_vanguard_taken_from_the_deck_when_not_named() -> None:
    """5.4.3: without a named first vanguard, the grade 0 non-trigger card of the deck is taken."""
    decks = []
    for seat in (0, 1):
        d = deck(seat)
        decks.append({"deck": [*d["vc"], *d["deck"]]})
    state = start(decks=decks)
    for p, prefix in enumerate(("Alpha", "Beta")):
        assert names(state, p, "vc") == [f"{prefix} Starter"]
        assert len(state.zone("deck", p)) == 44


def test_redraw_from_the_first_player_then_stand_up_and_first_draw() -> None:
    """5.4.3.4 redraw in order, bottom of the deck then draw and shuffle; 6.1.1 Stand Up; 6.3 stand
    phase; 6.4.1.1.2 the first player draws on turn 1 (no skip in these rules)."""
    state = start(first=0)
    refused(
        state,
        VgRedraw(actor=1, version=state.version),
        "Alice redraws first (5.4.3.4: from the player going first).",
    )
    hand = list(state.zone("hand", 0))
    state, lines = act(state, VgRedraw(actor=0, version=state.version, cards=(0, 1)), viewer=1)
    assert lines[0] == "Alice puts 2 cards on the bottom of their deck (redraw)."
    assert lines[1:] == ["Alice draws 2 cards.", "Alice shuffles their deck."]
    assert len(state.zone("hand", 0)) == 5 and len(state.zone("deck", 0)) == 44
    assert set(hand[2:]) <= set(state.zone("hand", 0))
    refused(state, VgRedraw(actor=0, version=state.version), "You have already redrawn (5.4.3.4).")
    state, lines = act(state, VgRedraw(actor=1, version=state.version))
    assert "Bob keeps their hand." in lines
    assert lines[1] == "Stand up, Vanguard! The first vanguards are Alpha Starter and Beta Starter."
    for p in (0, 1):
        assert state.card(state.zone("vc", p)[0]).face_up and state.knows(None, state.zone("vc", p)[0])
    assert state.board.turn == 1 and state.board.active == 0
    assert len(state.zone("hand", 0)) == 6 and len(state.zone("hand", 1)) == 5
    # 6.4.1.2 the G assist step passes on its own; 6.5.1.1 the ride step waits for Alice.
    assert step(state) == "ride" and state.board.priority == 0


def test_actions_before_the_game_begins_are_refused() -> None:
    """5.4.3.4: the game begins only after the redraw."""
    state = start()
    refused(
        state,
        NextPhase(actor=0, version=state.version),
        "The game has not begun: finish the redraw first (5.4.3.4).",
    )


# Ride and main phase (6.5, 6.6) --------------------------------------------------------------------


def test_ride_grade_rule_soul_and_once_per_turn() -> None:
    """8.5.2.1.1.1 grade equal or one higher; 8.5.3.1 old vanguard to the soul; 6.5.1.1.2 once."""
    state = begin()
    state = place(state, 0, "Alpha Knight", "hand")
    state = place(state, 0, "Alpha Squire", "hand")
    assert step(state) == "ride"
    knight = at("hand", find(state, 0, "hand", "Alpha Knight"))
    refused(
        state,
        VgRide(actor=0, version=state.version, card=knight),
        "You can ride a grade 0 or 1 card onto your grade 0 vanguard (8.5.2.1.1.1); that card is grade 2.",
    )
    state, lines = act(
        state, VgRide(actor=0, version=state.version, card=at("hand", find(state, 0, "hand", "Alpha Squire")))
    )
    assert lines[:2] == ["You ride Alpha Squire.", "Alpha Starter is put into your soul."]
    assert names(state, 0, "vc") == ["Alpha Squire"] and names(state, 0, "soul") == ["Alpha Starter"]
    assert step(state) == "main"
    refused(
        state,
        VgRide(actor=0, version=state.version, card=at("hand", 0)),
        "You can ride only in the ride step of your turn (6.5.1.1).",
    )


def test_call_grade_limit_and_a_second_call_retires_the_first() -> None:
    """8.5.2.1.1.2 call grade at most the vanguard's; 9.3.6 the earlier rear-guard goes to the drop."""
    state = begin()
    state = place(state, 0, "Alpha Squire", "hand")
    state = place(state, 0, "Alpha Critical", "hand")
    state = place(state, 0, "Alpha Heal", "hand")
    state = do(state, NextPhase, 0, to="main")
    refused(
        state,
        VgCall(
            actor=0,
            version=state.version,
            card=at("hand", find(state, 0, "hand", "Alpha Squire")),
            circle="rc_lf",
        ),
        "You can call only cards of grade 0 or less while your vanguard is grade 0 (8.5.2.1.1.2); "
        "that card is grade 1.",
    )
    state = do(state, VgCall, 0, card=at("hand", find(state, 0, "hand", "Alpha Critical")), circle="rc_lf")
    state, lines = act(
        state,
        VgCall(
            actor=0,
            version=state.version,
            card=at("hand", find(state, 0, "hand", "Alpha Heal")),
            circle="rc_lf",
        ),
    )
    assert names(state, 0, "rc_lf") == ["Alpha Heal"]
    assert names(state, 0, "drop") == ["Alpha Critical"]
    assert lines[-1] == "Alpha Critical is retired to your drop zone (9.3.6)."


def test_swap_a_column() -> None:
    """6.6.1.2.3: the two rear-guards of a column exchange circles (one may be empty)."""
    state = begin()
    state = place(state, 0, "Alpha Critical", "hand")
    state = do(state, NextPhase, 0, to="main")
    state = do(state, VgCall, 0, card=at("hand", find(state, 0, "hand", "Alpha Critical")), circle="rc_lf")
    state = do(state, VgSwap, 0, column="left")
    assert names(state, 0, "rc_lb") == ["Alpha Critical"] and not state.zone("rc_lf", 0)


def test_no_attack_on_the_first_turn() -> None:
    """7.3.1.3: on the very first turn the start step passes as if no attack was chosen."""
    state = begin()
    state = do(state, NextPhase, 0, to="main")
    state, lines = act(state, NextPhase(actor=0, version=state.version, to="battle"))
    assert step(state) == "end"
    assert lines == ["You move to the start step of the battle phase.", "The game moves to the end phase."]


def test_next_step_from_the_start_step_is_the_choice_not_to_attack_7_3_1_2_2() -> None:
    """7.3.1.2.2: a "next step" in the start step, with no attack declared, goes on to the next phase,
    the end phase: the battle's later steps (attack, guard...) happen only with an attack (7.3.1.2.1).
    The same after a battle, back in the start step (7.8.1.2), with a unit still able to attack."""
    state = second_turn()
    state = place(state, 1, "Beta Critical", "hand")
    state = do(state, VgCall, 1, card=at("hand", find(state, 1, "hand", "Beta Critical")), circle="rc_lf")
    state = to_battle(state, 1)
    assert step(state) == "start"
    skipped, lines = act(state, NextStep(actor=1, version=state.version), viewer=0)
    assert step(skipped) == "end" and skipped.board.data("battle") is None
    assert lines == ["Bob moves to the end phase."]
    skipped = do(skipped, PassTurn, 1)
    assert skipped.board.turn == 3 and skipped.board.active == 0
    state = place(state, 1, "Beta King", "deck")  # Bob's drive check: no trigger
    state = place(state, 0, "Alpha King", "deck")  # Alice's damage check: no trigger
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    state = do(state, VgPass, 0)
    assert step(state) == "start" and state.board.priority == 1  # Bob's rear-guard may still attack
    state, lines = act(state, NextStep(actor=1, version=state.version), viewer=1)
    assert step(state) == "end" and lines == ["You move to the end phase."]


def test_pass_turn_stands_and_draws_for_the_next_player() -> None:
    """6.3.1.2 stand all units; 6.4.1.1.2 draw; 6.8.1.5 the opponent's turn."""
    state = second_turn()
    assert state.board.turn == 2 and state.board.active == 1
    assert len(state.zone("hand", 1)) == 6


# Battle (Section 7) ------------------------------------------------------------------------------


def test_attack_guard_drive_check_hit_on_a_tie_and_damage_check() -> None:
    """7.4.1.5 the attacker rests; 7.5.1.2.2 guard; 3.11.3 shield; 7.6.1.2 drive check to hand;
    7.7.1.2 ties hit; 7.7.1.5 damage = critical; 9.6 damage check to the damage zone; 7.7.1.9
    guardians retired; 7.8 back to the start step."""
    state = second_turn()
    state = place(state, 1, "Beta Squire", "deck")  # the drive check
    state = place(state, 0, "Alpha King", "deck")  # the damage check
    state = place(state, 0, "Alpha Squire", "hand")
    state = attack(state)
    assert step(state) == "guard" and state.board.priority == 0
    attacker = state.zone("vc", 1)[0]
    assert state.card(attacker).orientation == 1
    refused(
        state,
        VgPass(actor=1, version=state.version),
        "Only the attacked player can stop guarding, in the guard step (7.5.1.2).",
    )
    refused(
        state,
        PassTurn(actor=1, version=state.version),
        "Finish the battle first: the attacked player guards or passes (7.5).",
    )
    state, lines = act(
        state, VgGuard(actor=0, version=state.version, cards=(find(state, 0, "hand", "Alpha Squire"),))
    )
    assert lines == ["You guard with Alpha Squire (shield 5000; the attacked unit now has 10000 power)."]
    assert view(state, 0)["game_data"]["battle"]["target_power"] == 10000
    state, lines = act(state, VgPass(actor=0, version=state.version))
    assert "Bob reveals Beta Squire for a drive check." in lines
    assert "Beta Starter (5000) against Alpha Starter (10000): the attack does not hit (7.7.1.2)." in lines
    assert "Alpha Squire is retired to your drop zone (7.7.1.9)." in lines
    assert names(state, 1, "hand").count("Beta Squire") >= 1 and not state.zone("damage", 0)
    # Nothing is left standing to attack with: the start step passes to the end phase (7.3.1.3).
    assert step(state) == "end" and state.board.priority == 1


def test_a_tie_hits_and_deals_damage() -> None:
    """7.7.1.2 the attack hits when the attacked unit's power is at most the attacker's; 9.6."""
    state = second_turn()
    state = place(state, 0, "Alpha King", "deck")
    state = place(state, 1, "Beta Squire", "deck")
    state = attack(state)
    state, lines = act(state, VgPass(actor=0, version=state.version))
    assert "Beta Starter (5000) against Alpha Starter (5000): the attack hits (7.7.1.2)." in lines
    assert "Beta Starter deals 1 damage to your vanguard (7.7.1.5)." in lines
    assert "You reveal Alpha King for a damage check." in lines
    assert names(state, 0, "damage") == ["Alpha King"]


def test_boost_and_rear_guard_attack_without_drive_check_retires_a_hit_rear_guard() -> None:
    """7.4.1.10-7.4.1.11 boost adds power; 7.5.1.2.1 a rear-guard's attack skips the drive step;
    7.7.1.9 a hit rear-guard is retired."""
    state = second_turn()
    state = place(state, 1, "Beta Critical", "hand")
    state = place(state, 1, "Beta Heal", "hand")
    state = do(state, VgCall, 1, card=at("hand", find(state, 1, "hand", "Beta Critical")), circle="rc_rf")
    state = do(state, VgCall, 1, card=at("hand", find(state, 1, "hand", "Beta Heal")), circle="rc_rb")
    deck_before = len(state.zone("deck", 1))
    state = attack(state, attacker="rc_rf", boost=True)
    assert view(state, 1)["game_data"]["battle"]["attacker_power"] == 10000
    state = place(state, 0, "Alpha King", "deck")
    state, _ = act(state, VgPass(actor=0, version=state.version))
    assert len(state.zone("deck", 1)) == deck_before
    assert names(state, 0, "damage") == ["Alpha King"]


def test_hit_rear_guard_is_retired() -> None:
    """7.4.1.6 a front-row rear-guard may be attacked; 7.7.1.9 it is retired when hit."""
    state = begin()
    state = place(state, 0, "Alpha Critical", "hand")
    state = do(state, NextPhase, 0, to="main")
    state = do(state, VgCall, 0, card=at("hand", find(state, 0, "hand", "Alpha Critical")), circle="rc_lf")
    state = do(state, PassTurn, 0)
    state = do(state, NextPhase, 1, to="main")
    state = attack(state, target="rc_lf")
    state = do(state, VgPass, 0)
    assert not state.zone("rc_lf", 0) and "Alpha Critical" in names(state, 0, "drop")


def test_intercept() -> None:
    """7.5.1.2.4, 11.3: a front-row rear-guard with Intercept moves to the guardian circle, rested."""
    state = begin()
    state = place(state, 0, "Alpha Critical", "hand")
    state = do(state, NextPhase, 0, to="main")
    state = do(state, VgCall, 0, card=at("hand", find(state, 0, "hand", "Alpha Critical")), circle="rc_rf")
    state = do(state, PassTurn, 0)
    state = do(state, NextPhase, 1, to="main")
    state = attack(state)
    refused(
        state,
        VgIntercept(actor=0, version=state.version, circle="rc_rf"),
        "That unit has no Intercept (11.3).",
    )
    refused(
        state,
        VgIntercept(actor=0, version=state.version, circle="rc_lf"),
        "You have no rear-guard on that circle (11.3.1).",
    )


def test_critical_trigger_prompts_and_deals_two_damage() -> None:
    """2.8.1.1.2 critical trigger: +1 critical and power to chosen units; 7.7.1.5 damage = critical."""
    state = second_turn()
    state = place(state, 1, "Beta Critical", "hand")
    state = do(state, VgCall, 1, card=at("hand", find(state, 1, "hand", "Beta Critical")), circle="rc_lf")
    state = place(state, 1, "Beta Critical", "deck")
    state = attack(state)
    state, lines = act(state, VgPass(actor=0, version=state.version), viewer=1)
    assert "A critical trigger! (power 10000)" in lines
    assert state.board.priority == 1
    prompt = view(state, 1)["game_data"]["prompts"][0]
    assert prompt == {"player": 1, "kind": "critical", "amount": 1, "trigger": "critical"}
    refused(state, NextPhase(actor=1, version=state.version), "Bob must first make the pending choice.")
    refused(
        state,
        VgChoose(actor=1, version=state.version, target=at("hand", 0)),
        "Choose one of your units (on the vanguard, a rear-guard or the guardian circle) (2.8.1.1).",
    )
    state, lines = act(state, VgChoose(actor=1, version=state.version, target=at("vc")), viewer=1)
    assert lines == ["You give Beta Starter +1 critical until end of turn."]
    state, lines = act(state, VgChoose(actor=1, version=state.version, target=at("vc")), viewer=1)
    assert "You give Beta Starter +10000 power until end of turn." in lines
    assert "Beta Starter deals 2 damage to Alice's vanguard (7.7.1.5)." in lines
    assert len(state.zone("damage", 0)) == 2
    assert "Beta Critical" in names(state, 1, "hand")


def test_draw_and_front_triggers() -> None:
    """2.8.1.1.3 draw trigger draws a card; 2.8.1.1.6 front trigger: every front-row unit gets power."""
    state = second_turn()
    state = place(state, 1, "Beta Critical", "hand")
    state = do(state, VgCall, 1, card=at("hand", find(state, 1, "hand", "Beta Critical")), circle="rc_lf")
    state = place(state, 1, "Beta Front", "deck")
    state = attack(state)
    hand = len(state.zone("hand", 1))
    state, lines = act(state, VgPass(actor=0, version=state.version), viewer=1)
    assert "You give the front row (Beta Critical and Beta Starter) +10000 power until end of turn." in lines
    assert len(state.zone("hand", 1)) == hand + 1  # the checked card
    mods = view(state, 1)["game_data"]["modifiers"]
    assert {(m["circle"], m["power"]) for m in mods} == {("vc", 10000), ("rc_lf", 10000)}
    # Draw trigger on the damage check of the attacked player.
    state = second_turn()
    state = place(state, 0, "Alpha Draw", "deck")
    state = attack(state)
    hand = len(state.zone("hand", 0))
    state, lines = act(state, VgPass(actor=0, version=state.version))
    assert "A draw trigger! (power 10000)" in lines
    assert any(line.startswith("You draw ") for line in lines)
    assert len(state.zone("hand", 0)) == hand + 1


def test_stand_trigger_stands_a_rear_guard_not_the_vanguard() -> None:
    """2.8.1.1.4: choose a unit; it stands if it is a rear-guard."""
    state = second_turn()
    state = place(state, 1, "Beta Critical", "hand")
    state = do(state, VgCall, 1, card=at("hand", find(state, 1, "hand", "Beta Critical")), circle="rc_lf")
    state = to_battle(state, 1)
    state = place(state, 0, "Alpha King", "deck")
    state = do(state, VgAttack, 1, attacker="rc_lf", target="vc")
    state = do(state, VgPass, 0)
    assert state.card(state.zone("rc_lf", 1)[0]).orientation == 1
    state = place(state, 1, "Beta Stand", "deck")
    state = do(state, VgAttack, 1, attacker="vc", target="vc")
    state = do(state, VgPass, 0)
    assert view(state, 1)["game_data"]["prompts"][0]["kind"] == "stand"
    state, lines = act(state, VgChoose(actor=1, version=state.version, target=at("rc_lf")), viewer=1)
    assert lines == ["You stand Beta Critical."]
    assert state.card(state.zone("rc_lf", 1)[0]).orientation == 0


def test_heal_trigger_needs_as_much_damage_as_the_opponent() -> None:
    """2.8.1.1.5: heal only if your damage is at least the opponent's."""
    state = second_turn()
    state = place(state, 0, "Alpha King", "damage")
    state = place(state, 1, "Beta Heal", "deck")
    state = attack(state)
    state, lines = act(state, VgPass(actor=0, version=state.version), viewer=1)
    assert "A heal trigger! (power 10000)" in lines
    assert not any("heal" in line and "from" in line for line in lines)  # 0 damage < 1: no heal
    # The attacked player's heal with equal damage.
    state = second_turn()
    state = place(state, 0, "Alpha King", "damage")
    state = place(state, 1, "Beta King", "damage")
    state = place(state, 0, "Alpha Heal", "deck")
    state = attack(state)
    state, lines = act(state, VgPass(actor=0, version=state.version))
    assert "You heal Alpha King from your damage zone." in lines
    assert names(state, 0, "damage") == ["Alpha Heal"]


def test_trigger_of_another_clan_does_nothing() -> None:
    """7.6.1.2.4: the trigger resolves only if the card shares a clan with a unit on the field."""
    decks = [deck(0), deck(1)]
    decks[1]["deck"][0] = unit("Beta Alien", 0, 5000, shield=10000, trigger="critical", clan="Kagero")
    state = start(decks=decks)
    state = do(state, VgRedraw, 0)
    state = do(state, VgRedraw, 1)
    state = do(state, NextPhase, 0, to="main")
    state = do(state, PassTurn, 0)
    state = do(state, NextPhase, 1, to="main")
    zone = "hand" if "Beta Alien" in names(state, 1, "hand") else "deck"
    state = place(state, 1, "Beta Alien", "deck", source=zone)
    state = attack(state)
    state, lines = act(state, VgPass(actor=0, version=state.version), viewer=1)
    assert "Beta Alien shares no clan with your units: its trigger does nothing (7.6.1.2.4, 9.6.5)." in lines


def test_modify_power_from_card_text() -> None:
    """2.5: a power change until end of turn counts in the battle and ends with the turn (6.8.1.4)."""
    state = second_turn()
    state, lines = act(state, VgModify(actor=1, version=state.version, card=at("vc"), power=3000), viewer=1)
    assert lines == ["You give Beta Starter +3000 power until end of turn (power now 8000, printed 5000)."]
    state = to_battle(state, 1)
    state = do(state, NextPhase, 1, to="end")
    assert view(state, 1)["game_data"]["modifiers"] == []


def test_stride_heart_power_and_return_at_end_phase() -> None:
    """8.5.2.1.1.3 grade condition; 10.28 stride with a heart (10.28.2.3 power added); 6.8.1.1.1 the G
    unit returns to the G zone face up."""
    state = second_turn(g_units=2)
    state = do(state, NextPhase, 1, to="end")
    state = do(state, PassTurn, 1)
    # Alice's turn 3: the ride step waits for her; her vanguard is grade 0, so after it the stride
    # step passes by itself (8.5.2.1.1.3, public grades) and the main phase begins.
    assert step(state) == "ride"
    state = do(state, NextStep, 0)
    assert step(state) == "main"
    state = begin(g_units=2)
    state = place(state, 0, "Alpha King", "vc", source="deck")
    state = place(state, 1, "Beta King", "vc", source="deck")
    assert step(state) == "ride"
    state = do(state, NextStep, 0)
    assert step(state) == "stride"
    state, lines = act(state, VgStride(actor=0, version=state.version, card=at("gzone", 0)))
    assert lines[0] == "You stride Alpha Stride."
    assert names(state, 0, "vc") == ["Alpha Stride", "Alpha King"]
    assert step(state) == "main"
    assert view(state, 1)["game_data"]["stride_done"] is True
    state = do(state, VgModify, 0, card=at("vc"), power=1)
    assert view(state, 0)["game_data"]["modifiers"][0]["power"] == 1
    state, lines = act(state, PassTurn(actor=0, version=state.version))
    assert "Alpha Stride is returned to your G zone (6.8.1.1.1)." in lines
    assert names(state, 0, "vc") == ["Alpha King"]
    assert any(state.card(c).face_up and state.knows(1, c) for c in state.zone("gzone", 0))


# Cards without card data ---------------------------------------------------------------------------


def test_numbers_entered_for_cards_without_data_and_declared_triggers() -> None:
    """Stats absent: the attack carries the powers, critical and drive; a checked card's trigger is
    declared (2.8)."""
    bare = [
        {"vc": [CardRef(f"{p} Starter")], "deck": [CardRef(f"{p} Card {i}") for i in range(49)]} for p in "AB"
    ]
    state = start(decks=bare)
    state = do(state, VgRedraw, 0)
    state = do(state, VgRedraw, 1)
    assert step(state) == "ride"  # the ride step waits, with card data or without
    state = do(state, NextPhase, 0, to="main")
    state = do(state, PassTurn, 0)
    state = do(state, NextPhase, 1, to="battle")
    refused(
        state,
        VgAttack(actor=1, version=state.version, attacker="vc", target="vc"),
        "The card data does not give your unit's power; enter it with the action.",
    )
    state = do(
        state, VgAttack, 1, attacker="vc", target="vc", power=5000, critical=1, drive=1, target_power=5000
    )
    state = do(state, VgPass, 0)
    assert view(state, 1)["game_data"]["prompts"] == [{"player": 1, "kind": "declare", "amount": 0}]
    state, lines = act(state, VgDeclareTrigger(actor=1, version=state.version, trigger="none"), viewer=1)
    assert lines[0].startswith("You declare no trigger")
    assert view(state, 0)["game_data"]["prompts"] == [{"player": 0, "kind": "declare", "amount": 0}]
    state = do(state, VgDeclareTrigger, 0, trigger="none")
    assert len(state.zone("damage", 0)) == 1


# Losing (1.2, 9.2) --------------------------------------------------------------------------------


def test_sixth_damage_loses() -> None:
    """9.2.2 six or more damage; 1.2.1 the opponent wins."""
    state = second_turn()
    for _ in range(5):
        state = place(state, 0, "Alpha Squire", "damage")
    state = attack(state)
    state, lines = act(state, VgPass(actor=0, version=state.version))
    assert_lost(state, 0, "9.2.2")
    assert_won(state, 1)
    assert lines[-1].startswith(
        "The match is over (Alice: six or more cards in the damage zone (9.2.2)): Bob wins"
    )


def test_empty_deck_loses_at_the_check_timing() -> None:
    """9.2.3 / 1.2.2.2: a player with no cards in the deck loses at the next check timing."""
    state = begin()
    state = do(state, NextPhase, 0, to="main")
    cards = tuple(at("deck", i) for i in range(len(state.zone("deck", 0))))
    state = do(state, Move, 0, cards=cards, to=ZoneRef(zone="drop"))
    assert_lost(state, 0, "9.2.3")
    assert_won(state, 1)


def test_no_vanguard_rides_from_the_soul_or_loses_without_one() -> None:
    """9.5.1 ride a card from the soul; 9.2.4 no vanguard and no soul loses."""
    state = begin()
    state = place(state, 0, "Alpha Squire", "hand")
    state = do(state, VgRide, 0, card=at("hand", find(state, 0, "hand", "Alpha Squire")))
    state, lines = act(
        state, Move(actor=0, version=state.version, cards=(at("vc"),), to=ZoneRef(zone="drop"))
    )
    assert names(state, 0, "vc") == ["Alpha Starter"] and "You ride Alpha Starter (9.5.1)." in lines
    state = do(state, Move, 0, cards=(at("vc"),), to=ZoneRef(zone="drop"))
    assert_lost(state, 0, "9.2.4")
    assert_won(state, 1)


def test_both_players_losing_at_once_is_a_draw() -> None:
    """1.2.3: all players losing simultaneously is a draw."""
    state = begin()
    board = state.board
    zones = list(board.zones)
    for p in (0, 1):
        slot, drop = state.slot("deck", p), state.slot("drop", p)
        zones[drop], zones[slot] = zones[drop] + zones[slot], ()
    state = state.evolve(board=board.evolve(zones=tuple(zones)))
    state, _ = act(state, Note(actor=0, version=state.version, text="both decks are gone"))
    assert_draw(state)
    assert_lost(state, 0, "9.2.3")
    assert_lost(state, 1, "9.2.3")


def test_damage_set_by_card_text_runs_the_damage_process() -> None:
    """10.33 dealing damage raises vanguard damage; 9.6 processes it at the check timing."""
    state = begin()
    state = do(state, NextPhase, 0, to="main")
    state = do(state, SetValue, 0, player=1, name="vanguard_damage", value=2)
    assert len(state.zone("damage", 1)) == 2 and state.value(1, "vanguard_damage") == 0


def test_priority_passing_is_refused() -> None:
    """Sections 6-7 say who acts in each step; there is no priority to pass."""
    state = begin()
    refused(
        state,
        PassPriority(actor=0, version=state.version),
        "Vanguard has no priority to pass: each step says who acts (Section 6, 7).",
    )


def test_stats_from_record() -> None:
    """The stats the definition reads, from a card record (2.4-2.10)."""
    from engine.cards.model import CardRecord

    record = CardRecord(
        game="vanguard",
        code="V-BT01/001",
        name="Blaster Blade",
        types=["Normal Unit"],
        stats={
            "grade": 2,
            "power": 10000,
            "shield": 5000,
            "critical": 1,
            "skill": "Intercept",
            "clan": "Royal Paladin",
        },
    )
    assert dict(stats_from_record(record)) == {
        "grade": 2,
        "power": 10000,
        "shield": 5000,
        "critical": 1,
        "skill": "intercept",
        "clan": "Royal Paladin",
        "unit": "normal",
    }
    trigger = CardRecord(
        game="vanguard",
        code="X-1",
        name="Flogal",
        stats={"grade": 0, "trigger": "Heal +10000", "power": 5000},
    )
    assert dict(stats_from_record(trigger))["trigger"] == "heal"
    assert dict(stats_from_record(trigger))["trigger_power"] == 10000


# Found reviewing the definition against the rules ---------------------------------------------------


def _empty_hand(state: MatchState, player: int) -> MatchState:
    """Put every card of a hand into the drop zone (board setup)."""
    hand = state.slot("hand", player)
    picks = [(hand, card) for card in state.zone("hand", player)]
    board, _ = move_cards(state, state.board, player, picks, state.slot("drop", player), "top", "up")
    return state.evolve(board=board)


def test_hearts_take_the_g_units_orientation_when_it_returns() -> None:
    """10.28.3: when the G unit goes to the G zone (6.8.1.1.1), its hearts stop being hearts in the G
    unit's orientation: a rested G unit leaves a rested vanguard."""
    state = begin(g_units=2)
    state = place(state, 0, "Alpha King", "vc", source="deck")
    state = place(state, 1, "Beta King", "vc", source="deck")
    state = do(state, NextStep, 0, to="stride")
    state = do(state, VgStride, 0, card=at("gzone", 0))
    state = do(state, Orient, 0, cards=(at("vc"),), orientation="rest")
    state, lines = act(state, PassTurn(actor=0, version=state.version))
    assert "Alpha Stride is returned to your G zone (6.8.1.1.1)." in lines
    assert names(state, 0, "vc") == ["Alpha King"]
    assert state.card(state.zone("vc", 0)[0]).orientation == 1


def test_guard_passes_by_itself_when_no_unit_can_intercept() -> None:
    """7.5.1.2.1.1 with 11.3.1: an empty hand and a front-row rear-guard without Intercept leave
    nothing to guard with, so the pass is automatic."""
    state = begin()
    state = place(state, 0, "Alpha Stand", "hand")
    state = do(state, NextPhase, 0, to="main")
    state = do(state, VgCall, 0, card=at("hand", find(state, 0, "hand", "Alpha Stand")), circle="rc_lf")
    state = do(state, PassTurn, 0)
    state = do(state, NextPhase, 1, to="battle")
    state = _empty_hand(state, 0)
    state, lines = act(state, VgAttack(actor=1, version=state.version, attacker="vc", target="vc"), viewer=1)
    assert step(state) != "guard"
    assert "Alice guards no more (nothing left to guard with)." in lines


def test_guard_waits_while_a_g_guardian_may_be_called() -> None:
    """7.5.1.2.3, 7.5.1.2.1.1: with both vanguards grade 3 or more and a face-down card in the G zone,
    the attacked player may call a G guardian, so an empty hand does not pass automatically; without
    a G deck it does."""
    for g_units, waits in ((2, True), (0, False)):
        state = second_turn(g_units=g_units)
        state = place(state, 0, "Alpha King", "vc", source="deck")
        state = place(state, 1, "Beta King", "vc", source="deck")
        state = _empty_hand(state, 0)
        state = to_battle(state, 1)
        state = do(state, VgAttack, 1, attacker="vc", target="vc")
        assert (step(state) == "guard") is waits
        if waits:
            assert state.board.priority == 0


def test_a_guardian_is_a_unit_for_trigger_choices_but_does_not_stand() -> None:
    """3.11.1 a guardian is a unit; 2.8.1.1.4 a stand trigger on the attacked player's damage check
    (9.6.5, while guardians are still on the guardian circle, 7.7.1.9) may choose it, and it stands
    only a rear-guard; 2.8.1.1 the power may go to the guardian."""
    state = second_turn()
    state = place(state, 0, "Alpha Squire", "hand")
    state = do(state, VgModify, 1, card=at("vc"), power=20000)
    state = place(state, 1, "Beta King", "deck")  # Bob's drive check: no trigger
    state = place(state, 0, "Alpha Stand", "deck")  # Alice's damage check
    state = attack(state)
    state = do(state, VgGuard, 0, cards=(find(state, 0, "hand", "Alpha Squire"),))
    state = do(state, VgPass, 0)
    head = dict(state.board.data("prompts")[0])
    assert head["kind"] == "stand" and head["player"] == 0
    state, lines = act(state, VgChoose(actor=0, version=state.version, target=at("gc")))
    assert lines == ["You choose Alpha Squire, not a rear-guard: it does not stand (2.8.1.1.4)."]
    assert state.card(state.zone("gc", 0)[0]).orientation == 1
    state, lines = act(state, VgChoose(actor=0, version=state.version, target=at("gc")))
    assert "You give Alpha Squire +10000 power until end of turn." in lines
    assert "Alpha Squire is retired to your drop zone (7.7.1.9)." in lines
