"""A first vanguard chosen during the setup when card data cannot pick it: 5.4.3 choose it from the
main deck and put it face down, 5.4.3.1 then shuffle, 5.4.3.4 then draw five; nothing of the deck's
order stays known."""

from __future__ import annotations

from engine.match.actions import Search, ZoneRef
from engine.match.games.vanguard import VgRedraw
from engine.match.spec import Face
from engine.match.state import CardRef, MatchState
from engine.match.view import view
from tests.engine.match.games.vanguard.helpers import act, do, refused, start, step


def _no_data_decks() -> list[dict[str, list[CardRef]]]:
    """Two 50-card decks without card data and without a named first vanguard."""
    return [{"deck": [CardRef(f"{p} Card {i:02d}") for i in range(50)]} for p in ("Alpha", "Beta")]


def _search(
    state: MatchState,
    actor: int,
    *,
    take: tuple[int, ...] = (7,),
    to: ZoneRef | None = None,
    face: Face = "down",
    shuffle: bool = False,
) -> Search:
    """A generic search of the actor's deck for a first vanguard (by default one card, face down)."""
    return Search(
        actor=actor,
        version=state.version,
        zone=ZoneRef(zone="deck"),
        take=take,
        to=to or ZoneRef(zone="vc"),
        face=face,
        shuffle=shuffle,
    )


def _deck_unknown(state: MatchState, player: int) -> None:
    """Nobody, the owner included, knows any card of the deck (4.2.2), so not its order."""
    for card in state.zone("deck", player):
        assert not state.knows(0, card) and not state.knows(1, card)


def test_first_vanguard_by_search_then_shuffle_then_five_cards() -> None:
    """5.4.3: without card data no hand is drawn before the first vanguard is chosen; the search puts
    it face down, seen by its owner only; 5.4.3.1 the deck is then shuffled, so the search leaves
    nothing of its order known; 5.4.3.4 five cards are drawn; the redraw waits for both hands."""
    state = start(first=0, decks=_no_data_decks())
    for p in (0, 1):
        assert not state.zone("hand", p) and not state.zone("vc", p) and len(state.zone("deck", p)) == 50
    assert step(state) == "redraw" and state.board.priority == 0
    refused(
        state,
        VgRedraw(actor=0, version=state.version),
        "Put your first vanguard, a grade 0 card, face down on your vanguard circle first (5.4.3).",
    )
    refused(
        state,
        _search(state, 0, face="up"),
        "Put your first vanguard face down: it is not revealed until the game begins (5.4.3).",
    )
    refused(
        state,
        _search(state, 0, take=(1, 2)),
        "Take exactly one card of your deck as your first vanguard (5.4.3).",
    )
    refused(
        state,
        _search(state, 0, to=ZoneRef(zone="vc", player=1)),
        "Put your first vanguard on your own vanguard circle (5.4.3).",
    )
    state, lines = act(state, _search(state, 0), viewer=1)
    assert lines[2:] == ["Alice shuffles their deck.", "Alice draws 5 cards."]
    assert not any("Alpha Card" in line for line in lines)
    (vanguard,) = state.zone("vc", 0)
    assert not state.card(vanguard).face_up
    assert state.knows(0, vanguard) and not state.knows(1, vanguard)
    assert len(state.zone("hand", 0)) == 5 and len(state.zone("deck", 0)) == 44
    assert all(state.knows(0, card) and not state.knows(1, card) for card in state.zone("hand", 0))
    _deck_unknown(state, 0)
    assert "Alpha Card" not in str(view(state, 1))
    # Bob has no hand yet: he acts now, and Alice's redraw waits for his hand.
    assert not state.zone("hand", 1) and state.board.priority == 1
    refused(
        state,
        VgRedraw(actor=0, version=state.version),
        "Bob must first put their first vanguard on their vanguard circle (5.4.3).",
    )
    refused(
        state,
        _search(state, 0, take=(3,)),
        "Your first vanguard is already on your vanguard circle (5.4.3).",
    )
    state = act(state, _search(state, 1, take=(0,), shuffle=True))[0]
    _deck_unknown(state, 1)
    assert len(state.zone("hand", 1)) == 5 and state.board.priority == 0
    state = do(state, VgRedraw, 0)
    state = do(state, VgRedraw, 1)
    assert state.board.data("started") and state.board.turn == 1
    assert all(state.card(state.zone("vc", p)[0]).face_up for p in (0, 1))


def test_first_vanguard_search_refuses_a_card_of_another_grade() -> None:
    """5.4.3: the first vanguard is a grade 0 card; a card whose data shows another grade is refused
    while the deck may hold one (here a card without data)."""
    knight = CardRef("Knight", "", (("grade", 2), ("power", 10000)))
    decks = [{"deck": [knight] * 49 + [CardRef(f"{p} Mystery")]} for p in "AB"]
    state = start(decks=decks)
    assert not state.zone("vc", 0) and not state.zone("hand", 0)
    deck = state.zone("deck", 0)
    knight_at = next(i for i, c in enumerate(deck) if state.ref(c).name == "Knight")
    mystery_at = next(i for i, c in enumerate(deck) if state.ref(c).name == "A Mystery")
    refused(
        state,
        _search(state, 0, take=(knight_at,)),
        "Your first vanguard is a grade 0 card (5.4.3); that card is grade 2.",
    )
    state = do(
        state, Search, 0, zone=ZoneRef(zone="deck"), take=(mystery_at,), to=ZoneRef(zone="vc"), face="down"
    )
    assert len(state.zone("vc", 0)) == 1 and len(state.zone("hand", 0)) == 5


def test_a_deck_without_any_grade_0_card_still_starts() -> None:
    """5.4.3 cannot be followed by a deck whose card data shows no grade 0 card: any card may be chosen
    rather than the match never beginning."""
    decks = [{"deck": [CardRef(f"{p} Knight", "", (("grade", 2), ("power", 10000)))] * 50} for p in "AB"]
    state = start(decks=decks)
    for seat in (0, 1):
        state = do(
            state, Search, seat, zone=ZoneRef(zone="deck"), take=(0,), to=ZoneRef(zone="vc"), face="down"
        )
    state = do(state, VgRedraw, state.board.active)
    state = do(state, VgRedraw, 1 - state.board.active)
    assert state.board.data("started")


def test_the_redraw_asks_for_the_missing_first_vanguard_first() -> None:
    """5.4.3 before 5.4.3.4: once the first player has placed theirs, the other player is told to place
    their first vanguard (not that the first player redraws first, who is waiting for them)."""
    state = start(decks=_no_data_decks())
    first = state.board.active
    state = do(state, Search, first, zone=ZoneRef(zone="deck"), take=(0,), to=ZoneRef(zone="vc"), face="down")
    second = state.board.priority
    assert second == 1 - first
    refused(
        state,
        VgRedraw(actor=second, version=state.version),
        "Put your first vanguard, a grade 0 card, face down on your vanguard circle first (5.4.3).",
    )
