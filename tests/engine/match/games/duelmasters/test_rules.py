"""Duel Masters scenarios written from the General Game Rules v1.38, each naming the rules it exercises."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.model import CardRecord
from engine.match.actions import CardAt, Move, NextStep, Note, PassPriority, PassTurn
from engine.match.games.duelmasters import DEFINITION, stats_from_record
from engine.match.games.duelmasters.actions import (
    Attack,
    Block,
    Break,
    Charge,
    DeclarePower,
    ShieldTrigger,
    UseCard,
)
from engine.match.games.duelmasters.board import attack_of
from engine.match.state import CardRef
from engine.match.view import view
from tests.engine.match.games.duelmasters.helpers import (
    act,
    at,
    attack,
    card,
    creature,
    deck,
    find,
    lines,
    place,
    refused,
    start,
    step,
    to_attack,
    with_data,
)
from tests.engine.match.games.harness import ALICE, BOB, Scenario, assert_draw, assert_lost, assert_won
from tests.property_costs import SERVICE

ATTACKER = creature("Bolshack Test Dragon", 6000, cost=6)
SMALL = creature("Small Fry", 2000, cost=2)
EQUAL = creature("Equal Fighter", 6000, cost=6)
WALL = creature("Wall Guardian", 3000, cost=3, blocker=1)
BIG_WALL = creature("Big Wall", 9000, cost=5, blocker=1)
DOUBLE = creature("Double Breaker Dragon", 8000, cost=7, breaker=2)
TRIGGER_BEAST = creature("Trigger Beast", 3000, cost=3, shield_trigger=1)
TRIGGER_SPELL = card("Trigger Spell", type="spell", cost=2, civilizations="water", shield_trigger=1)
PLAIN_SPELL = card("Plain Spell", type="spell", cost=2, civilizations="water")
TWO_CIVS = card("Twin Colour Beast", type="creature", cost=3, power=4000, civilizations="fire/nature")
MYSTERY = CardRef("Mystery Beast")
SPROUT = creature("Nature Sprout", 1000, cost=1, civ="nature")


# Setup (103) -----------------------------------------------------------------------------------------


def test_setup_sets_five_shields_and_five_cards_in_hand_and_skips_the_first_draw() -> None:
    """103.2 (shuffle), 103.3 (5 shields, then 5 cards), 103.5 and 500.6 (no first draw), 406.2."""
    state = start(first=1)
    for seat in (0, 1):
        assert len(state.zone("shields", seat)) == 5
        assert len(state.zone("hand", seat)) == 5
        assert len(state.zone("deck", seat)) == 30
        for shield in state.zone("shields", seat):  # 406.2: not even the owner sees a shield
            assert not state.knows(0, shield) and not state.knows(1, shield)
            assert not state.card(shield).face_up
        for held in state.zone("hand", seat):
            assert state.knows(seat, held) and not state.knows(1 - seat, held)
    assert state.board.active == 1 and state.board.turn == 1
    assert step(state) == "charge"  # start of turn and (skipped) draw are automatic


def test_the_first_player_is_chosen_at_random() -> None:
    """103.4: different seeds give both first players."""
    from engine.match.setup import new_match
    from tests.engine.match.games.duelmasters.helpers import PLAYERS, SPEC

    firsts = {
        new_match(SPEC, PLAYERS, [{"deck": deck()}, {"deck": deck()}], bytes([n]) * 32).board.active
        for n in range(12)
    }
    assert firsts == {0, 1}


def test_the_second_turn_untaps_and_draws() -> None:
    """501.1, 702.3a (untap), 502.1 (draw), 500.1 (steps in order)."""
    state = start()
    state, mana = place(state, "Filler Beast", "mana", 1, tapped=True)
    state, _ = act(state, PassTurn, 0)
    assert state.board.active == 1 and state.board.turn == 2
    assert len(state.zone("hand", 1)) == 6 and len(state.zone("deck", 1)) == 28
    assert state.card(mana).orientation == 0
    assert step(state) == "charge"


# Charge (503) and using cards (504, 112) ------------------------------------------------------------


def test_charge_once_per_turn_and_multicoloured_cards_enter_tapped() -> None:
    """503.1, 503.2, 701.8, 405.1."""
    state = start(decks=(deck(TWO_CIVS), deck()))
    state, twin = place(state, "Twin Colour Beast", "hand", 0)
    state, events = act(state, Charge, 0, card=at(state, twin))
    assert twin in state.zone("mana", 0) and state.card(twin).orientation == 1
    assert step(state) == "main"
    assert lines(events, state, 1)[0] == (
        "Alice charges Twin Colour Beast into their mana zone tapped (multicoloured, 405.1)."
    )
    refused(
        state,
        Charge,
        0,
        "You can charge mana only in the charge step (503.1).",
        card=CardAt(zone="hand", index=0),
    )
    charged = with_data(state, charged=True).evolve(
        board=with_data(state, charged=True).board.evolve(phase=2, step=0)
    )
    refused(
        charged,
        Charge,
        0,
        "You have already charged mana this turn (503.2).",
        card=CardAt(zone="hand", index=0),
    )


def test_summoning_pays_the_exact_cost_with_each_civilization() -> None:
    """504.1, 701.3, 112.2a (a mana card per civilization), 112.2c (no overpaying), 405.4."""
    state = start(decks=(deck(TWO_CIVS, SMALL, SMALL, PLAIN_SPELL, SPROUT), deck()))
    state, twin = place(state, "Twin Colour Beast", "hand", 0)
    state, fire1 = place(state, "Small Fry", "mana", 0)
    state, fire2 = place(state, "Small Fry", "mana", 0)
    state, water = place(state, "Plain Spell", "mana", 0)
    state, nature = place(state, "Nature Sprout", "mana", 0)
    refused(state, UseCard, 0, "You can use cards only in the main step (504.1).", card=at(state, twin))
    state, _ = act(state, NextStep, 0)
    assert step(state) == "main"
    hand_at = at(state, twin)
    f1, f2, w, n = (at(state, c) for c in (fire1, fire2, water, nature))
    refused(
        state,
        UseCard,
        0,
        "Twin Colour Beast costs 3: tap 3 mana cards, not 2 (112.2a).",
        card=hand_at,
        mana=[f1, n],
    )
    refused(
        state,
        UseCard,
        0,
        "Twin Colour Beast needs a mana card of each of its civilizations (fire, nature) (112.2a).",
        card=hand_at,
        mana=[f1, f2, w],
    )
    refused(
        state,
        UseCard,
        0,
        "Twin Colour Beast costs 3: paying more is not allowed (112.2c).",
        card=hand_at,
        mana=[f1, f2, w, n],
    )
    state, _ = act(state, UseCard, 0, card=hand_at, mana=[f1, w, n])
    assert twin in state.zone("battle_zone") and state.card(nature).orientation == 1
    refused(
        state,
        UseCard,
        0,
        "Tap only untapped mana cards to pay (112.2).",
        card=at(state, find(state, "Filler Beast", "hand")),
        mana=[at(state, nature)],
    )


def test_a_summoned_creature_enters_and_has_summoning_sickness() -> None:
    """701.3, 301.5: it can't attack until it has been in the battle zone since the start of a turn."""
    state = start(decks=(deck(SMALL, SMALL, SMALL), deck()))
    state, beast = place(state, "Small Fry", "hand", 0)
    state, m1 = place(state, "Small Fry", "mana", 0)
    state, m2 = place(state, "Small Fry", "mana", 0)
    state, _ = act(state, NextStep, 0)
    state, events = act(state, UseCard, 0, card=at(state, beast), mana=[at(state, m1), at(state, m2)])
    assert (
        beast in state.zone("battle_zone")
        and state.card(m1).orientation == 1
        and state.card(m2).orientation == 1
    )
    assert lines(events, state, 1) == ["Alice summons Small Fry, tapping 2 mana."]
    state, _ = act(state, NextStep, 0)
    refused(
        state,
        Attack,
        0,
        "Small Fry has summoning sickness: it has not been in the battle zone since the start of the "
        "turn (301.5).",
        attacker=at(state, beast),
    )
    assert view(state, 1)["game_data"]["summoning_sick"]
    state, _ = act(state, PassTurn, 0)
    state, _ = act(state, PassTurn, 1)
    state = to_attack(state)
    state = attack(state, beast)
    assert attack_of(state.board) is not None


