"""The offline console's match as its players type it, for the card text tests
(``tests/bot/test_console_card_text*.py``): a :class:`Table` opened with decks of cards made from card
data records (:func:`ref`, read by each game's ``stats_from_record`` as a decklist's cards are), its
players' commands typed and counted, and the panel read as a player reads it (:func:`section`,
:func:`first_card_text`, :func:`option`, :func:`option_naming`)."""

from __future__ import annotations

import re
import zlib
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
    code = f"T-{zlib.crc32(name.encode()) % 100_000}"
    record = CardRecord.model_validate({"game": game, "code": code, "name": name, "text": text, **fields})
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


def option(panel: str, label: str, text: str) -> int:
    """The option number of ``text`` in the offer labelled ``label``."""
    line = next(line for line in panel.splitlines() if re.match(rf"^\d+\. {re.escape(label)} \[", line))
    found = re.search(rf"(\d+)={re.escape(text)}", line)
    assert found, line
    return int(found[1])


def option_naming(panel: str, label: str, name: str) -> int:
    """The first option number of the offer labelled ``label`` whose card is named ``name`` ("3=hand #3
    Dragritter, Hardy", or a name alone; names may hold commas)."""
    line = next(line for line in panel.splitlines() if re.match(rf"^\d+\. {re.escape(label)} \[", line))
    for found in re.finditer(r"(\d+)=(.*?)(?=, \d+=|; [a-z]+: |\]$)", line):
        if found[2] == name or found[2].endswith(f" {name}"):
            return int(found[1])
    raise AssertionError(f"no {name!r} in {line}")
