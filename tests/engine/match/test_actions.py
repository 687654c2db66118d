"""Every generic action, accepted and refused (with its sentence), on the demo game."""

from __future__ import annotations

from typing import Any

import pytest

from engine.match import actions as a
from engine.match.apply import apply
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.render import render_all
from engine.match.rng import RandomStream, action_context
from engine.match.setup import new_match
from engine.match.state import MatchState
from engine.match.view import handle_of, view
from tests.engine.match.demo import DEMO_SPEC, PLAYERS, demo_decks

SEED = bytes(range(32))
ALICE, BOB = 0, 1


@pytest.fixture
def state() -> MatchState:
    return new_match(DEMO_SPEC, PLAYERS, demo_decks(), SEED, first_player=ALICE)


def act(
    state: MatchState, cls: type[a.BaseAction], actor: int = ALICE, **fields: Any
) -> tuple[MatchState, list[Event]]:
    return apply(state, cls(actor=actor, version=state.version, **fields))


def do(state: MatchState, cls: type[a.BaseAction], actor: int = ALICE, **fields: Any) -> MatchState:
    return act(state, cls, actor, **fields)[0]


def refused(state: MatchState, cls: type[a.BaseAction], actor: int = ALICE, **fields: Any) -> str:
    with pytest.raises(ActionRefused) as info:
        act(state, cls, actor, **fields)
    message = str(info.value)
    assert message.endswith(".") and "\n" not in message and message[0].isupper()
    return message


def at(zone: str, index: int = 0, player: int | None = None) -> a.CardAt:
    return a.CardAt(zone=zone, player=player, index=index)


def to(zone: str, player: int | None = None) -> a.ZoneRef:
    return a.ZoneRef(zone=zone, player=player)


def name(state: MatchState, card: int) -> str:
    return state.ref(card).name


def lines(state: MatchState, events: list[Event]) -> tuple[list[str], list[str], list[str]]:
    return render_all(events, state, ALICE), render_all(events, state, BOB), render_all(events, state, None)


def on_field(state: MatchState, count: int = 1, actor: int = ALICE, **move: Any) -> MatchState:
    """Draw ``count`` cards and put them on the actor's field."""
    state = do(state, a.Draw, actor, count=count)
    cards = tuple(at("hand", i) for i in range(count))
    return do(state, a.Move, actor, cards=cards, to=to("field"), **move)


def bobs_turn(state: MatchState) -> MatchState:
    return do(state, a.PassTurn)


# Draw, turn, versions ---------------------------------------------------------------------------


def test_draw(state: MatchState) -> None:
    top = state.zone("deck", ALICE)[:2]
    new, events = act(state, a.Draw, count=2)
    assert new.zone("hand", ALICE) == top and len(new.zone("deck", ALICE)) == 18
    assert all(new.knows(ALICE, c) and not new.knows(BOB, c) and not new.knows(None, c) for c in top)
    you, bob, spectator = lines(new, events)
    assert you == [f"You draw {name(new, top[0])} and {name(new, top[1])}."]
    assert bob == spectator == ["Alice draws 2 cards."]
    assert new.version == 1 and state.version == 0 and len(state.zone("hand", ALICE)) == 0


def test_draw_refusals(state: MatchState) -> None:
    assert refused(state, a.Draw, count=21) == "There are only 20 cards in your deck."
    empty = do(state, a.Draw, count=20)
    assert refused(empty, a.Draw) == "There are no cards in your deck to draw."


def test_out_of_turn_is_refused(state: MatchState) -> None:
    assert refused(state, a.Draw, BOB) == "It is Alice's turn and you do not hold priority."
    assert refused(state, a.Draw, 2) == "Only the players of this match can act in it."


def test_stale_duplicate_and_future_versions(state: MatchState) -> None:
    draw = a.Draw(actor=ALICE, version=0)
    new, _ = apply(state, draw)
    with pytest.raises(ActionRefused, match=r"^That action was already applied; it is not applied twice\.$"):
        apply(new, draw)
    with pytest.raises(
        ActionRefused, match=r"moved on since this was shown \(version 0, now 1\); look again"
    ):
        apply(new, a.Draw(actor=ALICE, version=0, count=2))
    with pytest.raises(ActionRefused, match=r"does not exist yet \(5\)"):
        apply(new, a.Draw(actor=ALICE, version=5))
    assert apply(new, a.Draw(actor=ALICE, version=1))[0].version == 2


