"""Gate Ruler card text in a few presses, in the offline console as its players type it: an event that
destroys a unit, one that draws and one that chooses a card in the deck are each carried out in at most
two commands through the card text offers, the one the card's data names first under "Card text", its
destination fixed.

Each match is started with decks made of card data records read by the game's ``stats_from_record`` as a
decklist's cards are (a ruler, a resource supply and a deck), then played as its players type it
(``/match hand``, ``/match take ID N field:choice``) up to the event resolved out of the gate: Ann plays
it; Ben has removed his stop for his opponent's card on top of the gate, so he passes and it resolves
within Ann's command (14-4c). From there the commands are counted: each one is read off the panel the
previous command answered with, as a player reads it, with no other look (:mod:`tests.bot.console_table`).

Gate Ruler has no public card data set: the ruler, Starfall Orb and Vabelcion quote the Set 3 update
article; it prints no event that draws or chooses a card in the deck, so those two are written for this
test in the rules' own wording (15-8b "Draw (number) cards", 15-6a "Choose (number) ... in (player's)
deck")."""

from __future__ import annotations

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
    zone_names,
)

GR = "gateruler"
TRICKSTER = ref(
    GR,
    "20. T - Trickster",
    "Setup: 3 cards in hand, 2 resources\nStart of Turn: Choose 2 of your resources and ready them. Draw 2 "
    "cards.\nSummon Cap 2\n¦As this ruler attacks, deal 1 damage to you.",
    types=["Ruler"],
    stats={
        "life": 6,
        "atk": 2,
        "stk": 1,
        "attack_zones": 2,
        "defense_zones": 1,
        "set_zones": 2,
        "hand": 3,
        "resources": 2,
        "summon_cap": 2,
        "draw": 2,
        "ready": 2,
        "gain": 1,
    },
)
"""The ruler's numbers: its Setup and Start of Turn lines, and what the article does not print (its life,
zones and resources gained) as the practice decks have them."""
RESOURCE = ref(GR, "Resource", "", types=["Resource"])
VABELCION = ref(
    GR,
    "Vabelcion, the Battle-Forged",
    "Discount: If you're playing this from your hand, you may [Put 1 card from your hand on the bottom of "
    "your deck.] to instead pay a cost of 2 to play this.\nSentinel Summoning (Instant Action: If it's "
    "currently your opponent's turn, normal summon this.)\n¦\"Göndul's Barrage\" - Standard Action: [DR 3] "
    "Choose 1 enemy card in play and put it into the graveyard.",
    types=["Unit"],
    stats={"level": 3, "atk": 3, "hp": 3, "stk": 2},
)
STARFALL = ref(
    GR,
    "Starfall Orb",
    "Timing: Standard Action\n¦Choose 1 of the following:\n-Your opponent chooses 1 of their set cards. Put "
    "the rest of their other set cards into the graveyard.\n-Choose 1 level 3 enemy unit and destroy it.",
    types=["Event"],
    stats={"level": 2},
)
INSIGHT = ref(
    GR, "Tactical Insight", "Timing: Standard Action\n¦Draw 2 cards.", types=["Event"], stats={"level": 1}
)
MUSTER = ref(
    GR,
    "Call to Muster",
    "Timing: Standard Action\n¦Choose 1 unit in your deck, reveal it and put it into your hand. Then, "
    "shuffle your deck.",
    types=["Event"],
    stats={"level": 1},
)


async def ben_summons(table: Table) -> None:
    """Ben's turn: Vabelcion normal summoned into his attack zone (Ann passes: it enters, 14-4c)."""
    panel = await table.read("Ben")
    card = option_naming(panel, "Summon", VABELCION.name)
    await table.take("Ben", "Summon", read=False, card=str(card), zone="1")
    await table.take("Ann", "Pass")


async def gr_play(app: App, event: CardRef, ann: list[CardRef], *, ben_first: bool = False) -> Table:
    """Ann plays ``event`` on her first turn, or on her second after Ben's summon (``ben_first``); it
    resolves out of the gate within her command (not counted: it is the card played, not its text)."""
    decks = [
        {"ruler": [TRICKSTER], "supply": [RESOURCE] * 6, "deck": ann},
        {"ruler": [TRICKSTER], "supply": [RESOURCE] * 6, "deck": [VABELCION] * 40},
    ]
    table = await open_table(app, GR, decks)
    panel = await table.read("Ben")
    stop = option(panel, "Remove a stop", "your opponent's card or ability on top of the gate")
    await table.take("Ben", "Remove a stop", read=False, remove=str(stop))
    if ben_first:
        await table.take("Ann", "Pass until end of turn")
        await ben_summons(table)
        await table.take("Ben", "Pass until end of turn")
    card = option_naming(await table.read("Ann"), "Play", event.name)
    reply = await table.take("Ann", "Play", read=False, card=str(card))
    assert f"{event.name} resolves (14-4c)." in reply, reply
    assert event.name in zone_names(await table.state(app), "graveyard", 0)
    return table


async def test_gate_ruler_event_destroying_a_unit(app: App) -> None:
    table = await gr_play(app, STARFALL, [STARFALL] * 40, ben_first=True)
    assert first_card_text(table.last["Ann"]) == "Destroy Ben's cards in play"
    await table.carry_out("Ann", "Destroy Ben's cards in play", cards="1")
    state = await table.state(app)
    assert zone_names(state, "graveyard", 1) == [VABELCION.name]
    assert not state.zone("attack", 1)
    assert len(table.counted) <= MOST


async def test_gate_ruler_event_drawing(app: App) -> None:
    table = await gr_play(app, INSIGHT, [INSIGHT] * 40)
    assert first_card_text(table.last["Ann"]) == "Draw cards"
    hand = len((await table.state(app)).zone("hand", 0))
    await table.carry_out("Ann", "Draw cards", count="2")
    assert len((await table.state(app)).zone("hand", 0)) == hand + 2
    assert len(table.counted) <= MOST


async def test_gate_ruler_event_choosing_a_card_in_the_deck(app: App) -> None:
    table = await gr_play(app, MUSTER, [MUSTER] * 36 + [VABELCION] * 4)
    panel = table.last["Ann"]
    assert first_card_text(panel) == "Choose a card in your deck"
    before = zone_names(await table.state(app), "hand", 0).count(VABELCION.name)
    name = option_naming(panel, "Choose a card in your deck", VABELCION.name)
    reply = await table.carry_out("Ann", "Choose a card in your deck", name=str(name))
    assert zone_names(await table.state(app), "hand", 0).count(VABELCION.name) == before + 1
    assert "You shuffle your deck." in reply
    assert len(table.counted) <= MOST
