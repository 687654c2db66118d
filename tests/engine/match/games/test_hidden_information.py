"""What a viewer sees never depends on cards that viewer does not know: not the view, not the log,
not the offers, not whether the game waits for a decision, not when the match passes for a player by
itself (docs/architecture.md, "Hidden information by construction" and "Passing priority without telling").
Checked on 200 random games per game with twin states, each seat playing with random stops
(:mod:`engine.match.indistinguishability`), in each game's ``test_random_games.py``, which reads one
walk per game three ways; here, the twins themselves and leaks planted to be caught."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.match.apply import apply
from engine.match.game import GameDefinition
from engine.match.games import game_definition
from engine.match.indistinguishability import (
    HiddenInformationLeak,
    compare_window,
    origins,
    twin,
)
from engine.match.setup import new_match
from engine.match.simulate import PLAYERS, game_seed
from engine.match.state import MatchState
from engine.match.view import view

GAMES = ("duelmasters", "vanguard", "forceofwill", "gateruler")


def _start(game: str, number: int = 1) -> tuple[GameDefinition, list[Any], MatchState]:
    definition = game_definition(game)
    rng = random.Random(f"twin-test:{number}")
    decks = [definition.random_deck(rng) for _ in PLAYERS]
    return definition, decks, new_match(definition.spec, PLAYERS, decks, game_seed(99, number))


@pytest.mark.parametrize("game", GAMES)
def test_a_twin_differs_only_in_cards_its_viewer_does_not_know(game: str) -> None:
    definition, decks, state = _start(game)
    origin = origins(definition, decks)
    for viewer in (0, 1, None):
        other, changed = twin(state, viewer, origin, random.Random(3), others_only=False)
        assert changed, "a new match has hidden cards to shuffle"
        bit = state.match.all if viewer is None else 1 << viewer
        for card_id, (one, two) in enumerate(zip(state.board.cards, other.board.cards, strict=True)):
            if one.ref != two.ref:
                assert card_id in changed
                assert one.known & bit != bit, "a card the viewer knows changed"
            assert (one.owner, one.known, one.face_up) == (two.owner, two.known, two.face_up)
        # Identities only moved within a deck section of one owner.
        before = Counter((origin[i], card.ref) for i, card in enumerate(state.board.cards))
        after = Counter((origin[i], card.ref) for i, card in enumerate(other.board.cards))
        assert before == after
        assert view(state, viewer) == view(other, viewer)
        assert state.board.zones == other.board.zones


def test_a_step_that_depends_on_a_hidden_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker is not blind: a view that tells whether the hidden hand holds a given card (the
    kind of leak a decision window that opens only for some hands makes) is reported."""
    definition, decks, state = _start("duelmasters")
    original = type(definition).view
    first_ref = state.board.cards[state.zone("hand", 1)[0]].ref

    def leaky(self: GameDefinition, state: MatchState, viewer: int | None) -> dict[str, Any]:
        data = dict(original(self, state, viewer))
        hand = state.zone("hand", 1)
        data["tell"] = any(state.board.cards[card].ref == first_ref for card in hand)
        return data

    monkeypatch.setattr(type(definition), "view", leaky)
    origin = origins(definition, decks)
    with pytest.raises(HiddenInformationLeak, match="the view differs for seat 0"):
        for seed in range(20):
            compare_window(
                definition, "leak", state, [], 0, origin, random.Random(seed), others_only=True, length=1
            )


def test_an_automatic_pass_that_depends_on_a_hidden_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker is not blind to the timing of automatic passes: a match that passed for Bob only
    when his hand lacks some card (the client that skips your priority when you hold no instant) is
    reported to Alice."""
    import engine.match.stops as stops
    from engine.match.actions import Note, PassPriority
    from engine.match.games.forceofwill.actions import Mulligan

    definition, decks, state = _start("forceofwill")
    for seat in (state.board.priority, 1 - state.board.priority):
        state, _ = apply(state, Mulligan(actor=seat, version=state.version, cards=()))
    state, _ = apply(state, PassPriority(actor=state.board.priority, version=state.version))
    bob = state.board.priority
    first_ref = state.board.cards[state.zone("hand", bob)[0]].ref
    honest = stops.automatic_pass

    def leaky(state: MatchState) -> Any:
        hand = state.zone("hand", bob)
        if any(state.board.cards[card].ref == first_ref for card in hand):
            return None  # "he holds an answer": wait for him
        return honest(state)

    monkeypatch.setattr(stops, "automatic_pass", leaky)
    origin = origins(definition, decks)
    note = Note(actor=1 - bob, version=state.version, text="your move")
    with pytest.raises(HiddenInformationLeak, match=f"the automatic passes differs for seat {1 - bob}"):
        for seed in range(20):
            compare_window(
                definition,
                "leak",
                state,
                [note],
                1 - bob,
                origin,
                random.Random(seed),
                others_only=True,
                length=1,
            )
