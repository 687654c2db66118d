"""Cardfight!! Vanguard (D series) cards from the vanguard_D-atabase data set (``cfv-d``).

Source: CrowOnslaught/vanguard_D-atabase ``src/assets/cardInfo.json``::

    {"version": "2.2.6.0", "cards": [{"id": "389", "name": "Knowledge as Power, Saskia",
     "skill": "<i>(When revealed as a trigger, draw a card, …)</i>", "grade": 0, "power": 5000,
     "shield": 5000, "critical": 1, "trigger": "Draw", "ability": "Boost",
     "nation": "Lyrical Monasterio", "race": "Warbeast", "sets": ["D-LBT01"],
     "setCode": ["D-LBT01 108"], "keywords": ["None"], "type": "Trigger Unit", "image": "…"}],
     "nations": […], "races": […], …}

Mapping to :class:`~engine.cards.model.CardRecord` (one record per card entry):

=============  ================================================================================
``code``       the first ``setCode`` (``D-LBT01 108``); see the code quirks below
``name``       ``name``; ``types``: ``type`` (``Normal Unit``, ``Trigger Unit``, ``Set Order``…)
``stats``      ``grade``, ``power``, ``shield``, ``critical``; ``trigger``: ``trigger``
               (``None`` -> no trigger); ``skill`` (the skill icon): ``ability`` (``Boost``,
               ``Intercept``, ``Twin Drive``; ``None`` -> none); ``nation`` (``NationLess`` ->
               none); ``race`` (``None`` -> none); ``clan``: none (D-series cards have none)
``text``       ``skill``: ``<br>`` -> a new line, other tags (``<i>``, ``<b>``, ``<span>``)
               dropped, entities decoded, blank lines dropped
``keywords``   ``keywords`` without ``None`` (``Persona Ride``, ``overDress``…)
``set``        the first of ``sets`` (``D-LBT01``); ``rarity``: not in the data (none);
               ``cost``: none (Vanguard cards have no printed cost); ``image`` is not kept
=============  ================================================================================

A 0 in ``power``, ``shield`` or ``critical`` means the card prints none (orders, grade 3 units
without a shield), so it is not stored.

Quirks handled: ``setCode`` numbers are not unique in the data: seven pairs of different cards
share their first ``setCode`` (``D-LBT01 082`` is both Fresh Prince, Harriet and Indecisive Sky,
Alestiel), and some are ``???`` placeholders; a card takes the first of its ``setCode`` values that
has no ``?`` and that no earlier card took, else its first one with ``#<id>`` added
(``D-LBT01 082 #348``); a card without any ``setCode`` gets ``id <id>``. The same card listed
twice (same name and same first ``setCode``: Whirlpool Robo, Ramdrought, ids 317 and 216, differing
only in where a quote sits) is one record, the first. Two names appear twice with different
numbers and races (Knowledge as Power, Saskia; Demonic Fever, Garviera); they stay two records, as
in the data.

A bad record (refused, naming ``record N (id 'X')`` and the field): a card that is not an object, an
empty ``name``, no ``id`` and no ``setCode``, a number field (``grade``, ``power``…) that is not a
whole number, or a list field (``setCode``, ``sets``, ``keywords``) that is not a list of text.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterator
from typing import Any, BinaryIO

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.cards.importers.base import (
    CardImportError,
    CodeBook,
    Importer,
    build_record,
    clean_stats,
    shown,
    validate,
)
from engine.cards.importers.jsonstream import JsonStream, describe
from engine.cards.model import CardRecord

GAME = "vanguard"
NONE_VALUES = frozenset({"", "none", "nationless"})
"""Values the data set uses for "nothing" (``"None"``, ``"NationLess"``)."""
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]*>")


def _text_id(value: Any) -> Any:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class _Card(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str | None = None
    name: str = Field(min_length=1)
    skill: str = ""
    grade: int | None = None
    power: int | None = None
    shield: int | None = None
    critical: int | None = None
    trigger: str | None = None
    ability: str | None = None
    nation: str | None = None
    race: str | None = None
    sets: list[str] = Field(default_factory=list)
    setCode: list[str] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    type: str | None = None

    _ids = field_validator("id", mode="before")(_text_id)

    @field_validator("name")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value


def skill_text(skill: str) -> str:
    """The card text of an HTML-ish ``skill``: ``<br>`` -> new line, tags dropped, entities decoded."""
    text = html.unescape(_TAG.sub("", _BREAK.sub("\n", skill)))
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def _value(text: str | None) -> str | None:
    if text is None or " ".join(text.split()).casefold() in NONE_VALUES:
        return None
    return " ".join(text.split())


def _printed(number: int | None) -> int | None:
    return None if number == 0 else number


def _location(number: int, raw: object) -> str:
    card_id = raw.get("id") if isinstance(raw, dict) else None
    if isinstance(card_id, str | int) and not isinstance(card_id, bool) and str(card_id).strip():
        return f"record {number} (id {shown(str(card_id))})"
    return f"record {number}"


def parse(data: bytes, *, game: str, source_name: str, schema: bytes | None = None) -> list[CardRecord]:
    """Read the vanguard_D-atabase ``cardInfo.json`` (see the module docstring)."""
    return list(stream(io.BytesIO(data), game=game, source_name=source_name))


def stream(
    source: BinaryIO, *, game: str, source_name: str, schema: bytes | None = None
) -> Iterator[CardRecord]:
    """The cards of ``cardInfo.json``, read a record at a time; its other keys (``nations``…) are
    passed over unread."""
    json = JsonStream(source)
    first = json.start()
    if first[0] != "start_map":
        found_top = describe(*first)
        raise CardImportError("the file", None, f'expected an object {{"cards": [...]}}, found {found_top}')
    found = False
    while (key := json.key()) is not None:
        start = json.start()
        if key != "cards":
            json.skip(start)
            continue
        if found:
            raise CardImportError("the file", "cards", "it is given twice")
        found = True
        if start[0] != "start_array":
            raise CardImportError("the file", "cards", f"expected a list of cards, found {describe(*start)}")
        codes = CodeBook()
        seen: set[tuple[str, str]] = set()
        number = 0
        while (item := json.item()) is not None:
            number += 1
            record = _card(number, json.value(item, f"record {number}"), codes, seen)
            if record is not None:
                yield record
    if not found:
        raise CardImportError("the file", "cards", "expected a list of cards, found null")
    json.finish()


def _card(number: int, raw: Any, codes: CodeBook, seen: set[tuple[str, str]]) -> CardRecord | None:
    """Card entry ``number``, or ``None`` for a printing listed twice (module docstring)."""
    location = _location(number, raw)
    if not isinstance(raw, dict):
        raise CardImportError(location, None, f"expected a card object, found {shown(raw)}")
    card = validate(_Card, raw, location)
    set_codes = [" ".join(code.split()) for code in card.setCode if code.strip()]
    if not set_codes and not card.id:
        raise CardImportError(location, "setCode", "the card has neither a setCode nor an id")
    identity = (" ".join(card.name.split()).casefold(), set_codes[0].casefold() if set_codes else "")
    if set_codes and identity in seen:
        return None
    seen.add(identity)
    candidates = [code for code in set_codes if "?" not in code] or set_codes or [f"id {card.id}"]
    code = codes.claim(candidates, suffix=card.id)
    sets = [item.strip() for item in card.sets if item.strip()]
    return build_record(
        location,
        {"code": "setCode", "types": "type", "text": "skill"},
        game=GAME,
        code=code,
        name=card.name,
        types=[kind] if (kind := _value(card.type)) else [],
        stats=clean_stats(
            {
                "grade": card.grade,
                "power": _printed(card.power),
                "shield": _printed(card.shield),
                "critical": _printed(card.critical),
                "trigger": _value(card.trigger),
                "skill": _value(card.ability),
                "nation": _value(card.nation),
                "race": [race] if (race := _value(card.race)) else [],
            }
        ),
        text=skill_text(card.skill),
        keywords=[keyword for item in card.keywords if (keyword := _value(item))],
        set=sets[0] if sets else (set_codes[0].split()[0] if set_codes else None),
    )


IMPORTER = Importer(
    name="cfv-d",
    game=GAME,
    description="Cardfight!! Vanguard D series: vanguard_D-atabase cardInfo.json (CrowOnslaught).",
    function=parse,
    stream=stream,
    codes_checked=True,
)
