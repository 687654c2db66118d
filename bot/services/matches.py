"""Matches: create, act, view, log, export; persisted as an append-only action log.

Every action is committed to SQLite before the caller is told it was accepted (docs/architecture.md, "Nothing
lost"); the in-memory state is only a cache of the replay, rebuilt from the latest snapshot plus the
actions after it. One asyncio lock per match serialises its writers, the engine refuses an action
made against another version, and the store's compare-and-set refuses it again across processes
("One writer per match").

**Automatic passes** (:mod:`engine.match.stops`): after each accepted action, and once a match has
started, the service asks the engine whether the seat the game waits for passes by itself (it has no
stop there) and submits that pass itself, marked ``auto`` in the log, until a seat has a stop or a
decision (bounded, and a whole turn with nobody stopping waits for a press). The action and its
passes are stored in one transaction, each with its clock step. Each player's stops per game are
saved (:class:`~bot.store.stops_repo.StopsRepository`): a new match starts with them (a logged
``set_stops`` per seat that differs from the game's defaults), and saving them updates the player's
matches of that game in play.

**Log lines without a replay.** A line depends only on its event and the match's ``Match`` (players,
cards; it never changes during a match: :func:`engine.match.render.render`), so each accepted action's
lines are rendered once per viewer (the spectator, then each seat) as it is stored, in its
transaction, and the opening's lines with the match (migration 12). :meth:`MatchService.lines_for`
reads them back, and :meth:`MatchService.recent_lines` only the last rows a board quotes, so a press
late in a match reads no more than one early in it. A match stored before its lines were (rows with
none) is replayed once, and the lines found are stored.

**What never changes is read once.** A match's identity (server, players and their ids, game
definition, decks, seed, first player: :class:`MatchIdentity`) is kept in memory after its first
read; its status and export consent, which change, are read from the store where they are needed.
:meth:`MatchService.forget` drops all a service keeps for a match (a transport calls it when the
match ends).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.store.database import SQLITE_MAX_INT, Database
from bot.store.match_repo import Lines, MatchRepository, StaleVersionError, StoredMatch
from bot.store.stops_repo import SavedStops, StopsRepository
from engine.errors import ArbiterError
from engine.match.actions import AcceptUndo, BaseAction, SetStops, TimeOut, dump_action, parse_action
from engine.match.apply import apply
from engine.match.events import Event
from engine.match.games import game_definition, load_definitions
from engine.match.offers import Offer, offers
from engine.match.render import Viewer, render_all
from engine.match.replay import replay_from
from engine.match.setup import DeckList, new_match, opening_events
from engine.match.spec import GameSpec
from engine.match.state import CardRef, MatchState, MatchStatus, state_digest
from engine.match.stops import GameStops, automatic_passes, changed_stops, game_stops
from engine.match.verify import EXPORT_FORMAT
from engine.match.view import spectator_view, view
from engine.text import shortened

MAX_ID = SQLITE_MAX_INT
"""A larger id names no match (and could not even be looked up)."""

SNAPSHOT_EVERY = 50
"""A snapshot of the state is stored with every 50th action, so loading replays at most 49."""


class MatchError(ArbiterError):
    """A match request was refused; nothing was changed."""


@dataclass
class LiveMatch:
    """What stays in memory for a match: its (shared) game definition and current state."""

    spec: GameSpec
    state: MatchState
    player_ids: list[int | None]
    """The user at each seat (``None`` for a seat played locally, as in the console)."""
    players: list[str]
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    """What each viewer sees of :attr:`state`, read once per version (:meth:`MatchService.view_for`)."""
    offered: dict[int, tuple[Offer, ...]] = field(default_factory=dict)
    """Each seat's offers in :attr:`state`, listed once per version (:meth:`MatchService.offers_for`)."""

    def move_to(self, state: MatchState) -> None:
        """The match is now at ``state``: what was read of the old one is let go."""
        self.state = state
        self.views.clear()
        self.offered.clear()


@dataclass(frozen=True)
class Accepted:
    """An action that is stored: its events, rendered per viewer by :meth:`MatchService.lines_for`.
    What :meth:`MatchService.submit` returns also holds the automatic passes that followed the action
    (``passes``): ``state`` is the state after them, ``events`` the action's and theirs."""

    state: MatchState
    events: list[Event]
    passes: tuple[BaseAction, ...] = ()


