"""Taking an offer by typing its choices (``/match take``, the console): a choice left out is
refused with the field as it is typed."""

from __future__ import annotations

import random

from bot.actions import matches as ma
from bot.app import App
from engine.match.games import game_definition
from engine.match.offers import offers

ANN, BEN = ma.Player(1, "Ann"), ma.Player(2, "Ben")


async def test_a_typed_offer_missing_a_choice_says_how_to_give_it(app: App) -> None:
    """Gate Ruler's ruler numbers (5-3b) typed with /match take and one left out: the refusal names
    the field as it is typed, not only what is missing."""
    definition = game_definition("gateruler")
    rng = random.Random(0)
    decks = [definition.random_deck(rng) for _ in range(40)]
    bare = [deck for deck in decks if "attack_zones" not in dict(deck["ruler"][0].stats)][:2]
    match_id, state = await app.matches.create(
        definition.spec, ["Ann", "Ben"], bare, player_ids=[ANN.user_id, BEN.user_id], guild_id=1
    )
    listed = offers(state, 0)
    number, entry = next((n, offer) for n, offer in enumerate(listed, 1) if offer.type == "gr_ruler")
    first, second = entry.needs[0], entry.needs[1]
    reply = await ma.match_take(app, match_id, ANN, number, {first.field: "2"}, where=1)
    assert reply.refused and f"Give the {second.label} too, as {second.field}:NUMBER." == reply.body
    assert (await app.matches.state(match_id)).version == state.version
