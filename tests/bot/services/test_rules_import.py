"""Importing the rules documents: idempotent by sha256, editions side by side, all-or-nothing."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest

from bot.services.rules import RulesService
from bot.services.rules_import import RulesImportError, import_rules, read_manifest
from bot.store.database import Database
from bot.store.rules_repo import RulesRepository
from engine.games import GAMES

SHARED_SEEDS = Path(__file__).resolve().parents[3].parent / "shared" / "seeds"


def _copy_rules(source: Path, target: Path) -> Path:
    target.mkdir()
    for item in source.iterdir():
        shutil.copy(item, target / item.name)
    return target


async def _snapshot(db: Database) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for table in ("documents", "rules", "keywords", "changelog", "card_rulings"):
        async with db.connection.execute(f"SELECT * FROM {table} ORDER BY id") as cursor:
            rows.extend(tuple(r) for r in await cursor.fetchall())
    return rows


def test_bundled_documents_are_byte_identical_to_the_published_seeds(rules_dir: Path) -> None:
    manifest = read_manifest(rules_dir)
    assert len(manifest.document) == 5
    readme = (rules_dir / "README.md").read_text(encoding="utf-8")
    for entry in manifest.document:
        data = (rules_dir / entry.file).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        assert digest in readme, f"data/rules/README.md does not list the sha256 of {entry.file}"
        seed = SHARED_SEEDS / entry.file
        if seed.exists():
            assert seed.read_bytes() == data


async def test_import_is_idempotent_and_keyed_by_sha256(tmp_path: Path, rules_dir: Path) -> None:
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        first = await import_rules(db, rules_dir)
        assert {o.outcome for o in first.outcomes} == {"imported"}, first.summary()
        before = await _snapshot(db)
        second = await import_rules(db, rules_dir)
        assert {o.outcome for o in second.outcomes} == {"unchanged"}
        assert await _snapshot(db) == before
        documents = await RulesRepository(db).documents()
        assert {d.game for d in documents} == set(GAMES)
        for document in documents:
            data = (rules_dir / document.filename).read_bytes()
            assert document.sha256 == hashlib.sha256(data).hexdigest()
    finally:
        await db.close()


async def test_a_new_edition_coexists_and_becomes_the_default(tmp_path: Path, rules_dir: Path) -> None:
    folder = _copy_rules(rules_dir, tmp_path / "rules")
    old = (folder / "vanguard-comprehensive-rules.txt").read_text(encoding="utf-8")
    assert "ver. 2.01 update" in old
    newer = old.replace("June 1st, 2018 ver. 2.01 update", "July 2nd, 2019 ver. 2.10 update")
    newer = newer.replace(
        "six or more cards in his or her damage zone", "seven or more cards in his or her damage zone"
    )
    (folder / "vanguard-comprehensive-rules-2.10.txt").write_text(newer, encoding="utf-8")
    with (folder / "documents.toml").open("a", encoding="utf-8") as manifest:
        manifest.write(
            '\n[[document]]\nfile = "vanguard-comprehensive-rules-2.10.txt"\n'
            'game = "vanguard"\nformat = "vanguard-cr"\n'
        )
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        report = await import_rules(db, folder)
        assert not report.failed, report.summary()
        service = RulesService(db)
        await service.load()
        vanguard = GAMES["vanguard"]
        newest = await service.get(vanguard, "1.2.2.1")
        older = await service.get(vanguard, "1.2.2.1", edition="2.01")
        assert newest.document.version == "2.10" and "seven or more" in newest.rule.text
        assert older.document.version == "2.01" and "six or more" in older.rule.text
        with pytest.raises(Exception, match=r"no edition .9\.9."):
            await service.get(vanguard, "1.2.2.1", edition="9.9")
    finally:
        await db.close()


async def test_a_changed_file_replaces_its_import_and_a_broken_one_changes_nothing(
    tmp_path: Path, rules_dir: Path
) -> None:
    folder = _copy_rules(rules_dir, tmp_path / "rules")
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        await import_rules(db, folder)
        before = await _snapshot(db)
        target = folder / "duelmasters-general-game-rules-1.38.txt"
        target.write_text("this is not the Duel Masters rules document\n", encoding="utf-8")
        report = await import_rules(db, folder)
        failed = {o.file: o.detail for o in report.failed}
        assert list(failed) == [target.name]
        assert failed[target.name]  # a sentence saying why
        assert await _snapshot(db) == before
        target.write_bytes(b"\xff\xfe broken bytes")
        report = await import_rules(db, folder)
        assert "UTF-8" in report.failed[0].detail
        assert await _snapshot(db) == before
        shutil.copy(rules_dir / target.name, target)
        content = target.read_text(encoding="utf-8")
        target.write_text(
            content.replace("Purpose of this document", "Purpose of this text", 1), encoding="utf-8"
        )
        report = await import_rules(db, folder)
        assert [o.outcome for o in report.outcomes if o.file == target.name] == ["updated"]
        repo = RulesRepository(db)
        documents = [d for d in await repo.documents() if d.filename == target.name]
        assert len(documents) == 1
        assert documents[0].sha256 == hashlib.sha256(target.read_bytes()).hexdigest()
    finally:
        await db.close()


@pytest.mark.parametrize(
    ("manifest", "message"),
    [
        (
            '[[document]]\nfile = "a.txt"\ngame = "magic"\nformat = "vanguard-cr"\n',
            r"document\.0\.game: .*unknown game 'magic'",
        ),
        (
            '[[document]]\nfile = "a.txt"\ngame = "vanguard"\nformat = "pdf"\n',
            r"document\.0\.format: .*unknown format 'pdf'",
        ),
        (
            '[[document]]\nfile = "../etc/passwd"\ngame = "vanguard"\nformat = "vanguard-cr"\n',
            r"document\.0\.file",
        ),
        ("[[document]\n", r"not valid TOML"),
        ('[[document]]\nfile = "a.txt"\ngame = "vanguard"\n', r"document\.0\.format: Field required"),
    ],
)
async def test_a_bad_manifest_names_the_entry_and_changes_nothing(
    tmp_path: Path, rules_dir: Path, manifest: str, message: str
) -> None:
    folder = _copy_rules(rules_dir, tmp_path / "rules")
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        await import_rules(db, folder)
        before = await _snapshot(db)
        (folder / "documents.toml").write_text(manifest, encoding="utf-8")
        with pytest.raises(RulesImportError, match=message):
            await import_rules(db, folder)
        assert await _snapshot(db) == before
    finally:
        await db.close()


async def test_a_document_dropped_from_the_manifest_is_removed(tmp_path: Path, rules_dir: Path) -> None:
    folder = _copy_rules(rules_dir, tmp_path / "rules")
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        await import_rules(db, folder)
        text = (folder / "documents.toml").read_text(encoding="utf-8")
        blocks = re.split(r"\n(?=\[\[document\]\])", text)
        kept = [b for b in blocks if "gateruler-set3" not in b]
        (folder / "documents.toml").write_text("\n".join(kept), encoding="utf-8")
        report = await import_rules(db, folder)
        assert [o.file for o in report.outcomes if o.outcome == "removed"] == [
            "gateruler-set3-rules-update.txt"
        ]
        async with db.connection.execute("SELECT count(*) FROM card_rulings") as cursor:
            assert (await cursor.fetchone())[0] == 0
    finally:
        await db.close()