@dataclass
class MatchIdentity:
    """What never changes about a match, read from its row once (:meth:`MatchService.seen_from`
    returns it): the row is written when the match is created, and only its status, version and
    export consent move on after that."""

    id: int
    guild_id: int | None
    game: str
    spec: GameSpec
    players: tuple[str, ...]
    player_ids: tuple[int | None, ...]
    decks: list[dict[str, list[list[Any]]]]
    seed: bytes
    first_player: int | None
    opening_lines: Lines | None
    """The opening's lines per viewer (:func:`per_viewer`); ``None`` until known for a match stored
    before they were."""

    def first_state(self) -> MatchState:
        """The match as it starts (its setup from the seed), before any action."""
        return new_match(
            self.spec, list(self.players), _decks(self.decks), self.seed, first_player=self.first_player
        )


def per_viewer(events: Sequence[Event], state: MatchState) -> Lines:
    """Events' lines for every viewer of the match: the spectator's, then each seat's
    (docs/architecture.md, "Log lines are rendered per viewer")."""
    viewers: list[Viewer] = [None, *range(len(state.match.players))]
    return [render_all(events, state, viewer) for viewer in viewers]


def _viewer_lines(lines: Lines, viewer: Viewer) -> list[str]:
    """One viewer's lines of :data:`~bot.store.match_repo.Lines` (none for an action without events)."""
    return list(lines[0 if viewer is None else viewer + 1]) if lines else []


Step = tuple[BaseAction, MatchState, list[Event]]
"""An accepted action with the state and events it gave."""


AcceptHook = Callable[[int, Accepted], Awaitable[None]]
"""What else an accepted action stores, given the match id and the action's outcome."""
CreateHook = Callable[[int, MatchState], Awaitable[None]]
"""What else a new match stores, given its id and its first state."""


def _deck_json(deck: DeckList, spec: GameSpec) -> dict[str, list[list[Any]]]:
    by_zone = deck if isinstance(deck, Mapping) else {spec.deck_zone: deck}
    out: dict[str, list[list[Any]]] = {}
    for zone, cards in by_zone.items():
        refs = [card if isinstance(card, CardRef) else CardRef(str(card), "") for card in cards]
        out[zone] = [ref.to_json() for ref in refs]
    return out


def _windows_of(game: str) -> GameStops:
    """The stops of a game by any of its names (:class:`engine.match.stops.GameStops`); one sentence
    for a game whose matches have none."""
    stops = game_definition(game).stops
    if stops is None:
        raise MatchError("That game's matches have no stops.")
    return stops


def _game_key(game: str) -> str:
    """A game's key, by any of its names."""
    return game_definition(game).spec.key


def _decks(raw: Sequence[Mapping[str, Sequence[Sequence[Any]]]]) -> list[dict[str, list[CardRef]]]:
    return [
        {zone: [CardRef.from_json(card) for card in cards] for zone, cards in deck.items()} for deck in raw
    ]


