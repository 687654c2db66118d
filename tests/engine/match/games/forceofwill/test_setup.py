"""Setup (405) and the first turn (502.1-502.5, 503.1), from the rules."""

from __future__ import annotations

import pytest

from engine.match.actions import Draw, NextPhase, PassPriority, PassTurn
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.games.forceofwill.actions import Mulligan
from engine.match.games.forceofwill.spec import DRAW, MAIN, S_MAIN, SETUP
from engine.match.offers import offers
from engine.match.render import render_all
from engine.match.view import view
from tests.engine.match.games.forceofwill.helpers import new, pass_both, play, started, step, to_main
from tests.engine.match.games.offer_helpers import take_all


def test_setup_counts_405() -> None:
    """405.1-405.5 and 1119.2: ruler placed, five cards, 4000 life, a will coin for the second player."""
    state = new(first=0)
    for seat in (0, 1):
        assert len(state.zone("ruler_area", seat)) == 1
        assert len(state.zone("hand", seat)) == 5
        assert len(state.zone("deck", seat)) == 35
        assert len(state.zone("stone_deck", seat)) == 10
        assert state.value(seat, "life") == 4000
    assert state.value(0, "will_coins") == 0 and state.value(1, "will_coins") == 1
    assert (state.board.phase, state.board.priority) == (SETUP, 0)


def test_decks_are_hidden_from_everyone_304_305() -> None:
    """304, 305: the deck and the magic stone deck are hidden, owner included; the hand is the owner's."""
    state = new()
    for viewer in (0, 1, None):
        zones = view(state, viewer)["zones"]
        for zone in zones:
            if zone["zone"] in ("deck", "stone_deck"):
                assert all("name" not in c for c in zone["cards"])
            if zone["zone"] == "hand":
                assert all(("name" in c) == (zone["player"] == viewer) for c in zone["cards"])


def test_mulligan_first_player_first_405_5a() -> None:
    """405.5a: the first player decides first; the chosen cards are shuffled in and as many drawn."""
    state = new(first=1)
    with pytest.raises(ActionRefused, match=r"^Bob decides on their mulligan first \(405\.5\)\.$"):
        step(state, Mulligan, 0)
    hand = set(state.zone("hand", 1))
    state, events = step(state, Mulligan, 1, cards=(0, 2))
    assert len(state.zone("hand", 1)) == 5 and len(state.zone("deck", 1)) == 35
    assert len(hand & set(state.zone("hand", 1))) >= 3
    assert render_all(events, state, 0)[0] == "Bob mulligans 2 cards (405.5a)."
    with pytest.raises(ActionRefused, match="already made your mulligan"):
        step(state.evolve(board=state.board.evolve(priority=1)), Mulligan, 1)
    state = play(state, Mulligan, 0)
    assert (state.board.phase, state.board.active, state.board.turn) == (MAIN, 1, 1)


def test_first_player_skips_first_draw_and_recovery_502_4_503_1() -> None:
    """502.4: no draw in the first draw phase of the game; 503.1: each player's first turn skips the
    recovery phase; the second player draws in their first draw phase."""
    state = started(first=0)
    assert len(state.zone("hand", 0)) == 5
    state = to_main(state)
    assert (state.board.phase, state.board.step) == (MAIN, S_MAIN)
    assert len(state.zone("hand", 0)) == 5
    state = pass_both(state)  # main -> end
    state, events = step(state, PassPriority, 0)
    state, events = step(state, PassPriority, 1)  # end -> turn 2
    assert (state.board.turn, state.board.active) == (2, 1)
    assert len(state.zone("hand", 1)) == 6
    lines = render_all(events, state, 1)
    assert any(line.startswith("You draw Bob Knight") for line in lines)
    assert "Alice draws a card." not in render_all(events, state, 0)


def test_generic_turn_moves_are_refused_605_1() -> None:
    """605.1: the game moves on only when both players pass; next phase / pass turn change nothing."""
    state = to_main(started())
    before = (state.version, state.board)
    for action in (NextPhase, PassTurn):
        with pytest.raises(ActionRefused, match=r"pass priority instead\.$"):
            step(state, action, 0)
    assert (state.version, state.board) == before


