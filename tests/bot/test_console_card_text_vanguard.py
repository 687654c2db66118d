"""Cardfight!! Vanguard card text in a few presses, in the offline console as its players type it: a unit
whose text retires an opponent's rear-guard, one that draws and one that searches the deck are each
carried out in at most two commands through the card text offers, the one the card's data names first
under "Card text", its destination fixed.

Each match is started with decks made of card data records (the D series data's texts, read by the
game's ``stats_from_record`` as a decklist's cards are; the first vanguard a grade 0 of the deck), then
played as its players type it (``/match hand``, ``/match take ID N field:choice``) up to the unit whose
"when placed" ability is carried out: just called to a rear-guard circle, or just ridden. From there the
commands are counted: each one is read off the panel the previous command answered with, as a player
reads it, with no other look (:mod:`tests.bot.console_table`)."""

from __future__ import annotations

from typing import Any

from bot.app import App
from engine.match.state import CardRef
from tests.bot.console_table import MOST, Table, first_card_text, open_table, option_naming, ref, zone_names

VG = "vanguard"


def unit(name: str, grade: int, power: int, text: str, nation: str) -> CardRef:
    """A normal unit as the D series data gives it (its shield 5000 below grade 3, critical 1)."""
    stats: dict[str, Any] = {"grade": grade, "power": power, "shield": 5000, "critical": 1, "nation": nation}
    return ref(VG, name, text, types=["Normal Unit"], stats=stats)


PHOVI = unit(
    "Cardinal Fang, Phovi",
    0,
    6000,
    "[AUTO]:When this unit is rode upon, if you went second, draw a card.",
    "Brandt Gate",
)
HARDY = unit(
    "Dragritter, Hardy",
    1,
    6000,
    "[AUTO]:When this unit is placed on (RC), COST [Counter Blast (1)], choose one of your opponent's back "
    "row rear-guards, and retire it.",
    "Dragon Empire",
)
MELCOCO = unit(
    "Magic of Advancement, MelCoCo",
    1,
    8000,
    "[AUTO]:When this unit is placed on (RC), COST [Soul Blast (1)], draw a card, choose a card from your "
    "hand, and discard it.",
    "Keter Sanctuary",
)
ROUTIS = unit(
    "Cardinal Noid, Routis",
    1,
    8000,
    "[AUTO]:When this unit is placed on (VC), search your deck for up to one World card, reveal it and put "
    "it into your hand, and shuffle your deck.\n[CONT](RC):During the battle this unit attacked or "
    "boosted, if your World is Dark Night or Abyssal Dark Night, this unit gets [Power]+2000.",
    "Brandt Gate",
)
MOONLIT = ref(
    VG,
    "Hollowing Moonlit Night",
    "(After a Set Order is played, put it into your Order Zone.)\nPlay this with COST [Soul Blast (1)]!\n"
    "[AUTO]:When this card is put into order zone, draw a card.\n[CONT](Order Zone):If your order zone only "
    "has World cards, the following effects are active according to the number of cards in your order "
    "zone.\n•1 card ‐ Your World becomes Dark Night.\n•2 or more cards ‐ Your World becomes Abyssal Dark "
    "Night.",
    types=["Set Order"],
    stats={"grade": 2, "power": 0, "shield": 0, "critical": 0, "nation": "Brandt Gate"},
)


async def ride(table: Table, who: str, card: CardRef) -> str:
    """``who`` rides ``card`` from their hand."""
    panel = await table.read(who)
    return await table.take(who, "Ride", read=False, card=str(option_naming(panel, "Ride", card.name)))


async def call(table: Table, who: str, card: CardRef, circle: str) -> str:
    """``who`` calls ``card`` from their hand to a rear-guard circle (its option number, 1 to 5)."""
    panel = await table.read(who)
    return await table.take(
        who, "Call", read=False, card=str(option_naming(panel, "Call", card.name)), circle=circle
    )


async def open_vanguard(app: App, ann: list[CardRef], ben: list[CardRef]) -> Table:
    """Both players keep their hands; Ann goes first."""
    table = await open_table(app, VG, [{"deck": ann}, {"deck": ben}])
    await table.take("Ann", "Keep")
    await table.take("Ben", "Keep")
    return table


async def test_vanguard_unit_retiring_a_rear_guard(app: App) -> None:
    deck = [PHOVI] * 4 + [HARDY] * 46
    table = await open_vanguard(app, deck, deck)
    await ride(table, "Ann", HARDY)
    await table.take("Ann", "Battle phase")  # the first turn has no attack: it ends
    await ride(table, "Ben", HARDY)
    await call(table, "Ben", HARDY, "2")  # left back
    await table.take("Ben", "Battle phase")
    await table.take("Ben", "No attack")
    await table.take("Ann", "No ride")
    await call(table, "Ann", HARDY, "1")  # left front
    assert first_card_text(table.last["Ann"]) == "Retire Ben's rear-guards"
    await table.carry_out("Ann", "Retire Ben's rear-guards", cards="1")
    state = await table.state(app)
    assert zone_names(state, "drop", 1) == ["Dragritter, Hardy"]
    assert not state.zone("rc_lb", 1)
    assert len(table.counted) <= MOST


async def test_vanguard_unit_drawing(app: App) -> None:
    deck = [PHOVI] * 4 + [MELCOCO] * 46
    table = await open_vanguard(app, deck, deck)
    await ride(table, "Ann", MELCOCO)
    await call(table, "Ann", MELCOCO, "1")
    assert first_card_text(table.last["Ann"]) == "Draw cards"
    hand = len((await table.state(app)).zone("hand", 0))
    await table.carry_out("Ann", "Draw cards", count="1")
    assert len((await table.state(app)).zone("hand", 0)) == hand + 1
    assert len(table.counted) <= MOST


async def test_vanguard_unit_searching_the_deck(app: App) -> None:
    table = await open_vanguard(app, [PHOVI] * 4 + [ROUTIS] * 42 + [MOONLIT] * 4, [PHOVI] * 4 + [HARDY] * 46)
    before = zone_names(await table.state(app), "hand", 0).count(MOONLIT.name)
    await ride(table, "Ann", ROUTIS)
    panel = table.last["Ann"]
    assert first_card_text(panel) == "Search your deck for a card"
    name = option_naming(panel, "Search your deck for a card", MOONLIT.name)
    reply = await table.carry_out("Ann", "Search your deck for a card", name=str(name))
    assert zone_names(await table.state(app), "hand", 0).count(MOONLIT.name) == before + 1
    assert "You shuffle your deck." in reply
    assert len(table.counted) <= MOST
