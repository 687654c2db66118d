"""An attack is aimed at a column, not at a card (8-4e-1): the card being attacked is the frontmost card of
that column when the damage step reads it (8-6a, 8-6d, 15-26b-1, 16-5a-1), except for a direct attack,
which stays on the ruler it declared (15-34a-1, 15-34b). The attacker keeps attacking until it leaves its
controller's play area (8-4e-2). Charges stay linked from the drive zone through the gate into play
(3-14e-1, 3-14e-2)."""

from __future__ import annotations

import pytest

from engine.match.actions import CardAt, Flip, Move, PassPriority, ZoneRef
from engine.match.apply import move_cards
from engine.match.errors import ActionRefused
from engine.match.games.gateruler.actions import (
    GrAddCharge,
    GrAttack,
    GrCombatDamage,
    GrDrive,
    GrDriveUse,
    GrFrontmost,
    GrSummon,
)
from engine.match.games.gateruler.board import battle, gate
from engine.match.games.gateruler.spec import ATTACKS_OVER, BATTLE
from engine.match.state import MatchState
from engine.match.view import handle_of, view
from tests.engine.match.games.gateruler.scenario import (
    act,
    at,
    deck_of,
    do,
    ids,
    lines,
    moved_on,
    pass_both,
    start,
)


def summoned(state: MatchState, seat: int, zone: str) -> MatchState:
    """Normal summon the first card of the hand into ``zone`` and let the gate resolve it."""
    state = do(state, GrSummon, seat, card=at(state, "hand", seat, ids(state, "hand", seat)[0]), zone=zone)
    return pass_both(state)[0]


def bob_then_alice(zone: str | None = None) -> MatchState:
    """Bob plays first (with a unit summoned into ``zone``), then Alice's turn reaches her attack phase."""
    state = start(first=1)
    if zone is not None:
        state = summoned(state, 1, zone)
    return moved_on(moved_on(state, "turn"), "declare")


def alice_ruler(state: MatchState) -> CardAt:
    return at(state, "ruler", 0, ids(state, "ruler", 0)[0])


def bob_ruler(state: MatchState) -> CardAt:
    return at(state, "ruler", 1, ids(state, "ruler", 1)[0])


def bob_puts(state: MatchState, zone: str) -> tuple[MatchState, int]:
    """Bob, holding priority during the attack, puts the first card of his hand into ``zone`` (a card's
    effect, carried out with the generic move)."""
    card = ids(state, "hand", 1)[0]
    state = do(state, Move, 1, cards=(at(state, "hand", 1, card),), to=ZoneRef(zone=zone))
    return state, card


def name(state: MatchState, card_id: int) -> str:
    return state.match.table[state.board.cards[card_id].ref].name


def battle_view(state: MatchState, viewer: int) -> dict[str, object]:
    shown = view(state, viewer)["game_data"]["battle"]
    assert isinstance(shown, dict)
    return shown


def test_a_unit_that_comes_into_the_attacked_center_column_is_attacked_instead_of_the_ruler() -> None:
    """8-4e-1: the attacking card attacks the frontmost card of the column being attacked; 15-26b-1 a unit
    that comes to the front of that column after the declaration can be attacked; 3-6e-3a the defense
    zone is in front of the ruler; 8-6d-2 it is dealt the attacker's ATK. Bob summons a unit into his
    defense zone through a drive resolution process (10-4d) after Alice's ruler attacked his ruler."""
    state = moved_on(start(), "declare")
    state, events = act(state, GrAttack, 0, attacker=alice_ruler(state), target=bob_ruler(state))
    assert lines(events, state, 1)[-1] == "Alice attacks your ruler with A Ruler (8-4)."
    state = do(state, PassPriority, 0)
    top = ids(state, "deck", 1)[0]
    state = do(state, GrDrive, 1, count=1)
    state = do(state, GrDriveUse, 1, card=at(state, "drive", 1, top), use="summon", zone="defense")
    state = pass_both(state)[0]
    assert ids(state, "defense", 1) == (top,) and state.board.step == BATTLE
    shown = battle_view(state, 0)
    assert shown["target"] == handle_of(state, 0, top) and shown["target_zone"] == "defense"
    assert shown["column"] == "center" and shown["damage"] == 2
    deck = ids(state, "deck", 1)
    state, events = pass_both(state)
    assert top in ids(state, "graveyard", 1) and not ids(state, "damage", 1) and ids(state, "deck", 1) == deck
    text = lines(events, state, 1)
    assert (
        f"A Ruler deals 2 combat damage (ATK) to {name(state, top)}, now the frontmost card of the column "
        "being attacked (8-4e-1, 8-6d)."
    ) in text
    assert any(line.endswith("is destroyed: its damage reached its HP (15-12b).") for line in text)


