"""The hooks the game definitions will use: a game-specific action, its handler and its log line."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field

from engine.match import actions as a
from engine.match.apply import HandlerResult, apply, move_cards, refuse, register_handler
from engine.match.errors import ActionRefused
from engine.match.render import Line, register_line, render_all
from engine.match.setup import new_match
from engine.match.state import MatchState
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks


@a.register_action
class Mill(a.BaseAction):
    """Put the top ``count`` cards of your deck into your discard (a Vanguard-style soul charge)."""

    type: Literal["mill"] = "mill"
    count: int = Field(default=1, ge=1, le=10)


def _mill(state: MatchState, action: Mill) -> HandlerResult:
    deck = state.match.slot_of[("deck", action.actor)]
    ids = state.board.zones[deck]
    if len(ids) < action.count:
        refuse("There are not enough cards in your deck.")
    picks = [(deck, card) for card in ids[: action.count]]
    dest = state.match.slot_of[("discard", action.actor)]
    board, event = move_cards(state, state.board, action.actor, picks, dest, kind="mill")
    return board, [event], None


def _mill_line(line: Line) -> str:
    return f"{line.subject()} {line.verb('mill')} {line.cards()}."


register_handler(Mill, _mill)
register_line("mill", _mill_line)


def test_a_game_specific_action_parses_applies_and_renders() -> None:
    state = new_match(DEMO_SPEC, PLAYERS, demo_decks(), bytes(32), first_player=0)
    action = a.parse_action({"type": "mill", "actor": 0, "version": 0, "count": 2})
    assert isinstance(action, Mill)
    top = state.zone("deck", 0)[:2]
    new, events = apply(state, action)
    assert new.zone("discard", 0) == top and new.knows(None, top[0])
    names = " and ".join(new.ref(card).name for card in top)
    assert render_all(events, new, 1) == [f"Alice mills {names}."]
    assert a.parse_action(a.dump_action(action)) == action
    with pytest.raises(ActionRefused, match=r"^It is Alice's turn and you do not hold priority"):
        apply(state, Mill(actor=1, version=0))
    with pytest.raises(ActionRefused, match=r"^There are not enough cards in your deck"):
        apply(state, Mill(actor=0, version=0, count=10).model_copy(update={"count": 30}))
