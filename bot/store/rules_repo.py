"""Repository of rules documents and their records (rules, keywords, changelog, card rulings)."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from bot.store.database import Database
from engine.rules.model import ParsedDocument, RuleRecord

_MARKUP = re.compile(r"\*\*|__|`")


@dataclass(frozen=True)
class StoredDocument:
    """A document row: identity, provenance and edition."""

    id: int
    game: str
    kind: str
    format: str
    parser_version: int
    filename: str
    sha256: str
    title: str
    version: str | None
    date: str | None
    edition: str | None

    @property
    def label(self) -> str:
        """How answers name the document they quote, e.g. ``Gateruler Comprehensive Rules 1.5.0``."""
        parts = [self.title]
        if self.version and self.version not in self.title:
            parts.append(f"ver. {self.version}")
        if self.date:
            parts.append(f"({self.date})")
        return " ".join(parts)


@dataclass(frozen=True)
class StoredRule:
    """A rule row with its document id."""

    document_id: int
    rule_id: str
    parent_id: str | None
    order: int
    depth: int
    kind: str
    title: str | None
    text: str
    examples: list[str]
    references: list[str]
    section: str | None
    line: int


@dataclass(frozen=True)
class SearchText:
    """The fields full-text search indexes for a rule."""

    rule_id: str
    title: str
    body: str
    keywords: str
    context: str
    """The titles of the rule's ancestors."""

    @property
    def words(self) -> str:
        return " ".join((self.title, self.body, self.keywords))


@dataclass(frozen=True)
class RuleBrief:
    """What autocomplete and navigation need of a rule, kept in memory."""

    document_id: int
    rule_id: str
    parent_id: str | None
    order: int
    kind: str
    title: str | None
    text: str


@dataclass(frozen=True)
class StoredKeyword:
    document_id: int
    name: str
    rule_id: str
    aliases: list[str]


@dataclass(frozen=True)
class SearchHit:
    document_id: int
    rule_id: str
    score: float


def search_body(record: RuleRecord) -> str:
    """The text full-text search indexes for a record: text and examples without display markup."""
    return _MARKUP.sub("", "\n".join([record.text, *record.examples]))


_DOC_COLUMNS = "id, game, kind, format, parser_version, filename, sha256, title, version, date, edition"
_RULE_COLUMNS = (
    "document_id, rule_id, parent_id, ord, depth, kind, title, text, examples, refs, section, line"
)


def _ancestor_titles(
    parent_id: str | None, titles: dict[str, str | None], parents: dict[str, str | None]
) -> list[str]:
    """Titles of a record's ancestors: the context a sub-rule's own words leave out ("End Phase")."""
    found: list[str] = []
    seen: set[str] = set()
    while parent_id and parent_id not in seen:
        seen.add(parent_id)
        if titles.get(parent_id):
            found.append(titles[parent_id] or "")
        parent_id = parents.get(parent_id)
    return found


def _document(row: aiosqlite.Row) -> StoredDocument:
    return StoredDocument(*tuple(row))


def _rule(row: aiosqlite.Row) -> StoredRule:
    values = list(row)
    values[8] = json.loads(values[8])
    values[9] = json.loads(values[9])
    return StoredRule(*values)