def test_when_the_attacked_defense_unit_leaves_the_ruler_behind_it_is_dealt_the_stk() -> None:
    """8-4e-1 with 3-6e-3a: once the defense unit Alice attacked has left, the ruler is the frontmost card
    of the center column and is being attacked; 8-6a does not apply; 8-6d-1 it is dealt the STK (as
    16-5a-1 Breakthrough also assumes a ruler can take combat damage after the unit it battled left)."""
    state = bob_then_alice("defense")
    guard = ids(state, "defense", 1)[0]
    state = do(state, GrAttack, 0, attacker=alice_ruler(state), target=at(state, "defense", 1, guard))
    assert battle_view(state, 1)["target_zone"] == "defense"
    state = do(state, PassPriority, 0)
    state = do(state, Move, 1, cards=(at(state, "defense", 1, guard),), to=ZoneRef(zone="hand"))
    shown = battle_view(state, 1)
    assert shown["target"] == handle_of(state, 1, ids(state, "ruler", 1)[0])
    assert (shown["target_zone"], shown["damage"]) == ("ruler", 1)
    deck = ids(state, "deck", 1)
    state, events = pass_both(state)
    assert guard in ids(state, "hand", 1) and ids(state, "damage", 1) == deck[:1]
    assert (
        "A Ruler deals 1 combat damage (STK) to B Ruler, now the frontmost card of the column being attacked "
        "(8-4e-1, 8-6d)."
    ) in lines(events, state, 0)
    assert "no combat damage (8-6a)" not in " ".join(lines(events, state, 0))


def test_a_direct_attack_stays_on_the_ruler_it_declared() -> None:
    """15-34a: a direct attack chooses the opponent's ruler as its target; 15-34a-1 and 15-34b: it attacks
    that ruler for the whole attack, so a unit that comes into the defense zone does not take it."""
    state = moved_on(start(), "declare")
    with pytest.raises(ActionRefused, match=r"^A direct attack targets your opponent's ruler \(15-34a\)\.$"):
        act(state, GrAttack, 0, attacker=alice_ruler(state), direct=True)
    state, events = act(state, GrAttack, 0, attacker=alice_ruler(state), target=bob_ruler(state), direct=True)
    assert lines(events, state, 1)[-1] == "Alice attacks your ruler directly with A Ruler (8-4, 15-34)."
    state = do(state, PassPriority, 0)
    state, guard = bob_puts(state, "defense")
    assert battle_view(state, 0)["target_zone"] == "ruler" and battle_view(state, 0)["direct"] is True
    deck = ids(state, "deck", 1)
    state, events = pass_both(state)
    assert ids(state, "damage", 1) == deck[:1] and state.board.cards[guard].counter("damage") == 0
    assert "A Ruler deals 1 combat damage (STK) to B Ruler (8-6d)." in lines(events, state, None)


