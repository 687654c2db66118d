"""The card query language, run against a real SQLite database built from migration 2.

Each game gets a dozen cards built here and stored exactly as the card store stores them (``cards``
rows, ``card_values`` rows from :func:`searchable_values`, ``cards_fts`` rows with ``rowid = cards.id``),
then queries must return exactly the expected cards. Property tests feed arbitrary text: it either
compiles or raises :class:`QueryError`, every compiled query runs on the database, and no user text
ever reaches the SQL string or FTS5 syntax.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store.migrations import MIGRATIONS
from engine.cards.model import CardFace, CardRecord
from engine.cards.query import (
    MAX_DEPTH,
    MAX_QUERY_LENGTH,
    MAX_TERMS,
    And,
    Node,
    Not,
    Or,
    QueryError,
    Term,
    compile_query,
    compile_text,
    describe_keys,
    keys_for,
    parse,
)
from engine.cards.values import searchable_values
from engine.errors import ArbiterError
from engine.games import GAMES
from engine.rules.search import fold

# ------------------------------------------------------------------------------------------- cards


def _card(
    game: str,
    code: str,
    name: str,
    types: list[str],
    *,
    cost: str | None = None,
    cost_value: int | None = None,
    text: str = "",
    keywords: tuple[str, ...] = (),
    set_: str | None = None,
    rarity: str | None = None,
    faces: tuple[CardFace, ...] = (),
    **stats: object,
) -> CardRecord:
    return CardRecord.model_validate(
        {
            "game": game,
            "code": code,
            "name": name,
            "types": types,
            "cost": cost,
            "cost_value": cost_value,
            "text": text,
            "keywords": list(keywords),
            "set": set_,
            "rarity": rarity,
            "faces": list(faces),
            "stats": stats,
        }
    )


def _dm(code: str, name: str, types: list[str], cost: int, civs: list[str], **rest: object) -> CardRecord:
    return _card(
        "duelmasters", code, name, types, cost=str(cost), cost_value=cost, civilizations=civs, **rest
    )


# fmt: off
DUEL_MASTERS = [
    _dm(
        "DM01-001", "Bolshack Dragon", ["Creature"], 6, ["Fire"], power=6000, power_text="6000+",
        race=["Armored Dragon"], keywords=("Double breaker",), set_="DM-01 Base Set", rarity="VR",
        text="Double breaker (This creature breaks 2 shields.)\nWhile attacking, this creature gets +1000 "
        "power for each fire card in your graveyard.",
    ),
    _dm(
        "DM01-002", "Aqua Hulcus", ["Creature"], 3, ["Water"], power=2000, race=["Liquid People"],
        set_="DM-01 Base Set", rarity="U",
        text="When you put this creature into the battle zone, you may draw a card.",
    ),
    _dm(
        "DM01-003", "Bronze-Arm Tribe", ["Creature"], 3, ["Nature"], power=1000, race=["Beast Folk"],
        set_="DM-01 Base Set", rarity="C",
        text="When you put this creature into the battle zone, put the top card of your deck into your "
        "mana zone.",
    ),
    _dm(
        "DM01-004", "Holy Awe", ["Spell"], 6, ["Light"], keywords=("Shield trigger",), set_="DM-01 Base Set",
        rarity="R",
        text="Shield trigger (When this spell is put into your hand from your shield zone, you may cast "
        "it immediately for no cost.)\nTap all your opponent's creatures in the battle zone.",
    ),
    _dm(
        "DM01-005", "Terror Pit", ["Spell"], 6, ["Darkness"], keywords=("Shield trigger",),
        set_="DM-01 Base Set", rarity="R", text="Shield trigger\nDestroy 1 of your opponent's creatures.",
    ),
    _dm(
        "DM01-006", "Deathliger, Lion of Chaos", ["Creature"], 7, ["Darkness"], power=9000,
        race=["Demon Command"], keywords=("Double breaker",), set_="DM-01 Base Set", rarity="VR",
        text="Double breaker (This creature breaks 2 shields.)",
    ),
    _dm(
        "DM01-007", "Miele, Vizier of Lightning", ["Creature"], 3, ["Light"], power=1000,
        race=["Initiate"], set_="DM-01 Base Set", rarity="R",
        text="When you put this creature into the battle zone, you may choose 1 of your opponent's "
        "creatures in the battle zone and tap it.",
    ),
    _dm(
        "DM02-008", "Emperor Quazla", ["Evolution Creature"], 6, ["Water"], power=5000,
        race=["Cyber Lord"], evolution=True, keywords=("Evolution",), set_="DM-02 Evo-Crushinators",
        rarity="VR",
        text="Evolution—Put on 1 of your Cyber Lords.\nWhenever any of your opponent's creatures attacks, "
        "you may draw up to 2 cards.",
    ),
    _dm(
        "DM02-009", "Gaial Kaiser", ["Creature"], 7, ["Fire", "Nature"], power=11000,
        race=["Armored Dragon", "Earth Dragon"], keywords=("Speed attacker", "Triple breaker"),
        set_="DM-02 Evo-Crushinators", rarity="SR", text="Speed attacker\nTriple breaker",
    ),
    _dm(
        "DM02-010", "Bolshack Kaiser", ["Creature"], 8, ["Fire"], power=12000, race=["Armored Dragon"],
        twinpact=True, keywords=("Triple breaker",), set_="DM-02 Evo-Crushinators", rarity="SR",
        text="Triple breaker",
        faces=(
            CardFace(
                name="Flame Buster", types=["Spell"], cost="3",
                text="Destroy 1 of your opponent's creatures that has power 3000 or less.",
                stats={"civilizations": ["Fire"]},
            ),
        ),
    ),
    _dm(
        "DM03-011", "Solar Ray", ["Spell"], 2, ["Light"], keywords=("Shield trigger",),
        set_="DM-03 Rampage of the Super Warriors", rarity="C",
        text="Shield trigger\nChoose 1 of your opponent's creatures in the battle zone and tap it.",
    ),
    _dm(
        "DM03-012", "Crystal Memory", ["Spell"], 4, ["Water"], keywords=("Shield trigger",),
        set_="DM-03 Rampage of the Super Warriors", rarity="R",
        text="Shield trigger\nSearch your deck. You may take a card from your deck and put it into your "
        "hand. Then shuffle your deck.",
    ),
]


def _vg(code: str, name: str, types: list[str], grade: int, **rest: object) -> CardRecord:
    return _card("vanguard", code, name, types, grade=grade, **rest)


VANGUARD = [
    _vg(
        "BT01-003", "Blaster Blade", ["Normal Unit"], 2, power=10000, shield=5000, critical=1,
        skill="Intercept", clan="Royal Paladin", nation="United Sanctuary", race=["Human"], set_="BT01",
        rarity="RRR",
        text="[AUTO](RC):When this unit is placed on (RC), you may pay [Counter Blast (2)]. If you do, "
        "choose one of your opponent's grade 2 or greater rear-guards, and retire it.",
    ),
    _vg(
        "BT01-001", "King of Knights, Alfred", ["Normal Unit"], 3, power=13000, critical=1,
        skill="Twin Drive", clan="Royal Paladin", nation="United Sanctuary", race=["Human"], set_="BT01",
        rarity="RRR",
        text="[CONT](VC):This unit gets [Power]+2000 for each of your «Royal Paladin» rear-guards.",
    ),
    _vg(
        "BT01-002", "Dragonic Overlord", ["Normal Unit"], 3, power=13000, critical=1, skill="Twin Drive",
        clan="Kagero", nation="Dragon Empire", race=["Flame Dragon"], set_="BT01", rarity="RRR",
        text="[ACT](VC):[Counter Blast (3)] This unit gets [Power]+5000 until end of turn.",
    ),
    _vg(
        "BT01-020", "Wingal", ["Normal Unit"], 1, power=8000, shield=5000, critical=1, skill="Boost",
        clan="Royal Paladin", nation="United Sanctuary", race=["High Beast"], set_="BT01", rarity="R",
        text="[CONT](RC):During your turn, if the vanguard this unit boosts is «Blaster Blade», this unit "
        "gets [Power]+4000.",
    ),
    _vg(
        "BT01-030", "Future Knight, Llew", ["Trigger Unit"], 1, power=5000, shield=10000, critical=1,
        trigger="Critical", skill="Boost", clan="Royal Paladin", nation="United Sanctuary", race=["Human"],
        set_="BT01", rarity="C",
    ),
    _vg(
        "BT01-031", "Bringer of Good Luck, Epona", ["Trigger Unit"], 1, power=5000, shield=10000,
        critical=1, trigger="Heal", skill="Boost", clan="Royal Paladin", nation="United Sanctuary",
        race=["Elf"], set_="BT01", rarity="RR",
    ),
    _vg(
        "BT01-040", "Embodiment of Armor, Bahr", ["Trigger Unit"], 1, power=5000, shield=10000,
        critical=1, trigger="Critical", skill="Boost", clan="Kagero", nation="Dragon Empire",
        race=["Salamander"], set_="BT01", rarity="R",
    ),
    _vg(
        "BT01-041", "Dragon Knight, Nehalem", ["Normal Unit"], 2, power=10000, shield=5000, critical=1,
        skill="Intercept", clan="Kagero", nation="Dragon Empire", race=["Human"], set_="BT01", rarity="C",
    ),
    _vg(
        "D-BT01/001", "Dragonic Blademaster", ["Normal Unit"], 3, power=13000, critical=1,
        skill="Twin Drive", nation="Dragon Empire", race=["Flame Dragon"], keywords=("Persona Ride",),
        set_="D-BT01", rarity="RRR",
        text="[AUTO](VC):When this unit attacks, COST [Counter Blast (1)], and retire one of your "
        "opponent's rear-guards.",
    ),
    _vg(
        "D-SD04/004", "Sylvan Horned Beast, Lotte", ["Normal Unit"], 1, power=6000, shield=5000, critical=1,
        skill="Boost", nation="Stoicheia", race=["High Beast", "Dryad"], set_="D-SD04", rarity="TD",
        text="[AUTO]:When this unit is rode upon, if you went second, draw a card.",
    ),
    _vg(
        "D-LBT01/083", "Scramble Sprint, Selma", ["Normal Unit"], 1, power=8000, shield=5000, critical=1,
        skill="Boost", nation="Lyrical Monasterio", race=["Mermaid"], set_="D-LBT01", rarity="C",
        text="[AUTO](RC):When this unit boosts a vanguard, draw a card, choose a card from your hand, and "
        "discard it.",
    ),
    _vg(
        "D-BT01/060", "Blazing Flare Dragon's Roar", ["Normal Order"], 1, nation="Dragon Empire",
        set_="D-BT01", rarity="C",
        text="Choose one of your opponent's rear-guards with 10000 power or less, and retire it.",
    ),
]


def _fow(code: str, name: str, types: list[str], **rest: object) -> CardRecord:
    return _card("forceofwill", code, name, types, **rest)


FORCE_OF_WILL = [
    _fow(
        "TTW-001", "Faria, the Sacred Queen", ["Ruler"], attribute=["Light"], keywords=("Judgment",),
        set_="TTW", rarity="R", text="[Judgment] {W}{W}{1}",
        faces=(
            CardFace(
                name="Faria, the Ruler of God Sword", types=["J-Ruler"], text="Flying. Imperishable.",
                stats={"attribute": ["Light"], "atk": 1000, "defense": 1000, "race": ["Human"]},
            ),
        ),
    ),
    _fow(
        "TAT-005", "Bahamut, the Dragon King", ["Resonator"], cost="{R}{R}{R}{3}", cost_value=6,
        attribute=["Fire"], atk=1200, defense=1200, race=["Dragon"], keywords=("Flying", "Swiftness"),
        set_="TAT", rarity="SR",
        text="Flying. Swiftness. When this card enters your field, destroy all other J/resonators.",
    ),
    _fow(
        "TTW-050", "Rukh Egg", ["Resonator"], cost="{G}", cost_value=1, attribute=["Wind"], atk=100,
        defense=100, race=["Bird"], set_="TTW", rarity="C",
        text="When this card is put into a graveyard from the field, search your main deck for a "
        "resonator with Rukh in its name and put it into your field.",
    ),
    _fow(
        "CMF-030", "Scheherazade, the Teller of Tales", ["Resonator"], cost="{U}{2}", cost_value=3,
        attribute=["Water"], atk=600, defense=600, race=["Fairy Tale"], set_="CMF", rarity="R",
        text="[Enter] Draw a card.",
    ),
    _fow(
        "SKL-023", "Zero, the Magus of Null", ["Resonator"], cost="{U}{G}{1}", cost_value=3,
        attribute=["Water", "Wind"], atk=500, defense=500, race=["Human", "Wizard"], keywords=("Quickcast",),
        set_="SKL", rarity="SR",
        text="Quickcast. [Enter] Draw a card, then put a card from your hand on top of your main deck.",
    ),
    _fow(
        "TAT-010", "Thunder", ["Chant"], cost="{R}{1}", cost_value=2, attribute=["Fire"], set_="TAT",
        rarity="C", text="Thunder deals 800 damage to target J/resonator.",
    ),
    _fow(
        "CMF-100", "Magic Stone of Blasting Waves", ["Special Magic Stone", "Magic Stone"], set_="CMF",
        rarity="R", text="[Rest]: Produce {U}.",
    ),
    _fow(
        "TAT-040", "Laevateinn, the Demon Sword", ["Addition:J/Resonator"], cost="{R}{2}", cost_value=3,
        attribute=["Fire"], set_="TAT", rarity="R", text="Added J/resonator gains [+400/+400] and Swiftness.",
    ),
    _fow(
        "ADK-001", "Amaterasu, the Sun Goddess", ["Resonator"], cost="{W}{W}{3}", cost_value=5,
        attribute=["Light"], atk=1000, defense=1000, race=["Deity"], divinity=3, set_="ADK", rarity="SR",
        text="[Enter] Recover all resonators you control.",
    ),
    _fow(
        "ADK-050", "Tsukuyomi, the Moon God", ["Resonator"], cost="{B}{B}{2}", cost_value=4,
        attribute=["Darkness"], atk=800, defense=800, race=["Deity"], divinity=1, set_="ADK", rarity="R",
        text="Target resonator gets [-200/-200] until end of turn.",
    ),
    _fow(
        "ADK-060", "Ragnarök", ["Chant"], cost="{B}{B}{B}{4}", cost_value=7, attribute=["Darkness"],
        set_="ADK", rarity="SR", text="Destroy all J/resonators. Each player discards their hand.",
    ),
    _fow(
        "CMF-070", "Cheshire Cat, the Grinning Remnant", ["Resonator"], cost="{G}{1}", cost_value=2,
        attribute=["Wind"], atk=600, defense=600, race=["Beast", "Fairy Tale"], keywords=("Flying",),
        set_="CMF", rarity="U", text="Flying",
    ),
]


def _gr(code: str, name: str, types: list[str], **rest: object) -> CardRecord:
    return _card("gateruler", code, name, types, **rest)


GATE_RULER = [
    _gr(
        "2021GB01-001", "Göndul, Valkyrie of the Spear", ["Unit"], faction="Valhalla",
        attributes=["Valkyrie", "Human"], level=3, atk=3000, hp=4000, stk=1, icons=["OD"],
        keywords=("Overdrive",), set_="GR01", rarity="SR",
        text="[Overdrive] When this unit attacks, deal 1000 damage to target unit.",
    ),
    _gr(
        "2021GB01-002", "Göndul's Barrage", ["Event"], faction="Valhalla", level=2, set_="GR01", rarity="C",
        text="Deal 3000 damage to target unit. Draw a card.",
    ),
    _gr(
        "2021GB01-003", "Odin, Lord of Valhalla", ["Ruler"], faction="Valhalla", attributes=["God"], atk=2000,
        stk=1, life=20, icons=["Legendary"], set_="GR01", rarity="RR",
        text="Your {Valkyrie} units get +1000 ATK.",
    ),
    _gr(
        "2021GB02-004", "Fafnir, the Greed Dragon", ["Unit"], faction="Niflheim",
        attributes=["Dragon", "Beast"], level=5, atk=6000, hp=7000, stk=2, icons=["TD", "Legendary"],
        keywords=("Touchdown",), set_="GR02", rarity="UR",
        text="[Touchdown] Destroy target unit with level 2 or less.",
    ),
    _gr(
        "2021GB02-005", "Cheshire Grin", ["Unit"], faction="Wonderland", attributes=["Beast"], level=1,
        atk=1000, hp=1000, stk=1, icons=["CNT"], keywords=("Counter",), set_="GR02", rarity="C",
        text="[Counter] Return target attacking unit to its owner's hand.",
    ),
    _gr(
        "2021GB02-006", "Alice of the Looking Glass", ["Ruler"], faction="Wonderland", attributes=["Human"],
        atk=1000, stk=1, life=18, set_="GR02", rarity="RR", text="Your units cost 1 less.",
    ),
    _gr(
        "2021GB02-007", "Midgard Serpent", ["Unit"], faction="Niflheim", attributes=["Dragon"], level=4,
        atk=5000, hp=6000, stk=1, set_="GR02", rarity="R",
    ),
    _gr(
        "2021GB01-008", "Rainbow Bridge Bifrost", ["Field"], faction="Valhalla", level=2, set_="GR01",
        rarity="R", text="Your {Valkyrie} units get +1000 HP.",
    ),
    _gr(
        "2021GB01-009", "Yggdrasil Sap", ["Resource"], set_="GR01", rarity="C",
        text="Exhaust this card: add 1 to your resources.",
    ),
    _gr(
        "2021GB01-010", "Oath of the Einherjar", ["Geas"], faction="Valhalla", set_="GR01", rarity="R",
        text="Your units with the Valkyrie attribute cannot be destroyed by effects.",
    ),
    _gr(
        "2021GB02-011", "White Rabbit, Herald of Time", ["Unit"], faction="Wonderland",
        attributes=["Beast", "Human"], level=2, atk=2000, hp=3000, stk=1, icons=["OD"],
        keywords=("Overdrive",), set_="GR02", rarity="U", text="[Overdrive] Draw a card.",
    ),
    _gr(
        "2021GB02-012", "Hel, Queen of the Dead", ["Unit"], faction="Niflheim", attributes=["God"], level=6,
        atk=7000, hp=8000, stk=3, icons=["Legendary"], set_="GR02", rarity="UR",
        text="When this unit enters play, destroy all other units.",
    ),
]
# fmt: on


CARDS = {
    "duelmasters": DUEL_MASTERS,
    "vanguard": VANGUARD,
    "forceofwill": FORCE_OF_WILL,
    "gateruler": GATE_RULER,
}

# ---------------------------------------------------------------------------------------- database


def _statements(script: str) -> list[str]:
    """Split a migration into statements (trigger bodies whole), as ``bot/store/database.py`` does."""
    statements: list[str] = []
    buffer: list[str] = []
    for line in script.splitlines():
        buffer.append(line)
        joined = "\n".join(buffer).strip()
        if joined.endswith(";") and sqlite3.complete_statement(joined):
            statements.append(joined)
            buffer = []
    assert not "\n".join(buffer).strip()
    return statements


def _insert(connection: sqlite3.Connection, card: CardRecord) -> None:
    """Store a card as the card store does: its row, its searchable values and its FTS row."""
    cursor = connection.execute(
        "INSERT INTO cards (game, code, name, norm_name, types, cost, cost_value, stats, text, keywords,"
        " set_code, rarity, faces, errata, aliases, source)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            card.game,
            card.code,
            card.name,
            fold(card.name),
            json.dumps(card.types),
            card.cost,
            card.cost_value,
            json.dumps(card.stats),
            card.text,
            json.dumps(card.keywords),
            card.set,
            card.rarity,
            json.dumps([f.model_dump() for f in card.faces]),
            "[]",
            json.dumps(card.aliases),
            "test",
        ),
    )
    card_id = cursor.lastrowid
    connection.executemany(
        "INSERT INTO card_values (card_id, key, num, txt) VALUES (?, ?, ?, ?)",
        [(card_id, key, num, txt) for key, num, txt in searchable_values(card)],
    )
    connection.execute(
        "INSERT INTO cards_fts (rowid, name, text) VALUES (?, ?, ?)",
        (card_id, " ".join(card.names), "\n".join([card.text, *(f.text for f in card.faces)])),
    )


def _database(path: Path | str, cards: list[CardRecord]) -> sqlite3.Connection:
    """A database with the card tables (migrations 1 and 2: migration 2 also alters a table of 1)."""
    connection = sqlite3.connect(path)
    for script in MIGRATIONS[:2]:
        for statement in _statements(script):
            connection.execute(statement)
    for card in cards:
        _insert(connection, card)
    connection.commit()
    return connection


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path = tmp_path_factory.mktemp("cards") / "cards.sqlite3"
    connection = _database(path, [card for cards in CARDS.values() for card in cards])
    yield connection
    connection.close()


def _names(db: sqlite3.Connection, game: str, query: str) -> set[str]:
    where, params = compile_text(query, game)
    rows = db.execute(f"SELECT c.name FROM cards c WHERE c.game = ? AND ({where})", [game, *params])
    return {row[0] for row in rows}


def _all(game: str) -> set[str]:
    return {card.name for card in CARDS[game]}


# ------------------------------------------------------------------------------------ query results

DM_FIRE = {"Bolshack Dragon", "Gaial Kaiser", "Bolshack Kaiser"}
DM_TRIGGERS = {"Holy Awe", "Terror Pit", "Solar Ray", "Crystal Memory"}
DM_CREATURES = _all("duelmasters") - DM_TRIGGERS

CASES: list[tuple[str, str, set[str]]] = [
    # Duel Masters: multi-valued civilizations and races, twinpact faces, numbers, flags.
    ("duelmasters", "civ:fire", DM_FIRE),
    ("duelmasters", "civilization=fire", DM_FIRE),
    ("duelmasters", "CIVS:FIRE", DM_FIRE),
    ("duelmasters", "civilisation:nature", {"Bronze-Arm Tribe", "Gaial Kaiser"}),
    ("duelmasters", "-civ:fire", _all("duelmasters") - DM_FIRE),
    ("duelmasters", "civ!=nature", _all("duelmasters") - {"Bronze-Arm Tribe", "Gaial Kaiser"}),
    ("duelmasters", "civ:fire civ:nature", {"Gaial Kaiser"}),
    ("duelmasters", "race:dragon", {"Bolshack Dragon", "Gaial Kaiser", "Bolshack Kaiser"}),
    ("duelmasters", 'race="earth dragon"', {"Gaial Kaiser"}),
    ("duelmasters", "race=dragon", set()),
    (
        "duelmasters",
        "-race:dragon",
        _all("duelmasters") - {"Bolshack Dragon", "Gaial Kaiser", "Bolshack Kaiser"},
    ),
    (
        "duelmasters",
        'race!="armored dragon"',
        {
            "Aqua Hulcus",
            "Bronze-Arm Tribe",
            "Deathliger, Lion of Chaos",
            "Miele, Vizier of Lightning",
            "Emperor Quazla",
        },
    ),
    ("duelmasters", "tribe:command", {"Deathliger, Lion of Chaos"}),
    (
        "duelmasters",
        "power>=6000",
        {"Bolshack Dragon", "Deathliger, Lion of Chaos", "Gaial Kaiser", "Bolshack Kaiser"},
    ),
    ("duelmasters", "power>6000", {"Deathliger, Lion of Chaos", "Gaial Kaiser", "Bolshack Kaiser"}),
    ("duelmasters", "power<2000", {"Bronze-Arm Tribe", "Miele, Vizier of Lightning"}),
    ("duelmasters", "pow<=2000", {"Bronze-Arm Tribe", "Miele, Vizier of Lightning", "Aqua Hulcus"}),
    ("duelmasters", "power=5000", {"Emperor Quazla"}),
    ("duelmasters", "power:5000", {"Emperor Quazla"}),
    ("duelmasters", "power>=11,000", {"Gaial Kaiser", "Bolshack Kaiser"}),
    ("duelmasters", "power!=6000", DM_CREATURES - {"Bolshack Dragon"}),
    ("duelmasters", "-power=6000", _all("duelmasters") - {"Bolshack Dragon"}),
    (
        "duelmasters",
        "cost<=3",
        {"Aqua Hulcus", "Bronze-Arm Tribe", "Miele, Vizier of Lightning", "Solar Ray"},
    ),
    ("duelmasters", "cmc>7", {"Bolshack Kaiser"}),
    ("duelmasters", "t:creature", DM_CREATURES),
    ("duelmasters", "t=creature", DM_CREATURES - {"Emperor Quazla"}),
    ("duelmasters", "t=spell", DM_TRIGGERS | {"Bolshack Kaiser"}),
    ("duelmasters", "t:spell -is:twinpact", DM_TRIGGERS),
    ("duelmasters", "is:twinpact", {"Bolshack Kaiser"}),
    ("duelmasters", "is=evolution", {"Emperor Quazla"}),
    ("duelmasters", "name:bolshack", {"Bolshack Dragon", "Bolshack Kaiser"}),
    ("duelmasters", "n:bols*", {"Bolshack Dragon", "Bolshack Kaiser"}),
    ("duelmasters", "name:bols", set()),
    ("duelmasters", "name:buster", {"Bolshack Kaiser"}),
    ("duelmasters", "name:BOLSHÄCK name:dragon", {"Bolshack Dragon"}),
    ("duelmasters", "bolshack", {"Bolshack Dragon", "Bolshack Kaiser"}),
    ("duelmasters", "graveyard", {"Bolshack Dragon"}),
    ("duelmasters", "name:graveyard", set()),
    ("duelmasters", "o:graveyard", {"Bolshack Dragon"}),
    ("duelmasters", 'o:"shield trigger"', DM_TRIGGERS),
    ("duelmasters", "oracle:shield o:trigger", DM_TRIGGERS),
    ("duelmasters", '"trigger shield"', set()),
    (
        "duelmasters",
        '"battle zone"',
        {"Aqua Hulcus", "Bronze-Arm Tribe", "Holy Awe", "Miele, Vizier of Lightning", "Solar Ray"},
    ),
    ("duelmasters", 'k:"shield trigger"', DM_TRIGGERS),
    ("duelmasters", 'k="double breaker"', {"Bolshack Dragon", "Deathliger, Lion of Chaos"}),
    (
        "duelmasters",
        "kw:breaker",
        {"Bolshack Dragon", "Deathliger, Lion of Chaos", "Gaial Kaiser", "Bolshack Kaiser"},
    ),
    ("duelmasters", "set:dm-02", {"Emperor Quazla", "Gaial Kaiser", "Bolshack Kaiser"}),
    ("duelmasters", "e:evo", {"Emperor Quazla", "Gaial Kaiser", "Bolshack Kaiser"}),
    ("duelmasters", 'set="dm-03 rampage of the super warriors"', {"Solar Ray", "Crystal Memory"}),
    ("duelmasters", "r=vr", {"Bolshack Dragon", "Deathliger, Lion of Chaos", "Emperor Quazla"}),
    ("duelmasters", "rarity=r", {"Holy Awe", "Terror Pit", "Miele, Vizier of Lightning", "Crystal Memory"}),
    ("duelmasters", "code:dm02", {"Emperor Quazla", "Gaial Kaiser", "Bolshack Kaiser"}),
    ("duelmasters", "cn=DM01-001", {"Bolshack Dragon"}),
    (
        "duelmasters",
        "code!=dm01-001 code:dm01-00",
        {
            "Aqua Hulcus",
            "Bronze-Arm Tribe",
            "Holy Awe",
            "Terror Pit",
            "Deathliger, Lion of Chaos",
            "Miele, Vizier of Lightning",
        },
    ),
    # or, |, precedence and parentheses, explicit and, negated groups.
    (
        "duelmasters",
        "civ:water or civ:light",
        {
            "Aqua Hulcus",
            "Emperor Quazla",
            "Crystal Memory",
            "Holy Awe",
            "Miele, Vizier of Lightning",
            "Solar Ray",
        },
    ),
    (
        "duelmasters",
        "civ:water | civ:light",
        {
            "Aqua Hulcus",
            "Emperor Quazla",
            "Crystal Memory",
            "Holy Awe",
            "Miele, Vizier of Lightning",
            "Solar Ray",
        },
    ),
    (
        "duelmasters",
        "civ:water t:spell OR civ:light t:creature",
        {"Crystal Memory", "Miele, Vizier of Lightning"},
    ),
    ("duelmasters", "(civ:water or civ:light) t:spell", {"Crystal Memory", "Holy Awe", "Solar Ray"}),
    ("duelmasters", "-(civ:water or civ:light) t:spell", {"Terror Pit", "Bolshack Kaiser"}),
    ("duelmasters", "--civ:fire", DM_FIRE),
    ("duelmasters", "civ:fire and power>10000", {"Gaial Kaiser", "Bolshack Kaiser"}),
    ("duelmasters", "civ:fire AND (power<7000 | is:twinpact)", {"Bolshack Dragon", "Bolshack Kaiser"}),
    ("duelmasters", "((civ:fire))", DM_FIRE),
    ("duelmasters", "destroy", {"Terror Pit", "Bolshack Kaiser"}),
    ("duelmasters", "destroy -name:buster", {"Terror Pit"}),
    ("duelmasters", "destroy -(t:spell or name:buster)", set()),
    # Vanguard: grades, triggers, nations and clans, D-series cards beside classic ones.
    ("vanguard", "grade=3", {"King of Knights, Alfred", "Dragonic Overlord", "Dragonic Blademaster"}),
    ("vanguard", "g:3", {"King of Knights, Alfred", "Dragonic Overlord", "Dragonic Blademaster"}),
    (
        "vanguard",
        "grade>=2",
        {
            "King of Knights, Alfred",
            "Dragonic Overlord",
            "Dragonic Blademaster",
            "Blaster Blade",
            "Dragon Knight, Nehalem",
        },
    ),
    ("vanguard", "power>=13000", {"King of Knights, Alfred", "Dragonic Overlord", "Dragonic Blademaster"}),
    (
        "vanguard",
        "shield>=10000",
        {"Future Knight, Llew", "Bringer of Good Luck, Epona", "Embodiment of Armor, Bahr"},
    ),
    ("vanguard", "sh=10000 trigger:critical", {"Future Knight, Llew", "Embodiment of Armor, Bahr"}),
    ("vanguard", "trig=heal", {"Bringer of Good Luck, Epona"}),
    ("vanguard", "trigger!=critical", {"Bringer of Good Luck, Epona"}),
    ("vanguard", 't:"trigger unit" -trigger:critical', {"Bringer of Good Luck, Epona"}),
    ("vanguard", "crit=1 t:order", set()),
    ("vanguard", "t:order", {"Blazing Flare Dragon's Roar"}),
    ("vanguard", "power!=13000 grade>=2", {"Blaster Blade", "Dragon Knight, Nehalem"}),
    (
        "vanguard",
        'nation:"dragon empire"',
        {
            "Dragonic Overlord",
            "Embodiment of Armor, Bahr",
            "Dragon Knight, Nehalem",
            "Dragonic Blademaster",
            "Blazing Flare Dragon's Roar",
        },
    ),
    ("vanguard", "nat:stoicheia", {"Sylvan Horned Beast, Lotte"}),
    (
        "vanguard",
        'clan:"royal paladin"',
        {
            "Blaster Blade",
            "King of Knights, Alfred",
            "Wingal",
            "Future Knight, Llew",
            "Bringer of Good Luck, Epona",
        },
    ),
    ("vanguard", "clan=kagero grade=2", {"Dragon Knight, Nehalem"}),
    ("vanguard", "race:human grade=2", {"Blaster Blade", "Dragon Knight, Nehalem"}),
    ("vanguard", "race:beast", {"Wingal", "Sylvan Horned Beast, Lotte"}),
    ("vanguard", "race=dryad", {"Sylvan Horned Beast, Lotte"}),
    ("vanguard", "skill=intercept", {"Blaster Blade", "Dragon Knight, Nehalem"}),
    ("vanguard", 'o:"counter blast"', {"Blaster Blade", "Dragonic Overlord", "Dragonic Blademaster"}),
    ("vanguard", 'k:"persona ride"', {"Dragonic Blademaster"}),
    ("vanguard", 'name:"blaster blade"', {"Blaster Blade"}),
    ("vanguard", '"blaster blade"', {"Blaster Blade", "Wingal"}),
    ("vanguard", "blaster -name:blaster", {"Wingal"}),
    ("vanguard", "set=d-bt01", {"Dragonic Blademaster", "Blazing Flare Dragon's Roar"}),
    ("vanguard", "code:d-bt01/0", {"Dragonic Blademaster", "Blazing Flare Dragon's Roar"}),
    ("vanguard", "draw a card", {"Sylvan Horned Beast, Lotte", "Scramble Sprint, Selma"}),
    ("vanguard", "retire (grade=2 or t:order)", {"Blaster Blade", "Blazing Flare Dragon's Roar"}),
    # Force of Will: attributes, ATK/DEF on a J-Ruler face, divinity, substring vs exact types.
    ("forceofwill", "attr:fire", {"Bahamut, the Dragon King", "Thunder", "Laevateinn, the Demon Sword"}),
    (
        "forceofwill",
        "color=wind",
        {"Rukh Egg", "Zero, the Magus of Null", "Cheshire Cat, the Grinning Remnant"},
    ),
    (
        "forceofwill",
        "attribute!=wind",
        {
            "Faria, the Sacred Queen",
            "Bahamut, the Dragon King",
            "Scheherazade, the Teller of Tales",
            "Thunder",
            "Laevateinn, the Demon Sword",
            "Amaterasu, the Sun Goddess",
            "Tsukuyomi, the Moon God",
            "Ragnarök",
        },
    ),
    (
        "forceofwill",
        "-attr:wind -attr:light -attr:fire -attr:darkness",
        {"Scheherazade, the Teller of Tales", "Magic Stone of Blasting Waves"},
    ),
    (
        "forceofwill",
        "def>=1000",
        {"Faria, the Sacred Queen", "Bahamut, the Dragon King", "Amaterasu, the Sun Goddess"},
    ),
    ("forceofwill", "defense>1000", {"Bahamut, the Dragon King"}),
    ("forceofwill", "atk<=100", {"Rukh Egg"}),
    (
        "forceofwill",
        "attack=600",
        {"Scheherazade, the Teller of Tales", "Cheshire Cat, the Grinning Remnant"},
    ),
    ("forceofwill", "cost>=6", {"Bahamut, the Dragon King", "Ragnarök"}),
    (
        "forceofwill",
        "cost=3",
        {"Scheherazade, the Teller of Tales", "Zero, the Magus of Null", "Laevateinn, the Demon Sword"},
    ),
    ("forceofwill", "race:deity", {"Amaterasu, the Sun Goddess", "Tsukuyomi, the Moon God"}),
    ("forceofwill", "div>=2", {"Amaterasu, the Sun Goddess"}),
    ("forceofwill", "divinity:1", {"Tsukuyomi, the Moon God"}),
    ("forceofwill", "t:j-ruler", {"Faria, the Sacred Queen"}),
    ("forceofwill", "t=ruler", {"Faria, the Sacred Queen"}),
    (
        "forceofwill",
        "t:resonator",
        {
            "Bahamut, the Dragon King",
            "Rukh Egg",
            "Scheherazade, the Teller of Tales",
            "Zero, the Magus of Null",
            "Amaterasu, the Sun Goddess",
            "Tsukuyomi, the Moon God",
            "Cheshire Cat, the Grinning Remnant",
            "Laevateinn, the Demon Sword",
        },
    ),
    ("forceofwill", "t:addition", {"Laevateinn, the Demon Sword"}),
    ("forceofwill", 't="magic stone"', {"Magic Stone of Blasting Waves"}),
    ("forceofwill", "name:faria", {"Faria, the Sacred Queen"}),
    ("forceofwill", 'name:"ruler of god sword"', {"Faria, the Sacred Queen"}),
    ("forceofwill", "imperishable", {"Faria, the Sacred Queen"}),
    ("forceofwill", "ragnarok", {"Ragnarök"}),
    ("forceofwill", "name:RAGNARÖK", {"Ragnarök"}),
    ("forceofwill", "k:flying", {"Bahamut, the Dragon King", "Cheshire Cat, the Grinning Remnant"}),
    ("forceofwill", 'o:"draw a card"', {"Scheherazade, the Teller of Tales", "Zero, the Magus of Null"}),
    ("forceofwill", '"draw a card" -attr:wind', {"Scheherazade, the Teller of Tales"}),
    ("forceofwill", "o:destr*", {"Bahamut, the Dragon King", "Ragnarök"}),
    ("forceofwill", "race:human", {"Faria, the Sacred Queen", "Zero, the Magus of Null"}),
    (
        "forceofwill",
        'race="fairy tale"',
        {"Scheherazade, the Teller of Tales", "Cheshire Cat, the Grinning Remnant"},
    ),
    ("forceofwill", "s:adk r=sr", {"Amaterasu, the Sun Goddess", "Ragnarök"}),
    # Gate Ruler: factions, attributes, level (also 'cost'), icons, life, accents.
    (
        "gateruler",
        "faction:valhalla",
        {
            "Göndul, Valkyrie of the Spear",
            "Göndul's Barrage",
            "Odin, Lord of Valhalla",
            "Rainbow Bridge Bifrost",
            "Oath of the Einherjar",
        },
    ),
    ("gateruler", "attr:dragon", {"Fafnir, the Greed Dragon", "Midgard Serpent"}),
    (
        "gateruler",
        "attribute=beast",
        {"Fafnir, the Greed Dragon", "Cheshire Grin", "White Rabbit, Herald of Time"},
    ),
    (
        "gateruler",
        "attributes:human",
        {"Göndul, Valkyrie of the Spear", "Alice of the Looking Glass", "White Rabbit, Herald of Time"},
    ),
    ("gateruler", "level>=5", {"Fafnir, the Greed Dragon", "Hel, Queen of the Dead"}),
    ("gateruler", "lv<2", {"Cheshire Grin"}),
    (
        "gateruler",
        "cost<=2",
        {"Göndul's Barrage", "Cheshire Grin", "Rainbow Bridge Bifrost", "White Rabbit, Herald of Time"},
    ),
    ("gateruler", "atk>=5000", {"Fafnir, the Greed Dragon", "Midgard Serpent", "Hel, Queen of the Dead"}),
    ("gateruler", "hp<3000", {"Cheshire Grin"}),
    ("gateruler", "stk>=2", {"Fafnir, the Greed Dragon", "Hel, Queen of the Dead"}),
    ("gateruler", "life>=20", {"Odin, Lord of Valhalla"}),
    ("gateruler", "life<20", {"Alice of the Looking Glass"}),
    ("gateruler", "icon:od", {"Göndul, Valkyrie of the Spear", "White Rabbit, Herald of Time"}),
    (
        "gateruler",
        "icons=legendary",
        {"Odin, Lord of Valhalla", "Fafnir, the Greed Dragon", "Hel, Queen of the Dead"},
    ),
    ("gateruler", "t:ruler", {"Odin, Lord of Valhalla", "Alice of the Looking Glass"}),
    ("gateruler", "t=geas or t=resource", {"Oath of the Einherjar", "Yggdrasil Sap"}),
    ("gateruler", "gondul", {"Göndul, Valkyrie of the Spear", "Göndul's Barrage"}),
    ("gateruler", "name:göndul's", {"Göndul's Barrage"}),
    (
        "gateruler",
        "valkyrie",
        {
            "Göndul, Valkyrie of the Spear",
            "Odin, Lord of Valhalla",
            "Rainbow Bridge Bifrost",
            "Oath of the Einherjar",
        },
    ),
    ("gateruler", 'o:"draw a card"', {"Göndul's Barrage", "White Rabbit, Herald of Time"}),
    ("gateruler", "t:unit (faction:valhalla or faction:wonderland) -icon:od", {"Cheshire Grin"}),
    ("gateruler", "k:overdrive", {"Göndul, Valkyrie of the Spear", "White Rabbit, Herald of Time"}),
]


@pytest.mark.parametrize(("game", "query", "expected"), CASES)
def test_query_finds_exactly_the_expected_cards(
    db: sqlite3.Connection, game: str, query: str, expected: set[str]
) -> None:
    assert _all(game) >= expected
    assert _names(db, game, query) == expected


def test_zero_is_a_value(tmp_path: Path) -> None:
    """Grade 0, critical 0 and cost 0 are stored and found (a 0 is not a missing stat)."""
    cards = [
        _vg("D-SD01/017", "Sunrise Egg", ["Trigger Unit"], 0, power=5000, shield=10000, critical=0),
        _vg("D-SD01/005", "Trickstar", ["Normal Unit"], 1, power=8000, shield=5000, critical=1),
    ]
    connection = _database(tmp_path / "zero.sqlite3", cards)
    try:
        assert _names(connection, "vanguard", "grade=0") == {"Sunrise Egg"}
        assert _names(connection, "vanguard", "crit<1") == {"Sunrise Egg"}
        assert _names(connection, "vanguard", "grade!=0") == {"Trickstar"}
        assert _names(connection, "vanguard", "-grade:0") == {"Trickstar"}
    finally:
        connection.close()


def test_every_key_of_every_game_runs(db: sqlite3.Connection) -> None:
    """Each key and alias, with each operator it takes, compiles and runs; the others are refused."""
    all_operators = (":", "=", "!=", "<", "<=", ">", ">=")
    for game in GAMES:
        for key in keys_for(game):
            value = key.flags[0] if key.flags else "5" if key.kind.value == "number" else "dragon"
            for spelling in (key.name, *key.aliases):
                for op in all_operators:
                    query = f"{spelling}{op}{value}"
                    if op in key.operators:
                        _names(db, game, query)
                    else:
                        with pytest.raises(QueryError) as error:
                            compile_text(query, game)
                        assert error.value.position == len(spelling)


# ---------------------------------------------------------------------------------------- the tree


def _shape(node: Node) -> object:
    """The tree without positions."""
    if isinstance(node, Term):
        return (node.key, node.op, node.value, node.quoted)
    if isinstance(node, Not):
        return ("not", _shape(node.child))
    return (type(node).__name__, tuple(_shape(child) for child in node.children))


def test_parse_builds_the_tree_with_positions() -> None:
    tree = parse('t:dragon power>=6000 or -(o:"draw a card" civ!=fire) bolshack')
    assert _shape(tree) == (
        "Or",
        (
            ("And", (("t", ":", "dragon", False), ("power", ">=", "6000", False))),
            (
                "And",
                (
                    ("not", ("And", (("o", ":", "draw a card", True), ("civ", "!=", "fire", False)))),
                    (None, ":", "bolshack", False),
                ),
            ),
        ),
    )
    assert isinstance(tree, Or)
    first = tree.children[0]
    assert isinstance(first, And)
    power = first.children[1]
    assert isinstance(power, Term)
    assert (power.position, power.op_position, power.value_position) == (9, 14, 16)
    second = tree.children[1]
    assert isinstance(second, And) and isinstance(second.children[0], Not)
    assert str(tree) == 't:dragon power>=6000 or -(o:"draw a card" civ!=fire) bolshack'


def test_double_negation_cancels_and_and_is_optional() -> None:
    assert _shape(parse("--a")) == (None, ":", "a", False)
    assert _shape(parse("a AND b")) == _shape(parse("a b"))
    assert _shape(parse("a | b")) == _shape(parse("a OR b")) == _shape(parse("a or b"))
    assert _shape(parse('"or"')) == (None, ":", "or", True)
    assert _shape(parse("a (b c)")) == _shape(parse("a b c"))
    assert _shape(parse("(a or b) or c")) == _shape(parse("a or b or c"))
    assert _shape(parse("a (b or c)")) == (
        "And",
        ((None, ":", "a", False), ("Or", ((None, ":", "b", False), (None, ":", "c", False)))),
    )


# -------------------------------------------------------------------------------------------- errors

ERRORS: list[tuple[str, str, int, str]] = [
    ("", "vanguard", 0, "empty"),
    ("   ", "vanguard", 0, "empty"),
    ("t:unit pwr>=5000", "vanguard", 7, "unknown key 'pwr' (did you mean 'power'?)"),
    ("civ:fire", "vanguard", 0, "it is a key for Duel Masters"),
    ("grade>=3", "duelmasters", 0, "unknown key 'grade'"),
    ("power>=abc", "vanguard", 7, "'abc' is not a whole number"),
    ('power>="lots"', "vanguard", 7, "not a whole number"),
    ("power>=99999999999999", "vanguard", 7, "too large"),
    ("grade=2.5", "vanguard", 6, "not a whole number"),
    ("race>dragon", "vanguard", 4, "'race' can't be used with '>'"),
    ("name=blaster", "vanguard", 4, "can't be used with '='"),
    ("is:foil", "duelmasters", 3, "twinpact, evolution"),
    ("(t:unit or grade=3", "vanguard", 0, "never closed"),
    ("t:unit (grade=3", "vanguard", 7, "never closed"),
    ("t:unit)", "vanguard", 6, "no matching '('"),
    ("()", "vanguard", 0, "parentheses are empty"),
    ("t:unit or", "vanguard", 7, "'or' needs a term on each side"),
    ("or t:unit", "vanguard", 0, "'or' needs a term on each side"),
    ("t:unit | | grade=3", "vanguard", 7, "'|' needs a term on each side"),
    ("(t:unit or) grade=3", "vanguard", 8, "'or' needs a term on each side"),
    ("t:unit and", "vanguard", 7, "'and' needs a term on each side"),
    ("t:unit -", "vanguard", 7, "'-' must be followed"),
    ("- t:unit", "vanguard", 0, "'-' must be followed"),
    ("-or", "vanguard", 0, "'-' must be followed"),
    ('o:"draw a card', "vanguard", 2, "never closed"),
    ('""', "vanguard", 0, "quotes are empty"),
    ("t:", "vanguard", 2, "needs a value"),
    ("t: unit", "vanguard", 2, "needs a value"),
    ("power >= 5000", "vanguard", 6, "'>=' needs a key right before it"),
    ("!t:unit", "vanguard", 0, "'-'"),
    ("!!!", "vanguard", 0, "'-'"),
    ("t:unit ...", "vanguard", 7, "no letters or digits"),
    ("name:*", "vanguard", 5, "no letters or digits"),
    ("t:unit a\ud800", "vanguard", 8, "not valid text"),
]


@pytest.mark.parametrize(("query", "game", "position", "fragment"), ERRORS)
def test_errors_name_the_position(query: str, game: str, position: int, fragment: str) -> None:
    with pytest.raises(QueryError) as caught:
        compile_text(query, game)
    error = caught.value
    assert isinstance(error, ArbiterError)
    assert error.position == position, str(error)
    assert fragment in str(error)
    assert str(error).startswith(f"At position {position}: ")
    assert str(error).endswith((".", "?"))


def test_unknown_key_lists_the_game_keys() -> None:
    with pytest.raises(QueryError) as caught:
        compile_text("pwr>=5", "vanguard")
    message = str(caught.value)
    assert "keys for Cardfight!! Vanguard: name, text, type, grade, power" in message


def test_limits() -> None:
    with pytest.raises(QueryError) as caught:
        parse("a" * (MAX_QUERY_LENGTH + 1))
    assert caught.value.position == MAX_QUERY_LENGTH
    parse(" ".join(["ab"] * MAX_TERMS))
    with pytest.raises(QueryError) as caught:
        parse(" ".join(["ab"] * (MAX_TERMS + 1)))
    assert caught.value.position == 3 * MAX_TERMS
    assert "more than 50 terms" in str(caught.value)
    parse("(" * MAX_DEPTH + "a" + ")" * MAX_DEPTH)
    with pytest.raises(QueryError) as caught:
        parse("(" * (MAX_DEPTH + 1) + "a" + ")" * (MAX_DEPTH + 1))
    assert caught.value.position == MAX_DEPTH
    assert _shape(parse("-" * 500 + "a")) == (None, ":", "a", False)


def test_pointer_shows_a_caret_under_the_problem() -> None:
    query = "t:unit power>=lots"
    with pytest.raises(QueryError) as caught:
        compile_text(query, "vanguard")
    assert caught.value.pointer(query) == "t:unit power>=lots\n              ^"
    long_query = "x" * 100 + " b:c"
    with pytest.raises(QueryError) as caught:
        compile_text(long_query, "vanguard")
    line, caret = caught.value.pointer(long_query).split("\n")
    assert line[caret.index("^") :].startswith("b:c")


def test_describe_keys_lists_every_key_with_an_example() -> None:
    for game in GAMES:
        text = describe_keys(game)
        for key in keys_for(game):
            assert f"\n{key.name}" in text
            assert key.example in text
            compile_text(key.example, game)
    assert describe_keys("vg") == describe_keys("vanguard")
    assert compile_query(parse("grade=3"), GAMES["vanguard"]) == compile_text("grade=3", "cfv")


# ------------------------------------------------------------------------------------------- safety

_SQL_WORDS = frozenset(
    {
        *(
            "EXISTS",
            "SELECT",
            "FROM",
            "WHERE",
            "AND",
            "OR",
            "NOT",
            "IS",
            "NULL",
            "IN",
            "MATCH",
            "instr",
            "lower",
        ),
        *("card_values", "v", "card_id", "c", "id", "key", "num", "txt", "code", "rowid", "cards_fts"),
        *("0", "1", "(", ")", ".", ",", "=", "<", ">", "<=", ">=", "<>", "?"),
    }
)
_SQL_ATOM = re.compile(r"[A-Za-z_]+|\d+|<>|<=|>=|[().=<>?]|\S")
_SAFE_MATCH = re.compile(r'^(?:(?:name|text) : )?"[^\W_]+(?: [^\W_]+)*"\*?$')


def _assert_safe(sql: str, params: list[object]) -> None:
    """The SQL is made of this module's vocabulary only, and every MATCH string is quoted index tokens."""
    atoms = _SQL_ATOM.findall(sql)
    unexpected = [atom for atom in atoms if atom not in _SQL_WORDS]
    assert not unexpected, (unexpected, sql)
    pieces = sql.split("?")
    assert len(pieces) == len(params) + 1
    for before, param in zip(pieces, params, strict=False):
        if before.endswith("MATCH "):
            assert isinstance(param, str) and _SAFE_MATCH.match(param), param