# Move ----------------------------------------------------------------------------------------------


def test_move_to_a_public_zone_and_back_to_hand(state: MatchState) -> None:
    state = do(state, a.Draw)
    card = state.zone("hand", ALICE)[0]
    state, events = act(state, a.Move, cards=(at("hand"),), to=to("field"))
    assert state.zone("field", ALICE) == (card,) and state.knows(None, card)
    you, bob, _ = lines(state, events)
    assert you == [f"You move {name(state, card)} from your hand to your field."]
    assert bob == [f"Alice moves {name(state, card)} from their hand to their field."]
    state, events = act(state, a.Move, cards=(at("field"),), to=to("hand"))
    # Entering a hidden zone resets knowledge: Bob no longer knows which card it is.
    assert state.knows(ALICE, card) and not state.knows(BOB, card)
    assert lines(state, events)[1] == [f"Alice moves {name(state, card)} from their field to their hand."]


def test_move_into_the_deck_forgets_the_card(state: MatchState) -> None:
    state = do(state, a.Draw, count=3)
    first, second, _third = state.zone("hand", ALICE)
    state, events = act(state, a.Move, cards=(at("hand"),), to=to("deck"), position="bottom")
    assert state.zone("deck", ALICE)[-1] == first and not state.knows(ALICE, first)
    assert lines(state, events)[0] == [
        f"You move {name(state, first)} from your hand to the bottom of your deck."
    ]
    assert lines(state, events)[1] == ["Alice moves a card from their hand to the bottom of their deck."]
    state = do(state, a.Move, cards=(at("hand"),), to=to("deck"), position=2)
    assert state.zone("deck", ALICE)[2] == second
    state, events = act(state, a.Move, cards=(at("hand"),), to=to("deck"), position=500)
    assert state.zone("deck", ALICE)[-1] != first  # a position past the end is the bottom
    assert "to the bottom of your deck" in lines(state, events)[0][0]


def test_move_face_down_and_orientation_defaults(state: MatchState) -> None:
    state = do(state, a.Draw, count=2)
    card, other = state.zone("hand", ALICE)
    state, events = act(state, a.Move, cards=(at("hand"),), to=to("field"), face="down")
    assert not state.card(card).face_up and state.knows(ALICE, card) and not state.knows(BOB, card)
    assert lines(state, events)[1] == ["Alice moves a card from their hand to their field face down."]
    state = do(state, a.Move, cards=(at("hand"),), to=to("support"))
    assert state.card(other).orientation == 1  # the support zone enters rested
    state = do(state, a.AddCounter, cards=(at("support"),), name="charge", amount=2)
    state = do(state, a.Move, cards=(at("support"),), to=to("field"))  # same group: state is kept
    assert state.card(other).orientation == 1 and state.card(other).counter("charge") == 2
    state = do(state, a.Move, cards=(at("field", 0),), to=to("discard"))  # a new object
    assert state.card(other).orientation == 0 and state.card(other).counters == ()


def test_move_refusals(state: MatchState) -> None:
    state = do(state, a.Draw)
    hidden = "that zone is hidden from you."
    assert (
        refused(state, a.Move, cards=(at("hand", 0, BOB),), to=to("discard"))
        == f"You can't touch Bob's hand: {hidden}"
    )
    assert (
        refused(state, a.Move, cards=(at("deck", 0, BOB),), to=to("hand"))
        == f"You can't touch Bob's deck: {hidden}"
    )
    assert (
        refused(state, a.Move, cards=(at("shields", 0, BOB),), to=to("hand"))
        == f"You can't touch Bob's shields: {hidden}"
    )
    assert (
        refused(state, a.Move, cards=(at("hand", 5),), to=to("field"))
        == "There is no card at index 5 of your hand (it holds 1)."
    )
    assert (
        refused(state, a.Move, cards=(at("hand"), at("hand")), to=to("field"))
        == "The same card is chosen twice."
    )
    assert (
        refused(state, a.Move, cards=(at("graveyard"),), to=to("field"))
        == "This game has no zone called 'graveyard'."
    )
    assert (
        refused(state, a.Move, cards=(at("hand"),), to=to("stack", 0))
        == "The stack is shared; it belongs to no player."
    )
    assert (
        refused(state, a.Move, cards=(at("hand"),), to=to("field", 5))
        == "There is no player 5 in this match."
    )
    assert (
        refused(state, a.Move, cards=(at("hand"),), to=to("discard"), orientation="rest")
        == "Cards in your discard have no orientation."
    )
    message = "This game has no orientation called 'sideways'; it has stand, rest."
    assert refused(state, a.Move, cards=(at("hand"),), to=to("field"), orientation="sideways") == message