def test_a_cast_spell_goes_to_the_graveyard() -> None:
    """701.4, 302.2."""
    state = start(decks=(deck(PLAIN_SPELL, PLAIN_SPELL, PLAIN_SPELL), deck()))
    state, spell = place(state, "Plain Spell", "hand", 0)
    state, m1 = place(state, "Plain Spell", "mana", 0)
    state, m2 = place(state, "Plain Spell", "mana", 0)
    state, _ = act(state, NextStep, 0)
    state, events = act(state, UseCard, 0, card=at(state, spell), mana=[at(state, m1), at(state, m2)])
    assert spell in state.zone("graveyard", 0)
    assert lines(events, state, 1) == [
        "Alice casts Plain Spell, tapping 2 mana; it goes to their graveyard (302.2)."
    ]


def test_a_card_without_data_needs_its_use_said() -> None:
    """701.5: a card whose type the data does not give is used as the player says."""
    state = start(decks=(deck(MYSTERY), deck()))
    state, mystery = place(state, "Mystery Beast", "hand", 0)
    state, _ = act(state, NextStep, 0)
    refused(
        state,
        UseCard,
        0,
        "Say how to use Mystery Beast (summon, cast or use): its card data gives no card type.",
        card=at(state, mystery),
    )
    state, _ = act(state, UseCard, 0, card=at(state, mystery), kind="summon")
    assert mystery in state.zone("battle_zone")


