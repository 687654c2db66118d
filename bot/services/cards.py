"""Cards: imports, name resolution, the query language, aliases and keyword links to the rules.

Name indexes live in memory (one per game), so autocomplete and resolution never wait on SQLite.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from bot.services.rules import Choice, RulesService
from bot.store.cards_repo import CardsRepository, StoredAlias, StoredCard, StoredRuling
from bot.store.database import Database
from engine.cards.importers import FORMATS, CardImportError
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


@dataclass(frozen=True)
class CardMiss:
    message: str
    candidates: list[tuple[int, str]] = field(default_factory=list)


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

    def sentence(self) -> str:
        if self.skipped:
            return f"{self.game.name}: this file was imported before; nothing changed."
        return (
            f"{self.game.name}: {self.records} cards read from the {self.format} file, "
            f"{self.added} added, {self.updated} updated."
        )


class CardsService:
    """Card use cases over the store, with per-game name indexes in memory."""

    def __init__(self, database: Database, rules: RulesService) -> None:
        self.db = database
        self.repo = CardsRepository(database)
        self.rules = rules
        self._indexes: dict[str, NameIndex] = {}

    async def load(self, game: str | None = None) -> None:
        """(Re)build the name index of one game, or of all games."""
        for key in [game] if game else list(GAMES):
            entries: list[NameEntry] = []
            for card_id, name, faces, aliases in await self.repo.name_rows(key):
                entries.append(NameEntry(card_id, name, "name"))
                entries.extend(NameEntry(card_id, face, "face") for face in faces)
                entries.extend(NameEntry(card_id, alias, "alias") for alias in aliases)
            for alias in await self.repo.aliases(key):
                entries.append(NameEntry(alias.card_id, alias.alias, "alias"))
            self._indexes[key] = NameIndex(entries)

    def _index(self, game: Game) -> NameIndex:
        return self._indexes.get(game.key) or NameIndex([])

    # imports -----------------------------------------------------------------------------------

    async def import_data(
        self, game: Game, format_name: str, data: bytes, source_name: str, schema: bytes | None = None
    ) -> ImportSummary:
        """Import a card file; all or nothing. Re-importing updates cards and never duplicates them."""
        importer = FORMATS.get(format_name)
        if importer is None:
            known = ", ".join(sorted(FORMATS))
            raise CardsError(f"There is no card format '{format_name[:40]}'. Formats: {known}.")
        if importer.game is not None and importer.game != game.key:
            raise CardsError(
                f"The {format_name} format holds {GAMES[importer.game].name} cards, not {game.name} cards."
            )
        if len(data) > MAX_IMPORT_BYTES:
            raise CardsError(f"That file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB.")
        cards = importer.parse(data, game=game.key, source_name=source_name, schema=schema)
        digest = hashlib.sha256(data).hexdigest()
        async with self.db.transaction():
            added, updated = await self.repo.upsert(cards, f"{format_name}:{source_name}")
            await self.repo.record_import(
                game.key, format_name, source_name, digest, len(cards), added, updated
            )
        await self.load(game.key)
        log.info("imported %d %s cards from %s", len(cards), game.key, source_name)
        return ImportSummary(game, format_name, len(cards), added, updated)

    async def import_path(
        self, game: Game, format_name: str, path: Path, schema: Path | None = None
    ) -> ImportSummary:
        """Import a card file from disk (the CLI); a schema beside it is used when the format has one."""
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CardsError(f"Cannot read {path}: {error.strerror}.") from None
        if schema is None and format_name == "dm-tcg":
            beside = path.with_name("dm-tcg-schema.json")
            schema = beside if beside.is_file() else None
        schema_bytes = schema.read_bytes() if schema else None
        return await self.import_data(game, format_name, data, path.name, schema_bytes)

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

    async def get(self, game: Game, name: str) -> CardView | CardMiss:
        """A card by name as people type it (see :mod:`engine.cards.names` for the order)."""
        if not name.strip():
            return CardMiss("Give a card name.")
        resolution = self._index(game).resolve(name)
        if resolution.key is not None:
            view = await self.view(resolution.key, matched=resolution.matched)
            if view is not None:
                return view
        shown = " ".join(name.split())[:60]
        if resolution.candidates:
            return CardMiss(
                f"'{shown}' could be several {game.name} cards.",
                [(key, await self._label(key, candidate)) for key, candidate, _ in resolution.candidates],
            )
        if not await self.repo.count(game.key):
            return CardMiss(
                f"No {game.name} cards are imported yet. An operator can load them with /cards import "
                "or `arbiter cards import`."
            )
        return CardMiss(f"There is no {game.name} card like '{shown}'.")

    async def deck_lookup(self, game: Game, names: Iterable[str]) -> dict[str, CardRecord] | None:
        """Card data for the names of a decklist, by the name as written: exact names, faces and
        aliases only (a decklist is checked, not guessed). None when no cards of the game are imported,
        so deck checks count only and say what they could not check."""
        if not await self.repo.count(game.key):
            return None
        index = self._index(game)
        found: dict[str, CardRecord] = {}
        for name in set(names):
            resolution = index.resolve(name)
            if resolution.key is None or resolution.status not in ("exact", "alias"):
                continue
            stored = await self.repo.card(resolution.key)
            if stored is not None:
                found[name] = stored.card
        return found

    async def _label(self, card_id: int, matched: str) -> str:
        """A candidate as the did-you-mean list shows it: the name that matched, and the card's own
        name when that is another face or an alias (``Tina, Virtuous Stella (Dominatus, Star Gladius)``)."""
        stored = await self.repo.card(card_id)
        if stored is None or normalise_name(stored.card.name) == normalise_name(matched):
            return matched
        return f"{matched} ({stored.card.name})"

    async def view(self, card_id: int, matched: str | None = None) -> CardView | None:
        stored = await self.repo.card(card_id)
        if stored is None:
            return None
        return CardView(
            stored=stored,
            matched=matched or stored.card.name,
            rulings=await self.repo.rulings(stored.card),
            keywords=self._keyword_links(stored),
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

    async def search(self, game: Game, query: str, *, page: int = 0, per_page: int = 10) -> CardResults:
        """Cards matching a query-language expression (see docs/card-query.md)."""
        node = parse(query)
        where, params = compile_query(node, game.key)
        page = max(0, page)
        total, cards = await self.repo.search(game.key, where, params, per_page, page * per_page)
        return CardResults(game, query, total, page, per_page, cards)

    def autocomplete(self, game: Game, typed: str) -> list[Choice]:
        """Up to 25 card names for what was typed (memory only)."""
        return [Choice(name[:100], name[:100]) for _, name in self._index(game).autocomplete(typed[:100], 25)]

    # aliases -----------------------------------------------------------------------------------

    async def set_alias(self, game: Game, alias: str, card_name: str, user_id: int | None) -> str:
        alias = " ".join(alias.split())
        if not normalise_name(alias) or len(alias) > 100:
            raise CardsError("An alias needs 1 to 100 characters with at least one letter or digit.")
        target = await self.get(game, card_name)
        if isinstance(target, CardMiss):
            raise CardsError(target.message)
        await self.repo.set_alias(game.key, alias, target.stored.id, user_id)
        await self.load(game.key)
        return f"'{alias}' now finds {target.stored.card.name} ({game.name})."

    async def remove_alias(self, game: Game, alias: str) -> str:
        if not await self.repo.remove_alias(game.key, alias):
            raise CardsError(f"There is no {game.name} alias '{alias[:60]}'.")
        await self.load(game.key)
        return f"The alias '{alias[:60]}' is removed."

    async def aliases(self, game: Game) -> list[StoredAlias]:
        return await self.repo.aliases(game.key)


__all__ = [
    "CardImportError",
    "CardMiss",
    "CardResults",
    "CardView",
    "CardsError",
    "CardsService",
    "QueryError",
]