def test_own_hidden_zones_and_opponent_public_zones_can_be_touched(state: MatchState) -> None:
    state = do(state, a.Move, cards=(at("deck"), at("deck", 1)), to=to("shields"))
    shield = state.zone("shields", ALICE)[0]
    assert not state.knows(ALICE, shield)  # shields are hidden from their owner too
    state = do(state, a.Move, cards=(at("shields"),), to=to("hand"))
    assert state.knows(ALICE, shield) and not state.knows(BOB, shield)
    state = on_field(bobs_turn(state), actor=BOB)
    bobs = state.zone("field", BOB)[0]
    state = do(state, a.PassTurn, BOB)
    state, events = act(state, a.Move, cards=(at("field", 0, BOB),), to=to("discard", BOB))
    assert state.zone("discard", BOB) == (bobs,) and state.card(bobs).controller == BOB
    assert lines(state, events)[1] == [
        f"Alice moves {name(state, bobs)} from your field to the top of your discard."
    ]


def test_moving_into_the_shared_zone_gives_control_to_the_mover(state: MatchState) -> None:
    state = do(state, a.Draw)
    state = do(state, a.Move, cards=(at("hand"),), to=to("stack"))
    card = state.zone("stack")[0]
    assert state.card(card).controller == ALICE and state.knows(None, card)


# Shuffle, look, reveal, search -------------------------------------------------------------------


def test_shuffle_is_deterministic_and_resets_knowledge(state: MatchState) -> None:
    state = do(state, a.Look, zone=to("deck"), count=3)
    looked = state.zone("deck", ALICE)[:3]
    assert all(state.knows(ALICE, c) for c in looked)
    new, events = act(state, a.Shuffle, zone=to("deck"))
    again, _ = act(state, a.Shuffle, zone=to("deck"))
    assert new == again and sorted(new.zone("deck", ALICE)) == sorted(state.zone("deck", ALICE))
    expected = RandomStream(SEED, action_context(state.version)).shuffle(state.zone("deck", ALICE))
    assert list(new.zone("deck", ALICE)) == expected
    assert not any(new.knows(ALICE, c) for c in looked)
    assert lines(new, events)[:2] == (["You shuffle your deck."], ["Alice shuffles their deck."])
    message = "You can't shuffle Bob's deck: that zone is hidden from you."
    assert refused(state, a.Shuffle, zone=to("deck", BOB)) == message


def test_look_is_private(state: MatchState) -> None:
    deck = state.zone("deck", ALICE)
    new, events = act(state, a.Look, zone=to("deck"), count=2)
    assert new.knows(ALICE, deck[0]) and new.knows(ALICE, deck[1]) and not new.knows(ALICE, deck[2])
    assert not new.knows(BOB, deck[0])
    you, bob, spectator = lines(new, events)
    assert you == [
        f"You look at the top 2 cards of your deck: {name(new, deck[0])} and {name(new, deck[1])}."
    ]
    assert bob == spectator == ["Alice looks at the top 2 cards of their deck."]
    new, events = act(new, a.Look, zone=to("deck"), end="bottom")
    assert new.knows(ALICE, deck[-1])
    assert lines(new, events)[1] == ["Alice looks at the bottom card of their deck."]
    assert refused(state, a.Look, zone=to("deck"), count=21) == "There are only 20 cards in your deck."
    assert refused(state, a.Look, zone=to("discard")) == "There are no cards in your discard."
    message = "You can't look at Bob's hand: that zone is hidden from you."
    assert refused(state, a.Look, zone=to("hand", BOB)) == message


