"""Force of Will cards from the fowsim data set (``fowsim``).

Source: Force-of-Wind/fowsim ``cardDatabase/static/cards.json``, one nested JSON document::

    {"fow": {"clusters": [{"name": "Grimm", "sets": [{"name": "…", "code": "CMF", "cards": [
        {"id": "CMF-001", "name": "Aesop, the Prince's Tutor", "type": ["Resonator"], "race": ["Human"],
         "cost": "{W}{1}", "colour": ["W"], "ATK": 500, "DEF": 500, "abilities": ["[Continuous]: …"],
         "divinity": "", "flavour": "…", "artists": [], "rarity": "U"}]}]}]}}

Mapping to :class:`~engine.cards.model.CardRecord` (one record per collector number, ``id``):

============  ==================================================================================
``code``      ``id`` of the front face (``S-001``, not ``S-001J``)
``name``      ``name``; ``types``: ``type`` (``Addition: Field`` is written ``Addition:Field``)
``cost``      ``cost`` as printed, ``{W}{1}`` (spaces between symbols removed); ``cost_value`` its
              total: a colour or will symbol counts 1 (``{W}``, ``{M}`` moon, ``{T}`` time), a
              number its value, ``{X}`` 0 (:func:`~engine.cards.importers.base.cost_value_of`)
``stats``     ``attribute``: ``colour`` letters as attribute names (W Light, R Fire, U Water,
              G Wind, B Darkness, V Void); ``atk``/``defense``: ``ATK``/``DEF``; ``race``;
              ``divinity``
``text``      ``abilities``, one per line; ``flavour`` and ``artists`` are not kept
``keywords``  the bracketed keyword abilities that open an ability (``[Flying]``, ``[Enter]``,
              ``[Barrier]{W}``), not the ability kinds ``[Continuous]``/``[Activate]``/
              ``[Automatic]``/``[J-Activate]``, and not ``[Flying]`` granted to other cards
              (``… gain [Flying]``); a face's keywords count for the card
``set``       the ``code`` of the set that lists the card (``CMF``); ``rarity``: ``rarity``
``faces``     the card's other faces (below), each with its own name, types, cost, text and stats
============  ==================================================================================

Faces. A J-Ruler is the back of its Ruler and shares its number with a ``J`` suffix (``S-001`` /
``S-001J``); the same holds for the chants and regalia whose back is a J-Ruler, and for the ``Order``
backs of Hero rulers. A ``^`` suffix marks the other side of a double-sided card (``BFA-076^``, a
[Shift] or "invert" card; ``RDE-060J^`` is the second side of the J-Ruler ``RDE-060J``). Each such
id becomes a face of the record whose id it extends; an id whose front is not in the file
(``TTT-017J``: Lyka's extra J-Rulers; promotional J-Rulers printed alone) stays its own record.

Quirks handled (they import fine): ``ATK``/``DEF`` are numbers, or strings in older entries (``""``
means none, ``"500"`` is 500); ``divinity`` is ``""``, a digit string, or ``"Inf"`` (infinite, kept
in the text only: the stat is a whole number); ``cost`` is ``null`` (no cost), a bare ``"0"``, or has
spaces between symbols; ``rarity`` ``""`` is none; keyword spellings ``Judgement``/``VIllains`` are
read as ``Judgment``/``Villains``; reprints keep their own records (each has its own number).

A bad record (refused, naming ``record N (id 'X')`` in file order and the source field): a card that
is not an object, a missing or empty ``id`` or ``name``, a list field that is not a list of text,
``ATK``/``DEF``/``divinity`` text that is not a number, a ``cost`` that is neither symbols nor a
number, an unknown colour letter, or an id used twice.
"""

from __future__ import annotations

import io
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.cards.importers.base import (
    CardImportError,
    Importer,
    build_record,
    clean_stats,
    cost_value_of,
    shown,
    validate,
)
from engine.cards.importers.jsonstream import Event, JsonStream, describe
from engine.cards.model import CardRecord

