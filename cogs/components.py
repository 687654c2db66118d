"""The persistent components a :class:`~bot.reply.Reply` can carry, and :func:`view_for`.

Every component is a ``DynamicItem`` whose ``custom_id`` carries everything needed to act, so buttons
keep working after a restart. The formats never change, so that old messages keep working:

- ``ar:b:<owner>:<slot>:<target>`` and ``ar:m:<owner>:<slot>``: rules and cards navigation (a page,
  the parent rule, a reference, a search hit, a card; a menu of sub-rules);
- ``tn:pg:<kind>:<owner>:<event>:<round>:<page>``: Prev/Next of a paged tournament answer;
- ``tn:ok|no:<event>:<round>:<table>:<player>:<score>``: Confirm/Dispute of a reported result;
- ``tn:play:<event>``: Play here, on a round's pairings (the presser's pairing starts its game).

Only the owner (who asked) pages a message in place; anyone else gets a private copy to page alone.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import actions
from bot.actions import matches
from bot.app import App
from bot.render import limits
from bot.render.panel import Button, Menu, Target
from bot.reply import Pager, Prompt, Reply
from bot.services.tournaments import Actor
from cogs import presenter
from cogs.common import app_of
from cogs.tournament_options import actor_for

PAGE_KINDS = {"s": "standings", "p": "pairings", "l": "log", "r": "players"}
KIND_LETTERS = {kind: letter for letter, kind in PAGE_KINDS.items()}


def _label(item: discord.ui.Item[Any]) -> str:
    """The label of the button a component was rebuilt from (empty for anything else)."""
    return (item.label or "") if isinstance(item, discord.ui.Button) else ""


# rules and cards navigation ----------------------------------------------------------------------


def _target_id(target: Target) -> str:
    """The part of a custom id that says where a component leads (``r:`` rule, ``s:`` rules search,
    ``c:`` card, ``q:`` card search)."""
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


async def navigate(interaction: discord.Interaction, owner_id: int, target: Target) -> None:
    """Open ``target``: in place for the owner, as a private copy for anyone else. Cards are read as
    the server the component was used in sees them."""
    reply = await actions.open_target(app_of(interaction), target, interaction.guild_id)
    await presenter.update(interaction, reply, owner_id=owner_id)


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
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PanelButton:
        target = _parse_target(match["target"]) or Target("rule")
        return cls(int(match["owner"]), Button(_label(item), target, match["slot"], 0))

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
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PanelMenu:
        return cls(int(match["owner"]), slot=match["slot"])

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        target = _parse_target(str(values[0])) if values else None
        if target is None:
            await interaction.response.send_message("That choice is no longer available.", ephemeral=True)
            return
        await navigate(interaction, self.owner_id, target)


# tournaments ----------------------------------------------------------------------------------------


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tn:pg:(?P<kind>[sprl]):(?P<owner>\d+):(?P<event>\d+):(?P<round>\d+):(?P<page>\d+)",
):
    """Prev/Next of a paged answer (standings, pairings, players, log)."""

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
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        pager = Pager(
            PAGE_KINDS[match["kind"]], int(match["event"]), int(match["round"]), int(match["page"]), 0
        )
        return cls(int(match["owner"]), pager, int(match["page"]), _label(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)
        actor = await actor_for(app, interaction)
        reply = await _page(app, actor, self.pager.kind, self.pager.event_id, self.pager.round, self.page)
        await presenter.update(interaction, reply, owner_id=self.owner_id)


async def _page(app: App, actor: Actor, kind: str, event_id: int, round_number: int, page: int) -> Reply:
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
    """Confirm or Dispute on a reported result, for the opponent named in the custom id only (the
    action refuses anyone else, and a report that is no longer the pending one)."""

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
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReportButton:
        prompt = Prompt(
            int(match["event"]), int(match["round"]), int(match["table"]), match["player"], match["score"]
        )
        return cls(match["verb"], prompt)

    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)
        actor = await actor_for(app, interaction)
        event = str(self.prompt.event_id)
        if self.verb == "ok":
            reply = await actions.tournament_confirm(app, actor, event, prompt=self.prompt)
        else:
            reply = await actions.tournament_dispute(app, actor, event, prompt=self.prompt)
        await presenter.update(interaction, reply, owner_id=interaction.user.id)


class PlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tn:play:(?P<event>\d+)"):
    """Play here, on a round's pairings: the presser's current pairing starts its next game in the bot,
    with both registered decklists, in a thread of this channel (refused in one sentence to anyone
    without a match to play)."""

    def __init__(self, event_id: int) -> None:
        self.event_id = event_id
        super().__init__(
            discord.ui.Button(
                label="Play here",
                emoji="🎴",
                style=discord.ButtonStyle.success,
                custom_id=f"tn:play:{event_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayButton:
        return cls(int(match["event"]))

    async def callback(self, interaction: discord.Interaction) -> None:

        app = app_of(interaction)
        actor = await actor_for(app, interaction)
        await presenter.present(interaction, await matches.match_tournament(app, actor, self.event_id))


def play_view(event_id: int) -> discord.ui.View:
    """The Play here button of a round's pairings."""
    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(event_id))
    return view


# a reply's components ------------------------------------------------------------------------------


def view_for(reply: Reply, owner_id: int) -> discord.ui.View | None:
    """The components of ``reply`` owned by ``owner_id``: the panel's navigation buttons and menus,
    Prev/Next for a paged answer, Confirm/Dispute for a prompt; ``None`` when there are none. Items
    whose custom id would exceed Discord's limit are left out."""
    items: list[discord.ui.Item[Any]] = []
    for button in reply.panel.buttons:
        navigation = PanelButton(owner_id, button)
        if len(navigation.item.custom_id or "") <= limits.CUSTOM_ID:
            items.append(navigation)
    items.extend(PanelMenu(owner_id, menu) for menu in reply.panel.menus)
    pager = reply.pager
    if pager is not None and pager.pages > 1:
        items.append(PageButton(owner_id, pager, max(pager.page - 1, 0), "◀ Prev", disabled=pager.page == 0))
        last = pager.pages - 1
        items.append(
            PageButton(owner_id, pager, min(pager.page + 1, last), "Next ▶", disabled=pager.page == last)
        )
    if reply.prompt is not None and reply.prompt.player.isdigit():
        items.append(ReportButton("ok", reply.prompt))
        items.append(ReportButton("no", reply.prompt))
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


DYNAMIC_ITEMS = (PanelButton, PanelMenu, PageButton, ReportButton, PlayButton)
"""Every persistent component, registered once by the client so old messages keep working."""
