"""Force of Will's offers (:mod:`engine.match.games.forceofwill.offers`): what a seat may do now, the
step's decision first (keep or mulligan, 405.5a; discard, 505.5; resolve, 605.1; attack or no attack,
803.3; block or no block, 804.3; pass, 601.1, 605.1), then the main actions, then the rest; payments
only the produced will covers (903.2l-1, 204.1, 1003.4); every accepted action of the random players
covered, every offer taken with valid choices accepted (200 random games)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.match.actions import CardAt, PassPriority
from engine.match.apply import apply
from engine.match.games.forceofwill.actions import Attack, InitiateBattle, PlayAbility
from engine.match.games.forceofwill.board import battle_of, pay_from_pool, pool_of
from engine.match.games.forceofwill.chase import check_payment, payments
from engine.match.games.forceofwill.spec import ATTRIBUTES, MAIN, S_BLOCK, Cost
from engine.match.offers import CardsNeed, Offer, PickNeed, offers
from engine.match.render import render_all
from engine.match.state import Board, CardRef, MatchState
from tests.engine.match.games.forceofwill.helpers import (
    DEFINITION,
    card,
    deck,
    find,
    new,
    pass_both,
    place,
    play,
    resonator,
    started,
    to_main,
)
from tests.engine.match.games.offer_helpers import take_all

# Helpers -------------------------------------------------------------------------------------------


def _groups(listed: list[Offer]) -> list[str]:
    return [offer.group for offer in listed]


def _labels(listed: list[Offer], group: str) -> list[str]:
    return [offer.label for offer in listed if offer.group == group]


def _offer(state: MatchState, seat: int, label: str) -> Offer:
    found = [offer for offer in offers(state, seat) if offer.label == label]
    assert len(found) == 1, [offer.label for offer in offers(state, seat)]
    return found[0]


def _take(state: MatchState, seat: int, label: str, **choices: Any) -> MatchState:
    """Take the offer called ``label`` with ``choices`` (the engine must accept it)."""
    offer = _offer(state, seat, label)
    return apply(state, offer.build(seat, state.version, choices))[0]


def _types(state: MatchState, seat: int) -> set[str]:
    return {offer.type for offer in offers(state, seat)}


# Setup and the end of the turn ---------------------------------------------------------------------


def test_the_mulligan_decision_comes_first_and_only_for_its_player_405_5a() -> None:
    """405.5a: the first player decides first: keep or choose the cards to shuffle back; the other
    player is offered nothing of the game meanwhile, and nobody passes or moves the turn on."""
    state = new()
    alice = offers(state, 0)
    assert [offer.label for offer in alice[:2]] == ["Keep", "Mulligan"]
    assert set(_groups(alice)[2:]) == {"more"}
    need = alice[1].needs[0]
    assert isinstance(need, CardsNeed) and need.indexes and (need.low, need.high) == (1, 5)
    assert not _types(state, 0) & {"pass_priority", "next_step", "next_phase", "pass_turn", "move", "draw"}
    assert not {offer.type for offer in offers(state, 1)} & {"fow_mulligan", "pass_priority", "move"}
    state = _take(state, 0, "Mulligan", cards=(0, 2))
    assert "fow_mulligan" in _types(state, 1) and "fow_mulligan" not in _types(state, 0)
    state = _take(state, 1, "Keep")
    assert state.board.phase != 0 and "fow_mulligan" not in _types(state, 0)


def test_the_discard_to_seven_is_the_only_decision_505_5() -> None:
    """505.5: the turn player with eight cards at the end of the turn chooses one to discard; nothing
    else moves the game, and the other player waits."""
    state = to_main(started())
    deck_names = [state.ref(c).name for c in state.zone("deck", 0)]
    for name in deck_names[: 8 - len(state.zone("hand", 0))]:
        state = place(state, name, zone="hand")
    state = pass_both(pass_both(state))
    assert state.board.data("discard") == 1
    listed = offers(state, 0)
    assert listed[0].label == "Discard" and _groups(listed)[1:] == ["more"] * (len(listed) - 1)
    need = listed[0].needs[0]
    assert isinstance(need, CardsNeed) and (need.low, need.high) == (1, 1) and len(need.options) == 8
    assert "pass_priority" not in _types(state, 0) and "move" not in _types(state, 0)
    assert not {offer.type for offer in offers(state, 1) if offer.group != "more"}
    state = _take(state, 0, "Discard", cards=(3,))
    assert state.board.turn == 2


# Priority and the chase ----------------------------------------------------------------------------


def _stone_and_will(state: MatchState) -> MatchState:
    """Alice calls a magic stone and produces its fire will, through the offers."""
    state = _take(state, 0, "Call a magic stone")
    return _take(state, 0, "Produce will", cards=(CardAt(zone="field", index=0),))


def test_main_phase_pass_first_then_will_and_plays_paid_from_the_pool() -> None:
    """601.1: the player with priority may pass; 907: producing will; 903.2f, 903.2l-1: a card is
    offered for play only once the produced will pays its cost, with that payment fixed (204.1)."""
    state = to_main(started())
    listed = offers(state, 0)
    assert listed[0].type == "pass_priority" and listed[0].label == "Pass"
    assert _labels(listed, "main")[:1] == ["Call a magic stone"]
    assert not [offer for offer in listed if offer.type == "fow_play" and offer.group == "main"]
    state = _take(state, 0, "Call a magic stone")
    assert "Call a magic stone" not in _labels(offers(state, 0), "main")
    assert _labels(offers(state, 0), "main")[0] == "Produce will"
    state = _take(state, 0, "Produce will", cards=(CardAt(zone="field", index=0),))
    play_offer = _offer(state, 0, "Play (1 will)")
    assert dict(play_offer.fixed)["pay"] == ("any",)
    state = apply(
        state, play_offer.build(0, state.version, {"card": CardAt(zone="hand", player=0, index=2)})
    )[0]
    assert pool_of(state.board)[0] == [] and len(state.zone("chase")) == 1
    assert "fow_play" not in {offer.type for offer in offers(state, 0) if offer.group == "main"}
    assert not {"next_step", "next_phase", "pass_turn"} & _types(state, 0)


def test_the_chase_pass_first_then_its_controller_resolves_605_1() -> None:
    """605.1: with a card on the chase the player with priority passes or responds (pass first); once
    both passed, its controller carries it out and finishes it (resolve first), while neither player
    passes nor plays anything new; the other player keeps the generic actions card text may need."""
    state = _stone_and_will(to_main(started()))
    state = _take(state, 0, "Play (1 will)", card=CardAt(zone="hand", player=0, index=0))
    state = _take(state, 0, "Pass")
    bob = offers(state, 1)
    assert bob[0].label == "Pass" and "fow_play" not in {offer.type for offer in bob if offer.group == "main"}
    assert "Ability" in _labels(bob, "main")
    assert not {offer.type for offer in offers(state, 0) if offer.group != "more"}
    state = _take(state, 1, "Pass")
    alice = offers(state, 0)
    assert alice[0].label == "Resolve" and "pass_priority" not in _types(state, 0)
    assert not {"fow_play", "fow_ability", "fow_call_stone", "fow_battle"} & _types(state, 0)
    assert {"move", "draw", "fow_damage"} <= _types(state, 1) and "fow_resolve" not in _types(state, 1)
    assert "pass_priority" not in _types(state, 1)
    resolving = state.zone("chase")[0]
    state = _take(state, 0, "Resolve")
    assert resolving in state.zone("field") and offers(state, 0)[0].label == "Pass"


def test_a_card_without_a_type_is_resolved_to_a_chosen_zone() -> None:
    """702.3, 703.3 say where a typed card goes; without a type in the card data the controller says
    where, so the only resolve offered asks for the zone, first."""
    plain = deck("Alice")
    plain["deck"] = [CardRef(f"Plain {n:02d}") for n in range(40)]
    state = to_main(started(decks=[plain, deck("Bob")]))
    state = _take(state, 0, "Play", card=CardAt(zone="hand", player=0, index=0))
    state = pass_both(state)
    first = offers(state, 0)[0]
    assert first.label == "Resolve to a zone" and first.group == "now"
    assert "Resolve" not in [offer.label for offer in offers(state, 0)]
    state = apply(state, first.build(0, state.version, {"to": "graveyard"}))[0]
    assert len(state.zone("graveyard", 0)) == 1


# Battle ----------------------------------------------------------------------------------------------


def _battle_decks() -> list[dict[str, list[CardRef]]]:
    alice, bob = deck("Alice"), deck("Bob")
    alice["deck"][:3] = [
        resonator("Striker", 800, 600),
        resonator("Hawk", 400, 400, flying=1),
        card("Mystery", type="resonator"),
    ]
    bob["deck"][:3] = [
        resonator("Guard", 300, 900),
        resonator("Wall", 500, 800),
        resonator("Owl", 200, 300, flying=1),
    ]
    return [alice, bob]


def _attack_step(*names: str) -> MatchState:
    state = to_main(started(decks=_battle_decks()))
    state = place(place(state, "Guard", rested=True), "Wall")
    for name in names:
        state = place(state, name)
    state = _take(state, 0, "Battle")
    return pass_both(state)


def test_attack_or_no_attack_first_in_the_declare_attack_step_803_3() -> None:
    """803.3: the turn player attacks the opponent or a rested J/resonator of theirs with a recovered
    J/resonator controlled since the start of the turn, or passes: no attack."""
    state = _attack_step("Striker", "Hawk")
    listed = offers(state, 0)
    assert [offer.label for offer in listed[:3]] == ["Attack", "Attack a J/resonator", "No attack"]
    attackers = listed[0].needs[0]
    assert isinstance(attackers, CardsNeed)
    assert set(attackers.options) == {find(state, "Striker"), find(state, "Hawk")}
    target = listed[1].needs[1]
    assert isinstance(target, CardsNeed) and target.options == (find(state, "Guard"),)
    state = _take(
        state, 0, "Attack a J/resonator", attacker=find(state, "Striker"), target=find(state, "Guard")
    )
    assert "fow_attack" not in _types(state, 0)


def test_a_card_without_stats_attacks_with_its_stats_entered_207_2() -> None:
    """207.2, 208.2: an attacker whose card data gives no ATK or DEF is offered with a number for each."""
    state = _attack_step("Mystery")
    mystery = [offer for offer in offers(state, 0) if offer.label == "Attack"]
    assert len(mystery) == 1 and dict(mystery[0].fixed)["attacker"] == find(state, "Mystery")
    assert [need.field for need in mystery[0].needs] == ["atk", "defense"]
    state = apply(state, mystery[0].build(0, state.version, {"atk": 700, "defense": 300}))[0]
    assert battle_of(state.board)["declared"]  # type: ignore[index]


def test_block_or_no_block_first_in_the_declare_block_step_804_3() -> None:
    """804.3: once the turn player passes in the declare block step, the other player blocks with a
    recovered J/resonator (a [Flying] attacker only with a [Flying] one, 1107.2) or passes: no block."""
    state = _attack_step("Striker")
    state = play(state, Attack, 0, attacker=find(state, "Striker"))
    state = pass_both(state)
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_BLOCK, 0)
    assert offers(state, 0)[0].label == "Pass" and "fow_block" not in _types(state, 1)
    state = play(state, PassPriority, 0)
    bob = offers(state, 1)
    assert [offer.label for offer in bob[:2]] == ["Block", "No block"]
    blockers = bob[0].needs[0]
    assert isinstance(blockers, CardsNeed) and blockers.options == (find(state, "Wall"),)
    state = _take(state, 1, "Block", blocker=find(state, "Wall"))
    assert battle_of(state.board)["blocker"] is not None  # type: ignore[index]


def test_a_flying_attacker_is_blocked_only_by_flying_1107_2() -> None:
    """1107.2: against a [Flying] attacker only a J/resonator with [Flying] may block: none here."""
    decks = _battle_decks()
    state = to_main(started(decks=decks))
    state = place(place(state, "Wall"), "Hawk")
    state = play(state, InitiateBattle, 0)
    state = pass_both(state)
    state = play(state, Attack, 0, attacker=find(state, "Hawk"))
    state = play(pass_both(state), PassPriority, 0)
    bob = offers(state, 1)
    assert bob[0].label == "No block" and "fow_block" not in _types(state, 1)


# Payments --------------------------------------------------------------------------------------------

_GIANT = card("Giant", type="resonator", atk=1500, cost=3, printed_cost="{R}{R}{1}", attribute="fire")
_SURGE = card("Surge", type="chant", quickcast=1, printed_cost="{X}{U}", attribute="water")


def _pool_state(*wills: str) -> MatchState:
    alice = deck("Alice")
    alice["deck"][:2] = [_GIANT, _SURGE]
    state = to_main(started(decks=[alice, deck("Bob")]))
    state = place(place(state, "Giant", zone="hand"), "Surge", zone="hand")
    board = state.board.with_data(pool=[list(wills), []])
    return state.evolve(board=board)


def _play_offers(state: MatchState) -> dict[str, Offer]:
    return {
        offer.label: offer for offer in offers(state, 0) if offer.type == "fow_play" and offer.group == "main"
    }


def test_a_card_is_offered_only_when_the_pool_pays_its_specified_cost_204_1a() -> None:
    """204.1a: {R}{R}{1} needs two fire wills and one more; with fire and water only, it is not
    offered; with fire, fire and water it is, paying fire, fire and any will."""
    assert "Play ({R}{R}{1})" not in _play_offers(_pool_state("fire", "water", "water"))
    state = _pool_state("fire", "water", "fire")
    giant = _play_offers(state)["Play ({R}{R}{1})"]
    assert dict(giant.fixed)["pay"] == ("fire", "fire", "any")
    state = _take(state, 0, "Play ({R}{R}{1})", card=find(state, "Giant"))
    assert pool_of(state.board)[0] == []


def test_an_x_cost_offers_every_amount_the_pool_pays_204_1b() -> None:
    """204.1b: an X free cost is paid with any amount more: one payment per value of X the pool covers."""
    state = _pool_state("water", "fire", "fire")
    surge = _play_offers(state)["Play ({X}{U})"]
    pick = surge.needs[1]
    assert isinstance(pick, PickNeed)
    assert pick.options == (("water",), ("water", "any"), ("water", "any", "any"))
    state = _take(state, 0, "Play ({X}{U})", card=find(state, "Surge"), pay=("water", "any"))
    assert pool_of(state.board)[0] == ["fire"]


def test_a_reduced_cost_is_paid_in_one_offer_903_2k_1() -> None:
    """903.2k-1 to 903.2k-4: with an effect changing the cost, declared in words, the card is played
    and paid in the same offer: its payment is any part of the produced will, each read in words
    ("nothing" included), and both players read what was paid next to the printed cost. A {R}{R}{1}
    reduced by one is paid fire, fire, leaving the water; no separate "Pay will" is needed."""
    state = _pool_state("fire", "water", "fire")
    changed = _offer(state, 0, "Play, cost changed")
    assert changed.group == "more" and changed.rule == "903.2k-1"
    assert find(state, "Giant") in changed.needs[0].options  # type: ignore[union-attr]
    pay = next(need for need in changed.needs if need.field == "pay")
    assert isinstance(pay, PickNeed) and ("fire", "fire") in pay.options
    words = dict(zip(pay.options, pay.labels, strict=True))
    assert words[()] == "nothing" and words[("fire", "fire")] == "fire, fire"
    assert words[("fire", "fire", "water")] == "fire, fire, water"
    action = changed.build(
        0,
        state.version,
        {"card": find(state, "Giant"), "pay": ("fire", "fire"), "cost_change": "one less by Alice's Forge"},
    )
    after, events = apply(state, action)
    assert len(after.zone("chase")) == 1 and pool_of(after.board)[0] == ["water"]
    assert render_all(events, after, 1) == [
        "Alice plays Giant onto the chase, paying fire, fire instead of its printed cost {R}{R}{1} "
        "(cost changed: one less by Alice's Forge)."
    ]
    take_all(state, 0, 9)


def test_an_empty_pool_pays_a_changed_cost_with_nothing_903_2k_1() -> None:
    """903.2k-1: "without paying its cost" with no will produced: the only payment is nothing, so the
    offer asks only for the card and the effect's words."""
    state = _pool_state()
    changed = _offer(state, 0, "Play, cost changed")
    assert dict(changed.fixed)["pay"] == () and [need.field for need in changed.needs] == [
        "card",
        "cost_change",
    ]
    state = _take(state, 0, "Play, cost changed", card=find(state, "Giant"), cost_change="free by an effect")
    assert len(state.zone("chase")) == 1


