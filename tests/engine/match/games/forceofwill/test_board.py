"""What the board says of each J/resonator (the view's ``fighters`` and ``card_notes``): its ATK and
DEF now, entered values included (207.2, 208.2), its battle keywords (1103-1108), and whether its
controller has controlled it since the start of the turn (803.3, 905.3) — what decides whether it may
attack or block, so that a player sees why no such offer is there."""

from __future__ import annotations

from engine.match.games.forceofwill.actions import Attack, InitiateBattle
from engine.match.view import view
from tests.engine.match.games.forceofwill.helpers import (
    card_id,
    deck,
    find,
    pass_both,
    place,
    play,
    resonator,
    started,
    to_main,
)


def _note(state: object, viewer: int | None, name: str) -> str:
    data = view(state, viewer)["game_data"]  # type: ignore[arg-type]
    entry = next(e for e in data["fighters"] if e.get("name") == name)
    assert data["card_notes"][entry["card"]] == entry["note"]
    return str(entry["note"])


def test_atk_def_and_flying_are_on_the_board_and_entered_values_replace_them() -> None:
    """207.2, 208.2, 1107: a [Flying] resonator reads its ATK, DEF and keyword; an ATK entered with the
    attack (an effect changing it) is what the board shows from then on."""
    alice = deck("Alice")
    alice["deck"][0] = resonator("Sky Hawk", 800, 200, flying=1)
    state = to_main(started(decks=[alice, deck("Bob")]))
    state = place(state, "Sky Hawk")
    for viewer in (0, 1, None):
        assert _note(state, viewer, "Sky Hawk") == "ATK 800 / DEF 200, Flying"
    state = pass_both(play(state, InitiateBattle, 0))
    state = play(state, Attack, 0, attacker=find(state, "Sky Hawk"), atk=1200)
    assert _note(state, 1, "Sky Hawk") == "ATK 1200 / DEF 200, Flying"


def test_a_j_resonator_new_this_turn_says_so() -> None:
    """803.3, 905.3: a resonator that came under its controller's control this turn can't attack
    without [Swiftness]; the board says it is new this turn."""
    state = to_main(started())
    state = place(state, "Alice Knight 01")
    hawk = card_id(state, "Alice Knight 01")
    board = state.board.with_data(since=[c for c in state.board.data("since", ()) if c != hawk])
    state = state.evolve(board=board)
    assert _note(state, None, "Alice Knight 01") == "ATK 500 / DEF 500, new this turn"