def test_reveal(state: MatchState) -> None:
    state = do(state, a.Draw, count=2)
    first, second = state.zone("hand", ALICE)
    new, events = act(state, a.Reveal, cards=(at("hand"),), to="opponent")
    assert new.knows(BOB, first) and new.knows(None, first) and not new.knows(BOB, second)
    you, bob, spectator = lines(new, events)
    assert you == [f"You reveal {name(new, first)} to Bob."]
    assert bob == [f"Alice reveals {name(new, first)} to you."]
    assert spectator == [f"Alice reveals {name(new, first)} to Bob."]
    # Revealing is allowed out of turn.
    state = on_field(bobs_turn(new), actor=BOB)
    assert (
        refused(state, a.Reveal, ALICE, cards=(at("field", 0, BOB),)) == "You can only reveal your own cards."
    )
    assert act(state, a.Reveal, ALICE, cards=(at("hand", 1),))[0].knows(BOB, second)


def test_reveal_top_and_hand(state: MatchState) -> None:
    top = state.zone("deck", ALICE)[0]
    new, events = act(state, a.RevealTop, zone=to("deck"))
    assert new.knows(ALICE, top) and new.knows(BOB, top) and new.knows(None, top)
    assert lines(new, events)[1] == [
        f"Alice reveals the top card of their deck to everyone: {name(new, top)}."
    ]
    new = do(new, a.Draw)  # the revealed card goes into the hand: Bob forgets it
    assert not new.knows(BOB, top)
    new, events = act(new, a.RevealHand)
    assert new.knows(BOB, top)
    assert lines(new, events)[1] == [f"Alice reveals their hand to you: {name(new, top)}."]
    assert (
        refused(state, a.RevealTop, zone=to("deck", BOB))
        == "You can't reveal Bob's deck: that zone is hidden from you."
    )
    assert refused(state, a.RevealTop, zone=to("discard")) == "There are no cards in your discard."
    empty, events = act(state, a.RevealHand)
    assert lines(empty, events)[1] == ["Alice reveals their hand to you (it is empty)."]


def test_search_take_and_shuffle(state: MatchState) -> None:
    deck = state.zone("deck", ALICE)
    searched = do(state, a.Search, zone=to("deck"))
    assert all(searched.knows(ALICE, c) and not searched.knows(BOB, c) for c in deck)
    new, events = act(state, a.Search, zone=to("deck"), take=(4,), shuffle=True)
    taken = deck[4]
    assert new.zone("hand", ALICE) == (taken,)
    assert [c for c in deck if new.knows(ALICE, c)] == [taken]  # the shuffle reset the rest
    you, bob, _ = lines(new, events)
    assert you == [
        "You search your deck.",
        f"You move {name(new, taken)} from your deck to your hand.",
        "You shuffle your deck.",
    ]
    assert bob == [
        "Alice searches their deck.",
        "Alice moves a card from their deck to their hand.",
        "Alice shuffles their deck.",
    ]
    new = do(state, a.Search, zone=to("deck"), take=(0, 1), to=to("discard"))
    assert new.zone("discard", ALICE) == deck[:2] and new.knows(None, deck[0])
    assert (
        refused(state, a.Search, zone=to("deck"), take=(25,))
        == "There is no card at index 25 of your deck (it holds 20)."
    )
    assert refused(state, a.Search, zone=to("deck"), take=(1, 1)) == "The same card is chosen twice."
    assert (
        refused(state, a.Search, zone=to("deck"), to=to("discard"))
        == "Say which cards to take from the search."
    )
    assert (
        refused(state, a.Search, zone=to("deck", BOB))
        == "You can't search Bob's deck: that zone is hidden from you."
    )


def test_search_by_name_takes_the_topmost_card_of_that_name_or_nothing(state: MatchState) -> None:
    """A search as card text asks for it: the card named, taken from wherever it is in the deck (the
    player knows their decklist, not the order), the deck shuffled; a name the deck no longer holds
    takes nothing, and the opponent reads the same lines up to the move either way."""
    deck = state.zone("deck", ALICE)
    wanted = deck[7]
    named = name(state, wanted)
    new, events = act(state, a.Search, zone=to("deck"), name=named.upper(), shuffle=True)
    assert new.zone("hand", ALICE) == (wanted,)
    you, bob, _ = lines(new, events)
    assert you == [
        "You search your deck.",
        f"You move {named} from your deck to your hand.",
        "You shuffle your deck.",
    ]
    assert bob[1] == "Alice moves a card from their deck to their hand."
    again = do(new, a.Search, zone=to("deck"), name=named, shuffle=True)
    assert again.zone("hand", ALICE) == (wanted,) and len(again.zone("deck", ALICE)) == len(deck) - 1
    into = do(state, a.Search, zone=to("deck"), name=named, to=to("discard"))
    assert into.zone("discard", ALICE) == (wanted,)
    assert (
        refused(state, a.Search, zone=to("deck"), name=named, take=(1,))
        == "Take cards by their places or by a name, not both."
    )


