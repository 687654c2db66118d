"""Duel Masters (English TCG) cards from the duel-masters-json data set (``dm-tcg``).

Source: Latepate64/duel-masters-json ``DuelMastersCards.json`` and the JSON Schema published beside
it (``dm-tcg-schema.json``)::

    {"cards": [{"name": "Abduction Charger", "civilizations": ["Water"], "cost": 7, "type": "Spell",
                "power": "6000+", "subtypes": ["Liquid People"], "supertypes": ["Evolution"],
                "text": "…\\n…", "printings": [{"set": "DM-09 Fatal Brood of Infinite Ruin",
                "id": "16/55", "rarity": "Rare", "illustrator": "…", "flavor": "…"}]}]}

Validation. When the caller passes the schema (``schema`` bytes: the import service takes
``dm-tcg-schema.json`` from beside the data file), the file is checked against it with
``jsonschema`` (the validator of the schema's own ``$schema`` draft, draft-04 here) a record at a
time, since the file is read as a stream: each card as the document ``{"cards": [card]}`` (errors
inside the card count), then the top-level keys other than ``cards`` as ``{..., "cards": []}``
after the last card (errors outside ``cards`` count). Constraints on the list as a whole
(``minItems``, ``uniqueItems``) are not checked. A card's first error in document order is reported
as ``record N (name 'X')`` and the JSON path of the field (``printings[0].rarity``), before the
pydantic check of that card. Without a schema the cards are validated with pydantic only: the same
shapes, but set, rarity and race names are not checked against the schema's lists (civilizations
are: there are five). In both cases a bad record is refused whole. A field this format does not read
(the source's other English file gives each card an ``id``) is no error, even where the schema says
``additionalProperties: false``: it is ignored and the import notes it once per field.

Mapping to :class:`~engine.cards.model.CardRecord`: one record per card (not per printing).

================  ==============================================================================
``code``          the first printing's set abbreviation and number: ``DM-09 16/55``
                  (``Promotional`` -> ``Promo``); see the code quirk below
``name``          ``name``; ``types``: ``supertypes`` + ``type`` as printed: ``Evolution Creature``
``cost``          ``cost`` as text (``"7"``); ``cost_value``: ``cost``
``stats``         ``civilizations``; ``power``/``power_text``: ``"6000+"`` -> 6000 and ``6000+``;
                  ``race``: ``subtypes``; ``evolution``: ``Evolution`` in ``supertypes``;
                  ``twinpact``: a ``Twinpact`` type (none in this data set)
``text``          ``text`` (one clause per line); ``keywords``: the keyword abilities that open
                  a clause (``Blocker``, ``Double breaker``, ``Power attacker +3000``,
                  ``Evolution—Put on…``), from :data:`DM_KEYWORDS`
``set``/``rarity``  the first printing's set abbreviation (``DM-09``) and rarity (``No Rarity``
                  -> none); illustrators and flavor text are not kept
================  ==============================================================================

Quirks handled: the file has mojibake (UTF-8 read as Windows-1252 and saved again:
``Evolutionâ€”Put``, ``Ãœberdragon Bajula``), repaired to ``Evolution—Put`` and ``Überdragon
Bajula``; three Vhal dragons print their power as ``0000+``, read as 0 with ``power_text`` ``0+``;
two different cards (Battleship Mutant and Curious Eye) both give ``DM-07 3/55`` as their only
printing, so the second one gets the code ``DM-07 3/55 #2`` (see
:class:`~engine.cards.importers.base.CodeBook`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, BinaryIO

import jsonschema
from jsonschema.exceptions import SchemaError
from jsonschema.exceptions import ValidationError as SchemaValidationError
from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.cards.importers.base import (
    CardImportError,
    CodeBook,
    Importer,
    build_record,
    clean_stats,
    field_path,
    fix_mojibake,
    load_json,
    match_keywords,
    shown,
    validate,
)
from engine.cards.importers.jsonstream import JsonStream, describe
from engine.cards.model import CardRecord

GAME = "duelmasters"
CIVILIZATIONS = ("Light", "Water", "Darkness", "Fire", "Nature")
DM_KEYWORDS: tuple[str, ...] = (
    "Blocker",
    "Shield Trigger",
    "Super Shield Trigger",
    "Shield Trigger Plus",
    "Strike Back",
    "Guard Strike",
    "Ninja Strike",
    "Gravity Zero",
    "Attack Chance",
    "Speed Attacker",
    "Double Breaker",
    "Triple Breaker",
    "Quattro Breaker",
    "World Breaker",
    "Infinity Breaker",
    "Powered Breaker",
    "Crew Breaker",
    "Win All Battles",
    "Slayer",
    "Power Attacker",
    "Sympathy",
    "Silent Skill",
    "Dynamo",
    "Revolution Change",
    "Gate of Moonless Night",
    "Kizuna Plus",
    "Space Charge",
    "Shield Plus",
    "Shield Force",
    "Labyrinth",
    "Denjara Switch",
    "Psychic Link",
    "Link Release",
    "Dragon Evade",
    "God Link",
    "Evolution",
    "Vortex Evolution",
    "Neo Evolution",
    "Star Evolution",
    "Galaxy Vortex Evolution",
    "Forbidden Star Evolution",
    "Charger",
    "Survivor",
    "Turbo Rush",
    "Wave Striker",
    "Metamorph",
    "Accelerator",
    "Saver",
    "Stealth",
    "Mach Fighter",
    "Guardman",
    "Just Diver",
    "Mana Arms",
    "Invasion",
    "EX Life",
    "Escape",
    "Hunting",
)
"""Keyword abilities recognised at the start of a card's clause (both Duel Masters formats): the
keyword table of the rules parser (:mod:`engine.rules.parsers.duelmasters`) plus the TCG's own."""
SET_ABBREVIATIONS = {
    "Promotional": "Promo",
    "Promotional (Duel Masters Starter Deck)": "Promo SD",
}
_SET_CODE = re.compile(r"^([A-Z]+-\d+)\b")
_POWER = re.compile(r"^\s*(-?)(\d{1,9})\s*([+\-]?)\s*$")