def test_user_text_only_travels_as_parameters(db: sqlite3.Connection) -> None:
    hostile = [
        'name:"x\'); DROP TABLE cards; --"',
        'o:"a" OR 1=1 --"',
        'o:"NEAR(draw card) OR name:*"',
        "t:'; DELETE FROM cards; --",
        'race:"dragon\') OR 1=1 --"',
        "code:%' OR '1'='1",
        "ZQXJ*",
        "text:{name}:zqxj^",
    ]
    for query in hostile:
        try:
            sql, params = compile_text(query, "duelmasters")
        except QueryError:
            continue
        _assert_safe(sql, params)
        assert "zqxj" not in sql.casefold() and "drop" not in sql.casefold() and "near" not in sql.casefold()
        _names(db, "duelmasters", query)
    assert db.execute("SELECT count(*) FROM cards").fetchone()[0] == sum(len(c) for c in CARDS.values())


def test_sql_shape_depends_only_on_keys_and_operators() -> None:
    for game in GAMES:
        for key in keys_for(game):
            if key.flags:
                continue
            for op in key.operators:
                values = ("5", "12") if key.kind.value == "number" else ("dragon", '"armored dragon"')
                first, second = (compile_text(f"{key.name}{op}{v}", game) for v in values)
                assert first[0] == second[0]
                assert first[1] != second[1]


