"""The chase and priority (600), will (907, 1003), calling a magic stone (710), judgment (705), the
end of the turn (505.5) and recovery (503.5), from the rules."""

from __future__ import annotations

import pytest

from engine.match.actions import AddCounter, CardAt, Draw, Move, PassPriority, ZoneRef
from engine.match.errors import ActionRefused
from engine.match.games.forceofwill.actions import (
    CallStone,
    Discard,
    Judgment,
    PayWill,
    PlayAbility,
    PlayCard,
    Produce,
    Resolve,
)
from engine.match.games.forceofwill.board import chase_entries, jrulers, pool_of
from engine.match.games.forceofwill.spec import END, MAIN, S_MAIN
from engine.match.render import render_all
from tests.engine.match.games.forceofwill.helpers import (
    card,
    deck,
    find,
    next_turn_main,
    pass_both,
    place,
    play,
    resonator,
    started,
    step,
    to_main,
)

HAND0 = CardAt(zone="hand", player=0, index=0)


def _stone_and_will(state):  # type: ignore[no-untyped-def]
    state = play(state, CallStone, 0)
    stone = CardAt(zone="field", index=0)
    return play(state, Produce, 0, cards=(stone,))


def test_call_a_magic_stone_710_1() -> None:
    """710.1: rest the ruler, put the top magic stone into the field; once per turn; main timing."""
    state = to_main(started())
    top = state.zone("stone_deck", 0)[0]
    ruler = state.zone("ruler_area", 0)[0]
    state, events = step(state, CallStone, 0)
    assert state.zone("field") == (top,) and state.card(top).controller == 0
    assert state.card(ruler).orientation == 1
    assert render_all(events, state, 1) == ["Alice rests Alice Ruler and calls Fire Magic Stone (710.1)."]
    with pytest.raises(ActionRefused, match=r"already called a magic stone this turn \(710\.1\)"):
        step(state, CallStone, 0)
    early = started(triggers=True)  # the first draw phase's priority sequence (502.1)
    with pytest.raises(ActionRefused, match=r"main timing"):
        step(early, CallStone, 0)


def test_produce_and_pay_will_all_or_nothing_1003_4() -> None:
    """202.4e: a stone rests to produce its will; 1003.4: a payment is all or nothing."""
    state = _stone_and_will(to_main(started()))
    assert pool_of(state.board)[0] == ["fire"]
    before = state.board
    with pytest.raises(
        ActionRefused, match=r"^You can't pay that: your produced will is fire \(1003\.4\)\.$"
    ):
        step(state, PayWill, 0, will=("fire", "any"))
    assert state.board is before
    state = play(state, PayWill, 0, will=("any",))
    assert pool_of(state.board)[0] == []
    with pytest.raises(ActionRefused, match=r"is rested; only a recovered card"):
        step(state, Produce, 0, cards=(CardAt(zone="field", index=0),))


def test_will_coin_for_the_second_player_1119_2() -> None:
    """1119.2: the non-first player's will coin produces one of its ruler's attributes, once."""
    state = next_turn_main(to_main(started(first=0)))
    assert state.board.active == 1
    with pytest.raises(ActionRefused, match=r"one of your ruler's attributes: fire"):
        step(state, Produce, 1, coin=True, will="water")
    state = play(state, Produce, 1, coin=True)
    assert pool_of(state.board)[1] == ["fire"] and state.value(1, "will_coins") == 0
    with pytest.raises(ActionRefused, match=r"no will coin"):
        step(state, Produce, 1, coin=True)


def test_play_a_resonator_through_the_chase_605_1_702_3() -> None:
    """903.2: a played card goes onto the chase; 605.1: two passes in succession resolve the top, its
    controller carries it out, then the turn player gains priority; 702.3: a resonator enters the field."""
    state = _stone_and_will(to_main(started()))
    cid = state.zone("hand", 0)[0]
    state = play(state, PlayCard, 0, card=HAND0, pay=("fire",))
    assert state.zone("chase") == (cid,) and chase_entries(state.board) == [("card", cid)]
    state = play(state, PassPriority, 0)
    assert state.board.priority == 1
    with pytest.raises(ActionRefused, match=r"^Nothing is resolving"):
        step(state, Resolve, 1)
    state, events = step(state, PassPriority, 1)
    assert state.board.data("resolving") == ("card", cid) and state.board.priority == 0
    assert render_all(events, state, 1)[-1].startswith("Both players passed: Alice Knight")
    with pytest.raises(ActionRefused, match=r"is resolving: Alice carries it out"):
        step(state, PassPriority, 0)
    state = play(state, Resolve, 0)
    assert cid in state.zone("field") and state.zone("chase") == ()
    assert (state.board.priority, state.board.passes) == (0, 0)


