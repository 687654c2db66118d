"""Keyword abilities from card data (the card's own abilities, not the ones its text names) and the
defender's declaration window after a break (Shield Trigger, Guard Strike, Strike Back: 509.3a-b,
113.6, 112.3), from the General Game Rules v1.38."""

from __future__ import annotations

import pytest

from engine.cards.model import CardFace, CardRecord
from engine.match.actions import Move, ZoneRef
from engine.match.games.duelmasters import stats_from_record
from engine.match.games.duelmasters.actions import Attack, Block, Break, ShieldTrigger
from engine.match.games.duelmasters.board import attack_of
from engine.match.state import CardRef, MatchState
from engine.match.view import handle_of, view
from tests.engine.match.games.duelmasters.helpers import (
    act,
    at,
    attack,
    creature,
    deck,
    place,
    refused,
    start,
    step,
    to_attack,
)

ATTACKER = creature("Bolshack Test Dragon", 6000, cost=6)
STRIKE_BACK = creature("Strike Back Beast", 4000, cost=6, strike_back=1)
GUARD_STRIKE = creature("Guard Strike Beast", 2000, cost=3, guard_strike=1)
MYSTERY = CardRef("Mystery Beast")


def dm_record(text: str, types: tuple[str, ...] = ("Creature",), **fields: object) -> CardRecord:
    return CardRecord(
        game="duelmasters",
        code="T-1",
        name="Test Card",
        types=list(types),
        cost="5",
        stats={"civilizations": ["Light"], "power": 5000},
        text=text,
        **fields,
    )


KEYWORDS = ("blocker", "shield_trigger", "strike_back", "guard_strike", "speed_attacker", "breaker")


def keywords(record: CardRecord) -> dict[str, int | str]:
    return {k: v for k, v in stats_from_record(record) if k in KEYWORDS}


# Keywords read from card data (507.1a, 301.5, 101.2, 112.3, 113.6) -----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "When you put this creature into the battle zone, destroy all your opponent's creatures that have "
        '"blocker" and power 3000 or less.',
        'Each of your creatures in the battle zone gets "speed attacker". (A creature that has "speed '
        "attacker\" doesn't get summoning sickness.)",
        '■ Return one of your shields to your hand. You can\'t use the "shield trigger" ability of that '
        "shield.",
        '■ Whenever you use "Guard Strike", you may put the top card of your deck into your mana zone.',
        '■ Each of your twinpact cards in your hand gets "Strike Back: Twinpact".',
        'The crossed creature gets "double breaker".',
    ],
)
def test_a_keyword_the_text_only_names_is_not_the_cards_own(text: str) -> None:
    """507.1a (only creatures with Blocker block), 301.5 (summoning sickness unless Speed Attacker,
    101.2), 112.3a-b, 113.6: a card's text that names a keyword for other cards does not give the card
    that keyword."""
    assert keywords(dm_record(text)) == {}


def test_the_cards_own_keyword_abilities_are_read_as_the_data_sets_write_them() -> None:
    """507.1a, 101.2, 112.3a-b, 113.6, 509.2b: a clause that is the keyword (TCG lines with reminder
    text, OCG "■ " bullets), or a keywords entry of the record."""
    tcg = dm_record(
        "Blocker (Whenever an opponent's creature attacks, you may tap this creature to stop the attack. "
        "Then the 2 creatures battle.)\nThis creature can't attack players.\nDouble breaker"
    )
    assert keywords(tcg) == {"blocker": 1, "breaker": 2}
    ocg = dm_record("■ Super Shield Trigger\n■ Speed Attacker\n■ Triple Breaker\n■ Guard Strike")
    assert keywords(ocg) == {"shield_trigger": 1, "speed_attacker": 1, "breaker": 3, "guard_strike": 1}
    assert keywords(dm_record("■ Strike Back\n■ When you put this creature, draw a card.")) == {
        "strike_back": 1
    }
    restricted = dm_record(
        "Fire and nature blocker (Whenever an opponent's fire or nature creature attacks...)"
    )
    assert keywords(restricted) == {"blocker": 1}
    assert keywords(dm_record("", keywords=["Blocker", "Speed Attacker"])) == {
        "blocker": 1,
        "speed_attacker": 1,
    }
    spell = dm_record(
        "Shield trigger (When this spell is put into your hand from your shield zone...)", ("Spell",)
    )
    assert keywords(spell) == {"shield_trigger": 1}
    twinpact = dm_record(
        "■ Blocker",
        faces=[CardFace(name="Test Spell", types=["Spell"], text="■ Shield Trigger\n■ Draw 2 cards.")],
    )
    assert keywords(twinpact) == {"blocker": 1, "shield_trigger": 1}


