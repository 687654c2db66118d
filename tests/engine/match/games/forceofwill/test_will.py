"""Which cards produce will and what (202.4, 907, 905.3, 1108.2) and the will coin (1119.2), from the
rules."""

from __future__ import annotations

import pytest

from engine.cards.model import CardFace, CardRecord
from engine.match.actions import CardAt, PassPriority
from engine.match.errors import ActionRefused
from engine.match.games.forceofwill import stats_from_record
from engine.match.games.forceofwill.actions import CallStone, Produce
from engine.match.games.forceofwill.board import pool_of
from engine.match.render import render_all
from engine.match.state import CardRef
from tests.engine.match.games.forceofwill.helpers import (
    card,
    deck,
    find,
    next_turn_main,
    place,
    play,
    resonator,
    started,
    step,
    to_main,
)

FIELD0 = CardAt(zone="field", index=0)


def _record(name: str, types: list[str], text: str = "", **stats: object) -> CardRecord:
    return CardRecord(game="forceofwill", code="X-001", name=name, types=types, text=text, stats=stats)


def _alice(*cards: CardRef, stone: CardRef | None = None) -> dict[str, list[CardRef]]:
    alice = deck("Alice")
    alice["deck"][: len(cards)] = list(cards)
    if stone is not None:
        alice["stone_deck"] = [stone] * 10
    return alice


def _main(alice: dict[str, list[CardRef]], bob: dict[str, list[CardRef]] | None = None):  # type: ignore[no-untyped-def]
    return to_main(started(decks=[alice, bob or deck("Bob")]))


def test_will_abilities_from_card_data_202_4e_907_1() -> None:
    """202.4e: a basic magic stone produces the will of its magic stone type (fowsim gives basic stones
    the void colour); 907.1: another card produces will through its own activate ability with [Rest];
    202.4d: a magic stone without one, or a card given one by its text only for others, has none;
    202.2: a resonator with a magic stone type stays a resonator."""

    def stats(record: CardRecord) -> dict[str, object]:
        return dict(stats_from_record(record))

    basic = _record("Light Magic Stone", ["Magic Stone", "Basic Magic Stone", "Light Magic Stone"])
    assert stats(basic)["will"] == "light" and stats(basic)["type"] == "magic stone"
    dual = _record("Black Silence", ["Special Magic Stone", "Magic Stone"], "{Rest}: Produce {G} or {B}.")
    assert stats(dual)["will"] == "wind,darkness"
    both = _record("Dark Depth", ["Special Magic Stone"], "[Activate] {Rest}: Produce {B} and {U}.")
    assert stats(both)["will"] == "darkness+water"
    horn = _record("Horn", ["Regalia"], "{Rest}: Produce {1}.")
    assert stats(horn)["will"] == "void"
    priest = _record("Elvish Priest", ["Resonator"], "[Activate] {Rest}: Produce {G}.", atk=100, defense=100)
    assert stats(priest)["will"] == "wind"
    ziz = _record("Ziz", ["Resonator"], "{Rest}: Produce one will of any attribute.")
    assert stats(ziz)["will"] == "any"
    angel = _record("Angel", ["Resonator"], 'Magic stones you control gain "{Rest}: Produce {W}".')
    assert "will" not in stats(angel)
    eclipse = _record("Eclipse", ["Special Magic Stone"], "{Rest}, pay 200 life: Search your deck.")
    assert stats(eclipse)["will"] == "none"
    soldier = _record("Fiery Soldier", ["Resonator", "Fire Magic Stone"], "Treat this as a fire magic stone.")
    assert stats(soldier)["type"] == "resonator" and "will" not in stats(soldier)
    ruler = CardRecord(
        game="forceofwill",
        code="X-002",
        name="Faria",
        types=["Ruler"],
        faces=[CardFace(name="Faria J", types=["J-Ruler"])],
    )
    assert stats(ruler)["j_ruler"] == 1
    assert "j_ruler" not in stats(_record("Grimm", ["Ruler"]))


