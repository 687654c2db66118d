"""Force of Will card text in a few presses, in the offline console as its players type it: a chant that
destroys a resonator, one that draws and one that searches the deck are each carried out in at most two
commands through the card text offers, the one the card's data names first under "Card text", its
destination fixed, then the chant's resolution finished (605.1: it goes to the graveyard).

Each match is started with decks made of card data records (fowsim's texts, read by the game's
``stats_from_record`` as a decklist's cards are: a ruler, a magic stone deck of basic magic stones and a
main deck), then played as its players type it (``/match hand``, ``/match take ID N field:choice``) up
to the chant resolving on the chase: Ann calls a magic stone each turn until she has the will, produces
it and plays the chant; Ben has removed his stop for his opponent's object on top of the chase, so he
passes and the chant resolves within Ann's command. From there the commands are counted: each one is
read off the panel the previous command answered with, as a player reads it, with no other look
(:mod:`tests.bot.console_table`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.app import App
from engine.match.state import CardRef
from tests.bot.console_table import (
    MOST,
    Table,
    first_card_text,
    open_table,
    option,
    option_naming,
    ref,
    section,
    zone_names,
)

FOW = "forceofwill"
RULER = ref(
    FOW,
    "Moon Princess of Stellar Wars",
    "[J-Activate] Pay {2}{X}. Spend only {M} will on X.",
    types=["Ruler"],
    stats={"attribute": ["Water"]},
)


def stone(attribute: str, symbol: str) -> CardRef:
    """A basic magic stone of ``attribute`` (202.4e)."""
    name = f"{attribute} Magic Stone"
    return ref(
        FOW, name, f"{{Rest}}: Produce {{{symbol}}}.", types=["Magic Stone", "Basic Magic Stone", name]
    )


def chant(name: str, cost: str, total: int, attribute: str, text: str) -> CardRef:
    return ref(
        FOW, name, text, types=["Chant"], cost=cost, cost_value=total, stats={"attribute": [attribute]}
    )


DARKNESS = stone("Darkness", "B")
WATER = stone("Water", "U")
WIND = stone("Wind", "G")
DIRK = ref(
    FOW,
    "Dirk Gassenarl",
    "",
    types=["Resonator"],
    cost="{B}",
    cost_value=1,
    stats={"atk": 300, "defense": 300, "attribute": ["Darkness"]},
)
UNSEEN = chant(
    "Unseen Pressure", "{B}", 1, "Darkness", "Destroy target resonator with 400 or less ATK.\n[Quickcast]"
)
FORESEE = chant("Foresee", "{U}{U}", 2, "Water", "Draw two cards.")
SEARCHING = chant(
    "Spirit Searching",
    "{G}{1}",
    2,
    "Wind",
    "Search your deck for a chant, reveal it and put it into your hand. Then shuffle your deck.",
)
GALE = chant("Gale Force", "{G}", 1, "Wind", "Destroy target resonator with [Flying].\n[Quickcast]")

Turn = Callable[[Table], Awaitable[object]]


async def ben_plays_dirk(table: Table) -> None:
    """Ben's turn: a magic stone called, its will produced, Dirk Gassenarl played; once Ann passes, the
    resonator, with nothing to carry out, enters the field by itself (605.1, 702.3)."""
    await table.take("Ben", "Call a magic stone")
    await table.take("Ben", "Produce will", cards="1")
    panel = await table.read("Ben")
    card = option_naming(panel, "Play ({B})", DIRK.name)
    await table.take("Ben", "Play ({B})", read=False, card=str(card))
    await table.take("Ann", "Pass")


async def fow_play(
    app: App, card: CardRef, ann: list[CardRef], stones: CardRef, ben: Turn | None = None
) -> Table:
    """Ann calls a magic stone each turn (Ben taking ``ben`` on his) until she has the will for ``card``,
    produces it and plays ``card`` (not counted: it is the card played, not its text)."""
    decks = [
        {"ruler_area": [RULER], "stone_deck": [stones] * 10, "deck": ann},
        {"ruler_area": [RULER], "stone_deck": [DARKNESS] * 10, "deck": [DIRK] * 40},
    ]
    table = await open_table(app, FOW, decks)
    await table.take("Ann", "Keep")
    await table.take("Ben", "Keep")
    panel = await table.read("Ben")
    stop = option(panel, "Remove a stop", "your opponent's object on top of the chase")
    await table.take("Ben", "Remove a stop", read=False, remove=str(stop))
    cost = int(card.stat("cost") or 0)
    turns = 0
    while True:
        await table.take("Ann", "Call a magic stone")
        if await stones_of(table, app) >= cost and (ben is None or turns):
            break
        await table.take("Ann", "Pass until end of turn")
        if ben is not None:
            await ben(table)
        await table.take("Ben", "Pass until end of turn")
        turns += 1
    for _ in range(cost):
        await table.take("Ann", "Produce will", cards="1")
    label = f"Play ({card.stat('printed_cost')})"
    number = option_naming(await table.read("Ann"), label, card.name)
    reply = await table.take("Ann", label, read=False, card=str(number))
    assert f"{card.name} resolves; you carry it out" in reply, reply
    return table


async def stones_of(table: Table, app: App) -> int:
    """Ann's magic stones in the field."""
    state = await table.state(app)
    return sum(state.board.cards[card].owner == 0 for card in state.zone("field", None))


async def finish(table: Table, app: App, card: CardRef) -> None:
    """The chant's resolution finished (605.1), counted: it is a command of its own, under "Now"."""
    assert "Resolve" in section(table.last["Ann"], "Now")
    await table.take("Ann", "Resolve", read=False)
    table.counted.append("Resolve")
    assert card.name in zone_names(await table.state(app), "graveyard", 0)
    assert len(table.counted) <= MOST


async def test_force_of_will_chant_destroying_a_resonator(app: App) -> None:
    table = await fow_play(app, UNSEEN, [UNSEEN] * 40, DARKNESS, ben_plays_dirk)
    panel = table.last["Ann"]
    assert first_card_text(panel) == "Destroy Ben's cards in the field"
    dirk = option_naming(panel, "Destroy Ben's cards in the field", DIRK.name)
    await table.carry_out("Ann", "Destroy Ben's cards in the field", cards=str(dirk))
    assert zone_names(await table.state(app), "graveyard", 1) == [DIRK.name]
    await finish(table, app, UNSEEN)


async def test_force_of_will_chant_drawing(app: App) -> None:
    table = await fow_play(app, FORESEE, [FORESEE] * 40, WATER)
    assert first_card_text(table.last["Ann"]) == "Draw cards"
    hand = len((await table.state(app)).zone("hand", 0))
    await table.carry_out("Ann", "Draw cards", count="2")
    assert len((await table.state(app)).zone("hand", 0)) == hand + 2
    await finish(table, app, FORESEE)


async def test_force_of_will_chant_searching_the_deck(app: App) -> None:
    table = await fow_play(app, SEARCHING, [SEARCHING] * 36 + [GALE] * 4, WIND)
    panel = table.last["Ann"]
    assert first_card_text(panel) == "Search your deck for a card"
    before = zone_names(await table.state(app), "hand", 0).count(GALE.name)
    name = option_naming(panel, "Search your deck for a card", GALE.name)
    reply = await table.carry_out("Ann", "Search your deck for a card", name=str(name))
    assert zone_names(await table.state(app), "hand", 0).count(GALE.name) == before + 1
    assert "You shuffle your deck." in reply
    await finish(table, app, SEARCHING)
