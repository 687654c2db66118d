"""The one way a :class:`~bot.reply.Reply` reaches Discord.

:func:`present` answers an interaction (a response, or a follow-up once deferred); :func:`update`
answers a button or menu by editing its message in place (or, for a refusal or anyone but the owner,
with a private copy); both then make the reply's posts and direct messages (:func:`deliver`).
:func:`post` sends one post with the bot token (the round timer's reminders).

Decisions:

- **Colour by kind**: a refusal is red, everything else blurple; a refusal is always private.
- **Mentions per message**: a message with text gets ``allowed_mentions`` built only from the reply's
  :class:`~bot.reply.Mentions` (never @everyone; roles only when named, or the server's organizer role
  when the reply flags the organizers). Every message states its own, so a message with no text
  allows nothing, and the bot's default (nobody) is only a safety net.
- **Edits notify nobody**, so when a component's reply carries text meant to ping (a dispute flags
  the organizers), the edit shows the panel and the text goes in a new follow-up.
- **A closed DM is not an error**: when Discord refuses a direct message, the reply's fallback shows
  it privately to the asker (or tells the asker), and :class:`Delivery` reports who could not be
  reached so that a caller can remember it instead of retrying.
- **A channel closed to the bot** is reported privately to the asker, once per channel.
- **A reply that moves a match** (:attr:`~bot.reply.Reply.table`) brings the match's places up to date
  after its answer, even when the answer fails, and a reply that starts one opens them first
  (:class:`Tables`, :mod:`cogs.match.places`): no command or press refreshes a match by itself.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.render import limits
from bot.render.panel import Panel
from bot.reply import NO_MENTIONS, DirectMessage, Fallback, Kind, Mentions, Post, Reply
from cogs import components
from cogs.message_edits import layout_edit

log = logging.getLogger("arbiter.cogs.presenter")

COLOUR = discord.Colour(0x5865F2)
ERROR_COLOUR = discord.Colour(0xED4245)


@dataclass(frozen=True)
class Delivery:
    """What could not be delivered besides the reply itself: channel ids Discord refused posts to,
    and users whose DMs are closed (their messages went to the fallback)."""

    failed_channels: tuple[int, ...] = ()
    failed_dms: tuple[int, ...] = ()


class Tables(Protocol):
    """Where a bot shows its matches (:class:`cogs.match.places.MatchPlaces`)."""

    async def open_for(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Answer a reply that started a match, opening its places."""
        ...

    async def refresh(self, match_id: int, *, skip: int | None = None) -> None:
        """Bring a match's places up to date, but for message ``skip``."""
        ...


def _tables(interaction: discord.Interaction) -> Tables | None:
    found: Tables | None = getattr(interaction.client, "match_places", None)
    return found


# the pieces of a message ---------------------------------------------------------------------------


def embed_for(panel: Panel, kind: Kind = Kind.ANSWER) -> discord.Embed:
    """``panel`` as an embed, red for a refusal."""
    embed = discord.Embed(
        title=panel.title,
        description=panel.body,
        colour=ERROR_COLOUR if kind is Kind.REFUSAL else COLOUR,
    )
    for name, value in panel.fields:
        embed.add_field(name=name, value=value, inline=False)
    if panel.footer:
        embed.set_footer(text=panel.footer)
    image = next((name for name, _ in panel.files if name.endswith(".png")), None)
    if image:
        embed.set_image(url=f"attachment://{image}")
    return embed


def files_for(panel: Panel) -> list[discord.File]:
    """The panel's files as uploads."""
    return [discord.File(io.BytesIO(data), filename=name) for name, data in panel.files]


def allowed_mentions(mentions: Mentions, roles: tuple[int, ...] = ()) -> discord.AllowedMentions:
    """Exactly the users and roles of ``mentions`` (plus ``roles``); never @everyone."""
    role_ids = mentions.roles + roles
    return discord.AllowedMentions(
        everyone=False,
        users=[discord.Object(id=u) for u in mentions.users] or False,
        roles=[discord.Object(id=r) for r in role_ids] or False,
        replied_user=False,
    )


async def _organizer_role(interaction: discord.Interaction) -> int | None:
    app = getattr(interaction.client, "app", None)
    if app is None or not interaction.guild_id:
        return None
    role: int | None = await app.tournaments.organizer_role(interaction.guild_id)
    return role


async def _text(
    interaction: discord.Interaction, content: str, mentions: Mentions
) -> tuple[str, discord.AllowedMentions]:
    """The text of a message and the mentions it may make; a reply flagging the organizers mentions
    the server's organizer role, or says that none is set."""
    roles: tuple[int, ...] = ()
    if mentions.organizers:
        role_id = await _organizer_role(interaction)
        if role_id is not None:
            content = f"<@&{role_id}> {content}".strip()
            roles = (role_id,)
        else:
            content = (
                f"{content} (No organizer role is set, so nobody was pinged: a server admin can set one"
                " with `/tournament organizer-role set`.)"
            ).strip()
    return limits.truncate(content, limits.CONTENT), allowed_mentions(mentions, roles)


async def message(interaction: discord.Interaction, reply: Reply, *, owner_id: int) -> dict[str, Any]:
    """The keyword arguments of a message showing ``reply``: its text with the mentions it may make,
    the embed, files and components (owned by ``owner_id``)."""
    kwargs: dict[str, Any] = {
        "embed": embed_for(reply.panel, reply.kind),
        "files": files_for(reply.panel),
    }
    if reply.content or reply.mentions:
        kwargs["content"], kwargs["allowed_mentions"] = await _text(
            interaction, reply.content, reply.mentions
        )
    else:
        kwargs["allowed_mentions"] = allowed_mentions(NO_MENTIONS)
    view = components.view_for(reply, owner_id)
    if view is not None:
        kwargs["view"] = view
    return kwargs


