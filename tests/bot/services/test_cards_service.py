"""Cards end to end over real SQLite files and the real public data sets."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from bot.app import App
from bot.services.cards import CardMiss, CardsError, CardView
from engine.cards.importers import CardImportError
from engine.cards.names import normalise_name
from engine.cards.query import QueryError
from engine.games import GAMES, resolve_game

ROOT = Path(__file__).resolve().parents[3]
TRICKY = ROOT / "tests" / "engine" / "cards" / "tricky_names.toml"


async def _snapshot(app: App) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for table in ("cards", "card_values", "card_aliases"):
        async with app.db.connection.execute(f"SELECT * FROM {table} ORDER BY rowid") as cursor:
            rows.extend(tuple(r) for r in await cursor.fetchall())
    return rows


async def test_bundled_gate_ruler_cards_carry_errata_and_rulings(app: App) -> None:
    gate = GAMES["gateruler"]
    assert await app.cards.repo.count("gateruler") == 55
    wound = await app.cards.get(gate, "just a flesh wound")
    assert isinstance(wound, CardView), wound
    assert wound.stored.card.errata, "Just a Flesh Wound has an erratum in the Set 3 update"
    dreadnaught = await app.cards.get(gate, "dreadnaught")
    assert isinstance(dreadnaught, CardView), dreadnaught
    assert any(r.kind == "ruling" for r in dreadnaught.rulings)


async def test_fowsim_import_resolves_misspelled_names_and_j_ruler_faces(cards_app: App) -> None:
    fow = GAMES["forceofwill"]
    aesop = await cards_app.cards.get(fow, "aesop prince tutor")
    assert isinstance(aesop, CardView) and aesop.stored.card.name == "Aesop, the Prince's Tutor"
    rows = await cards_app.cards.repo.name_rows("forceofwill")
    counts = Counter(normalise_name(n) for _, name, faces, _ in rows for n in [name, *faces])
    with_face = next(
        c
        for c in await _cards_with_faces(cards_app, "forceofwill")
        if counts[normalise_name(c.card.faces[0].name)] == 1
    )
    face_name = with_face.card.faces[0].name
    found = await cards_app.cards.get(fow, face_name.lower())
    assert isinstance(found, CardView) and found.stored.id == with_face.id
    assert found.matched == face_name


async def _cards_with_faces(app: App, game: str):  # type: ignore[no-untyped-def]
    total, cards = await app.cards.repo.search(game, "c.faces != '[]'", [], 500, 0)
    assert total > 0
    return [c for c in cards if c.card.faces]


async def test_query_language_filters_real_cards(cards_app: App) -> None:
    vanguard = GAMES["vanguard"]
    results = await cards_app.cards.search(vanguard, "grade:3 power>=13000", per_page=50)
    assert results.total > 0
    for stored in results.cards:
        assert stored.card.stats["grade"] == 3 and stored.card.stats["power"] >= 13000
    dm = GAMES["duelmasters"]
    fire = await cards_app.cards.search(dm, "civ:fire -t:spell cost<=3", per_page=50)
    assert fire.total > 0
    for stored in fire.cards:
        assert "fire" in [c.lower() for c in stored.card.stats["civilizations"]]
        assert stored.card.cost_value is not None and stored.card.cost_value <= 3
        assert not any("spell" in t.lower() for t in stored.card.types)
    with pytest.raises(QueryError, match="position 0"):
        await cards_app.cards.search(vanguard, "pwr>3")


async def test_keywords_in_card_text_link_to_their_rules(cards_app: App) -> None:
    fow = GAMES["forceofwill"]
    results = await cards_app.cards.search(fow, "keyword:flying t:resonator", per_page=5)
    assert results.cards
    view = await cards_app.cards.view(results.cards[0].id)
    assert view is not None
    flying = [k for k in view.keywords if k.name == "Flying"]
    assert flying, view.keywords
    rule = await cards_app.rules.view(flying[0].document_id, flying[0].rule_id)
    assert rule is not None and "Flying" in (rule.rule.title or "")


async def test_reimport_updates_and_never_duplicates(cards_app: App, carddata: Path) -> None:
    vanguard = GAMES["vanguard"]
    before = await cards_app.cards.repo.count("vanguard")
    summary = await cards_app.cards.import_path(vanguard, "cfv-d", carddata / "cfv-d-cards.json")
    assert summary.added == 0 and summary.updated == summary.records == before
    assert await cards_app.cards.repo.count("vanguard") == before


async def test_a_bad_file_changes_nothing_and_names_the_record(
    cards_app: App, carddata: Path, tmp_path: Path
) -> None:
    before = await _snapshot(cards_app)
    data = json.loads((carddata / "cfv-d-cards.json").read_text(encoding="utf-8"))
    data["cards"][5]["power"] = "lots"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardImportError) as caught:
        await cards_app.cards.import_path(GAMES["vanguard"], "cfv-d", bad)
    assert "power" in str(caught.value).lower()
    truncated = tmp_path / "cut.json"
    truncated.write_bytes((carddata / "fowsim-cards.json").read_bytes()[:5000])
    with pytest.raises(CardImportError):
        await cards_app.cards.import_path(GAMES["forceofwill"], "fowsim", truncated)
    with pytest.raises(CardsError, match="Force of Will cards, not Cardfight"):
        await cards_app.cards.import_path(GAMES["vanguard"], "fowsim", carddata / "fowsim-cards.json")
    assert await _snapshot(cards_app) == before


async def test_operator_aliases(cards_app: App) -> None:
    dm = GAMES["duelmasters"]
    message = await cards_app.cards.set_alias(dm, "bolshy", "Bolshack Dragon", 42)
    assert "Bolshack Dragon" in message
    found = await cards_app.cards.get(dm, "Bolshy")
    assert isinstance(found, CardView) and found.stored.card.name == "Bolshack Dragon"
    await cards_app.cards.remove_alias(dm, "bolshy")
    after = await cards_app.cards.get(dm, "bolshy")
    assert not (isinstance(after, CardView) and after.matched.casefold() == "bolshy")
    with pytest.raises(CardsError):
        await cards_app.cards.remove_alias(dm, "bolshy")


def _tricky_cases() -> list[dict[str, object]]:
    return tomllib.loads(TRICKY.read_text(encoding="utf-8"))["case"]


async def test_tricky_names_through_the_service(cards_app: App) -> None:
    """The name-resolution table, run against the cards as the importers store them."""
    failures = []
    for case in _tricky_cases():
        game = resolve_game(str(case["game"]))
        answer = await cards_app.cards.get(game, str(case["input"]))
        if "expect" in case:
            ok = isinstance(answer, CardView) and case["expect"] in answer.stored.card.names
        elif "expect_ambiguous" in case:
            labels = [label for _, label in answer.candidates] if isinstance(answer, CardMiss) else []
            wanted = list(case["expect_ambiguous"])  # type: ignore[call-overload]
            ok = all(any(name in label for label in labels) for name in wanted)
        else:
            ok = isinstance(answer, CardMiss) and not answer.candidates
        if not ok:
            shown = answer.stored.card.name if isinstance(answer, CardView) else answer.message
            failures.append(f"{case['game']} {case['input']!r}: got {shown}")
    assert len(_tricky_cases()) >= 60
    assert not failures, "\n".join(failures)


def test_cli_import_then_get(tmp_path: Path, carddata: Path) -> None:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    db = str(tmp_path / "cli.sqlite3")
    run = [sys.executable, "-m", "bot.cli"]
    imported = subprocess.run(
        [*run, "cards", "import", "forceofwill", "fowsim", str(carddata / "fowsim-cards.json"), "--db", db],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert imported.returncode == 0, imported.stderr
    got = subprocess.run(
        [*run, "cards", "get", "forceofwill", "aesop prince tutor", "--db", db],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert got.returncode == 0, got.stderr
    assert "Aesop, the Prince's Tutor" in got.stdout
    ambiguous = subprocess.run(
        [*run, "cards", "get", "forceofwill", "alice", "--json", "--db", db],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert ambiguous.returncode == 1
    assert len(json.loads(ambiguous.stdout)["candidates"]) >= 2
