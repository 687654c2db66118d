"""The top cut: seeding it from the final Swiss standings, showing it, and recording each bracket
match's winner (reported by the loser or entered by an organizer, who may also correct it)."""

from __future__ import annotations

from engine.tournament import TournamentError, start_top_cut
from engine.tournament.lifecycle import Command, EventStatus, require
from engine.tournament.reporting import decide_cut

from .base import ServiceBase
from .info import Actor, TopCutInfo, UserId
from .state import EventState


class TopCutMixin(ServiceBase):
    """Use cases of the top cut."""

    async def start_top_cut(self, actor: Actor, event_id: int) -> TopCutInfo:
        """Organizers seed the top cut from the final Swiss standings (not dropped players), in
        bracket order (top 8: 1v8, 4v5, 2v7, 3v6)."""
        self._require_organizer(actor, "start the top cut")
        async with self._write():
            state = await self._state(actor, event_id, matches="all")
            return await self._seed_cut(actor, state)

    async def _seed_cut(self, actor: Actor, state: EventState) -> TopCutInfo:
        e = state.event
        if not e.top_cut:
            raise TournamentError(f"{e.name} has no top cut.")
        require(Command.START_TOP_CUT, e.status, e.name)
        if state.current_round < state.swiss_rounds or state.round_open:
            raise TournamentError(
                f"The top cut starts after the last Swiss round: round {state.swiss_rounds} is not complete."
            )
        standings = self._standings(state)
        # Drops after the start may leave fewer players than the cut accepted then: the cut shrinks
        # to the largest bracket that the players still in fill, instead of refusing until the
        # organizer changes the setting.
        still_in = sum(1 for row in standings.rows if not row.dropped)
        size, shrank = e.top_cut, ""
        if still_in < size:
            size = max((s for s in (16, 8, 4, 2) if s <= still_in), default=0)
            if not size:
                raise TournamentError(f"A top cut needs two players still in {e.name}; {still_in} is.")
            shrank = f" (a top {e.top_cut} needs {e.top_cut} players; {still_in} are still in)"
            await self.repo.update_event(e.id, top_cut=size)
        cut = start_top_cut(list(standings.rows), size)
        await self.repo.save_top_cut(e.id, cut.seeds, cut.winners)
        await self.repo.update_event(e.id, status=EventStatus.TOPCUT)
        seeds = ", ".join(f"{i + 1}. {state.name_of(p)}" for i, p in enumerate(cut.seeds))
        await self._audit(actor, e.id, "top cut", f"top {size} seeded{shrank}: {seeds}")
        self._dirty.add(actor.guild_id)
        state = await self._reload(state)
        return self._top_cut_info(state, cut, f"Top {size} of {e.name} seeded{shrank}.")

    async def top_cut(self, actor: Actor, event_id: int) -> TopCutInfo:
        """The top cut bracket."""
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            cut = await self._load_cut(state)
        return self._top_cut_info(state, cut)

    async def record_top_cut_winner(self, actor: Actor, event_id: int, winner: UserId) -> TopCutInfo:
        """The winner of a bracket match of the current cut round: entered by an organizer, or reported
        by the loser (a player can report only their own loss). The final's winner finishes the event.
        An organizer naming the recorded loser of a decided match corrects it, as long as its winner
        has not played on (:meth:`TopCut.correct_winner`); a corrected final changes the champion."""
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            return await self._cut_winner(actor, state, str(winner))

    async def _cut_winner(self, actor: Actor, state: EventState, winner: str) -> TopCutInfo:
        e = state.event
        finished = e.status is EventStatus.FINISHED
        seeded = finished and await self.repo.top_cut(e.id) is not None
        if not (actor.is_organizer and seeded):
            require(Command.TOP_CUT_RESULT, e.status, e.name)
        cut = await self._load_cut(state)
        decision = decide_cut(
            cut,
            actor.user_id,
            winner,
            organizer=actor.is_organizer,
            finished=finished,
            winner_name=state.name_of(winner),
            event_name=e.name,
        )
        message = await self._save_cut(actor, state, cut, decision)
        state = await self._reload(state)
        return self._top_cut_info(state, decision.cut, message)
