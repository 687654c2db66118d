"""Players: registration, late entries, drops (with the concessions they make) and decklists."""

from __future__ import annotations

import io

from bot.store.tournament_repo import DecklistRow, EventRow, PlayerRow
from engine.games import resolve_game
from engine.tournament import TournamentError
from engine.tournament.lifecycle import Command, EventStatus, require
from engine.tournament.reporting import Kind, concede, concede_cut
from engine.tournament.wording import count, each_round

from .base import ServiceBase
from .deck_rules import deck_rules_label
from .info import MAX_DECKLIST_CHARS, Actor, DecklistInfo, DropOutcome, PlayerInfo, UserId
from .state import EventState


class PlayersMixin(ServiceBase):
    """Use cases of registration, drops and decklists."""

    # registration ---------------------------------------------------------------------------------

    async def register(self, actor: Actor, event_id: int, display_name: str) -> PlayerInfo:
        """A player registers themselves while registration is open and the event is not full."""
        name = self._check_name(display_name, "A player name")
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            if actor.user_id in state.by_id:
                raise TournamentError(f"You are already registered in {e.name}.")
            require(Command.REGISTER, e.status, e.name)
            if e.capacity is not None and len(state.players) >= e.capacity:
                raise TournamentError(f"{e.name} is full ({e.capacity} players).")
            await self.repo.insert_player(
                e.id, actor.user_id, name, late_from_round=1, registered_by=actor.user_id, at=self._now()
            )
            state = await self._reload(state)
        return self._player_info(state, actor.user_id)

    async def add_player(self, actor: Actor, event_id: int, user_id: UserId, display_name: str) -> PlayerInfo:
        """Organizers add a player, beyond the capacity or with registration closed if need be. Once
        the event runs this is a late entry: the player starts in the next round to be paired and
        takes a match loss for each earlier round."""
        self._require_organizer(actor, "add players")
        name = self._check_name(display_name, "A player name")
        player_id = str(user_id)
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            if player_id in state.by_id:
                raise TournamentError(f"{state.by_id[player_id].name} is already registered in {e.name}.")
            require(Command.ADD_PLAYER, e.status, e.name)
            late_from = 1
            if e.status is EventStatus.RUNNING:
                late_from = state.current_round + 1
                if late_from > state.swiss_rounds:
                    raise TournamentError(
                        f"All {state.swiss_rounds} Swiss rounds of {e.name} are paired;"
                        " a late entry would play none."
                    )
            await self.repo.insert_player(
                e.id, player_id, name, late_from_round=late_from, registered_by=actor.user_id, at=self._now()
            )
            detail = f"{name} ({player_id})"
            if late_from > 1:
                detail += f", late entry from round {late_from} (a loss for {each_round(1, late_from - 1)})"
            await self._audit(actor, e.id, "add player", detail)
            state = await self._reload(state)
        return self._player_info(state, player_id)

    async def remove_player(self, actor: Actor, event_id: int, user_id: UserId) -> DropOutcome:
        """Organizers remove a player: before the start the registration is deleted; after it, the
        player is dropped (see :meth:`drop`) so that their results stay in the tiebreakers."""
        self._require_organizer(actor, "remove players")
        return await self.drop(actor, event_id, user_id)

    async def drop(self, actor: Actor, event_id: int, user_id: UserId | None = None) -> DropOutcome:
        """A player drops themselves, or an organizer drops anyone (see the module docstring)."""
        target = actor.user_id if user_id is None else str(user_id)
        if target != actor.user_id:
            self._require_organizer(actor, "drop other players")
        async with self._write():
            state = await self._state(actor, event_id, matches="current")
            e = state.event
            row = state.by_id.get(target)
            if row is None:
                who = "You are" if target == actor.user_id else "That player is"
                raise TournamentError(f"{who} not registered in {e.name}.")
            if e.status.before_start:
                await self.repo.delete_player(e.id, target)
                if target != actor.user_id or actor.is_organizer:
                    await self._audit(actor, e.id, "remove player", f"{row.name} ({target}) before the start")
                return DropOutcome(
                    target, row.name, None, None, f"{row.name} is no longer registered in {e.name}."
                )
            require(Command.DROP, e.status, e.name)
            if e.status is EventStatus.TOPCUT:
                return await self._drop_from_top_cut(actor, state, row)
            if row.dropped_after_round is not None:
                raise TournamentError(f"{row.name} already dropped from {e.name}.")
            after = state.current_round
            conceded: int | None = None
            closed = finished = False
            match = state.match_of(target, after) if state.round_open else None
            if match is not None and match.player_b is not None:
                step = concede(state.table(match), target, actor.user_id, state.fmt)
                if step.kind is not Kind.UNCHANGED:
                    await self._persist(match.id, step)
                    conceded = match.id
            if row.late_from_round > after + 1:
                after = row.late_from_round - 1
            await self.repo.set_dropped(e.id, target, after)
            if target != actor.user_id:
                await self._audit(actor, e.id, "drop player", f"{row.name} ({target}) after round {after}")
            state = await self._reload(state)
            if conceded is not None:
                closed, finished = await self._close_round_if_done(state)
                state = await self._reload(state)
        message = f"{row.name} dropped from {e.name} after round {after}; they will not be paired again."
        info = None
        if conceded is not None:
            info = self._match_info(state, state.find(conceded))
            wins, losses, draws = info.score_for(target) or (0, 0, 0)
            message += f" Their round {after} match is recorded as {wins}-{losses}-{draws}."
        if closed:
            message += f" Round {after} is complete."
        if finished:
            message += f" {e.name} is finished."
        return DropOutcome(target, row.name, after, info, message, closed)

    async def players(self, actor: Actor, event_id: int) -> list[PlayerInfo]:
        """Everyone registered, in registration order (dropped players flagged)."""
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            decks = {d.player_id for d in await self.repo.decklists(state.event.id)}
        return [self._player_info(state, p.player_id, decks) for p in state.players]

    async def _drop_from_top_cut(self, actor: Actor, state: EventState, row: PlayerRow) -> DropOutcome:
        cut = await self._load_cut(state)
        decision = concede_cut(cut, row.player_id, row.name)
        message = await self._save_cut(actor, state, cut, decision)
        return DropOutcome(row.player_id, row.name, None, None, f"{row.name} dropped and concedes: {message}")

    def _player_info(self, state: EventState, player_id: str, decks: set[str] | None = None) -> PlayerInfo:
        p = state.by_id[player_id]
        return PlayerInfo(
            p.player_id,
            p.name,
            p.late_from_round,
            p.dropped_after_round,
            p.registered_at,
            bool(decks and player_id in decks),
        )

    # decklists ------------------------------------------------------------------------------------

    async def _validate_deck(
        self, game: str, text: str, guild_id: int, rules: str = ""
    ) -> tuple[bool | None, str, tuple[str, ...]]:
        """Check a decklist with :mod:`engine.decks` where it has the game's deck rules: the event's
        ``rules`` ('' the rules document's; the summary names the rules applied where the game has a
        choice), with card data from ``deck_lookup`` where there is some: the shared cards and those of
        the event's server ``guild_id``. A list that cannot be parsed is refused, and one whose cards
        are mostly not in the card data is neither valid nor invalid (None: its summary starts "Not
        checked")."""
        try:
            from engine.decks import DeckError, check_deck, deck_format, parse_decklist
        except ImportError:
            return None, "Not checked: there are no deck rules yet.", ()
        try:
            deck_format(game).rules_named(rules)
        except DeckError as error:
            return None, f"Not checked: {error}", ()
        try:
            decklist = parse_decklist(game, text)
        except DeckError as error:
            raise TournamentError(str(error)) from None
        records = None
        if self.deck_lookup is not None:
            names = [entry.name for _, entry in decklist.all_entries()]
            records = await self.deck_lookup(resolve_game(game), names, guild_id)
        report = check_deck(game, decklist, None if records is None else records.get, rules=rules)
        if report.verdict == "unchecked":  # most of the list is not in the card data: neither way
            return None, report.summary(), tuple(report.problems)
        return report.ok, report.summary(), tuple(report.problems)

    async def submit_decklist(
        self, actor: Actor, event_id: int, text: str, *, user_id: UserId | None = None
    ) -> DecklistInfo:
        """A player submits (or replaces) their decklist as text; organizers may submit for anyone.

        Validated with the event's deck rules where :mod:`engine.decks` provides the game's; locked for
        players once the event starts, except that a late entry may submit theirs until their first
        round is paired."""
        target = actor.user_id if user_id is None else str(user_id)
        if target != actor.user_id:
            self._require_organizer(actor, "submit another player's decklist")
        text = text.replace("\r\n", "\n").strip()
        if not text:
            raise TournamentError("The decklist is empty.")
        if len(text) > MAX_DECKLIST_CHARS:
            raise TournamentError(f"A decklist can be at most {MAX_DECKLIST_CHARS:,} characters long.")
        # Parsed and checked (card data read) before the write: no parsing while the transaction is held.
        before, _, _ = self._deck_target(await self._state(actor, event_id, matches=None), actor, target)
        valid, summary, problems = await self._validate_deck(
            before.game, text, before.guild_id, before.deck_rules
        )
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            e = state.event
            _, row, late_open = self._deck_target(state, actor, target)
            started = e.status.started
            await self.repo.upsert_decklist(
                e.id,
                target,
                text=text,
                valid=valid,
                summary=summary,
                problems=problems,
                locked=started and not late_open,
                submitted_by=actor.user_id,
                at=self._now(),
            )
            if target != actor.user_id or started:
                await self._audit(actor, e.id, "decklist", f"submitted for {row.name} ({target})")
            decks = await self.repo.decklists(e.id, target)
        return self._deck_info(state, decks[0])

    @staticmethod
    def _deck_target(state: EventState, actor: Actor, target: str) -> tuple[EventRow, PlayerRow, bool]:
        """The event, the player whose list is submitted and whether a late entry may still submit it;
        refuses when the list is locked."""
        e = state.event
        row = state.by_id.get(target)
        if row is None:
            who = "You are" if target == actor.user_id else "That player is"
            raise TournamentError(f"{who} not registered in {e.name}.")
        started = e.status.started
        # A late entry submits their own list until their first round is paired.
        late_open = e.status is EventStatus.RUNNING and row.late_from_round > max(1, state.current_round)
        if started and not actor.is_organizer and not late_open:
            raise TournamentError(f"{e.name} has started: decklists are locked.")
        if e.status is EventStatus.FINISHED:
            raise TournamentError(f"{e.name} is finished: decklists are locked.")
        return e, row, late_open

    def _deck_info(self, state: EventState, d: DecklistRow) -> DecklistInfo:
        return DecklistInfo(
            state.event.id,
            d.player_id,
            state.name_of(d.player_id) or d.player_id,
            d.text,
            d.valid,
            d.summary,
            d.problems,
            d.locked,
            d.submitted_by,
            d.submitted_at,
        )

    async def decklist(self, actor: Actor, event_id: int, user_id: UserId | None = None) -> DecklistInfo:
        """A player's own decklist; organizers may see anyone's."""
        target = actor.user_id if user_id is None else str(user_id)
        if target != actor.user_id:
            self._require_organizer(actor, "see other players' decklists")
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            decks = await self.repo.decklists(state.event.id, target)
        if not decks:
            who = "You have" if target == actor.user_id else f"{state.name_of(target)} has"
            raise TournamentError(f"{who} not submitted a decklist for {state.event.name}.")
        return self._deck_info(state, decks[0])

    async def decklists(self, actor: Actor, event_id: int) -> list[DecklistInfo]:
        """Every submitted decklist, in registration order (organizers)."""
        self._require_organizer(actor, "see every decklist")
        async with self._lock:
            state = await self._state(actor, event_id, matches=None)
            decks = await self.repo.decklists(state.event.id)
        return [self._deck_info(state, d) for d in decks]

    async def export_decklists(self, actor: Actor, event_id: int) -> str:
        """Every decklist as one text file for deck checks (organizers; logged), players without a
        list named at the end."""
        self._require_organizer(actor, "export decklists")
        async with self._write():
            state = await self._state(actor, event_id, matches=None)
            decks = await self.repo.decklists(state.event.id)
            await self._audit(actor, state.event.id, "export decklists", count(len(decks), "decklist"))
        out = io.StringIO()
        players = count(len(state.players), "player")
        out.write(f"# {state.event.name}: decklists ({len(decks)} of {players})\n")
        out.write(f"# Deck rules: {deck_rules_label(state.event.game, state.event.deck_rules)}\n")
        have = set()
        for d in decks:
            have.add(d.player_id)
            status = {None: "not checked", True: "legal", False: "ILLEGAL"}[d.valid]
            out.write(
                f"\n## {state.name_of(d.player_id)} ({d.player_id}), {status}, submitted {d.submitted_at}\n"
            )
            for problem in d.problems:
                out.write(f"! {problem}\n")
            out.write(d.text.rstrip() + "\n")
        missing = [p.name for p in state.players if p.player_id not in have]
        if missing:
            out.write("\n# No decklist: " + ", ".join(missing) + "\n")
        return out.getvalue()