def test_resonators_and_chants_need_main_timing_604_2() -> None:
    """604.2: a resonator is played only at main timing; [Quickcast] cards with any priority (604.1)."""
    state = to_main(started())
    state = play(state, PassPriority, 0)
    hand1 = CardAt(zone="hand", player=1, index=0)
    with pytest.raises(ActionRefused, match=r"only the turn player can do that, at main timing \(701\.2\)"):
        step(state, PlayCard, 1, card=hand1)
    state = play(state, PlayAbility, 1, text="Bob's quick response")
    assert chase_entries(state.board) == [("ability", 1, "Bob's quick response")]


def test_the_chase_is_last_in_first_out_312() -> None:
    """312, 605.1: the last object put on the chase resolves first, then the turn player has priority."""
    state = _stone_and_will(to_main(started()))
    cid = state.zone("hand", 0)[0]
    state = play(state, PlayCard, 0, card=HAND0, pay=("any",))
    state = play(state, PassPriority, 0)
    state = play(state, PlayAbility, 1, text="Counter it")
    state = pass_both(state)
    assert state.board.data("resolving") == ("ability", 1, "Counter it") and state.board.priority == 1
    state = play(
        state, Move, 1, cards=(CardAt(zone="chase", index=0),), to=ZoneRef(zone="graveyard", player=0)
    )
    assert chase_entries(state.board) == [("ability", 1, "Counter it")]
    state = play(state, Resolve, 1)
    assert chase_entries(state.board) == [] and cid in state.zone("graveyard", 0)
    assert state.board.priority == 0


def test_empty_chase_and_two_passes_end_the_phase_605_1() -> None:
    """605.1: an empty chase and two passes end the priority sequence: main -> end phase."""
    state = to_main(started())
    state = pass_both(state)
    assert state.board.phase == END


def test_judgment_705_and_no_call_after_it_710_1() -> None:
    """705: the judgment process goes onto the chase and puts the ruler into the field as a J-ruler
    (705.3a); 710.1: no magic stone call in a turn with a judgment."""
    state = to_main(started())
    ruler = state.zone("ruler_area", 0)[0]
    state = play(state, Judgment, 0)
    assert chase_entries(state.board) == [("judgment", 0, ruler)]
    state = pass_both(state)
    assert ruler in state.zone("field") and ruler in jrulers(state.board)
    assert state.board.priority == 0
    with pytest.raises(ActionRefused, match=r"turn you played a judgment process \(710\.1\)"):
        step(state, CallStone, 0)


def test_recovery_503_5_and_discard_to_seven_505_5() -> None:
    """503.5: the turn player's cards recover in their recovery phase; 505.5: the turn player discards
    down to seven at the end of the turn, choosing the cards."""
    state = to_main(started())
    state = play(state, CallStone, 0)
    ruler = state.zone("ruler_area", 0)[0]
    state = next_turn_main(next_turn_main(state))
    assert state.board.turn == 3 and state.card(ruler).orientation == 0
    state = pass_both(state)
    hand = state.zone("hand", 0)
    assert len(hand) == 6
    # two more cards in hand, then end the turn
    for _ in range(2):
        state = play(state, Draw, 0)
    state = pass_both(state)
    assert state.board.data("discard") == 1 and state.board.turn == 3
    with pytest.raises(ActionRefused, match=r"Discard exactly 1 card to keep 7"):
        step(state, Discard, 0, cards=(0, 1))
    with pytest.raises(ActionRefused, match=r"first discards down to 7 cards"):
        step(state, PassPriority, 0)
    state = play(state, Discard, 0, cards=(0,))
    assert len(state.zone("hand", 0)) == 7 and state.board.turn == 4


def test_card_data_missing_type_asks_where_it_goes() -> None:
    """Without a type in the card data the controller says where the resolved card goes."""
    from engine.match.state import CardRef

    plain = deck("Alice")
    plain["deck"] = [CardRef(f"Plain {n:02d}") for n in range(40)]
    state = to_main(started(decks=[plain, deck("Bob")]))
    state = play(state, PlayCard, 0, card=HAND0)
    state = pass_both(state)
    with pytest.raises(
        ActionRefused, match=r"^Say where Plain \d\d goes \(to\): the card data gives no type\.$"
    ):
        step(state, Resolve, 0)
    state = play(state, Resolve, 0, to="graveyard")
    assert len(state.zone("graveyard", 0)) == 1
    assert (state.board.phase, state.board.step) == (MAIN, S_MAIN)