def test_a_unit_that_comes_into_the_only_free_attacked_column_is_attacked() -> None:
    """8-4c, 3-6e-2: Alice attacks the empty one of Bob's two attack-zone columns; 12-4a one unit per
    zone, so a unit Bob then puts into his attack zones is in that column; 8-4e-1, 15-26b-1 it is attacked
    and 8-6d-2 dealt the ATK."""
    state = bob_then_alice("attack")
    state, events = act(state, GrAttack, 0, attacker=alice_ruler(state))
    assert lines(events, state, 1)[-1] == (
        "Alice attacks an empty column of your attack zones with A Ruler; nothing is being attacked while it "
        "stays empty (8-4c, 8-4e-1)."
    )
    assert battle_view(state, 0)["target"] is None
    state = do(state, PassPriority, 0)
    state, newcomer = bob_puts(state, "attack")
    assert battle_view(state, 0)["target"] == handle_of(state, 0, newcomer)
    state, events = pass_both(state)
    assert newcomer in ids(state, "graveyard", 1) and not ids(state, "damage", 1)
    text = lines(events, state)
    assert any(
        f"A Ruler deals 2 combat damage (ATK) to {name(state, newcomer)}, now the frontmost card" in line
        for line in text
    )


def test_the_players_say_which_column_a_unit_came_into_when_the_engine_cannot_tell() -> None:
    """8-4e-1: with two empty attack-zone columns (3-6e-2), a unit Bob puts into his attack zones may be in
    either; the pass that starts the damage step (8-6) waits until a player says. Named: it is attacked
    (15-26b-1); not in the column: nothing is being attacked and there is no damage (8-6a)."""
    state = bob_then_alice()
    state = do(state, GrAttack, 0, attacker=alice_ruler(state))
    state = do(state, PassPriority, 0)
    state, newcomer = bob_puts(state, "attack")
    assert battle_view(state, 1)["unclear"] == [handle_of(state, 1, newcomer)]
    state = do(state, PassPriority, 1)
    with pytest.raises(ActionRefused, match=r"^The engine cannot tell which unit is now frontmost"):
        act(state, PassPriority, 0)
    with pytest.raises(ActionRefused, match=r"^First say which unit is frontmost in the column being"):
        act(state, GrCombatDamage, 0, amount=3)
    elsewhere, events = act(state, GrFrontmost, 0)
    assert lines(events, elsewhere, 1) == [
        "Alice says no unit came into the attacked column of your attack zones (8-4e-1)."
    ]
    elsewhere, events = pass_both(elsewhere)
    assert elsewhere.board.step == ATTACKS_OVER and not ids(elsewhere, "graveyard", 1)
    text = lines(events, elsewhere)
    assert "Nothing is in the column being attacked (8-4e-1): no combat damage (8-6a)." in text
    named, events = act(state, GrFrontmost, 0, card=at(state, "attack", 1, newcomer))
    assert lines(events, named, 1) == [
        f"Alice says {name(state, newcomer)} is now frontmost in the column being attacked "
        "(8-4e-1, 15-26b-1)."
    ]
    with pytest.raises(ActionRefused, match=r"^The engine already knows what is being attacked"):
        act(named, GrFrontmost, 0)
    named, _ = pass_both(named)
    assert newcomer in ids(named, "graveyard", 1)


def test_with_two_defense_zones_the_players_name_the_unit_in_front_of_the_ruler() -> None:
    """3-6e-1, 3-6e-3a: Bob's defense zones are in front of his ruler; two units come into them after
    Alice's ruler attacked his ruler, so one of them is frontmost (8-4e-1) but the engine cannot tell
    which: a player names it before the damage step, and it is dealt the ATK (8-6d-2)."""
    state = moved_on(start([deck_of("A"), deck_of("B", defense_zones=2)]), "declare")
    state = do(state, GrAttack, 0, attacker=alice_ruler(state), target=bob_ruler(state))
    state = do(state, PassPriority, 0)
    state, first = bob_puts(state, "defense")
    state, second = bob_puts(state, "defense")
    assert battle_view(state, 1)["unclear"] == [handle_of(state, 1, first), handle_of(state, 1, second)]
    with pytest.raises(ActionRefused, match=r"^A unit in the defense zones is frontmost in the center"):
        act(state, GrFrontmost, 1)
    state = do(state, GrFrontmost, 1, card=at(state, "defense", 1, second))
    state, _ = pass_both(state)
    assert second in ids(state, "graveyard", 1) and ids(state, "defense", 1) == (first,)
    assert not ids(state, "damage", 1)


