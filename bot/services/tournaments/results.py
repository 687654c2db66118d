"""Swiss results: a player's report, the opponent's confirmation or dispute, an organizer's entry or
override. Each use case loads the match, calls the engine's pure transition
(:mod:`engine.tournament.reporting`), persists what it returns and words the outcome."""

from __future__ import annotations

from bot.store.tournament_repo import MatchRow
from engine.tournament import TournamentError
from engine.tournament import reporting as rules
from engine.tournament.lifecycle import Command, EventStatus, require
from engine.tournament.reporting import Kind, ReportKey, ResultStatus, side_text

from .base import ServiceBase
from .info import Actor, ReportOutcome, UserId
from .state import EventState


class ResultsMixin(ServiceBase):
    """Use cases of Swiss results."""

    def _open_match(self, state: EventState, player: str) -> MatchRow:
        """``player``'s match of the open round (not a bye), refused with a sentence otherwise."""
        e = state.event
        require(Command.REPORT, e.status, e.name)
        if e.status is not EventStatus.RUNNING or not state.round_open:
            raise TournamentError(f"{e.name} has no round open for results.")
        match = state.match_of(player, state.current_round)
        if match is None:
            raise TournamentError(
                f"{state.name_of(player) or 'That player'} is not paired in round {state.current_round}."
            )
        if match.player_b is None:
            raise TournamentError(
                f"Round {state.current_round} is a bye for {state.name_of(player)}: it is already a win."
            )
        return match

    def _registered(self, state: EventState, actor: Actor) -> None:
        if actor.user_id not in state.by_id:
            raise TournamentError(f"You are not registered in {state.event.name}.")

    async def report_result(
        self,
        actor: Actor,
        event_id: int,
        wins: int,
        losses: int,
        draws: int = 0,
        *,
        double_loss: bool = False,
    ) -> ReportOutcome:
        """A player reports their match of the open round, W-L-D from their own side.

        The opponent then confirms; if the opponent had already reported the same result this
        confirms it, and a different result disputes it (organizers decide)."""
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            return await self._report_swiss(actor, state, wins, losses, draws, double_loss)

    async def _report_swiss(
        self, actor: Actor, state: EventState, wins: int, losses: int, draws: int, double_loss: bool
    ) -> ReportOutcome:
        self._registered(state, actor)
        match = self._open_match(state, actor.user_id)
        rules.check_score(state.fmt, wins, losses, draws, double_loss)
        step = rules.report(state.table(match), actor.user_id, wins, losses, draws, double_loss)
        await self._persist(match.id, step)
        if step.kind is Kind.CONFIRMED:
            return await self._after_confirm(state, match.id, "Result confirmed")
        opponent = step.after.opponent(actor.user_id)
        state = await self._reload(state)
        info = self._match_info(state, state.find(match.id))
        if step.kind is Kind.DISPUTED:
            return ReportOutcome(
                info,
                ResultStatus.DISPUTED,
                "Your report differs from your opponent's: the result is disputed"
                " and the organizers are flagged.",
                notify=(opponent,),
                flag_organizers=True,
            )
        what = "Result reported" if step.kind is Kind.REPORTED else "Report corrected"
        return ReportOutcome(
            info,
            ResultStatus.REPORTED,
            f"{what}: {side_text(wins, losses, draws, double_loss)}. "
            f"{state.name_of(opponent)} must confirm it.",
            notify=(opponent,),
        )

    async def confirm_result(
        self, actor: Actor, event_id: int, *, expected: ReportKey | None = None
    ) -> ReportOutcome:
        """A player confirms the result their opponent reported for their match of the open round.
        ``expected`` (a button's): the report the player saw; any other report is refused, checked
        inside the same transaction, so a report corrected meanwhile is never confirmed unseen. A key
        naming its ``player`` is refused to anyone else."""
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            match = self._answerable(state, actor, expected)
            step = rules.confirm(state.table(match), actor.user_id)
            await self._persist(match.id, step)
            return await self._after_confirm(state, match.id, "Result confirmed")

    def _answerable(self, state: EventState, actor: Actor, expected: ReportKey | None) -> MatchRow:
        """The actor's match whose report they answer, refused when it is not the one they saw."""
        if expected is not None and expected.player is not None:
            # A button naming its player: the checks a stale or repeated click meets, before the round's.
            if actor.user_id != expected.player:
                raise TournamentError("Only the opponent named in this report can answer it.")
            mine = state.match_of(actor.user_id, state.current_round)
            if mine is None:
                raise TournamentError("This report is from an earlier round; nothing was changed.")
            rules.check_expected(state.table(mine), expected, actor.user_id)
        self._registered(state, actor)
        match = self._open_match(state, actor.user_id)
        rules.check_expected(state.table(match), expected, actor.user_id)
        return match

    async def dispute_result(
        self, actor: Actor, event_id: int, reason: str = "", *, expected: ReportKey | None = None
    ) -> ReportOutcome:
        """A player disputes the result their opponent reported; the organizers are flagged.
        ``expected`` as for :meth:`confirm_result`."""
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            match = self._answerable(state, actor, expected)
            step = rules.dispute(state.table(match), actor.user_id, reason)
            await self._persist(match.id, step)
            state = await self._reload(state)
            info = self._match_info(state, state.find(match.id))
            opponent = info.opponent(actor.user_id)
        return ReportOutcome(
            info,
            ResultStatus.DISPUTED,
            "The result is disputed; the organizers are flagged and will decide it.",
            notify=(opponent,) if opponent else (),
            flag_organizers=True,
        )

    async def enter_result(
        self,
        actor: Actor,
        event_id: int,
        user_id: UserId,
        wins: int,
        losses: int,
        draws: int = 0,
        *,
        double_loss: bool = False,
        round_number: int | None = None,
    ) -> ReportOutcome:
        """Organizers enter or override the result of ``user_id``'s match (W-L-D from that player's
        side) in ``round_number`` (default: the current round); it is confirmed at once. Refused once
        the top cut is seeded (the Swiss results are then final)."""
        self._require_organizer(actor, "enter or override results")
        async with self._write():
            state = await self._state(
                actor, event_id, matches=round_number if round_number is not None else "current"
            )
            return await self._enter_swiss(
                actor, state, str(user_id), wins, losses, draws, double_loss, round_number
            )

    async def _cut_seeded(self, state: EventState) -> bool:
        """Whether a finished event had its top cut seeded (its Swiss results are then final)."""
        e = state.event
        if e.status is not EventStatus.FINISHED or not e.top_cut:
            return False
        return await self.repo.top_cut(e.id) is not None

    async def _enter_swiss(
        self,
        actor: Actor,
        state: EventState,
        user_id: str,
        wins: int,
        losses: int,
        draws: int,
        double_loss: bool,
        round_number: int | None,
    ) -> ReportOutcome:
        e = state.event
        require(Command.ENTER_RESULT, e.status, e.name)
        if await self._cut_seeded(state):
            raise TournamentError("The top cut is seeded: the Swiss results are final.")
        player = self._player_row(state, user_id).player_id
        number = round_number if round_number is not None else state.current_round
        if not 1 <= number <= state.current_round:
            raise TournamentError(f"{e.name} has no round {number} paired.")
        match = state.match_of(player, number)
        if match is None:
            raise TournamentError(f"{state.name_of(player)} was not paired in round {number}.")
        table = state.table(match)
        step = rules.enter(table, actor.user_id, player, wins, losses, draws, double_loss)
        rules.check_score(state.fmt, wins, losses, draws, double_loss)
        # Both results in the table's player order, with the names: what the organizer entered from
        # one player's side and what was reported from either side read the same way.
        text = rules.table_text(table, step.result) + (" (double loss)" if double_loss else "")
        await self._persist(match.id, step)
        if step.before.result is None:
            action, detail = "enter result", f"round {number}: {text}"
        else:
            action, detail = (
                "override result",
                f"round {number}: {text}, was {rules.describe(table, step.before.result)}",
            )
        await self._audit(actor, e.id, action, detail)
        return await self._after_confirm(
            state, match.id, "Result entered" if step.before.result is None else "Result overridden"
        )