_FRAGMENTS = st.sampled_from(
    [
        " ",
        " ",
        " ",
        "(",
        ")",
        "-",
        "|",
        " or ",
        " OR ",
        " and ",
        '"',
        ":",
        "=",
        "!=",
        "<",
        "<=",
        ">",
        ">=",
        "*",
        "name",
        "n",
        "o",
        "text",
        "t",
        "type",
        "cost",
        "power",
        "pow",
        "atk",
        "def",
        "grade",
        "shield",
        "crit",
        "level",
        "lv",
        "civ",
        "attr",
        "nation",
        "clan",
        "faction",
        "race",
        "set",
        "r",
        "trigger",
        "keyword",
        "k",
        "is",
        "icon",
        "hp",
        "stk",
        "life",
        "div",
        "code",
        "pwr",
        "dragon",
        "fire",
        "twinpact",
        "5000",
        "3",
        "-1",
        "10,000",
        "draw a card",
        "göndul's",
        "Ragnarök",
        "NEAR",
        "^",
        "'",
        ";",
        "%",
        "_",
        "\\",
        "\x00",
        "ｆｉｒｅ",
        "５",
        "é",
        "日本",
    ]
)
_SPELLINGS = sorted(
    {spelling for game in GAMES for key in keys_for(game) for spelling in (key.name, *key.aliases)}
)
_KEYED = st.builds(
    "{}{}{}".format,
    st.sampled_from(_SPELLINGS),
    st.sampled_from([":", "=", "!=", "<", "<=", ">", ">="]),
    st.sampled_from(["5", "-3", "12,000", "dragon", "fire", "twinpact", '"armored dragon"', "bols*", "x"])
    | st.text(max_size=6),
)
QUERIES = st.lists(_KEYED | _FRAGMENTS | st.text(max_size=4), max_size=40).map("".join)
TEXTS = st.text(max_size=300)


