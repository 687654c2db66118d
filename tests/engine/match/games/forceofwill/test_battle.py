"""Battle (800): attack, block, first strike and normal damage, destruction (1204.1), from the rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import CardAt, GiveControl, Move, PassPriority, ZoneRef
from engine.match.errors import ActionRefused
from engine.match.games.forceofwill.actions import Attack, Block, DealDamage, InitiateBattle, Judgment
from engine.match.games.forceofwill.spec import (
    MAIN,
    S_ATTACK,
    S_BATTLE_END,
    S_BLOCK,
    S_DAMAGE,
    S_FIRST_STRIKE,
    S_MAIN,
)
from engine.match.render import render_all
from tests.engine.match.games.forceofwill.helpers import (
    card,
    card_id,
    deck,
    find,
    life,
    pass_both,
    place,
    play,
    resonator,
    started,
    step,
    to_main,
)
from tests.property_costs import MATCHES


def _decks():  # type: ignore[no-untyped-def]
    alice, bob = deck("Alice"), deck("Bob")
    alice["deck"][:4] = [
        resonator("Striker", 800, 600),
        resonator("Duelist", 700, 500, first_strike=1),
        resonator("Hawk", 400, 400, flying=1),
        card("Mystery", type="resonator"),
    ]
    bob["deck"][:3] = [
        resonator("Guard", 300, 900),
        resonator("Wall", 500, 800),
        resonator("Owl", 200, 300, flying=1),
    ]
    return [alice, bob]


def _battle(state, *names):  # type: ignore[no-untyped-def]
    """Turn 1, main: the named cards in the field (controlled since the start of the turn)."""
    for name in names:
        state = place(state, name)
    state = play(state, InitiateBattle, 0)
    state = pass_both(state)
    assert (state.board.phase, state.board.step) == (MAIN, S_ATTACK)
    return state


def _start():  # type: ignore[no-untyped-def]
    return to_main(started(decks=_decks()))


def test_unblocked_attack_on_the_player_806_2b_1007_2() -> None:
    """803.4: the attacker rests; 806.2b: unblocked, it deals damage equal to its ATK to the attacked
    player, whose life decreases (1007.2); 807.4: the battle ends and the main phase goes on."""
    state = _battle(_start(), "Striker")
    striker = card_id(state, "Striker")
    state, events = step(state, Attack, 0, attacker=find(state, "Striker"))
    assert state.card(striker).orientation == 1
    assert render_all(events, state, 1) == ["Alice attacks you with Striker (ATK 800)."]
    state = pass_both(state)
    assert state.board.step == S_BLOCK
    state, events = step(state, PassPriority, 0)
    state, events = step(state, PassPriority, 1)  # Bob declines to block
    assert state.board.step == S_DAMAGE and life(state, 1) == 3200
    assert "Striker deals 800 damage to you (life 3200)" in render_all(events, state, 1)[-1]
    state = pass_both(state)
    assert state.board.step == S_BATTLE_END
    state = pass_both(state)
    assert (state.board.step, state.board.data("battle")) == (S_MAIN, None)


def test_block_damage_is_simultaneous_and_destroys_1204_1() -> None:
    """804.4: the blocker rests; 806.2a/806.2d: attacker and blocker deal damage at once; 1204.1: a
    J/resonator with damage at least its DEF is destroyed."""
    state = _battle(_start(), "Striker", "Wall")
    wall, striker = card_id(state, "Wall"), card_id(state, "Striker")
    state = play(state, Attack, 0, attacker=find(state, "Striker"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state, events = step(state, Block, 1, blocker=find(state, "Wall"))
    assert state.card(wall).orientation == 1 and state.board.priority == 0
    state, events = step(state, PassPriority, 0)
    state, events = step(state, PassPriority, 1)
    assert wall in state.zone("graveyard", 1)
    assert state.card(striker).counter("damage") == 500 and striker in state.zone("field")
    assert life(state, 1) == 4000
    assert render_all(events, state, 0)[-1] == "Wall is destroyed (1204.1)."


def test_first_strike_805() -> None:
    """805.2: an attacker with [First Strike] deals its damage first; the blocker, which survived, deals
    its damage in the normal step (806.2d, 1105.2)."""
    state = _battle(_start(), "Duelist", "Guard")
    state = play(state, Attack, 0, attacker=find(state, "Duelist"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state = play(state, Block, 1, blocker=find(state, "Guard"))
    guard, duelist = card_id(state, "Guard"), card_id(state, "Duelist")
    state = pass_both(state)  # first strike step
    assert state.card(guard).counter("damage") == 700
    state = pass_both(state)  # normal damage step: only the blocker, which survived, strikes back
    assert state.card(duelist).counter("damage") == 300 and state.card(guard).counter("damage") == 700


def test_attack_legality_803_3() -> None:
    """803.3: the attacker was controlled since the start of the turn and is recovered; the attacked
    J/resonator is rested; ATK and DEF are known or entered."""
    state = _start()
    state = place(state, "Striker")
    fresh = state.zone("hand", 0)[0]
    state = state.evolve(board=state.board.with_data(since=[card_id(state, "Striker")]))
    state = place(state, state.ref(fresh).name)
    state = state.evolve(board=state.board.with_data(since=[card_id(state, "Striker")]))
    state = place(state, "Guard")
    state = place(state, "Mystery")
    state = play(state, InitiateBattle, 0)
    state = pass_both(state)
    fresh_at = CardAt(zone="field", index=state.zone("field").index(fresh))
    with pytest.raises(ActionRefused, match=r"since the start of the turn \(803\.3, 1108\)"):
        step(state, Attack, 0, attacker=fresh_at)
    with pytest.raises(
        ActionRefused, match=r"^Guard is recovered; only a rested J/resonator can be attacked"
    ):
        step(state, Attack, 0, attacker=find(state, "Striker"), target=find(state, "Guard"))
    with pytest.raises(
        ActionRefused, match=r"^Enter Mystery's ATK: the card data does not give it \(803\.3\)\.$"
    ):
        step(state, Attack, 0, attacker=find(state, "Mystery"))
    state = play(state, Attack, 0, attacker=find(state, "Mystery"), atk=1000, defense=1000)
    state = pass_both(state)
    state = pass_both(state)
    assert life(state, 1) == 3000


def test_flying_attacker_needs_a_flying_blocker_1107() -> None:
    """1107: a [Flying] attacker can be blocked only by a J/resonator with [Flying]."""
    state = _battle(_start(), "Hawk", "Wall", "Owl")
    state = play(state, Attack, 0, attacker=find(state, "Hawk"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    with pytest.raises(ActionRefused, match=r"only a J/resonator with \[Flying\] can block it"):
        step(state, Block, 1, blocker=find(state, "Wall"))
    state = play(state, Block, 1, blocker=find(state, "Owl"))
    assert state.board.data("battle") is not None


def test_forfeit_without_answer_ends_battles_803_3() -> None:
    """803.3: the turn player forfeits and the opponent played nothing: no more battles this turn."""
    state = _battle(_start(), "Striker")
    state = pass_both(state)  # no attack declared: forfeit
    assert state.board.step == S_BATTLE_END
    state = pass_both(state)
    with pytest.raises(ActionRefused, match=r"no more battles this turn \(803\.3\)"):
        step(state, InitiateBattle, 0)


def test_jruler_destroyed_goes_back_astral_1010_1() -> None:
    """705.3a then 1204.1/1010.1: a destroyed J-ruler goes back to the ruler area with an astral
    counter and can't do judgment again (1024.2)."""
    state = _start()
    state = place(state, "Wall")
    ruler = state.zone("ruler_area", 0)[0]
    state = play(state, Judgment, 0)
    state = pass_both(state)
    state = state.evolve(board=state.board.with_data(since=[ruler, card_id(state, "Wall")]))
    state = play(state, InitiateBattle, 0)
    state = pass_both(state)
    wall = card_id(state, "Wall")
    board = state.board
    state = state.evolve(
        board=board.evolve(
            cards=tuple(
                c.__class__(c.ref, c.owner, c.controller, c.face_up, 1, c.counters, c.known)
                if i == wall
                else c
                for i, c in enumerate(board.cards)
            )
        )
    )
    state = play(
        state,
        Attack,
        0,
        attacker=CardAt(zone="field", index=state.zone("field").index(ruler)),
        target=find(state, "Wall"),
        defense=500,
    )
    state = pass_both(state)
    state = pass_both(state)
    assert ruler in state.zone("ruler_area", 0) and state.card(ruler).counter("astral") == 1
    assert wall in state.zone("graveyard", 1)


