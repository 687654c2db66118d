"""Where a match is shown (:mod:`bot.store.panel_repo`): the public board's message in its thread, each
player's private panel in their DMs, and the users whose DMs are closed. A transport edits these
messages after every action instead of sending new ones, and finds them again after a restart."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.database import Database
from bot.store.panel_repo import PUBLIC, PanelMessage, PanelRepository
from engine.match.state import MatchStatus

BOARD = "board"
"""The public board of a match (seat :data:`PUBLIC`)."""
HAND = "hand"
"""A player's private panel (their seat)."""

__all__ = ["BOARD", "HAND", "PUBLIC", "MatchPanels", "PanelMessage"]


class MatchPanels:
    """The messages showing a match's panels, and closed DMs."""

    def __init__(self, database: Database) -> None:
        self.repo = PanelRepository(database)

    async def record(
        self, match_id: int, kind: str, seat: int, channel_id: int, message_id: int, version: int
    ) -> None:
        """The panel ``kind`` of ``seat`` (:data:`PUBLIC` for the board) is now shown by that message."""
        await self.repo.record(PanelMessage(match_id, kind, seat, channel_id, message_id, version))

    async def of_match(self, match_id: int) -> list[PanelMessage]:
        return await self.repo.panels(match_id)

    async def find(self, match_id: int, kind: str, seat: int = PUBLIC) -> PanelMessage | None:
        return next(
            (p for p in await self.repo.panels(match_id) if p.kind == kind and p.seat == seat),
            None,
        )

    async def boards(self) -> list[PanelMessage]:
        """The board of every match shown somewhere."""
        return await self.repo.of_kind(BOARD)

    async def boards_in_play(self) -> list[PanelMessage]:
        """The board of every match in play shown somewhere (the clock watch's matches)."""
        return await self.repo.of_kind_playing(BOARD, MatchStatus.PLAYING)

    async def shown(self, match_id: int, version: int, kind: str, seat: int = PUBLIC) -> None:
        await self.repo.shown(match_id, version, kind, seat)

    async def shown_all(self, match_id: int, version: int, panels: Sequence[PanelMessage]) -> None:
        """These panels of a match now show ``version`` (one write for a refresh's panels)."""
        await self.repo.shown_all(match_id, version, [(panel.kind, panel.seat) for panel in panels])

    async def dm_closed(self, user_id: int) -> bool:
        return await self.repo.dm_closed(user_id)

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        await self.repo.set_dm_closed(user_id, closed)
