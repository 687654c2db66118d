"""Hostile card files: arbitrary bytes, truncations and oversized fields give one clear
``ArbiterError`` sentence or a valid import, never a crash."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.importers import FORMATS, CardImportError
from engine.cards.model import MAX_NUMBER, MAX_TEXT
from engine.errors import ArbiterError

GOOD_CSV = (
    b"code,name,types,cost,text,stat:atk,stat:hp\n"
    b'HOME-001,Example Knight,Unit,2,"Deadly\nDraw a card.",2,3\n'
    b"HOME-002,Cut Knight,Unit,1,Plain,1,1\n"
)
GOOD_JSON = json.dumps(
    {
        "cards": [
            {"code": "HOME-001", "name": "Example Knight", "cost": "2", "stats": {"atk": 2, "hp": 3}},
            {"code": "HOME-002", "name": "Cut Knight", "text": "Plain", "stats": {"atk": 1}},
        ]
    }
).encode()


def _parse(fmt: str, data: bytes) -> list[str] | str:
    try:
        return [c.name for c in FORMATS[fmt].parse(data, game="gateruler", source_name="t.x")]
    except ArbiterError as error:
        message = str(error)
        assert message.endswith(".") and "\n" not in message and len(message) < 400, message
        return message


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(fmt=st.sampled_from(["csv", "json"]), data=st.binary(max_size=600))
def test_arbitrary_bytes_never_crash(fmt: str, data: bytes) -> None:
    _parse(fmt, data)


@given(fmt=st.sampled_from(["csv", "json"]), cut=st.integers(min_value=0, max_value=400))
def test_a_truncated_file_is_refused_or_whole(fmt: str, cut: int) -> None:
    good = GOOD_CSV if fmt == "csv" else GOOD_JSON
    cut = min(cut, len(good))
    result = _parse(fmt, good[:cut])
    if isinstance(result, list):
        # what imports is whole cards only: never a name cut short
        assert set(result) <= {"Example Knight", "Cut Knight"}, result


def test_known_truncations_are_refused() -> None:
    unterminated = b'code,name,text\nA-1,Knight,"never closed\nA-2,Other,x\n'
    assert "quoted cell is not closed" in str(_parse("csv", unterminated))
    assert "cut off" in str(_parse("csv", b"code,name,text\nA-1,Knight,ok\nA-2,Cut Kn"))
    assert _parse("csv", b"code,name,text\nA-1,Knight,ok\nA-2,Short\n") == ["Knight", "Short"]


@given(digits=st.integers(min_value=16, max_value=60))
def test_numbers_beyond_a_card_are_refused(digits: int) -> None:
    huge = "9" * digits
    for card in (
        {"code": "X", "name": "Y", "stats": {"atk": huge}},
        {"code": "X", "name": "Y", "cost": huge},
        {"code": "X", "name": "Y", "cost_value": int(huge)},
        {"code": "X", "name": "Y", "stats": {"atk": -int(huge)}},
    ):
        result = _parse("json", json.dumps({"cards": [card]}).encode())
        assert isinstance(result, str) and "too large" in result, (card, result)
    assert MAX_NUMBER < 2**63


def test_oversized_fields_are_refused() -> None:
    for card in (
        {"code": "X", "name": "Y", "text": "a" * (MAX_TEXT + 1)},
        {"code": "X", "name": "Y", "types": ["t" * 201]},
        {"code": "X", "name": "Y", "keywords": ["k"] * 65},
        {"code": "X", "name": "Y" * 201},
    ):
        result = _parse("json", json.dumps({"cards": [card]}).encode())
        assert isinstance(result, str), card
    try:
        FORMATS["csv"].parse(
            b"code,name,text\nA,B," + b"x" * (MAX_TEXT + 1) + b"\n", game="gateruler", source_name="t"
        )
    except CardImportError as error:
        assert "longer than" in str(error)
    else:
        raise AssertionError("a 10,001-character text was accepted")
