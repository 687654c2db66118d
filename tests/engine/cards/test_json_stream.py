"""The JSON card files read as a stream (:mod:`engine.cards.importers.jsonstream`): the values built
are those of ``json.loads``, a file parses to the same records as a whole-file parse, any truncation
is refused naming where, and a file is read a chunk at a time (a bad record early stops the reading).

Property tests run with tiny chunks too, so records and tokens fall across chunk boundaries.
"""

from __future__ import annotations

import io
import json
import math
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.importers import FORMATS, CardImportError, jsonstream
from engine.cards.importers.generic import FORMAT, _check_top, json_card, parse_json
from engine.cards.importers.jsonstream import MAX_DEPTH, MAX_RECORD_SIZE, JsonStream
from engine.cards.model import CardRecord
from tests.property_costs import SERVICE

PROPERTY = settings(SERVICE, suppress_health_check=[HealthCheck.too_slow])

_text = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=12)
_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=20,
)


def _same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (``1`` is not ``1.0``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return bool(a == b)


def _read(data: bytes) -> Any:
    stream = JsonStream(io.BytesIO(data))
    value = stream.value(stream.start(), "the file")
    stream.finish()
    return value


def _dumped(value: Any, ascii_only: bool, indent: int | None) -> bytes:
    return json.dumps(value, ensure_ascii=ascii_only, indent=indent).encode("utf-8")


@PROPERTY
@given(
    value=_json,
    ascii_only=st.booleans(),
    indent=st.none() | st.integers(0, 2),
    chunk=st.sampled_from([3, 7, 64]),
)
def test_values_are_those_of_json_loads(value: Any, ascii_only: bool, indent: int | None, chunk: int) -> None:
    data = _dumped(value, ascii_only, indent)
    with patch.object(jsonstream, "CHUNK", chunk):
        assert _same(_read(data), json.loads(data))
        assert _same(_read(b"\xef\xbb\xbf" + data), json.loads(data))  # a byte-order mark is skipped


# --------------------------------------------------------------------------------------------------
# The old whole-file parse of Arbiter's JSON, as the reference
# --------------------------------------------------------------------------------------------------


def whole_file_parse(data: bytes, game: str = "gateruler") -> list[CardRecord]:
    """What ``parse_json`` did before it streamed: ``json.loads`` the file, check every top-level key,
    then ``format``, ``game``, ``cards``, then each card (the per-card step is shared, so this compares
    the reading of the file, not the rules of a card)."""
    document = json.loads(data)
    if isinstance(document, list):
        raw_cards: Any = document
    else:
        if not isinstance(document, dict):
            raise CardImportError("the file", None, "not an object")
        for key in document:
            if key not in ("format", "game", "cards"):
                raise CardImportError("the file", key[:40], "it is not a field of this format")
        for key in ("format", "game"):
            if key in document:
                _check_top(key, document[key], game)
        if "cards" not in document:
            raise CardImportError("the file", "cards", "it is missing")
        raw_cards = document["cards"]
    if not isinstance(raw_cards, list):
        raise CardImportError("the file", "cards", "not a list")
    seen: dict[str, int] = {}
    return [json_card(n, raw, game, "x.json", seen) for n, raw in enumerate(raw_cards, start=1)]


def _outcome(parse: Any, data: bytes) -> list[CardRecord] | str:
    try:
        return list(parse(data))
    except CardImportError as error:
        return f"{error.location} | {error.field}"


_code = st.text(alphabet="ABCabc-0123", min_size=1, max_size=4)
_card = st.fixed_dictionaries(
    {"code": _code, "name": _text},
    optional={
        "types": st.lists(_text, max_size=2),
        "cost": st.none() | _text | st.integers(0, 12),
        "cost_value": st.none() | st.integers(-5, 50),
        "stats": st.dictionaries(
            st.sampled_from(["atk", "hp", "level", "faction", "life"]), _json, max_size=3
        ),
        "text": _text,
        "keywords": st.lists(_text, max_size=2),
        "set": st.none() | _text,
        "faces": st.lists(st.fixed_dictionaries({"name": _text}), max_size=2),
        "aliases": st.lists(_text, max_size=2),
        "x": _json,
    },
)
_top = st.builds(
    lambda fmt, game: {key: value for key, value in (("format", fmt), ("game", game)) if value is not None},
    st.none() | st.just(FORMAT) | _text,
    st.none() | st.sampled_from(["gateruler", "Gate Ruler", "fow"]),
)
_document = st.one_of(
    st.lists(_card | _json, max_size=6),
    st.builds(lambda top, cards: {**top, "cards": cards}, _top, st.lists(_card, max_size=6)),
)
"""Documents as :func:`~engine.cards.importers.generic.to_json` orders them: ``format``, ``game``,
then ``cards``."""


@PROPERTY
@given(document=_document, indent=st.none() | st.just(1), chunk=st.sampled_from([5, 64, 65536]))
def test_a_file_parses_as_the_whole_file_parse(document: Any, indent: int | None, chunk: int) -> None:
    """Any JSON document of records gives the same records as the whole-file parse, or the same
    refusal (where and which field) when a record is bad."""
    data = json.dumps(document, indent=indent).encode()
    with patch.object(jsonstream, "CHUNK", chunk):
        streamed = _outcome(lambda d: parse_json(d, game="gateruler", source_name="x.json"), data)
    assert streamed == _outcome(whole_file_parse, data)
    if not isinstance(streamed, str):  # the format checks its codes itself (``codes_checked``)
        assert len({card.code.casefold() for card in streamed}) == len(streamed)


@PROPERTY
@given(top=_top, cards=st.lists(_card, max_size=6))
def test_cards_before_the_top_keys_parse_or_fail_alike(top: dict[str, Any], cards: list[Any]) -> None:
    """With ``cards`` first, the keys after it are checked after the cards: a file with a bad card
    and a bad key may be refused for the other one, but it is refused, and a good file parses the
    same."""
    data = json.dumps({"cards": cards, **top}).encode()
    streamed = _outcome(lambda d: parse_json(d, game="gateruler", source_name="x.json"), data)
    whole = _outcome(whole_file_parse, data)
    assert isinstance(streamed, str) == isinstance(whole, str)
    if not isinstance(whole, str):
        assert streamed == whole


@PROPERTY
@given(
    document=_document, indent=st.none() | st.just(2), cut=st.floats(0, 1), chunk=st.sampled_from([4, 65536])
)
def test_any_truncation_is_refused(document: Any, indent: int | None, cut: float, chunk: int) -> None:
    data = json.dumps(document, indent=indent).encode()
    end = int(cut * (len(data) - 1))  # at least the closing bracket is cut off
    with patch.object(jsonstream, "CHUNK", chunk), pytest.raises(CardImportError) as caught:
        parse_json(data[:end], game="gateruler", source_name="x.json")
    error = caught.value
    assert str(error).endswith(".") and "\n" not in str(error)
    if error.field is None and "record" not in error.location:
        assert error.location.startswith("line ") and "cut off" in str(error), error


@PROPERTY
@given(document=_document, cut=st.floats(0, 1))
def test_every_json_format_refuses_a_truncation(document: Any, cut: float) -> None:
    data = json.dumps({"fow": {"clusters": [{"sets": [{"code": "S", "cards": document}]}]}}).encode()
    for name, game, wrapped in (
        ("fowsim", "forceofwill", data),
        ("cfv-d", "vanguard", json.dumps({"cards": document}).encode()),
        ("dm-tcg", "duelmasters", json.dumps({"cards": document}).encode()),
    ):
        end = int(cut * (len(wrapped) - 1))
        with pytest.raises(CardImportError):
            FORMATS[name].parse(wrapped[:end], game=game, source_name="x.json")


# --------------------------------------------------------------------------------------------------
# Where a refusal points
# --------------------------------------------------------------------------------------------------


def _refusal(data: bytes, name: str = "json", game: str = "gateruler") -> CardImportError:
    with pytest.raises(CardImportError) as caught:
        FORMATS[name].parse(data, game=game, source_name="x.json")
    return caught.value


def test_malformed_json_names_line_and_column_even_far_in() -> None:
    lines = [json.dumps({"code": f"C-{n}", "name": f"Card {n}"}) for n in range(30_000)]
    lines[25_000] = lines[25_000].replace('"name"', '"name" "x"')  # about 1 MB in
    data = ("[\n" + ",\n".join(lines) + "\n]\n").encode()
    error = _refusal(data)
    column = lines[25_000].index('"x"') + 1
    assert error.location in [f"line 25002, column {column + n}" for n in range(3)], error
    assert "malformed" in str(error)


def test_cut_off_names_the_end() -> None:
    data = b'{"cards": [\n{"code": "A", "name": "B"},\n{"code": "C", "na'
    error = _refusal(data)
    assert (error.location, error.field) == ("line 3, column 18", None)
    assert str(error) == "line 3, column 18: the JSON ends too early: the file is cut off."


def test_bytes_that_are_not_utf8_name_the_line_and_the_byte() -> None:
    error = _refusal(b'[{"code": "A", "name": "B\xe9"}]')
    assert error.location == "line 1" and "(byte 26)" in str(error)
    data = b'[\n{"code": "A", "name": "B"},\n{"code": "C", "name": "\xff"}]'
    error = _refusal(b"\xef\xbb\xbf" + data)
    byte = 3 + data.index(b"\xff") + 1
    assert error.location == "line 3" and f"(byte {byte})" in str(error)
    assert str(error).startswith(f"line 3: the file is not UTF-8 text (byte {byte}); save it as UTF-8")
    assert "UTF-8" in str(_refusal(b"\xff\xfe[\x00]\x00"))


def test_bounds_on_nesting_size_and_digits() -> None:
    assert "nested too deeply" in str(_refusal(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1)))
    assert _read(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH)
    big = json.dumps([{"code": "A", "name": "B", "x": "y" * MAX_RECORD_SIZE}]).encode()
    error = _refusal(big)
    assert error.location == "record 1" and "larger than" in str(error)
    assert "digits in a row" in str(
        _refusal(b'[{"code": "A", "name": "B", "cost_value": ' + b"9" * 5000 + b"}]")
    )
    # after a refusal the parser still works (its C code once crashed on such numbers)
    assert _parse_ok(b'[{"code": "A", "name": "B"}]')[0].code == "A"


