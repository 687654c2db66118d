"""Tests of the card importers on the real public data sets and on broken copies of them.

The data sets live outside the repository in ``../shared/carddata`` (see its README; they must never
be committed). Each big file is parsed once per module (module-scoped fixtures). The counts below
were measured on the files of that README and are explained in ``docs/card-formats.md``.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

from engine.cards.importers import FORMATS, CardImportError
from engine.cards.importers.generic import parse_csv, parse_json, to_csv, to_json
from engine.cards.model import CardRecord
from engine.errors import ArbiterError

ROOT = Path(__file__).resolve().parents[3]
CARDDATA = ROOT.parent / "shared" / "carddata"
ARTICLE = ROOT / "data" / "rules" / "gateruler-set3-rules-update.txt"


def data_file(name: str) -> bytes:
    path = CARDDATA / name
    if not path.is_file():
        pytest.skip(f"the public card data set {path} is absent (CI always has ../shared/carddata)")
    return path.read_bytes()


def parse(format_name: str, data: bytes, game: str, schema: bytes | None = None) -> list[CardRecord]:
    return FORMATS[format_name].parse(data, game=game, source_name="test", schema=schema)


def by_code(cards: list[CardRecord]) -> dict[str, CardRecord]:
    return {card.code: card for card in cards}


def error_of(format_name: str, data: bytes, game: str, schema: bytes | None = None) -> CardImportError:
    with pytest.raises(CardImportError) as caught:
        parse(format_name, data, game, schema)
    return caught.value


# --------------------------------------------------------------------------------------------------
# Fixtures: each file parsed once
# --------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fowsim_bytes() -> bytes:
    return data_file("fowsim-cards.json")


@pytest.fixture(scope="module")
def fowsim(fowsim_bytes: bytes) -> list[CardRecord]:
    return parse("fowsim", fowsim_bytes, "forceofwill")


@pytest.fixture(scope="module")
def dm_tcg_bytes() -> bytes:
    return data_file("dm-tcg-cards.json")


@pytest.fixture(scope="module")
def dm_schema() -> bytes:
    return data_file("dm-tcg-schema.json")


@pytest.fixture(scope="module")
def dm_tcg(dm_tcg_bytes: bytes, dm_schema: bytes) -> list[CardRecord]:
    return parse("dm-tcg", dm_tcg_bytes, "duelmasters", dm_schema)


@pytest.fixture(scope="module")
def ocg_bytes() -> bytes:
    return data_file("dm-ocg-cards.csv")


@pytest.fixture(scope="module")
def ocg(ocg_bytes: bytes) -> list[CardRecord]:
    return parse("dm-cockatrice", ocg_bytes, "duelmasters")


@pytest.fixture(scope="module")
def cfv_bytes() -> bytes:
    return data_file("cfv-d-cards.json")


@pytest.fixture(scope="module")
def cfv(cfv_bytes: bytes) -> list[CardRecord]:
    return parse("cfv-d", cfv_bytes, "vanguard")


@pytest.fixture(scope="module")
def gateruler() -> list[CardRecord]:
    return parse("gateruler-set3", ARTICLE.read_bytes(), "gateruler")


# --------------------------------------------------------------------------------------------------
# The registry and the error
# --------------------------------------------------------------------------------------------------


def test_registry_lists_every_format_with_its_game() -> None:
    assert {name: importer.game for name, importer in FORMATS.items()} == {
        "fowsim": "forceofwill",
        "dm-tcg": "duelmasters",
        "dm-cockatrice": "duelmasters",
        "cfv-d": "vanguard",
        "json": None,
        "csv": None,
        "gateruler-set3": "gateruler",
    }
    for name, importer in FORMATS.items():
        assert importer.name == name
        assert importer.description.strip()


def test_import_error_is_one_sentence_naming_location_and_field() -> None:
    error = CardImportError("line 12", "Power", "'abc' is not a number")
    assert isinstance(error, ArbiterError)
    assert str(error) == "line 12, field Power: 'abc' is not a number."
    assert (error.location, error.field) == ("line 12", "Power")
    assert str(CardImportError("the file", None, "the JSON ends too early.")).count(".") == 1


def test_a_format_refuses_another_games_cards() -> None:
    error = error_of("fowsim", b"{}", "duelmasters")
    assert error.field == "game"
    assert "Force of Will" in str(error) and "Duel Masters" in str(error)
    assert error_of("json", b"[]", "chess").field == "game"


# --------------------------------------------------------------------------------------------------
# Force of Will (fowsim)
# --------------------------------------------------------------------------------------------------


def test_fowsim_counts(fowsim_bytes: bytes, fowsim: list[CardRecord]) -> None:
    document = json.loads(fowsim_bytes)
    entries = [
        card for cluster in document["fow"]["clusters"] for s in cluster["sets"] for card in s["cards"]
    ]
    assert len(entries) == 5340
    # 261 "J" backs (J-Rulers, and the Order backs of Hero rulers) and 62 "^" other sides of
    # double-sided cards are faces: 5,340 - 323 = 5,017 records.
    faces = [face for card in fowsim for face in card.faces]
    assert len(faces) == 323
    assert len(fowsim) == 5017
    assert Counter(len(card.faces) for card in fowsim) == {0: 4696, 1: 319, 2: 2}
    # J-Rulers whose front is not in the file stay records of their own.
    assert sorted(card.code for card in fowsim if card.code.endswith("J")) == [
        "TTT-017J",
        "TTT-018J",
        "TTT-019J",
    ]
    assert len({card.code for card in fowsim}) == len(fowsim)


def test_fowsim_resonator_aesop(fowsim: list[CardRecord]) -> None:
    aesop = by_code(fowsim)["CMF-001"]
    assert aesop.name == "Aesop, the Prince's Tutor"
    assert aesop.types == ["Resonator"]
    assert (aesop.cost, aesop.cost_value) == ("{W}{1}", 2)
    assert aesop.stats == {"attribute": ["Light"], "atk": 500, "defense": 500, "race": ["Human"]}
    assert aesop.text.startswith("[Continuous]: Each Fairy Tale you control cannot be targeted")
    assert (aesop.set, aesop.rarity, aesop.keywords) == ("CMF", "U", [])


def test_fowsim_ruler_with_its_j_ruler_face(fowsim: list[CardRecord]) -> None:
    red = by_code(fowsim)["CMF-027"]
    assert (red.name, red.types, red.cost) == ("Little Red Riding Hood", ["Ruler"], None)
    assert red.stats == {"attribute": ["Fire"], "race": ["Little Girl"]}
    assert "CMF-027J" not in by_code(fowsim)
    [face] = red.faces
    assert (face.name, face.types) == ("Little Red, the Wolf Girl", ["J-Ruler"])
    assert face.stats == {"attribute": ["Fire"], "atk": 1200, "defense": 200, "race": ["Little Wolf-Girl"]}
    assert face.text
    assert "Swiftness" in red.keywords  # the J-Ruler's keyword counts for the card
    assert red.names == ["Little Red Riding Hood", "Little Red, the Wolf Girl"]


def test_fowsim_double_sided_and_chained_faces(fowsim: list[CardRecord]) -> None:
    cards = by_code(fowsim)
    alice = cards["BFA-076"]
    assert [face.name for face in alice.faces] == ["Alice of Shadow"]
    assert (alice.faces[0].cost, alice.faces[0].types) == ("{B}{2}", ["Resonator (Shift)"])
    gill = cards["RDE-060"]  # RDE-060J is its J-Ruler, RDE-060J^ the J-Ruler's other side
    assert [face.name for face in gill.faces] == [
        "Ebon Dragon Emperor, Gill Alhama'at",
        "Gill Alhama'at, He Who Grasps All",
    ]
    assert gill.faces[1].stats["atk"] == 2000


def test_fowsim_costs_stats_and_keywords(fowsim: list[CardRecord]) -> None:
    cards = by_code(fowsim)
    assert (cards["LEL-049"].cost, cards["LEL-049"].cost_value) == ("{G}{B}{X}", 2)  # {X} is 0
    assert (cards["CST-074"].cost, cards["CST-074"].cost_value) == ("{W}{R}{14}", 16)
    assert (cards["TTT-040"].cost, cards["TTT-040"].cost_value) == ("{G}{G}{T}{T}{T}", 5)
    assert (cards["VS01-002"].cost, cards["VS01-002"].cost_value) == ("0", 0)  # a bare "0"
    assert "Flying" in cards["CMF-024"].keywords
    assert not any(k in card.keywords for card in fowsim for k in ("Continuous", "Activate", "Judgement"))
    # ATK/DEF given as "" are no stat, not 0.
    assert "atk" not in cards["CMF-005"].stats
    assert all(" " not in card.cost for card in fowsim if card.cost)


# --------------------------------------------------------------------------------------------------
# Duel Masters TCG (dm-tcg)
# --------------------------------------------------------------------------------------------------


def test_dm_tcg_counts_and_codes(
    dm_tcg_bytes: bytes, dm_tcg_bytes_pydantic: list[CardRecord], dm_tcg: list[CardRecord]
) -> None:
    assert len(json.loads(dm_tcg_bytes)["cards"]) == 1152
    assert len(dm_tcg) == 1152  # one record per card, not per printing (1,267 printings)
    assert dm_tcg_bytes_pydantic == dm_tcg  # the schema refuses nothing the real file has
    cards = by_code(dm_tcg)
    assert cards["DM-07 3/55"].name == "Battleship Mutant"
    assert cards["DM-07 3/55 #2"].name == "Curious Eye"  # the file gives it Battleship Mutant's number


@pytest.fixture(scope="module")
def dm_tcg_bytes_pydantic(dm_tcg_bytes: bytes) -> list[CardRecord]:
    return parse("dm-tcg", dm_tcg_bytes, "duelmasters")


def test_dm_tcg_plus_power_and_evolution(dm_tcg: list[CardRecord]) -> None:
    mutant = by_code(dm_tcg)["DM-07 3/55"]
    assert mutant.stats == {
        "civilizations": ["Darkness"],
        "power": 5000,
        "power_text": "5000+",
        "race": ["Hedrian"],
    }
    assert (mutant.cost, mutant.cost_value, mutant.types, mutant.rarity) == (
        "6",
        6,
        ["Creature"],
        "Very Rare",
    )
    bajula = by_code(dm_tcg)["DM-08 S4/55"]
    assert bajula.name == "Überdragon Bajula"  # mojibake "Ãœberdragon" repaired
    assert bajula.types == ["Evolution Creature"]
    assert bajula.stats["evolution"] is True
    assert bajula.text.startswith("Evolution—Put on one of your creatures")
    assert bajula.keywords == ["Evolution", "Triple Breaker"]
    assert not any("â€" in card.text or "Ã" in card.name for card in dm_tcg)


def test_dm_tcg_power_0000_plus(dm_tcg: list[CardRecord]) -> None:
    vhal = next(card for card in dm_tcg if card.name == "Magmadragon Ogrist Vhal")
    assert (vhal.stats["power"], vhal.stats["power_text"]) == (0, "0+")  # printed "0000+" in the file


def test_dm_tcg_schema_errors_name_record_and_json_path(dm_tcg_bytes: bytes, dm_schema: bytes) -> None:
    document = json.loads(dm_tcg_bytes)
    document["cards"][40]["printings"][0]["rarity"] = "Mythic"
    error = error_of("dm-tcg", json.dumps(document).encode(), "duelmasters", dm_schema)
    assert error.location == f"record 41 (name '{document['cards'][40]['name']}')"
    assert error.field == "printings[0].rarity"
    assert "'Mythic'" in str(error)

    document = json.loads(dm_tcg_bytes)
    document["cards"][36]["power"] = 6000
    error = error_of("dm-tcg", json.dumps(document).encode(), "duelmasters", dm_schema)
    assert (error.location, error.field) == ("record 37 (name 'Aqua Knight')", "power")

    document = json.loads(dm_tcg_bytes)
    del document["cards"][3]["name"]
    document["cards"][9]["cost"] = "seven"
    for schema in (dm_schema, None):  # the first bad record, with or without the schema
        error = error_of("dm-tcg", json.dumps(document).encode(), "duelmasters", schema)
        assert (error.location, error.field) == ("record 4", "name")
        assert str(error) == "record 4, field name: it is missing."


def test_dm_tcg_refuses_a_broken_schema(dm_tcg_bytes: bytes) -> None:
    error = error_of("dm-tcg", dm_tcg_bytes, "duelmasters", b'{"type": 5}')
    assert error.location == "the schema"
    error = error_of("dm-tcg", dm_tcg_bytes, "duelmasters", b'{"type": "obj')
    assert "JSON" in str(error)


# --------------------------------------------------------------------------------------------------
# Duel Masters OCG, Cockatrice CSV (dm-cockatrice)
# --------------------------------------------------------------------------------------------------


def test_ocg_counts(ocg_bytes: bytes, ocg: list[CardRecord]) -> None:
    rows = list(csv.DictReader(io.StringIO(ocg_bytes.decode("utf-8"), newline="")))
    assert len(rows) == 10344
    exact = Counter(tuple(row.values()) for row in rows)
    assert sum(count - 1 for count in exact.values()) == 6  # the six duplicated rows
    assert len({row["CardName"] for row in rows}) == 3333
    # One record per name: the duplicates merge like any other printing.
    assert len(ocg) == 3333
    assert len({card.name for card in ocg}) == 3333
    assert len({card.code for card in ocg}) == 3333


def test_ocg_plus_power_bullets_and_codes(ocg: list[CardRecord]) -> None:
    iocant = by_code(ocg)["DM-01-45"]
    assert iocant.name == "Iocant, the Oracle"
    assert iocant.stats == {
        "civilizations": ["Light"],
        "power": 2000,
        "power_text": "2000+",
        "race": ["Light Bringer"],
    }
    assert iocant.text.splitlines() == [
        "■ Blocker",
        "■ While you have at least 1 Angel Command in the battle zone, this creature gets +2000 power.",
        "■ This creature can't attack players.",
    ]
    assert iocant.keywords == ["Blocker"]
    assert (iocant.cost, iocant.cost_value, iocant.set, iocant.rarity) == ("2", 2, "DM-01", None)


def test_ocg_twinpact(ocg: list[CardRecord]) -> None:
    kuga = next(card for card in ocg if card.name == "Kabutorial Kuga/Mystery Disaster")
    assert (kuga.code, kuga.types, kuga.cost_value) == ("DMEX-08-144", ["Twinpact"], 8)
    assert kuga.stats == {
        "civilizations": ["Nature"],
        "power": 13000,
        "power_text": "13000",
        "race": ["Gransect"],
        "twinpact": True,
    }
    assert kuga.keywords == ["Mach Fighter", "Triple Breaker"]
    assert "=====" not in kuga.text
    [face] = kuga.faces
    assert face.name == "Mystery Disaster"
    assert face.text.startswith("■ Shuffle your deck")
    assert face.stats == {"civilizations": ["Nature"]}
    assert kuga.aliases == ["Kabutorial Kuga"]
    baraghiara = [card for card in ocg if card.name.startswith("Baraghiara, Heavenly Earth Momentum/")]
    assert len(baraghiara) == 4  # four twinpacts share their creature half
    blaze = next(card for card in baraghiara if card.name.endswith("Blaze"))
    assert blaze.stats["civilizations"] == ["Nature", "Fire"]  # "Nature/Fire"
    assert blaze.faces[0].stats == {"civilizations": ["Fire"]}


def test_ocg_quirks(ocg: list[CardRecord]) -> None:
    names = {card.name: card for card in ocg}
    assert "Katta Kirifuda & Katsuking -Story of Passion-" in names  # "%26"
    assert "The=Deadman, Dragon Ruler" in names  # "%3D"
    assert names["Chupacal, Reigen"].types == ["Orega Aura"]  # "*/ Chupacal, Reigen /*"
    assert names["Zombieponnosuke"].stats["power_text"] == "-5000"
    assert names["Zombieponnosuke"].text == "■ (A creature that has power 0 or less is destroyed.)"  # no ''
    assert names["Brock, the Screw Soldier"].stats["power_text"] == "1000-"
    assert names["Joecard"].types == [] and names["Joecard"].cost is None
    assert not any("''" in card.text for card in ocg)
    assert "Colorless" not in {c for card in ocg for c in card.stats.get("civilizations", [])}
    assert all("#" not in card.code for card in ocg)  # clashing first numbers found a free printing


def test_ocg_and_tcg_share_names_not_codes(ocg: list[CardRecord], dm_tcg: list[CardRecord]) -> None:
    assert {card.code for card in ocg}.isdisjoint(card.code for card in dm_tcg)
    assert "Iocant, the Oracle" in {card.name for card in dm_tcg} & {card.name for card in ocg}


def test_ocg_non_numeric_power_names_line_and_column() -> None:
    data = (
        "CardName,CardEffect,CardType,CardRace,Mana,Civilization,Power,Set,SetNum,ImageURL\n"
        '"Gran Gure, Space Guardian","■ Blocker\n■ This creature can\'t attack players.",'
        "Creature,Guardian,6,Light,9000,DM-01,1,https://x\n"
        "Bad Power,,Creature,Guardian,6,Light,abc,DM-01,2,https://x\n"
    ).encode()
    error = error_of("dm-cockatrice", data, "duelmasters")
    assert str(error) == "line 4, field Power: 'abc' is not a number."
    error = error_of("dm-cockatrice", data.replace(b",Light,abc", b",Pink,9000"), "duelmasters")
    assert (error.location, error.field) == ("line 4", "Civilization")
    error = error_of("dm-cockatrice", b"CardName,Power\nX,1\n", "duelmasters")
    assert (error.location, error.field) == ("line 1", "CardEffect")


# --------------------------------------------------------------------------------------------------
# Cardfight!! Vanguard D (cfv-d)
# --------------------------------------------------------------------------------------------------


def test_cfv_counts_and_codes(cfv_bytes: bytes, cfv: list[CardRecord]) -> None:
    assert len(json.loads(cfv_bytes)["cards"]) == 394
    # Whirlpool Robo, Ramdrought is listed twice (ids 317 and 216, same number): one record.
    assert len(cfv) == 393
    assert sum(card.name == "Whirlpool Robo, Ramdrought" for card in cfv) == 1
    cards = by_code(cfv)
    assert cards["D-LBT01 082"].name == "Fresh Prince, Harriet"
    assert cards["D-LBT01 082 #348"].name == "Indecisive Sky, Alestiel"  # same number in the data
    assert not any("?" in card.code for card in cfv)


def test_cfv_trigger_unit(cfv: list[CardRecord]) -> None:
    saskia = by_code(cfv)["D-LBT01 108"]
    assert (saskia.name, saskia.types, saskia.set) == (
        "Knowledge as Power, Saskia",
        ["Trigger Unit"],
        "D-LBT01",
    )
    assert saskia.stats == {
        "grade": 0,
        "power": 5000,
        "shield": 5000,
        "critical": 1,
        "trigger": "Draw",
        "skill": "Boost",
        "nation": "Lyrical Monasterio",
        "race": ["Warbeast"],
    }
    assert saskia.text.startswith("(When revealed as a trigger, draw a card")
    assert "<" not in saskia.text


def test_cfv_skill_html_and_orders(cfv: list[CardRecord]) -> None:
    diva = by_code(cfv)["D-LBT01 027"]
    assert diva.stats["trigger"] == "Over" and diva.stats["shield"] == 50000
    assert diva.text.splitlines()[1] == (
        'Additional Effect - During this fight, you get "During your turn, all of your rear-guards get '
        '[Power]+10000!"'
    )
    assert not any(re.search(r"<[a-z/]", card.text) for card in cfv)
    orders = [card for card in cfv if card.types and card.types[0].endswith("Order")]
    assert len(orders) == 43
    assert not any({"shield", "trigger"} & set(card.stats) for card in orders)  # 0 and "None": none
    printed = {card.code: card.stats for card in orders if {"power", "critical"} & set(card.stats)}
    assert set(printed) == {"D-BT02 081", "D-BT01 067"}  # as in the data (an oddity)
    assert Counter(k for card in cfv for k in card.keywords)["Persona Ride"] == 60


def test_cfv_wrong_type_names_record_and_field(cfv_bytes: bytes) -> None:
    document = json.loads(cfv_bytes)
    document["cards"][5]["grade"] = "high"
    error = error_of("cfv-d", json.dumps(document).encode(), "vanguard")
    assert error.location == f"record 6 (id '{document['cards'][5]['id']}')"
    assert error.field == "grade"
    assert str(error).endswith("'high' is not a whole number.")


# --------------------------------------------------------------------------------------------------
# Gate Ruler, bundled (gateruler-set3)
# --------------------------------------------------------------------------------------------------


def test_gateruler_bundled_cards(gateruler: list[CardRecord]) -> None:
    printed = [card for card in gateruler if card.text]
    assert len(printed) == 39
    assert Counter(tuple(card.types) for card in printed) == {
        ("Unit",): 18,
        ("Event",): 11,
        ("Ruler",): 3,
        (): 7,
    }
    assert sum(bool(card.errata) for card in printed) == 13
    # Named with a code but not printed in full: the 8 errata-list cards without a card block (with
    # their erratum) and 8 cards only mentioned in rulings.
    named_only = {card.name: card for card in gateruler if not card.text}
    assert len(named_only) == 16
    assert sum(bool(card.errata) for card in named_only.values()) == 8
    assert named_only["Húlí of the Spider Lily"].errata[0].reason
    assert named_only["Schrödinger's Cat"].code == "2020GB01-098"
    vabelcion = by_code(gateruler)["2021GB03-002"]
    assert vabelcion.name == "Vabelcion, the Battle-Forged"
    assert '"G\u00f6ndul\'s Barrage" - Standard Action: [DR 3]' in vabelcion.text
    assert unicodedata.is_normalized("NFC", vabelcion.text)
    assert vabelcion.keywords == ["Discount", "Sentinel Summoning"]
    assert vabelcion.stats == {}  # the article prints no stats
    assert "Göndul's Barrage" in vabelcion.aliases  # players name cards by their abilities


def test_gateruler_errata_and_rulers(gateruler: list[CardRecord]) -> None:
    cards = by_code(gateruler)
    shinno = cards["2021GB03-058"]
    assert shinno.text.splitlines()[0] == "■This is treated as being level 0 for <Hundred Yokai March>."
    [erratum] = shinno.errata
    assert erratum.old_text and "[Hundred Yokai March]" in erratum.old_text
    assert erratum.new_text and "<Hundred Yokai March>" in erratum.new_text
    assert erratum.reason and erratum.reason.startswith("Adds a new format")
    assert erratum.source == "Gate Ruler Comprehensive Rules Update for Set 3"
    dreadnaught = cards["2021GB03-L01a"]
    assert (dreadnaught.name, dreadnaught.types, dreadnaught.aliases) == (
        "4. D - Dreadnaught",
        ["Ruler"],
        ["Dreadnaught"],
    )
    assert cards["2021GB03-005"].stats == {"icons": ["TD"]}
    assert cards["2021GB03-050"].types == ["Event"]


def test_gateruler_refuses_another_text() -> None:
    error = error_of("gateruler-set3", b"Some other article\n", "gateruler")
    assert "title" in str(error)


# --------------------------------------------------------------------------------------------------
# All formats: determinism, round trips through the generic formats, broken files
# --------------------------------------------------------------------------------------------------


def test_reimport_gives_the_same_records(
    cfv_bytes: bytes, cfv: list[CardRecord], gateruler: list[CardRecord]
) -> None:
    assert parse("cfv-d", cfv_bytes, "vanguard") == cfv
    assert parse("gateruler-set3", ARTICLE.read_bytes(), "gateruler") == gateruler


def test_real_cards_round_trip_through_generic_json(
    fowsim: list[CardRecord], gateruler: list[CardRecord], cfv: list[CardRecord]
) -> None:
    for game, cards in (("forceofwill", fowsim), ("gateruler", gateruler), ("vanguard", cfv)):
        assert parse_json(to_json(cards, game), game=game, source_name="x.json") == cards


def test_real_cards_round_trip_through_generic_csv(cfv: list[CardRecord], ocg: list[CardRecord]) -> None:
    single = [card for card in ocg if not card.faces]
    for game, cards in (("vanguard", cfv), ("duelmasters", single)):
        assert parse_csv(to_csv(cards, game), game=game, source_name="x.csv") == cards


@pytest.mark.parametrize(
    ("format_name", "file_name", "game"),
    [
        ("fowsim", "fowsim-cards.json", "forceofwill"),
        ("dm-tcg", "dm-tcg-cards.json", "duelmasters"),
        ("cfv-d", "cfv-d-cards.json", "vanguard"),
    ],
)
def test_truncated_json_is_refused(format_name: str, file_name: str, game: str) -> None:
    data = data_file(file_name)
    error = error_of(format_name, data[: len(data) // 2], game)
    assert re.fullmatch(r"line \d+, column \d+", error.location)
    assert error.field is None
    assert "ends too early" in str(error)


def test_fowsim_wrong_type_and_missing_name(fowsim_bytes: bytes) -> None:
    document = json.loads(fowsim_bytes)
    aesop = document["fow"]["clusters"][0]["sets"][0]["cards"][0]
    aesop["ATK"] = "abc"
    error = error_of("fowsim", json.dumps(document).encode(), "forceofwill")
    assert str(error) == "record 1 (id 'CMF-001'), field ATK: 'abc' is not a number."
    aesop["ATK"] = "500"  # a number as text is a tolerated quirk
    aesop["name"] = ""
    error = error_of("fowsim", json.dumps(document).encode(), "forceofwill")
    assert (error.location, error.field) == ("record 1 (id 'CMF-001')", "name")
    aesop["name"] = "Aesop"
    aesop["colour"] = ["Q"]
    assert error_of("fowsim", json.dumps(document).encode(), "forceofwill").field == "colour"
    aesop["colour"] = ["W"]
    aesop["cost"] = "two"
    assert error_of("fowsim", json.dumps(document).encode(), "forceofwill").field == "cost"


def test_not_utf8_is_refused() -> None:
    for name, game in (("fowsim", "forceofwill"), ("dm-cockatrice", "duelmasters"), ("csv", "gateruler")):
        error = error_of(name, b"\xff\xfe\x00bad", game)
        assert "UTF-8" in str(error)


@pytest.mark.parametrize(
    ("name", "game", "data"),
    [
        ("csv", "gateruler", b"code,name\nA-1,Knight\nA-2,Kni\xe9ght\n"),
        ("dm-cockatrice", "duelmasters", b"CardName,CardEffect\nBolshack,x\nKni\xe9ght,x\n"),
        (
            "json",
            "gateruler",
            b'{"cards": [\n{"code": "A-1", "name": "Knight"},\n{"code": "A-2", "name": "Kni\xe9ght"}]}',
        ),
        ("fowsim", "forceofwill", b'{"fow": {"clusters": [\n{"name": "Kni\xe9ght"}]}}'),
    ],
)
def test_a_file_that_is_not_utf8_is_refused_with_its_line(name: str, game: str, data: bytes) -> None:
    """Not Python's codec text: the line of the first byte that is not UTF-8, and what to do."""
    error = error_of(name, data, game)
    bad = data.index(b"\xe9")
    line = data.count(b"\n", 0, bad) + 1
    assert error.location == f"line {line}", str(error)
    assert str(error) == (
        f"line {line}: the file is not UTF-8 text (byte {bad + 1}); save it as UTF-8 and try again."
    )
    assert "codec" not in str(error) and "0xe9" not in str(error)
