"""Card text in one step (engine.match.offers, each game's ``card_text`` module): what card data names a
card's text does, the card text offers of a card being carried out first, each taken in one press with
its destination fixed, and nothing of them depending on what the seat does not know."""

from __future__ import annotations

import pytest

from engine.cards.model import CardRecord
from engine.match.actions import NextStep, PassPriority, SetStops
from engine.match.apply import apply
from engine.match.games import card_stats
from engine.match.games.duelmasters.actions import UseCard
from engine.match.games.gateruler.actions import GrPlay
from engine.match.offers import EFFECTS, Offer, PickNeed, offers
from engine.match.state import CardRef, MatchState
from engine.match.stops import automatic_passes
from tests.engine.match.games.duelmasters.helpers import At, card, creature, deck, place, start
from tests.engine.match.games.gateruler import scenario as gate_ruler

SHIELD_TRIGGER = (
    "Shield trigger (When this spell is put into your hand from your shield zone, you may cast it."
)


def _effects(game: str, text: str, **fields: object) -> set[str]:
    data = {"game": game, "code": "T-1", "name": "Test Card", "text": text, **fields}
    stats = dict(card_stats(game)(CardRecord.model_validate(data)))
    return set(str(stats.get(EFFECTS, "")).split())


@pytest.mark.parametrize(
    ("game", "text", "fields", "named"),
    [
        (
            "duelmasters",
            "Destroy 1 of your opponent's creatures that has power 2000 or less.",
            {"types": ["Spell"]},
            {"destroy"},
        ),
        ("duelmasters", "Draw 2 cards.", {"types": ["Spell"]}, {"draw"}),
        (
            "duelmasters",
            f"{SHIELD_TRIGGER})\nSearch your deck. You may take a creature from your deck, show that "
            "creature to your opponent, and put it into your hand. Then shuffle your deck.",
            {"types": ["Spell"]},
            {"search"},
        ),
        (
            "duelmasters",
            "Slayer (Whenever this creature battles, destroy the other creature after the battle.)",
            {"types": ["Creature"]},
            set(),
        ),
        (
            "duelmasters",
            "Destroy one of your opponent's creatures that has power 2000 or less.\nCharger (After you cast "
            "this spell, put it into your mana zone instead of your graveyard.)",
            {"types": ["Spell"]},
            {"destroy", "charger"},
        ),
        (
            "vanguard",
            "[AUTO]:When this unit is placed on (RC), COST [Counter Blast (1)], and draw a card.",
            {"types": ["Normal Unit"], "stats": {"grade": 2, "power": 9000}},
            {"counter-blast", "draw"},
        ),
        (
            "vanguard",
            "[ACT](RC):COST [Soul Blast (1) & Retire this unit], choose one of your opponent's rear-guards, "
            "and retire it.",
            {"types": ["Normal Unit"], "stats": {"grade": 3, "power": 13000}},
            {"soul-blast", "retire"},
        ),
        ("forceofwill", "Destroy target resonator.", {"types": ["Chant"]}, {"destroy"}),
        ("forceofwill", "{Rest}: Produce {R}.", {"types": ["Magic Stone"]}, set()),
        (
            "forceofwill",
            "Search your deck for a resonator, reveal it and put it into your hand. Then shuffle your deck.",
            {"types": ["Chant"]},
            {"search"},
        ),
        (
            "gateruler",
            "Timing: Standard Action\nDestroy 1 unit. Draw 1 card.",
            {"types": ["Event"]},
            {"destroy", "draw"},
        ),
    ],
)
def test_card_data_names_what_a_cards_text_does(
    game: str, text: str, fields: dict[str, object], named: set[str]
) -> None:
    """The ``effects`` stat: the words of a game's card text for what it does, its keywords' reminder text
    (in parentheses) and a cost's {Rest} left out."""
    assert _effects(game, text, **fields) == named


# Duel Masters: a removal spell, a draw spell, a search ----------------------------------------------

HAMMER = card("Crimson Test Hammer", type="spell", cost=2, civilizations="fire", effects="destroy")
STREAM = card("Energy Test Stream", type="spell", cost=2, civilizations="fire", effects="draw")
GATE = card("Dimension Test Gate", type="spell", cost=2, civilizations="fire", effects="search")
SMALL = creature("Small Test Beast", 1000, cost=1)


def _cast(name: str, *, theirs: int = 1) -> tuple[MatchState, int]:
    """Alice in her main step with two fire mana and ``name`` in her hand; Bob with ``theirs`` creatures."""
    state = start((deck(HAMMER, STREAM, GATE, SMALL, SMALL), deck(*[SMALL] * theirs)))
    game = At(state)
    for _ in range(2):
        game.place(game.find("Filler Beast", "deck", 0), "mana", 0, orientation=0)
    for _ in range(theirs):
        game.place(game.find("Small Test Beast", "deck", 1), "battle_zone", 1, orientation=0)
    state, spell = place(game.state, name, "hand", 0)
    state, _ = apply(state, NextStep(actor=0, version=state.version))
    use = next(offer for offer in offers(state, 0) if offer.type == "dm_use" and offer.label == "Use")
    index = state.zone("hand", 0).index(spell)
    choices = {"card": next(at for at in use.needs[0].options if at.index == index)}  # type: ignore[union-attr]
    mana = use.needs[1]
    choices["mana"] = mana.options[:2]  # type: ignore[union-attr]
    state, _ = apply(state, use.build(0, state.version, choices))
    return state, spell


