"""Repository of cards, their searchable values, operator aliases and import history."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from bot.store.database import Database
from engine.cards.model import CardFace, CardRecord, Errata
from engine.cards.names import normalise_name
from engine.cards.values import searchable_values

_COLUMNS = (
    "id, game, code, name, types, cost, cost_value, stats, text, keywords, set_code, rarity, faces,"
    " errata, aliases"
)


@dataclass(frozen=True)
class StoredCard:
    id: int
    card: CardRecord


@dataclass(frozen=True)
class StoredAlias:
    alias: str
    card_id: int
    card_name: str


@dataclass(frozen=True)
class StoredRuling:
    kind: str
    card_name: str
    codes: list[str]
    text: str
    old_text: str | None
    new_text: str | None
    reason: str | None
    document_title: str


def _card(row: aiosqlite.Row) -> StoredCard:
    return StoredCard(
        id=row[0],
        card=CardRecord(
            game=row[1],
            code=row[2],
            name=row[3],
            types=json.loads(row[4]),
            cost=row[5],
            cost_value=row[6],
            stats=json.loads(row[7]),
            text=row[8],
            keywords=json.loads(row[9]),
            set=row[10],
            rarity=row[11],
            faces=[CardFace.model_validate(f) for f in json.loads(row[12])],
            errata=[Errata.model_validate(e) for e in json.loads(row[13])],
            aliases=json.loads(row[14]),
        ),
    )


def _row(card: CardRecord, source: str) -> tuple[object, ...]:
    return (
        card.game,
        card.code,
        card.name,
        normalise_name(card.name),
        json.dumps(card.types),
        card.cost,
        card.cost_value,
        json.dumps(card.stats),
        card.text,
        json.dumps(card.keywords),
        card.set,
        card.rarity,
        json.dumps([f.model_dump() for f in card.faces]),
        json.dumps([e.model_dump() for e in card.errata]),
        json.dumps(card.aliases),
        source,
    )


class CardsRepository:
    """SQL for cards. Every statement is parameterised; query-language filters arrive compiled."""

    def __init__(self, database: Database) -> None:
        self.db = database

    async def upsert(self, cards: Sequence[CardRecord], source: str) -> tuple[int, int]:
        """Insert new cards and update known ones (by game and code). Call inside a transaction.

        Returns ``(added, updated)``.
        """
        conn = self.db.connection
        added = updated = 0
        for card in cards:
            async with conn.execute(
                "SELECT id FROM cards WHERE game = ? AND code = ?", (card.game, card.code)
            ) as cursor:
                existing = await cursor.fetchone()
            values = _row(card, source)
            if existing is None:
                cursor = await conn.execute(
                    "INSERT INTO cards (game, code, name, norm_name, types, cost, cost_value, stats, text,"
                    " keywords, set_code, rarity, faces, errata, aliases, source)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values,
                )
                card_id = int(cursor.lastrowid or 0)
                added += 1
            else:
                card_id = int(existing[0])
                await conn.execute(
                    "UPDATE cards SET name = ?, norm_name = ?, types = ?, cost = ?, cost_value = ?,"
                    " stats = ?, text = ?, keywords = ?, set_code = ?, rarity = ?, faces = ?, errata = ?,"
                    " aliases = ?, source = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
                    " WHERE id = ?",
                    (*values[2:], card_id),
                )
                await conn.execute("DELETE FROM card_values WHERE card_id = ?", (card_id,))
                await conn.execute("DELETE FROM cards_fts WHERE rowid = ?", (card_id,))
                updated += 1
            await conn.executemany(
                "INSERT INTO card_values (card_id, key, num, txt) VALUES (?, ?, ?, ?)",
                [(card_id, key, num, txt) for key, num, txt in searchable_values(card)],
            )
            face_texts = "\n".join([card.text, *(f.text for f in card.faces)])
            await conn.execute(
                "INSERT INTO cards_fts (rowid, name, text) VALUES (?, ?, ?)",
                (card_id, " ".join(card.names), face_texts),
            )
        return added, updated

    async def record_import(
        self, game: str, format: str, source_name: str, sha256: str, records: int, added: int, updated: int
    ) -> None:
        await self.db.connection.execute(
            "INSERT INTO card_imports (game, format, source_name, sha256, records, added, updated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game, format, source_name, sha256, records, added, updated),
        )

    async def imported_before(self, game: str, format: str, sha256: str) -> bool:
        async with self.db.connection.execute(
            "SELECT 1 FROM card_imports WHERE game = ? AND format = ? AND sha256 = ? LIMIT 1",
            (game, format, sha256),
        ) as cursor:
            return await cursor.fetchone() is not None

    async def card(self, card_id: int) -> StoredCard | None:
        async with self.db.connection.execute(
            f"SELECT {_COLUMNS} FROM cards WHERE id = ?", (card_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return _card(row) if row else None

    async def count(self, game: str | None = None) -> int:
        sql, params = "SELECT count(*) FROM cards", tuple[str, ...]()
        if game:
            sql, params = sql + " WHERE game = ?", (game,)
        async with self.db.connection.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def name_rows(self, game: str) -> list[tuple[int, str, list[str], list[str]]]:
        """``(id, name, face names, source aliases)`` of every card of a game, for the name index."""
        async with self.db.connection.execute(
            "SELECT id, name, faces, aliases FROM cards WHERE game = ? ORDER BY id", (game,)
        ) as cursor:
            rows = await cursor.fetchall()
        return [
            (int(r[0]), str(r[1]), [f["name"] for f in json.loads(r[2])], list(json.loads(r[3])))
            for r in rows
        ]

    async def search(
        self, game: str, where: str, params: Sequence[object], limit: int, offset: int
    ) -> tuple[int, list[StoredCard]]:
        """Cards of ``game`` matching a compiled query-language expression, by name; and the total."""
        base = f"FROM cards c WHERE c.game = ? AND ({where})"
        async with self.db.connection.execute(f"SELECT count(*) {base}", (game, *params)) as cursor:
            row = await cursor.fetchone()
        total = int(row[0]) if row else 0
        columns = ", ".join(f"c.{c.strip()}" for c in _COLUMNS.split(","))
        async with self.db.connection.execute(
            f"SELECT {columns} {base} ORDER BY c.norm_name, c.code LIMIT ? OFFSET ?",
            (game, *params, limit, offset),
        ) as cursor:
            rows = await cursor.fetchall()
        return total, [_card(r) for r in rows]

    # aliases -----------------------------------------------------------------------------------

    async def aliases(self, game: str) -> list[StoredAlias]:
        async with self.db.connection.execute(
            "SELECT a.alias, a.card_id, c.name FROM card_aliases a JOIN cards c ON c.id = a.card_id"
            " WHERE a.game = ? ORDER BY a.norm_alias",
            (game,),
        ) as cursor:
            return [StoredAlias(r[0], int(r[1]), r[2]) for r in await cursor.fetchall()]

    async def set_alias(self, game: str, alias: str, card_id: int, user_id: int | None) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO card_aliases (game, alias, norm_alias, card_id, created_by)"
                " VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game, norm_alias) DO UPDATE SET alias = excluded.alias,"
                " card_id = excluded.card_id, created_by = excluded.created_by",
                (game, alias, normalise_name(alias), card_id, user_id),
            )

    async def remove_alias(self, game: str, alias: str) -> bool:
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM card_aliases WHERE game = ? AND norm_alias = ?", (game, normalise_name(alias))
            )
            return (cursor.rowcount or 0) > 0

    # rulings -----------------------------------------------------------------------------------

    async def rulings(self, card: CardRecord) -> list[StoredRuling]:
        """Rulings and errata printed in rules-update articles about this card (by code or name)."""
        async with self.db.connection.execute(
            "SELECT r.kind, r.card_name, r.codes, r.text, r.old_text, r.new_text, r.reason, d.title"
            " FROM card_rulings r JOIN documents d ON d.id = r.document_id"
            " WHERE r.game = ? AND r.kind IN ('ruling', 'errata') ORDER BY r.line",
            (card.game,),
        ) as cursor:
            rows = await cursor.fetchall()
        wanted_names = {normalise_name(n) for n in card.names}
        found: list[StoredRuling] = []
        for row in rows:
            codes = json.loads(row[2])
            if card.code in codes or normalise_name(row[1]) in wanted_names:
                found.append(StoredRuling(row[0], row[1], codes, row[3], row[4], row[5], row[6], row[7]))
        return found