GAME = "forceofwill"
ATTRIBUTES: dict[str, str] = {
    "W": "Light",
    "R": "Fire",
    "U": "Water",
    "G": "Wind",
    "B": "Darkness",
    "V": "Void",
}
"""fowsim ``colour`` letters and the attribute names of the rules (CR 209)."""
ABILITY_KINDS = frozenset({"continuous", "activate", "automatic", "j-activate"})
"""Bracketed words that open an ability but name its kind, not a keyword."""
KEYWORD_SPELLINGS = {"judgement": "Judgment", "villains": "Villains"}
_LEADING_BRACKETS = re.compile(r"^\s*((?:\[[^\[\]]+\][^\S\n]*)+)")
_BRACKET = re.compile(r"\[([^\[\]]+)\]")
_KEYWORD = re.compile(r"^[A-Za-z][A-Za-z' \-]{0,38}(?: <[^<>]{1,40}>)?$")
_COST = re.compile(r"^\s*(?:\{[^{}]+\}\s*)+$|^\s*\d+\s*$")
_FACE_SUFFIXES = ("^", "J")


class _Card(BaseModel):
    """One fowsim card; unknown fields are ignored, known ones must have the right shape."""

    model_config = ConfigDict(extra="ignore")

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    type: list[str] = Field(default_factory=list)
    race: list[str] = Field(default_factory=list)
    cost: str | None = None
    colour: list[str] = Field(default_factory=list)
    ATK: int | str | None = None
    DEF: int | str | None = None
    abilities: list[str] = Field(default_factory=list)
    divinity: int | str | None = None
    rarity: str | None = None

    @field_validator("id", "name")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value.strip()


@dataclass(frozen=True)
class _Entry:
    number: int
    set_code: str | None
    card: _Card

    @property
    def location(self) -> str:
        return f"record {self.number} (id {shown(self.card.id)})"


def _number(value: int | str | None, entry: _Entry, field: str, *, infinite_ok: bool = False) -> int | None:
    """``ATK``/``DEF``/``divinity``: a number, a number as text, or ``""``/``null`` for none."""
    if value is None or isinstance(value, int):
        return value
    text = value.strip()
    if not text or (infinite_ok and text.casefold() in ("inf", "∞")):
        return None
    if text.isascii() and text.lstrip("-").isdigit() and len(text) <= 9:
        return int(text)
    raise CardImportError(entry.location, field, f"{shown(value)} is not a number")


def _cost(value: str | None, entry: _Entry) -> str | None:
    if value is None or not value.strip():
        return None
    if not _COST.match(value):
        raise CardImportError(entry.location, "cost", f"{shown(value)} is not a cost such as {{W}}{{1}}")
    return re.sub(r"\s+", "", value)


def _attributes(entry: _Entry) -> list[str]:
    names = []
    for letter in entry.card.colour:
        name = ATTRIBUTES.get(letter.strip().upper())
        if name is None:
            known = ", ".join(ATTRIBUTES)
            raise CardImportError(entry.location, "colour", f"{shown(letter)} is not a colour ({known})")
        if name not in names:
            names.append(name)
    return names


def keywords(abilities: list[str]) -> list[str]:
    """The keyword abilities that open the card's abilities: ``[Flying]``, ``[Enter] >>> …``."""
    found: list[str] = []
    for ability in abilities:
        match = _LEADING_BRACKETS.match(ability)
        if not match:
            continue
        for token in _BRACKET.findall(match.group(1)):
            token = " ".join(token.split())
            folded = token.casefold()
            if folded in ABILITY_KINDS or not _KEYWORD.match(token):
                continue
            name = KEYWORD_SPELLINGS.get(folded, token)
            if name not in found:
                found.append(name)
    return found


def _types(entry: _Entry) -> list[str]:
    return [re.sub(r"\s*:\s*", ":", " ".join(kind.split())) for kind in entry.card.type if kind.strip()]