# Orientation, face, counters, attachments, control -------------------------------------------------


def test_orient_under_the_games_names(state: MatchState) -> None:
    state = on_field(state)
    card = state.zone("field", ALICE)[0]
    new, events = act(state, a.Orient, cards=(at("field"),), orientation="rest")
    assert new.card(card).orientation == 1
    assert lines(new, events)[0] == [f"You rest {name(new, card)}."]
    assert lines(new, events)[1] == [f"Alice rests {name(new, card)}."]
    assert view(new, BOB)["zones"][new.slot("field", ALICE)]["cards"][0]["orientation"] == "rest"
    new = do(new, a.Orient, cards=(at("field"),), orientation="untap")
    assert new.card(card).orientation == 0
    assert do(new, a.Orient, cards=(at("field"),), orientation="tap").card(card).orientation == 1
    state = do(state, a.Draw)
    assert (
        refused(state, a.Orient, cards=(at("hand"),), orientation="rest")
        == "Cards in your hand have no orientation."
    )
    message = "This game has no orientation called 'exhaust'; it has stand, rest."
    assert refused(state, a.Orient, cards=(at("field"),), orientation="exhaust") == message


def test_flip_and_control(state: MatchState) -> None:
    state = on_field(state, face="down")
    card = state.zone("field", ALICE)[0]
    assert not state.knows(BOB, card)
    state, events = act(state, a.GiveControl, cards=(at("field"),), player=BOB)
    # Face-down field cards are seen by their controller; Alice keeps what she knew.
    assert state.card(card).controller == BOB and state.knows(BOB, card) and state.knows(ALICE, card)
    assert lines(state, events)[0] == [f"You give control of {name(state, card)} to Bob."]
    state = do(state, a.GiveControl, cards=(at("field"),), player=ALICE)
    state, events = act(state, a.Flip, cards=(at("field"),))
    assert state.card(card).face_up and state.knows(None, card)
    assert lines(state, events)[2] == [f"Alice turns over {name(state, card)}."]
    state, events = act(state, a.Flip, cards=(at("field"),), face="down")
    assert not state.card(card).face_up and state.knows(BOB, card)  # seen face up before: still known
    assert lines(state, events)[1] == [f"Alice turns {name(state, card)} face down."]
    assert (
        refused(state, a.GiveControl, cards=(at("field"),), player=3) == "There is no player 3 in this match."
    )


def test_flipping_a_hidden_card_face_up_reveals_it(state: MatchState) -> None:
    state = do(state, a.Move, cards=(at("deck"),), to=to("shields"))
    shield = state.zone("shields", ALICE)[0]
    state, events = act(state, a.Flip, cards=(at("shields"),), face="up")
    assert state.knows(None, shield)  # the zone shows face-up cards to everyone
    assert lines(state, events)[1] == [f"Alice turns {name(state, shield)} face up."]


def test_counters(state: MatchState) -> None:
    state = on_field(state)
    card = state.zone("field", ALICE)[0]
    state, events = act(state, a.AddCounter, cards=(at("field"),), name="damage", amount=2)
    assert state.card(card).counter("damage") == 2
    assert lines(state, events)[1] == [f"Alice puts 2 'damage' counters on {name(state, card)}."]
    state, events = act(state, a.AddCounter, cards=(at("field"),), name="damage", amount=-1)
    assert lines(state, events)[0] == [f"You remove 1 'damage' counter from {name(state, card)}."]
    assert (
        refused(state, a.AddCounter, cards=(at("field"),), name="damage", amount=-5)
        == "That card has 1 'damage' counter."
    )
    assert (
        refused(state, a.AddCounter, cards=(at("field"),), name="+1", amount=-1)
        == "That card has no '+1' counters."
    )
    message = "This game has no 'poison' counter; it has +1, damage, charge."
    assert refused(state, a.AddCounter, cards=(at("field"),), name="poison") == message
    state = do(state, a.AddCounter, cards=(at("field"),), name="damage", amount=-1)
    assert state.card(card).counters == ()
    assert view(state, BOB)["zones"][state.slot("field", ALICE)]["cards"][0]["counters"] == {}


