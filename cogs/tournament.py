"""``/tournament``: run a Swiss event with top cut in a server (organizers), join and play it (players).

The commands parse input, build the :class:`~bot.services.tournaments.Actor` (who asks and whether they
are an organizer: the server's tournament-organizer role, or Manage Server), call the shared actions
(:mod:`bot.actions`) and show their :class:`~bot.render.tournament.Answer`. Decisions where the issue is
silent, for a 64-player Friday event at a store and for players on their phones:

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
  whole percentage (33 is the MTR's 0.33); ``/tournament settings`` changes any of them later through
  ``configure_event`` (0 rounds: automatic; 0 capacity: no limit) and answers the organizer privately
  with the resulting settings, which ``/tournament info`` shows everyone.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import actions
from bot.app import App
from bot.render import limits
from bot.render.tournament import Answer, Pager, Post, Prompt
from bot.services.tournaments import Actor, EventInfo
from cogs.common import GAME_CHOICES, to_choices
from cogs.panels import embed_for, files_for
from engine.errors import ArbiterError

log = logging.getLogger("arbiter.cogs.tournament")

MAX_DECK_FILE = 100_000
"""Bytes read from a decklist attachment (a decklist is at most 20,000 characters)."""
DEFER_ABOVE_PLAYERS = 128
"""Standings and pairings of events bigger than this are deferred before they are computed."""
TIMER_SECONDS = 30

FORMAT_CHOICES = [
    app_commands.Choice(name="Best-of-3", value="bo3"),
    app_commands.Choice(name="Best-of-1", value="bo1"),
]
TOP_CUT_CHOICES = [
    app_commands.Choice(name="None", value=0),
    app_commands.Choice(name="Top 4", value=4),
    app_commands.Choice(name="Top 8", value=8),
    app_commands.Choice(name="Top 16", value=16),
]
SCORES = (
    ("2-0", "you won 2-0"),
    ("2-1", "you won 2-1"),
    ("1-2", "you lost 1-2"),
    ("0-2", "you lost 0-2"),
    ("1-0", "you won (best-of-1, or 1-0 at time)"),
    ("0-1", "you lost (best-of-1, or 0-1 at time)"),
    ("1-1-1", "a draw, one game each and one drawn"),
    ("1-1", "a draw at time, one game each"),
    ("0-0-3", "intentional draw (best-of-3)"),
    ("0-0-1", "intentional draw (best-of-1)"),
    ("2-0-1", "you won 2-0 with a drawn game"),
    ("0-2-1", "you lost 0-2 with a drawn game"),
)
PAGE_KINDS = {"s": "standings", "p": "pairings", "l": "log", "r": "players"}
KIND_LETTERS = {kind: letter for letter, kind in PAGE_KINDS.items()}


# who asks ---------------------------------------------------------------------------------------------


async def actor_for(app: App, interaction: discord.Interaction) -> Actor:
    """The asker as the service sees them: a server admin is whoever has Manage Server; an organizer
    is an admin or a member with the server's tournament-organizer role."""
    permissions = interaction.permissions
    admin = permissions.manage_guild or permissions.administrator
    organizer = admin
    guild_id = interaction.guild_id or 0
    if not organizer and guild_id:
        role_id = await app.tournaments.organizer_role(guild_id)
        user = interaction.user
        organizer = (
            role_id is not None and isinstance(user, discord.Member) and user.get_role(role_id) is not None
        )
    return Actor(interaction.user.id, guild_id, is_organizer=organizer, is_admin=admin)


def _app(interaction: discord.Interaction) -> App:
    return interaction.client.app  # type: ignore[attr-defined,no-any-return]


def _refused(answer: Answer) -> bool:
    return answer.panel.private and answer.panel.title == "Sorry"


def _refused_by_state(info: EventInfo, round_number: int | None, *, closed_rounds_only: bool) -> bool:
    """Whether the service will refuse a round of ``info`` (pairings: one not paired yet; standings:
    one not closed yet), judged from the event alone, so that the refusal needs no defer."""
    if closed_rounds_only:
        last_closed = info.current_round - (1 if info.round_open else 0)
        return round_number is not None and round_number > last_closed
    number = round_number or info.current_round
    return not 1 <= number <= info.current_round


# options ----------------------------------------------------------------------------------------------


