"""Repository of cards, their searchable values, operator aliases and import history.

Card data has a *scope*: ``SHARED`` (0) is the data every server sees, changed only by the bot's
operator; a positive value is one server's (guild's) own cards and aliases, seen only there; a
negative value holds the new cards of an import in progress (:func:`pending_scope`), seen by no one
until the import's swap. Reads take the ``guild_id`` of the asker (``None`` outside a server) and see
the shared data plus that server's own.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from bot.store.database import Database
from engine.cards.model import CardFace, CardRecord, Errata
from engine.cards.names import normalise_name
from engine.cards.values import ValueRow, searchable_values
from engine.games import GAMES


def _visible(guild_id: int | None) -> tuple[int, ...]:
    """The scopes an asker in ``guild_id`` sees."""
    return (SHARED, guild_id) if guild_id else (SHARED,)


SHARED = 0
"""The scope of the shared card data."""
DROP_PIECE = 500
"""Rows deleted per write transaction when an import's leftovers are dropped."""
DROP_PAUSE = 0.03
"""Seconds between two such transactions: long enough for a writer of another process, whose busy
handler sleeps in growing steps (1, 2, 5 … 25 ms), to take the write lock in between."""


def pending_scope(import_id: int) -> int:
    """The scope of the cards an import in progress adds: negative, so no reader ever asks for it
    (readers ask for ``SHARED`` and their server's id); the import's swap moves them to their scope."""
    return -import_id


_COLUMNS = (
    "id, game, code, name, types, cost, cost_value, stats, text, keywords, set_code, rarity, faces,"
    " errata, aliases, guild_id"
)


_IDENTITY = "coalesce(nullif(c.norm_name, ''), 'id:' || c.id)"
"""What makes cards one card: the normalised name (a name without letters or digits stays alone)."""


@dataclass(frozen=True)
class StoredPrinting:
    """One stored record of a card name: its id, code, set, rarity and the format it came from."""

    card_id: int
    code: str
    set: str | None
    rarity: str | None
    source: str


@dataclass(frozen=True)
class ImportedSource:
    """A card file imported into the shared data: its latest import."""

    format: str
    source_name: str
    records: int
    """Records read at its latest import."""
    imported_at: str
    """When it was last imported (UTC, ISO 8601)."""
    imports: int
    """How many times it was imported."""


@dataclass(frozen=True)
class CardStats:
    """One game's shared card data: cards (one per name), printings (records), sets, the files it
    came from; and the servers with cards of their own."""

    game: str
    cards: int
    printings: int
    sets: int
    sources: list[ImportedSource]
    servers: int
    server_printings: int


@dataclass(frozen=True)
class StoredCard:
    id: int
    card: CardRecord
    guild_id: int = SHARED
    """The card's scope: ``SHARED`` or the server that owns it."""


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
        guild_id=int(row[15]),
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


def _marks(values: Sequence[object]) -> str:
    return ", ".join("?" * len(values))