# answering an interaction --------------------------------------------------------------------------


async def present(
    interaction: discord.Interaction,
    reply: Reply,
    *,
    private: bool | None = None,
    in_place: dict[str, Any] | None = None,
) -> Delivery:
    """Show ``reply`` as the answer to ``interaction`` (a follow-up when it was deferred; private
    when the reply is, or when ``private`` says so), then make its posts and DMs. ``in_place``: the
    pressed message's new content (a press on a match panel), shown instead of the reply's panel.
    A reply that moved a match brings its places up to date (:class:`Tables`)."""
    table = reply.table if not reply.refused else None
    tables = _tables(interaction) if table is not None else None
    if table is not None and tables is not None and table.started:
        await tables.open_for(interaction, reply)
        return Delivery()
    pressed: int | None = None
    try:
        if in_place is not None:
            await _edit_pressed(interaction, in_place)
            pressed = interaction.message.id if interaction.message is not None else None
            return await deliver(interaction, reply)
        kwargs = await message(interaction, reply, owner_id=interaction.user.id)
        ephemeral = reply.private if private is None else private
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
        return await deliver(interaction, reply)
    finally:
        if table is not None and tables is not None:
            await tables.refresh(table.match_id, skip=pressed)


async def _edit_pressed(interaction: discord.Interaction, kwargs: dict[str, Any]) -> None:
    """Update the pressed message: in the response, or after a deferred one."""
    kwargs = layout_edit(kwargs)
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def update(interaction: discord.Interaction, reply: Reply, *, owner_id: int) -> Delivery:
    """Answer a component of a message owned by ``owner_id`` with ``reply``: the owner's message is
    edited in place (its text cleared, its components replaced); a refusal, or a click by anyone
    else, gets a private copy instead. Text meant to ping goes in a new follow-up (edits ping nobody)."""
    if reply.refused or interaction.user.id != owner_id:
        return await present(interaction, reply, private=True)
    await interaction.response.edit_message(
        content=None,
        embed=embed_for(reply.panel, reply.kind),
        allowed_mentions=allowed_mentions(NO_MENTIONS),
        view=components.view_for(reply, owner_id),
    )
    if reply.content or reply.mentions:
        content, mentions = await _text(interaction, reply.content, reply.mentions)
        await interaction.followup.send(content or reply.panel.title, allowed_mentions=mentions)
    return await deliver(interaction, reply)


async def deliver(interaction: discord.Interaction, reply: Reply) -> Delivery:
    """Make ``reply``'s posts and DMs after its answer; failures are told to the asker privately."""
    failed: list[int] = []
    for item in reply.posts:
        if item.channel_id is None or item.channel_id in failed:
            continue
        if not await post(interaction.client, item, interaction.guild_id):
            failed.append(item.channel_id)
    for channel_id in failed:
        await interaction.followup.send(
            f"I could not post in <#{channel_id}>: give me View Channel and Send Messages there.",
            ephemeral=True,
            allowed_mentions=allowed_mentions(NO_MENTIONS),
        )
    closed = [dm.user_id for dm in reply.dms if not await _direct(interaction, dm)]
    return Delivery(tuple(failed), tuple(closed))


# posts and direct messages -----------------------------------------------------------------------


async def post(client: discord.Client, item: Post, guild_id: int | None = None) -> bool:
    """Send ``item`` with the bot token to its channel or thread; it may mention exactly its
    mentions. False when Discord refuses (a channel deleted or closed to the bot)."""
    if item.destination is None:
        return False
    kind = discord.ChannelType.public_thread if item.destination.thread else None
    channel = client.get_partial_messageable(item.destination.id, guild_id=guild_id, type=kind)
    kwargs: dict[str, Any] = {"allowed_mentions": allowed_mentions(item.mentions)}
    if item.panel is not None:
        kwargs["embed"] = embed_for(item.panel)
        kwargs["files"] = files_for(item.panel)
    if item.play_event is not None:
        kwargs["view"] = components.play_view(item.play_event)
    try:
        await channel.send(limits.truncate(item.content, limits.CONTENT) or None, **kwargs)
    except discord.HTTPException as error:
        log.warning("could not post in channel %s: %s", item.destination.id, error)
        return False
    return True


async def _direct(interaction: discord.Interaction, dm: DirectMessage) -> bool:
    """Send ``dm``; when Discord refuses it (DMs closed, the bot blocked), use its fallback, privately
    to the asker. False when the DM was not delivered."""
    kwargs: dict[str, Any] = {"allowed_mentions": allowed_mentions(Mentions())}
    if dm.panel is not None:
        kwargs["embed"] = embed_for(dm.panel)
        kwargs["files"] = files_for(dm.panel)
    content = limits.truncate(dm.content, limits.CONTENT) or None
    try:
        channel = await interaction.client.create_dm(discord.Object(id=dm.user_id))
        await channel.send(content, **kwargs)
    except discord.HTTPException as error:
        log.info("could not send a direct message to %s: %s", dm.user_id, error)
        if dm.fallback is Fallback.SHOW_ASKER:
            kwargs.pop("files", None)
            if dm.panel is not None:
                kwargs["files"] = files_for(dm.panel)  # a file object is read once: build it again
            await interaction.followup.send(content or discord.utils.MISSING, ephemeral=True, **kwargs)
        else:
            await interaction.followup.send(
                f"I could not send <@{dm.user_id}> a direct message: their DMs are closed to me.",
                ephemeral=True,
                allowed_mentions=allowed_mentions(Mentions()),
            )
        return False
    return True