class MatchService:
    """Match use cases over the store, with a cache of live states."""

    def __init__(self, database: Database) -> None:
        load_definitions()
        self.db = database
        self.repo = MatchRepository(database)
        self.stops = StopsRepository(database)
        self._live: dict[int, LiveMatch] = {}
        self._identities: dict[int, MatchIdentity] = {}
        """What never changes about each match used so far (:meth:`forget` drops one)."""
        self._locks: dict[int, asyncio.Lock] = {}
        self._specs: dict[str, GameSpec] = {}
        """Game definitions by their JSON: every match of a game shares one."""
        self._accept_hooks: list[AcceptHook] = []
        self._create_hooks: list[CreateHook] = []

    def on_create(self, hook: CreateHook) -> None:
        """Make ``hook`` part of every match's creation, in the transaction that stores it (the clock's
        start, :meth:`bot.services.match_clock.MatchClock.start`)."""
        self._create_hooks.append(hook)

    def on_accept(self, hook: AcceptHook) -> None:
        """Make ``hook`` part of every accepted action: it runs inside the transaction that stores
        the action, so either both are stored or neither (the clock's step,
        :meth:`bot.services.match_clock.MatchClock.after`)."""
        self._accept_hooks.append(hook)

    def _spec(self, data: dict[str, Any]) -> GameSpec:
        key = json.dumps(data, sort_keys=True)
        if key not in self._specs:
            self._specs[key] = GameSpec.model_validate(data)
        return self._specs[key]

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def create(
        self,
        spec: GameSpec,
        players: Sequence[str],
        decks: Sequence[DeckList],
        *,
        player_ids: Sequence[int | None] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        first_player: int | None = None,
        seed: bytes | None = None,
    ) -> tuple[int, MatchState]:
        """Start a match with a fresh secret seed; its SHA-256 is public from now on. The match and
        what every match starts with (:meth:`on_create`: its clock) are stored in one transaction,
        which a caller's own transaction may hold (a challenge accepted as the match starts). Its
        state is read from the store at its first use, so a creation rolled back leaves nothing."""
        seed = seed or secrets.token_bytes(32)
        state = new_match(spec, players, decks, seed, first_player=first_player)
        seats = list(player_ids or [None] * len(players))
        async with self.db.transaction():
            match_id = await self.repo.create(
                guild_id=guild_id,
                channel_id=channel_id,
                game=spec.key,
                spec=spec.model_dump(mode="json"),
                players=list(players),
                player_ids=seats,
                decks=[_deck_json(deck, spec) for deck in decks],
                first_player=first_player,
                seed=seed,
                seed_hash=state.match.seed_hash,
                opening_lines=per_viewer(opening_events(state), state),
            )
            for hook in self._create_hooks:
                await hook(match_id, state)
            steps = await self._starting_stops(state, seats)
            steps += automatic_passes(steps[-1][1] if steps else state)
            for step in steps:
                await self._append(match_id, step)
        return match_id, (steps[-1][1] if steps else state)

    async def _starting_stops(self, state: MatchState, seats: Sequence[int | None]) -> list[Step]:
        """Each seat's saved stops for the game (:meth:`saved_stops`), set as the match starts: one
        logged ``set_stops`` per seat whose stops differ from the game's defaults."""
        out: list[Step] = []
        game = game_stops(state)
        if game is None:
            return out
        for seat, user_id in enumerate(seats):
            saved = None if user_id is None else await self.stops.get(user_id, state.match.spec.key)
            if saved is None:
                continue
            known = None if saved.stops is None else tuple(sorted(saved.stops & set(game.by_name)))
            if known is None and not saved.full_control:
                continue
            action = SetStops(
                actor=seat,
                version=state.version,
                stops=known,
                full_control=saved.full_control or None,
            )
            state, events = apply(state, action)
            out.append((action, state, events))
        return out

    async def _append(self, match_id: int, step: Step) -> None:
        """Store one accepted action with its lines for every viewer and what it changes besides
        (:meth:`on_accept`: its clock step); inside the caller's transaction."""
        action, state, events = step
        seq = action.version
        snapshot = state.to_json() if (seq + 1) % SNAPSHOT_EVERY == 0 else None
        await self.repo.append(
            match_id,
            seq,
            action.actor,
            dump_action(action),
            state_digest(state),
            snapshot=snapshot,
            ended=state.ended,
            lines=per_viewer(events, state),
        )
        accepted = Accepted(state, events)
        for hook in self._accept_hooks:
            await hook(match_id, accepted)

    async def _load(self, match_id: int) -> LiveMatch:
        live = self._live.get(match_id)
        if live is not None:
            return live
        identity = await self._identity(match_id)
        spec = identity.spec
        snapshot = await self.repo.latest_snapshot(match_id)
        if snapshot is not None:
            version, data = snapshot
            state = MatchState.from_json(data, spec)
        else:
            version = 0
            state = identity.first_state()
        actions = await self.repo.actions(match_id, after=version - 1)
        try:
            state = replay_from(state, [parse_action(a.action) for a in actions])
        except ArbiterError:  # its log no longer replays: the rules changed under it
            raise MatchError(
                f"Match #{match_id} began under an earlier version of Arbiter whose rules now refuse one"
                " of its moves, so it cannot go on; its players may start a new one."
            ) from None
        live = LiveMatch(spec, state, list(identity.player_ids), list(identity.players))
        self._live[match_id] = live
        return live

    async def state(self, match_id: int) -> MatchState:
        return (await self._load(match_id)).state

    def unload(self, match_id: int) -> None:
        """Forget a match's cached state (it is rebuilt from the store on the next use)."""
        self._live.pop(match_id, None)

    def forget(self, match_id: int) -> None:
        """Drop everything kept in memory for a match: its live state, its identity and its lock
        (unless someone holds it). A transport calls it when a match ends, so a long-running bot
        keeps nothing for ended matches; a later use reads the match from the store again."""
        self._live.pop(match_id, None)
        self._identities.pop(match_id, None)
        lock = self._locks.get(match_id)
        if lock is not None and not lock.locked():
            del self._locks[match_id]

    def kept(self) -> int:
        """How many matches the service keeps anything of in memory (live states, identities, locks)."""
        return len(set(self._live) | set(self._identities) | set(self._locks))

    async def _find(self, match_id: int) -> StoredMatch:
        stored = await self.repo.match(match_id) if 0 < match_id <= MAX_ID else None
        if stored is None:
            raise MatchError(f"There is no match {shortened(str(match_id))}.")
        return stored

    async def _known(self, match_id: int) -> MatchIdentity | None:
        """A match's identity: from memory after its first read (:class:`MatchIdentity`); ``None``
        if there is no such match. A match read inside the caller's own transaction is not kept,
        since a rollback may still undo it (and its id be given to another)."""
        known = self._identities.get(match_id)
        if known is not None:
            return known
        stored = await self.repo.match(match_id) if 0 < match_id <= MAX_ID else None
        if stored is None:
            return None
        known = MatchIdentity(
            id=stored.id,
            guild_id=stored.guild_id,
            game=stored.game,
            spec=self._spec(stored.spec),
            players=tuple(stored.players),
            player_ids=tuple(stored.player_ids),
            decks=stored.decks,
            seed=stored.seed,
            first_player=stored.first_player,
            opening_lines=stored.opening_lines,
        )
        if not self.db.in_own_transaction:
            self._identities[match_id] = known
        return known

    async def _identity(self, match_id: int) -> MatchIdentity:
        known = await self._known(match_id)
        if known is None:
            raise MatchError(f"There is no match {shortened(str(match_id))}.")
        return known

    @staticmethod
    def _check_seat(live: LiveMatch, action: BaseAction, user_id: int | None) -> None:
        """The acting seat is the user's own: whatever a transport sends, nobody acts for another."""
        seats = live.player_ids
        if not 0 <= action.actor < len(seats):
            raise MatchError(f"This match has no seat {action.actor}; nothing changed.")
        if seats[action.actor] != user_id:
            raise MatchError(
                f"Only {shortened(live.players[action.actor])} can act for that seat; nothing changed."
            )

    async def submit(
        self,
        match_id: int,
        action: BaseAction | Mapping[str, Any] | str,
        *,
        user_id: int | None,
        clock: bool = False,
    ) -> Accepted:
        """Validate, apply and store an action made by ``user_id``; only then is it accepted.

        ``user_id`` is the user who acts (``None`` in a local match whose seats have no users): the
        action's seat must be theirs, so no transport can let one player act for another.

        Refusals (:class:`~engine.match.errors.ActionRefused`, :class:`MatchError`) say why in one
        sentence and change nothing; a stale or duplicate submission is refused, never applied twice.
        When another process has moved the match on, the cached state is reloaded from the store:
        an action made against the stored version is applied, an older one is refused with a sentence
        asking to try again with the current board. A time-out comes only from the match's clock
        (``clock=True``, :mod:`bot.services.match_clock`), which checked that the time ran out.
        """
        if not isinstance(action, BaseAction):
            action = parse_action(action)  # refuses with a sentence naming the field
        if isinstance(action, TimeOut) and not clock:
            raise MatchError("A win on time is claimed from the clock, once the opponent's time has run out.")
        if action.auto:
            raise MatchError("Only the match passes by itself; pass with your own pass. Nothing changed.")
        async with self._lock(match_id):
            live = await self._load(match_id)
            self._check_seat(live, action, user_id)
            if (
                action.version != live.state.version
                and await self.repo.version(match_id) != live.state.version
            ):
                self.unload(match_id)  # another process wrote: the store is ahead of this cache
                live = await self._load(match_id)
                if action.version != live.state.version:
                    raise MatchError(
                        "The match had moved on since that was shown; here is the current board: try again"
                        " with it. Nothing changed."
                    )
            state, events = apply(live.state, action)
            steps: list[Step] = [(action, state, events)]
            if type(action) is not AcceptUndo:  # after an undo, the game waits for a press
                steps += automatic_passes(state)
            try:
                async with self.db.transaction():
                    for step in steps:
                        await self._append(match_id, step)
            except StaleVersionError:
                self.unload(match_id)
                raise MatchError(
                    "Someone acted first: that was made against an older state of the match; try again"
                    " with the current board. Nothing changed."
                ) from None
            live.move_to(steps[-1][1])
            return Accepted(
                live.state,
                [event for _, _, made in steps for event in made],
                tuple(done for done, _, _ in steps[1:]),
            )

    # stops: where the match passes for a player by itself -----------------------------------------

    async def saved_stops(self, user_id: int, game: str) -> SavedStops | None:
        """A player's saved stops for a game (None: none saved, the game's defaults)."""
        return await self.stops.get(user_id, _game_key(game))

    async def save_stops(
        self,
        user_id: int,
        game: str,
        *,
        add: str | None = None,
        remove: str | None = None,
        defaults: bool = False,
        full_control: bool | None = None,
    ) -> tuple[SavedStops, list[int]]:
        """Change a player's stops for a game (a window added or removed, back to the defaults, full
        control on or off), remember them for the next matches, and set them in the player's matches
        of that game in play. Returns the stops and the matches updated. An unknown window is refused
        with the game's windows."""
        windows = _windows_of(game)
        game = _game_key(game)
        saved = await self.stops.get(user_id, game) or SavedStops(None, False)
        stops = changed_stops(windows, saved.stops, add=add, remove=remove, defaults=defaults)
        now = SavedStops(stops, saved.full_control if full_control is None else full_control)
        await self.stops.save(user_id, game, now)
        updated = []
        for match_id, seat in await self.repo.playing(user_id, game):
            state = await self.state(match_id)
            action = SetStops(
                actor=seat,
                version=state.version,
                stops=None if stops is None else tuple(sorted(stops)),
                defaults=stops is None,
                full_control=now.full_control,
            )
            try:
                await self.submit(match_id, action, user_id=user_id)
            except ArbiterError:  # it moved on meanwhile, or it is waiting for an undo: next time
                continue
            updated.append(match_id)
        return now, updated

    # output: the only ways from a state to text (engine views and per-viewer lines) ----------------

    async def view_for(self, match_id: int, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for a spectator) sees of the match now: built once per
        version and shared by every caller, so it is read, never changed."""
        live = await self._load(match_id)
        seen = live.views.get(viewer)
        if seen is None:
            made = spectator_view(live.state) if viewer is None else view(live.state, viewer)
            seen = live.views[viewer] = made
        return seen

    async def offers_for(self, match_id: int, seat: int) -> tuple[Offer, ...]:
        """``seat``'s offers now (:func:`engine.match.offers.offers`), listed once per version."""
        live = await self._load(match_id)
        listed = live.offered.get(seat)
        if listed is None:
            listed = live.offered[seat] = tuple(offers(live.state, seat))
        return listed

    async def lines_for(self, match_id: int, viewer: int | None) -> list[str]:
        """The whole log as one viewer reads it (a seat, or ``None`` for a spectator): the lines
        stored with the opening and each action, as a replay renders them (:func:`per_viewer`)."""
        identity = await self._identity(match_id)
        self._check_viewer(identity, viewer)
        rows = await self.repo.lines(match_id)
        if any(lines is None for _, lines in rows):
            stored = await self._replayed_lines(identity)
            rows = [(seq, lines if lines is not None else stored[seq]) for seq, lines in rows]
        out = _viewer_lines(await self._opening(identity), viewer)
        for _, lines in rows:
            assert lines is not None
            out += _viewer_lines(lines, viewer)
        return out

    async def recent_lines(self, match_id: int, viewer: int | None, count: int) -> list[str]:
        """The last ``count`` lines of the log as one viewer reads it (the end of :meth:`lines_for`),
        from the last rows of the log only: one query however long the match is, and the opening's
        lines (kept in memory) when the log is that short."""
        identity = await self._identity(match_id)
        self._check_viewer(identity, viewer)
        if count <= 0:
            return []
        rows = await self.repo.recent_lines(match_id, count)
        if any(lines is None for _, lines in rows):  # stored before lines were: replayed once
            return (await self.lines_for(match_id, viewer))[-count:]
        out = [line for _, lines in rows if lines is not None for line in _viewer_lines(lines, viewer)]
        if len(rows) < count:  # every action with lines was read: the log starts with the opening
            out = _viewer_lines(await self._opening(identity), viewer) + out
        return out[-count:]

    @staticmethod
    def _check_viewer(identity: MatchIdentity, viewer: int | None) -> None:
        if viewer is not None and not 0 <= viewer < len(identity.players):
            raise MatchError(f"Match #{identity.id} has no seat {shortened(str(viewer))}.")

    async def _opening(self, identity: MatchIdentity) -> Lines:
        """The opening's lines per viewer: stored with the match, or for a match stored before they
        were, rendered from its setup (no action replayed) and stored."""
        if identity.opening_lines is None:
            state = identity.first_state()
            lines = per_viewer(opening_events(state), state)
            await self.repo.store_lines(identity.id, {}, lines)
            identity.opening_lines = lines
        return identity.opening_lines

    async def _replayed_lines(self, identity: MatchIdentity) -> dict[int, Lines]:
        """Every action's lines per viewer by a replay from the seed, stored where the log has none
        (a match stored before lines were, migration 12), so the replay happens once."""
        state = identity.first_state()
        out: dict[int, Lines] = {}
        missing: dict[int, Lines] = {}
        stored = dict(await self.repo.lines(identity.id))
        try:
            for entry in await self.repo.actions(identity.id):
                state, events = apply(state, parse_action(entry.action))
                out[entry.seq] = per_viewer(events, state)
                if stored.get(entry.seq) is None:
                    missing[entry.seq] = out[entry.seq]
        except ArbiterError:  # its log no longer replays: the rules changed under it
            raise MatchError(
                f"Match #{identity.id} began under an earlier version of Arbiter whose rules now refuse"
                " one of its moves, so its log cannot be shown."
            ) from None
        await self.repo.store_lines(identity.id, missing, None)
        return out

    async def seen_from(self, match_id: int, guild_id: int | None, user_id: int | None) -> MatchIdentity:
        """The match as asked about from a server (``guild_id``) or a direct message (``None``): a
        match of another server, or in a DM one ``user_id`` does not play, is refused with the same
        sentence as a match that does not exist, so that nothing tells one from the other
        (docs/architecture.md, "Each server is its own")."""
        stored = await self._known(match_id)
        if stored is not None:
            if guild_id is not None and stored.guild_id == guild_id:
                return stored
            if guild_id is None and user_id is not None and user_id in stored.player_ids:
                return stored
        raise MatchError(f"There is no match #{shortened(str(match_id))} here.")

    async def user_ids(self, match_id: int) -> list[int | None]:
        """The user each seat of a match belongs to."""
        return list((await self._identity(match_id)).player_ids)

    async def seat_of(self, match_id: int, user_id: int) -> int:
        """The seat ``user_id`` plays in a match; one sentence if they are not one of its players."""
        stored = await self._identity(match_id)
        if user_id not in stored.player_ids:
            raise ArbiterError(f"You are not a player of match #{match_id}.")
        return stored.player_ids.index(user_id)

    async def consent_to_export(self, match_id: int, seat: int) -> list[int]:
        return await self.repo.add_export_consent(match_id, seat)

    async def export(self, match_id: int) -> dict[str, Any]:
        """The whole match as JSON: after it ends (with the seed, so anyone can verify every shuffle),
        or before that with every player's consent (without the seed, which would predict the rest)."""
        stored = await self._find(match_id)  # its status and consent as stored now
        ended = stored.status == MatchStatus.ENDED
        if not ended and sorted(stored.export_consent) != list(range(len(stored.players))):
            raise MatchError(
                "A match can be exported once it has ended, or earlier with both players' consent."
            )
        return {
            "format": EXPORT_FORMAT,
            "match": match_id,
            "game": stored.game,
            "spec": stored.spec,
            "players": stored.players,
            "decks": stored.decks,
            "first_player": stored.first_player,
            "seed_hash": stored.seed_hash,
            "seed": stored.seed.hex() if ended else None,
            "actions": [
                {"seq": a.seq, "actor": a.actor, "action": a.action, "digest": a.digest, "at": a.created_at}
                for a in await self.repo.actions(match_id)
            ],
        }