def test_a_basic_magic_stone_produces_its_will_202_4e() -> None:
    """202.4e: a basic Light Magic Stone rests to produce light will, not another will."""
    stone = card("Light Magic Stone", type="magic stone", attribute="void", will="light")
    state = play(_main(_alice(stone=stone)), CallStone, 0)
    at = FIELD0
    with pytest.raises(
        ActionRefused, match=r"^Light Magic Stone produces light, not fire \(202\.4e, 907\)\.$"
    ):
        step(state, Produce, 0, cards=(at,), will="fire")
    state = play(state, Produce, 0, cards=(at,))
    assert pool_of(state.board)[0] == ["light"]


def test_a_dual_stone_produces_one_of_its_wills_or_both_907() -> None:
    """907: a will ability produces what its text says: one of "{G} or {B}", both of "{B} and {U}"."""
    either = card("Black Silence", type="magic stone", will="wind,darkness")
    state = play(_main(_alice(stone=either)), CallStone, 0)
    at = FIELD0
    with pytest.raises(
        ActionRefused, match=r"^Say which will Black Silence produces: wind or darkness \(907\)"
    ):
        step(state, Produce, 0, cards=(at,))
    assert pool_of(play(state, Produce, 0, cards=(at,), will="darkness").board)[0] == ["darkness"]
    both = card("Dark Depth", type="magic stone", will="darkness+water")
    state = play(_main(_alice(stone=both)), CallStone, 0)
    state = play(state, Produce, 0, cards=(FIELD0,))
    assert pool_of(state.board)[0] == ["darkness", "water"]


def test_a_stone_that_produces_one_will_or_two_at_once_907() -> None:
    """907: "{R} or {R}{R}" (Majin Stone): ``will`` names the single will, ``wills`` the two at once."""
    majin = card("Majin Stone", type="magic stone", will="fire,fire+fire")
    state = play(_main(_alice(stone=majin)), CallStone, 0)
    with pytest.raises(ActionRefused, match=r"^Say which will Majin Stone produces: fire or fire and fire"):
        step(state, Produce, 0, cards=(FIELD0,))
    assert pool_of(play(state, Produce, 0, cards=(FIELD0,), will="fire").board)[0] == ["fire"]
    assert pool_of(play(state, Produce, 0, cards=(FIELD0,), wills=("fire", "fire")).board)[0] == [
        "fire",
        "fire",
    ]
    with pytest.raises(ActionRefused, match=r"^Majin Stone produces fire or fire and fire, not water"):
        step(state, Produce, 0, cards=(FIELD0,), wills=("water",))


def test_a_magic_stone_without_a_will_ability_produces_nothing_202_4d() -> None:
    """202.4d: a magic stone produces will only through a will ability (Eclipse has none)."""
    state = play(_main(_alice(stone=card("Eclipse", type="magic stone", will="none"))), CallStone, 0)
    with pytest.raises(ActionRefused, match=r"^Eclipse has no will ability \(202\.4d\)"):
        step(state, Produce, 0, cards=(FIELD0,), will="fire")


def test_a_resonator_produces_will_only_through_a_will_ability_907_1() -> None:
    """907.1: a non-stone card produces will only through a will ability: a plain resonator can't be
    rested for will; one whose text has "[Rest]: Produce" can; one given a will ability by an effect
    (left to the players) produces the will they name."""
    priest = resonator("Elvish Priest", 100, 100, will="wind")
    state = _main(_alice(priest))
    state = place(place(state, "Alice Knight 05"), "Elvish Priest")
    knight = find(state, "Alice Knight 05")
    with pytest.raises(
        ActionRefused,
        match=r"^Alice Knight 05 is not a magic stone and its card data shows no will ability with \[Rest\] "
        r"in its cost \(907\.1\)",
    ):
        step(state, Produce, 0, cards=(knight,), will="fire")
    state, events = step(state, Produce, 0, cards=(find(state, "Elvish Priest"),))
    assert pool_of(state.board)[0] == ["wind"]
    assert render_all(events, state, 1) == ["Alice rests Elvish Priest to produce wind will."]
    with pytest.raises(ActionRefused, match=r"^Say which will Alice Knight 05 produces \(907\)\.$"):
        step(state, Produce, 0, cards=(knight,), granted=True)
    state = play(state, Produce, 0, cards=(knight,), granted=True, will="fire")
    assert pool_of(state.board)[0] == ["wind", "fire"]