_COSTS = st.builds(
    Cost,
    st.lists(st.sampled_from(ATTRIBUTES), max_size=3).map(tuple),
    st.integers(0, 3),
    st.booleans(),
    st.just("cost"),
    st.booleans(),
)


@given(cost=st.one_of(st.none(), _COSTS), pool=st.lists(st.sampled_from(ATTRIBUTES), max_size=7))
def test_every_listed_payment_is_accepted_and_none_is_missed(cost: Cost | None, pool: list[str]) -> None:
    """903.2l-1, 204.1, 1003.4: each payment :func:`payments` lists passes the cost check and the pool
    pays it; it lists none only when the pool lacks a specified will or the number of wills."""
    listed = payments(cost, pool)
    for pay in listed:
        check_payment("It", cost, pay, None)
        pay_from_pool(_board_with(pool), 0, pay)
    assert len(set(listed)) == len(listed)
    if cost is None:
        assert () in listed
        return
    left = Counter(pool)
    enough = all(left[w] >= n for w, n in Counter(cost.specified).items())
    enough = enough and len(pool) >= len(cost.specified) + cost.free
    assert bool(listed) == enough


def _board_with(pool: list[str]) -> Board:
    state = new()
    return state.board.with_data(pool=[pool, []])


# Hidden information ----------------------------------------------------------------------------------