class EventOption(app_commands.Transformer):
    """An event of this server, typed by name or picked from the autocomplete (which sends its id)."""

    @property
    def max_value(self) -> int:
        return limits.CHOICE_TEXT

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return str(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        choices = await _app(interaction).tournaments.event_choices(interaction.guild_id, value)
        return to_choices([(c.label, c.value) for c in choices])


class ScoreOption(app_commands.Transformer):
    """A result as W-L-D from the reporter's side; suggestions explain each."""

    @property
    def max_value(self) -> int:
        return 20

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return str(value)

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str
    ) -> list[app_commands.Choice[str]]:
        typed = value.strip()
        hits = [(f"{score} · {meaning}", score) for score, meaning in SCORES if score.startswith(typed)]
        if typed and not hits:
            hits = [(typed, typed)]
        return to_choices(hits)


EventRef = app_commands.Transform[str, EventOption]
Score = app_commands.Transform[str, ScoreOption]


# components -------------------------------------------------------------------------------------------


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tn:pg:(?P<kind>[sprl]):(?P<owner>\d+):(?P<event>\d+):(?P<round>\d+):(?P<page>\d+)",
):
    """Prev/Next of a paged answer (standings, pairings, players, log). The asker pages in place;
    anyone else gets a private copy to page on their own."""

    def __init__(self, owner_id: int, pager: Pager, page: int, label: str, disabled: bool = False) -> None:
        self.owner_id = owner_id
        self.pager = pager
        self.page = page
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"tn:pg:{KIND_LETTERS[pager.kind]}:{owner_id}:{pager.event_id}:{pager.round}:{page}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> PageButton:
        pager = Pager(
            PAGE_KINDS[match["kind"]], int(match["event"]), int(match["round"]), int(match["page"]), 0
        )
        return cls(int(match["owner"]), pager, int(match["page"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        actor = await actor_for(app, interaction)
        answer = await _page(app, actor, self.pager.kind, self.pager.event_id, self.pager.round, self.page)
        if not _refused(answer) and interaction.user.id == self.owner_id:
            await interaction.response.edit_message(
                embed=embed_for(answer.panel), view=_view(answer, self.owner_id) or None
            )
            return
        await _respond(interaction, answer, ephemeral=True)


async def _page(app: App, actor: Actor, kind: str, event_id: int, round_number: int, page: int) -> Answer:
    event = str(event_id)
    if kind == "standings":
        return await actions.tournament_standings(app, actor, event, page, round_number or None)
    if kind == "pairings":
        return await actions.tournament_pairings(app, actor, event, round_number or None, page)
    if kind == "log":
        return await actions.tournament_log(app, actor, event, page)
    return await actions.tournament_players(app, actor, event, page)


class ReportButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"tn:(?P<verb>ok|no):(?P<event>\d+):(?P<round>\d+):(?P<table>\d+):(?P<player>\d+)"
        r":(?P<score>[0-9d-]+|none)"
    ),
):
    """Confirm or Dispute on a reported result, for the opponent named in the custom id only."""

    def __init__(self, verb: str, prompt: Prompt) -> None:
        self.verb = verb
        self.prompt = prompt
        confirm = verb == "ok"
        super().__init__(
            discord.ui.Button(
                label="Confirm" if confirm else "Dispute",
                emoji="✅" if confirm else "⚠️",
                style=discord.ButtonStyle.success if confirm else discord.ButtonStyle.danger,
                custom_id=(
                    f"tn:{verb}:{prompt.event_id}:{prompt.round}:{prompt.table}:{prompt.player}:{prompt.score}"
                ),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> ReportButton:
        prompt = Prompt(
            int(match["event"]), int(match["round"]), int(match["table"]), match["player"], match["score"]
        )
        return cls(match["verb"], prompt)

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        actor = await actor_for(app, interaction)
        event = str(self.prompt.event_id)
        if self.verb == "ok":
            answer = await actions.tournament_confirm(app, actor, event, prompt=self.prompt)
        else:
            answer = await actions.tournament_dispute(app, actor, event, prompt=self.prompt)
        if _refused(answer):
            await _respond(interaction, answer, ephemeral=True)
            return
        await interaction.response.edit_message(content=None, embed=embed_for(answer.panel), view=None)
        if answer.flag_organizers:
            await interaction.followup.send(**await _message(app, interaction, answer, with_panel=False))
        await _post_all(interaction, answer.posts)


def _view(answer: Answer, owner_id: int) -> discord.ui.View | None:
    """The buttons of an answer: Prev/Next for a paged one, Confirm/Dispute for a report."""
    items: list[discord.ui.Item[Any]] = []
    pager = answer.pager
    if pager is not None and pager.pages > 1:
        items.append(PageButton(owner_id, pager, max(pager.page - 1, 0), "◀ Prev", disabled=pager.page == 0))
        last = pager.pages - 1
        items.append(
            PageButton(owner_id, pager, min(pager.page + 1, last), "Next ▶", disabled=pager.page == last)
        )
    if answer.prompt is not None and answer.prompt.player.isdigit():
        items.append(ReportButton("ok", answer.prompt))
        items.append(ReportButton("no", answer.prompt))
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


# sending ----------------------------------------------------------------------------------------------


async def _message(
    app: App, interaction: discord.Interaction, answer: Answer, *, with_panel: bool = True
) -> dict[str, Any]:
    """The keyword arguments of a message showing ``answer``: content that may ping only the users the
    answer names (and the organizer role when it flags the organizers), embed, files and buttons."""
    content = answer.content
    roles: list[discord.Object] = []
    if answer.flag_organizers and interaction.guild_id:
        role_id = await app.tournaments.organizer_role(interaction.guild_id)
        if role_id is not None:
            content = f"<@&{role_id}> {content}".strip()
            roles.append(discord.Object(id=role_id))
        else:
            content = (
                f"{content} (No organizer role is set, so nobody was pinged: a server admin can set one"
                " with `/tournament organizer-role set`.)"
            ).strip()
    kwargs: dict[str, Any] = {
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            users=[discord.Object(id=u) for u in answer.mentions] or False,
            roles=roles or False,
            replied_user=False,
        )
    }
    if content:
        kwargs["content"] = limits.truncate(content, limits.CONTENT)
    if with_panel:
        kwargs["embed"] = embed_for(answer.panel)
        kwargs["files"] = files_for(answer.panel)
        view = _view(answer, interaction.user.id)
        if view is not None:
            kwargs["view"] = view
    elif not content:
        kwargs["content"] = answer.panel.title
    return kwargs


async def _respond(
    interaction: discord.Interaction, answer: Answer, *, ephemeral: bool | None = None
) -> None:
    """Show ``answer`` as the response (a follow-up when deferred), then make its channel posts."""
    kwargs = await _message(_app(interaction), interaction, answer)
    private = answer.panel.private if ephemeral is None else ephemeral
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=private, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=private, **kwargs)
    await _post_all(interaction, answer.posts)


async def _post_all(interaction: discord.Interaction, posts: tuple[Post, ...] | list[Post]) -> None:
    """Make an answer's posts in the event's channel; tell the asker privately if Discord refuses."""
    failed: set[int] = set()
    for post in posts:
        if post.channel_id is None or post.channel_id in failed:
            continue
        if not await post_to_channel(interaction.client, post, interaction.guild_id):
            failed.add(post.channel_id)
    for channel_id in failed:
        await interaction.followup.send(
            f"I could not post in <#{channel_id}>: give me View Channel and Send Messages there.",
            ephemeral=True,
        )


async def post_to_channel(client: discord.Client, post: Post, guild_id: int | None = None) -> bool:
    """Send ``post`` with the bot token; it may mention exactly ``post.mentions`` (never a role or
    @everyone). False when Discord refuses (a channel deleted or closed to the bot)."""
    if post.channel_id is None:
        return False
    channel = client.get_partial_messageable(post.channel_id, guild_id=guild_id)
    mentions = discord.AllowedMentions(
        everyone=False,
        users=[discord.Object(id=u) for u in post.mentions] or False,
        roles=False,
        replied_user=False,
    )
    try:
        await channel.send(limits.truncate(post.content, limits.CONTENT), allowed_mentions=mentions)
    except discord.HTTPException as error:
        log.warning("could not post in channel %s: %s", post.channel_id, error)
        return False
    return True


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
        app = _app(interaction)
        actor = await actor_for(app, interaction)
        answer = await actions.tournament_submit_decklist(
            app, actor, self.event, self.text.value, self.player
        )
        await _respond(interaction, answer, ephemeral=True)


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
            sent += await post_to_channel(self.bot, post)
        return sent

    # helpers ------------------------------------------------------------------------------------------

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(self.app, interaction)

    async def _show_big(
        self,
        interaction: discord.Interaction,
        event: str,
        round_number: int | None,
        work: Callable[[], Awaitable[Answer]],
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
            or _refused_by_state(info, round_number, closed_rounds_only=closed_rounds_only)
        ):
            await _respond(interaction, await work())
            return
        await interaction.response.defer(thinking=True)
        answer = await work()
        if not _refused(answer):
            await _respond(interaction, answer)
            return
        try:
            await interaction.delete_original_response()
        except discord.HTTPException as error:
            # The placeholder cannot go: show the refusal in it (public, but answered).
            log.warning("could not delete a deferred placeholder: %s", error)
            await interaction.edit_original_response(embed=embed_for(answer.panel))
            return
        await _respond(interaction, answer, ephemeral=True)

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
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, top_cut=TOP_CUT_CHOICES)
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
    ) -> None:
        answer = await actions.tournament_create(
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
        )
        await _respond(interaction, answer)

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
    @app_commands.choices(format=FORMAT_CHOICES, top_cut=TOP_CUT_CHOICES)
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
        answer = await actions.tournament_settings(
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
        await _respond(interaction, answer)

    @group.command(name="list", description="This server's events")
    async def list_(self, interaction: discord.Interaction) -> None:
        await _respond(interaction, await actions.tournament_list(self.app, interaction.guild_id or 0))

    @group.command(name="info", description="An event's settings and state")
    @app_commands.describe(event="The event")
    async def info(self, interaction: discord.Interaction, event: EventRef) -> None:
        await _respond(
            interaction, await actions.tournament_info(self.app, await self._actor(interaction), event)
        )

    @registration.command(name="open", description="Open (or reopen) registration (organizers)")
    @app_commands.describe(event="The event")
    async def registration_open(self, interaction: discord.Interaction, event: EventRef) -> None:
        actor = await self._actor(interaction)
        await _respond(interaction, await actions.tournament_registration(self.app, actor, event, open_=True))

    @registration.command(name="close", description="Close registration (organizers)")
    @app_commands.describe(event="The event")
    async def registration_close(self, interaction: discord.Interaction, event: EventRef) -> None:
        actor = await self._actor(interaction)
        await _respond(
            interaction, await actions.tournament_registration(self.app, actor, event, open_=False)
        )

    @group.command(name="cancel", description="End an event early; results and log are kept (organizers)")
    @app_commands.describe(event="The event")
    async def cancel(self, interaction: discord.Interaction, event: EventRef) -> None:
        await _respond(
            interaction, await actions.tournament_cancel(self.app, await self._actor(interaction), event)
        )

    # players ------------------------------------------------------------------------------------------

    @group.command(name="register", description="Join an event")
    @app_commands.describe(event="The event")
    async def register(self, interaction: discord.Interaction, event: EventRef) -> None:
        actor = await self._actor(interaction)
        answer = await actions.tournament_register(self.app, actor, event, interaction.user.display_name)
        await _respond(interaction, answer)

    @group.command(name="drop", description="Leave an event (after pairings, your current match is conceded)")
    @app_commands.describe(event="The event", player="Organizers: drop this player instead")
    async def drop(
        self, interaction: discord.Interaction, event: EventRef, player: discord.User | None = None
    ) -> None:
        actor = await self._actor(interaction)
        target = str(player.id) if player is not None else None
        await _respond(interaction, await actions.tournament_drop(self.app, actor, event, target))

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
        answer = await actions.tournament_add_player(
            self.app, actor, event, str(user.id), name or user.display_name
        )
        await _respond(interaction, answer)

    @player.command(name="remove", description="Remove a player; after the start, a drop (organizers)")
    @app_commands.describe(event="The event", user="The player")
    async def player_remove(
        self, interaction: discord.Interaction, event: EventRef, user: discord.User
    ) -> None:
        actor = await self._actor(interaction)
        await _respond(
            interaction, await actions.tournament_remove_player(self.app, actor, event, str(user.id))
        )

    @group.command(name="players", description="Who is registered")
    @app_commands.describe(event="The event")
    async def players(self, interaction: discord.Interaction, event: EventRef) -> None:
        actor = await self._actor(interaction)
        await _respond(interaction, await actions.tournament_players(self.app, actor, event))

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
                await _respond(interaction, Answer(actions.error_panel(str(error))))
                return
            await interaction.response.send_modal(DecklistModal(str(info.id), info.name, target))
            return
        if file is not None:
            if file.size > MAX_DECK_FILE:
                await _respond(
                    interaction, Answer(actions.error_panel("That file is too big for a decklist (100 kB)."))
                )
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                data = await file.read()
            except discord.HTTPException:
                await _respond(
                    interaction, Answer(actions.error_panel("I could not download that file; try again."))
                )
                return
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                await _respond(
                    interaction, Answer(actions.error_panel("That file is not text; attach a .txt file."))
                )
                return
        answer = await actions.tournament_submit_decklist(
            self.app, actor, event, _deck_text(text or ""), target
        )
        await _respond(interaction, answer, ephemeral=True)

    @decklist.command(name="view", description="See your decklist (organizers: anyone's)")
    @app_commands.describe(event="The event", player="Organizers: this player's list")
    async def decklist_view(
        self, interaction: discord.Interaction, event: EventRef, player: discord.User | None = None
    ) -> None:
        actor = await self._actor(interaction)
        target = str(player.id) if player is not None else None
        await _respond(
            interaction, await actions.tournament_decklist(self.app, actor, event, target), ephemeral=True
        )

    @decklist.command(
        name="export", description="Every decklist as a text file, for deck checks (organizers)"
    )
    @app_commands.describe(event="The event")
    async def decklist_export(self, interaction: discord.Interaction, event: EventRef) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = await self._actor(interaction)
        await _respond(interaction, await actions.tournament_export_decklists(self.app, actor, event))

    # rounds -------------------------------------------------------------------------------------------

    @group.command(
        name="start", description="Start the event: registration closes, decklists lock (organizers)"
    )
    @app_commands.describe(event="The event")
    async def start(self, interaction: discord.Interaction, event: EventRef) -> None:
        await _respond(
            interaction, await actions.tournament_start(self.app, await self._actor(interaction), event)
        )

    @group.command(
        name="pair", description="Pair the next round and post it in the event's channel (organizers)"
    )
    @app_commands.describe(event="The event")
    async def pair(self, interaction: discord.Interaction, event: EventRef) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await _respond(
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
        await _respond(interaction, await actions.tournament_time(self.app, actor, event, minutes))

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
        answer = await actions.tournament_report(self.app, actor, event, result, double_loss=double_loss)
        await _respond(interaction, answer)

    @group.command(name="confirm", description="Confirm the result your opponent reported")
    @app_commands.describe(event="The event")
    async def confirm(self, interaction: discord.Interaction, event: EventRef) -> None:
        await _respond(
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
        await _respond(interaction, await actions.tournament_dispute(self.app, actor, event, reason or ""))

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
        answer = await actions.tournament_result(
            self.app, actor, event, str(player.id), result, round_number=round, double_loss=double_loss
        )
        await _respond(interaction, answer)

    @group.command(name="missing", description="Matches of the current round without a confirmed result")
    @app_commands.describe(event="The event")
    async def missing(self, interaction: discord.Interaction, event: EventRef) -> None:
        await _respond(
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
        await _respond(
            interaction, await actions.tournament_topcut(self.app, await self._actor(interaction), event)
        )

    @group.command(name="export", description="Rounds, results and standings as CSV and JSON files")
    @app_commands.describe(event="The event")
    async def export(self, interaction: discord.Interaction, event: EventRef) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await _respond(
            interaction, await actions.tournament_export(self.app, await self._actor(interaction), event)
        )

    @group.command(
        name="log", description="Every organizer action on an event, or on the server (organizers)"
    )
    @app_commands.describe(event="The event (leave empty for the server's own log: the organizer role)")
    async def log_(self, interaction: discord.Interaction, event: EventRef | None = None) -> None:
        await _respond(
            interaction, await actions.tournament_log(self.app, await self._actor(interaction), event)
        )

    @organizer_role.command(name="set", description="Set the tournament-organizer role; empty clears it")
    @app_commands.describe(role="Members with this role run events (leave empty to clear)")
    async def organizer_role_set(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        actor = await self._actor(interaction)
        answer = await actions.tournament_organizer_role(self.app, actor, role.id if role else None)
        await _respond(interaction, answer)


async def setup(bot: commands.Bot) -> None:
    app: App = bot.app  # type: ignore[attr-defined]
    bot.add_dynamic_items(PageButton, ReportButton)
    await bot.add_cog(TournamentCog(bot, app))
