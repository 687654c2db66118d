"""Importing the rules documents listed in ``data/rules/documents.toml`` into the store.

Idempotent and keyed by each file's sha256 (and the parser's version): a start-up imports only new
or changed documents. Each document is imported in one transaction, so a document that fails to
parse or store leaves the database as it was.
"""

from __future__ import annotations

import hashlib
import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from bot.store.database import Database
from bot.store.rules_repo import RulesRepository
from engine.errors import ArbiterError
from engine.games import GAMES
from engine.rules.formats import FORMAT_MODULES, parser_for

log = logging.getLogger("arbiter.import")

MANIFEST = "documents.toml"


class RulesImportError(ArbiterError):
    """A manifest or document could not be imported; nothing was changed for it."""


class ManifestEntry(BaseModel):
    """One document of the manifest."""

    model_config = ConfigDict(extra="forbid")

    file: str
    game: str
    format: str

    @field_validator("game")
    @classmethod
    def _known_game(cls, value: str) -> str:
        if value not in GAMES:
            raise ValueError(f"unknown game '{value}' (known: {', '.join(GAMES)})")
        return value

    @field_validator("format")
    @classmethod
    def _known_format(cls, value: str) -> str:
        if value not in FORMAT_MODULES:
            raise ValueError(f"unknown format '{value}' (known: {', '.join(sorted(FORMAT_MODULES))})")
        return value

    @field_validator("file")
    @classmethod
    def _plain_name(cls, value: str) -> str:
        if "/" in value or "\\" in value or value.startswith("."):
            raise ValueError("must be a file name inside the rules folder")
        return value


class Manifest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    document: list[ManifestEntry]


Outcome = Literal["imported", "updated", "unchanged", "removed", "failed"]


@dataclass
class DocumentOutcome:
    file: str
    outcome: Outcome
    detail: str = ""


@dataclass
class ImportReport:
    outcomes: list[DocumentOutcome] = field(default_factory=list)

    @property
    def failed(self) -> list[DocumentOutcome]:
        return [o for o in self.outcomes if o.outcome == "failed"]

    def summary(self) -> str:
        lines = [f"{o.outcome:>9}  {o.file}{'  ' + o.detail if o.detail else ''}" for o in self.outcomes]
        return "\n".join(lines)


def read_manifest(rules_dir: Path) -> Manifest:
    """Read and validate the manifest; the error names the entry and field at fault."""
    path = rules_dir / MANIFEST
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RulesImportError(f"There is no {MANIFEST} in {rules_dir}.") from None
    except tomllib.TOMLDecodeError as error:
        raise RulesImportError(f"{path} is not valid TOML: {error}.") from None
    try:
        return Manifest.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise RulesImportError(f"{path}: {where}: {first['msg']}.") from None


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def import_rules(database: Database, rules_dir: Path) -> ImportReport:
    """Bring the stored documents in line with the manifest in ``rules_dir``.

    New files are imported, changed files (another sha256, or a newer parser) replace their old
    import, unchanged ones are skipped, and documents no longer listed are removed. A document that
    fails is reported and leaves its previous import (if any) in place.
    """
    manifest = read_manifest(rules_dir)
    repo = RulesRepository(database)
    report = ImportReport()
    listed = {entry.file for entry in manifest.document}
    for entry in manifest.document:
        report.outcomes.append(await _import_one(repo, database, rules_dir, entry))
    for stored in await repo.documents():
        if stored.filename not in listed:
            async with database.transaction():
                await repo.delete_document(stored.id)
            report.outcomes.append(DocumentOutcome(stored.filename, "removed"))
    return report


async def _import_one(
    repo: RulesRepository, database: Database, rules_dir: Path, entry: ManifestEntry
) -> DocumentOutcome:
    path = rules_dir / entry.file
    if not path.is_file():
        return DocumentOutcome(entry.file, "failed", f"the file {path} does not exist")
    digest = sha256_of(path)
    parser = parser_for(entry.format)
    existing = await repo.document_by_filename(entry.file)
    if (
        existing is not None
        and existing.sha256 == digest
        and existing.parser_version == parser.PARSER_VERSION
        and existing.format == entry.format
    ):
        return DocumentOutcome(entry.file, "unchanged")
    try:
        text = path.read_text(encoding="utf-8")
        parsed = parser.parse(text)
    except UnicodeDecodeError as error:
        return DocumentOutcome(entry.file, "failed", f"not UTF-8 text at byte {error.start}")
    except ArbiterError as error:
        return DocumentOutcome(entry.file, "failed", str(error))
    if parsed.meta.game != entry.game:
        return DocumentOutcome(
            entry.file, "failed", f"the manifest says {entry.game} but the document is {parsed.meta.game}"
        )
    async with database.transaction():
        if existing is not None:
            await repo.delete_document(existing.id)
        await repo.insert_document(
            parsed,
            filename=entry.file,
            sha256=digest,
            format=entry.format,
            parser_version=parser.PARSER_VERSION,
        )
    detail = f"{len(parsed.rules)} rules, {len(parsed.keywords)} keywords"
    log.info("imported %s: %s", entry.file, detail)
    return DocumentOutcome(entry.file, "updated" if existing else "imported", detail)