def test_offers_do_not_depend_on_the_opponents_hand() -> None:
    """A seat's offers read its own hand and public cards only: with Bob's hand full of different
    cards, Alice's offers are the same, in the main phase and while she waits for his answer."""
    quick = card("Bob Quick", type="chant", quickcast=1, cost=0)
    twin = deck("Bob")
    twin["deck"] = [quick] * 40
    one = to_main(started(decks=[deck("Alice"), deck("Bob")]))
    two = to_main(started(decks=[deck("Alice"), twin]))
    assert one.zone("hand", 1) == two.zone("hand", 1)
    assert [o.to_json() for o in offers(one, 0)] == [o.to_json() for o in offers(two, 0)]
    one, two = (play(s, PlayAbility, 0, text="Draw a card") for s in (one, two))
    one, two = (play(s, PassPriority, 0) for s in (one, two))
    assert [o.to_json() for o in offers(one, 0)] == [o.to_json() for o in offers(two, 0)]
    assert "fow_play" in {o.type for o in offers(two, 1) if o.group == "main"}


def test_the_random_player_takes_changed_costs_and_first_draw_triggers_through_offers() -> None:
    """The offers' property reaches these paths: over random games, the random player plays cards and
    judgments with a declared cost change and a payment from the pool (903.2k-1), and declares first
    draw phase triggers with a mulligan decision (502.1), each action covered by an offer to its player."""
    from engine.match.errors import ActionRefused
    from engine.match.games.forceofwill.actions import Judgment, Mulligan, PlayCard
    from engine.match.offers import covering
    from engine.match.setup import new_match
    from engine.match.simulate import PLAYERS, game_seed

    seen: Counter[str] = Counter()
    for game in range(1, 13):
        rng = random.Random(f"arbiter-simulate:5:{game}")
        decks = [DEFINITION.random_deck(rng) for _ in PLAYERS]
        state = new_match(DEFINITION.spec, PLAYERS, decks, game_seed(5, game))
        while state.status == "playing":
            for action in DEFINITION.random_actions(state, rng):
                try:
                    after, _ = apply(state, action)
                except ActionRefused:
                    continue
                assert covering(state, action) is not None, action
                if isinstance(action, PlayCard | Judgment) and action.cost_change is not None:
                    seen[f"{action.type} changed" + (" paid" if action.pay else "")] += 1
                if isinstance(action, Mulligan) and action.triggers:
                    seen["triggers"] += 1
                state = after
                break
    assert {"fow_play changed paid", "fow_judgment changed", "triggers"} <= {
        key.replace(" paid", "") if key.startswith("fow_judgment") else key for key in seen
    }, seen