def _text(card: _Card) -> str:
    return "\n".join(ability.strip() for ability in card.abilities if ability.strip())


def _stats(entry: _Entry) -> dict[str, Any]:
    card = entry.card
    return clean_stats(
        {
            "attribute": _attributes(entry),
            "atk": _number(card.ATK, entry, "ATK"),
            "defense": _number(card.DEF, entry, "DEF"),
            "race": [race.strip() for race in card.race if race.strip()],
            "divinity": _number(card.divinity, entry, "divinity", infinite_ok=True),
        }
    )


_SetKey = tuple[int, int]
"""A set by its place: (cluster index, set index)."""


def _walk(json: JsonStream) -> Iterator[tuple[_SetKey, Any]]:
    """Every card of the file in order, with the place of the set that lists it; after each set,
    ``(place, _SetEnd(code))``. The shape of the file is checked on the way."""
    first = json.start()
    if first[0] != "start_map":
        found = describe(*first)
        raise CardImportError(
            "the file", None, f'expected an object {{"fow": {{"clusters": [...]}}}}, found {found}'
        )
    seen_fow = False
    for key, start in json.fields():
        if key != "fow":
            json.skip(start)
            continue
        seen_fow = _once(seen_fow, "fow")
        if start[0] != "start_map":
            found = describe(*start)
            raise CardImportError(
                "the file", "fow", f'expected an object {{"clusters": [...]}}, found {found}'
            )
        seen_clusters = False
        for inner, value in json.fields():
            if inner != "clusters":
                json.skip(value)
                continue
            seen_clusters = _once(seen_clusters, "fow.clusters")
            _expect_list(value, "fow.clusters", "a list of clusters")
            for c, cluster in enumerate(json.items()):
                yield from _cluster(json, c, cluster)
        if not seen_clusters:
            raise CardImportError("the file", "fow.clusters", "expected a list of clusters, found null")
    if not seen_fow:
        raise CardImportError("the file", "fow", 'expected an object {"clusters": [...]}, found null')
    json.finish()


@dataclass(frozen=True)
class _SetEnd:
    code: str | None


def _cluster(json: JsonStream, c: int, start: Event) -> Iterator[tuple[_SetKey, Any]]:
    path = f"fow.clusters[{c}]"
    if start[0] != "start_map":
        raise CardImportError("the file", path, f"expected a cluster object, found {describe(*start)}")
    seen_sets = False
    for key, value in json.fields():
        if key != "sets":
            json.skip(value)
            continue
        seen_sets = _once(seen_sets, f"{path}.sets")
        _expect_list(value, f"{path}.sets", "a list of sets")
        for s, card_set in enumerate(json.items()):
            where = f"{path}.sets[{s}]"
            if card_set[0] != "start_map":
                raise CardImportError(
                    "the file", where, f"expected a set object, found {describe(*card_set)}"
                )
            code: Any = None
            seen_cards = False
            for inner, item in json.fields():
                if inner == "code":
                    code = json.value(item, "the file")
                elif inner == "cards":
                    seen_cards = _once(seen_cards, f"{where}.cards")
                    _expect_list(item, f"{where}.cards", "a list of cards")
                    for card in json.items():
                        yield (c, s), json.value(card, f"a card of {where}")
                else:
                    json.skip(item)
            set_code = code.strip() if isinstance(code, str) and code.strip() else None
            yield (c, s), _SetEnd(set_code)


def _once(seen: bool, path: str) -> bool:
    if seen:
        raise CardImportError("the file", path, "it is given twice")
    return True


def _expect_list(start: Event, path: str, what: str) -> None:
    if start[0] != "start_array":
        raise CardImportError("the file", path, f"expected {what}, found {describe(*start)}")