def test_a_card_back_in_the_field_is_a_new_object_803_3_302_3() -> None:
    """803.3: the attacker has been controlled continuously since the start of the turn. A card that
    left the field and came back is a new object (302.3), and one whose control went to the opponent
    and back was not controlled continuously: neither attacks without [Swiftness] (1108)."""
    state = _start()
    state = place(state, "Striker")
    state = place(state, "Wall")
    striker = find(state, "Striker")
    state = play(state, Move, 0, cards=(striker,), to=ZoneRef(zone="hand", player=0))
    state = play(state, Move, 0, cards=(find(state, "Striker"),), to=ZoneRef(zone="field"))
    state = play(state, GiveControl, 0, cards=(find(state, "Wall"),), player=1)
    state = play(state, GiveControl, 0, cards=(find(state, "Wall"),), player=0)
    state = play(state, InitiateBattle, 0)
    state = pass_both(state)
    before = state.board
    for name in ("Striker", "Wall"):
        with pytest.raises(
            ActionRefused,
            match=rf"^{name} has not been under your control since the start of the turn \(803\.3, 1108\)\.$",
        ):
            step(state, Attack, 0, attacker=find(state, name))
    assert state.board is before


def test_first_strike_blocker_strikes_back_in_the_normal_step_806_2d_1105_2() -> None:
    """806.2d with 1105.2: a blocker that survives a [First Strike] attacker deals its damage in the
    normal battle resolution step ("All other J/resonators deal their battle damage later"); the
    attacker, having struck first, deals none there (806.2)."""
    state = _battle(_start(), "Duelist", "Wall")
    state = play(state, Attack, 0, attacker=find(state, "Duelist"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state = play(state, Block, 1, blocker=find(state, "Wall"))
    duelist, wall = card_id(state, "Duelist"), card_id(state, "Wall")
    state = pass_both(state)
    assert state.board.step == S_FIRST_STRIKE
    assert state.card(wall).counter("damage") == 700 and not state.card(duelist).counter("damage")
    state = pass_both(state)
    assert state.board.step == S_DAMAGE
    assert duelist in state.zone("graveyard", 0)  # Wall's 500 ATK against Duelist's 500 DEF (1204.1)
    assert state.card(wall).counter("damage") == 700 and wall in state.zone("field")


def test_attacked_resonator_strikes_back_only_while_battling_804_5b() -> None:
    """804.5b, 806.2d: an attacked J/resonator deals damage to the attacker when it battles it: with no
    blocker, yes; but once a [First Strike] attacker has dealt its damage to a blocker (here destroying
    it), the attacked J/resonator does not battle the attacker and deals no damage."""
    state = _start()
    state = place(state, "Guard", rested=True)
    state = _battle(state, "Duelist")
    state = play(state, Attack, 0, attacker=find(state, "Duelist"), target=find(state, "Guard"))
    state = pass_both(state)
    state = pass_both(state)  # Bob does not block
    duelist, guard = card_id(state, "Duelist"), card_id(state, "Guard")
    assert state.card(guard).counter("damage") == 700
    state = pass_both(state)
    assert state.card(duelist).counter("damage") == 300  # Guard struck back (806.2d)

    state = _start()
    state = place(state, "Wall", rested=True)
    state = place(state, "Owl")
    state = _battle(state, "Duelist")
    state = play(state, Attack, 0, attacker=find(state, "Duelist"), target=find(state, "Wall"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state = play(state, Block, 1, blocker=find(state, "Owl"))
    owl, duelist = card_id(state, "Owl"), card_id(state, "Duelist")
    state = pass_both(state)
    assert owl in state.zone("graveyard", 1)  # 700 first strike damage against DEF 300
    state = pass_both(state)
    assert state.board.step == S_DAMAGE
    assert duelist in state.zone("field") and not state.card(duelist).counter("damage")
    assert not state.card(card_id(state, "Wall")).counter("damage") and life(state, 1) == 4000


def test_entered_values_on_the_opponents_card_name_their_source_909_1() -> None:
    """909.1: a value differing from the card data comes from an effect; entered for the opponent's
    J/resonator it must name the card or effect, and both players read it next to the card data's."""
    state = _start()
    state = place(state, "Guard", rested=True)
    state = _battle(state, "Striker")
    guard = card_id(state, "Guard")
    attack = {"attacker": find(state, "Striker"), "target": find(state, "Guard"), "target_defense": 100}
    before = state.board
    with pytest.raises(
        ActionRefused,
        match=(
            r"^Guard's DEF 100 differs from its card data's 900: say which card or effect changes your "
            r"opponent's J/resonator \(because\) \(909\.1\)\.$"
        ),
    ):
        step(state, Attack, 0, **attack)
    assert state.board is before
    state, events = step(state, Attack, 0, **attack, because="Alice's Shrinking Curse")
    expected = "with Striker (ATK 800); Guard's DEF 100 instead of 900 (because: Alice's Shrinking Curse)."
    assert render_all(events, state, 1) == [f"Alice attacks Guard {expected}"]
    assert render_all(events, state, 0) == [f"You attack Guard {expected}"]
    state = pass_both(state)
    state = pass_both(state)  # no block: normal damage, 806.2c
    assert guard in state.zone("graveyard", 1)


def test_entered_values_on_your_own_card_are_shown_next_to_the_card_data() -> None:
    """207.2, 208.2: ATK and DEF come from the card data; a player's own entered values that differ
    are shown to both players next to it."""
    state = _battle(_start(), "Striker", "Wall")
    state, events = step(state, Attack, 0, attacker=find(state, "Striker"), atk=1000)
    assert render_all(events, state, 1) == [
        "Alice attacks you with Striker (ATK 1000); Striker's ATK 1000 instead of 800 (entered)."
    ]
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state, events = step(state, Block, 1, blocker=find(state, "Wall"), atk=500, defense=1200)
    assert render_all(events, state, 0) == [
        "Bob blocks with Wall (ATK 500); Wall's DEF 1200 instead of 800 (entered)."
    ]
    state = pass_both(state)
    assert card_id(state, "Wall") in state.zone("field") and life(state, 1) == 4000


def _pierce_decks():  # type: ignore[no-untyped-def]
    decks = _decks()
    decks[0]["deck"][4] = resonator("Lancer", 1000, 600, pierce=1)
    return decks


def test_pierce_deals_the_exceeding_damage_to_the_attacked_player_1103_2a() -> None:
    """1103.2a: a blocked attacker with [Pierce] deals damage to the blocker up to its capacity (its
    DEF, 208.2a) and the exceeding damage to the attacked player, as battle damage (1103.3)."""
    state = _battle(to_main(started(decks=_pierce_decks())), "Lancer", "Wall")
    wall = card_id(state, "Wall")
    state = play(state, Attack, 0, attacker=find(state, "Lancer"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state = play(state, Block, 1, blocker=find(state, "Wall"))
    state, events = step(state, PassPriority, 0)
    state, events = step(state, PassPriority, 1)
    assert life(state, 1) == 3800 and wall in state.zone("graveyard", 1)
    assert (
        "Lancer deals 800 damage to Wall; Lancer deals 200 damage to you (life 3800); Wall deals 500 "
        "damage to Lancer (battle damage, 805-806)."
    ) in render_all(events, state, 1)


def test_pierce_counts_the_damage_already_on_the_blocker_208_2a() -> None:
    """208.2a, 1103.2a: the capacity is DEF minus the damage on the blocker, so a damaged blocker
    takes less and the attacked player more; a declared [Pierce] works like a printed one."""
    state = to_main(started(decks=_decks()))
    state = place(state, "Wall")
    state = play(state, DealDamage, 0, amount=300, card=find(state, "Wall"))
    state = _battle(state, "Striker")
    state = play(state, Attack, 0, attacker=find(state, "Striker"), keywords=("pierce",))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state = play(state, Block, 1, blocker=find(state, "Wall"))
    state = pass_both(state)
    assert life(state, 1) == 3700 and card_id(state, "Wall") in state.zone("graveyard", 1)


def test_pierce_without_exceeding_damage_leaves_the_player_untouched_1103_2a() -> None:
    """1103.2a: only damage exceeding the blocker's capacity goes to the attacked object."""
    state = _battle(_start(), "Striker", "Guard")
    state = play(state, Attack, 0, attacker=find(state, "Striker"), keywords=("pierce",))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state = play(state, Block, 1, blocker=find(state, "Guard"))
    state = pass_both(state)
    assert life(state, 1) == 4000 and state.card(card_id(state, "Guard")).counter("damage") == 800


def test_pierce_exceeding_damage_goes_to_an_attacked_j_resonator_1103_2a() -> None:
    """1103.2a: the remaining damage goes to the original attacked object, here a rested resonator."""
    state = to_main(started(decks=_pierce_decks()))
    state = place(state, "Guard", rested=True)
    state = _battle(state, "Lancer", "Wall")
    state = play(state, Attack, 0, attacker=find(state, "Lancer"), target=find(state, "Guard"))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state = play(state, Block, 1, blocker=find(state, "Wall"))
    state = pass_both(state)
    assert state.card(card_id(state, "Guard")).counter("damage") == 200 and life(state, 1) == 4000
    assert card_id(state, "Wall") in state.zone("graveyard", 1)


@settings(MATCHES)
@given(atk=st.integers(1, 30), dfn=st.integers(1, 20))
def test_pierce_splits_the_damage_at_the_blockers_capacity(atk: int, dfn: int) -> None:
    """1103.2a, 1103.3: whatever the ATK and the blocker's DEF, the blocker takes damage up to its
    capacity and the attacked player loses life by the exceeding damage, the rest of the ATK."""
    state = _battle(_start(), "Striker", "Wall")
    state = play(state, Attack, 0, attacker=find(state, "Striker"), atk=100 * atk, keywords=("pierce",))
    state = pass_both(state)
    state = play(state, PassPriority, 0)
    state = play(state, Block, 1, blocker=find(state, "Wall"), defense=100 * dfn)
    wall = card_id(state, "Wall")
    state = pass_both(state)
    assert life(state, 1) == 4000 - 100 * max(0, atk - dfn)
    if atk < dfn:
        assert state.card(wall).counter("damage") == 100 * atk
    else:
        assert wall in state.zone("graveyard", 1)
