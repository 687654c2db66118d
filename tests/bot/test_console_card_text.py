"""Duel Masters card text in a few presses, in the offline console as its players type it: a removal, a
draw and a search spell are each carried out in at most two commands through the card text offers, the
one the card's data names first under "Card text", its destination fixed.

Each match is started with decks of one card each (the card data records quote the real cards' texts and
are read by the game's ``stats_from_record``, as a decklist's cards are), then played as its players type
it (``/match hand``, ``/match take ID N field:choice``) up to the spell just cast. From there the commands
are counted: each one is read off the panel the previous command answered with, as a player reads it,
with no other look. The other games' are in ``test_console_card_text_<game>.py``."""

from __future__ import annotations

from bot.app import App
from engine.match.state import CardRef
from tests.bot.console_table import MOST, Table, first_card_text, open_table, option, ref, zone_names

# Duel Masters -------------------------------------------------------------------------------------

DM = "duelmasters"
HAMMER = ref(
    DM,
    "Crimson Hammer",
    "Destroy 1 of your opponent's creatures that has power 2000 or less.",
    types=["Spell"],
    cost="2",
    cost_value=2,
    stats={"civilizations": ["Fire"]},
)
STREAM = ref(
    DM,
    "Energy Stream",
    "Draw 2 cards.",
    types=["Spell"],
    cost="3",
    cost_value=3,
    stats={"civilizations": ["Water"]},
)
GATE = ref(
    DM,
    "Dimension Gate",
    "Shield trigger (When this spell is put into your hand from your shield zone, you may cast it "
    "immediately for no cost.)\nSearch your deck. You may take a creature from your deck, show that "
    "creature to your opponent, and put it into your hand. Then shuffle your deck.",
    types=["Spell"],
    cost="3",
    cost_value=3,
    stats={"civilizations": ["Nature"]},
)
CLAW = ref(
    DM,
    "Deadly Fighter Braid Claw",
    "This creature attacks each turn if able.",
    types=["Creature"],
    cost="1",
    cost_value=1,
    stats={"civilizations": ["Fire"], "power": 1000},
)
TRIBE = ref(
    DM,
    "Bronze-Arm Tribe",
    "When you put this creature into the battle zone, put the top card of your deck into your mana zone.",
    types=["Creature"],
    cost="3",
    cost_value=3,
    stats={"civilizations": ["Nature"], "power": 1000},
)


async def dm_cast(app: App, spell: CardRef, ann: list[CardRef]) -> Table:
    """Ann charges a card each turn and Ben summons a Braid Claw each turn, until Ann has the mana to cast
    ``spell`` and casts it (the cast is not counted: it is the card played, not its text)."""
    table = await open_table(app, DM, [{"deck": ann}, {"deck": [CLAW] * 40}])
    cost = int(spell.stat("cost") or 0)
    while True:
        await table.take("Ann", "Charge", card="1")
        if len((await table.state(app)).zone("mana", 0)) >= cost:
            break
        await table.take("Ann", "End turn")
        await table.take("Ben", "Charge", card="1")
        await table.take("Ben", "Use", card="1", mana="1")
        await table.take("Ben", "End turn")
    state = await table.state(app)
    index = next(i for i, card in enumerate(state.zone("hand", 0)) if state.ref(card).name == spell.name)
    card = option(table.last["Ann"], "Use", f"hand #{index + 1} ")
    await table.take(
        "Ann", "Use", read=False, card=str(card), mana=",".join(str(n) for n in range(1, cost + 1))
    )
    return table


async def test_duel_masters_removal_draw_and_search(app: App) -> None:
    table = await dm_cast(app, HAMMER, [HAMMER] * 40)
    assert first_card_text(table.last["Ann"]) == "Destroy Ben's creatures"
    await table.carry_out("Ann", "Destroy Ben's creatures", cards="1")
    state = await table.state(app)
    assert zone_names(state, "graveyard", 1) == ["Deadly Fighter Braid Claw"]
    assert len(table.counted) <= MOST

    table = await dm_cast(app, STREAM, [STREAM] * 40)
    assert first_card_text(table.last["Ann"]) == "Draw cards"
    hand = len((await table.state(app)).zone("hand", 0))
    await table.carry_out("Ann", "Draw cards", count="2")
    assert len((await table.state(app)).zone("hand", 0)) == hand + 2
    assert len(table.counted) <= MOST

    table = await dm_cast(app, GATE, [GATE] * 36 + [TRIBE] * 4)
    assert first_card_text(table.last["Ann"]) == "Search your deck for a card"
    names = option(table.last["Ann"], "Search your deck for a card", "Bronze-Arm Tribe")
    reply = await table.carry_out("Ann", "Search your deck for a card", name=str(names))
    state = await table.state(app)
    assert "Bronze-Arm Tribe" in zone_names(state, "hand", 0)
    assert "You shuffle your deck." in reply
    assert len(table.counted) <= MOST