def _entry(number: int, set_code: str | None, raw: Any) -> _Entry:
    """Card ``number`` of the file, shape-checked."""
    location = f"record {number}"
    if isinstance(raw, dict) and isinstance(raw.get("id"), str) and raw["id"].strip():
        location += f" (id {shown(raw['id'])})"
    if not isinstance(raw, dict):
        raise CardImportError(location, None, f"expected a card object, found {shown(raw)}")
    return _Entry(number, set_code, validate(_Card, raw, location))


def _cards(source: BinaryIO, set_codes: dict[_SetKey, str | None]) -> Iterator[_Entry]:
    """Every card of the file in order; ``set_codes``: the code of each set, filled in as the sets
    end (the first reading) or known from the first reading (the second)."""
    number = 0
    for place, raw in _walk(JsonStream(source)):
        if isinstance(raw, _SetEnd):
            set_codes.setdefault(place, raw.code)
            continue
        number += 1
        yield _entry(number, set_codes.get(place), raw)


def _front(card_id: str, ids: Collection[str]) -> str | None:
    """The id this id is a face of (``S-001J`` -> ``S-001``), when that id is in the file."""
    if card_id.endswith(_FACE_SUFFIXES) and card_id[:-1] in ids:
        return card_id[:-1]
    return None


def parse(data: bytes, *, game: str, source_name: str, schema: bytes | None = None) -> list[CardRecord]:
    """Read the fowsim JSON; one record per card, J-Rulers and back sides as faces."""
    return list(stream(io.BytesIO(data), game=game, source_name=source_name))


def stream(
    source: BinaryIO, *, game: str, source_name: str, schema: bytes | None = None
) -> Iterator[CardRecord]:
    """The records of the fowsim JSON, reading the file twice: first every card is checked and its
    id noted (a back face may come before or after its front, a set's ``code`` after its cards),
    keeping only the cards that may be faces; then the records are built in file order."""
    set_codes: dict[_SetKey, str | None] = {}
    ids: dict[str, int] = {}
    maybe_faces: list[_Entry] = []
    duplicate: CardImportError | None = None
    for entry in _cards(source, set_codes):
        card_id = entry.card.id
        if card_id in ids:
            duplicate = duplicate or CardImportError(
                entry.location, "id", f"it is also the id of record {ids[card_id]}"
            )
            continue
        ids[card_id] = entry.number
        if card_id.endswith(_FACE_SUFFIXES):
            maybe_faces.append(entry)
    if duplicate is not None:
        raise duplicate
    faces: dict[str, list[_Entry]] = {}
    for entry in maybe_faces:
        root = entry.card.id
        while (front := _front(root, ids.keys())) is not None:
            root = front
        if root != entry.card.id:
            faces.setdefault(root, []).append(entry)
    source.seek(0)
    for entry in _cards(source, set_codes):
        if _front(entry.card.id, ids.keys()) is None:
            yield _record(entry, faces.get(entry.card.id, []))


def _record(entry: _Entry, backs: list[_Entry]) -> CardRecord:
    card = entry.card
    face_records = [
        {
            "name": back.card.name.strip(),
            "types": _types(back),
            "cost": _cost(back.card.cost, back),
            "text": _text(back.card),
            "stats": _stats(back),
        }
        for back in backs
    ]
    found = keywords(card.abilities)
    for back in backs:
        found += [name for name in keywords(back.card.abilities) if name not in found]
    cost = _cost(card.cost, entry)
    return build_record(
        entry.location,
        {"code": "id", "types": "type", "text": "abilities", "set": "code"},
        game=GAME,
        code=card.id,
        name=card.name,
        types=_types(entry),
        cost=cost,
        cost_value=cost_value_of(cost),
        stats=_stats(entry),
        text=_text(card),
        keywords=found,
        set=entry.set_code,
        rarity=(card.rarity or "").strip() or None,
        faces=face_records,
    )


IMPORTER = Importer(
    name="fowsim",
    game=GAME,
    description="Force of Will: the fowsim cards.json (Force-of-Wind/fowsim); J-Rulers become faces.",
    function=parse,
    stream=stream,
)