def test_a_resonator_that_entered_this_turn_cant_rest_for_will_905_3_1108_2() -> None:
    """905.3: an ability with [Rest] in its cost of a J/resonator is played only if it has been under
    your control continuously since the start of the turn; 1108.2: [Swiftness] lifts this. The next
    turn the resonator may rest, also in its opponent's turn."""
    priest = resonator("Elvish Priest", 100, 100, will="wind")
    swift = resonator("Swift Priest", 100, 100, will="wind", swiftness=1)
    state = _main(_alice(priest, swift))
    state = place(place(state, "Elvish Priest", new=True), "Swift Priest", new=True)
    at = find(state, "Elvish Priest")
    with pytest.raises(
        ActionRefused,
        match=r"^Elvish Priest has not been under your control since the start of the turn: it can't use "
        r"an ability with \[Rest\] in its cost without \[Swiftness\] \(905\.3, 1108\.2\)\.$",
    ):
        step(state, Produce, 0, cards=(at,))
    state = play(state, Produce, 0, cards=(find(state, "Swift Priest"),))
    assert pool_of(state.board)[0] == ["wind"]
    assert pool_of(play(state, Produce, 0, cards=(at,), swiftness=True).board)[0] == ["wind", "wind"]
    state = next_turn_main(state)
    assert state.board.active == 1
    state = play(state, PassPriority, 1)
    state = play(state, Produce, 0, cards=(find(state, "Elvish Priest"),))
    assert pool_of(state.board)[0] == ["wind"]


def test_the_opponents_new_resonator_cant_rest_for_will_either_905_3() -> None:
    """905.3 holds for both players: the non-turn player's resonator that entered during this turn can't
    rest for will; one they controlled since the start of the turn can."""
    bob = deck("Bob")
    bob["deck"][:2] = [
        resonator("Old Priest", 100, 100, will="wind"),
        resonator("New Priest", 100, 100, will="wind"),
    ]
    state = _main(deck("Alice"), bob)
    state = place(place(state, "Old Priest"), "New Priest", new=True)
    state = play(state, PassPriority, 0)
    with pytest.raises(ActionRefused, match=r"^New Priest has not been under your control since the start"):
        step(state, Produce, 1, cards=(find(state, "New Priest"),))
    state = play(state, Produce, 1, cards=(find(state, "Old Priest"),))
    assert pool_of(state.board)[1] == ["wind"]


def test_without_card_data_the_player_names_the_will() -> None:
    """Without card data (no type) the definition can't tell a will ability: the card is rested for the
    will its controller names (or its single attribute)."""
    state = _main(_alice(CardRef("Plain Card")))
    state = place(state, "Plain Card")
    at = find(state, "Plain Card")
    with pytest.raises(ActionRefused, match=r"^Say which will Plain Card produces \(907\)\.$"):
        step(state, Produce, 0, cards=(at,))
    assert pool_of(play(state, Produce, 0, cards=(at,), will="water").board)[0] == ["water"]


def test_will_coin_of_a_ruler_without_attribute_produces_void_1119_2a() -> None:
    """1119.2a: when the ruler has no attribute (by its card data) the will coin produces void."""
    bob = deck("Bob")
    bob["ruler_area"] = [card("Bob Ruler", type="ruler", j_ruler=1)]
    state = next_turn_main(_main(deck("Alice"), bob))
    with pytest.raises(
        ActionRefused, match=r"one of your ruler's attributes: void \(1119\.2; void for a ruler"
    ):
        step(state, Produce, 1, coin=True, will="fire")
    state = play(state, Produce, 1, coin=True)
    assert pool_of(state.board)[1] == ["void"]