def test_attach_and_detach(state: MatchState) -> None:
    state = on_field(state, 3)
    one, two, three = state.zone("field", ALICE)
    state, events = act(state, a.Attach, card=at("field", 0), host=at("field", 1))
    assert state.board.attachments == ((one, two),)
    assert lines(state, events)[1] == [f"Alice puts {name(state, one)} under {name(state, two)}."]
    cards = view(state, BOB)["zones"][state.slot("field", ALICE)]["cards"]
    assert cards[0]["attached_to"] == handle_of(state, BOB, two) == cards[1]["handle"]
    assert (
        refused(state, a.Attach, card=at("field", 1), host=at("field", 0))
        == "That card already holds the other one in its stack."
    )
    assert (
        refused(state, a.Attach, card=at("field", 1), host=at("field", 1))
        == "A card can't be attached to itself."
    )
    state = do(state, a.Attach, card=at("field", 2), host=at("field", 1))
    assert state.board.attachments == ((one, two), (three, two))
    detached, events = act(state, a.Detach, card=at("field", 0))
    assert detached.board.attachments == ((three, two),)
    assert lines(detached, events)[0] == [f"You take {name(state, one)} out from under {name(state, two)}."]
    assert refused(detached, a.Detach, card=at("field", 0)) == "That card is not attached to anything."
    # Moving the host within its group keeps the stack; leaving it breaks the stack.
    kept = do(state, a.Move, cards=(at("field", 1),), to=to("support"))
    assert kept.board.attachments == ((one, two), (three, two))
    broken = do(state, a.Move, cards=(at("field", 1),), to=to("discard"))
    assert broken.board.attachments == ()
    together = do(state, a.Move, cards=(at("field", 1),), to=to("discard"), with_attached=True)
    assert together.zone("discard", ALICE) == (two, one, three) and together.zone("field", ALICE) == ()
    assert together.board.attachments == ()
    grouped = do(state, a.Move, cards=(at("field", 1),), to=to("support"), with_attached=True)
    assert grouped.zone("support", ALICE) == (two, one, three)
    assert grouped.board.attachments == ((one, two), (three, two))


# Values, chance, turn structure -----------------------------------------------------------------


def test_values(state: MatchState) -> None:
    state, events = act(state, a.AdjustValue, player=BOB, name="life", delta=-3)
    assert state.value(BOB, "life") == 17
    assert lines(state, events) == (
        ["You set Bob's life to 17 (-3)."],
        ["Alice sets your life to 17 (-3)."],
        ["Alice sets Bob's life to 17 (-3)."],
    )
    state = do(state, a.SetValue, player=ALICE, name="damage", value=4)
    assert view(state, None)["players"][ALICE]["values"] == {"life": 20, "damage": 4}
    message = "This game keeps no 'mana' value for players; it keeps life, damage."
    assert refused(state, a.SetValue, player=ALICE, name="mana", value=1) == message
    assert (
        refused(state, a.AdjustValue, player=4, name="life", delta=1) == "There is no player 4 in this match."
    )


def test_coin_and_dice_use_the_stream_of_the_version(state: MatchState) -> None:
    new, events = act(state, a.RollDie, BOB, sides=6, count=2)  # allowed out of turn
    stream = RandomStream(SEED, action_context(0))
    rolls = [stream.die(6), stream.die(6)]
    assert events[0].data["rolls"] == rolls
    assert lines(new, events)[0] == [f"Bob rolls 2d6: {rolls[0]}, {rolls[1]}."]
    assert act(state, a.RollDie, BOB, sides=6, count=2)[1] == events
    new, events = act(new, a.FlipCoin)
    side = "heads" if RandomStream(SEED, action_context(1)).coin() else "tails"
    assert lines(new, events)[0] == [f"You flip a coin: {side}."]
    assert new.board == state.board


def test_priority(state: MatchState) -> None:
    assert refused(state, a.PassPriority, BOB) == "It is Alice's turn and you do not hold priority."
    state, events = act(state, a.PassPriority)
    assert (state.board.priority, state.board.passes) == (BOB, 1)
    assert lines(state, events)[1] == ["Alice passes priority to you."]
    assert refused(state, a.PassPriority) == "You do not hold priority."
    state = do(state, a.Draw, BOB)  # the priority holder may act
    assert state.board.passes == 0
    state = do(state, a.PassPriority, BOB)
    assert (state.board.priority, state.board.passes) == (ALICE, 1)


