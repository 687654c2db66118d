"""Stops and automatic passes on the engine (:mod:`engine.match.stops`): the ``set_stops`` action,
automatic passes marked in the log and checked on replay, the one-press passes ending when they say,
undo taking an action back with the run of passes that followed it, and the loop bound. The games'
own windows have their scenario tests in ``tests/engine/match/games/<game>/test_stops.py``."""

from __future__ import annotations

import random

import pytest

from engine.match.actions import (
    AcceptUndo,
    BaseAction,
    Note,
    PassPriority,
    RequestUndo,
    SetStops,
    dump_action,
    parse_action,
)
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.forceofwill.actions import CallStone
from engine.match.games.forceofwill.spec import MAIN, S_MAIN
from engine.match.offers import offers
from engine.match.render import render_all
from engine.match.replay import MatchLog, effective_actions, replay_from, undone_versions
from engine.match.setup import new_match
from engine.match.state import MatchState, SeatStops, state_digest
from engine.match.stops import (
    AUTOMATIC_MOST,
    automatic_pass,
    automatic_passes,
    game_stops,
    stop_offers,
    stops_of,
)
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks
from tests.engine.match.games.forceofwill.helpers import deck, play, started, to_main
from tests.engine.match.games.harness import Scenario


def _main() -> MatchState:
    """Force of Will, turn 1: Alice (seat 0) in her main phase, holding priority."""
    state = to_main(started())
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_MAIN, 0)
    return state


def _run(state: MatchState) -> tuple[MatchState, list[BaseAction]]:
    run = automatic_passes(state)
    return (run[-1][1] if run else state), [action for action, _, _ in run]


# The action and its JSON --------------------------------------------------------------------------


def test_auto_is_written_only_when_true() -> None:
    manual = PassPriority(actor=0, version=3)
    assert "auto" not in dump_action(manual)
    auto = manual.model_copy(update={"auto": True})
    assert dump_action(auto)["auto"] is True
    assert parse_action(dump_action(auto)) == auto and parse_action(dump_action(manual)) == manual


def test_set_stops_says_what_to_set() -> None:
    with pytest.raises(ActionRefused, match="say which stops to set"):
        parse_action({"type": "set_stops", "actor": 0, "version": 0})
    with pytest.raises(ActionRefused, match="not both"):
        parse_action({"type": "set_stops", "actor": 0, "version": 0, "stops": [], "defaults": True})


def test_a_game_without_stops_refuses_them() -> None:
    state = new_match(DEMO_SPEC, PLAYERS, demo_decks(), bytes(32))
    with pytest.raises(ActionRefused, match="no stops"):
        apply(state, SetStops(actor=0, version=0, full_control=True))
    assert stop_offers(state, 0) == [] and automatic_pass(state) is None


def test_an_unknown_window_is_refused_with_the_games_windows() -> None:
    state = _main()
    with pytest.raises(ActionRefused, match=r"no window called 'lunch'; the windows are: my_main, attack"):
        apply(state, SetStops(actor=1, version=state.version, add="lunch"))


def test_stops_are_each_seats_own_and_kept_in_the_state_json() -> None:
    state = _main()
    game = game_stops(state)
    assert game is not None and stops_of(state, 1) == game.defaults
    assert "stops" not in state.to_json()
    state = play(state, SetStops, 1, add="opp_main")
    assert stops_of(state, 1) == game.defaults | {"opp_main"} and stops_of(state, 0) == game.defaults
    data = state.to_json()
    assert data["stops"][1]["stops"] == sorted(game.defaults | {"opp_main"})
    again = MatchState.from_json(data, state.match.spec, state.match)
    assert again.stops == state.stops and state_digest(again) == state_digest(state)
    state = play(state, SetStops, 1, remove="opp_main")  # back to the defaults: nothing stored
    assert state.stops is None and "stops" not in state.to_json()


def test_setting_stops_is_one_public_line() -> None:
    game = Scenario("forceofwill", [deck("Alice"), deck("Bob")])
    game.state = _main()
    game.act(1, SetStops, until="end_of_turn")
    assert game.lines(0) == ["Bob will pass until the end of the turn."]
    assert game.lines(1) == ["You will pass until the end of the turn."]
    game.act(1, SetStops, full_control=True)
    assert game.lines(None) == ["Bob takes full control (a stop at every window)."]


# Automatic passes ------------------------------------------------------------------------------------


def test_an_automatic_pass_is_the_waiting_seats_own_pass_at_a_window() -> None:
    """The engine takes ``auto`` only on the pass of the seat the game waits for at its window, so a
    log cannot claim an automatic pass the match would not make."""
    state = _main()
    state = play(state, PassPriority, 0)  # Bob, in Alice's main phase: no stop
    action = automatic_pass(state)
    assert action == PassPriority(actor=1, version=state.version, auto=True)
    with pytest.raises(ActionRefused, match="not a pass the match makes by itself"):
        apply(state, Note(actor=1, version=state.version, text="hi", auto=True))
    apply(state, action)


