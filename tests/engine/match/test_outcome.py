"""The typed outcome (engine.match.outcome): how a match ended is a value, its termination, its winner
and for each loss the seat and the rule; the end line players read is its rendering, unchanged.

A small definition on a copy of the demo spec loses a player at 3 damage with a :class:`Loss` (rule
"9.9", the demo's own numbering), and at an empty deck with an older ``(seat, reason)`` pair.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from engine.match import actions as a
from engine.match.apply import apply
from engine.match.events import Event
from engine.match.game import GameDefinition, register_definition
from engine.match.outcome import Loss, Outcome, Termination
from engine.match.render import render_all
from engine.match.setup import new_match
from engine.match.state import CardRef, MatchState
from engine.match.view import view
from tests.engine.match.demo import DEMO_SPEC, PLAYERS

SPEC = DEMO_SPEC.model_copy(update={"key": "outcome_demo", "name": "Outcome Demo"})
ALICE, BOB = 0, 1


class OutcomeDemo(GameDefinition):
    spec = SPEC

    def losers(self, state: MatchState) -> Sequence[Loss | tuple[int, str]]:
        found: list[Loss | tuple[int, str]] = []
        for seat in (ALICE, BOB):
            if state.value(seat, "damage") >= 3:
                found.append(Loss(seat, "9.9", "three damage"))
            if not state.zone("deck", seat):
                found.append((seat, "no cards left in their deck (104.2b, 703.4b)"))
        return found


register_definition(OutcomeDemo())


def start() -> MatchState:
    decks = [{"deck": [CardRef(f"{side} {n:02d}") for n in range(8)]} for side in ("Red", "Blue")]
    return new_match(SPEC, PLAYERS, decks, bytes(32), first_player=ALICE)


def act(
    state: MatchState, action_type: type[a.BaseAction], actor: int, **fields: object
) -> tuple[MatchState, list[Event]]:
    return apply(state, action_type(actor=actor, version=state.version, **fields))


def test_a_concession_is_lost_by_the_conceding_player() -> None:
    state, events = act(start(), a.Concede, BOB)
    assert state.outcome == Outcome(Termination.CONCESSION, ALICE, (Loss(BOB, "", "concede"),))
    assert state.outcome.losers == (BOB,) and state.winner == ALICE and state.end_reason == "concede"
    assert Outcome.from_json(events[-1].data["outcome"]) == state.outcome
    assert render_all(events, state, ALICE)[-1].startswith("The match is over (concede): you win;")


def test_an_agreed_draw_has_no_winner_and_no_loss() -> None:
    state, _ = act(start(), a.OfferDraw, ALICE)
    state, events = act(state, a.AcceptDraw, BOB)
    assert state.outcome == Outcome(Termination.AGREED_DRAW, None, ())
    assert state.outcome.draw and state.end_reason == "draw agreed"
    assert events[-1].data["reason"] == "draw agreed"


def test_a_games_loss_names_the_seat_and_the_rule() -> None:
    state = start()
    values = ((20, 0), (20, 3))
    state, events = act(state.evolve(board=state.board.evolve(values=values)), a.Note, ALICE, text="check")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.RULES and state.outcome.winner == ALICE
    assert state.outcome.losers == (BOB,) and state.outcome.rules(BOB) == ("9.9",)
    assert state.end_reason == "Bob: three damage (9.9)"
    assert view(state, BOB)["outcome"]["losses"] == [{"seat": BOB, "rule": "9.9", "reason": "three damage"}]
    assert render_all(events, state, BOB)[-1].startswith(
        "The match is over (Bob: three damage (9.9)): Alice wins;"
    )


def test_an_older_reason_pair_is_read_with_its_rule_numbers() -> None:
    state = start()
    empty = tuple(
        () if (state.match.slot_spec[slot].name, state.match.slot_player[slot]) == ("deck", ALICE) else ids
        for slot, ids in enumerate(state.board.zones)
    )
    state, _ = act(state.evolve(board=state.board.evolve(zones=empty)), a.Note, ALICE, text="check")
    assert state.outcome is not None and state.outcome.winner == BOB
    assert state.outcome.losses == (Loss(ALICE, "104.2b, 703.4b", "no cards left in their deck"),)
    assert state.end_reason == "Alice: no cards left in their deck (104.2b, 703.4b)"


def test_both_players_losing_at_once_is_a_draw_with_both_losses() -> None:
    state = start()
    values = ((20, 3), (20, 4))
    state, _ = act(state.evolve(board=state.board.evolve(values=values)), a.Note, ALICE, text="check")
    assert state.outcome is not None and state.outcome.draw
    assert state.outcome.losers == (ALICE, BOB)
    assert state.end_reason == "draw (Alice: three damage (9.9); Bob: three damage (9.9))"


def test_the_outcome_survives_a_snapshot_and_is_derived_for_an_older_one() -> None:
    state, _ = act(start(), a.Concede, ALICE)
    data = state.to_json()
    assert MatchState.from_json(data, SPEC) == state
    del data["outcome"]
    assert MatchState.from_json(data, SPEC).outcome == state.outcome


def test_a_match_in_play_has_no_outcome_and_keeps_its_json() -> None:
    state = start()
    assert state.outcome is None and "outcome" not in state.to_json()
    assert view(state, ALICE)["outcome"] is None


def test_an_older_rules_reason_is_derived_back_into_losses() -> None:
    outcome = Outcome.by_rules(
        [Loss(ALICE, "9.2.3", "no cards in the deck"), Loss(BOB, "", "empty deck")], len(PLAYERS)
    )
    assert Outcome.derive(outcome.winner, outcome.reason(PLAYERS), PLAYERS) == outcome


@given(st.text(max_size=40))
def test_a_reason_read_back_into_a_loss_renders_unchanged(text: str) -> None:
    assert Loss.parse(ALICE, text).phrase() == text
