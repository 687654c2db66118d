"""The one working context (engine.match.work.BoardWork) on the demo game: it reads and writes the
board the engine's way (moves reset knowledge, shuffles forget, face up is known to all), names cards
in events by who knows them, and refuses a badly named card with one sentence."""

from __future__ import annotations

import pytest

from engine.match.actions import CardAt
from engine.match.errors import ActionRefused
from engine.match.render import render_all
from engine.match.setup import new_match
from engine.match.state import MatchState
from engine.match.work import BoardWork, step_index
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks

ALICE, BOB = 0, 1
REST = DEMO_SPEC.orientation_index("rest")


def start() -> MatchState:
    return new_match(DEMO_SPEC, PLAYERS, demo_decks(), bytes(32), first_player=ALICE)


def drawn(count: int = 3) -> BoardWork:
    """Alice has drawn ``count`` cards (known to her only)."""
    state = start()
    w = BoardWork(state, state.version)
    w.move(ALICE, w.ids("deck", ALICE)[:count], "hand", ALICE, kind="draw")
    return w


def test_reading_the_board_through_the_work() -> None:
    w = drawn()
    card = w.ids("hand", ALICE)[0]
    assert w.slot("hand", ALICE) == w.state.slot("hand", ALICE) == w.slot_holding(card)
    assert w.zone_of(card) == ("hand", ALICE) and w.slot("stack") == w.state.slot("stack")
    assert w.name_of(card) == w.ref(card).name and w.card(card).owner == ALICE
    assert w.stat(card, "power", 7) == 7 and w.step_name() == "untap"
    w.set(battle={"attacker": card})
    assert w.data("battle") == (("attacker", card),) and w.data("missing", 1) == 1


def test_a_move_resets_knowledge_as_the_engine_does() -> None:
    w = drawn()
    card = w.ids("hand", ALICE)[0]
    assert w.card(card).known == 1 << ALICE
    w.move(None, [card], "field", ALICE)
    assert w.card(card).known == w.match.all and w.zone_of(card) == ("field", ALICE)
    w.move(ALICE, [card], "deck", ALICE, position="bottom", rule="1.2")
    assert w.card(card).known == 0 and w.ids("deck", ALICE)[-1] == card
    assert w.events[-1].actor == ALICE and w.events[-1].data["rule"] == "1.2"


def test_a_line_names_a_card_only_to_who_knows_it() -> None:
    w = drawn(1)
    card = w.ids("hand", ALICE)[0]
    w.emit("orient", ALICE, [card], orientation=REST)
    state, events = w.result()
    assert w.name_of(card) in render_all(events[-1:], state, ALICE)[0]
    assert w.name_of(card) not in render_all(events[-1:], state, BOB)[0]
    assert w.mention(card) == (w.card(card).ref, 1 << ALICE)


def test_orient_and_turn_face_up_change_only_those_cards() -> None:
    w = drawn(2)
    first, second = w.ids("hand", ALICE)
    w.move(ALICE, [first, second], "field", ALICE, face="down")
    w.orient([first], REST)
    w.turn_face_up([second])
    assert (w.card(first).orientation, w.card(second).orientation) == (REST, 0)
    assert w.card(second).face_up and w.card(second).known == w.match.all
    assert not w.card(first).face_up


def test_a_shuffle_forgets_the_deck_and_is_the_same_for_the_same_action() -> None:
    state = start()
    decks = []
    for _ in range(2):
        w = BoardWork(state, 5)
        w.turn_face_up(list(w.ids("deck", BOB)))
        w.shuffle_deck(BOB, b"test")
        decks.append(w.ids("deck", BOB))
        assert all(w.card(card).known == 0 for card in w.ids("deck", BOB))
    assert decks[0] == decks[1] and sorted(decks[0]) == sorted(state.zone("deck", BOB))
    other = BoardWork(state, 6)
    other.shuffle_deck(BOB, b"test")
    assert other.ids("deck", BOB) != decks[0]


def test_goto_moves_the_turn_to_a_named_step_with_a_line() -> None:
    w = drawn(0)
    w.goto("guard", priority=BOB)
    assert (w.board.phase, w.board.step) == step_index(w.match, "guard") == (2, 1)
    assert w.board.priority == BOB and w.step_name() == "guard"
    state, events = w.result()
    assert render_all(events, state, ALICE) == ["The game moves to the guard step of the battle phase."]


def test_pick_finds_the_card_an_action_names() -> None:
    w = drawn()
    assert w.pick(CardAt(zone="hand", index=1), ALICE, "hand") == (
        w.slot("hand", ALICE),
        w.ids("hand", ALICE)[1],
    )
    assert w.picks([CardAt(zone="hand", index=0)], ALICE, ("hand", "field"))[0][1] == w.ids("hand", ALICE)[0]


@pytest.mark.parametrize(
    ("at", "zones", "message"),
    [
        (CardAt(zone="deck", index=0), "hand", r"^Choose a card in the hand, not in the deck\.$"),
        (CardAt(zone="hand", player=BOB, index=0), "hand", r"^Choose a card in your own hand\.$"),
        (
            CardAt(zone="hand", index=9),
            "hand",
            r"^There is no card at index 9 of that hand \(it holds 3\)\.$",
        ),
    ],
)
def test_pick_refuses_a_card_it_cannot_name(at: CardAt, zones: str, message: str) -> None:
    with pytest.raises(ActionRefused, match=message):
        drawn().pick(at, ALICE, zones)


def test_the_same_card_twice_is_refused() -> None:
    at = CardAt(zone="hand", index=0)
    with pytest.raises(ActionRefused, match=r"^The same card is chosen twice\.$"):
        drawn().picks([at, at], ALICE, "hand")


def test_an_untouched_work_gives_back_the_same_state() -> None:
    state = start()
    w = BoardWork(state, state.version)
    assert w.result() == (state, []) and w.handled() == (state.board, [], None)
