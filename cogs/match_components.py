"""The buttons, menus and forms of a match on Discord.

Every component is a ``DynamicItem`` whose ``custom_id`` carries the match (and, on a player's panel,
the version it shows), so it keeps working after a restart. The formats never change:

- ``mt:h|w|r:<match>``: the board's **My hand**, **Watch** and **Resend my panel**;
- ``mt:o:<match>:<version>:<n>``: offer ``n`` of a player's panel (numbered from 1, as the panel lists
  them); ``mt:p:<match>:<version>:<page>``: another page of offers; ``mt:x:<match>``: back to the panel;
- ``mt:s:<match>:<version>:<n>:<chosen>[:p<page>]``: the menu of an offer's next choice, ``chosen``
  the option numbers of the choices made so far (``1.3_2``: options 1 and 3 of the first, 2 of the
  second), 25 options a page; ``mt:q:<match>:<version>:<n>:<chosen>:<page>``: another page of them;
- ``mt:f:<match>:<version>:<n>:<print>:<chosen>:<typed>[:d]``: the next form of an offer whose numbers
  and text take more than one (or a form again after a number it refused), ``print`` the offer's
  fingerprint and ``typed`` the numbers of the forms before (:mod:`cogs.offer_forms`); ``:d`` is
  **Done**, taking the offer with the rest left empty when the rest may be;
- ``mc:a|d:<challenge>``: accept a challenge with a practice deck, or decline it.

Rules every press follows: only the seat's player acts (anyone else gets the spectator's board,
privately); a press on a panel the match has moved past is refused with one sentence and the panel is
shown as it is now; a refusal changes nothing and is private. Numbers and text are typed in a form
(a modal) after the menus, five fields a form: an offer with more is asked in consecutive forms, each
after a press of **Next** in a private message that shows what was typed so far (Discord answers a
form with a message, never with another form). That message is the player's own, so the panel's edits
while they type leave it alone; if the match moves on meanwhile, a press keeps what was typed and asks
again on the new panel when the same offer is still there.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import discord

from bot.actions import match_tables as mt
from bot.actions import matches as ma
from bot.actions.match_tables import SeatPanel
from bot.render import limits
from bot.render import match as mr
from bot.reply import refusal
from bot.services.challenges import DeckChoice
from cogs import presenter
from cogs.common import app_of
from cogs.offer_forms import (
    FormNeed,
    as_typed,
    carried,
    carry,
    fingerprint,
    first_field,
    form_needs,
    form_pages,
    missing,
    page_after,
    read_form,
)
from engine.errors import ArbiterError
from engine.match.offers import CardsNeed, NumberNeed, Offer, PickNeed

if TYPE_CHECKING:
    from cogs.match_tables import MatchTables

log = logging.getLogger("arbiter.cogs.match_components")

FORM_PREFIX = "mt:m:"
"""How the custom id of an offer's form (a modal) begins."""
OFFERS_PER_PAGE = 20
"""Offer buttons on one page of a panel: four rows of five; the fifth row pages."""
MENU_OPTIONS = 25


def tables_of(interaction: discord.Interaction) -> MatchTables:
    """The :class:`~cogs.match_tables.MatchTables` of the bot that received ``interaction``."""
    return interaction.client.match_tables  # type: ignore[attr-defined]


def tables_of_bot(client: discord.Client) -> MatchTables:
    """The :class:`~cogs.match_tables.MatchTables` of a bot."""
    return client.match_tables  # type: ignore[attr-defined]


def player_of(interaction: discord.Interaction) -> ma.Player:
    return ma.Player(interaction.user.id, interaction.user.display_name)


def _style(offer: Offer) -> discord.ButtonStyle:
    return {
        "now": discord.ButtonStyle.primary,
        "main": discord.ButtonStyle.success,
    }.get(offer.group, discord.ButtonStyle.secondary)


# views -------------------------------------------------------------------------------------------------


def board_view(match_id: int) -> discord.ui.View:
    """The board's buttons: My hand, Watch, Resend my panel."""
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton("h", match_id))
    view.add_item(BoardButton("w", match_id))
    view.add_item(BoardButton("r", match_id))
    return view


