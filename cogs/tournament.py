"""``/tournament``: run a Swiss event with top cut in a server (organizers), join and play it (players).

The commands parse input, build the :class:`~bot.services.tournaments.Actor` (who asks and whether they
are an organizer: the server's tournament-organizer role, or Manage Server), call the shared actions
(:mod:`bot.actions`) and show their :class:`~bot.reply.Reply` through :mod:`cogs.presenter`; the options
live in :mod:`cogs.tournament_options` and the buttons in :mod:`cogs.components`. Decisions where the
issue is silent, for a 64-player Friday event at a store and for players on their phones:

- **The event's channel** is the channel ``/tournament create`` was run in: pairings, the round timer's
  reminders, "round complete" notes and the top cut bracket are posted there. Pairing posts mention the
  paired players only (``allowed_mentions`` lists exactly their ids), so every player's phone tells them
  their table; a reminder at time mentions only the players whose match has no confirmed result.
- **Private or public**: what concerns one person is private (registration, drops, decklists, the
  organizer's start/pair summaries, exports, the audit log, every refusal); what the room needs is
  public (the event's creation, pairings, standings, the bracket, missing results, reports waiting for
  a confirmation, organizer rulings on a result).
- **Reports** answer in the channel with Confirm and Dispute buttons for the opponent (mentioned).
  The buttons are persistent (``DynamicItem``: they work after a restart) and carry the round, table,
  the opponent's id and the reported score, so a click on an older or corrected report is refused
  with a sentence instead of confirming something the player never saw. A dispute mentions the
  organizer role when one is set.
- **Decklists** can be typed in the ``text`` option (one line per card, or cards separated by ``;``),
  attached as a file (up to 100 kB of text), or, with neither, typed in a pop-up text box, which is
  the easy way on a phone since a slash-command option cannot hold line breaks.
- **The top cut** is seeded by an organizer's ``/tournament topcut`` after the last Swiss round; in the
  cut the player who lost reports it (``/tournament report`` 0-2) and the bracket moves on.
- **Slow work is deferred** (pairing, exports, reading an attachment, standings and pairings of a big
  event); event names autocomplete from the service's in-memory list. A public defer never carries a
  refusal (see :meth:`TournamentCog._show_big`).
- **Settings**: ``/tournament create`` takes every setting the issue names, the tiebreaker floor as a
  whole percentage (33 is the MTR's 0.33), and the deck rules the decklists are checked with
  (autocompleted from the game's; fixed at creation, so every list of the event is judged alike);
  ``/tournament settings`` changes any of the others later through
  ``configure_event`` (0 rounds: automatic; 0 capacity: no limit) and answers the organizer privately
  with the resulting settings, which ``/tournament info`` shows everyone.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import actions
from bot.app import App
from bot.render import limits
from bot.reply import Reply, refusal
from bot.services.tournaments import Actor, EventInfo, deck_rules_choices
from cogs import presenter
from cogs.common import GAME_CHOICES, app_of, game_for_autocomplete, to_choices
from cogs.components import DYNAMIC_ITEMS
from cogs.presenter import present
from cogs.tournament_options import FORMAT_CHOICES, TOP_CUT_CHOICES, EventRef, Score, actor_for
from engine.errors import ArbiterError
from engine.text import NotUtf8Error, utf8_text

log = logging.getLogger("arbiter.cogs.tournament")

MAX_DECK_FILE = 100_000
"""Bytes read from a decklist attachment (a decklist is at most 20,000 characters)."""
DEFER_ABOVE_PLAYERS = 128
"""Standings and pairings of events bigger than this are deferred before they are computed."""
TIMER_SECONDS = 30


class DecklistModal(discord.ui.Modal):
    """A big text box for a decklist: the easy way to paste one on a phone."""

    def __init__(self, event: str, event_name: str, player: str | None) -> None:
        super().__init__(title=limits.truncate(f"Decklist · {event_name}", limits.MODAL_TITLE), timeout=900)
        self.event = event
        self.player = player
        self.text: discord.ui.TextInput[DecklistModal] = discord.ui.TextInput(
            label="Your decklist, one card per line",
            style=discord.TextStyle.paragraph,
            placeholder="4 Blaster Blade\n4 Wingal\n...",
            max_length=4000,
        )
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)
        actor = await actor_for(app, interaction)
        reply = await actions.tournament_submit_decklist(app, actor, self.event, self.text.value, self.player)
        await present(interaction, reply, private=True)


def _deck_text(text: str) -> str:
    """A decklist typed in one line (a slash-command option has no line breaks): ``;`` separates cards."""
    return text if "\n" in text else "\n".join(part.strip() for part in text.split(";"))


# the cog ----------------------------------------------------------------------------------------------


class TournamentCog(commands.Cog):
    """Tournaments: organizers run events; players register, submit decklists, report and follow."""

    group = app_commands.Group(
        name="tournament", description="Tournaments: registration, Swiss rounds, top cut", guild_only=True
    )
    registration = app_commands.Group(
        name="registration", description="Open or close registration", parent=group
    )
    player = app_commands.Group(name="player", description="Add or remove players (organizers)", parent=group)
    decklist = app_commands.Group(
        name="decklist", description="Submit, view and export decklists", parent=group
    )
    organizer_role = app_commands.Group(
        name="organizer-role", description="Who runs tournaments here (Manage Server)", parent=group
    )

    def __init__(self, bot: commands.Bot, app: App) -> None:
        self.bot = bot
        self.app = app

    async def cog_load(self) -> None:
        self.round_timer.start()

    async def cog_unload(self) -> None:
        self.round_timer.cancel()

    # the round timer ----------------------------------------------------------------------------------

    @tasks.loop(seconds=TIMER_SECONDS)
    async def round_timer(self) -> None:
        """Every 30 s: post the reminders that are due. An unexpected error is logged, never allowed to
        stop the loop (a stopped timer would silently end every event's reminders)."""
        try:
            await self.post_reminders()
        except Exception:
            log.exception("the round timer failed; it runs again in %s s", TIMER_SECONDS)

    @round_timer.before_loop
    async def _timer_waits_for_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def post_reminders(self, now: datetime | None = None) -> int:
        """One tick of the round timer: post every reminder due at ``now`` in its event's channel.
        Never raises (the loop must keep running); returns the number of posts made."""
        try:
            posts = await actions.tournament_reminders(self.app, now)
        except Exception:
            log.exception("the round timer could not read due reminders")
            return 0
        sent = 0
        for post in posts:
            sent += await presenter.post(self.bot, post)
        return sent

    # helpers ------------------------------------------------------------------------------------------

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(self.app, interaction)

    def _refusal(self, info: EventInfo, round_number: int | None, *, closed_rounds_only: bool) -> str | None:
        """The service's sentence refusing a round of ``info`` (pairings: one not paired yet;
        standings: one not closed yet), judged from the event alone, so that the refusal needs no
        defer; ``None`` when the round can be shown."""
        service = self.app.tournaments
        refusal = service.standings_refusal if closed_rounds_only else service.pairings_refusal
        return refusal(info, info.name, round_number)

    async def _show_big(
        self,
        interaction: discord.Interaction,
        event: str,
        round_number: int | None,
        work: Callable[[], Awaitable[Reply]],
        *,
        closed_rounds_only: bool,
    ) -> None:
        """Show standings or pairings, which are public, without ever showing a refusal publicly.

        Those of a big event are computed after a public defer. A follow-up sent while that
        "thinking" placeholder is loading replaces it and keeps its (public) visibility, whatever its
        own ephemeral flag says, so a refusal must not arrive after the defer. Hence:

        1. What the event's state already refuses (an unknown event, a round not paired, or not
           closed for standings) is answered at once, privately, without deferring; the action's
           refusal is cheap (it fails before anything is computed).
        2. A refusal that still comes after the defer (say the event was cancelled meanwhile)
           deletes the placeholder first, then goes as an ephemeral follow-up: with no loading
           message left, the follow-up is a new message and Discord honours its ephemeral flag."""
        try:
            info: EventInfo | None = await self.app.tournaments.find_event(interaction.guild_id or 0, event)
        except ArbiterError:
            info = None
        if (
            info is None
            or info.players + info.dropped <= DEFER_ABOVE_PLAYERS
            or self._refusal(info, round_number, closed_rounds_only=closed_rounds_only) is not None
        ):
            await present(interaction, await work())
            return
        await interaction.response.defer(thinking=True)
        reply = await work()
        if not reply.refused:
            await present(interaction, reply)
            return
        try:
            await interaction.delete_original_response()
        except discord.HTTPException as error:
            # The placeholder cannot go: show the refusal in it (public, but answered).
            log.warning("could not delete a deferred placeholder: %s", error)
            await interaction.edit_original_response(embed=presenter.embed_for(reply.panel, reply.kind))
            return
        await present(interaction, reply, private=True)

    # events -------------------------------------------------------------------------------------------

    @group.command(name="create", description="Create an event run in this channel (organizers)")
    @app_commands.describe(
        name="Event name, e.g. Friday Vanguard",
        game="Game (default: the server's game)",
        format="Best-of-3 (default) or best-of-1",
        rounds="Swiss rounds (default: 3, or more for a bigger event)",
        top_cut="Single elimination after the Swiss (default: none)",
        round_minutes="Minutes per round (default 50)",
        capacity="Most players who can register (default: no limit)",
        floor="Tiebreaker floor in percent: the lowest MW%/GW% counted (default 33, as in the MTR)",
        deck_rules="Deck rules the decklists are checked with (default: the game's rules document)",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    @app_commands.choices(top_cut=TOP_CUT_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        game: str | None = None,
        format: str = "bo3",
        rounds: app_commands.Range[int, 1, 30] | None = None,
        top_cut: int = 0,
        round_minutes: app_commands.Range[int, 1, 1440] = 50,
        capacity: app_commands.Range[int, 2, 10_000] | None = None,
        floor: app_commands.Range[int, 0, 100] | None = None,
        deck_rules: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        reply = await actions.tournament_create(
            self.app,
            await self._actor(interaction),
            name,
            game,
            channel_id=interaction.channel_id,
            format=format,
            rounds=rounds,
            top_cut=top_cut,
            round_minutes=round_minutes,
            capacity=capacity,
            floor=floor,
            deck_rules=deck_rules,
        )
        await present(interaction, reply)

    @create.autocomplete("deck_rules")
    async def deck_rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The deck rules of the game chosen (else the server's game), the default first; none where
        the game has one set of deck rules."""
        game = await game_for_autocomplete(self.app, interaction)
        if game is None:
            return []
        typed = current.strip().casefold()
        return to_choices(
            [(label, name) for label, name in deck_rules_choices(game.key) if typed in label.casefold()]
        )

    @group.command(
        name="settings",
        description="Change an event's format, rounds, top cut, round length, capacity or floor (organizers)",
    )
    @app_commands.describe(
        event="The event",
        format="Best-of-3 or best-of-1 (until the start)",
        rounds="Swiss rounds; 0: automatic (never fewer than are paired)",
        top_cut="Single elimination after the Swiss (until it is seeded)",
        round_minutes="Minutes per round (from the next round; /tournament time changes the open one)",
        capacity="Most players who can register; 0: no limit (until the start)",
        floor="Tiebreaker floor in percent (until the start; the MTR use 33)",
    )
    @app_commands.choices(format=FORMAT_CHOICES)
    @app_commands.choices(top_cut=TOP_CUT_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        event: EventRef,
        format: str | None = None,
        rounds: app_commands.Range[int, 0, 30] | None = None,
        top_cut: int | None = None,
        round_minutes: app_commands.Range[int, 1, 1440] | None = None,
        capacity: app_commands.Range[int, 0, 10_000] | None = None,
        floor: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        reply = await actions.tournament_settings(
            self.app,
            await self._actor(interaction),
            event,
            format=format,
            rounds=rounds,
            top_cut=top_cut,
            round_minutes=round_minutes,
            capacity=capacity,
            floor=floor,
        )
        await present(interaction, reply)

    @group.command(name="list", description="This server's events")
    async def list_(self, interaction: discord.Interaction) -> None:
        await present(interaction, await actions.tournament_list(self.app, interaction.guild_id or 0))

    @group.command(name="info", description="An event's settings and state")
    @app_commands.describe(event="The event")
    async def info(self, interaction: discord.Interaction, event: EventRef) -> None:
        await present(
            interaction, await actions.tournament_info(self.app, await self._actor(interaction), event)
        )

    @registration.command(name="open", description="Open (or reopen) registration (organizers)")
    @app_commands.describe(event="The event")
    async def registration_open(self, interaction: discord.Interaction, event: EventRef) -> None:
        actor = await self._actor(interaction)
        await present(interaction, await actions.tournament_registration(self.app, actor, event, open_=True))

    @registration.command(name="close", description="Close registration (organizers)")
    @app_commands.describe(event="The event")
    async def registration_close(self, interaction: discord.Interaction, event: EventRef) -> None:
        actor = await self._actor(interaction)
        await present(interaction, await actions.tournament_registration(self.app, actor, event, open_=False))

    @group.command(name="cancel", description="End an event early; results and log are kept (organizers)")
    @app_commands.describe(event="The event")
    async def cancel(self, interaction: discord.Interaction, event: EventRef) -> None:
        await present(
            interaction, await actions.tournament_cancel(self.app, await self._actor(interaction), event)
        )

    # players ------------------------------------------------------------------------------------------

    @group.command(name="register", description="Join an event")
    @app_commands.describe(event="The event")
    async def register(self, interaction: discord.Interaction, event: EventRef) -> None:
        actor = await self._actor(interaction)
        reply = await actions.tournament_register(self.app, actor, event, interaction.user.display_name)
        await present(interaction, reply)

    @group.command(name="drop", description="Leave an event (after pairings, your current match is conceded)")
    @app_commands.describe(event="The event", player="Organizers: drop this player instead")
    async def drop(
        self, interaction: discord.Interaction, event: EventRef, player: discord.User | None = None
    ) -> None:
        actor = await self._actor(interaction)
        target = str(player.id) if player is not None else None
        await present(interaction, await actions.tournament_drop(self.app, actor, event, target))

    @player.command(name="add", description="Add a player; after the start, a late entry (organizers)")
    @app_commands.describe(
        event="The event", user="The player", name="Name shown (default: their display name)"
    )
    async def player_add(
        self,
        interaction: discord.Interaction,
        event: EventRef,
        user: discord.User,
        name: app_commands.Range[str, 1, 80] | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        reply = await actions.tournament_add_player(
            self.app, actor, event, str(user.id), name or user.display_name
        )
        await present(interaction, reply)

    @player.command(name="remove", description="Remove a player; after the start, a drop (organizers)")
    @app_commands.describe(event="The event", user="The player")
    async def player_remove(
        self, interaction: discord.Interaction, event: EventRef, user: discord.User
    ) -> None:
        actor = await self._actor(interaction)
        await present(
            interaction, await actions.tournament_remove_player(self.app, actor, event, str(user.id))
        )

    @group.command(name="players", description="Who is registered")
    @app_commands.describe(event="The event")
    async def players(self, interaction: discord.Interaction, event: EventRef) -> None:
        actor = await self._actor(interaction)
        await present(interaction, await actions.tournament_players(self.app, actor, event))

    # decklists ----------------------------------------------------------------------------------------

    @decklist.command(
        name="submit", description="Submit your decklist: a text box, the text option or a file"
    )
    @app_commands.describe(
        event="The event",
        text="The list on one line, cards separated by ; (leave empty for a text box)",
        file="A text file with the list",
        player="Organizers: submit for this player",
    )
    async def decklist_submit(
        self,
        interaction: discord.Interaction,
        event: EventRef,
        text: app_commands.Range[str, 1, 6000] | None = None,
        file: discord.Attachment | None = None,
        player: discord.User | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        target = str(player.id) if player is not None else None
        if file is None and text is None:
            try:
                info = await self.app.tournaments.find_event(actor.guild_id, event)
            except ArbiterError as error:
                await present(interaction, refusal(str(error)))
                return
            await interaction.response.send_modal(DecklistModal(str(info.id), info.name, target))
            return
        if file is not None:
            if file.size > MAX_DECK_FILE:
                await present(interaction, refusal("That file is too big for a decklist (100 kB)."))
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                data = await file.read()
            except discord.HTTPException:
                await present(interaction, refusal("I could not download that file; try again."))
                return
            try:
                text = utf8_text(data, "the decklist")
            except NotUtf8Error as error:
                await present(interaction, refusal(str(error)))
                return
        reply = await actions.tournament_submit_decklist(
            self.app, actor, event, _deck_text(text or ""), target
        )
        await present(interaction, reply, private=True)

    @decklist.command(name="view", description="See your decklist (organizers: anyone's)")
    @app_commands.describe(event="The event", player="Organizers: this player's list")
    async def decklist_view(
        self, interaction: discord.Interaction, event: EventRef, player: discord.User | None = None
    ) -> None:
        actor = await self._actor(interaction)
        target = str(player.id) if player is not None else None
        await present(
            interaction, await actions.tournament_decklist(self.app, actor, event, target), private=True
        )

    @decklist.command(
        name="export", description="Every decklist as a text file, for deck checks (organizers)"
    )
    @app_commands.describe(event="The event")
    async def decklist_export(self, interaction: discord.Interaction, event: EventRef) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = await self._actor(interaction)
        await present(interaction, await actions.tournament_export_decklists(self.app, actor, event))

    # rounds -------------------------------------------------------------------------------------------

    @group.command(
        name="start", description="Start the event: registration closes, decklists lock (organizers)"
    )
    @app_commands.describe(event="The event")
    async def start(self, interaction: discord.Interaction, event: EventRef) -> None:
        await present(
            interaction, await actions.tournament_start(self.app, await self._actor(interaction), event)
        )

    @group.command(
        name="pair", description="Pair the next round and post it in the event's channel (organizers)"
    )
    @app_commands.describe(event="The event")
    async def pair(self, interaction: discord.Interaction, event: EventRef) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await present(
            interaction, await actions.tournament_pair(self.app, await self._actor(interaction), event)
        )

    @group.command(name="pairings", description="A round's tables and results")
    @app_commands.describe(event="The event", round="Round number (default: the current round)")
    async def pairings(
        self,
        interaction: discord.Interaction,
        event: EventRef,
        round: app_commands.Range[int, 1, 30] | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        await self._show_big(
            interaction,
            event,
            round,
            lambda: actions.tournament_pairings(self.app, actor, event, round),
            closed_rounds_only=False,
        )

    @group.command(name="time", description="Add or take minutes on the open round's clock (organizers)")
    @app_commands.describe(event="The event", minutes="Minutes to add (negative to take)")
    async def time(
        self, interaction: discord.Interaction, event: EventRef, minutes: app_commands.Range[int, -240, 240]
    ) -> None:
        actor = await self._actor(interaction)
        await present(interaction, await actions.tournament_time(self.app, actor, event, minutes))

    # results ------------------------------------------------------------------------------------------

    @group.command(name="report", description="Report your match: your wins-losses-draws, e.g. 2-1")
    @app_commands.describe(
        event="The event",
        result="Your games won-lost-drawn, e.g. 2-1 or 1-1-1",
        double_loss="Both players get a loss (e.g. Vanguard's time-up rule)",
    )
    async def report(
        self, interaction: discord.Interaction, event: EventRef, result: Score, double_loss: bool = False
    ) -> None:
        actor = await self._actor(interaction)
        reply = await actions.tournament_report(self.app, actor, event, result, double_loss=double_loss)
        await present(interaction, reply)

    @group.command(name="confirm", description="Confirm the result your opponent reported")
    @app_commands.describe(event="The event")
    async def confirm(self, interaction: discord.Interaction, event: EventRef) -> None:
        await present(
            interaction, await actions.tournament_confirm(self.app, await self._actor(interaction), event)
        )

    @group.command(
        name="dispute", description="Dispute the result your opponent reported; an organizer decides"
    )
    @app_commands.describe(event="The event", reason="What happened, for the organizer")
    async def dispute(
        self,
        interaction: discord.Interaction,
        event: EventRef,
        reason: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        await present(interaction, await actions.tournament_dispute(self.app, actor, event, reason or ""))

    @group.command(name="result", description="Enter or override a result (organizers)")
    @app_commands.describe(
        event="The event",
        player="One of the match's players",
        result="That player's games won-lost-drawn, e.g. 2-1",
        round="Round (default: the current round)",
        double_loss="Both players get a loss",
    )
    async def result(
        self,
        interaction: discord.Interaction,
        event: EventRef,
        player: discord.User,
        result: Score,
        round: app_commands.Range[int, 1, 30] | None = None,
        double_loss: bool = False,
    ) -> None:
        actor = await self._actor(interaction)
        reply = await actions.tournament_result(
            self.app, actor, event, str(player.id), result, round_number=round, double_loss=double_loss
        )
        await present(interaction, reply)

    @group.command(name="missing", description="Matches of the current round without a confirmed result")
    @app_commands.describe(event="The event")
    async def missing(self, interaction: discord.Interaction, event: EventRef) -> None:
        await present(
            interaction, await actions.tournament_missing(self.app, await self._actor(interaction), event)
        )

    # standings, top cut, export, log ------------------------------------------------------------------

    @group.command(name="standings", description="Standings with tiebreakers (OMW%, GW%, OGW%)")
    @app_commands.describe(event="The event", round="After this round (default: the last complete one)")
    async def standings(
        self,
        interaction: discord.Interaction,
        event: EventRef,
        round: app_commands.Range[int, 1, 30] | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        await self._show_big(
            interaction,
            event,
            round,
            lambda: actions.tournament_standings(self.app, actor, event, 0, round),
            closed_rounds_only=True,
        )

    @group.command(name="topcut", description="The top cut bracket; organizers seed it after the last round")
    @app_commands.describe(event="The event")
    async def topcut(self, interaction: discord.Interaction, event: EventRef) -> None:
        await present(
            interaction, await actions.tournament_topcut(self.app, await self._actor(interaction), event)
        )

    @group.command(name="export", description="Rounds, results and standings as CSV and JSON files")
    @app_commands.describe(event="The event")
    async def export(self, interaction: discord.Interaction, event: EventRef) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await present(
            interaction, await actions.tournament_export(self.app, await self._actor(interaction), event)
        )

    @group.command(
        name="log", description="Every organizer action on an event, or on the server (organizers)"
    )
    @app_commands.describe(event="The event (leave empty for the server's own log: the organizer role)")
    async def log_(self, interaction: discord.Interaction, event: EventRef | None = None) -> None:
        await present(
            interaction, await actions.tournament_log(self.app, await self._actor(interaction), event)
        )

    @organizer_role.command(name="set", description="Set the tournament-organizer role; empty clears it")
    @app_commands.describe(role="Members with this role run events (leave empty to clear)")
    async def organizer_role_set(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        actor = await self._actor(interaction)
        reply = await actions.tournament_organizer_role(self.app, actor, role.id if role else None)
        await present(interaction, reply)


async def setup(bot: commands.Bot) -> None:
    app: App = bot.app  # type: ignore[attr-defined]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(TournamentCog(bot, app))
