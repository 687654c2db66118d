"""Cards: imports, name resolution, the query language, aliases and keyword links to the rules.

Name indexes live in memory (one per game, and one per game for each server with cards or aliases of
its own), so autocomplete and resolution never wait on SQLite.

Ownership: the shared card data (every server sees it) changes only by the bot's operator: the CLI,
or a Discord user listed in ``OWNER_IDS``. What a server admin imports or aliases belongs to that
server (``guild_id``) and is seen only there; it never overwrites a shared card or another server's.
Every lookup takes the asker's ``guild_id`` (``None``: shared data only).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import itertools
import logging
import re
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO

from bot.services.rules import Choice, RulesService
from bot.store.cards_repo import (
    SHARED,
    CardsRepository,
    CardStats,
    StoredAlias,
    StoredCard,
    StoredPrinting,
    StoredRuling,
)
from bot.store.database import Database
from engine.cards.importers import FORMATS, CardImportError, Importer
from engine.cards.model import CardRecord
from engine.cards.names import NameEntry, NameIndex, normalise_name
from engine.cards.query import QueryError, compile_query, parse
from engine.errors import ArbiterError
from engine.games import GAMES, Game
from engine.rules.search import fold

log = logging.getLogger("arbiter.cards")

BUNDLED = (("gateruler", "gateruler-set3", "gateruler-set3-rules-update.txt"),)
"""Card sets shipped with the project: (game, format, file in the rules folder)."""
MAX_KEYWORD_LINKS = 10
MAX_IMPORT_BYTES = 25 * 1024 * 1024
STAGE_CHUNK = 250
"""Cards parsed and staged per write transaction of an import; each transaction stays well under
50 ms on a quiet machine."""
WATCH_INTERVAL = 0.25
"""Seconds between two checks for card data changed by another process (see :meth:`CardsService.refresh`)."""
REFRESH_WAIT = 1.0
"""Longest a card lookup waits for its game's index to be rebuilt after another process changed it."""
IMPORT_PAUSE = 0.03
"""Seconds an import leaves the write lock free after each of its write transactions (the next
chunk is parsed meanwhile): a writer of another process waiting with the busy timeout, whose handler
sleeps 1, 2, 5, 10, 15, 20, 25 ms… between tries, takes the lock in that gap instead of missing it."""


def _label(stored: StoredCard | None, matched: str) -> str:
    """A candidate as the did-you-mean list shows it: the name that matched, and the card's own name
    when that is another face or an alias (``Lost Soul (Death Carl, Merciless King/Lost Soul)``)."""
    if stored is None or normalise_name(stored.card.name) == normalise_name(matched):
        return matched
    return f"{matched} ({stored.card.name})"


def _sha256(source: BinaryIO) -> str:
    """The SHA-256 of a file read in pieces; the file is left at its start."""
    digest = hashlib.sha256()
    while piece := source.read(1024 * 1024):
        digest.update(piece)
    source.seek(0)
    return digest.hexdigest()


async def _read_chunk(records: Iterator[CardRecord]) -> list[CardRecord]:
    """The next :data:`STAGE_CHUNK` records (fewer at the end), parsed on a worker thread."""
    return await asyncio.to_thread(lambda: list(itertools.islice(records, STAGE_CHUNK)))


def _forget(reading: asyncio.Future[list[CardRecord]]) -> None:
    """Retrieve the outcome of a chunk read whose import was abandoned meanwhile."""
    if not reading.cancelled():
        reading.exception()


class CardsError(ArbiterError):
    """A card operation was refused; the message says why."""


@dataclass(frozen=True)
class KeywordLink:
    name: str
    document_id: int
    rule_id: str


@dataclass(frozen=True)
class CardView:
    stored: StoredCard
    matched: str
    """The name the query matched (a J-ruler face, an alias, or the card's name)."""
    rulings: list[StoredRuling]
    keywords: list[KeywordLink]
    shared_with: list[tuple[int, str]] = field(default_factory=list)
    """Other cards that carry the matched name as a face or an alias, ``(id, own name)``: the card
    found is the one whose own name it is (``Lost Soul``; also the spell half of a twinpact)."""
    printings: list[StoredPrinting] = field(default_factory=list)
    """Every printing of the card the asker sees (reprints, and the same card in another data set),
    this record's first."""