def _card_text(state: MatchState, seat: int = 0) -> list[Offer]:
    return [offer for offer in offers(state, seat) if offer.group == "card text"]


def test_a_removal_spell_puts_destroy_first_and_destroys_in_one_press() -> None:
    """701.6a: the spell cast, its text's "destroy" first among the card text offers; the creature chosen
    goes to its owner's graveyard in one press, and the card text stays on top while it is carried out."""
    state, spell = _cast("Crimson Test Hammer")
    listed = offers(state, 0)
    first = _card_text(state)[0]
    assert first.label == "Destroy Bob's creatures" and first.effect == "destroy", [o.label for o in listed]
    groups = [o.group for o in listed]
    assert groups[0] == "now" and next(g for g in groups if g != "now") == "card text", "after the decision"
    target = state.zone("battle_zone", None)[0]
    state, _ = apply(state, first.build(0, state.version, {"cards": first.needs[0].options[:1]}))  # type: ignore[union-attr]
    assert target in state.zone("graveyard", 1) and spell in state.zone("graveyard", 0)
    assert _card_text(state), "the card text offers stay first while it is carried out"
    state, _ = apply(state, NextStep(actor=0, version=state.version, to="attack_declaration"))
    assert not _card_text(state), "once the player moves on, they are under More"


def test_a_draw_spell_and_a_search_by_name_take_one_press_each() -> None:
    """114, 701.10a-701.11a: a draw spell puts "Draw cards" first; a search, "Search your deck for a card",
    whose choice is a name of the player's decklist (which they know, not where its cards are), takes it
    into the hand and shuffles the deck."""
    state, _ = _cast("Energy Test Stream")
    draw = _card_text(state)[0]
    assert draw.label == "Draw cards"
    hand = len(state.zone("hand", 0))
    after, _ = apply(state, draw.build(0, state.version, {"count": 2}))
    assert len(after.zone("hand", 0)) == hand + 2

    state, _ = _cast("Dimension Test Gate")
    search = _card_text(state)[0]
    assert search.label == "Search your deck for a card"
    names = search.needs[0]
    assert isinstance(names, PickNeed)
    assert set(names.options) == {name for name, _ in state.match.decklists[0]}
    deck_before = len(state.zone("deck", 0))
    after, _ = apply(state, search.build(0, state.version, {"name": "Small Test Beast"}))
    assert state.ref(after.zone("hand", 0)[-1]).name == "Small Test Beast"
    assert len(after.zone("deck", 0)) == deck_before - 1


def test_a_creature_whose_data_names_no_effect_opens_no_card_text() -> None:
    """A creature summoned whose card data names no effect leaves the card text offers under More."""
    state = start((deck(SMALL), deck()))
    game = At(state)
    game.place(game.find("Filler Beast", "deck", 0), "mana", 0, orientation=0)
    state, beast = place(game.state, "Small Test Beast", "hand", 0)
    state, _ = apply(state, NextStep(actor=0, version=state.version))
    mana = (At(state).at(state.zone("mana", 0)[0]),)
    state, _ = apply(state, UseCard(actor=0, version=state.version, card=At(state).at(beast), mana=mana))
    assert not _card_text(state)
    assert any(offer.effect == "draw" and offer.group == "more" for offer in offers(state, 0))


def test_a_gate_ruler_event_resolved_in_the_passes_after_its_play_opens_its_card_text() -> None:
    """14-4c: Alice plays an event and the match passes for both (Bob has no stop at his opponent's card on
    top of the gate), so it resolves out of the gate within her play's run of passes: its card text is
    first in her offers, "Draw cards" as its data names; Bob's stay under More. Her next pass ends it."""
    stats = (("cnt", 0), (EFFECTS, "draw"), ("level", 0), ("timing", "standard"), ("type", "event"))
    event = CardRef("Test Insight", "T-E1", stats)
    state = gate_ruler.start([{**gate_ruler.deck_of("A"), "deck": [event] * 30}, gate_ruler.deck_of("B")])
    state = gate_ruler.do(state, SetStops, 1, remove="opp_gate")
    state = gate_ruler.do(state, GrPlay, 0, card=gate_ruler.at(state, "hand", 0, state.zone("hand", 0)[0]))
    run = automatic_passes(state)
    assert run and all(action.auto for action, _, _ in run)
    state = run[-1][1]
    assert state.zone("graveyard", 0) and not state.zone("gate", None), "it resolved out of the gate"
    assert state.last_action is not None and state.last_action.actor == 1, "Bob's pass, made by the match"
    assert [offer.label for offer in _card_text(state)][:1] == ["Draw cards"]
    assert not _card_text(state, 1)
    state = gate_ruler.do(state, PassPriority, 0)
    assert not _card_text(state), "once she passes, they are under More"
