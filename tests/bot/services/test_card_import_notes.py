"""Importing the duel-masters-json source's other English file: the same format with an ``id`` on
each card. With the schema given (which says ``additionalProperties: false``) the unknown field is
ignored and noted, not fatal; a real mistake is still refused and changes nothing. The file is
written by the test from real cards of ``dm-tcg-cards.json`` (read from ../shared/carddata)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.app import App
from bot.services.cards import CardView
from engine.cards.importers import FORMATS, CardImportError
from engine.games import GAMES

NAMES = ("Bolshack Dragon", "Aqua Hulcus", "Bronze-Arm Tribe", "Holy Awe", "Lost Soul")


def _other_file(carddata: Path, target: Path, *, bad: bool = False) -> Path:
    cards = json.loads((carddata / "dm-tcg-cards.json").read_text(encoding="utf-8"))["cards"]
    chosen = [card for card in cards if card["name"] in NAMES]
    assert {card["name"] for card in chosen} == set(NAMES)
    other = [{"id": f"dm-{number:04d}", **card} for number, card in enumerate(chosen, start=1)]
    if bad:
        other[2] = {**other[2], "civilizations": ["Purple"]}
    target.write_text(json.dumps({"cards": other}, ensure_ascii=False), encoding="utf-8")
    return target


async def test_an_unknown_field_of_the_known_source_is_noted_not_fatal(
    app: App, carddata: Path, tmp_path: Path
) -> None:
    dm = GAMES["duelmasters"]
    path = _other_file(carddata, tmp_path / "DuelMastersCards-other.json")
    summary = await app.cards.import_path(dm, "dm-tcg", path, carddata / "dm-tcg-schema.json")
    assert (summary.records, summary.added) == (len(NAMES), len(NAMES))
    assert summary.notes == (
        "The field 'id' is not one this format reads; it was ignored (5 records, first in record 1 "
        "(name 'Aqua Hulcus')).",
    )
    assert summary.notes[0] in summary.sentence()
    found = await app.cards.get(dm, "bolshack dragon")
    assert isinstance(found, CardView) and found.stored.card.stats["power"] == 6000


async def test_a_real_mistake_in_that_file_is_still_refused_and_changes_nothing(
    app: App, carddata: Path, tmp_path: Path
) -> None:
    dm = GAMES["duelmasters"]
    path = _other_file(carddata, tmp_path / "DuelMastersCards-other.json", bad=True)
    with pytest.raises(CardImportError, match="civilizations") as refused:
        await app.cards.import_path(dm, "dm-tcg", path, carddata / "dm-tcg-schema.json")
    assert "record 3" in str(refused.value)
    assert await app.cards.repo.count("duelmasters") == 0


async def test_the_published_file_imports_without_notes(app: App, carddata: Path) -> None:
    summary = await app.cards.import_path(
        GAMES["duelmasters"], "dm-tcg", carddata / "dm-tcg-cards.json", carddata / "dm-tcg-schema.json"
    )
    assert summary.records == 1152 and summary.notes == ()


@pytest.mark.parametrize("with_schema", [True, False])
def test_unknown_fields_are_noted_once_each_with_or_without_the_schema(
    carddata: Path, with_schema: bool
) -> None:
    cards = json.loads((carddata / "dm-tcg-cards.json").read_text(encoding="utf-8"))["cards"]
    chosen = [card for card in cards if card["name"] in NAMES]
    for card in chosen:
        card["printings"] = [{**printing, "foil": False} for printing in card["printings"]]
    data = json.dumps({"version": 2, "cards": [{"id": 7, **card} for card in chosen]}).encode()
    schema = (carddata / "dm-tcg-schema.json").read_bytes() if with_schema else None
    notes: list[str] = []
    records = list(
        FORMATS["dm-tcg"].records(
            io.BytesIO(data), game="duelmasters", source_name="other.json", schema=schema, notes=notes
        )
    )
    assert sorted(r.name for r in records) == sorted(NAMES)
    assert [note.split("'")[1] for note in notes] == ["version", "id", "printings[].foil"]