def test_the_atk_is_asked_for_when_a_unit_comes_in_front_of_the_attacked_ruler() -> None:
    """8-6d-1, 8-6d-2: the damage is the STK against a ruler but the ATK against a unit; Alice entered
    only the STK of her unit without card data, so once Bob's unit is frontmost (8-4e-1) the pass that
    starts the damage step waits for its ATK (15-2a, entered with "Enter attack damage")."""
    state = start([deck_of("A", kind="bare"), deck_of("B")])
    card = ids(state, "hand", 0)[0]
    state = do(state, GrSummon, 0, card=at(state, "hand", 0, card), level=0)
    state = moved_on(pass_both(state)[0], "declare")
    with pytest.raises(ActionRefused, match=r"^Enter the STK of A Card \d+: its card data has none\.$"):
        act(state, GrAttack, 0, attacker=at(state, "attack", 0, card), target=bob_ruler(state))
    state = do(state, GrAttack, 0, attacker=at(state, "attack", 0, card), target=bob_ruler(state), damage=1)
    state = do(state, PassPriority, 0)
    state, guard = bob_puts(state, "defense")
    state = do(state, PassPriority, 1)
    with pytest.raises(ActionRefused, match=r"^Enter the ATK of A Card \d+ first \(Enter attack damage\)"):
        act(state, PassPriority, 0)
    state = do(state, GrCombatDamage, 0, amount=1)
    assert battle_view(state, 0)["damage"] == 1
    state, _ = pass_both(state)
    assert state.board.cards[guard].counter("damage") == 1 and not ids(state, "damage", 1)


def test_an_attacker_moved_into_a_defense_zone_still_attacks_until_it_leaves_the_play_area() -> None:
    """8-4e-2: the attacking card stops attacking only when it moves out of its controller's play area;
    moved into her defense zone (in play, 3-6b) Alice's unit still deals its STK (8-6d-1); returned to her
    hand it does not, and 8-6a skips the damage."""
    state = summoned(start(), 0, "attack")
    attacker = ids(state, "attack", 0)[0]
    state = moved_on(state, "declare")
    state = do(state, GrAttack, 0, attacker=at(state, "attack", 0, attacker), target=bob_ruler(state))
    deck = ids(state, "deck", 1)
    guarded = do(state, Move, 0, cards=(at(state, "attack", 0, attacker),), to=ZoneRef(zone="defense"))
    assert battle_view(guarded, 0)["attacking"] is True
    guarded, _ = pass_both(guarded)
    assert ids(guarded, "damage", 1) == deck[:1]
    gone = do(state, Move, 0, cards=(at(state, "attack", 0, attacker),), to=ZoneRef(zone="hand"))
    gone, events = pass_both(gone)
    assert not ids(gone, "damage", 1) and ids(gone, "deck", 1) == deck
    assert (
        f"{name(state, attacker)} has left the play area and is no longer attacking (8-4e-2): no combat "
        "damage (8-6a)."
    ) in lines(events, gone, 0)