class _Printing(BaseModel):
    model_config = ConfigDict(extra="ignore")

    set: str = Field(min_length=1)
    id: str = Field(min_length=1)
    rarity: str | None = None


class _Card(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: str = Field(min_length=1)
    civilizations: list[str]
    cost: int = Field(ge=0)
    type: str = Field(min_length=1)
    power: str | None = None
    subtypes: list[str] = Field(default_factory=list)
    supertypes: list[str] = Field(default_factory=list)
    text: str = ""
    printings: list[_Printing] = Field(min_length=1)

    @field_validator("civilizations")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        for item in value:
            if item.strip().title() not in CIVILIZATIONS:
                raise ValueError(f"'{item[:40]}' is not a civilization ({', '.join(CIVILIZATIONS)})")
        return [item.strip().title() for item in value]


def set_abbreviation(set_name: str) -> str:
    """``DM-09 Fatal Brood of Infinite Ruin`` -> ``DM-09``; ``Promotional`` -> ``Promo``."""
    name = " ".join(set_name.split())
    match = _SET_CODE.match(name)
    if match:
        return match.group(1)
    return SET_ABBREVIATIONS.get(name, name)


def parse_power(text: str) -> tuple[int, str] | None:
    """``"6000+"`` -> ``(6000, "6000+")``; ``"0000+"`` -> ``(0, "0+")``; ``None`` if not a power."""
    match = _POWER.match(text)
    if not match:
        return None
    sign, digits, suffix = match.groups()
    value = int(sign + digits)
    return value, f"{value}{suffix}"


def _card_location(number: int, raw: object) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    if isinstance(name, str) and name.strip():
        return f"record {number} (name {shown(name)})"
    return f"record {number}"


def _schema_error(error: SchemaValidationError, location: str, rest: Sequence[str | int]) -> CardImportError:
    """A jsonschema error as ``location`` (``record N (name 'X')``) + the JSON path of the field."""
    field = None
    if error.validator == "required":
        required = error.validator_value if isinstance(error.validator_value, list) else []
        present = error.instance if isinstance(error.instance, dict) else {}
        missing = [key for key in required if key not in present]
        field = missing[0] if missing else None
        problem = "it is missing"
    elif error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {}) if isinstance(error.schema, Mapping) else ())
        extra = [key for key in error.instance if key not in allowed]
        field = str(extra[0])[:40] if extra else None
        problem = "it is not a field of this format"
    elif error.validator == "enum":
        problem = f"{shown(error.instance)} is not one of the values the schema allows"
    elif error.validator == "type":
        problem = f"{shown(error.instance)} is not of type {error.validator_value}"
    else:
        problem = error.message[:200]
    parts = [*rest, *([field] if field else [])]
    return CardImportError(location, field_path(parts) or None, problem)