def _from_text(name: str, text: str) -> CardRef:
    """A card reference with the stats of a creature record of that text."""
    return CardRef(name, "", stats_from_record(dm_record(text)))


def test_a_creature_whose_text_names_blocker_cannot_block() -> None:
    """507.1a, 701.12a: only creatures with the Blocker keyword ability block; an effect that gives it
    Blocker (card text, 101.1) is entered with the block."""
    hater = _from_text(
        "Blocker Hater", 'When you put this creature, destroy all creatures that have "blocker".'
    )
    state = start(decks=(deck(ATTACKER), deck(hater)))
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state, mine = place(state, "Blocker Hater", "battle_zone", 1)
    state = to_attack(state)
    state = attack(state, dragon)
    message = "Blocker Hater does not have Blocker (507.1a, 701.12a)."
    refused(state, Block, 1, message, blocker=at(state, mine))
    state, _ = act(state, Block, 1, blocker=at(state, mine), granted=True)
    assert attack_of(state.board) is None and mine in state.zone("graveyard", 1)  # 5000 against 6000


def test_a_creature_whose_text_names_speed_attacker_has_summoning_sickness() -> None:
    """301.5, 101.2: a creature that only gives others "speed attacker" can't attack the turn it comes."""
    giver = _from_text("Speed Giver", 'Each of your creatures in the battle zone gets "speed attacker".')
    state = start(decks=(deck(giver), deck()))
    state, fresh = place(state, "Speed Giver", "battle_zone", 0, ready=False)
    state = to_attack(state)
    refused(
        state,
        Attack,
        0,
        "Speed Giver has summoning sickness: it has not been in the battle zone since the start of the "
        "turn (301.5).",
        attacker=at(state, fresh),
    )


# The declaration window after a break (509.3a-b, 113.6, 112.3b) --------------------------------------


def _broken(state: MatchState, shield: int | None = None) -> MatchState:
    """Alice's dragon attacks Bob directly, Bob does not block, Alice breaks a shield (Bob's top shield,
    or the one given)."""
    state, dragon = place(state, "Bolshack Test Dragon", "battle_zone", 0)
    state = to_attack(state)
    state = attack(state, dragon)
    state, _ = act(state, Block, 1)
    target = state.zone("shields", 1)[0] if shield is None else shield
    state, _ = act(state, Break, 0, shields=[at(state, target)])
    return state


def _window_open(state: MatchState) -> bool:
    return step(state) == "direct_attack" and state.board.priority == 1


def test_a_strike_back_card_in_hand_opens_the_declaration_window() -> None:
    """509.3b, 112.3b, 113.6: a card with Strike Back in the defender's hand is declared by discarding a
    broken card (by hand, in the window); no broken card has Shield Trigger."""
    state = start(decks=(deck(ATTACKER), deck(STRIKE_BACK)))
    state, striker = place(state, "Strike Back Beast", "hand", 1)
    state = _broken(state)
    assert _window_open(state)
    assert view(state, 0)["game_data"]["waiting"] == "shield_trigger"
    broken = attack_of(state.board)["broken"][0]
    state, _ = act(state, Move, 1, cards=[at(state, broken)], to=ZoneRef(zone="graveyard"))
    state, _ = act(state, Move, 1, cards=[at(state, striker)], to=ZoneRef(zone="battle_zone"))
    state, _ = act(state, ShieldTrigger, 1)  # closes the window
    assert striker in state.zone("battle_zone") and broken in state.zone("graveyard", 1)
    assert step(state) == "attack_declaration" and attack_of(state.board) is None


