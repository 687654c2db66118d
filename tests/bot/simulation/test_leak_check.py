"""The leak check of ``arbiter match play --auto`` (bot.simulation.match_play.leaked_names) reads what
the engine says a viewer knows by name: a player's own decklist is no secret to them, the opponent's
is, and a spectator knows neither (engine.match.state.MatchState.known_names)."""

from __future__ import annotations

from bot.render import match as mr
from bot.render.text import panel_text
from bot.simulation.match_play import leaked_names, play
from engine.match.offers import PickNeed, offers
from engine.match.view import view
from tests.engine.match.games.vanguard.helpers import place, second_turn


def test_seek_mate_lists_the_players_own_decklist_which_is_a_leak_only_to_others() -> None:
    """Bob's main phase, Seek Mate possible (11.10.2: Alice's vanguard is grade 3, four cards in Bob's
    drop zone): the offer names every card Bob's main deck began with, cards he has not seen since
    the shuffle among them. Bob knows his decklist: his panel leaks nothing. The same names shown to
    Alice or to a spectator would tell them Bob's decklist: the check reports them."""
    state = second_turn(first=0)
    state = place(state, 0, "Alpha King", "vc")
    state = place(state, 0, "Alpha Starter", "soul", source="vc")
    for _ in range(4):
        state = place(state, 1, "Beta Squire", "drop")
    seek = next(offer for offer in offers(state, 1) if offer.type == "vg_legion")
    mate = next(need for need in seek.needs if isinstance(need, PickNeed))
    seen = {state.ref(card).name for card in range(len(state.board.cards)) if state.knows(1, card)}
    unseen = [name for name in mate.options if name not in seen]
    assert "Beta Stand" in unseen, "a name of Bob's deck he knows no card of (the case at issue)"
    seat = view(state, 1)
    menu = "\n".join(mr.need_options(mate, seat))
    text = panel_text(mr.hand_panel(seat, offers(state, 1), match_id=1, seat=1)) + "\n" + menu
    assert "Beta Stand" in text
    assert leaked_names(state, 1, text) == []
    for other in (0, None):
        assert set(unseen) <= set(leaked_names(state, other, text)), other
    assert leaked_names(state, 0, "Alpha Stand") == []
    assert leaked_names(state, None, "Alpha Stand") == ["Alpha Stand"]


async def test_a_whole_vanguard_match_played_through_its_panels_leaks_nothing() -> None:
    """``arbiter match play vanguard --auto`` on the seed of the issue (7, its second match reached
    Seek Mate): every panel of every viewer after every action is checked, and none names a card its
    viewer has no way to know."""
    results = await play("vanguard", seed=7, games=2)
    assert [result.leaks for result in results] == [0, 0]
    assert all(result.panels > 100 and result.reason for result in results)