def test_trigger_chants_with_any_priority_604_1_1113() -> None:
    """604.1: a chant with [Trigger] (1113) is played with any priority; a chant without [Trigger] or
    [Quickcast] needs main timing (604.2)."""
    bob = deck("Bob")
    bob["deck"][:2] = [
        card("Ambush Chant", type="chant", cost=0, trigger=1),
        card("Slow Chant", type="chant", cost=0),
    ]
    state = to_main(started(decks=[deck("Alice"), bob]))
    state = place(state, "Ambush Chant", zone="hand")
    state = place(state, "Slow Chant", zone="hand")
    state = play(state, PlayAbility, 0, text="Draw a card")
    state = play(state, PassPriority, 0)
    before = state.board
    with pytest.raises(
        ActionRefused,
        match=r"^You can't play a chant without \[Quickcast\] or \[Trigger\] now: only the turn player",
    ):
        step(state, PlayCard, 1, card=find(state, "Slow Chant"))
    assert state.board is before
    state = play(state, PlayCard, 1, card=find(state, "Ambush Chant"))
    assert [entry[0] for entry in chase_entries(state.board)] == ["card", "ability"]


def test_will_coin_of_a_player_whose_ruler_is_a_j_ruler_1119_2() -> None:
    """1119.2: the will coin produces one of its owner's rulers' attributes, also while that ruler is
    in the field as a J-ruler."""
    state = next_turn_main(to_main(started(first=0)))
    state = play(state, Judgment, 1)
    state = pass_both(state)
    assert jrulers(state.board)
    state = play(state, Produce, 1, coin=True)
    assert pool_of(state.board)[1] == ["fire"]


def test_counters_cancel_and_zero_def_goes_to_the_graveyard_1203_1205_1() -> None:
    """1203.1: [+100/+100] and [-100/-100] counters on one card are removed in pairs; 1205.1: a
    resonator with 0 or less DEF is put into its owner's graveyard (not destroyed, 1204)."""
    state = to_main(started())
    state = place(state, "Alice Knight 01")
    knight = find(state, "Alice Knight 01")
    state = play(state, AddCounter, 0, cards=(knight,), name="+100/+100")
    state, events = step(state, AddCounter, 0, cards=(knight,), name="-100/-100", amount=3)
    cid = state.zone("field")[0]
    assert dict(state.card(cid).counters) == {"-100/-100": 2}
    state, events = step(
        state, AddCounter, 0, cards=(find(state, "Alice Knight 01"),), name="-100/-100", amount=3
    )
    assert cid in state.zone("graveyard", 0)
    assert render_all(events, state, 1)[-1] == (
        "Alice Knight 01 has 0 or less DEF and is put into the graveyard (1205.1)."
    )


def test_printed_zero_def_goes_to_the_graveyard_1205_1() -> None:
    """1205.1: a resonator in the field whose DEF is 0 or less is put into its owner's graveyard, also
    when that DEF is printed (card data) with no counters or entered values on it."""
    alice = deck("Alice")
    alice["deck"][0] = resonator("Paper Wall", 500, 0)
    state = to_main(started(decks=[alice, deck("Bob")]))
    state = place(state, "Paper Wall")
    cid = state.zone("field")[0]
    state, events = step(state, CallStone, 0)
    assert cid in state.zone("graveyard", 0) and cid not in state.zone("field")
    assert render_all(events, state, 1)[-1] == (
        "Paper Wall has 0 or less DEF and is put into the graveyard (1205.1)."
    )


def test_judgment_of_a_ruler_without_a_j_ruler_side_705_1() -> None:
    """705.1: a ruler whose card data shows no J-ruler side has no [Judgment]: refused before anything
    is paid, and a magic stone can still be called this turn (710.1); one with a J-ruler side does
    judgment and comes into the field J-ruler side up (705.3a)."""
    alice = deck("Alice")
    alice["ruler_area"] = [card("Grimm", type="ruler", attribute="light")]
    state = to_main(started(decks=[alice, deck("Bob")]))
    with pytest.raises(ActionRefused, match=r"^Grimm has no \[Judgment\]: its card data shows no J-ruler"):
        step(state, Judgment, 0)
    field = len(state.zone("field"))
    state = play(state, CallStone, 0)
    assert len(state.zone("field")) == field + 1
    alice["ruler_area"] = [card("Faria", type="ruler", attribute="light", j_ruler=1)]
    state = play(to_main(started(decks=[alice, deck("Bob")])), Judgment, 0)
    state = pass_both(state)
    assert jrulers(state.board) and not state.zone("ruler_area", 0)