def seat_view(panel: SeatPanel, *, page: int = 0) -> discord.ui.View:
    """A player's offers as buttons, a page at a time, with paging on the last row."""
    view = discord.ui.View(timeout=None)
    match_id, version = panel.table.match_id, panel.version
    pages = max(1, -(-len(panel.offers) // OFFERS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    first = page * OFFERS_PER_PAGE
    for number, offer in enumerate(panel.offers[first : first + OFFERS_PER_PAGE], first + 1):
        view.add_item(OfferButton(match_id, version, number, offer))
    if pages > 1:
        view.add_item(PageButton(match_id, version, max(page - 1, 0), "◀ Offers", page == 0))
        view.add_item(PageButton(match_id, version, min(page + 1, pages - 1), "Offers ▶", page == pages - 1))
    return view


def _menu_needs(offer: Offer) -> list[CardsNeed | PickNeed]:
    return [need for need in offer.needs if isinstance(need, CardsNeed | PickNeed)]


def _many(need: CardsNeed | PickNeed) -> bool:
    return isinstance(need, CardsNeed) and need.high > 1


def _decode(chosen: str) -> list[str]:
    return chosen.split("_") if chosen else []


def _typed(offer: Offer, chosen: list[str]) -> dict[str, str]:
    """The choices made in the menus as :func:`bot.actions.matches.parse_choices` reads them."""
    out: dict[str, str] = {}
    for need, value in zip(_menu_needs(offer), chosen, strict=False):
        if value:
            out[need.field] = value.replace(".", ",")
    return out


# answering every press --------------------------------------------------------------------------------

Press = TypeVar("Press", bound=Callable[..., Awaitable[None]])

SORRY = "Something went wrong on my side; the error is logged for the operator."


async def _refuse(interaction: discord.Interaction, text: str) -> None:
    """``text`` as the press's private answer (a follow-up once the press was acknowledged)."""
    await presenter.present(interaction, refusal(text), private=True)


def answering(press: Press) -> Press:
    """Every press is answered: a refusal (an :class:`~engine.errors.ArbiterError`) with its sentence,
    privately; anything unexpected is logged and answered with :data:`SORRY`, so that no press is
    left without an answer (discord.py would only log it). Discord refusing an answer is a warning:
    there is nobody left to answer."""

    @functools.wraps(press)
    async def answered(self: Any, interaction: discord.Interaction, *args: Any) -> None:
        try:
            await press(self, interaction, *args)
        except ArbiterError as error:
            await _refuse(interaction, str(error))
        except discord.HTTPException as error:  # Discord refused an answer (a token past its 15 minutes)
            log.warning("a match component's answer was refused: %s", error)
        except Exception:
            log.exception("a match component failed: %.200s", interaction.data)
            try:
                await _refuse(interaction, SORRY)
            except discord.HTTPException as error:
                log.warning("could not say so: %s", error)

    return cast(Press, answered)


# acting --------------------------------------------------------------------------------------------------


async def _spectator(interaction: discord.Interaction, match_id: int) -> None:
    """Anyone but the players, in the match's server: the board as a spectator sees it, privately."""
    reply = await mt.board(app_of(interaction), match_id)
    await presenter.present(interaction, reply, private=True)


async def _seat_or_spectator(interaction: discord.Interaction, match_id: int) -> int | None:
    """The presser's seat in the match; anyone else in the match's server is shown the spectator's
    board, and a match that may not be asked about from here (another server's; in a DM, one the
    presser does not play) is refused with one sentence; both get None."""
    try:
        seat = await mt.seat_of(app_of(interaction), match_id, interaction.user.id, interaction.guild_id)
    except ArbiterError as error:
        await _refuse(interaction, str(error))
        return None
    if seat is None:
        await _spectator(interaction, match_id)
    return seat


async def _edit(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Update the pressed message: in the response, or after a deferred one."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def _show_panel(
    interaction: discord.Interaction, match_id: int, seat: int, *, note: str = "", page: int = 0
) -> None:
    """Show ``seat``'s panel as it is now in the pressed message."""
    kwargs = await tables_of(interaction).seat_message(match_id, seat, page=page)
    if note:
        kwargs["content"] = limits.truncate(f"{note}\n{kwargs['content']}", limits.CONTENT)
    await _edit(interaction, **kwargs)


async def take(
    interaction: discord.Interaction,
    match_id: int,
    version: int,
    number: int,
    typed: dict[str, str],
    *,
    draft: Draft | None = None,
) -> None:
    """Take offer ``number`` with its choices for the presser, then bring the match's places up to date.
    From a form's own message (``draft``), that message says it is done and the panel is edited in
    place; if the match has moved on, it asks again on the new panel, keeping what was typed."""
    app = app_of(interaction)
    tables = tables_of(interaction)
    seat = await _seat_or_spectator(interaction, match_id)
    if seat is None:
        return
    # Acknowledged at once (if the press was not already), so that it never misses Discord's three
    # seconds while the match's other actions (one writer per match) or a busy process hold it up.
    if not interaction.response.is_done():
        await interaction.response.defer()
    async with tables.lock(match_id):
        reply = await ma.match_take(
            app, match_id, player_of(interaction), number, typed, where=interaction.guild_id, version=version
        )
        if reply.refused:
            if (await mt.table(app, match_id)).version == version:
                await presenter.present(interaction, reply, private=True)
            elif draft is not None:
                await _ask_again(interaction, draft, seat)
            else:
                await _show_panel(interaction, match_id, seat, note=f"⚠️ {reply.body}")
            return
        pressed = interaction.message.id if interaction.message is not None else None
        try:
            if draft is not None:
                done = f"✅ {reply.content}" if reply.content else "✅ Done: your panel shows the match now."
                await _edit(interaction, content=limits.truncate(done, limits.CONTENT), embed=None, view=None)
            else:
                await _show_panel(interaction, match_id, seat, note=reply.content)
        except discord.HTTPException:
            pressed = None  # the pressed message was not updated: the refresh edits it too
            raise
        finally:  # the action is stored: its places follow whatever became of the presser's answer
            await tables.refresh(match_id, skip=pressed)


async def choose(
    interaction: discord.Interaction,
    match_id: int,
    version: int,
    number: int,
    chosen: list[str],
    page: int = 0,
) -> None:
    """The next step of an offer with choices: its next menu (25 options a page, with buttons to the
    other pages), then the form for numbers and text, then the action itself."""
    app = app_of(interaction)
    seat = await _seat_or_spectator(interaction, match_id)
    if seat is None:
        return
    panel = await mt.seat_panel(app, match_id, seat)
    if panel.version != version or not 1 <= number <= len(panel.offers):
        await _show_panel(
            interaction, match_id, seat, note="⚠️ The match has moved on since that panel; here it is now."
        )
        return
    offer = panel.offers[number - 1]
    menus = _menu_needs(offer)
    if len(chosen) < len(menus):
        need = menus[len(chosen)]
        labels = mr.need_options(need, panel.view)
        pages = max(1, -(-len(labels) // MENU_OPTIONS))
        page = min(max(page, 0), pages - 1)
        body = mr.need_text(need, panel.view)
        if pages > 1:
            first = page * MENU_OPTIONS + 1
            last = min(len(labels), first + MENU_OPTIONS - 1)
            body += f"\n(Options {first} to {last} of {len(labels)}."
            body += (
                " Cards from several pages at once: `/match take` with their numbers.)"
                if _many(need)
                else ")"
            )
        embed = discord.Embed(title=f"{number}. {offer.label}", description=limits.truncate(body, 4000))
        view = discord.ui.View(timeout=None)
        joined = "_".join(chosen)
        view.add_item(ChoiceMenu(match_id, version, number, joined, need, labels, page=page))
        if pages > 1:
            view.add_item(OptionsPage(match_id, version, number, joined, max(page - 1, 0), "◀", page == 0))
            view.add_item(
                OptionsPage(
                    match_id, version, number, joined, min(page + 1, pages - 1), "▶", page == pages - 1
                )
            )
        view.add_item(BackButton(match_id))
        await _edit(interaction, content=None, embed=embed, view=view)
        return
    if form_needs(offer):
        if interaction.response.is_done():  # a form must be a press's first answer
            await _show_panel(
                interaction, match_id, seat, note=f"Press {number}. {offer.label} again for its form."
            )
            return
        await open_form(
            interaction, OfferForm(match_id, version, number, offer, chosen, nonce=interaction.id)
        )
        return
    await take(interaction, match_id, version, number, _typed(offer, chosen))


# forms --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    """An offer's forms under way: the panel's match, version and offer number, the offer's
    :func:`~cogs.offer_forms.fingerprint`, the menu choices made before the forms (``chosen``, as
    :class:`ChoiceMenu` writes them), the numbers of the forms filled so far (in form order; None: left
    empty) and the form asked next (``page``)."""

    match_id: int
    version: int
    number: int
    fingerprint: str
    chosen: str = ""
    values: dict[str, int | None] = field(default_factory=dict)
    page: int = 0

    def custom_id(self, *, done: bool = False) -> str | None:
        """The custom id of its :class:`FormButton`, or None when it would pass Discord's 100 characters."""
        typed = carry(list(self.values.values()))
        custom_id = (
            f"mt:f:{self.match_id}:{self.version}:{self.number}:{self.fingerprint}:{self.chosen}:{typed}"
        )
        custom_id += ":d" if done else ""
        return custom_id if len(custom_id) <= limits.CUSTOM_ID else None


def _span(offer: Offer, page: int) -> str:
    """Which fields a form of the offer holds: "numbers 6 to 10", "number 11", or "the form" when it has
    one form only."""
    pages = form_pages(offer)
    if len(pages) == 1:
        return "the form"
    first = first_field(pages, page) + 1
    last = first + len(pages[page]) - 1
    noun = "number" if all(isinstance(need, NumberNeed) for need in pages[page]) else "field"
    return f"{noun}s {first} to {last}" if last > first else f"{noun} {first}"


def _form_label(offer: Offer, page: int, *, again: bool) -> str:
    """The label of the button that opens form ``page``: "Next: numbers 6 to 10", "Again: numbers 1
    to 5", "Open the form again"."""
    span = _span(offer, page)
    if span == "the form":
        return "Open the form again" if again else "Open the form"
    return f"{'Again' if again else 'Next' if page else 'Open'}: {span}"


def _prompt(draft: Draft, offer: Offer, note: str = "", *, again: bool = False) -> dict[str, Any]:
    """The message between two forms, or before a form asked again (``again``, after ``note`` says why):
    what was typed so far, the button to the form asked next, and **Done** when every field left may
    stay empty."""
    needs = form_needs(offer)
    lines = [note] if note else []
    given = [need for need in needs if need.field in draft.values]
    if given:
        lines.append(f"Typed so far ({len(given)} of {len(needs)}):")
        for need in given:
            value = draft.values[need.field]
            lines.append(f"• {need.label}: {'empty' if value is None else value}")
    view = discord.ui.View(timeout=None)
    ahead, done = draft.custom_id(), draft.custom_id(done=True)
    # No offer of the four games comes near a custom id's 100 characters (tests/cogs/test_offer_forms.py).
    if ahead is None or done is None:
        lines.append(_TAKE.format(draft.match_id, draft.number))
    else:
        label = _form_label(offer, draft.page, again=again)
        view.add_item(FormButton(draft, label, custom_id=ahead, style=discord.ButtonStyle.primary))
        lines.append(f"Press **{label}** to go on.")
        if given and not missing(offer, draft.values):
            view.add_item(FormButton(draft, DONE, custom_id=done, done=True))
            lines.append(f"What is left may stay empty: **{DONE}** takes the offer as it is.")
    embed = discord.Embed(
        title=limits.truncate(f"{draft.number}. {offer.label}", limits.EMBED_TITLE),
        description=limits.truncate("\n".join(lines), limits.PAGE_BODY),
    )
    return {"content": None, "embed": embed, "view": view}


DONE = "Done: leave the rest empty"
_TAKE = "The rest does not fit in a form's button: give it with `/match take {} {}` and its fields."
GONE = "⚠️ The match has moved on and that offer is gone: your panel shows what you may do now."
KEPT = "⚠️ The match has moved on while you typed; what you typed is kept."


def _still_empty(draft: Draft, offer: Offer, need: FormNeed) -> dict[str, Any]:
    """The form holding a field that must be given and is empty, asked again, saying how to give it."""
    pages = form_pages(offer)
    page = next(number for number, fields in enumerate(pages) if need in fields)
    before = {n.field for n in form_needs(offer)[: first_field(pages, page)]}
    again = replace(draft, values={k: v for k, v in draft.values.items() if k in before}, page=page)
    label = _form_label(offer, page, again=True)
    return _prompt(
        again, offer, f"⚠️ Nothing was typed for the {need.label}: press **{label}** to give it.", again=True
    )


async def _show_prompt(interaction: discord.Interaction, message: dict[str, Any], *, edit: bool) -> None:
    """Show a form's message: in the pressed message (``edit``: it is the forms' own), or in a private
    message of its own, so that the panel's edits while the player types leave it alone."""
    if edit:
        await _edit(interaction, **message)
    else:
        await interaction.response.send_message(ephemeral=True, **message)


def _same_offer(panel: SeatPanel, number: int, mark: str) -> tuple[int, Offer] | None:
    """The offer of ``panel`` with that fingerprint: at ``number`` if it is there, else the only one."""
    if 1 <= number <= len(panel.offers) and fingerprint(panel.offers[number - 1]) == mark:
        return number, panel.offers[number - 1]
    found = [(n, offer) for n, offer in enumerate(panel.offers, 1) if fingerprint(offer) == mark]
    return found[0] if len(found) == 1 else None


async def _ask_again(interaction: discord.Interaction, draft: Draft, seat: int) -> None:
    """The match moved on while the player typed: the same form of the same offer on the new panel, with
    what was typed before it, or one sentence when the offer is gone."""
    panel = await mt.seat_panel(app_of(interaction), draft.match_id, seat)
    found = _same_offer(panel, draft.number, draft.fingerprint)
    if found is None:
        await _edit(interaction, content=GONE, embed=None, view=None)
        return
    number, offer = found
    await _edit(interaction, **_prompt(replace(draft, version=panel.version, number=number), offer, KEPT))


async def open_form(interaction: discord.Interaction, form: OfferForm) -> None:
    """Show ``form`` as the press's answer. The bot remembers which forms it has open until they time
    out (:attr:`MatchTables.open_forms <cogs.match_tables.MatchTables.open_forms>`), so that the answer
    to a form opened by an earlier process is told to press again (:mod:`cogs.match`)."""
    opened = tables_of(interaction).open_forms
    opened.add(form.custom_id)
    form.forget = opened.discard
    await interaction.response.send_modal(form)


# items --------------------------------------------------------------------------------------------------


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mt:(?P<verb>[hwr]):(?P<match>\d+)"
):
    """My hand (the presser's panel, privately), Watch (the spectator's board, privately), Resend my
    panel (a fresh DM)."""

    LABELS: ClassVar[dict[str, str]] = {"h": "My hand", "w": "Watch", "r": "Resend my panel"}

    def __init__(self, verb: str, match_id: int) -> None:
        self.verb = verb
        self.match_id = match_id
        style = discord.ButtonStyle.primary if verb == "h" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=self.LABELS[verb], style=style, custom_id=f"mt:{verb}:{match_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(match["verb"], int(match["match"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)
        seat = await mt.seat_of(app, self.match_id, interaction.user.id, interaction.guild_id)
        if self.verb == "w" or seat is None:
            await _spectator(interaction, self.match_id)
            return
        tables = tables_of(interaction)
        if self.verb == "r":
            sent = await tables.resend(self.match_id, seat)
            text = (
                "Your panel is in your DMs."
                if sent
                else "I still can't send you a DM: allow direct messages from this server's members,"
                " or use My hand."
            )
            await interaction.response.send_message(text, ephemeral=True)
            return
        kwargs = await tables.seat_message(self.match_id, seat)
        await interaction.response.send_message(ephemeral=True, **kwargs)


class OfferButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mt:o:(?P<match>\d+):(?P<version>\d+):(?P<n>\d+)(?P<form>:f)?",
):
    """One offer of a player's panel: taken at once, or its choices asked for first. An offer whose
    first step is a form says so in its custom id (``:f``): the form must be the press's answer;
    any other press is acknowledged before anything is computed, so that it meets Discord's three
    seconds however busy the process is."""

    def __init__(
        self, match_id: int, version: int, number: int, offer: Offer | None = None, *, form: bool = False
    ) -> None:
        self.match_id, self.version, self.number = match_id, version, number
        self.form = form or (offer is not None and not _menu_needs(offer) and bool(form_needs(offer)))
        label = f"{number}. {offer.label}" if offer is not None else str(number)
        super().__init__(
            discord.ui.Button(
                label=limits.truncate(label, limits.BUTTON_LABEL),
                style=_style(offer) if offer is not None else discord.ButtonStyle.secondary,
                custom_id=f"mt:o:{match_id}:{version}:{number}" + (":f" if self.form else ""),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OfferButton:
        return cls(int(match["match"]), int(match["version"]), int(match["n"]), form=bool(match["form"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        if not self.form:
            await interaction.response.defer()
        await choose(interaction, self.match_id, self.version, self.number, [])


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mt:p:(?P<match>\d+):(?P<version>\d+):(?P<page>\d+)",
):
    """Another page of a player's offers."""

    def __init__(self, match_id: int, version: int, page: int, label: str = "Offers", disabled: bool = False):
        self.match_id, self.version, self.page = match_id, version, page
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"mt:p:{match_id}:{version}:{page}",
                disabled=disabled,
                row=4,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(int(match["match"]), int(match["version"]), int(match["page"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        seat = await _seat_or_spectator(interaction, self.match_id)
        if seat is None:
            return
        await _show_panel(interaction, self.match_id, seat, page=self.page)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mt:x:(?P<match>\d+)"):
    """Back to the panel, choosing nothing."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(label="Back", style=discord.ButtonStyle.secondary, custom_id=f"mt:x:{match_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        return cls(int(match["match"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        seat = await _seat_or_spectator(interaction, self.match_id)
        if seat is None:
            return
        await _show_panel(interaction, self.match_id, seat)


class ChoiceMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"mt:s:(?P<match>\d+):(?P<version>\d+):(?P<n>\d+):(?P<chosen>[0-9._]*)(?::p(?P<page>\d+))?",
):
    """The menu of an offer's next choice: cards (as many as the offer takes) or one pick, 25 options
    a page (the options keep their numbers across pages)."""

    def __init__(
        self,
        match_id: int,
        version: int,
        number: int,
        chosen: str,
        need: CardsNeed | PickNeed | None = None,
        labels: list[str] | None = None,
        *,
        page: int = 0,
    ) -> None:
        self.match_id, self.version, self.number, self.chosen = match_id, version, number, chosen
        first = page * MENU_OPTIONS
        shown = (labels or ["-"])[first : first + MENU_OPTIONS] or ["-"]
        low, high = 1, 1
        if isinstance(need, CardsNeed):
            low, high = min(need.low, len(shown)), max(1, min(need.high, len(shown)))
        options = [
            discord.SelectOption(label=limits.truncate(f"{i}. {text}", limits.OPTION_TEXT), value=str(i))
            for i, text in enumerate(shown, first + 1)
        ]
        placeholder = need.label if need is not None else "choose"
        suffix = f":p{page}" if page else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"mt:s:{match_id}:{version}:{number}:{chosen}{suffix}",
                placeholder=limits.truncate(f"Choose {placeholder}", 150),
                options=options,
                min_values=low,
                max_values=high,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceMenu:
        return cls(int(match["match"]), int(match["version"]), int(match["n"]), match["chosen"])

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or [] if str(v).isdigit()]
        chosen = [*_decode(self.chosen), ".".join(values)]
        await choose(interaction, self.match_id, self.version, self.number, chosen)


class OptionsPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mt:q:(?P<match>\d+):(?P<version>\d+):(?P<n>\d+):(?P<chosen>[0-9._]*):(?P<page>\d+)",
):
    """Another page of a choice's options."""

    def __init__(
        self,
        match_id: int,
        version: int,
        number: int,
        chosen: str,
        page: int,
        label: str = "▶",
        disabled: bool = False,
    ) -> None:
        self.match_id, self.version, self.number, self.chosen, self.page = (
            match_id,
            version,
            number,
            chosen,
            page,
        )
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"mt:q:{match_id}:{version}:{number}:{chosen}:{page}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionsPage:
        return cls(
            int(match["match"]), int(match["version"]), int(match["n"]), match["chosen"], int(match["page"])
        )

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        await choose(interaction, self.match_id, self.version, self.number, _decode(self.chosen), self.page)


class OfferForm(discord.ui.Modal):
    """One form of the numbers and text an offer asks for, after its menus: five fields a form
    (:func:`~cogs.offer_forms.form_pages`); ``draft`` says which and what the forms before held. Its
    custom id is the press's that opened it (``nonce``), so that two players' forms open at once (both
    enter their ruler's numbers, 5-3b) never answer for each other. ``from_prompt``: opened from the
    forms' own message (a Next or Again), which its answer then edits."""

    def __init__(
        self,
        match_id: int,
        version: int,
        number: int,
        offer: Offer,
        chosen: list[str],
        *,
        page: int = 0,
        values: dict[str, int | None] | None = None,
        nonce: int = 0,
        from_prompt: bool = False,
    ) -> None:
        pages = form_pages(offer)
        suffix = f" ({page + 1}/{len(pages)})" if len(pages) > 1 else ""
        super().__init__(
            title=limits.truncate(f"{number}. {offer.label}", limits.MODAL_TITLE - len(suffix)) + suffix,
            timeout=900,
            custom_id=f"{FORM_PREFIX}{match_id}:{version}:{number}:{page}:{nonce}",
        )
        chosen_text = "_".join(chosen)
        self.draft = Draft(
            match_id, version, number, fingerprint(offer), chosen_text, dict(values or {}), page
        )
        self.offer, self.chosen, self.from_prompt = offer, chosen, from_prompt
        self.forget: Callable[[str], None] = lambda _: None
        """Told the form's custom id when it times out (see :func:`open_form`)."""
        self.needs = pages[page]
        self.inputs: list[tuple[str, discord.ui.TextInput[Any]]] = []
        for need in self.needs:
            if isinstance(need, NumberNeed):
                hint = f"A whole number from {need.low} to {need.high}" + (
                    ", or empty" if need.optional else ""
                )
                item = discord.ui.TextInput[Any](
                    label=limits.truncate(need.label, limits.TEXT_INPUT_LABEL),
                    placeholder=limits.truncate(hint, limits.PLACEHOLDER),
                    required=not need.optional,
                    max_length=12,
                    custom_id=f"need:{need.field}",
                )
            else:
                item = discord.ui.TextInput[Any](
                    label=limits.truncate(need.label, limits.TEXT_INPUT_LABEL),
                    max_length=min(need.max_length, 4000),
                    custom_id=f"need:{need.field}",
                )
            self.add_item(item)
            self.inputs.append((need.field, item))

    async def on_timeout(self) -> None:
        self.forget(self.custom_id)

    @answering
    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Check this form's numbers (one out of its range asks for this form again, the forms before
        kept), then ask for the next form, or take the offer with every form's values."""
        draft, offer = self.draft, self.offer
        try:
            typed = read_form(self.needs, {name: item.value for name, item in self.inputs})
        except ArbiterError as error:
            message = _prompt(draft, offer, f"⚠️ {error}", again=True)
            await _show_prompt(interaction, message, edit=self.from_prompt)
            return
        if draft.page + 1 < len(form_pages(offer)):
            numbers = {name: value for name, value in typed.items() if not isinstance(value, str)}
            if len(numbers) < len(typed):  # more text fields than a form holds: none is carried
                message = {"content": _TAKE.format(draft.match_id, draft.number), "embed": None, "view": None}
                await _show_prompt(interaction, message, edit=self.from_prompt)
                return
            ahead = replace(draft, values={**draft.values, **numbers}, page=draft.page + 1)
            await _show_prompt(interaction, _prompt(ahead, offer), edit=self.from_prompt)
            return
        values = {**draft.values, **typed}
        empty = missing(offer, values)
        if empty:  # every form asks for its required fields: only an out-of-date button leaves one empty
            await _show_prompt(interaction, _still_empty(draft, offer, empty[0]), edit=self.from_prompt)
            return
        choices = {**_typed(offer, self.chosen), **as_typed(values)}
        await take(
            interaction,
            draft.match_id,
            draft.version,
            draft.number,
            choices,
            draft=draft if self.from_prompt else None,
        )


class FormButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"mt:f:(?P<match>\d+):(?P<version>\d+):(?P<n>\d+):(?P<print>[0-9a-f]{6}):(?P<chosen>[0-9._]*)"
        r":(?P<typed>[0-9,_-]*)(?P<done>:d)?"
    ),
):
    """**Next** (an offer's next form, the numbers of the forms before carried in the custom id), a form
    **Again** after a number it refused, or **Done** (the offer taken with what is left empty). A press
    on a match that has moved on keeps what was typed and asks again on the new panel, if the same offer
    is there."""

    def __init__(
        self,
        draft: Draft,
        label: str,
        *,
        custom_id: str,
        done: bool = False,
        typed: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.draft, self.done, self.typed = draft, done, typed
        super().__init__(
            discord.ui.Button(
                label=limits.truncate(label, limits.BUTTON_LABEL),
                style=discord.ButtonStyle.success if done else style,
                custom_id=custom_id,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FormButton:
        draft = Draft(
            int(match["match"]), int(match["version"]), int(match["n"]), match["print"], match["chosen"]
        )
        return cls(draft, "", custom_id=match.string, done=bool(match["done"]), typed=match["typed"])

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        # A form must be the press's first answer, so nothing is deferred before it is known.
        app = app_of(interaction)
        seat = await _seat_or_spectator(interaction, self.draft.match_id)
        if seat is None:
            return
        panel = await mt.seat_panel(app, self.draft.match_id, seat)
        found = _same_offer(panel, self.draft.number, self.draft.fingerprint)
        if found is None:
            await _edit(interaction, content=GONE, embed=None, view=None)
            return
        number, offer = found
        values = carried(form_needs(offer), self.typed)
        page = None if values is None else page_after(form_pages(offer), len(values))
        if values is None or page is None:
            stale = f"⚠️ That button is out of date: press {number}. {offer.label} on your panel again."
            await _edit(interaction, content=stale, embed=None, view=None)
            return
        draft = replace(self.draft, version=panel.version, number=number, values=values, page=page)
        if panel.version != self.draft.version:
            await _edit(interaction, **_prompt(draft, offer, KEPT))
            return
        chosen = _decode(draft.chosen)
        if not self.done:
            form = OfferForm(
                draft.match_id,
                draft.version,
                number,
                offer,
                chosen,
                page=page,
                values=values,
                nonce=interaction.id,
                from_prompt=True,
            )
            await open_form(interaction, form)
            return
        empty = missing(offer, dict(values))
        if empty:
            await _edit(interaction, **_still_empty(draft, offer, empty[0]))
            return
        choices = {**_typed(offer, chosen), **as_typed(dict(values))}
        await take(interaction, draft.match_id, draft.version, number, choices, draft=draft)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mc:(?P<verb>[ad]):(?P<challenge>\d+)"
):
    """Accept a challenge with a practice deck (``/match accept`` brings another deck), or decline it."""

    def __init__(self, verb: str, challenge_id: int) -> None:
        self.verb, self.challenge_id = verb, challenge_id
        accept = verb == "a"
        super().__init__(
            discord.ui.Button(
                label="Accept (practice deck)" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"mc:{verb}:{challenge_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChallengeButton:
        return cls(match["verb"], int(match["challenge"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.match import show_reply

        app = app_of(interaction)
        guild = interaction.guild_id or 0
        if self.verb == "a":
            reply = await ma.match_accept(
                app, guild, self.challenge_id, player_of(interaction), DeckChoice("practice")
            )
        else:
            reply = await ma.match_decline(app, guild, self.challenge_id, player_of(interaction))
        await show_reply(interaction, reply)


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("a", challenge_id))
    view.add_item(ChallengeButton("d", challenge_id))
    return view


DYNAMIC_ITEMS = (
    BoardButton,
    OfferButton,
    PageButton,
    BackButton,
    ChoiceMenu,
    OptionsPage,
    FormButton,
    ChallengeButton,
)
"""The match's persistent components, registered once so old messages keep working."""