class _Schema:
    """The JSON Schema of the file, applied a record at a time (see the module docstring)."""

    def __init__(self, schema: bytes) -> None:
        loaded = load_json(schema, "the schema")
        if isinstance(loaded, bool):
            loaded = {} if loaded else {"not": {}}  # the boolean schemas, as the objects they stand for
        if not isinstance(loaded, dict):
            raise CardImportError("the schema", None, "it is not a JSON Schema (an object)")
        validator_class = jsonschema.validators.validator_for(loaded)
        try:
            validator_class.check_schema(loaded)
        except SchemaError as error:
            where = field_path(error.absolute_path) or None
            raise CardImportError(
                "the schema", where, f"it is not a valid JSON Schema ({error.message[:120]})"
            ) from None
        self.validator = validator_class(loaded)

    def check_card(self, raw: Any, location: str) -> None:
        """Card ``raw`` as the only card of a document: its first error inside the card. A field the
        schema does not list is no error (the source's other files carry more fields, such as an
        ``id``): :func:`_unknown_fields` notes it instead."""
        first = _first(
            found
            for found in self.validator.iter_errors({"cards": [raw]})
            if len(found.absolute_path) >= 2
            and list(found.absolute_path)[:2] == ["cards", 0]
            and found.validator != "additionalProperties"
        )
        if first is not None:
            raise _schema_error(first, location, list(first.absolute_path)[2:])

    def check_top(self, top: dict[str, Any]) -> None:
        """The top-level keys with an empty list of cards: the first error outside ``cards``."""
        first = _first(
            found
            for found in self.validator.iter_errors({**top, "cards": []})
            if not (found.absolute_path and found.absolute_path[0] == "cards")
            and found.validator != "additionalProperties"
        )
        if first is not None:
            raise _schema_error(first, "the file", list(first.absolute_path))


def _first(errors: Iterable[SchemaValidationError]) -> SchemaValidationError | None:
    """The error that comes first in document order."""
    first: SchemaValidationError | None = None
    for found in errors:
        if first is None or _order(found.absolute_path) < _order(first.absolute_path):
            first = found
    return first


def _order(path: Iterable[str | int]) -> tuple[tuple[int, str], ...]:
    """Document order of two error paths (indexes compared as numbers)."""
    return tuple((part, "") if isinstance(part, int) else (-1, str(part)) for part in path)


MAX_NOTES = 5
"""Unknown fields named one by one in an import's notes; more are counted."""
CARD_FIELDS = frozenset({*_Card.model_fields, "$schema"})
PRINTING_FIELDS = frozenset({*_Printing.model_fields, "illustrator", "flavor"})
"""The fields of the duel-masters-json files that this format reads or knowingly leaves out."""


def _unknown_fields(raw: dict[str, Any]) -> list[str]:
    """The fields of a card record that the format does not know (``id``, ``printings[].foil``)."""
    found = [str(key)[:40] for key in raw if key not in CARD_FIELDS]
    printings = raw.get("printings")
    for printing in printings if isinstance(printings, list) else []:
        if isinstance(printing, dict):
            found.extend(f"printings[].{str(key)[:40]}" for key in printing if key not in PRINTING_FIELDS)
    return found


def _note_unknown(unknown: dict[str, tuple[int, str]], notes: list[str]) -> None:
    """One sentence per unknown field (at most :data:`MAX_NOTES`): how many records carry it, and
    the first."""
    shown_fields = list(unknown.items())[:MAX_NOTES]
    for name, (count, first) in shown_fields:
        records = "1 record" if count == 1 else f"{count} records"
        notes.append(
            f"The field '{name}' is not one this format reads; it was ignored ({records}, first in {first})."
        )
    if len(unknown) > MAX_NOTES:
        notes.append(f"{len(unknown) - MAX_NOTES} other unknown fields were ignored too.")


