"""Decklists into match decks with the real public card data: the cards carry the stats their game's
procedures automate with, and a match started from them uses those stats (Vanguard's first vanguard,
5.4.3, is the deck's grade 0 card by its card data)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.app import App
from bot.services.match_decks import match_deck
from bot.services.matches import MatchService
from engine.decks import DeckError
from engine.games import resolve_game
from engine.match.games import card_stats, game_definition
from tests.engine.match.games.gateruler.scenario import NUMBERS


async def _records(app: App, game: str, limit: int = 400) -> list[Any]:
    rows = await app.cards.repo.name_rows(game)
    out = []
    for card_id, *_ in rows[:limit]:
        stored = await app.cards.repo.card(card_id)
        assert stored is not None
        out.append(stored.card)
    return out


async def test_vanguard_cards_carry_their_stats_and_the_match_uses_them(cards_app: App) -> None:
    records = await _records(cards_app, "vanguard")
    names = Counter(r.name for r in records)
    unique = [r for r in records if names[r.name] == 1]
    starter = next(r for r in unique if r.stats.get("grade") == 0 and not r.stats.get("trigger"))
    grade3 = next(r for r in unique if r.stats.get("grade") == 3 and r.stats.get("power"))
    grade1 = next(r for r in unique if r.stats.get("grade") == 1 and r.stats.get("shield"))
    text = f"1 {starter.name}\n4 {grade3.name}\n45 {grade1.name}\n2 Not A Printed Card\n"
    decks = await match_deck(cards_app.cards, "vanguard", text, None)
    main = decks["deck"]
    assert len(main) == 52
    big = next(c for c in main if c.name == grade3.name)
    assert dict(big.stats) == dict(card_stats("vanguard")(grade3))
    assert big.stat("grade") == 3 and big.stat("power") == grade3.stats["power"]
    assert next(c for c in main if c.name == grade1.name).stat("shield") == grade1.stats["shield"]
    unknown = [c for c in main if c.name == "Not A Printed Card"]
    assert len(unknown) == 2 and not any(c.stats for c in unknown)

    service = MatchService(cards_app.db)
    spec = game_definition("vanguard").spec
    _, state = await service.create(spec, ["Ann", "Ben"], [decks, decks])
    first = [
        state.match.table[state.board.cards[c].ref]
        for seat in (0, 1)
        for c in state.board.zones[state.match.slot_of[("vc", seat)]]
    ]
    assert [ref.name for ref in first] == [starter.name, starter.name], "5.4.3: the grade 0 card"


async def test_a_list_that_cannot_be_read_names_its_line(cards_app: App) -> None:
    with pytest.raises(DeckError, match='Line 2: "four Wingal" is not a card line'):
        await match_deck(cards_app.cards, "vanguard", "4 Blaster Blade\nfour Wingal\n", None)


async def test_a_gate_ruler_rulers_numbers_come_from_card_data(app: App, tmp_path: Path) -> None:
    """5-3b: with the ruler's numbers in its card data, the preparation runs without anyone entering
    them: life, zone counts and the Setup's hand come from the imported record."""
    numbers = {"life": 7, **NUMBERS}
    cards = [{"code": "T-R1", "name": "1. T - Test Ruler", "types": ["Ruler"], "stats": numbers}]
    cards += [
        {"code": f"T-U{n}", "name": f"Test Unit {n}", "types": ["Unit"], "stats": {"level": 1, "atk": 2}}
        for n in range(10)
    ]
    path = tmp_path / "rulers.json"
    path.write_text(json.dumps({"format": "arbiter-cards/1", "game": "gateruler", "cards": cards}))
    await app.cards.import_path(resolve_game("gateruler"), "json", path)
    text = "Ruler: 1. T - Test Ruler\nDeck:\n" + "".join(f"3 Test Unit {n}\n" for n in range(10))
    decks = await match_deck(app.cards, "gateruler", text, None)
    ruler = decks["ruler"][0]
    assert {k: ruler.stat(k) for k in numbers} == numbers
    assert decks["deck"][0].stat("level") == 1 and decks["deck"][0].stat("atk") == 2

    service = MatchService(app.db)
    _, state = await service.create(game_definition("gateruler").spec, ["Ann", "Ben"], [decks, decks])
    assert state.board.data("started"), "no ruler numbers left to enter (5-3b)"
    for seat in (0, 1):
        hand = state.board.zones[state.match.slot_of[("hand", seat)]]
        assert len(hand) >= numbers["hand"]