def test_only_the_priority_holder_acts_601_1() -> None:
    """601.1: the player with priority acts; the other is refused with one sentence, nothing changes."""
    state = to_main(started())
    before = state.board
    with pytest.raises(ActionRefused, match=r"^You do not hold priority; Alice does \(601\.1\)\.$"):
        apply(state, Draw(actor=1, version=state.version))
    assert state.board is before
    with pytest.raises(ActionRefused, match=r"^The game has not started"):
        step(new(), Draw, 0)


def test_first_turn_lines_read_right_for_each_viewer_503_1_405_5_1119_2() -> None:
    """503.1, 405.5, 1119.2: the lines about a player's own first turn, opening hand and will coin say
    "your" to that player and "their" to the opponent and spectators."""
    from engine.match.games.forceofwill.actions import Produce

    state = new(first=0)
    state, kept = step(state, Mulligan, 0)
    assert render_all(kept, state, 0) == ["You keep your opening hand (405.5)."]
    assert render_all(kept, state, 1) == ["Alice keeps their opening hand (405.5)."]
    state, events = step(state, Mulligan, 1)  # no first draw phase window: Alice's first recovery phase
    skipped = [line for line in render_all(events, state, 0) if "skip" in line]
    assert skipped == ["You skip the recovery phase of your first turn (503.1)."]
    for viewer in (1, None):
        lines = [line for line in render_all(events, state, viewer) if "skip" in line]
        assert lines == ["Alice skips the recovery phase of their first turn (503.1)."]
    state = to_main(pass_both(pass_both(state)))
    assert state.board.active == 1
    state, coin = step(state, Produce, 1, coin=True)
    assert render_all(coin, state, 1) == ["You banish your will coin to produce fire will (1119.2)."]
    assert render_all(coin, state, 0) == ["Bob banishes their will coin to produce fire will (1119.2)."]


def test_the_first_draw_phase_with_no_trigger_opens_no_priority_sequence_502_1_502_5() -> None:
    """502.3 and 502.4 are skipped in the game's first draw phase, so 502.5 is too; 502.1-502.2 happen
    only with triggers. With none declared, both players' keep leads straight to the first player's main
    phase (the recovery phase of a first turn is skipped, 503.1): no one passes through an empty
    window, and the log says why."""
    state = new(first=0)
    state = play(state, Mulligan, 0)
    state, events = step(state, Mulligan, 1)
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_MAIN, 0)
    assert len(state.zone("hand", 0)) == 5
    assert render_all(events, state, None)[1:] == [
        "The game moves to the draw phase.",
        "Alice plays first; the game's first draw phase has no draw and no trigger, so no priority "
        "sequence (502.1-502.5).",
        "The game moves to the recovery phase.",
        "Alice skips the recovery phase of their first turn (503.1).",
        "The game moves to the main step of the main phase.",
    ]


def test_declared_first_draw_triggers_open_its_priority_sequence_unseen_until_both_decided_502_1() -> None:
    """502.1-502.2: abilities that trigger as the first draw phase begins ("at the beginning of the
    game") give it a priority sequence, which the turn player holds. The engine reads no card text, so
    a player declares them with their mulligan decision; the opponent, deciding second (405.5a), reads
    nothing of it until they have decided too, so their view and offers are the same either way."""
    declared = play(new(first=0), Mulligan, 0, triggers=True)
    quiet = play(new(first=0), Mulligan, 0)
    assert view(declared, 1) == view(quiet, 1) and view(declared, None) == view(quiet, None)
    assert [o.label for o in offers(declared, 1)] == [o.label for o in offers(quiet, 1)]
    state, events = step(declared, Mulligan, 1)
    assert (state.board.phase, state.board.priority) == (DRAW, 0)
    assert render_all(events, state, 1)[2] == (
        "Alice triggers abilities as the game's first draw phase begins: its priority sequence opens (502.1)."
    )
    state = pass_both(state)
    assert (state.board.phase, state.board.step, state.board.priority) == (MAIN, S_MAIN, 0)
    assert len(state.zone("hand", 0)) == 5  # 502.4: still no draw


def test_keeping_or_mulliganing_with_triggers_is_offered_405_5a_502_1() -> None:
    """405.5a, 502.1: the mulligan decision comes with or without first draw phase triggers; every such
    offer is accepted."""
    state = new(first=0)
    listed = offers(state, 0)
    labels = [offer.label for offer in listed]
    assert labels[:2] == ["Keep", "Mulligan"]
    assert 'Keep, with "at the beginning of the game" triggers' in labels
    take_all(state, 0, 4)
