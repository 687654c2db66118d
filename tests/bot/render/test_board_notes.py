"""The text board says what is true of each card (bot/render/match.py, from the view's game data):
a Duel Masters creature's power, keywords and summoning sickness, an evolution's source under it rather
than a creature of its own (801.2, 200.3a); a Force of Will J/resonator's ATK, DEF and keywords, so a
player sees why no block is offered (804.3, 1107.2)."""

from __future__ import annotations

from bot.render.match import board_panel
from engine.match.games.forceofwill.actions import Produce
from engine.match.view import view
from tests.engine.match.games.duelmasters.helpers import evolved
from tests.engine.match.games.forceofwill import helpers as fow


def _text(state: object, viewer: int | None) -> str:
    panel = board_panel(view(state, viewer), [], match_id=1)  # type: ignore[arg-type]
    return "\n".join(value for _, value in panel.fields)


def test_an_evolution_is_one_creature_with_its_source_under_it() -> None:
    """801.2, 200.3a: the evolution creature is listed with its power (its own, 206), and its source as
    the card under it, not as a creature of its own."""
    state, _, _ = evolved()
    for viewer in (0, 1, None):
        rows = [row for row in _text(state, viewer).splitlines() if row.startswith("battle zone")]
        assert rows == ["battle zone (2): Evo Dragon (9000 power, Small Fry under it)"], rows


def test_a_creature_shows_its_keywords_and_summoning_sickness() -> None:
    """507.1a, 301.5: a Blocker summoned this turn reads as such on the board."""
    from engine.match.actions import NextStep
    from engine.match.games.duelmasters.actions import UseCard
    from tests.engine.match.games.duelmasters.helpers import act, at, creature, deck, place, start

    wall = creature("Wall Guardian", 3000, cost=1, blocker=1)
    state = start((deck(wall), deck()))
    state, guard = place(state, "Wall Guardian", "hand", 0)
    state, mana = place(state, "Filler Beast", "mana", 0)
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, UseCard, 0, card=at(state, guard), mana=(at(state, mana),))
    assert "Wall Guardian (3000 power, Blocker, summoning sickness)" in _text(state, None)


def test_a_j_resonator_shows_its_atk_def_and_keywords() -> None:
    """207, 208, 1107: a resonator's ATK and DEF and its [Flying] are on the board, for both players."""
    alice = fow.deck("Alice")
    alice["deck"][0] = fow.resonator("Sky Hawk", 800, 200, flying=1)
    state = fow.to_main(fow.started(decks=[alice, fow.deck("Bob")]))
    state = fow.place(state, "Sky Hawk")
    for viewer in (0, 1, None):
        assert "Sky Hawk (ATK 800 / DEF 200, Flying)" in _text(state, viewer)
    state = fow.play(state, Produce, 0, cards=(fow.find(state, "Sky Hawk"),), granted=True, will="fire")
    assert "Sky Hawk (rest, ATK 800 / DEF 200, Flying)" in _text(state, 1)