@dataclass(frozen=True)
class CardMiss:
    message: str
    candidates: list[tuple[int, str]] = field(default_factory=list)
    """``(card id, label)``: the did-you-mean list (a label may add the card's own name in brackets)."""
    lookups: list[str] = field(default_factory=list)
    """For each candidate, a name that finds exactly that card (its own name): what a suggested
    ``/card`` command types, so a suggestion never repeats the query that failed."""


@dataclass(frozen=True)
class CardResults:
    game: Game
    query: str
    total: int
    page: int
    per_page: int
    cards: list[StoredCard]


@dataclass(frozen=True)
class ImportSummary:
    game: Game
    format: str
    records: int
    added: int
    updated: int
    skipped: bool = False
    notes: tuple[str, ...] = ()
    """What the import read but ignored (a field the format does not use), one sentence each."""

    def sentence(self) -> str:
        if self.skipped:
            return f"{self.game.name}: this file was imported before; nothing changed."
        return " ".join(
            [
                f"{self.game.name}: {self.records} cards read from the {self.format} file, "
                f"{self.added} added, {self.updated} updated.",
                *self.notes,
            ]
        )


class CardsService:
    """Card use cases over the store, with per-game name indexes in memory."""

    def __init__(self, database: Database, rules: RulesService) -> None:
        self.db = database
        self.repo = CardsRepository(database)
        self.rules = rules
        self._shared: dict[str, list[NameEntry]] = {}
        self._indexes: dict[tuple[str, int], NameIndex] = {}
        """``(game, scope)``: the shared index, and for each server with its own cards or aliases an
        index of the shared entries plus its own."""
        self._generations: dict[str, tuple[object, ...]] = {}
        """Each game's :meth:`CardsRepository.generation` when its indexes were last built."""
        self._data_version: int | None = None
        self._rebuilds: dict[str, asyncio.Task[None]] = {}
        self._checking = asyncio.Lock()
        self._watcher: asyncio.Task[None] | None = None

    async def _entries(self, game: str, scope: int) -> list[NameEntry]:
        entries: list[NameEntry] = []
        for card_id, name, faces, aliases in await self.repo.name_rows(game, scope):
            entries.append(NameEntry(card_id, name, "name"))
            entries.extend(NameEntry(card_id, face, "face") for face in faces)
            entries.extend(NameEntry(card_id, alias, "alias") for alias in aliases)
        for alias in await self.repo.aliases(game, scope):
            entries.append(NameEntry(alias.card_id, alias.alias, "alias"))
        return entries

    async def load(self, game: str | None = None, guild_id: int | None = None) -> None:
        """(Re)build the name indexes of one game, or of all games; with ``guild_id``, only that
        server's index of the game (after a change to its own cards or aliases).

        New indexes are built beside the old ones (on a worker thread, so the event loop keeps
        answering) and swapped in when complete: a lookup meanwhile uses the old ones."""
        if game is None:
            self._data_version = await self.repo.data_version()
        for key in [game] if game else list(GAMES):
            generation = await self.repo.generation(key)
            if guild_id:
                await self._load_scope(key, guild_id)
            else:
                await self._load_game(key)
            self._generations[key] = generation

    async def _load_game(self, game: str) -> None:
        shared = await self._entries(game, SHARED)
        fresh = {(game, SHARED): await asyncio.to_thread(NameIndex, shared)}
        for scope in await self.repo.scopes(game):
            own = await self._entries(game, scope)
            if own:
                fresh[(game, scope)] = await asyncio.to_thread(NameIndex, [*shared, *own])
        self._shared[game] = shared
        for cached in [c for c in self._indexes if c[0] == game and c not in fresh]:
            del self._indexes[cached]
        self._indexes.update(fresh)

    async def _load_scope(self, game: str, scope: int) -> None:
        own = await self._entries(game, scope)
        if own:
            built = await asyncio.to_thread(NameIndex, [*self._shared.get(game, []), *own])
            self._indexes[(game, scope)] = built
        else:
            self._indexes.pop((game, scope), None)

    # card data changed by another process ----------------------------------------------------

    async def refresh(self) -> set[str]:
        """Notice card data that another process changed (``arbiter cards import`` or ``arbiter cards
        alias`` beside a running bot or console) and start rebuilding those games' indexes in the
        background; returns the games being rebuilt.

        Cheap when nothing changed: ``PRAGMA data_version`` says whether anyone else committed at
        all; only then is each game's :meth:`CardsRepository.generation` read, so the writes of
        matches and tournaments in another process never rebuild an index."""
        async with self._checking:
            version = await self.repo.data_version()
            if version == self._data_version:
                return set(self._rebuilds)
            self._data_version = version
            for key in GAMES:
                if key in self._rebuilds or await self.repo.generation(key) == self._generations.get(key):
                    continue
                task = asyncio.create_task(self.load(key), name=f"cards-reload-{key}")
                self._rebuilds[key] = task
                task.add_done_callback(functools.partial(self._rebuilt, key))
            return set(self._rebuilds)

    def _rebuilt(self, game: str, task: asyncio.Task[None]) -> None:
        if self._rebuilds.get(game) is task:
            del self._rebuilds[game]
        if not task.cancelled() and task.exception() is not None:
            log.error("card names of %s not reloaded: %s", game, task.exception())
            self._generations.pop(game, None)  # try again at the next check

    async def _current_index(self, game: Game, guild_id: int | None = None) -> NameIndex:
        """The name index for a lookup: when another process changed this game's cards, the rebuilt
        one if it is ready within :data:`REFRESH_WAIT` seconds (the old one otherwise; autocomplete
        never waits)."""
        await self.refresh()
        task = self._rebuilds.get(game.key)
        if task is not None:
            await asyncio.wait({task}, timeout=REFRESH_WAIT)
        return self._index(game, guild_id)

    def watch(self, interval: float = WATCH_INTERVAL) -> None:
        """Check for card data changed by another process every ``interval`` seconds while the event
        loop is free (the bot), so indexes are usually fresh before anyone asks."""
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.create_task(self._watch(interval), name="cards-watch")

    async def _watch(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await self.refresh()
            except Exception as error:  # a busy database: try again at the next check
                log.debug("card data check failed: %s", error)

    async def close(self) -> None:
        """Stop watching and drop any rebuild in progress (before the database closes)."""
        tasks = [t for t in [self._watcher, *self._rebuilds.values()] if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._watcher = None

    def _index(self, game: Game, guild_id: int | None = None) -> NameIndex:
        found = self._indexes.get((game.key, guild_id or SHARED)) or self._indexes.get((game.key, SHARED))
        return found or NameIndex([])

    # imports -----------------------------------------------------------------------------------

    def _importer(self, game: Game, format_name: str) -> Importer:
        importer = FORMATS.get(format_name)
        if importer is None:
            known = ", ".join(sorted(FORMATS))
            raise CardsError(f"There is no card format '{format_name[:40]}'. Formats: {known}.")
        if importer.game is not None and importer.game != game.key:
            raise CardsError(
                f"The {format_name} format holds {GAMES[importer.game].name} cards, not {game.name} cards."
            )
        return importer

    async def import_data(
        self,
        game: Game,
        format_name: str,
        data: bytes,
        source_name: str,
        schema: bytes | None = None,
        *,
        guild_id: int | None = None,
    ) -> ImportSummary:
        """Import a card file; all or nothing. Re-importing updates cards and never duplicates them.

        Without ``guild_id`` the cards are the shared data (the operator's import); with it they are
        that server's own, and a code already used by a shared card makes a separate card."""
        importer = self._importer(game, format_name)
        if len(data) > MAX_IMPORT_BYTES:
            raise CardsError(f"That file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB.")
        return await self._import(importer, game, io.BytesIO(data), source_name, schema, guild_id)

    async def import_path(
        self, game: Game, format_name: str, path: Path, schema: Path | None = None
    ) -> ImportSummary:
        """Import a card file from disk (the CLI), read as it is stored (a JSON file a record at a
        time); a schema beside it is used when the format has one."""
        importer = self._importer(game, format_name)
        try:
            size = path.stat().st_size
            if size > MAX_IMPORT_BYTES:  # refused before it is read
                raise CardsError(
                    f"{path.name[:60]} is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB; split it into"
                    " smaller files."
                )
            handle = path.open("rb")
        except OSError as error:
            raise CardsError(f"Cannot read {path}: {error.strerror}.") from None
        with handle:
            if schema is None and format_name == "dm-tcg":
                beside = path.with_name("dm-tcg-schema.json")
                schema = beside if beside.is_file() else None
            schema_bytes = schema.read_bytes() if schema else None
            return await self._import(importer, game, handle, path.name, schema_bytes, None)

    async def _import(
        self,
        importer: Importer,
        game: Game,
        source: BinaryIO,
        source_name: str,
        schema: bytes | None,
        guild_id: int | None,
    ) -> ImportSummary:
        """Parse the file a chunk of records at a time away from the event loop, staging each chunk in
        a short write transaction, then swap the import in with one short transaction at the end: all
        or nothing. Between two write transactions the write lock stays free for at least
        :data:`IMPORT_PAUSE`, so the writers of another process on the same database get in."""
        scope = guild_id or SHARED
        try:
            digest = await asyncio.to_thread(_sha256, source)
        except OSError as error:
            raise CardsError(f"Cannot read {source_name[:60]}: {error.strerror}.") from None
        notes: list[str] = []
        records = importer.records(source, game=game.key, source_name=source_name, schema=schema, notes=notes)
        import_id = secrets.randbelow(2**62) + 1
        await self.repo.drop_staged()  # what an import that died a day ago left behind
        origin = f"{importer.name}:{source_name}"
        count = same = 0
        reading: asyncio.Future[list[CardRecord]] | None = None
        try:
            chunk = await _read_chunk(records)
            while chunk:
                same += await self.repo.stage(import_id, count, chunk, origin, scope)
                count += len(chunk)
                reading = asyncio.ensure_future(_read_chunk(records))
                await asyncio.sleep(IMPORT_PAUSE)
                chunk = await reading
            async with self.db.transaction():
                added, updated = await self.repo.apply_staged(import_id, game.key, scope)
                await self.repo.record_import(
                    game.key, importer.name, source_name, digest, count, added, updated + same, scope
                )
        except OSError as error:
            raise CardsError(f"Cannot read {source_name[:60]}: {error.strerror}.") from None
        finally:
            if reading is not None and not reading.done():
                reading.add_done_callback(_forget)
            await self.repo.drop_staged(import_id, game.key)
        await self.load(game.key, guild_id)
        log.info("imported %d %s cards from %s", count, game.key, source_name)
        return ImportSummary(game, importer.name, count, added, updated + same, notes=tuple(notes))

    async def import_bundled(self, rules_dir: Path) -> list[ImportSummary]:
        """Import the card sets shipped with the project, once per file version."""
        summaries = []
        for game_key, format_name, filename in BUNDLED:
            path = rules_dir / filename
            if not path.is_file():
                continue
            data = path.read_bytes()
            if await self.repo.imported_before(game_key, format_name, hashlib.sha256(data).hexdigest()):
                continue
            try:
                summaries.append(await self.import_data(GAMES[game_key], format_name, data, filename))
            except CardImportError as error:
                log.error("bundled cards %s not imported: %s", filename, error)
        return summaries

    # lookups -----------------------------------------------------------------------------------

    async def get(self, game: Game, name: str, guild_id: int | None = None) -> CardView | CardMiss:
        """A card by name as people type it (see :mod:`engine.cards.names` for the order), among the
        shared cards and those of the server ``guild_id``."""
        if not name.strip():
            return CardMiss("Give a card name.")
        resolution = (await self._current_index(game, guild_id)).resolve(name)
        if resolution.key is not None:
            view = await self.view(resolution.key, matched=resolution.matched, guild_id=guild_id)
            if view is not None:
                return replace(view, shared_with=resolution.shared_with)
        shown = " ".join(name.split())[:60]
        if resolution.candidates:
            stored = [await self.repo.card(key, guild_id) for key, _, _ in resolution.candidates]
            return CardMiss(
                f"'{shown}' could be several {game.name} cards.",
                [
                    (key, _label(card, candidate))
                    for (key, candidate, _), card in zip(resolution.candidates, stored, strict=True)
                ],
                [
                    card.card.name if card else candidate
                    for (_, candidate, _), card in zip(resolution.candidates, stored, strict=True)
                ],
            )
        if not await self.repo.count(game.key, guild_id):
            return CardMiss(
                f"No {game.name} cards are imported yet. An operator can load them with /cards import "
                "or `arbiter cards import`."
            )
        return CardMiss(f"There is no {game.name} card like '{shown}'.")

    async def deck_lookup(
        self, game: Game, names: Iterable[str], guild_id: int | None = None
    ) -> dict[str, CardRecord] | None:
        """Card data for the names of a decklist, by the name as written: exact names, faces and
        aliases only (a decklist is checked, not guessed), among the shared cards and those of the
        server ``guild_id`` (the server of the match or the event; ``None``: shared cards only). None
        when that server sees no cards of the game, so deck checks count only and say what they could
        not check."""
        if not await self.repo.count(game.key, guild_id):
            return None
        index = await self._current_index(game, guild_id)
        found: dict[str, CardRecord] = {}
        for name in set(names):
            resolution = index.resolve(name)
            if resolution.key is None or resolution.status not in ("exact", "alias"):
                continue
            stored = await self.repo.card(resolution.key, guild_id)
            if stored is not None:
                found[name] = stored.card
        return found

    async def view(
        self, card_id: int, matched: str | None = None, guild_id: int | None = None
    ) -> CardView | None:
        """A card by id, if an asker in ``guild_id`` may see it: a shared card, or that server's own
        (a card button opens its card this way, in the server it is pressed in)."""
        stored = await self.repo.card(card_id, guild_id)
        if stored is None:
            return None
        return CardView(
            stored=stored,
            matched=matched or stored.card.name,
            rulings=await self.repo.rulings(stored.card),
            keywords=self._keyword_links(stored),
            printings=await self.repo.printings(stored, guild_id),
        )

    def _keyword_links(self, stored: StoredCard) -> list[KeywordLink]:
        """Keywords of the game's rules that the card's text mentions, each linked to its rule."""
        game = GAMES[stored.card.game]
        try:
            index = self.rules.game_index(game)
        except ArbiterError:
            return []
        text = fold(" ".join([stored.card.text, *stored.card.keywords, *(f.text for f in stored.card.faces)]))
        links: dict[str, KeywordLink] = {}
        for keyword in index.keywords:
            for name in (keyword.name, *keyword.aliases):
                folded = fold(name).strip()
                if len(folded) < 3 or keyword.name in links:
                    continue
                if re.search(rf"(?<!\w){re.escape(folded)}(?!\w)", text):
                    links[keyword.name] = KeywordLink(keyword.name, keyword.document_id, keyword.rule_id)
        return list(links.values())[:MAX_KEYWORD_LINKS]

    async def search(
        self, game: Game, query: str, *, page: int = 0, per_page: int = 10, guild_id: int | None = None
    ) -> CardResults:
        """Cards matching a query-language expression (see docs/card-query.md), among the shared
        cards and those of the server ``guild_id``."""
        node = parse(query)
        where, params = compile_query(node, game.key)
        page = max(0, page)
        total, cards = await self.repo.search(game.key, where, params, per_page, page * per_page, guild_id)
        return CardResults(game, query, total, page, per_page, cards)

    async def stats(self, game: Game | None = None) -> list[CardStats]:
        """How many cards, printings and sets each game (or one) has in the shared data, and which
        files they came from and when (``arbiter cards stats``)."""
        return [await self.repo.stats(key) for key in ([game.key] if game else list(GAMES))]

    def autocomplete(self, game: Game, typed: str, guild_id: int | None = None) -> list[Choice]:
        """Up to 25 card names for what was typed (memory only), as the server ``guild_id`` sees them."""
        found = self._index(game, guild_id).autocomplete(typed[:100], 25)
        return [Choice(name[:100], name[:100]) for _, name in found]

    # aliases -----------------------------------------------------------------------------------

    async def set_alias(
        self, game: Game, alias: str, card_name: str, user_id: int | None, guild_id: int | None = None
    ) -> str:
        """An alias of the shared data (no ``guild_id``: the operator) or of one server, seen there."""
        alias = " ".join(alias.split())
        if not normalise_name(alias) or len(alias) > 100:
            raise CardsError("An alias needs 1 to 100 characters with at least one letter or digit.")
        target = await self.get(game, card_name, guild_id)
        if isinstance(target, CardMiss):
            raise CardsError(target.message)
        await self.repo.set_alias(game.key, alias, target.stored.id, user_id, guild_id or SHARED)
        await self.load(game.key, guild_id)
        return f"'{alias}' now finds {target.stored.card.name} ({game.name})."

    async def remove_alias(self, game: Game, alias: str, guild_id: int | None = None) -> str:
        if not await self.repo.remove_alias(game.key, alias, guild_id or SHARED):
            raise CardsError(f"There is no {game.name} alias '{alias[:60]}'.")
        await self.load(game.key, guild_id)
        return f"The alias '{alias[:60]}' is removed."

    async def aliases(self, game: Game, guild_id: int | None = None) -> list[StoredAlias]:
        return await self.repo.aliases(game.key, guild_id or SHARED)


__all__ = [
    "CardImportError",
    "CardMiss",
    "CardResults",
    "CardView",
    "CardsError",
    "CardsService",
    "QueryError",
]
