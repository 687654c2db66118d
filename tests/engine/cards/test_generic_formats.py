"""Tests of Arbiter's own card formats (``json``, ``csv``) and of the helpers all importers share.

The property tests feed arbitrary bytes and mutated files to the generic parsers: whatever comes in,
the only exception allowed out is :class:`CardImportError` (about 200 examples each).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.importers import FORMATS, CardImportError
from engine.cards.importers.base import CodeBook, cost_value_of, fix_mojibake, match_keywords
from engine.cards.importers.generic import FORMAT, parse_csv, parse_json, to_csv, to_json
from engine.cards.model import CardFace, CardRecord, Errata

DOCS = Path(__file__).resolve().parents[3] / "docs" / "card-formats.md"
PROPERTY = settings(suppress_health_check=[HealthCheck.too_slow])

EXAMPLE_JSON = {
    "format": "arbiter-cards/1",
    "game": "gateruler",
    "cards": [
        {
            "code": "HOME-001",
            "name": "Example Knight",
            "types": ["Unit"],
            "cost": 2,
            "stats": {"level": 2, "atk": 2, "hp": 3, "stk": 1, "attributes": ["Beast"]},
            "text": "■Deadly",
            "keywords": ["Deadly"],
            "set": "HOME",
            "rarity": "C",
        },
        {
            "code": "HOME-L01",
            "name": "1. E - Example Ruler",
            "types": ["Ruler"],
            "stats": {"life": 8, "atk": 1, "stk": 1},
            "aliases": ["Example Ruler"],
            "faces": [{"name": "1. E - Example Ruler (side B)", "types": ["Ruler"], "stats": {"life": 10}}],
            "errata": [{"old_text": "■Old text.", "new_text": "■New text.", "reason": "A typo."}],
        },
    ],
}
EXAMPLE_CSV = (
    "code,name,types,cost,text,set,rarity,keywords,stat:level,stat:atk,stat:hp,stat:attributes\n"
    'HOME-001,Example Knight,Unit,2,"■Deadly\n■Turn 1: draw 1.",HOME,C,Deadly,2,2,3,Beast;Dragon\n'
    "HOME-002,Example Event,Event,1,■Destroy all set cards.,HOME,U,,1,,,\n"
)


def gr_json(document: Any) -> list[CardRecord]:
    return parse_json(json.dumps(document).encode(), game="gateruler", source_name="cards.json")


def gr_csv(text: str) -> list[CardRecord]:
    return parse_csv(text.encode(), game="gateruler", source_name="cards.csv")


def refused(parse: Any, data: bytes, game: str = "gateruler") -> CardImportError:
    with pytest.raises(CardImportError) as caught:
        parse(data, game=game, source_name="cards")
    return caught.value


# --------------------------------------------------------------------------------------------------
# JSON
# --------------------------------------------------------------------------------------------------


def test_json_example() -> None:
    knight, ruler = gr_json(EXAMPLE_JSON)
    assert knight == CardRecord(
        game="gateruler",
        code="HOME-001",
        name="Example Knight",
        types=["Unit"],
        cost="2",
        cost_value=2,
        stats={"level": 2, "atk": 2, "hp": 3, "stk": 1, "attributes": ["Beast"]},
        text="■Deadly",
        keywords=["Deadly"],
        set="HOME",
        rarity="C",
    )
    assert ruler.faces == [
        CardFace(name="1. E - Example Ruler (side B)", types=["Ruler"], stats={"life": 10})
    ]
    assert ruler.errata == [
        Errata(old_text="■Old text.", new_text="■New text.", reason="A typo.", source="cards.json")
    ]
    assert ruler.names == ["1. E - Example Ruler", "1. E - Example Ruler (side B)", "Example Ruler"]
    assert gr_json(EXAMPLE_JSON["cards"]) == [knight, ruler]  # a bare list of cards


def test_json_cost_value_is_derived_unless_given() -> None:
    cards = [
        {"code": "A", "name": "A", "cost": "{W}{W}{2}"},
        {"code": "B", "name": "B", "cost": "X"},
        {"code": "C", "name": "C", "cost": "3", "cost_value": None},
    ]
    assert [card.cost_value for card in gr_json(cards)] == [4, None, None]


@pytest.mark.parametrize(
    ("document", "location", "field"),
    [
        ({"cards": [{"code": "A"}]}, "record 1 (code 'A')", "name"),
        ({"cards": [{"code": "A", "name": "  "}]}, "record 1 (code 'A')", "name"),
        ({"cards": [{"code": "A", "name": "B", "stats": {"atk": "x"}}]}, "record 1 (code 'A')", "stats.atk"),
        (
            {"cards": [{"code": "A", "name": "B", "stats": {"power": 1}}]},
            "record 1 (code 'A')",
            "stats.power",
        ),
        ({"cards": [{"code": "A", "name": "B", "types": "Unit"}]}, "record 1 (code 'A')", "types"),
        ({"cards": [{"code": "A", "name": "B", "stat": {}}]}, "record 1 (code 'A')", "stat"),
        (
            {"cards": [{"code": "A", "name": "B", "faces": [{"name": "C", "stats": {"hp": [1]}}]}]},
            "record 1 (code 'A')",
            "faces[0].stats.hp",
        ),
        ({"cards": [{"code": "A", "name": "B"}, {"code": "A", "name": "C"}]}, "record 2 (code 'A')", "code"),
        ({"cards": [{"name": "B"}]}, "record 1", "code"),
        ({"cards": ["A"]}, "record 1", None),
        ({"cards": {}}, "the file", "cards"),
        ({"card": []}, "the file", "card"),
        ({"game": "fow", "cards": []}, "the file", "game"),
        ({"format": "other/2", "cards": []}, "the file", "format"),
        (
            {"cards": [{"code": "A", "name": "B", "stats": {"atk": 10**20}}]},
            "record 1 (code 'A')",
            "stats.atk",
        ),
    ],
)
def test_json_errors_name_record_and_field(document: Any, location: str, field: str | None) -> None:
    error = refused(parse_json, json.dumps(document).encode())
    assert (error.location, error.field) == (location, field)
    assert str(error).startswith(f"{location}, field {field}: " if field else f"{location}: ")
    assert str(error).endswith(".") and "\n" not in str(error)


def test_json_wrong_type_message() -> None:
    error = refused(parse_json, b'{"cards": [{"code": "A", "name": "B", "stats": {"atk": "abc"}}]}')
    assert str(error) == "record 1 (code 'A'), field stats.atk: 'abc' is not a whole number."


def test_truncated_and_malformed_json() -> None:
    data = to_json(gr_json(EXAMPLE_JSON), "gateruler")
    error = refused(parse_json, data[:-40])
    assert re.fullmatch(r"line \d+, column \d+", error.location) and error.field is None
    assert "cut off" in str(error)
    assert "malformed" in str(refused(parse_json, b'{"cards": [}'))
    assert "nested too deeply" in str(refused(parse_json, b"[" * 100_000))


def test_json_game_may_be_named_by_alias() -> None:
    data = json.dumps({"game": "Gate Ruler", "cards": []}).encode()
    assert parse_json(data, game="gateruler", source_name="x") == []


# --------------------------------------------------------------------------------------------------
# CSV
# --------------------------------------------------------------------------------------------------


def test_csv_example() -> None:
    knight, event = gr_csv(EXAMPLE_CSV)
    assert knight.text == "■Deadly\n■Turn 1: draw 1."
    assert knight.stats == {"level": 2, "atk": 2, "hp": 3, "attributes": ["Beast", "Dragon"]}
    assert (knight.cost, knight.cost_value, knight.keywords) == ("2", 2, ["Deadly"])
    assert (event.stats, event.keywords, event.types) == ({"level": 1}, [], ["Event"])


def test_csv_dm_stats_and_booleans() -> None:
    data = (
        b"code,name,stat:power,stat:power_text,stat:civilizations,stat:twinpact\n"
        b"X-1,A/B,6000,6000+,Fire;Nature,yes\n"
    )
    [card] = parse_csv(data, game="duelmasters", source_name="x.csv")
    assert card.stats == {
        "power": 6000,
        "power_text": "6000+",
        "civilizations": ["Fire", "Nature"],
        "twinpact": True,
    }


@pytest.mark.parametrize(
    ("text", "location", "field", "message"),
    [
        (
            "code,name,stat:atk\nA,B,abc\n",
            "line 2",
            "stat:atk",
            "line 2, field stat:atk: 'abc' is not a whole number.",
        ),
        ('code,name,text,stat:hp\nA,B,"two\nlines",3\nC,D,,x\n', "line 4", "stat:hp", None),
        ("code,name\nA,\n", "line 2", "name", "line 2, field name: it is empty."),
        ("code,name\nA,B\na,C\n", "line 3", "code", "line 3, field code: 'a' is already the code of line 2."),
        ("code,nam\n", "line 1", "nam", None),
        ("code,name,stat:power\n", "line 1", "stat:power", None),
        ("code,name,code\n", "line 1", "code", None),
        ("name\n", "line 1", "code", "line 1, field code: the column is missing."),
        ("code,name\nA,B,C\n", "line 2", None, None),
        ("", "line 1", None, None),
        ("code,name,cost_value\nA,B,two\n", "line 2", "cost_value", None),
    ],
)
def test_csv_errors_name_line_and_column(
    text: str, location: str, field: str | None, message: str | None
) -> None:
    error = refused(parse_csv, text.encode())
    assert (error.location, error.field) == (location, field)
    if message is not None:
        assert str(error) == message


def test_csv_short_rows_and_blank_lines_are_fine() -> None:
    cards = gr_csv("code,name,types,text\nA,Alpha\n\nB,Beta,Unit\n")
    assert [(card.code, card.types) for card in cards] == [("A", []), ("B", ["Unit"])]


def test_csv_cannot_hold_faces() -> None:
    cards = gr_json(EXAMPLE_JSON)
    with pytest.raises(ValueError, match="faces"):
        to_csv(cards, "gateruler")
    assert gr_csv(to_csv(cards[:1], "gateruler").decode()) == cards[:1]


# --------------------------------------------------------------------------------------------------
# Round trips
# --------------------------------------------------------------------------------------------------

_clean = st.text(
    alphabet=st.characters(codec="utf-8", exclude_characters=";"), min_size=1, max_size=12
).filter(lambda value: value == value.strip() and value == " ".join(value.split()))
_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs")), max_size=40)
_stats = st.fixed_dictionaries(
    {},
    optional={
        "faction": _clean,
        "attributes": st.lists(_clean, max_size=3),
        "level": st.integers(0, 20),
        "atk": st.integers(-5, 99),
        "hp": st.integers(0, 99),
        "stk": st.integers(0, 9),
        "life": st.integers(1, 20),
        "icons": st.lists(st.sampled_from(["OD", "TD", "CNT"]), max_size=2, unique=True),
    },
)


@st.composite
def gate_ruler_cards(draw: st.DrawFn, faces: bool) -> list[CardRecord]:
    codes = draw(st.lists(_clean, min_size=1, max_size=4, unique_by=str.casefold))
    cards = []
    for code in codes:
        cost = draw(st.none() | _clean)
        cards.append(
            CardRecord(
                game="gateruler",
                code=code,
                name=draw(_clean),
                types=draw(st.lists(_clean, max_size=2)),
                cost=cost,
                cost_value=cost_value_of(cost),
                stats=draw(_stats),
                text=draw(_text).strip(),
                keywords=draw(st.lists(_clean, max_size=2)),
                set=draw(st.none() | _clean),
                rarity=draw(st.none() | _clean),
                aliases=draw(st.lists(_clean, max_size=2)),
                faces=draw(st.lists(st.builds(CardFace, name=_clean, text=_text, stats=_stats), max_size=2))
                if faces
                else [],
            )
        )
    return cards


@PROPERTY
@given(gate_ruler_cards(faces=True))
def test_json_round_trip(cards: list[CardRecord]) -> None:
    assert parse_json(to_json(cards, "gateruler"), game="gateruler", source_name="x") == cards


@PROPERTY
@given(gate_ruler_cards(faces=False))
def test_csv_round_trip(cards: list[CardRecord]) -> None:
    assert parse_csv(to_csv(cards, "gateruler"), game="gateruler", source_name="x") == cards


# --------------------------------------------------------------------------------------------------
# Properties: nothing but CardImportError escapes
# --------------------------------------------------------------------------------------------------


def only_import_errors(parse: Any, data: bytes, game: str = "gateruler") -> None:
    try:
        cards = parse(data, game=game, source_name="fuzz")
    except CardImportError as error:
        assert str(error).endswith(".")
        assert error.location
    else:
        assert all(isinstance(card, CardRecord) for card in cards)


@PROPERTY
@given(st.binary(max_size=300))
def test_arbitrary_bytes(data: bytes) -> None:
    only_import_errors(parse_csv, data)
    only_import_errors(parse_json, data)


@PROPERTY
@given(st.text(max_size=300))
def test_arbitrary_text(text: str) -> None:
    data = text.encode("utf-8")
    only_import_errors(parse_csv, data)
    only_import_errors(parse_json, data)
    only_import_errors(parse_csv, ("code,name,types,text,stat:atk,stat:attributes\n" + text).encode())


_GR_ROWS = [row.split(",") for row in ("A1,Alpha,Unit,2,■x,3,Beast", "A2,Beta,Event,1,,,", "A3,Gamma,,,,1,")]
_GR_HEADER = ["code", "name", "types", "cost", "text", "stat:atk", "stat:attributes"]


@PROPERTY
@given(
    st.integers(0, len(_GR_ROWS) - 1),
    st.integers(0, len(_GR_HEADER)),
    st.text(max_size=30),
    st.sampled_from(["gateruler", "forceofwill", "vanguard", "duelmasters"]),
)
def test_mutated_csv_rows(row: int, column: int, cell: str, game: str) -> None:
    rows = [list(values) for values in _GR_ROWS]
    if column == len(_GR_HEADER):
        rows[row].append(cell)  # an extra cell
    else:
        rows[row][column] = cell
    header = [
        name.replace("stat:attributes", "stat:race") if game != "gateruler" else name for name in _GR_HEADER
    ]
    if game == "duelmasters":
        header = [name.replace("stat:atk", "stat:power") for name in header]
    elif game == "vanguard":
        header = [name.replace("stat:atk", "stat:grade") for name in header]
    elif game == "forceofwill":
        header = [name.replace("stat:atk", "stat:defense") for name in header]
    lines = [",".join(header)] + [
        ",".join(json.dumps(v) if any(c in v for c in ',"\n\r') else v for v in r) for r in rows
    ]
    only_import_errors(parse_csv, "\n".join(lines).encode(), game)


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@PROPERTY
@given(
    st.integers(0, 1),
    st.sampled_from(["code", "name", "types", "cost", "cost_value", "stats", "text", "faces", "errata", "x"]),
    _json_values,
)
def test_mutated_json_cards(index: int, key: str, value: Any) -> None:
    document = json.loads(json.dumps(EXAMPLE_JSON))
    document["cards"][index][key] = value
    only_import_errors(parse_json, json.dumps(document).encode())


# --------------------------------------------------------------------------------------------------
# Shared helpers
# --------------------------------------------------------------------------------------------------


def test_cost_value_of() -> None:
    assert [
        cost_value_of(c) for c in ("{W}{1}", "{B}{B}{2}", "{R}{U}{X}", "5", " 0 ", "{T}", None, "X", "1+")
    ] == [
        2,
        4,
        2,
        5,
        0,
        1,
        None,
        None,
        None,
    ]


def test_code_book_gives_free_codes_deterministically() -> None:
    book = CodeBook()
    assert book.claim(["DM-07 3/55"]) == "DM-07 3/55"
    assert book.claim(["DM-07 3/55", "DM-07 13/55"]) == "DM-07 13/55"
    assert book.claim(["DM-07 3/55"]) == "DM-07 3/55 #2"
    assert book.claim(["DM-07  3/55"]) == "DM-07 3/55 #3"
    assert book.claim(["X 1"], suffix="348") == "X 1"
    assert book.claim(["X 1"], suffix="348") == "X 1 #348"
    assert book.claim([" ", ""]) is None


def test_fix_mojibake() -> None:
    assert fix_mojibake("Evolutionâ€”Put on one") == "Evolution—Put on one"
    assert fix_mojibake("Ãœberdragon Bajula") == "Überdragon Bajula"
    assert fix_mojibake("Göndul's Barrage — Bruncvík") == "Göndul's Barrage — Bruncvík"


def test_match_keywords() -> None:
    clauses = [
        "Blocker (Whenever an opponent's creature attacks…)",
        "Power attacker +3000 (While attacking…)",
        "Darkness stealth (This creature can't be blocked…)",
        "Evolution—Put on one of your Humans.",
        "Double breaker",
        "Whenever this creature attacks, draw a card.",
    ]
    assert match_keywords(
        clauses, ["Blocker", "Power Attacker", "Stealth", "Evolution", "Double Breaker"]
    ) == [
        "Blocker",
        "Power Attacker",
        "Stealth",
        "Evolution",
        "Double Breaker",
    ]


def test_docs_describe_every_format() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for name in FORMATS:
        assert f"`{name}`" in text
    assert FORMAT in text
    blocks = re.findall(r"```json\n(.*?)```", text, re.DOTALL)
    documents = [json.loads(block) for block in blocks]
    generic = [doc for doc in documents if isinstance(doc, dict) and doc.get("format") == FORMAT]
    assert generic, "docs/card-formats.md shows a full generic JSON example"
    for document in generic:
        game = document["game"]
        assert parse_json(json.dumps(document).encode(), game=game, source_name="docs")
    for block in re.findall(r"```csv\n(.*?)```", text, re.DOTALL):
        assert parse_csv(block.encode(), game="gateruler", source_name="docs")