def test_charges_stay_linked_from_the_drive_zone_through_the_gate_into_play() -> None:
    """3-14e-1: a charge linked to a card in the drive zone stays linked as the card is played into the
    gate; 3-14e-2: and as it enters play; 12-5a a charge is illegal only when linked to no card."""
    state = start()
    state = do(state, GrDrive, 0, count=1)
    driven = ids(state, "drive", 0)[0]
    charge = ids(state, "hand", 0)[0]
    # A card's effect adds a charge under the driven card (15-14a).
    state = do(state, GrAddCharge, 0, card=at(state, "hand", 0, charge), host=at(state, "drive", 0, driven))
    state = do(state, Flip, 0, cards=(at(state, "drive", 0, driven),))
    assert ids(state, "charge", 0) == (charge,) and (charge, driven) in state.board.attachments
    state = do(state, GrSummon, 0, card=at(state, "drive", 0, driven))
    assert gate(state.board) and (charge, driven) in state.board.attachments
    state = pass_both(state)[0]
    assert ids(state, "attack", 0) == (driven,) and ids(state, "charge", 0) == (charge,)
    assert (charge, driven) in state.board.attachments and battle(state.board) is None


def test_a_card_added_as_a_charge_is_linked_face_up_and_an_opponents_card_changes_controller() -> None:
    """15-14a: the card goes to the charge zone of the host's controller, linked to the host (3-14d-3),
    face up unless said otherwise (3-14b-1); an opponent's card changes controller (3-14d-4a); it stays
    through the rules effects (12-5a) while linked, and goes to the graveyard once its host leaves play
    (3-14e). A host outside play cannot hold a charge (15-14a-1): refused, nothing changes."""
    state = summoned(start(), 0, "attack")
    host = ids(state, "attack", 0)[0]
    mine = ids(state, "hand", 0)[0]
    state, events = act(
        state, GrAddCharge, 0, card=at(state, "hand", 0, mine), host=at(state, "attack", 0, host)
    )
    assert ids(state, "charge", 0) == (mine,) and (mine, host) in state.board.attachments
    assert state.board.cards[mine].face_up
    assert any(name(state, mine) in line for line in lines(events, state, 1)), "a face-up charge is public"
    # Arrange a card of Bob's in his graveyard, where an effect of Alice's may take it from.
    bobs = ids(state, "hand", 1)[0]
    slot_of = state.match.slot_of
    board, _ = move_cards(state, state.board, 1, [(slot_of[("hand", 1)], bobs)], slot_of[("graveyard", 1)])
    state = state.evolve(board=board)
    state = do(
        state,
        GrAddCharge,
        0,
        card=at(state, "graveyard", 1, bobs),
        host=at(state, "attack", 0, host),
        face_down=True,
    )
    assert set(ids(state, "charge", 0)) == {mine, bobs} and (bobs, host) in state.board.attachments
    assert state.board.cards[bobs].controller == 0 and not state.board.cards[bobs].face_up
    before = state
    hand = ids(state, "hand", 0)
    with pytest.raises(ActionRefused, match="underneath a card in play"):
        act(state, GrAddCharge, 0, card=at(state, "hand", 0, hand[0]), host=at(state, "hand", 0, hand[1]))
    assert state == before
    # The host leaves play: the link is severed and the charge goes to the graveyard (3-14e, 12-5a).
    state = do(state, Move, 0, cards=(at(state, "attack", 0, host),), to=ZoneRef(zone="graveyard", player=0))
    assert not ids(state, "charge", 0) and mine in ids(state, "graveyard", 0)
    assert bobs in ids(state, "graveyard", 1), "a charge goes to its owner's graveyard"


def test_a_ruler_cannot_become_a_charge() -> None:
    """3-7e, 3-7e-1: a ruler card never leaves play; the move into a charge zone is refused."""
    state = summoned(start(), 0, "attack")
    host = at(state, "attack", 0, ids(state, "attack", 0)[0])
    before = state
    for seat in (0, 1):
        ruler = at(state, "ruler", seat, ids(state, "ruler", seat)[0])
        with pytest.raises(ActionRefused, match="never leaves play"):
            act(state, GrAddCharge, 0, card=ruler, host=host)
    assert state == before
