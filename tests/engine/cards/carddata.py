"""Card names from the public data sets in ``../shared/carddata`` (and the Gate Ruler Set 3 rules
update), loaded straight from their files into one :class:`NameIndex` per game, for tests.

Keys are numbered in file order, one per record, as the card store numbers its rows: reprints are
separate keys with the same name, exactly as in production.

* Force of Will: a ``J`` id (``CMF-013J``) is a face of the card with the same id minus the ``J``
  (the J-Ruler, or a ruler's Order); a ``J`` row without that card is a card of its own.
* Duel Masters: the English TCG file and the fan-translated OCG file (one row per printing) in one
  index; a twinpact (``CardType`` ``Twinpact``) keeps its ``A/B`` name, ``B`` is its face and ``A``
  an alias, as the ``dm-cockatrice`` importer stores it.
* Gate Ruler: every ``[Name] (code)`` of the rules update is a card (curly quotes straightened, as
  the ``gateruler-set3`` importer does); a quoted ability name
  (``¦"Göndul's Barrage" - ...``) under a card's heading is indexed as an alias of that card, which
  exercises accents and punctuation on real Gate Ruler text.
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.cards.names import NameEntry, NameIndex

REPO = Path(__file__).resolve().parents[3]
CARDDATA = REPO.parent / "shared" / "carddata"
GATERULER_UPDATE = REPO / "data" / "rules" / "gateruler-set3-rules-update.txt"
GAMES = ("forceofwill", "duelmasters", "vanguard", "gateruler")

_GR_CARD = re.compile(r"\[([^\[\]]+)\] \((20\d\d[A-Z]{2}\d\d-[A-Z]*\d+[ab]?)")
_GR_HEADING = re.compile(r"^(?:\[ERRATA\] )?\[([^\[\]]+)\] \((20\d\d[A-Z]{2}\d\d-[A-Z]*\d+[ab]?)")
_STRAIGHT = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_GR_ABILITY = re.compile(r'^(?:Old: |New: |Updated Text: )?¦"([^"]+)"')


@dataclass(frozen=True)
class GameNames:
    """One game's entries and the card name of every key."""

    entries: list[NameEntry]
    names: dict[int, str]

    def index(self) -> NameIndex:
        return NameIndex(self.entries)


def available() -> bool:
    return CARDDATA.is_dir()


@cache
def load(game: str) -> GameNames:
    loaders = {
        "forceofwill": _force_of_will,
        "duelmasters": _duel_masters,
        "vanguard": _vanguard,
        "gateruler": _gate_ruler,
    }
    return loaders[game]()


def _force_of_will() -> GameNames:
    data = json.loads((CARDDATA / "fowsim-cards.json").read_text(encoding="utf-8"))
    cards = [c for cluster in data["fow"]["clusters"] for s in cluster["sets"] for c in s["cards"]]
    entries: list[NameEntry] = []
    names: dict[int, str] = {}
    key_of: dict[str, int] = {}
    ids = {c["id"] for c in cards}
    for card in cards:
        if card["id"].endswith("J") and card["id"][:-1] in ids:
            continue
        key = len(names)
        key_of[card["id"]] = key
        names[key] = card["name"]
        entries.append(NameEntry(key, card["name"], "name"))
    for card in cards:
        if card["id"].endswith("J") and card["id"][:-1] in ids:
            entries.append(NameEntry(key_of[card["id"][:-1]], card["name"], "face"))
    return GameNames(entries, names)


def _duel_masters() -> GameNames:
    entries: list[NameEntry] = []
    names: dict[int, str] = {}

    def card(name: str, kind: str) -> None:
        key = len(names)
        names[key] = name
        entries.append(NameEntry(key, name, "name"))
        if " ".join(kind.split()).casefold() == "twinpact" and "/" in name:
            first, second = (half.strip() for half in name.split("/", 1))
            entries.extend([NameEntry(key, second, "face"), NameEntry(key, first, "alias")])

    tcg = json.loads((CARDDATA / "dm-tcg-cards.json").read_text(encoding="utf-8"))
    for record in tcg["cards"]:
        card(record["name"], record["type"])
    with (CARDDATA / "dm-ocg-cards.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            card(row["CardName"], row["CardType"])
    return GameNames(entries, names)


def _vanguard() -> GameNames:
    data = json.loads((CARDDATA / "cfv-d-cards.json").read_text(encoding="utf-8"))
    names = {key: record["name"] for key, record in enumerate(data["cards"])}
    return GameNames([NameEntry(key, name, "name") for key, name in names.items()], names)


def _gate_ruler() -> GameNames:
    # Curly quotes straightened, as the gateruler-set3 importer stores names ("Kami’s Vessel").
    text = GATERULER_UPDATE.read_text(encoding="utf-8").translate(_STRAIGHT)
    entries: list[NameEntry] = []
    names: dict[int, str] = {}
    key_of: dict[str, int] = {}

    def key_for(name: str, code: str) -> int:
        if code not in key_of:
            key_of[code] = len(names)
            names[key_of[code]] = name
            entries.append(NameEntry(key_of[code], name, "name"))
        return key_of[code]

    for name, code in _GR_CARD.findall(text):
        key_for(name, code)
    current: int | None = None
    for line in text.splitlines():
        heading = _GR_HEADING.match(line)
        if heading:
            current = key_for(*heading.groups())
            continue
        ability = _GR_ABILITY.match(line)
        if ability and current is not None:
            alias = NameEntry(current, ability.group(1), "alias")
            if alias not in entries:
                entries.append(alias)
    return GameNames(entries, names)