def test_a_broken_guard_strike_card_opens_the_declaration_window() -> None:
    """113.6: Guard Strike is declared when the shield is added to the hand, like Shield Trigger."""
    state = start(decks=(deck(ATTACKER), deck(GUARD_STRIKE)))
    state, guard = place(state, "Guard Strike Beast", "shields", 1)
    state = _broken(state, guard)
    assert _window_open(state) and guard in state.zone("hand", 1)
    # Guard Strike is used by hand: Bob's prompt offers no Shield Trigger to declare.
    assert view(state, 1)["game_data"]["attack"]["shield_triggers"] == []


def test_a_broken_card_without_data_opens_the_declaration_window() -> None:
    """509.3a, 113.6: a card without data may have Shield Trigger or Guard Strike."""
    state = start(decks=(deck(ATTACKER), deck(MYSTERY)))
    state, mystery = place(state, "Mystery Beast", "shields", 1)
    state = _broken(state, mystery)
    assert _window_open(state)
    # Bob's prompt offers it as a possible Shield Trigger; nobody else's view says so.
    assert view(state, 1)["game_data"]["attack"]["shield_triggers"] == [handle_of(state, 1, mystery)]
    assert view(state, 0)["game_data"]["attack"]["shield_triggers"] is None
    assert view(state, None)["game_data"]["attack"]["shield_triggers"] is None


def test_the_declaration_window_opens_even_when_no_card_may_have_one() -> None:
    """113.6, 509.3a-b, 112.3b: a broken card known to have none of Shield Trigger, Guard Strike and
    Strike Back, and no Strike Back card in the hand before the break, still opens the window: whether
    the game waits must not tell the attacker what the hidden broken shield is. The defender's prompt
    lists no card, and one tap closes it. A Strike Back card broken at the same time can't be used
    (112.3b): the window is the same."""
    for decks, name in (
        ((deck(ATTACKER), deck()), None),
        ((deck(ATTACKER), deck(STRIKE_BACK)), "Strike Back Beast"),
    ):
        state = start(decks=decks)
        shield = None
        if name is not None:
            state, shield = place(state, name, "shields", 1)
        state = _broken(state, shield)
        assert _window_open(state)
        assert view(state, 0)["game_data"]["waiting"] == "shield_trigger"
        assert view(state, 1)["game_data"]["attack"]["shield_triggers"] == []
        state, _ = act(state, ShieldTrigger, 1)
        assert step(state) == "attack_declaration" and attack_of(state.board) is None


def test_shield_trigger_given_by_an_effect_is_declared_with_granted() -> None:
    """113.6c, 112.3a: an effect may give Shield Trigger to cards put into the hand from the shields;
    the card data of such a card says it has none, so the declaration says it is granted."""
    trigger = creature("Trigger Beast", 3000, cost=3, shield_trigger=1)
    double = creature("Double Breaker Dragon", 8000, cost=7, breaker=2)
    state = start(decks=(deck(double), deck(trigger)))
    state, dragon = place(state, "Double Breaker Dragon", "battle_zone", 0)
    state, beast = place(state, "Trigger Beast", "shields", 1)
    state = to_attack(state)
    state = attack(state, dragon)
    state, _ = act(state, Block, 1)
    filler = next(c for c in state.zone("shields", 1) if c != beast)
    state, _ = act(state, Break, 0, shields=[at(state, beast), at(state, filler)])
    assert _window_open(state)
    message = "Filler Beast does not have Shield Trigger (112.3a)."
    refused(state, ShieldTrigger, 1, message, cards=[at(state, filler)])
    state, _ = act(state, ShieldTrigger, 1, cards=[at(state, filler)], granted=True)
    assert filler in state.zone("battle_zone") and beast in state.zone("hand", 1)