def test_steps_phases_and_turns(state: MatchState) -> None:
    assert refused(state, a.NextStep, BOB) == "It is Alice's turn and you do not hold priority."
    state = do(state, a.PassPriority)
    assert refused(state, a.NextStep, BOB) == "Only Alice can move the turn on: it is their turn."
    state, events = act(state, a.NextStep)
    assert (state.board.phase, state.board.step, state.board.priority) == (0, 1, ALICE)
    assert lines(state, events)[1] == ["Alice moves to the draw step of the start phase."]
    state, events = act(state, a.NextStep, to="guard")
    assert (state.board.phase, state.board.step) == (2, 1)
    assert lines(state, events)[0] == ["You move to the guard step of the battle phase."]
    assert do(state, a.Draw, BOB).zone("hand", BOB)  # both players act in the guard step
    assert refused(state, a.NextStep, to="main") == "There is no step called 'main' later in this turn."
    state, events = act(state, a.NextPhase)
    assert lines(state, events)[1] == ["Alice moves to the end phase."]
    assert refused(state, a.NextPhase) == "This is the last phase of the turn; pass the turn instead."
    assert refused(state, a.NextStep) == "This is the last step of the turn; pass the turn instead."
    assert refused(state, a.NextPhase, to="main") == "There is no phase called 'main' later in this turn."
    assert refused(state, a.PassTurn, BOB) == "It is Alice's turn and you do not hold priority."
    state, events = act(state, a.PassTurn)
    board = state.board
    assert (board.turn, board.active, board.phase, board.step, board.priority) == (2, BOB, 0, 0, BOB)
    assert lines(state, events)[:2] == (
        ["You end the turn; turn 2 is Bob's turn."],
        ["Alice ends the turn; turn 2 is your turn."],
    )
    assert view(state, None)["turn"] == {
        "number": 2,
        "active": BOB,
        "phase": "start",
        "step": "untap",
        "priority": BOB,
        "passes": 0,
    }


# The match: concede, draws, notes, undo ------------------------------------------------------------


def test_concede_ends_the_match_and_reveals_the_seed(state: MatchState) -> None:
    assert view(state, ALICE)["seed"] is None and view(state, ALICE)["seed_hash"] == state.match.seed_hash
    state, events = act(state, a.Concede, BOB)  # any time
    assert (state.status, state.winner, state.end_reason) == ("ended", ALICE, "concede")
    assert lines(state, events)[0] == [
        "Bob concedes.",
        f"The match is over (concede): you win; its seed was {SEED.hex()}.",
    ]
    assert view(state, None)["seed"] == SEED.hex()
    assert refused(state, a.Note, text="gg") == "The match is over."


def test_draw_offers(state: MatchState) -> None:
    assert refused(state, a.AcceptDraw, BOB) == "No draw has been offered to you."
    assert refused(state, a.DeclineDraw, BOB) == "No draw has been offered."
    state, events = act(state, a.OfferDraw)
    assert state.draw_offer == ALICE and lines(state, events)[1] == ["Alice offers a draw."]
    assert refused(state, a.OfferDraw) == "You have already offered a draw."
    assert refused(state, a.OfferDraw, BOB) == "Alice has already offered a draw; accept or decline it."
    assert refused(state, a.AcceptDraw) == "No draw has been offered to you."
    declined, events = act(state, a.DeclineDraw, BOB)
    assert declined.draw_offer is None and lines(declined, events)[0] == ["Bob declines the draw."]
    withdrawn, events = act(state, a.DeclineDraw)
    assert withdrawn.draw_offer is None and lines(withdrawn, events)[1] == ["Alice withdraws the draw offer."]
    ended, events = act(state, a.AcceptDraw, BOB)
    assert (ended.status, ended.winner, ended.end_reason) == ("ended", None, "draw agreed")
    assert lines(ended, events)[2][1].startswith(
        "The match is over (draw agreed): it is a draw; its seed was "
    )


def test_notes(state: MatchState) -> None:
    state, events = act(state, a.Note, BOB, text="  good\n\tgame \x07 ")
    assert lines(state, events)[:2] == (["Bob notes: good game"], ["You note: good game"])
    assert state.board == new_match(DEMO_SPEC, PLAYERS, demo_decks(), SEED, first_player=ALICE).board