class RulesRepository:
    """SQL for documents and rules. Every statement is parameterised."""

    def __init__(self, database: Database) -> None:
        self.db = database

    # documents -----------------------------------------------------------------------------

    async def documents(self, game: str | None = None) -> list[StoredDocument]:
        sql = f"SELECT {_DOC_COLUMNS} FROM documents"
        params: tuple[str, ...] = ()
        if game is not None:
            sql += " WHERE game = ?"
            params = (game,)
        return [_document(row) for row in await self.db.fetchall(sql + " ORDER BY game, kind, id", params)]

    async def document_by_filename(self, filename: str) -> StoredDocument | None:
        row = await self.db.fetchone(f"SELECT {_DOC_COLUMNS} FROM documents WHERE filename = ?", (filename,))
        return _document(row) if row else None

    async def insert_document(
        self,
        parsed: ParsedDocument,
        *,
        filename: str,
        sha256: str,
        format: str,
        parser_version: int,
    ) -> int:
        """Insert a parsed document with all its records. Call inside a transaction."""
        conn = self.db.connection
        meta = parsed.meta
        cursor = await conn.execute(
            "INSERT INTO documents (game, kind, format, parser_version, filename, sha256, title,"
            " version, date, edition) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                meta.game,
                meta.kind,
                format,
                parser_version,
                filename,
                sha256,
                meta.title,
                meta.version,
                meta.date,
                meta.edition,
            ),
        )
        document_id = int(cursor.lastrowid or 0)
        keyword_names: dict[str, list[str]] = defaultdict(list)
        for keyword in parsed.keywords:
            keyword_names[keyword.rule_id].extend([keyword.name, *keyword.aliases])
        titles = {r.rule_id: r.title for r in parsed.rules}
        parents = {r.rule_id: r.parent_id for r in parsed.rules}
        for record in parsed.rules:
            cursor = await conn.execute(
                f"INSERT INTO rules ({_RULE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    document_id,
                    record.rule_id,
                    record.parent_id,
                    record.order,
                    record.depth,
                    record.kind,
                    record.title,
                    record.text,
                    json.dumps(record.examples),
                    json.dumps(record.references),
                    record.section,
                    record.line,
                ),
            )
            await conn.execute(
                "INSERT INTO rules_fts (rowid, title, body, keywords, context) VALUES (?, ?, ?, ?, ?)",
                (
                    cursor.lastrowid,
                    _MARKUP.sub("", record.title or ""),
                    search_body(record),
                    " ".join(keyword_names.get(record.rule_id, [])),
                    _MARKUP.sub("", " ".join(_ancestor_titles(record.parent_id, titles, parents))),
                ),
            )
        await conn.executemany(
            "INSERT INTO keywords (document_id, name, rule_id, aliases) VALUES (?, ?, ?, ?)",
            [(document_id, k.name, k.rule_id, json.dumps(k.aliases)) for k in parsed.keywords],
        )
        await conn.executemany(
            "INSERT INTO changelog (document_id, key, version, date, text, line) VALUES (?, ?, ?, ?, ?, ?)",
            [(document_id, c.key, c.version, c.date, c.text, c.line) for c in parsed.changelog],
        )
        await conn.executemany(
            "INSERT INTO card_rulings (document_id, game, kind, key, card_name, codes, text, old_text,"
            " new_text, reason, topic, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    document_id,
                    meta.game,
                    r.kind,
                    r.key,
                    r.card_name,
                    json.dumps(r.codes),
                    r.text,
                    r.old_text,
                    r.new_text,
                    r.reason,
                    r.topic,
                    r.line,
                )
                for r in parsed.rulings
            ],
        )
        return document_id

    async def delete_document(self, document_id: int) -> None:
        """Delete a document and, by cascade, everything parsed from it. Call inside a transaction."""
        await self.db.connection.execute("DELETE FROM documents WHERE id = ?", (document_id,))

    # rules ---------------------------------------------------------------------------------

    async def rule(self, document_id: int, rule_id: str) -> StoredRule | None:
        row = await self.db.fetchone(
            f"SELECT {_RULE_COLUMNS} FROM rules WHERE document_id = ? AND rule_id = ?", (document_id, rule_id)
        )
        return _rule(row) if row else None

    async def existing_ids(self, document_id: int, rule_ids: Sequence[str]) -> set[str]:
        """Which of ``rule_ids`` exist in the document."""
        if not rule_ids:
            return set()
        marks = ", ".join("?" for _ in rule_ids)
        return {
            row[0]
            for row in await self.db.fetchall(
                f"SELECT rule_id FROM rules WHERE document_id = ? AND rule_id IN ({marks})",
                (document_id, *rule_ids),
            )
        }

    async def briefs(self, document_id: int) -> list[RuleBrief]:
        """Every rule of a document in document order, for in-memory indexes."""
        return [
            RuleBrief(*tuple(row))
            for row in await self.db.fetchall(
                "SELECT document_id, rule_id, parent_id, ord, kind, title, text FROM rules"
                " WHERE document_id = ? ORDER BY ord",
                (document_id,),
            )
        ]

    async def search_texts(self, document_id: int) -> list[SearchText]:
        """The indexed fields of every rule of a document (for the spelling vocabulary and the
        ranking's features)."""
        return [
            SearchText(*(str(v or "") for v in row))
            for row in await self.db.fetchall(
                "SELECT r.rule_id, f.title, f.body, f.keywords, f.context"
                " FROM rules r JOIN rules_fts f ON f.rowid = r.id WHERE r.document_id = ?",
                (document_id,),
            )
        ]

    async def search(
        self, document_ids: Sequence[int], match: str, limit: int, weights: tuple[float, ...]
    ) -> list[SearchHit]:
        """Run an FTS5 MATCH expression built by :mod:`engine.rules.search` (never user text).

        Ranked by bm25 with per-column weights (title, body, keywords, context); lower scores are
        better, as SQLite's bm25 gives them.
        """
        if not document_ids:
            return []
        marks = ", ".join("?" for _ in document_ids)
        sql = (
            "SELECT r.document_id, r.rule_id, bm25(rules_fts, ?, ?, ?, ?) AS score"
            " FROM rules_fts JOIN rules r ON r.id = rules_fts.rowid"
            f" WHERE rules_fts MATCH ? AND r.document_id IN ({marks})"
            " ORDER BY score LIMIT ?"
        )
        rows = await self.db.fetchall(sql, (*weights, match, *document_ids, limit))
        return [SearchHit(row[0], row[1], float(row[2])) for row in rows]

    # keywords and rulings --------------------------------------------------------------------

    async def keywords(self, document_ids: Sequence[int]) -> list[StoredKeyword]:
        if not document_ids:
            return []
        marks = ", ".join("?" for _ in document_ids)
        rows = await self.db.fetchall(
            f"SELECT document_id, name, rule_id, aliases FROM keywords WHERE document_id IN ({marks})"
            " ORDER BY id",
            tuple(document_ids),
        )
        return [StoredKeyword(row[0], row[1], row[2], json.loads(row[3])) for row in rows]

    async def count(self, table: str, document_id: int) -> int:
        """Number of records of one kind for a document (``rules``, ``keywords``, ...)."""
        if table not in {"rules", "keywords", "changelog", "card_rulings"}:
            raise ValueError(f"unknown table {table}")
        row = await self.db.fetchone(f"SELECT count(*) FROM {table} WHERE document_id = ?", (document_id,))
        return int(row[0]) if row else 0
