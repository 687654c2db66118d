""":class:`TournamentService`: every tournament use case, composed from one part per area, and the
front doors that choose between the Swiss and the top cut so that no transport has to."""

from __future__ import annotations

from engine.text import shortened
from engine.tournament import TournamentError
from engine.tournament import reporting as rules
from engine.tournament.lifecycle import EventStatus

from .events import EventsMixin
from .export import ExportMixin
from .info import Actor, ReportOutcome, RoundInfo, TopCutInfo
from .players import PlayersMixin
from .reminders import RemindersMixin
from .results import ResultsMixin
from .rounds import RoundsMixin
from .state import EventState
from .topcut import TopCutMixin


class TournamentService(
    EventsMixin, PlayersMixin, RoundsMixin, ResultsMixin, TopCutMixin, RemindersMixin, ExportMixin
):
    """Tournament use cases over the store. One instance per process (``App.tournaments``).

    ``clock`` gives the current time (UTC), replaceable in tests and simulations. ``deck_lookup``
    (optional) fetches card data for a decklist's names among the cards the event's server sees,
    ``(game, names, guild_id) -> {name: CardRecord}`` or ``None`` when that server sees no card data
    of the game (``App`` passes ``CardsService.deck_lookup``), so that
    :func:`engine.decks.check_deck` can check what needs card data.
    """

    async def _in_cut(self, state: EventState) -> bool:
        """Whether results of the event go to its bracket: the top cut, or a finished event whose
        cut was seeded (organizers' corrections)."""
        return state.event.status is EventStatus.TOPCUT or await self._cut_seeded(state)

    async def report(
        self,
        actor: Actor,
        event_id: int,
        wins: int,
        losses: int,
        draws: int,
        *,
        double_loss: bool = False,
    ) -> ReportOutcome | TopCutInfo:
        """A player reports their match, W-L-D from their own side: in the Swiss as
        :meth:`report_result`; in the top cut the player who lost reports (e.g. 0-2) and the bracket
        moves on at once (a top cut match needs a winner)."""
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            if state.event.status is EventStatus.TOPCUT:
                cut = await self._load_cut(state)
                winner = rules.cut_report_winner(cut, actor.user_id, wins, losses, draws, double_loss)
                return await self._cut_winner(actor, state, winner)
            return await self._report_swiss(actor, state, wins, losses, draws, double_loss)

    async def enter(
        self,
        actor: Actor,
        event_id: int,
        player_id: str,
        wins: int,
        losses: int,
        draws: int,
        *,
        double_loss: bool = False,
        round_number: int | None = None,
    ) -> ReportOutcome | TopCutInfo:
        """Organizers enter or override ``player_id``'s result, W-L-D from that player's side: in the
        Swiss as :meth:`enter_result`; in the top cut (or a finished event whose cut was seeded) it
        records, or corrects, the winner of the player's bracket match."""
        self._require_organizer(actor, "enter or override results")
        async with self._write():
            state = await self._state(
                actor, event_id, matches=round_number if round_number is not None else "current"
            )
            if await self._in_cut(state):
                cut = await self._load_cut(state)
                winner = rules.cut_entry_winner(
                    cut, actor.user_id, str(player_id), wins, losses, draws, double_loss
                )
                return await self._cut_winner(actor, state, winner)
            return await self._enter_swiss(
                actor, state, str(player_id), wins, losses, draws, double_loss, round_number
            )

    async def outstanding(self, actor: Actor, event_id: int) -> RoundInfo | TopCutInfo:
        """What is still to be played: the current Swiss round (its :attr:`RoundInfo.missing`), or in
        the top cut (or after it) the bracket, whose current matches without a winner are missing."""
        async with self._lock:
            state = await self._state(actor, event_id, matches="current")
            if await self._in_cut(state):
                return self._top_cut_info(state, await self._load_cut(state))
        if state.current_round < 1:
            raise TournamentError(f"{state.event.name} has no round paired yet.")
        return self._round_info(state, state.current_round)

    async def open_top_cut(self, actor: Actor, event_id: int) -> tuple[TopCutInfo, bool]:
        """The bracket; an organizer asking once the Swiss rounds are over seeds it first
        (:meth:`start_top_cut`). ``True`` when it was just seeded."""
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            swiss_done = state.current_round >= state.swiss_rounds and not state.round_open
            if e.status is EventStatus.RUNNING and e.top_cut and swiss_done and actor.is_organizer:
                state = await self._load(e, "all")
                return await self._seed_cut(actor, state), True
            return self._top_cut_info(state, await self._load_cut(state)), False

    async def find_player(self, actor: Actor, event_id: int, ref: str) -> str:
        """A registered player's id, from their id or their name (case-insensitive, when one player
        has it). Digits that name nobody are returned as an id for the use case to judge."""
        text = " ".join(str(ref).split())
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
        if text in state.by_id:
            return text
        folded = text.casefold()
        named = [p for p in state.players if p.name.casefold() == folded]
        if len(named) == 1:
            return named[0].player_id
        if text.isascii() and text.isdigit():
            return text
        raise TournamentError(f"{state.event.name} has no player named {shortened(text, 80)}.")