def test_undo_keeps_what_was_revealed(state: MatchState) -> None:
    state = do(state, a.Draw)
    drawn = state.zone("hand", ALICE)[0]
    before = state
    state, events = act(state, a.RequestUndo)
    assert state.undo_request == ALICE and lines(state, events)[1] == [
        "Alice asks to undo their last action."
    ]
    waiting = "Alice's undo request is waiting for Bob's answer."
    assert refused(state, a.Draw) == waiting and refused(state, a.PassPriority) == waiting
    assert refused(state, a.AcceptUndo) == "You can't accept your own undo request."
    state, events = act(state, a.AcceptUndo, BOB)
    assert lines(state, events)[0] == ["Bob accepts the undo: your last action is taken back."]
    assert state.zone("hand", ALICE) == () and state.zone("deck", ALICE)[0] == drawn
    assert state.knows(ALICE, drawn) and not state.knows(BOB, drawn)  # Alice saw it: it stays known
    assert state.version == before.version + 2 and state.undo_used == (1, 0)
    assert refused(state, a.RequestUndo) == "There is no action that can be undone."
    assert refused(state, a.AcceptUndo, BOB) == "There is no undo request to answer."


def test_undo_requests_are_the_actors_and_capped(state: MatchState) -> None:
    state = do(state, a.Draw)
    assert refused(state, a.RequestUndo, BOB) == "The last action was Alice's; you can only undo your own."
    state = do(state, a.Note, BOB, text="not undoable")
    state = do(state, a.FlipCoin, BOB)
    state = do(state, a.RequestUndo)  # notes and coins are not undone: the draw is the last action
    state, events = act(state, a.DeclineUndo, BOB)
    assert state.undo_request is None and len(state.zone("hand", ALICE)) == 1
    assert lines(state, events)[0] == ["Bob declines the undo request."]
    state = do(state, a.RequestUndo)
    state, events = act(state, a.DeclineUndo)
    assert lines(state, events)[1] == ["Alice withdraws the undo request."]
    assert refused(state, a.RequestUndo) == "You have already asked to undo 2 times this turn."
    state = do(do(state, a.PassTurn), a.PassTurn, BOB)
    assert state.undo_used == (0, 0)
    assert do(state, a.RequestUndo, BOB).undo_request == BOB


def test_undoing_a_turn_pass_keeps_the_undo_count(state: MatchState) -> None:
    state = do(state, a.PassTurn)
    state = do(do(state, a.RequestUndo), a.AcceptUndo, BOB)
    assert (state.board.turn, state.board.active) == (1, ALICE) and state.undo_used == (1, 0)


# Parsing ------------------------------------------------------------------------------------------


def test_parse_and_dump_actions() -> None:
    move = a.Move(actor=1, version=7, cards=(at("hand", 2),), to=to("deck"), position="bottom", face="down")
    assert a.parse_action(a.dump_action(move)) == move
    assert a.parse_action(move.model_dump_json()) == move
    assert a.dump_action(move)["type"] == "move"
    with pytest.raises(
        ActionRefused,
        match=r"^That action is not valid \(draw\.count: Input should be greater than or equal to 1\)\.$",
    ):
        a.parse_action({"type": "draw", "actor": 0, "version": 0, "count": 0})
    with pytest.raises(ActionRefused, match=r"^That action is not valid \("):
        a.parse_action({"type": "teleport", "actor": 0, "version": 0})
    with pytest.raises(ActionRefused, match="a note needs some text"):
        a.parse_action({"type": "note", "actor": 0, "version": 0, "text": " \n "})
    with pytest.raises(ActionRefused, match="cannot be 0"):
        a.parse_action(
            '{"type": "counter", "actor": 0, "version": 0, "cards": [{"zone": "field", "index": 0}],'
            ' "name": "x", "amount": 0}'
        )


def test_a_refused_action_is_one_short_line_whatever_it_echoes() -> None:
    """Refusals quote what was sent cut to one line: a type or a field with line breaks reads on one."""
    for data in ({"type": "\n"}, {"type": "line one\nline two " * 5}, {"type": "draw", "actor": "\n1\n"}):
        with pytest.raises(ActionRefused) as refused:
            a.parse_action(data)
        assert "\n" not in str(refused.value) and len(str(refused.value)) <= 200