def test_automatic_passes_read_as_passes_in_the_log() -> None:
    state = play(_main(), PassPriority, 0)
    run = automatic_passes(state)
    assert run
    _, after, events = run[0]
    assert render_all(events, after, 0)[0] == "Bob passes priority to you."


def test_one_press_until_the_opponent_acts_ends_when_they_do() -> None:
    """``opponent_acts``: Bob passes in Alice's turn until she does something that is not a pass."""
    state = _main()
    state = play(state, SetStops, 1, until="opponent_acts")
    state = play(state, CallStone, 0)  # Alice does something
    assert state.stops is None
    state = play(state, SetStops, 1, until="opponent_acts")
    state = play(state, PassPriority, 0)  # a pass is not doing something
    assert state.stops is not None and state.stops[1].until == "opponent_acts"


def test_one_press_until_the_opponent_acts_ends_at_the_start_of_ones_turn() -> None:
    state = play(_main(), SetStops, 1, until="opponent_acts")
    state = play(state, PassPriority, 0)
    state, _ = _run(state)
    assert state.board.active == 1 and state.stops is None
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_MAIN, 1)


def test_two_seats_without_stops_wait_after_a_whole_turn() -> None:
    """Nobody stops anywhere: the run ends when a whole turn went by, not at the end of the game."""
    state = _main()
    for seat in (0, 1):
        state = play(state, SetStops, seat, stops=())
    state = play(state, PassPriority, 0)
    turn = state.board.turn
    state, run = _run(state)
    assert 0 < len(run) <= AUTOMATIC_MOST
    assert state.status == "playing" and state.board.turn == turn + 2
    assert len(automatic_passes(state, most=3)) == 3


# Undo ---------------------------------------------------------------------------------------------


def test_an_action_and_the_passes_after_it_undo_as_one_step() -> None:
    """Alice passes her main phase; the passes that follow (up to Bob's main phase) are automatic.
    Her undo takes back her pass and the whole run: the board is the one before her pass, and equals
    the replay of the match without them."""
    start = _main()
    log = MatchLog(start)
    log.submit(PassPriority(actor=0, version=start.version))
    for action, _, _ in automatic_passes(log.state):
        log.submit(action)
    assert log.state.board.active == 1 and log.state.undo_actor == 0
    assert "Ask to undo" in [offer.label for offer in offers(log.state, 0)]
    log.submit(RequestUndo(actor=0, version=log.state.version))
    log.submit(AcceptUndo(actor=1, version=log.state.version))
    assert log.state.board.content() == start.board.content()
    run = [a.version for a in log.actions if a.auto]
    assert run and undone_versions(log.actions) == {start.version, *run} == log.undone
    again = replay_from(start, effective_actions(log.actions), check_versions=False)
    assert again.board.content() == log.state.board.content()


def test_passes_after_an_undo_replay_without_the_undone_actions() -> None:
    """Undo equals the replay without the undone actions with automatic passes on both sides of the
    undo: those after it are applied at other versions in that replay, and still accepted."""
    start = _main()
    log = MatchLog(start)
    for _ in range(2):
        log.submit(PassPriority(actor=log.state.board.priority, version=log.state.version))
        for action, _, _ in automatic_passes(log.state):
            log.submit(action)
        seat = log.state.undo_actor
        assert seat is not None
        log.submit(RequestUndo(actor=seat, version=log.state.version))
        log.submit(AcceptUndo(actor=1 - seat, version=log.state.version))
        log.submit(PassPriority(actor=log.state.board.priority, version=log.state.version))
        for action, _, _ in automatic_passes(log.state):
            log.submit(action)
    again = replay_from(start, effective_actions(log.actions), check_versions=False)
    assert again.board.content() == log.state.board.content()


def test_passes_after_an_action_that_is_not_undone_start_a_step_of_their_own() -> None:
    """A run after a note (an action undo does not take back) is its first pass's own step."""
    state = play(_main(), PassPriority, 0)
    state = play(state, SetStops, 1, until="end_of_turn")
    run = automatic_passes(state)
    first = run[0][0]
    assert run[0][1].undo_actor == first.actor and run[0][1].undo_version == first.version


def test_offers_of_stops_are_accepted() -> None:
    state = play(_main(), PassPriority, 0)
    listed = [offer for offer in offers(state, 1) if offer.type == "set_stops"]
    labels = [offer.label for offer in listed]
    assert labels[:2] == ["Pass until end of turn", "Pass until my opponent acts"]
    assert listed[0].group == "now"  # Bob is at a window: the one-press pass passes now
    assert {"Add a stop", "Remove a stop", "Full control"} <= set(labels)
    for offer in listed:
        choices = offer.sample(random.Random(1))
        apply(state, offer.build(1, state.version, choices))
    mine = [offer for offer in offers(state, 0) if offer.type == "set_stops"]
    assert mine[0].group == "more"  # Alice is not waited for


def test_a_seat_row_is_its_own() -> None:
    state = play(_main(), SetStops, 0, full_control=True)
    assert state.stops == (SeatStops(None, True), SeatStops())
