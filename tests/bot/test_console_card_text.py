"""Card text in a few presses, in the offline console as its players type it: in each game, a removal, a
draw and a search are each carried out in at most two commands through the card text offers, the one
the card's data names first under "Card text", its destination fixed.

Each match is started with decks of one card each (the card data records quote the real cards' texts and
are read by the game's ``stats_from_record``, as a decklist's cards are), then played as its players type
it (``/match hand``, ``/match take ID N field:choice``) up to the card being carried out: a spell just
cast (Duel Masters), a unit just called (Vanguard), a chant resolving on the chase (Force of Will), an
event resolved out of the gate (Gate Ruler). From there the commands are counted: each one is read off
the panel the previous command answered with, as a player reads it, with no other look."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.app import App
from bot.console import CONSOLE_GUILD, Console
from bot.console_matches import guest
from engine.cards.model import CardRecord
from engine.match.games import card_stats, game_definition
from engine.match.state import CardRef, MatchState

NAMES = ("Ann", "Ben")
MOST = 2
"""The most commands a card's text may take to carry out."""


def ref(game: str, name: str, text: str, **fields: Any) -> CardRef:
    """A card as a decklist brings it: its card data record read by the game's ``stats_from_record``."""
    record = CardRecord.model_validate(
        {"game": game, "code": f"T-{abs(hash(name)) % 1000}", "name": name, "text": text, **fields}
    )
    return CardRef(name, record.code, card_stats(game)(record))


@dataclass
class Table:
    """One match in the console: its two players type; ``last`` is what each last read."""

    console: Console
    match_id: int
    last: dict[str, str] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)

    async def read(self, who: str) -> str:
        """Every page of the player's panel (``/match hand``, then ``page:N``)."""
        text = await self.console.handle(f"/match hand {self.match_id} as:{who}")
        page = 1
        while f"page:{page + 1} " in text + " " and page < 10:
            page += 1
            text += await self.console.handle(f"/match hand {self.match_id} page:{page} as:{who}")
        self.last[who] = text
        return text

    async def take(self, who: str, label: str, *, read: bool = True, **choices: str) -> str:
        """Take the offer labelled ``label`` (first found) with ``choices``; ``read``: look at the panel
        first, else use the panel the player's last command answered with."""
        panel = await self.read(who) if read else self.last.get(who, "")
        number = number_of(panel, label)
        typed = " ".join(f"{key}:{value}" for key, value in choices.items())
        command = " ".join(f"/match take {self.match_id} {number} {typed} as:{who}".split())
        reply = await self.console.handle(command)
        assert "Sorry" not in reply.splitlines()[0:2], f"{command}\n{reply}"
        self.last[who] = reply
        return reply

    async def carry_out(self, who: str, label: str, **choices: str) -> str:
        """A counted command: the offer read off the panel the last command answered with."""
        panel = self.last[who]
        assert label in section(panel, "Card text"), f"{label!r} is not under Card text:\n{panel}"
        reply = await self.take(who, label, read=False, **choices)
        self.counted.append(label)
        return reply

    async def state(self, app: App) -> MatchState:
        return await app.matches.state(self.match_id)


def number_of(panel: str, label: str) -> str:
    """The number a panel gives the first offer so labelled."""
    found = re.search(rf"^(\d+)\. {re.escape(label)}(?: \[|:|$)", panel, re.MULTILINE)
    assert found, f"no offer {label!r} in:\n{panel}"
    return found[1]


def section(panel: str, name: str) -> str:
    """The lines of a panel's field ``name`` (and its continuations, "Card text (2)"...)."""
    out: list[str] = []
    inside = False
    for line in panel.splitlines():
        if line.endswith(":") and not line.startswith(("  ", "1", "2", "3", "4", "5", "6", "7", "8", "9")):
            inside = line[:-1].split(" (")[0] == name
            continue
        if inside:
            out.append(line)
    return "\n".join(out)


def first_card_text(panel: str) -> str:
    """The label of the first offer under "Card text"."""
    first = section(panel, "Card text").splitlines()[0]
    return re.sub(r"^\d+\. ", "", first).split(" [")[0]


async def open_table(app: App, game: str, decks: list[Mapping[str, list[CardRef]]], seed: int = 7) -> Table:
    """A match between Ann (who goes first) and Ben with these decks, in the console's server."""
    definition = game_definition(game)
    match_id, _ = await app.matches.create(
        definition.spec,
        list(NAMES),
        [dict(deck) for deck in decks],
        player_ids=[guest(name).user_id for name in NAMES],
        guild_id=CONSOLE_GUILD,
        first_player=0,
        seed=bytes([seed]) * 32,
    )
    return Table(Console(app), match_id)


def zone_names(state: MatchState, zone: str, seat: int | None) -> list[str]:
    return [state.ref(card).name for card in state.zone(zone, seat)]


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
    card = _option(table.last["Ann"], "Use", f"hand #{index + 1} ")
    await table.take(
        "Ann", "Use", read=False, card=str(card), mana=",".join(str(n) for n in range(1, cost + 1))
    )
    return table


def _option(panel: str, label: str, text: str) -> int:
    """The option number of ``text`` in the offer labelled ``label``."""
    line = next(line for line in panel.splitlines() if re.match(rf"^\d+\. {re.escape(label)} \[", line))
    found = re.search(rf"(\d+)={re.escape(text)}", line)
    assert found, line
    return int(found[1])


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
    names = _option(table.last["Ann"], "Search your deck for a card", "Bronze-Arm Tribe")
    reply = await table.carry_out("Ann", "Search your deck for a card", name=str(names))
    state = await table.state(app)
    assert "Bronze-Arm Tribe" in zone_names(state, "hand", 0)
    assert "You shuffle your deck." in reply
    assert len(table.counted) <= MOST