class CardsRepository:
    """SQL for cards. Every statement is parameterised; query-language filters arrive compiled."""

    def __init__(self, database: Database) -> None:
        self.db = database

    async def upsert(self, cards: Sequence[CardRecord], source: str, scope: int = SHARED) -> tuple[int, int]:
        """Insert new cards and update known ones (by game, scope and code). Call inside a transaction.

        Returns ``(added, updated)``.
        """
        conn = self.db.connection
        added = updated = 0
        for card in cards:
            async with conn.execute(
                "SELECT id FROM cards WHERE game = ? AND guild_id = ? AND code = ?",
                (card.game, scope, card.code),
            ) as cursor:
                existing = await cursor.fetchone()
            values = _row(card, source)
            if existing is None:
                cursor = await conn.execute(
                    "INSERT INTO cards (game, code, name, norm_name, types, cost, cost_value, stats, text,"
                    " keywords, set_code, rarity, faces, errata, aliases, source, guild_id)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, scope),
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

    # staged imports -----------------------------------------------------------------------------

    async def stage(
        self, import_id: int, first: int, cards: Sequence[CardRecord], source: str, scope: int
    ) -> int:
        """Stage a chunk of an import of one game (``first``: the chunk's first sequence number) in
        one short write transaction of its own; nothing is visible until :meth:`apply_staged`.

        A card new to the scope is written as a hidden card of the import (scope
        :func:`pending_scope`, which no reader asks for) with its values and search text, so the
        swap only has to show it; a card stored otherwise goes to the staging tables; a card stored
        exactly so (row, values and search text) is left alone. Returns how many were left alone."""
        if not cards:
            return 0
        stored = await self._stored(cards[0].game, scope, [card.code for card in cards])
        new: list[tuple[tuple[object, ...], list[ValueRow], str, str]] = []
        staged: list[tuple[object, ...]] = []
        staged_values: list[tuple[object, ...]] = []
        same = 0
        for seq, card in enumerate(cards, start=first):
            row = _row(card, source)
            names, texts = " ".join(card.names), "\n".join([card.text, *(f.text for f in card.faces)])
            values = searchable_values(card)
            found = stored.get(card.code)
            if found is None:
                new.append((row, values, names, texts))
            elif found == (row[2:], names, texts, Counter(values)):
                same += 1
            else:
                staged.append((import_id, seq, scope, *row, names, texts))
                staged_values.extend((import_id, seq, key, num, txt) for key, num, txt in values)
        async with self.db.transaction() as conn:
            if new:
                async with conn.execute("SELECT coalesce(max(id), 0) FROM cards") as cursor:
                    top = await cursor.fetchone()
                ids = range(int(top[0] if top else 0) + 1, int(top[0] if top else 0) + 1 + len(new))
                hidden = pending_scope(import_id)
                await conn.executemany(
                    "INSERT INTO cards (id, guild_id, game, code, name, norm_name, types, cost, cost_value,"
                    " stats, text, keywords, set_code, rarity, faces, errata, aliases, source)"
                    f" VALUES ({_marks(range(18))})",
                    [(card_id, hidden, *row) for card_id, (row, _, _, _) in zip(ids, new, strict=True)],
                )
                await conn.executemany(
                    "INSERT INTO card_values (card_id, key, num, txt) VALUES (?, ?, ?, ?)",
                    [
                        (card_id, key, num, txt)
                        for card_id, (_, values, _, _) in zip(ids, new, strict=True)
                        for key, num, txt in values
                    ],
                )
                await conn.executemany(
                    "INSERT INTO cards_fts (rowid, name, text) VALUES (?, ?, ?)",
                    [(card_id, names, texts) for card_id, (_, _, names, texts) in zip(ids, new, strict=True)],
                )
            if staged:
                await conn.executemany(
                    "INSERT INTO card_staging (import_id, seq, guild_id, game, code, name, norm_name, types,"
                    " cost, cost_value, stats, text, keywords, set_code, rarity, faces, errata, aliases,"
                    f" source, fts_name, fts_text) VALUES ({_marks(range(21))})",
                    staged,
                )
                await conn.executemany(
                    "INSERT INTO card_staging_values (import_id, seq, key, num, txt) VALUES (?, ?, ?, ?, ?)",
                    staged_values,
                )
        return same

    async def _stored(
        self, game: str, scope: int, codes: Sequence[str]
    ) -> dict[str, tuple[tuple[object, ...], str, str, Counter[tuple[object, ...]]]]:
        """The stored version of these codes in one scope, as :meth:`stage` compares it: the row
        from ``name`` on, the search text (names, texts) and the values."""
        rows = list(
            await self.db.fetchall(
                "SELECT c.id, c.code, c.name, c.norm_name, c.types, c.cost, c.cost_value, c.stats, c.text,"
                " c.keywords, c.set_code, c.rarity, c.faces, c.errata, c.aliases, c.source, f.name, f.text"
                " FROM cards c LEFT JOIN cards_fts f ON f.rowid = c.id"
                f" WHERE c.game = ? AND c.guild_id = ? AND c.code IN ({_marks(codes)})",
                (game, scope, *codes),
            )
        )
        if not rows:
            return {}
        values: dict[int, Counter[tuple[object, ...]]] = {int(r[0]): Counter() for r in rows}
        for card_id, key, num, txt in await self.db.fetchall(
            f"SELECT card_id, key, num, txt FROM card_values WHERE card_id IN ({_marks(rows)})",
            [r[0] for r in rows],
        ):
            values[int(card_id)][(key, num, txt)] += 1
        return {str(r[1]): (tuple(r[2:16]), r[16], r[17], values[int(r[0])]) for r in rows}

    async def apply_staged(self, import_id: int, game: str, scope: int) -> tuple[int, int]:
        """Swap a staged import in: show its hidden new cards, and update the stored cards that it
        changes (ids kept, set-based). Call inside a transaction: it is the import's one atomic step,
        its length grows with the new cards (one indexed update each) and the changed ones. Returns
        ``(added, updated)`` of the cards it wrote."""
        conn = self.db.connection
        hidden = pending_scope(import_id)
        # a hidden card whose code another import stored meanwhile becomes a staged update
        taken = (
            "SELECT p.id FROM cards p JOIN cards c ON c.game = p.game AND c.guild_id = ? AND c.code = p.code"
            " WHERE p.game = ? AND p.guild_id = ?"
        )
        await conn.execute(
            "INSERT INTO card_staging (import_id, seq, guild_id, game, code, name, norm_name, types, cost,"
            " cost_value, stats, text, keywords, set_code, rarity, faces, errata, aliases, source, fts_name,"
            " fts_text) SELECT ?, -p.id, ?, p.game, p.code, p.name, p.norm_name, p.types, p.cost,"
            " p.cost_value, p.stats, p.text, p.keywords, p.set_code, p.rarity, p.faces, p.errata, p.aliases,"
            " p.source, f.name, f.text FROM cards p JOIN cards_fts f ON f.rowid = p.id"
            f" WHERE p.id IN ({taken})",
            (import_id, scope, scope, game, hidden),
        )
        await conn.execute(
            "INSERT INTO card_staging_values (import_id, seq, key, num, txt)"
            " SELECT ?, -v.card_id, v.key, v.num, v.txt FROM card_values v"
            " WHERE v.card_id IN (SELECT -seq FROM card_staging WHERE import_id = ? AND seq < 0)",
            (import_id, import_id),
        )
        await conn.execute(
            "DELETE FROM cards WHERE id IN (SELECT -seq FROM card_staging WHERE import_id = ? AND seq < 0)",
            (import_id,),
        )
        cursor = await conn.execute(
            "UPDATE cards SET guild_id = ? WHERE game = ? AND guild_id = ?", (scope, game, hidden)
        )
        shown = int(cursor.rowcount or 0)
        match = "c.game = s.game AND c.guild_id = s.guild_id AND c.code = s.code"
        async with conn.execute(
            f"SELECT count(*), count(c.id) FROM card_staging s LEFT JOIN cards c ON {match}"
            " WHERE s.import_id = ?",
            (import_id,),
        ) as counted:
            row = await counted.fetchone()
        total, updated = (int(row[0]), int(row[1])) if row else (0, 0)
        if not total:
            return shown, 0
        ids = f"SELECT c.id FROM card_staging s JOIN cards c ON {match} WHERE s.import_id = ?"
        await conn.execute(f"DELETE FROM card_values WHERE card_id IN ({ids})", (import_id,))
        await conn.execute(f"DELETE FROM cards_fts WHERE rowid IN ({ids})", (import_id,))
        await conn.execute(
            "INSERT INTO cards (game, guild_id, code, name, norm_name, types, cost, cost_value, stats, text,"
            " keywords, set_code, rarity, faces, errata, aliases, source)"
            " SELECT game, guild_id, code, name, norm_name, types, cost, cost_value, stats, text, keywords,"
            " set_code, rarity, faces, errata, aliases, source FROM card_staging WHERE import_id = ?"
            " ORDER BY seq"
            " ON CONFLICT (game, guild_id, code) DO UPDATE SET name = excluded.name,"
            " norm_name = excluded.norm_name, types = excluded.types, cost = excluded.cost,"
            " cost_value = excluded.cost_value, stats = excluded.stats, text = excluded.text,"
            " keywords = excluded.keywords, set_code = excluded.set_code, rarity = excluded.rarity,"
            " faces = excluded.faces, errata = excluded.errata, aliases = excluded.aliases,"
            " source = excluded.source, updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
            (import_id,),
        )
        await conn.execute(
            "INSERT INTO card_values (card_id, key, num, txt)"
            " SELECT c.id, v.key, v.num, v.txt FROM card_staging_values v"
            " JOIN card_staging s ON s.import_id = v.import_id AND s.seq = v.seq"
            f" JOIN cards c ON {match} WHERE v.import_id = ?",
            (import_id,),
        )
        await conn.execute(
            "INSERT INTO cards_fts (rowid, name, text)"
            f" SELECT c.id, s.fts_name, s.fts_text FROM card_staging s JOIN cards c ON {match}"
            " WHERE s.import_id = ?",
            (import_id,),
        )
        return shown + total - updated, updated

    async def drop_staged(self, import_id: int | None = None, game: str | None = None) -> None:
        """Forget an import's staged rows and hidden cards (applied or abandoned: ``import_id`` and
        its ``game``), or with no id everything that imports whose process died left more than a day
        ago. Deleted :data:`DROP_PIECE` rows per short transaction, so other writers get in between."""
        if import_id is not None:
            await self._drop_import(import_id, game)
            return
        day_ago = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-1 day')"
        stale = [
            int(r[0])
            for r in await self.db.fetchall(
                f"SELECT DISTINCT import_id FROM card_staging WHERE staged_at < {day_ago}"
            )
        ]
        for old in stale:
            await self._drop_import(old, None)
        for key in GAMES:
            await self._delete_in_pieces(
                "cards", "id", f"game = ? AND guild_id < 0 AND updated_at < {day_ago}", (key,)
            )

    async def _drop_import(self, import_id: int, game: str | None) -> None:
        for table in ("card_staging_values", "card_staging"):
            await self._delete_in_pieces(table, "rowid", "import_id = ?", (import_id,))
        if game is not None:
            await self._delete_in_pieces(
                "cards", "id", "game = ? AND guild_id = ?", (game, pending_scope(import_id))
            )

    async def _delete_in_pieces(self, table: str, key: str, where: str, params: Sequence[object]) -> None:
        """Delete the rows of ``table`` that match ``where``, :data:`DROP_PIECE` per transaction (none
        when a read finds nothing to delete)."""
        chosen = f"SELECT {key} FROM {table} WHERE {where}"
        while True:
            if await self.db.fetchone(f"{chosen} LIMIT 1", params) is None:
                return
            async with self.db.transaction() as conn:
                deleted = await conn.execute(
                    f"DELETE FROM {table} WHERE {key} IN ({chosen} LIMIT {DROP_PIECE})", params
                )
            if (deleted.rowcount or 0) < DROP_PIECE:
                return
            await asyncio.sleep(DROP_PAUSE)

    async def record_import(
        self,
        game: str,
        format: str,
        source_name: str,
        sha256: str,
        records: int,
        added: int,
        updated: int,
        scope: int = SHARED,
    ) -> None:
        await self.db.connection.execute(
            "INSERT INTO card_imports (game, format, source_name, sha256, records, added, updated, guild_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game, format, source_name, sha256, records, added, updated, scope),
        )

    async def imported_before(self, game: str, format: str, sha256: str, scope: int = SHARED) -> bool:
        return (
            await self.db.fetchone(
                "SELECT 1 FROM card_imports"
                " WHERE game = ? AND format = ? AND sha256 = ? AND guild_id = ? LIMIT 1",
                (game, format, sha256, scope),
            )
            is not None
        )

    async def card(self, card_id: int, guild_id: int | None = None) -> StoredCard | None:
        """A card by id, if an asker in ``guild_id`` may see it (a shared card, or that server's own)."""
        scopes = _visible(guild_id)
        row = await self.db.fetchone(
            f"SELECT {_COLUMNS} FROM cards WHERE id = ? AND guild_id IN ({_marks(scopes)})",
            (card_id, *scopes),
        )
        return _card(row) if row else None

    async def count(self, game: str | None = None, guild_id: int | None = None) -> int:
        """Cards an asker in ``guild_id`` sees (of one game, or all)."""
        scopes = _visible(guild_id)
        sql = f"SELECT count(*) FROM cards WHERE guild_id IN ({_marks(scopes)})"
        params: tuple[object, ...] = scopes
        if game:
            sql, params = sql + " AND game = ?", (*scopes, game)
        row = await self.db.fetchone(sql, params)
        return int(row[0]) if row else 0

    async def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version`` (:meth:`Database.data_version`): it changes when another
        process (``arbiter cards import`` beside a running bot) commits to the database file, and
        costs no read of the file."""
        return await self.db.data_version()

    async def generation(self, game: str) -> tuple[object, ...]:
        """What the name indexes of ``game`` are built from, summed up: its imports (every import,
        shared or a server's, records one) and its aliases. It changes whenever another process
        imports cards or sets or removes an alias of the game, and not for other writes (a match
        action, a tournament report), so those never rebuild an index."""
        rows = list(
            await self.db.fetchall(
                "SELECT (SELECT count(*) FROM card_imports WHERE game = ?),"
                " (SELECT coalesce(max(id), 0) FROM card_imports WHERE game = ?),"
                " count(*), coalesce(max(id), 0), coalesce(total(card_id), 0),"
                " coalesce(total(length(alias) * id), 0) FROM card_aliases WHERE game = ?",
                (game, game, game),
            )
        )
        return tuple(rows[0]) if rows else ()

    async def stats(self, game: str) -> CardStats:
        """How much shared card data ``game`` has, where it came from, and how much servers hold."""
        row = await self.db.fetchone(
            f"SELECT count(DISTINCT {_IDENTITY}), count(*), count(DISTINCT lower(c.set_code))"
            " FROM cards c WHERE c.game = ? AND c.guild_id = ?",
            (game, SHARED),
        )
        cards, printings, sets = (int(v) for v in row) if row else (0, 0, 0)
        sources = [
            ImportedSource(str(r[0]), str(r[1]), int(r[2]), str(r[3]), int(r[4]))
            for r in await self.db.fetchall(
                "SELECT format, source_name, records, imported_at, (SELECT count(*) FROM card_imports o"
                " WHERE o.game = i.game AND o.guild_id = i.guild_id AND o.format = i.format"
                " AND o.source_name = i.source_name) FROM card_imports i WHERE id IN (SELECT max(id)"
                " FROM card_imports WHERE game = ? AND guild_id = ? GROUP BY format, source_name)"
                " ORDER BY imported_at, id",
                (game, SHARED),
            )
        ]
        row = await self.db.fetchone(
            "SELECT count(DISTINCT guild_id), count(*) FROM cards WHERE game = ? AND guild_id > 0", (game,)
        )
        servers, server_cards = (int(v) for v in row) if row else (0, 0)
        return CardStats(game, cards, printings, sets, sources, servers, server_cards)

    async def scopes(self, game: str) -> list[int]:
        """The servers that have cards or aliases of their own in ``game``."""
        rows = await self.db.fetchall(
            "SELECT guild_id FROM cards WHERE game = ? AND guild_id != ?"
            " UNION SELECT guild_id FROM card_aliases WHERE game = ? AND guild_id != ?",
            (game, SHARED, game, SHARED),
        )
        return [int(r[0]) for r in rows]

    async def name_rows(self, game: str, scope: int = SHARED) -> list[tuple[int, str, list[str], list[str]]]:
        """``(id, name, face names, source aliases)`` of every card of a game in one scope, for the
        name index."""
        rows = await self.db.fetchall(
            "SELECT id, name, faces, aliases FROM cards WHERE game = ? AND guild_id = ? ORDER BY id",
            (game, scope),
        )
        return [
            (int(r[0]), str(r[1]), [f["name"] for f in json.loads(r[2])], list(json.loads(r[3])))
            for r in rows
        ]

    async def search(
        self,
        game: str,
        where: str,
        params: Sequence[object],
        limit: int,
        offset: int,
        guild_id: int | None = None,
    ) -> tuple[int, list[StoredCard]]:
        """Cards of ``game`` an asker in ``guild_id`` sees matching a compiled query-language
        expression, by name, one per card name (reprints, and the same card from two data sets, are
        printings of one card: the matching printing stored first stands for them); and the total
        of card names."""
        scopes = _visible(guild_id)
        base = f"FROM cards c WHERE c.game = ? AND c.guild_id IN ({_marks(scopes)}) AND ({where})"
        values = [*scopes, *params]
        row = await self.db.fetchone(f"SELECT count(DISTINCT {_IDENTITY}) {base}", (game, *values))
        total = int(row[0]) if row else 0
        columns = ", ".join(f"c.{c.strip()}" for c in _COLUMNS.split(","))
        rows = await self.db.fetchall(
            f"SELECT {columns} FROM cards c WHERE c.id IN (SELECT min(c.id) {base} GROUP BY {_IDENTITY})"
            " ORDER BY c.norm_name, c.code LIMIT ? OFFSET ?",
            (game, *values, limit, offset),
        )
        return total, [_card(r) for r in rows]

    async def printings(self, card: StoredCard, guild_id: int | None = None) -> list[StoredPrinting]:
        """Every record an asker in ``guild_id`` sees with the card's name (its printings: reprints
        under other numbers, and the same card from another data set), this card's first."""
        scopes = _visible(guild_id)
        norm = normalise_name(card.card.name)
        if not norm:
            return []
        rows = await self.db.fetchall(
            "SELECT id, code, set_code, rarity, source FROM cards"
            f" WHERE game = ? AND norm_name = ? AND guild_id IN ({_marks(scopes)})"
            " ORDER BY id <> ?, id",
            (card.card.game, norm, *scopes, card.id),
        )
        return [StoredPrinting(int(r[0]), r[1], r[2], r[3], str(r[4]).split(":", 1)[0]) for r in rows]

    # aliases -----------------------------------------------------------------------------------

    async def aliases(self, game: str, scope: int = SHARED) -> list[StoredAlias]:
        """The aliases of one scope (the shared ones, or one server's own)."""
        rows = await self.db.fetchall(
            "SELECT a.alias, a.card_id, c.name FROM card_aliases a JOIN cards c ON c.id = a.card_id"
            " WHERE a.game = ? AND a.guild_id = ? ORDER BY a.norm_alias",
            (game, scope),
        )
        return [StoredAlias(r[0], int(r[1]), r[2]) for r in rows]

    async def set_alias(
        self, game: str, alias: str, card_id: int, user_id: int | None, scope: int = SHARED
    ) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO card_aliases (game, guild_id, alias, norm_alias, card_id, created_by)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game, guild_id, norm_alias) DO UPDATE SET alias = excluded.alias,"
                " card_id = excluded.card_id, created_by = excluded.created_by",
                (game, scope, alias, normalise_name(alias), card_id, user_id),
            )

    async def remove_alias(self, game: str, alias: str, scope: int = SHARED) -> bool:
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM card_aliases WHERE game = ? AND guild_id = ? AND norm_alias = ?",
                (game, scope, normalise_name(alias)),
            )
            return (cursor.rowcount or 0) > 0

    # rulings -----------------------------------------------------------------------------------

    async def rulings(self, card: CardRecord) -> list[StoredRuling]:
        """Rulings and errata printed in rules-update articles about this card (by code or name)."""
        rows = await self.db.fetchall(
            "SELECT r.kind, r.card_name, r.codes, r.text, r.old_text, r.new_text, r.reason, d.title"
            " FROM card_rulings r JOIN documents d ON d.id = r.document_id"
            " WHERE r.game = ? AND r.kind IN ('ruling', 'errata') ORDER BY r.line",
            (card.game,),
        )
        wanted_names = {normalise_name(n) for n in card.names}
        found: list[StoredRuling] = []
        for row in rows:
            codes = json.loads(row[2])
            if card.code in codes or normalise_name(row[1]) in wanted_names:
                found.append(StoredRuling(row[0], row[1], codes, row[3], row[4], row[5], row[6], row[7]))
        return found
