"""Showing a :class:`~bot.render.panel.Panel` on Discord: an embed and persistent components.

Components are ``DynamicItem`` subclasses whose ``custom_id`` carries everything needed to act
(who asked, which document, rule and page), so buttons keep working after a restart. Only the
person who asked pages the message in place; anyone else gets a private copy to page themselves.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord

from bot import actions
from bot.render import limits
from bot.render.panel import Button, Menu, Panel, Target

log = logging.getLogger("arbiter.cogs")

COLOUR = discord.Colour(0x5865F2)
ERROR_COLOUR = discord.Colour(0xED4245)


def files_for(panel: Panel) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in panel.files]


def embed_for(panel: Panel) -> discord.Embed:
    embed = discord.Embed(
        title=panel.title,
        description=panel.body,
        colour=ERROR_COLOUR if panel.private and panel.title == "Sorry" else COLOUR,
    )
    for name, value in panel.fields:
        embed.add_field(name=name, value=value, inline=False)
    if panel.footer:
        embed.set_footer(text=panel.footer)
    image = next((name for name, _ in panel.files if name.endswith(".png")), None)
    if image:
        embed.set_image(url=f"attachment://{image}")
    return embed


def _target_id(target: Target) -> str:
    """The part of a custom id that says where a component leads (``r:`` rule, ``s:`` rules search,
    ``c:`` card, ``q:`` card search); the other ids' formats never change, so old messages keep
    working."""
    if target.kind == "rule":
        return f"r:{target.document_id}:{target.page}:{target.rule_id}"
    if target.kind == "card":
        return f"c:{target.card_id}"
    if target.kind == "cards":
        return f"q:{target.search_id}:{target.page}"
    return f"s:{target.search_id}:{target.page}"


def _parse_target(text: str) -> Target | None:
    match = re.fullmatch(r"r:(\d+):(\d+):(.+)", text)
    if match:
        return Target("rule", int(match[2]), int(match[1]), match[3])
    match = re.fullmatch(r"([sq]):(\d+):(\d+)", text)
    if match:
        return Target("search" if match[1] == "s" else "cards", int(match[3]), search_id=int(match[2]))
    match = re.fullmatch(r"c:(\d+)", text)
    if match:
        return Target("card", card_id=int(match[1]))
    return None


async def show(interaction: discord.Interaction, panel: Panel, *, owner_id: int) -> None:
    """Send ``panel`` as the response to ``interaction`` (as a follow-up when it was deferred)."""
    if interaction.response.is_done():
        await interaction.followup.send(
            embed=embed_for(panel),
            view=view_for(panel, owner_id),
            files=files_for(panel),
            ephemeral=panel.private,
        )
        return
    await interaction.response.send_message(
        embed=embed_for(panel),
        view=view_for(panel, owner_id),
        files=files_for(panel),
        ephemeral=panel.private,
    )


async def navigate(interaction: discord.Interaction, owner_id: int, target: Target) -> None:
    """Open ``target``: in place for the owner, as a private copy for anyone else."""
    app = interaction.client.app  # type: ignore[attr-defined]
    panel = await actions.open_target(app, target)
    if interaction.user.id == owner_id and not panel.private:
        await interaction.response.edit_message(embed=embed_for(panel), view=view_for(panel, owner_id))
    else:
        await interaction.response.send_message(
            embed=embed_for(panel), view=view_for(panel, interaction.user.id), ephemeral=True
        )


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ar:b:(?P<owner>\d+):(?P<slot>\w+):(?P<target>.+)",
):
    """A navigation button: page, parent, reference, search hit."""

    def __init__(self, owner_id: int, button: Button) -> None:
        self.owner_id = owner_id
        self.target = button.target
        style = (
            discord.ButtonStyle.primary if button.slot in {"prev", "next"} else discord.ButtonStyle.secondary
        )
        super().__init__(
            discord.ui.Button(
                label=button.label,
                style=style,
                custom_id=f"ar:b:{owner_id}:{button.slot}:{_target_id(button.target)}",
                disabled=button.disabled,
                row=button.row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str], /
    ) -> PanelButton:
        target = _parse_target(match["target"]) or Target("rule")
        return cls(int(match["owner"]), Button(item.label or "", target, match["slot"], 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        await navigate(interaction, self.owner_id, self.target)


class PanelMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ar:m:(?P<owner>\d+):(?P<slot>\w+)"
):
    """A select menu of targets (the sub-rules of a rule)."""

    def __init__(self, owner_id: int, menu: Menu | None = None, slot: str = "sub") -> None:
        self.owner_id = owner_id
        options = [
            discord.SelectOption(label=o.label, description=o.description or None, value=_target_id(o.target))
            for o in (menu.options if menu else [])
            if len(_target_id(o.target)) <= limits.OPTION_TEXT
        ]
        super().__init__(
            discord.ui.Select(
                placeholder=menu.placeholder if menu else None,
                custom_id=f"ar:m:{owner_id}:{menu.slot if menu else slot}",
                options=options or [discord.SelectOption(label="-", value="-")],
                row=menu.row if menu else None,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str], /
    ) -> PanelMenu:
        return cls(int(match["owner"]), slot=match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        target = _parse_target(str(values[0])) if values else None
        if target is None:
            await interaction.response.send_message("That choice is no longer available.", ephemeral=True)
            return
        await navigate(interaction, self.owner_id, target)


def view_for(panel: Panel, owner_id: int) -> discord.ui.View:
    """The components of a panel. Items whose custom id would exceed Discord's limit are left out."""
    view = discord.ui.View(timeout=None)
    for button in panel.buttons:
        item = PanelButton(owner_id, button)
        if len(item.item.custom_id or "") <= limits.CUSTOM_ID:
            view.add_item(item)
    for menu in panel.menus:
        view.add_item(PanelMenu(owner_id, menu))
    return view


DYNAMIC_ITEMS = (PanelButton, PanelMenu)