def _check_any(db: sqlite3.Connection, text: str, game: str) -> None:
    try:
        tree = parse(text)
        sql, params = compile_query(tree, game)
    except QueryError as error:
        assert 0 <= error.position <= len(text)
        assert str(error).startswith(f"At position {error.position}: ")
        return
    _assert_safe(sql, params)
    db.execute(f"SELECT count(*) FROM cards c WHERE c.game = ? AND ({sql})", [game, *params]).fetchone()
    again = parse(str(tree))
    assert _shape(again) == _shape(tree), (text, str(tree))


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS, game=st.sampled_from(sorted(GAMES)))
def test_any_text_compiles_or_raises_query_error(db: sqlite3.Connection, text: str, game: str) -> None:
    _check_any(db, text, game)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(text=QUERIES, game=st.sampled_from(sorted(GAMES)))
def test_query_like_text_compiles_or_raises_query_error(db: sqlite3.Connection, text: str, game: str) -> None:
    _check_any(db, text, game)


@given(text=st.text(alphabet=st.characters(codec=None, categories=["Cs", "Ll", "Zs"]), max_size=30))
def test_surrogates_are_a_query_error(text: str) -> None:
    surrogate = re.search("[\ud800-\udfff]", text)
    try:
        compile_text(text, "gateruler")
    except QueryError as error:
        assert surrogate is None or error.position <= surrogate.start()
    else:
        assert surrogate is None
