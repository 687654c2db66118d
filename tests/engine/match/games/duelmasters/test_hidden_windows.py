"""The declaration window after a break does not depend on the hidden cards (113.6, 509.3a-b, 406.2;
docs/architecture.md, "Hidden information by construction"): boards that differ only in what the broken
shields and the defender's hand are give the attacker and the spectators the same views, the same log lines
and the same answers, break after break. Only the defender's own prompt lists the broken cards that
may have Shield Trigger."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import CardAt, Draw
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.games.duelmasters.actions import Block, Break, ShieldTrigger
from engine.match.state import Card, CardRef, MatchState
from engine.match.view import handle_of, view
from tests.engine.match.games.duelmasters.helpers import (
    FILLER,
    At,
    act,
    attack,
    card,
    creature,
    deck,
    lines,
    place,
    start,
    step,
    to_attack,
)
from tests.property_costs import SERVICE

DOUBLE = creature("Double Breaker Dragon", 8000, cost=7, breaker=2)
TRIGGER_BEAST = creature("Trigger Beast", 3000, cost=3, shield_trigger=1)
TRIGGER_SPELL = card("Trigger Spell", type="spell", cost=2, civilizations="water", shield_trigger=1)
GUARD_STRIKE = creature("Guard Strike Beast", 2000, cost=3, guard_strike=1)
STRIKE_BACK = creature("Strike Back Beast", 4000, cost=6, strike_back=1)
MYSTERY = CardRef("Mystery Beast")
KINDS = (FILLER, TRIGGER_BEAST, TRIGGER_SPELL, GUARD_STRIKE, STRIKE_BACK, MYSTERY)
"""What a hidden card of Bob's may be: nothing to declare, Shield Trigger (a creature, a spell), Guard
Strike, Strike Back, or no card data (it may have any of them)."""
MAY_TRIGGER = (TRIGGER_BEAST, TRIGGER_SPELL, MYSTERY)

SEES = (0, None)
"""Alice, the attacking player, and a spectator: neither knows Bob's shields or hand."""


def _declared() -> MatchState:
    """Alice's double breaker attacks Bob directly and Bob does not block: Alice is to break two of
    Bob's shields. Bob's deck holds every kind of card, so the board can say what each hidden card is."""
    state = start(decks=(deck(DOUBLE), deck(*KINDS[1:])))
    state, dragon = place(state, "Double Breaker Dragon", "battle_zone", 0)
    state = to_attack(state)
    state = attack(state, dragon)
    state, _ = act(state, Block, 1)
    assert step(state) == "direct_attack" and state.board.priority == 0
    return state


def _as(state: MatchState, changes: dict[int, CardRef]) -> MatchState:
    """The same board with these cards being other cards (the twin of a board: only identities change,
    never places, faces, knowledge or handles)."""
    table = state.match.table
    cards = list(state.board.cards)
    for card_id, ref in changes.items():
        old = cards[card_id]
        assert not old.known & 1, "Alice must not know the card that changes"
        cards[card_id] = Card(
            table.index(ref), old.owner, old.controller, old.face_up, old.orientation, old.counters, old.known
        )
    return state.evolve(board=state.board.evolve(cards=tuple(cards)))


def _seen(state: MatchState, events: list[Event]) -> list[Any]:
    """What Alice and a spectator read: their views and the log lines of these events."""
    return [(view(state, who), lines(events, state, who)) for who in SEES]


def _refusal(state: MatchState, action_type: type[Any], actor: int, **fields: Any) -> str:
    try:
        At(state).act(actor, action_type, **fields)
    except ActionRefused as refusal:
        return str(refusal)
    return "accepted"


def _play(state: MatchState, shields: list[int]) -> tuple[list[Any], MatchState]:
    """Alice breaks these shields, tries to draw a card while Bob decides, and Bob declines with one tap;
    what Alice and a spectator see at each point and the answer Alice gets, and the state in the window
    (for Bob's own prompt)."""
    broken = [CardAt(zone="shields", player=1, index=state.zone("shields", 1).index(s)) for s in shields]
    state, events = act(state, Break, 0, shields=broken)
    window = state
    seen = [_seen(state, events), _refusal(state, Draw, 0)]
    state, events = act(state, ShieldTrigger, 1)
    seen.append(_seen(state, events))
    return seen, window


def test_a_broken_shield_with_or_without_shield_trigger_looks_the_same_to_the_attacker() -> None:
    """113.6, 509.3a: the same board, once with a filler and once with a Shield Trigger creature as the
    broken shield: the window opens in both, Alice and a spectator read the same views and lines
    ("Bob declares no Shield Trigger." when he declines), and only Bob's prompt differs."""
    state = _declared()
    shields = state.zone("shields", 1)[:2]
    plain = _as(state, dict.fromkeys(shields, FILLER))
    trigger = _as(state, {shields[0]: TRIGGER_BEAST, shields[1]: FILLER})
    (seen_plain, window_plain), (seen_trigger, window_trigger) = (
        _play(plain, shields),
        _play(trigger, shields),
    )
    assert seen_plain == seen_trigger
    for window in (window_plain, window_trigger):
        assert step(window) == "direct_attack" and window.board.priority == 1
        assert view(window, 0)["game_data"]["waiting"] == "shield_trigger"
    assert seen_plain[1] == "Bob is deciding on Shield Triggers, Guard Strikes and Strike Backs " + (
        "(509.3a-b, 113.6): wait for them before you act."
    )
    assert seen_plain[2][0][1] == ["Bob declares no Shield Trigger."]
    assert view(window_plain, 1)["game_data"]["attack"]["shield_triggers"] == []
    mine = view(window_trigger, 1)["game_data"]["attack"]["shield_triggers"]
    assert mine == [handle_of(window_trigger, 1, shields[0])]


@settings(SERVICE)
@given(
    broken=st.tuples(st.sampled_from(KINDS), st.sampled_from(KINDS)),
    held=st.sampled_from(KINDS),
    picked=st.sampled_from(((0, 1), (1, 2), (0, 4))),
)
def test_no_hidden_card_changes_what_the_attacker_sees_of_a_break(
    broken: tuple[CardRef, CardRef], held: CardRef, picked: tuple[int, int]
) -> None:
    """113.6, 509.3a-b, 112.3b: whatever the two broken shields and a card of Bob's hand are (Shield
    Trigger, Guard Strike, Strike Back, no data, nothing), Alice and a spectator see what they see when
    all three are fillers; Bob's own prompt lists exactly the broken cards that may have Shield Trigger."""
    state = _declared()
    shields = [state.zone("shields", 1)[i] for i in picked]
    hand = state.zone("hand", 1)[0]
    plain = _as(state, {shields[0]: FILLER, shields[1]: FILLER, hand: FILLER})
    other = _as(state, {shields[0]: broken[0], shields[1]: broken[1], hand: held})
    (seen_plain, _), (seen_other, window) = _play(plain, shields), _play(other, shields)
    assert seen_other == seen_plain
    prompt = view(window, 1)["game_data"]["attack"]["shield_triggers"]
    expected = [
        handle_of(window, 1, s) for s, kind in zip(shields, broken, strict=True) if kind in MAY_TRIGGER
    ]
    assert prompt == expected