def test_a_castle_is_not_put_into_the_battle_zone() -> None:
    """304.2, 605.3: a castle goes to its owner's shield zone, attached to a shield; the engine leaves
    fortifying to the players rather than put it into the battle zone."""
    castle = card("Test Castle", type="castle", cost=3, civilizations="fire")
    state = start(decks=(deck(castle), deck()))
    state, keep = place(state, "Test Castle", "hand", 0)
    state, _ = act(state, NextStep, 0)
    refused(
        state,
        UseCard,
        0,
        "Test Castle is a castle: fortify it by hand, tapping its mana and attaching it to one of your "
        "shields (304.1-304.2, 605.3, 701.19).",
        card=at(state, keep),
        kind="use",
    )


# Attacks (505-510) -----------------------------------------------------------------------------------


def test_a_direct_attack_breaks_a_shield_into_its_owners_hand() -> None:
    """506.1c (tap), 507.1 (block declaration), 509.2a (one shield), 509.3, 701.14, 113.6 and 509.3a
    (the declaration window after every break), 510, 505.5."""
    state = start(decks=(deck(ATTACKER), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state = to_attack(state)
    state, events = act(state, Attack, 0, attacker=at(state, dragon))
    state, _ = act(state, PassPriority, 0)  # 506.3b-c: no attack trigger
    assert state.card(dragon).orientation == 1
    assert lines(events, state, 1)[0] == "Alice attacks you with Bolshack Test Dragon."
    assert step(state) == "block_declaration" and state.board.priority == 1
    assert view(state, 0)["game_data"]["waiting"] == "block"
    refused(state, NextStep, 0, "An attack is in progress; finish it first (505.4).")
    refused(state, PassTurn, 0, "An attack is in progress; finish it first (505.4).")
    state, _ = act(state, Block, 1)
    assert step(state) == "direct_attack" and state.board.priority == 0
    shield = state.zone("shields", 1)[2]
    refused(
        state,
        Break,
        0,
        "This attack breaks 1 shield; choose exactly 1 (509.2).",
        shields=[CardAt(zone="shields", player=1, index=0), CardAt(zone="shields", player=1, index=1)],
    )
    state, events = act(state, Break, 0, shields=[CardAt(zone="shields", player=1, index=2)])
    assert shield in state.zone("hand", 1) and len(state.zone("shields", 1)) == 4
    assert state.knows(1, shield) and not state.knows(0, shield)
    name = state.ref(shield).name
    assert lines(events, state, 0)[0] == "You break a card of Bob's shield zone, into Bob's hand (509.3)."
    assert lines(events, state, 1)[0] == f"Alice breaks {name} of your shield zone, into your hand (509.3)."
    assert (
        lines(events, state, None)[0] == "Alice breaks a card of Bob's shield zone, into Bob's hand (509.3)."
    )
    # 113.6, 509.3a: the window opens even for a filler (the attacker can't tell what was broken); Bob's
    # prompt lists nothing to declare, and he closes it with one tap.
    assert step(state) == "direct_attack" and state.board.priority == 1
    assert view(state, 0)["game_data"]["waiting"] == "shield_trigger"
    assert view(state, 1)["game_data"]["attack"]["shield_triggers"] == []
    refused(state, NextStep, 0, "An attack is in progress; finish it first (505.4).")
    state, events = act(state, ShieldTrigger, 1)
    assert lines(events, state, 0) == ["Bob declares no Shield Trigger."]
    assert shield in state.zone("hand", 1) and not state.knows(0, shield)
    # the attack ends and the next may be declared (505.5)
    assert step(state) == "attack_declaration" and attack_of(state.board) is None


def test_only_tapped_creatures_can_be_attacked_and_only_untapped_creatures_attack() -> None:
    """505.2, 506.1a, 506.1e."""
    state = start(decks=(deck(ATTACKER), deck(SMALL)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, fry = place(state, "Small Fry", "battle_zone", 1)
    state = to_attack(state)
    refused(
        state,
        Attack,
        0,
        "Small Fry is untapped: only tapped creatures can be attacked unless an effect allows it "
        "(505.2, 101.2).",
        attacker=at(state, dragon),
        target=at(state, fry),
    )
    refused(state, Attack, 0, "Attack with one of your own creatures (506.1a).", attacker=at(state, fry))
    tapped = state.evolve(
        board=state.board.evolve(
            cards=tuple(
                c if i != dragon else type(c)(c.ref, c.owner, c.controller, c.face_up, 1, c.counters, c.known)
                for i, c in enumerate(state.board.cards)
            )
        )
    )
    refused(
        tapped,
        Attack,
        0,
        "Bolshack Test Dragon is tapped: an attacking creature must be untapped (506.1a).",
        attacker=at(tapped, dragon),
    )


def test_attacking_a_tapped_creature_battles_and_the_lower_power_is_destroyed() -> None:
    """508.1, 115.3b, 701.13, 703.4d."""
    state = start(decks=(deck(ATTACKER), deck(SMALL)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, fry = place(state, "Small Fry", "battle_zone", 1, tapped=True)
    state = to_attack(state)
    state = attack(state, dragon, fry)
    state, events = act(state, Block, 1)
    assert fry in state.zone("graveyard", 1) and dragon in state.zone("battle_zone")
    text = lines(events, state, None)
    assert "Bolshack Test Dragon (6000) battles Small Fry (2000): Bolshack Test Dragon wins (115.3b)." in text
    assert "Small Fry is destroyed and put into Bob's graveyard (703.4d)." in text
    assert step(state) == "attack_declaration"


def test_equal_power_destroys_both_creatures() -> None:
    """115.3b, 701.13b: on equal power both lose."""
    state = start(decks=(deck(ATTACKER), deck(EQUAL)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, equal = place(state, "Equal Fighter", "battle_zone", 1, tapped=True)
    state = to_attack(state)
    state = attack(state, dragon, equal)
    state, events = act(state, Block, 1)
    assert dragon in state.zone("graveyard", 0) and equal in state.zone("graveyard", 1)
    assert any("equal power, both lose" in line for line in lines(events, state, 0))


def test_a_blocker_blocks_and_battles_instead_of_the_shields() -> None:
    """507.1a-d, 508.1 (the block redirects the attack), 701.12."""
    state = start(decks=(deck(ATTACKER), deck(BIG_WALL, SMALL)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, wall = place(state, "Big Wall", "battle_zone", 1)
    state, fry = place(state, "Small Fry", "battle_zone", 1)
    state = to_attack(state)
    state = attack(state, dragon)
    refused(state, Block, 1, "Small Fry does not have Blocker (507.1a, 701.12a).", blocker=at(state, fry))
    refused(state, Block, 0, "Only the attacked player declares a block (507.1).")
    state, events = act(state, Block, 1, blocker=at(state, wall))
    assert lines(events, state, 0)[0] == "Bob blocks with Big Wall."
    assert dragon in state.zone("graveyard", 0) and wall in state.zone("battle_zone")
    assert state.card(wall).orientation == 1  # 507.1c
    assert len(state.zone("shields", 1)) == 5


def test_a_double_breaker_breaks_two_shields_and_a_shield_trigger_is_declared() -> None:
    """509.2b, 509.3a, 509.3c, 112.3a: the declared creature is summoned for free."""
    state = start(decks=(deck(DOUBLE), deck(TRIGGER_BEAST, TRIGGER_SPELL)))
    state, dragon = place(state, "Double Breaker Dragon", "battle_zone", 0)
    state, beast = place(state, "Trigger Beast", "shields", 1)
    state, spell = place(state, "Trigger Spell", "shields", 1)
    state = to_attack(state)
    state = attack(state, dragon)
    state, _ = act(state, Block, 1)
    shields = state.zone("shields", 1)
    picks = [CardAt(zone="shields", player=1, index=shields.index(c)) for c in (beast, spell)]
    state, _ = act(state, Break, 0, shields=picks)
    assert step(state) == "direct_attack" and state.board.priority == 1
    assert view(state, 0)["game_data"]["waiting"] == "shield_trigger"
    assert not state.knows(0, beast)
    refused(
        state,
        ShieldTrigger,
        0,
        "Only the player whose shields were broken declares Shield Triggers (509.3a).",
    )
    filler = next(c for c in state.zone("hand", 1) if c not in (beast, spell))
    refused(
        state,
        ShieldTrigger,
        1,
        "Filler Beast was not among the shields just broken (509.3a).",
        cards=[at(state, filler)],
    )
    state, events = act(state, ShieldTrigger, 1, cards=[at(state, beast), at(state, spell)])
    assert beast in state.zone("battle_zone") and spell in state.zone("graveyard", 1)
    assert state.knows(0, beast) and state.knows(None, spell)
    text = lines(events, state, 0)
    assert text[0] == "Bob declares Shield Trigger: Trigger Beast and Trigger Spell (509.3a)."
    assert text[1] == "Bob summons Trigger Beast for free (Shield Trigger, 112.3a)."
    # 509.3c, 101.4: Bob carries out the spell's text first, then passes priority back
    assert step(state) == "direct_attack" and state.board.priority == 1
    state, _ = act(state, PassPriority, 1)
    assert step(state) == "attack_declaration" and state.board.priority == 0


def test_declining_shield_triggers() -> None:
    """509.3a: the declaration is optional."""
    state = start(decks=(deck(ATTACKER), deck(TRIGGER_BEAST)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, beast = place(state, "Trigger Beast", "shields", 1)
    state = to_attack(state)
    state = attack(state, dragon)
    state, _ = act(state, Block, 1)
    state, _ = act(state, Break, 0, shields=[at(state, beast)])
    state, events = act(state, ShieldTrigger, 1)
    assert beast in state.zone("hand", 1) and not state.knows(0, beast)
    assert lines(events, state, 0)[0] == "Bob declares no Shield Trigger."


def test_a_creature_without_power_data_waits_for_its_power() -> None:
    """206, 508.1: the battle waits for the power the player enters."""
    state = start(decks=(deck(ATTACKER), deck(MYSTERY)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, mystery = place(state, "Mystery Beast", "battle_zone", 1, tapped=True)
    state = to_attack(state)
    state = attack(state, dragon, mystery)
    state, _ = act(state, Block, 1)
    assert step(state) == "battle" and state.board.priority == 1
    assert view(state, None)["game_data"]["waiting"] == "power"
    refused(state, DeclarePower, 0, "No power is needed from you for this battle.", power=5000)
    state, events = act(state, DeclarePower, 1, power=7000)
    assert dragon in state.zone("graveyard", 0)
    assert lines(events, state, 0)[0] == "Bob enters a power of 7000 for Mystery Beast."


def test_the_attack_ends_when_the_attacker_leaves() -> None:
    """505.6a: the attack ends at once when the attacking creature leaves the battle zone."""
    state = start(decks=(deck(ATTACKER), deck()))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state = to_attack(state)
    state = attack(state, dragon)
    # Bob's card text (a Ninja Strike, say) destroys it: he holds priority in the block declaration step.
    state, events = act(state, Move, 1, cards=[at(state, dragon)], to={"zone": "graveyard", "player": 0})
    assert attack_of(state.board) is None and step(state) == "attack_declaration"
    assert "The attack ends: the attacking creature left the battle zone (505.6a)." in lines(events, state, 0)


# Losses (104, 703.4) ---------------------------------------------------------------------------------


def test_a_direct_attack_with_no_shields_wins() -> None:
    """104.2a, 509.1, 703.4a."""
    game = Scenario("duelmasters", [{"deck": deck(ATTACKER)}, {"deck": deck()}])
    dragon = game.place("Bolshack Test Dragon", "battle_zone", ALICE, orientation=0)
    game.set_data(ready=[*game.state.board.data("ready", ()), dragon])
    for shield in game.state.zone("shields", BOB):
        game.place(shield, "graveyard")
    game.act(ALICE, NextStep)
    game.act(ALICE, NextStep)
    game.act(ALICE, Attack, attacker=game.at(dragon))
    game.act(ALICE, PassPriority)  # 506.3b-c: no attack triggers
    game.act(BOB, Block)  # 507.1: no block
    assert_lost(game.state, BOB, "104.2a")
    assert_won(game.state, ALICE)
    assert "You have no shields left: the direct attack wins the game (509.1)." in game.lines(BOB)


def test_a_deck_reaching_zero_cards_loses_at_once() -> None:
    """104.2b, 703.4b: the loss is immediate when the deck reaches 0, not on a failed draw."""
    game = Scenario("duelmasters", [{"deck": deck(size=11)}, {"deck": deck()}])
    assert len(game.state.zone("deck", ALICE)) == 1
    game.act(ALICE, PassTurn)
    game.act(BOB, PassTurn)
    assert_lost(game.state, ALICE, "104.2b")
    assert_lost(game.state, ALICE, "703.4b")
    assert_won(game.state, BOB)


def test_both_players_losing_at_once_is_a_draw() -> None:
    """703.3 (state-based actions at once); the rules are silent on a double loss: a draw."""
    state = start()
    board = state.board
    zones = list(board.zones)
    for seat in (0, 1):
        deck_slot = state.match.slot_of[("deck", seat)]
        grave = state.match.slot_of[("graveyard", seat)]
        zones[grave], zones[deck_slot] = zones[deck_slot], ()
    state = state.evolve(board=board.evolve(zones=tuple(zones)))
    state, _ = act(state, Note, 1, text="checking")
    assert_draw(state)
    assert_lost(state, ALICE, "104.2b")
    assert_lost(state, BOB, "104.2b")


def test_a_player_may_concede_at_any_time() -> None:
    from engine.match.actions import Concede

    state, _ = act(start(), Concede, 1)
    assert state.ended and state.winner == 0


# Card data -------------------------------------------------------------------------------------------


def test_stats_from_a_card_record() -> None:
    record = CardRecord(
        game="duelmasters",
        code="DM-01-001",
        name="Bolshack Dragon",
        types=["Evolution Creature"],
        cost="6",
        cost_value=6,
        stats={"civilizations": ["Fire"], "power": 6000, "race": ["Armored Dragon"]},
        text="Double breaker. Blocker",
    )
    stats = dict(stats_from_record(record))
    assert stats == {
        "type": "creature",
        "cost": 6,
        "civilizations": "fire",
        "power": 6000,
        "evolution": 1,
        "blocker": 1,
        "breaker": 2,
    }
    spell = CardRecord(
        game="duelmasters", code="X", name="Holy Awe", types=["Spell"], cost="6", text="Shield trigger"
    )
    assert dict(stats_from_record(spell))["shield_trigger"] == 1
    assert DEFINITION.spec.key == "duelmasters"


@settings(SERVICE)
@given(
    st.integers(min_value=0, max_value=20).map(lambda n: n * 1000),
    st.integers(min_value=0, max_value=20).map(lambda n: n * 1000),
)
def test_battle_outcome_follows_power(apower: int, dpower: int) -> None:
    """115.3b, 701.13b: the higher power wins, equal powers both lose; powers entered by the players
    (206: card data without power, or changed by effects)."""
    state = start(decks=(deck(MYSTERY), deck(MYSTERY)))
    state, mine = place(state, "Mystery Beast", "battle_zone", 0)
    state, theirs = place(state, "Mystery Beast", "battle_zone", 1, tapped=True)
    state = to_attack(state)
    state = attack(state, mine, theirs, power=apower)
    state, _ = act(state, Block, 1, power=dpower)
    assert (mine in state.zone("graveyard", 0)) == (apower <= dpower)
    assert (theirs in state.zone("graveyard", 1)) == (dpower <= apower)
    assert step(state) == "attack_declaration"


def test_a_destroyed_psychic_creature_returns_to_the_hyperspatial_zone() -> None:
    """117.1, 804.4b: a psychic creature put anywhere but the battle zone returns to the hyperspatial zone."""
    psychic = card(
        "Psychic Test", type="creature", cost=5, power=1000, civilizations="water", home="hyperspatial"
    )
    from engine.match.setup import new_match
    from tests.engine.match.games.duelmasters.helpers import PLAYERS, SEED, SPEC

    state = new_match(
        SPEC,
        PLAYERS,
        [{"deck": deck(ATTACKER)}, {"deck": deck(), "hyperspatial": [psychic]}],
        SEED,
        first_player=0,
    )
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, cell = place(state, "Psychic Test", "battle_zone", 1, tapped=True)
    state = to_attack(state)
    state = attack(state, dragon, cell)
    state, events = act(state, Block, 1)
    assert cell in state.zone("hyperspatial", 1)
    assert "Psychic Test returns to Bob's hyperspatial zone (117.1, 118.1)." in lines(events, state, 0)


def test_a_gacharange_creature_returns_face_down_to_the_bottom_of_its_zone() -> None:
    """118.1: a gacharange creature put anywhere but the battle zone goes to the bottom of the super
    gacharange zone; 408.2: that zone is a face-down stack nobody sees."""
    from engine.match.setup import new_match
    from tests.engine.match.games.duelmasters.helpers import PLAYERS, SEED, SPEC

    gr = [
        card(f"GR Test {n}", type="creature", cost=3, power=1000, civilizations="fire", home="super_gr")
        for n in range(6)
        for _ in range(2)
    ]
    state = new_match(
        SPEC, PLAYERS, [{"deck": deck(ATTACKER)}, {"deck": deck(), "super_gr": gr}], SEED, first_player=0
    )
    top = state.zone("super_gr", 1)[0]
    name = state.ref(top).name
    state, robot = place(state, name, "battle_zone", 1, tapped=True)
    assert robot == top
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state = to_attack(state)
    state = attack(state, dragon, robot)
    state, _ = act(state, Block, 1)
    assert state.zone("super_gr", 1)[-1] == robot
    assert not state.card(robot).face_up
    assert not state.knows(0, robot) and not state.knows(1, robot) and not state.knows(None, robot)


def test_a_deck_emptied_in_the_main_step_loses_at_once() -> None:
    """104.2b, 703.4b: the loss comes when the deck reaches 0 cards (a state-based action, checked after
    every action), not at the next draw."""
    state = start(decks=(deck(size=11), deck()))
    state, _ = act(state, NextStep, 0)
    assert step(state) == "main" and len(state.zone("deck", 0)) == 1
    state, _ = act(state, Move, 0, cards=[CardAt(zone="deck", index=0)], to={"zone": "hand"})
    assert_lost(state, ALICE, "703.4b")
    assert_won(state, BOB)


def test_only_the_first_players_first_turn_skips_the_draw() -> None:
    """103.5, 500.6: the second player draws in their first turn (turn 2)."""
    state = start(first=1)
    assert len(state.zone("hand", 1)) == 5
    state, _ = act(state, PassTurn, 1)
    assert state.board.active == 0 and len(state.zone("hand", 0)) == 6
    state, _ = act(state, PassTurn, 0)
    assert len(state.zone("hand", 1)) == 6
