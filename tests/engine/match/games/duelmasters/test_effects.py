"""Duel Masters scenarios of card text the engine keeps track of: permissions that beat the rules'
"can't" (101.2), entered numbers shown next to the printed ones (101.1), effects until the end of the
turn (511.2), evolution creatures and their stacks (801), and the attack sub-steps skipped without an
attacker (506.2). General Game Rules v1.38."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match.actions import Move, NextStep, PassPriority, PassTurn, ZoneRef
from engine.match.games.duelmasters.actions import Attack, Block, Change, UseCard
from engine.match.games.duelmasters.board import current_power, under_cards
from engine.match.state import MatchState
from tests.engine.match.games.duelmasters.helpers import (
    EVO,
    SMALL,
    act,
    at,
    attack,
    creature,
    deck,
    evolved,
    lines,
    place,
    refused,
    start,
    step,
    to_main,
)
from tests.property_costs import MATCHES

DRAGON = creature("Bolshack Test Dragon", 6000, cost=6)
BIG = creature("Costly Giant", 12000, cost=8)
WALL = creature("Wall Guardian", 3000, cost=3, blocker=1)


def to_attack(state: MatchState) -> MatchState:
    state, _ = act(state, NextStep, 0)
    state, _ = act(state, NextStep, 0)
    assert step(state) == "attack_declaration"
    return state


def both(events: list, state: MatchState) -> list[str]:
    """The log lines as each player reads them (the same words for public cards)."""
    return [line for viewer in (0, 1) for line in lines(events, state, viewer)]


# 101.2, 505.2, 506.1e: an effect's "can" beats the rules' "can't" ------------------------------------


def test_an_effect_lets_a_creature_attack_an_untapped_creature_and_the_log_says_so() -> None:
    """505.2 allows attacking tapped creatures only, but card text that allows attacking an untapped one
    wins (101.2); the permission is declared on the attack and shown to both players."""
    state = start((deck(DRAGON), deck(SMALL)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, fry = place(state, "Small Fry", "battle_zone", 1)
    state = to_attack(state)
    aimed = {"attacker": at(state, dragon), "target": at(state, fry)}
    state, events = act(state, Attack, 0, **aimed, untapped=True, because="Crimson Hammer Test")
    for line in both(events, state):
        assert "on an untapped creature, by an effect (101.2)" in line
        assert 'because of "Crimson Hammer Test"' in line
    state, _ = act(state, PassPriority, 0)
    state, _ = act(state, Block, 1)
    # 508.1, 115.3b: the battle follows; the higher power wins and the loser is destroyed (703.4d).
    assert fry in state.zone("graveyard", 1)
    assert dragon in state.zone("battle_zone")


def test_an_effect_until_the_end_of_the_turn_can_give_that_permission_too() -> None:
    """101.2 through a :class:`Change`: the attacker is given "can attack untapped creatures"."""
    state = start((deck(DRAGON), deck(SMALL)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, fry = place(state, "Small Fry", "battle_zone", 1)
    state = to_attack(state)
    state, _ = act(state, Change, 0, creature=at(state, dragon), keywords=("attack_untapped",))
    state = attack(state, dragon, fry)
    assert step(state) == "block_declaration"


def test_speed_attacker_declared_on_the_attack_is_shown() -> None:
    """301.5 gives summoning sickness; an effect that ignores it wins (101.2), and both players read it."""
    state = start((deck(DRAGON), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0, ready=False)
    state = to_attack(state)
    state, events = act(state, Attack, 0, attacker=at(state, dragon), speed_attacker=True)
    assert all("despite summoning sickness, by an effect (101.2)" in line for line in both(events, state))


def test_a_blocker_given_by_an_effect_is_shown_to_both_players() -> None:
    """507.1a: only a creature with Blocker blocks; an effect that gives it Blocker wins (101.2) and both
    players read that the block rests on it."""
    state = start((deck(DRAGON), deck(SMALL)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, fry = place(state, "Small Fry", "battle_zone", 1)
    state = to_attack(state)
    state = attack(state, dragon)
    state, events = act(state, Block, 1, blocker=at(state, fry), granted=True, because="Wall Spell Test")
    assert any(
        'with Small Fry (given Blocker by an effect (101.2); because of "Wall Spell Test")' in line
        for line in both(events, state)
    )


# 101.1, 201.2a, 206: entered numbers are kept and shown next to the printed ones ---------------------


def test_a_cost_8_creature_used_for_0_is_accepted_and_both_players_read_the_printed_cost() -> None:
    """201.2a: the printed cost stays the card's cost even when an effect changes what is paid; the
    entered cost is kept (101.1) and shown next to the printed one."""
    state = start((deck(BIG), deck()))
    state, giant = place(state, "Costly Giant", "hand", 0)
    state, mana = place(state, "Filler Beast", "mana", 0)
    state = to_main(state)
    # 112.2b: one fire mana card still pays for its civilization.
    used = {"card": at(state, giant), "mana": (at(state, mana),), "cost": 0, "because": "Cost Cutter Test"}
    state, events = act(state, UseCard, 0, **used)
    assert giant in state.zone("battle_zone")
    for line in both(events, state):
        assert "tapping 1 mana (at a cost of 0 instead of its printed 8" in line
        assert 'because of "Cost Cutter Test"' in line


def test_entered_power_and_breaker_are_shown_next_to_the_printed_ones() -> None:
    """206.1, 509.2: entered numbers for the attacker are kept and shown with the card data's."""
    state = start((deck(DRAGON), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state = to_attack(state)
    state, events = act(state, Attack, 0, attacker=at(state, dragon), power=0, breaker=3)
    for line in both(events, state):
        assert "with a power of 0 instead of its 6000" in line
        assert "breaking 3 shields instead of its printed 1" in line


def test_a_change_to_the_opponents_creature_must_name_its_cause() -> None:
    """101.1: card text changes a creature; a change to the opponent's creature says which card."""
    state = start((deck(DRAGON), deck(SMALL)))
    state, _ = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, fry = place(state, "Small Fry", "battle_zone", 1)
    state = to_main(state)
    message = "Name the card or effect that changes Small Fry, your opponent's creature (101.1)."
    refused(state, Change, 0, message, creature=at(state, fry), power=-2000)
    state, events = act(state, Change, 0, creature=at(state, fry), power=-2000, because="Shrink Ray Test")
    assert current_power(state, state.board, fry) == 0
    for line in both(events, state):
        assert 'Small Fry -2000 power until the end of the turn, now 0 power, because of "Shrink Ray' in line


# 511.2: effects until the end of the turn expire in the end of turn step ---------------------------


def test_until_end_of_turn_effects_last_through_the_end_step_and_expire_with_the_turn() -> None:
    """511.2: "until end of turn" effects expire together at the end of the turn, after the end of turn
    step's triggers (511.1), so they still count in the end step."""
    state = start((deck(SMALL, WALL), deck()))
    state, fry = place(state, "Small Fry", "battle_zone", 0)
    state = to_main(state)
    state, _ = act(state, Change, 0, creature=at(state, fry), power=5000, keywords=("blocker",))
    assert current_power(state, state.board, fry) == 7000
    state, _ = act(state, NextStep, 0, to="end_of_turn")
    assert current_power(state, state.board, fry) == 7000  # 511.1: the end step still sees it
    state, events = act(state, PassTurn, 0)
    assert current_power(state, state.board, fry) == 2000
    assert state.board.data("effects") is None
    assert "1 effect until the end of turn 1 expires (511.2)." in lines(events, state, 1)


def test_a_power_change_decides_the_battle_while_it_lasts() -> None:
    """206.1, 508.1: the battle compares the powers with the changes in force."""
    state = start((deck(SMALL), deck(WALL)))
    state, fry = place(state, "Small Fry", "battle_zone", 0)
    state, wall = place(state, "Wall Guardian", "battle_zone", 1)
    state = to_attack(state)
    state, _ = act(state, Change, 0, creature=at(state, fry), power=3000)
    state = attack(state, fry)
    state, _ = act(state, Block, 1, blocker=at(state, wall))
    assert wall in state.zone("graveyard", 1)  # 5000 beats 3000 (115.3b)
    assert fry in state.zone("battle_zone")


@settings(MATCHES)
@given(st.lists(st.integers(min_value=-5000, max_value=5000).filter(bool), min_size=1, max_size=4))
def test_power_changes_add_up_and_all_expire_with_the_turn(changes: list[int]) -> None:
    """206.1, 511.2: a creature's power is its printed power plus the changes until the end of the turn,
    and none of them is left once the turn has passed."""
    state = start((deck(SMALL), deck()))
    state, fry = place(state, "Small Fry", "battle_zone", 0)
    state = to_main(state)
    for change in changes:
        state, _ = act(state, Change, 0, creature=at(state, fry), power=change)
    assert current_power(state, state.board, fry) == 2000 + sum(changes)
    state, _ = act(state, PassTurn, 0)
    assert current_power(state, state.board, fry) == 2000


# 801: evolution creatures -------------------------------------------------------------------------


def test_an_evolution_creature_is_put_on_top_of_its_source_and_can_attack_at_once() -> None:
    """801.1: the evolution creature is put onto its source, which stays under it as a card, not a
    creature (200.3a); 801.3: it has no summoning sickness."""
    state, fry, evo = evolved()
    assert fry in under_cards(state.board)
    assert (fry, evo) in state.board.attachments
    state, _ = act(state, NextStep, 0)
    refused(
        state,
        Attack,
        0,
        "Small Fry is under an evolution creature: a card there is not a creature (200.3a).",
        attacker=at(state, fry),
    )
    state = attack(state, evo)
    assert step(state) in ("block_declaration", "direct_attack")


def test_an_evolution_keeps_the_tapped_status_of_its_source() -> None:
    """801.2: the tapped or untapped status of the source remains."""
    state, _, evo = evolved(base_tapped=True)
    assert state.card(evo).orientation == 1


def test_an_evolution_needs_its_source_and_only_evolutions_have_one() -> None:
    """801.1a: an evolution creature can't be put into the battle zone without its source; 801.1: only
    evolution creatures are put onto another card."""
    state = start((deck(SMALL, EVO, DRAGON), deck()))
    state, fry = place(state, "Small Fry", "battle_zone", 0)
    state, evo = place(state, "Evo Dragon", "hand", 0)
    state, dragon = place(state, "Bolshack Test Dragon", "hand", 0)
    state = to_main(state)
    message = "Evo Dragon is an evolution creature: name the creature it is put onto (801.1a)."
    refused(state, UseCard, 0, message, card=at(state, evo), cost=0)
    message = "Bolshack Test Dragon is not an evolution creature: only those are put onto a creature (801.1)."
    refused(state, UseCard, 0, message, card=at(state, dragon), cost=0, onto=at(state, fry))


def test_a_destroyed_evolution_creature_takes_its_whole_stack_to_the_graveyard() -> None:
    """109.2b, 703.4d: an evolution creature that loses a battle leaves the battle zone as a creature and
    the cards under it leave with it."""
    state, fry, evo = evolved()
    state, giant = place(state, "Small Fry", "battle_zone", 1, tapped=True)
    state, _ = act(state, Change, 0, creature=at(state, giant), power=10000, because="Giant Growth Test")
    state, _ = act(state, NextStep, 0)
    state = attack(state, evo, giant)
    state, _ = act(state, Block, 1)
    graveyard = state.zone("graveyard", 0)
    assert evo in graveyard and fry in graveyard  # 9000 loses to 12000 (115.3b)
    assert not under_cards(state.board)


def test_rebuilding_after_a_move_of_the_top_card_only() -> None:
    """801.4, 801.4c-d: Alice moves only the top card to her graveyard (card text, 101.1)."""
    state, fry, evo = evolved(base_tapped=True)
    state, _ = act(state, Change, 0, creature=at(state, evo), power=1000)
    to = ZoneRef(zone="graveyard")
    state, events = act(state, Move, 0, cards=(at(state, evo),), to=to)
    assert evo in state.zone("graveyard", 0)
    assert fry in state.zone("battle_zone") and fry not in under_cards(state.board)
    assert state.card(fry).orientation == 1  # 801.4d: the evolution creature's position
    assert current_power(state, state.board, fry) == 3000  # 801.4c: the +1000 is inherited
    assert any("the stack is rebuilt (801.4)" in line for line in lines(events, state, 1))


# 506.2: no attacker, no attack sub-steps ------------------------------------------------------------


def test_without_an_attacker_no_block_declaration_step_is_announced() -> None:
    """506.2: if no attacking creature is declared, the other sub-steps are skipped; the turn goes on to
    the end of turn step without announcing them."""
    state = to_attack(start())
    message = (
        "With no attack declared the attack's other steps are skipped (506.2): move on to the end of turn "
        "step or the end phase."
    )
    refused(state, NextStep, 0, message, to="block_declaration")
    refused(state, NextStep, 0, message, to="battle")
    for move in ({}, {"to": "end_of_turn"}):
        after, events = act(state, NextStep, 0, **move)
        assert step(after) == "end_of_turn"
        text = " ".join(lines(events, after, 1))
        assert "block declaration" not in text and "end of turn step" in text


def test_each_automatic_step_has_a_row_citing_its_own_rule() -> None:
    """500.1: the turn's steps; each automatic step (501-510) is one row of the step table that the
    engine's settle loop runs, citing a rule of that step's section, as the spec's step does."""
    from engine.match.games.duelmasters.spec import SPEC
    from engine.match.games.duelmasters.steps import TABLE

    steps = {step.name: step.rule for phase in SPEC.phases for step in phase.steps}
    for row in TABLE:
        assert not row.every
        assert row.rule.split(".")[0] == steps[row.name], (row.name, row.rule, steps[row.name])
    assert {"start_of_turn", "draw", "end_of_attack"} <= {row.name for row in TABLE}
