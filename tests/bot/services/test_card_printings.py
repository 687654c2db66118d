"""One card per name in search results, its printings listed on the card: Force of Will reprints and
the two Duel Masters data sets (the English TCG file and the fan-translated OCG file), over the real
public data sets in a real SQLite file; a server's own printing is seen only in that server."""

from __future__ import annotations

import json
from collections import Counter

from bot.app import App
from bot.render.cards import card_panel
from bot.services.cards import CardView
from engine.cards.names import normalise_name
from engine.games import GAMES

SERVER, OTHER = 111, 222


async def _all_names(app: App, game: str, query: str) -> list[str]:
    names: list[str] = []
    page = 0
    while True:
        results = await app.cards.search(GAMES[game], query, page=page, per_page=50)
        names += [stored.card.name for stored in results.cards]
        if (page + 1) * 50 >= results.total:
            assert len(names) == results.total
            return names
        page += 1


async def test_search_lists_each_card_once_across_reprints_and_data_sets(cards_app: App) -> None:
    alice = await _all_names(cards_app, "forceofwill", "alice")
    assert alice.count("Alice, Girl of the Lake") == 1
    bolshack = await _all_names(cards_app, "duelmasters", 'name:"bolshack dragon"')
    assert bolshack.count("Bolshack Dragon") == 1
    for names in (alice, bolshack, await _all_names(cards_app, "duelmasters", "civ:fire cost<=3")):
        repeated = [n for n, count in Counter(normalise_name(n) for n in names).items() if count > 1]
        assert not repeated, repeated
    async with cards_app.db.connection.execute(
        "SELECT count(*), count(DISTINCT norm_name) FROM cards WHERE game = 'forceofwill' AND guild_id = 0"
        " AND id IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH '\"alice\"')"
    ) as cursor:
        row = await cursor.fetchone()
    assert row is not None and row[0] > row[1] == len(alice), "the data has reprints; results don't"


async def test_a_card_lists_its_printings_from_both_duel_masters_sets(cards_app: App) -> None:
    view = await cards_app.cards.get(GAMES["duelmasters"], "Bolshack Dragon")
    assert isinstance(view, CardView)
    assert view.printings[0].card_id == view.stored.id
    assert {p.source for p in view.printings} == {"dm-tcg", "dm-cockatrice"}
    assert "DM-01 69/110" in {p.code for p in view.printings}
    fields = dict(card_panel(view).fields)
    listed = fields[f"Printings ({len(view.printings)})"]
    assert "DM-01 69/110" in listed and "dm-cockatrice" in listed
    fow = await cards_app.cards.get(GAMES["forceofwill"], "alice girl of the lake")
    assert isinstance(fow, CardView) and len(fow.printings) >= 2
    assert len({p.code for p in fow.printings}) == len(fow.printings)


async def test_a_servers_own_printing_is_seen_only_there(cards_app: App) -> None:
    dm = GAMES["duelmasters"]
    own = {
        "cards": [
            {
                "code": "HOUSE-001",
                "name": "Bolshack Dragon",
                "types": ["Creature"],
                "cost": "6",
                "stats": {"civilizations": ["Fire"], "power": 6000, "race": ["Armored Dragon"]},
                "text": "Double breaker",
                "set": "House",
            }
        ]
    }
    await cards_app.cards.import_data(dm, "json", json.dumps(own).encode(), "house.json", guild_id=SERVER)
    here = await cards_app.cards.get(dm, "Bolshack Dragon", SERVER)
    there = await cards_app.cards.get(dm, "Bolshack Dragon", OTHER)
    assert isinstance(here, CardView) and isinstance(there, CardView)
    assert "HOUSE-001" in {p.code for p in here.printings}
    assert "HOUSE-001" not in {p.code for p in there.printings}
    assert (await _all_names(cards_app, "duelmasters", 'name:"bolshack dragon"')).count(
        "Bolshack Dragon"
    ) == 1
    results = await cards_app.cards.search(dm, "set:house", guild_id=SERVER)
    assert [c.card.code for c in results.cards] == ["HOUSE-001"]
