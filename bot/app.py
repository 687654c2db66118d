"""The application: the database and the services every transport (Discord, console, CLI) uses."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from bot.config import Settings
from bot.services.cards import CardsService
from bot.services.challenges import ChallengeService
from bot.services.guilds import GuildSettingsService
from bot.services.match_clock import MatchClock
from bot.services.match_panels import MatchPanels
from bot.services.matches import MatchService
from bot.services.rules import RulesService
from bot.services.rules_import import ImportReport, import_rules
from bot.services.saved_decks import SavedDecks
from bot.services.tournament_matches import TournamentMatches
from bot.services.tournaments import TournamentService
from bot.store.database import Database
from bot.store.settings_repo import SettingsRepository

log = logging.getLogger("arbiter")


@dataclass
class App:
    """Everything a transport needs, opened once per process."""

    settings: Settings
    db: Database
    rules: RulesService
    guilds: GuildSettingsService
    cards: CardsService
    matches: MatchService
    tournaments: TournamentService
    decks: SavedDecks
    challenges: ChallengeService
    tournament_matches: TournamentMatches
    clock: MatchClock
    panels: MatchPanels

    @classmethod
    async def open(cls, settings: Settings, *, import_documents: bool = True) -> App:
        """Open the database, import new or changed rules documents, load the indexes."""
        db = await Database.open(settings.database_path)
        rules = RulesService(db)
        cards = CardsService(db, rules)
        matches = MatchService(db)
        decks = SavedDecks(db)
        tournaments = TournamentService(db)
        app = cls(
            settings=settings,
            db=db,
            rules=rules,
            guilds=GuildSettingsService(SettingsRepository(db)),
            cards=cards,
            matches=matches,
            tournaments=tournaments,
            decks=decks,
            challenges=ChallengeService(db, matches, cards, decks),
            tournament_matches=TournamentMatches(db, tournaments, matches, cards),
            clock=MatchClock(db, matches),
            panels=MatchPanels(db),
        )
        app.tournaments.deck_lookup = app.cards.deck_lookup
        matches.on_create(app.clock.start)  # a match and its clock are stored together,
        matches.on_accept(app.clock.after)  # and so are an action and its clock step
        if import_documents:
            report = await app.import_rules(settings.rules_dir)
            for failure in report.failed:
                log.error("rules import failed for %s: %s", failure.file, failure.detail)
        else:
            await app.rules.load()
        if import_documents:
            await app.cards.import_bundled(settings.rules_dir)
        await app.cards.load()
        app.cards.watch()  # card data imported by another process shows without a restart
        return app

    async def import_rules(self, rules_dir: Path) -> ImportReport:
        report = await import_rules(self.db, rules_dir)
        await self.rules.load()
        return report

    async def close(self) -> None:
        await self.cards.close()
        await self.db.close()
