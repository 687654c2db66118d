"""Every card read takes the server it is for: a server's own card is found in that server's match
decks, tournament decklist checks, card buttons and saved card searches, and nowhere else; a shared
card is found from every server. Over a real SQLite file, with three servers: ``HOME`` and ``RIVAL``
have an own card of the same name (separate cards), ``ELSEWHERE`` has none."""

from __future__ import annotations

import json

from bot import actions
from bot.app import App
from bot.render.panel import Target
from bot.reply import Kind
from bot.services.cards import CardView
from bot.services.match_decks import match_deck
from bot.services.tournaments import Actor
from engine.games import GAMES

HOME, RIVAL, ELSEWHERE = 111, 222, 333
GATE = GAMES["gateruler"]
DECK = "Deck:\n4 Home Unit\n4 Shared Unit\n"


def _file(*cards: dict[str, object]) -> bytes:
    return json.dumps({"cards": list(cards)}).encode()


def _unit(code: str, name: str, level: int, atk: int, text: str = "") -> dict[str, object]:
    stats = {"level": level, "atk": atk}
    return {"code": code, "name": name, "types": ["Unit"], "text": text, "stats": stats}


async def _cards(app: App) -> dict[str, int]:
    """The shared card, HOME's and RIVAL's own "Home Unit"; their ids by owner."""
    await app.cards.import_data(GATE, "json", _file(_unit("SH-1", "Shared Unit", 1, 2)), "shared.json")
    home = _file(_unit("H-1", "Home Unit", 2, 5, "Ours."))
    await app.cards.import_data(GATE, "json", home, "home.json", guild_id=HOME)
    rival = _file(_unit("R-1", "Home Unit", 3, 9, "Theirs."))
    await app.cards.import_data(GATE, "json", rival, "rival.json", guild_id=RIVAL)
    ids = {}
    for owner, guild in (("shared", None), ("home", HOME), ("rival", RIVAL)):
        name = "shared unit" if owner == "shared" else "home unit"
        found = await app.cards.get(GATE, name, guild)
        assert isinstance(found, CardView), owner
        ids[owner] = found.stored.id
    assert len(set(ids.values())) == 3
    return ids


async def test_a_match_deck_carries_the_stats_of_its_servers_cards(app: App) -> None:
    await _cards(app)
    stats = {}
    for guild in (HOME, RIVAL, ELSEWHERE, None):
        deck = (await match_deck(app.cards, "gateruler", DECK, guild))["deck"]
        stats[guild] = {c.name: (c.stat("level"), c.stat("atk")) for c in deck}
    assert stats[HOME] == {"Home Unit": (2, 5), "Shared Unit": (1, 2)}
    assert stats[RIVAL] == {"Home Unit": (3, 9), "Shared Unit": (1, 2)}
    for guild in (ELSEWHERE, None):  # another server's card carries nothing there
        assert stats[guild] == {"Home Unit": (None, None), "Shared Unit": (1, 2)}


async def test_a_decklist_check_reads_the_events_servers_cards(app: App) -> None:
    await _cards(app)
    summaries = {}
    for guild in (HOME, ELSEWHERE):
        organizer = Actor("900", guild, is_organizer=True)
        event = await app.tournaments.create_event(organizer, "Friday", "gateruler", seed="s")
        await app.tournaments.register(Actor("1", guild), event.id, "P1")
        deck = await app.tournaments.submit_decklist(Actor("1", guild), event.id, DECK)
        summaries[guild] = deck.summary
    assert "not in the imported card data" not in summaries[HOME]
    assert "cards not in the imported card data: Home Unit" in summaries[ELSEWHERE]
    assert "Shared Unit" not in summaries[ELSEWHERE]


async def test_a_card_button_opens_only_a_card_its_server_sees(app: App) -> None:
    ids = await _cards(app)
    home = await actions.open_target(app, Target("card", card_id=ids["home"]), HOME)
    assert home.kind is Kind.ANSWER and home.panel.title.startswith("Home Unit")
    assert "Ours." in home.panel.body
    for guild in (RIVAL, ELSEWHERE, None):
        elsewhere = await actions.open_target(app, Target("card", card_id=ids["home"]), guild)
        assert elsewhere.kind is Kind.REFUSAL, guild
        assert elsewhere.panel.body == "That card is no longer in the card data this server sees."
    for guild in (HOME, RIVAL, ELSEWHERE, None):
        shared = await actions.open_target(app, Target("card", card_id=ids["shared"]), guild)
        assert shared.kind is Kind.ANSWER and shared.panel.title.startswith("Shared Unit"), guild


async def test_a_saved_card_search_pages_only_in_its_server(app: App) -> None:
    own = [_unit(f"H-{n}", f"Home Knight {n:02}", 1, n, "Ours.") for n in range(12)]
    await app.cards.import_data(GATE, "json", _file(*own), "home.json", guild_id=HOME)
    first = await actions.cards_search(app, HOME, "gateruler", "text:ours")
    search_id = next(b.target.search_id for b in first.panel.buttons if b.slot == "next")
    assert search_id
    page = Target("cards", 1, search_id=search_id)
    there = await actions.open_target(app, page, HOME)
    assert there.kind is Kind.ANSWER and "Home Knight 10" in there.panel.body
    for guild in (RIVAL, None):
        stolen = await actions.open_target(app, page, guild)
        assert stolen.kind is Kind.REFUSAL and "Home Knight" not in stolen.panel.body
        assert stolen.panel.body == "That search was made in another server; run /cards search here."