def _record(card: _Card, location: str, codes: CodeBook) -> CardRecord:
    first = card.printings[0]
    candidates = [f"{set_abbreviation(p.set)} {' '.join(p.id.split())}" for p in card.printings]
    power = power_text = None
    if card.power is not None and card.power.strip():
        parsed = parse_power(card.power)
        if parsed is None:
            raise CardImportError(location, "power", f"{shown(card.power)} is not a power such as 6000+")
        power, power_text = parsed
    supertypes = [fix_mojibake(item.strip()) for item in card.supertypes if item.strip()]
    kind = " ".join([*supertypes, fix_mojibake(card.type.strip())])
    text = fix_mojibake(card.text).strip()
    rarity = (first.rarity or "").strip()
    return build_record(
        location,
        {"types": "type"},
        game=GAME,
        code=codes.claim(candidates),
        name=fix_mojibake(card.name),
        types=[kind],
        cost=str(card.cost),
        cost_value=card.cost,
        stats=clean_stats(
            {
                "civilizations": list(dict.fromkeys(card.civilizations)),
                "power": power,
                "power_text": power_text,
                "race": [fix_mojibake(item.strip()) for item in card.subtypes if item.strip()],
                "twinpact": "twinpact" in kind.casefold(),
                "evolution": any(item.casefold() == "evolution" for item in supertypes),
            }
        ),
        text=text,
        keywords=match_keywords(text.splitlines(), DM_KEYWORDS),
        set=set_abbreviation(first.set),
        rarity=None if rarity in ("", "No Rarity") else rarity,
    )


def parse(data: bytes, *, game: str, source_name: str, schema: bytes | None = None) -> list[CardRecord]:
    """Read the duel-masters-json file, checked against ``schema`` when given (see the module doc)."""
    return list(stream(io.BytesIO(data), game=game, source_name=source_name, schema=schema))


def stream(
    source: BinaryIO,
    *,
    game: str,
    source_name: str,
    schema: bytes | None = None,
    notes: list[str] | None = None,
) -> Iterator[CardRecord]:
    """The cards of the duel-masters-json file, read a record at a time, each checked against
    ``schema`` when given (see the module doc). A field the format does not read (the ``id`` of the
    source's other English file) is ignored, schema or not, and noted in ``notes`` once per field."""
    unknown: dict[str, tuple[int, str]] = {}
    checker = _Schema(schema) if schema is not None else None
    json = JsonStream(source)
    first = json.start()
    if first[0] != "start_map":
        found_top = describe(*first)
        raise CardImportError("the file", None, f'expected an object {{"cards": [...]}}, found {found_top}')
    top: dict[str, Any] = {}
    found = False
    while (key := json.key()) is not None:
        start = json.start()
        if key != "cards":
            if key != "$schema":
                unknown.setdefault(str(key)[:40], (1, "the file"))
            if checker is None:
                json.skip(start)
            else:
                top[key] = json.value(start, "the file")
            continue
        if found:
            raise CardImportError("the file", "cards", "it is given twice")
        found = True
        if start[0] != "start_array":
            raise CardImportError("the file", "cards", f"expected a list of cards, found {describe(*start)}")
        codes = CodeBook()
        number = 0
        while (item := json.item()) is not None:
            number += 1
            raw = json.value(item, f"record {number}")
            location = _card_location(number, raw)
            if checker is not None:
                checker.check_card(raw, location)
            if not isinstance(raw, dict):
                raise CardImportError(location, None, f"expected a card object, found {shown(raw)}")
            for name in dict.fromkeys(_unknown_fields(raw)):
                count, seen_in = unknown.get(name, (0, location))
                unknown[name] = (count + 1, seen_in)
            yield _record(validate(_Card, raw, location), location, codes)
    if not found:
        raise CardImportError("the file", "cards", "expected a list of cards, found null")
    if checker is not None:
        checker.check_top(top)
    json.finish()
    if notes is not None:
        _note_unknown(unknown, notes)


IMPORTER = Importer(
    name="dm-tcg",
    game=GAME,
    description="Duel Masters TCG: duel-masters-json (Latepate64), checked against dm-tcg-schema.json.",
    function=parse,
    stream=stream,
    codes_checked=True,
    noted=stream,
)