def _parse_ok(data: bytes) -> list[CardRecord]:
    return parse_json(data, game="gateruler", source_name="x.json")


def test_keys_given_twice_and_trailing_data_are_refused() -> None:
    assert _refusal(b'{"cards": [], "cards": []}').location == "the file"
    assert "malformed" in str(_refusal(b'{"cards": []} []'))
    assert _parse_ok(b'{"cards": []}\n\n') == []


# --------------------------------------------------------------------------------------------------
# Reading a record at a time
# --------------------------------------------------------------------------------------------------


class _Counting(io.BytesIO):
    """A file that counts the bytes read from it and the largest read."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.total = 0
        self.largest = 0

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.total += len(data)
        self.largest = max(self.largest, len(data))
        return data


@pytest.mark.parametrize(
    ("name", "game", "wrap"),
    [
        ("json", "gateruler", lambda cards: {"cards": cards}),
        ("cfv-d", "vanguard", lambda cards: {"cards": cards}),
        ("dm-tcg", "duelmasters", lambda cards: {"cards": cards}),
        ("fowsim", "forceofwill", lambda cards: {"fow": {"clusters": [{"sets": [{"cards": cards}]}]}}),
    ],
)
def test_a_bad_record_early_stops_the_reading(name: str, game: str, wrap: Any) -> None:
    cards: list[Any] = [5]
    cards += [{"id": f"Y-{n}", "code": f"Y-{n}", "name": "y" * 100} for n in range(50_000)]
    source = _Counting(json.dumps(wrap(cards)).encode())
    records = FORMATS[name].records(source, game=game, source_name="x.json")
    with pytest.raises(CardImportError) as caught:
        list(records)
    assert caught.value.location == "record 1"
    assert source.largest <= jsonstream.CHUNK
    assert source.total <= 2 * jsonstream.CHUNK < len(source.getvalue()) // 10


def test_records_come_one_at_a_time() -> None:
    data = json.dumps({"cards": [{"code": f"C-{n}", "name": f"Card {n}"} for n in range(20_000)]}).encode()
    source = _Counting(data)
    records = FORMATS["json"].records(source, game="gateruler", source_name="x.json")
    first = next(records)
    assert first.code == "C-0" and source.total <= jsonstream.CHUNK
    assert sum(1 for _ in records) == 19_999


# --------------------------------------------------------------------------------------------------
# fowsim: two readings; dm-tcg: the schema per record
# --------------------------------------------------------------------------------------------------


def test_fowsim_back_before_front_and_set_code_after_cards() -> None:
    document = {
        "fow": {
            "clusters": [
                {
                    "sets": [
                        {
                            "cards": [
                                {"id": "S-001J", "name": "Back", "type": ["J-Ruler"]},
                                {"id": "S-001", "name": "Front", "type": ["Ruler"]},
                            ],
                            "code": "S",
                        }
                    ]
                }
            ]
        }
    }
    [card] = FORMATS["fowsim"].parse(json.dumps(document).encode(), game="forceofwill", source_name="x")
    assert (card.code, card.set, [face.name for face in card.faces]) == ("S-001", "S", ["Back"])


def test_dm_tcg_schema_top_level_errors_name_the_file() -> None:
    schema = json.dumps({"type": "object", "required": ["cards", "version"]}).encode()
    card = {"name": "A", "civilizations": ["Fire"], "cost": 1, "type": "Creature"}
    card["printings"] = [{"set": "DM-01 Base Set", "id": "1/110"}]
    with pytest.raises(CardImportError) as caught:
        FORMATS["dm-tcg"].parse(
            json.dumps({"cards": [card]}).encode(), game="duelmasters", source_name="x", schema=schema
        )
    assert (caught.value.location, caught.value.field) == ("the file", "version")
