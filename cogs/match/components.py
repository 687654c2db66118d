"""The buttons, menus and forms of a match on Discord, and the layouts that hold them.

The board and a player's private panel are Components V2 layouts (``ui.LayoutView``: one container of
text displays, action rows, sections with a button beside their text, and the board's picture in a
media gallery), built from the transport-neutral layouts of :mod:`bot.render.layout`
(:func:`bot.render.match.seat_layout`, :func:`~bot.render.layout.panel_layout`). The panel shows the
step's decision first, each card of the hand with its action beside it, and at most twelve buttons in
all; the other offers are behind **More**, a menu of 25 a page, shown in place of the panel. A
message sent as an embed by an older version becomes a layout at its next edit.

Every component is a ``DynamicItem`` whose ``custom_id`` carries the match (and, on a player's panel,
the version it shows), so it keeps working after a restart. Each format is declared once
(:data:`CUSTOM_IDS`, :mod:`cogs.custom_ids`), giving both the template a press is matched against and
the ids the bot writes. The formats never change (messages sent by older versions keep working):

- ``mt:h|w|r:<match>``: the board's **My hand**, **Watch** and **Resend my panel**;
- ``mt:o:<match>:<version>:<n>[:f]``: offer ``n`` of a player's panel (numbered from 1, as
  ``/match take`` numbers them; ``:f``: a form comes first); ``mt:c:<match>:<version>:<n>:<option>[:f]``:
  offer ``n`` with option ``option`` of its first choice chosen, beside that card of the hand;
  ``mt:p:<match>:<version>:<page>``: **More** (page 0) and the pages of the offers behind it (on a panel
  of an older version: a page of offer buttons, now that page of the menu); ``mt:a:<match>:<version>``:
  the menu of the offers behind More, each option an offer's number; ``mt:x:<match>``: back to the
  panel;
- ``mt:s:<match>:<version>:<n>:<chosen>[:p<page>]``: the menu of an offer's next choice, ``chosen``
  the option numbers of the choices made so far (``1.3_2``: options 1 and 3 of the first, 2 of the
  second), 25 options a page; ``mt:q:<match>:<version>:<n>:<chosen>:<page>``: another page of them;
- ``mt:f:<match>:<version>:<n>:<print>:<chosen>:<typed>[:d]``: the next form of an offer whose numbers
  and text take more than one (or a form again after a number it refused), ``print`` the offer's
  fingerprint and ``typed`` the numbers of the forms before (:mod:`cogs.match.forms`); ``:d`` is
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
import io
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, TypeVar, cast

import discord

from bot.actions import match_tables as mt
from bot.actions import matches as ma
from bot.actions.match_tables import Places, SeatPanel
from bot.render import limits
from bot.render import match as mr
from bot.render.layout import Layout, Line, Press, Row, Style, Text, panel_layout, with_note
from bot.reply import NO_MENTIONS, Mentions, Reply, refusal
from bot.services.challenges import DeckChoice
from cogs import presenter
from cogs.common import app_of
from cogs.custom_ids import CustomId
from cogs.match.forms import (
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
from cogs.match.places import LaidOut, act, places_of, reads
from cogs.message_edits import layout_edit
from engine.errors import ArbiterError
from engine.match.offers import CardsNeed, NumberNeed, Offer, PickNeed

log = logging.getLogger("arbiter.cogs.match.components")

BOARD_ID = CustomId("mt:{verb:[hwr]}:{match}")
OFFER_ID = CustomId("mt:o:{match}:{version}:{n}[form=:f]")
CARD_ID = CustomId("mt:c:{match}:{version}:{n}:{option}[form=:f]")
PAGE_ID = CustomId("mt:p:{match}:{version}:{page}")
MORE_ID = CustomId("mt:a:{match}:{version}")
BACK_ID = CustomId("mt:x:{match}")
CHOICE_ID = CustomId("mt:s:{match}:{version}:{n}:{chosen:[0-9._]*}[:p{page}]")
OPTIONS_ID = CustomId("mt:q:{match}:{version}:{n}:{chosen:[0-9._]*}:{page}")
FORM_BUTTON_ID = CustomId(
    "mt:f:{match}:{version}:{n}:{print:[0-9a-f]{6}}:{chosen:[0-9._]*}:{typed:[0-9,_-]*}[done=:d]"
)
FORM_ID = CustomId("mt:m:{match}:{version}:{n}:{page}:{nonce}")
CHALLENGE_ID = CustomId("mc:{verb:[ad]}:{challenge}")
CUSTOM_IDS = (
    BOARD_ID,
    OFFER_ID,
    CARD_ID,
    PAGE_ID,
    MORE_ID,
    BACK_ID,
    CHOICE_ID,
    OPTIONS_ID,
    FORM_BUTTON_ID,
    FORM_ID,
    CHALLENGE_ID,
)
"""Every custom id of a match's components and forms, declared once (:mod:`cogs.custom_ids`); the
module doc lists what each means. The formats never change: messages sent by older versions keep
working."""
FORM_PREFIX = "mt:m:"
"""How the custom id of an offer's form (a modal) begins."""
MENU_OPTIONS = 25
"""Options on one page of a menu (Discord's limit for a select)."""


def player_of(interaction: discord.Interaction) -> ma.Player:
    return ma.Player(interaction.user.id, interaction.user.display_name)


def _style(offer: Offer) -> discord.ButtonStyle:
    return {
        "now": discord.ButtonStyle.primary,
        "main": discord.ButtonStyle.success,
    }.get(offer.group, discord.ButtonStyle.secondary)


_GROUP_WORDS = {
    "now": "the step's decision",
    "card text": "the card text being carried out",
    "main": "a main action",
    "more": "to resolve card text",
}


# views -------------------------------------------------------------------------------------------------

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "success": discord.ButtonStyle.success,
    "secondary": discord.ButtonStyle.secondary,
    "danger": discord.ButtonStyle.danger,
}


def layout_view(layout: Layout, item_for: Callable[[Press], discord.ui.Item[Any]]) -> discord.ui.LayoutView:
    """``layout`` as Discord's Components V2: one container of its blocks (text displays, action rows,
    sections with their button beside them, a media gallery showing an attached picture), each button
    made by ``item_for``."""
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=presenter.COLOUR)
    for block in layout.blocks:
        if isinstance(block, Text):
            container.add_item(discord.ui.TextDisplay(block.content))
        elif isinstance(block, Row):
            container.add_item(discord.ui.ActionRow(*(item_for(press) for press in block.presses)))
        elif isinstance(block, Line):
            container.add_item(discord.ui.Section(block.text, accessory=item_for(block.press)))
        else:
            item = discord.MediaGalleryItem(
                f"attachment://{block.filename}", description=block.description or None
            )
            container.add_item(discord.ui.MediaGallery(item))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def layout_files(layout: Layout) -> list[discord.File]:
    """The files a layout attaches (its picture), as uploads."""
    return [discord.File(io.BytesIO(data), filename=name) for name, data in layout.files]


def board_view(match_id: int, layout: Layout) -> discord.ui.LayoutView:
    """The board as laid out, with its buttons: My hand, Watch, Resend my panel."""

    def item_for(press: Press) -> discord.ui.Item[Any]:
        return BoardButton(str(press.key[1]), match_id)

    return layout_view(layout, item_for)


def board_layout(reply: Reply, match_id: int, *, buttons: bool = True) -> Layout:
    """A board (or a match's result) as a layout (:func:`bot.render.match.board_layout`), with the
    board's buttons unless ``buttons`` is off."""
    return mr.board_layout(reply.panel, buttons=buttons)


def seat_layout(panel: SeatPanel, *, where: str = "", note: str = "") -> Layout:
    """A player's private panel as laid out for a phone (:func:`bot.render.match.seat_layout`); once the
    match is over, its result."""
    match_id, version = panel.table.match_id, panel.version
    if panel.result is not None:
        heading = f"**Match #{match_id}** · your panel, as of action {version}{where}"
        return with_note(with_note(panel_layout(panel.result.panel), heading), note)
    return mr.seat_layout(
        panel.view, panel.offers, match_id=match_id, seat=panel.seat, version=version, where=where, note=note
    )


def seat_view(panel: SeatPanel, layout: Layout) -> discord.ui.LayoutView:
    """A player's private panel as Discord shows it: the step's decision, each card of the hand with
    its action beside it, the main actions and **More** as buttons (:func:`seat_layout`)."""
    match_id, version = panel.table.match_id, panel.version

    def item_for(press: Press) -> discord.ui.Item[Any]:
        kind, number = press.key[0], int(press.key[1])
        style = STYLES[press.style]
        if kind == "more":
            return PageButton(match_id, version, number, press.label)
        offer = panel.offers[number - 1]
        if kind == "card":
            return CardButton(
                match_id, version, number, int(press.key[2]), offer, label=press.label, style=style
            )
        return OfferButton(match_id, version, number, offer, label=press.label, style=style)

    return layout_view(layout, item_for)


class DiscordLayouts:
    """The board and a player's panel as Components V2 messages, for
    :class:`~cogs.match.places.MatchPlaces`."""

    async def board(self, places: Places) -> dict[str, Any]:
        layout = board_layout(await places.board(), places.match_id)
        return {
            "view": board_view(places.match_id, layout),
            "attachments": layout_files(layout),
            "allowed_mentions": presenter.allowed_mentions(Mentions()),
        }

    def seat(self, places: Places, seat: int, panel: SeatPanel, *, where: str, note: str) -> LaidOut:
        layout = seat_layout(panel, where=where, note=note)
        message: dict[str, Any] = {
            "view": seat_view(panel, layout),
            "allowed_mentions": presenter.allowed_mentions(Mentions()),
        }
        return message, lambda: reads(repr(layout))


def _first_is_form(offer: Offer, chosen: int = 0) -> bool:
    """Whether an offer asks for a form (a modal) once ``chosen`` of its menus are answered: a form must
    be the press's first answer, so such a press is not acknowledged first."""
    return len(_menu_needs(offer)) <= chosen and bool(form_needs(offer))


def more_view(panel: SeatPanel, page: int = 0, *, note: str = "") -> discord.ui.LayoutView:
    """The offers behind **More**: a menu of them, 25 a page (each keeping its number), with buttons
    to the other pages and back to the panel."""
    match_id, version = panel.table.match_id, panel.version
    numbers = seat_layout(panel).more or tuple(range(1, len(panel.offers) + 1))
    pages = max(1, -(-len(numbers) // MENU_OPTIONS))
    page = min(max(page, 0), pages - 1)
    shown = numbers[page * MENU_OPTIONS : (page + 1) * MENU_OPTIONS]
    name = panel.view["players"][panel.seat]["name"]
    head = [f"**Match #{match_id}** · your panel ({name}), as of action {version}"]
    span = f"{shown[0]} to {shown[-1]}, " if shown and pages > 1 else ""
    head.append(
        f"### More: {len(numbers)} offers" + (f" ({span}page {page + 1} of {pages})" if pages > 1 else "")
    )
    head.append("Choose one: it asks for its cards and choices next.")
    blocks: list[discord.ui.Item[Any]] = []
    if note:
        blocks.append(discord.ui.TextDisplay(limits.truncate(note, 500)))
    blocks.append(discord.ui.TextDisplay("\n".join(head)))
    if shown:
        blocks.append(
            discord.ui.ActionRow(MoreMenu(match_id, version, [(n, panel.offers[n - 1]) for n in shown]))
        )
    row: list[discord.ui.Item[Any]] = []
    if pages > 1:
        row.append(PageButton(match_id, version, max(page - 1, 0), "◀", disabled=page == 0))
        row.append(PageButton(match_id, version, min(page + 1, pages - 1), "▶", disabled=page == pages - 1))
    row.append(BackButton(match_id))
    blocks.append(discord.ui.ActionRow(*row))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*blocks, accent_colour=presenter.COLOUR))
    return view


async def _form_next(
    interaction: discord.Interaction, match_id: int, version: int, number: int, chosen: int
) -> bool:
    """Whether the press's answer must be a form (a modal): offer ``number`` of the presser's panel
    at ``version`` asks for one once ``chosen`` of its menus are answered. Anything else (a panel
    moved on, a refusal) is answered after an acknowledgement."""
    try:
        seat = await mt.seat_of(app_of(interaction), match_id, interaction.user.id, interaction.guild_id)
    except ArbiterError:
        return False
    if seat is None:
        return False
    panel = await _panel(interaction, match_id, seat)
    if panel.version != version or not 1 <= number <= len(panel.offers):
        return False
    return _first_is_form(panel.offers[number - 1], chosen)


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

Handler = TypeVar("Handler", bound=Callable[..., Awaitable[None]])

SORRY = "Something went wrong on my side; the error is logged for the operator."


async def _refuse(interaction: discord.Interaction, text: str) -> None:
    """``text`` as the press's private answer (a follow-up once the press was acknowledged)."""
    await presenter.present(interaction, refusal(text), private=True)


def answering(press: Handler) -> Handler:
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

    return cast(Handler, answered)


# acting --------------------------------------------------------------------------------------------------


async def _spectator(interaction: discord.Interaction, match_id: int) -> None:
    """Anyone but the players, in the match's server: the board as a spectator sees it, privately (laid
    out as the board is, without its buttons)."""
    places = await places_of(interaction).places(match_id)
    layout = board_layout(await places.board(), match_id, buttons=False)
    kwargs: dict[str, Any] = {
        "view": board_view(match_id, layout),
        "files": layout_files(layout),
        "allowed_mentions": presenter.allowed_mentions(NO_MENTIONS),
        "ephemeral": True,
    }
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


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
    kwargs = layout_edit(kwargs)
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def _show_panel(interaction: discord.Interaction, match_id: int, seat: int, *, note: str = "") -> None:
    """Show ``seat``'s panel as it is now in the pressed message, ``note`` first."""
    kwargs = await places_of(interaction).seat_message(match_id, seat, note=note)
    await _edit(interaction, **kwargs)


async def _panel(interaction: discord.Interaction, match_id: int, seat: int) -> SeatPanel:
    """``seat``'s panel as of the match's version now (built once per version)."""
    return await (await places_of(interaction).places(match_id)).seat(seat)


async def _show_more(
    interaction: discord.Interaction, match_id: int, seat: int, version: int, page: int
) -> None:
    """Show the offers behind **More**, page ``page``, in the pressed message; a press on a panel the
    match has moved past shows the offers as they are now, and says so."""
    panel = await _panel(interaction, match_id, seat)
    note = STALE if panel.version != version else ""
    if not panel.offers:  # the match is over, or waits for the other player with nothing to offer
        await _show_panel(interaction, match_id, seat, note=note)
        return
    await _edit(interaction, view=more_view(panel, page, note=note), attachments=[])


STALE = "⚠️ The match has moved on since that panel; here it is now."


async def take(
    interaction: discord.Interaction,
    match_id: int,
    version: int,
    number: int,
    typed: dict[str, str],
    *,
    draft: Draft | None = None,
) -> None:
    """Take offer ``number`` with its choices for the presser (:func:`~cogs.match.places.act`): the
    pressed panel shows the match after it. From a form's own message (``draft``), that message says
    it is done; if the match has moved on, it asks again on the new panel, keeping what was typed."""
    app = app_of(interaction)
    places = places_of(interaction)
    seat = await _seat_or_spectator(interaction, match_id)
    if seat is None:
        return

    async def call() -> Reply:
        player = player_of(interaction)
        where = interaction.guild_id
        return await ma.match_take(
            app, match_id, player, number, typed, where=where, version=version, brief=True
        )

    async def shown(reply: Reply) -> dict[str, Any] | None:
        if reply.refused:
            if (await places.places(match_id)).version == version:
                return None  # refused as it stands: said privately
            if draft is not None:
                return await _asked_again(interaction, draft, seat)
            return await places.seat_message(match_id, seat, note=f"⚠️ {reply.body}")
        if draft is not None:
            done = f"✅ {reply.content}" if reply.content else "✅ Done: your panel shows the match now."
            return {"content": limits.truncate(done, limits.CONTENT), "embed": None, "view": None}
        return await places.seat_message(match_id, seat, note=reply.content)

    await act(interaction, match_id, call, in_place=shown)


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
    seat = await _seat_or_spectator(interaction, match_id)
    if seat is None:
        return
    panel = await _panel(interaction, match_id, seat)
    if panel.version != version or not 1 <= number <= len(panel.offers):
        await _show_panel(interaction, match_id, seat, note=STALE)
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
        title = limits.truncate(f"### {number}. {offer.label}", 200)
        body = limits.truncate(body, limits.LAYOUT_TEXT - len(title) - 1)
        text: discord.ui.TextDisplay[Any] = discord.ui.TextDisplay(f"{title}\n{body}")
        joined = "_".join(chosen)
        row: list[discord.ui.Item[Any]] = []
        if pages > 1:
            row.append(OptionsPage(match_id, version, number, joined, max(page - 1, 0), "◀", page == 0))
            row.append(
                OptionsPage(
                    match_id, version, number, joined, min(page + 1, pages - 1), "▶", page == pages - 1
                )
            )
        row.append(BackButton(match_id))
        menu = ChoiceMenu(match_id, version, number, joined, need, labels, page=page)
        container = discord.ui.Container(
            text, discord.ui.ActionRow(menu), discord.ui.ActionRow(*row), accent_colour=presenter.COLOUR
        )
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(container)
        await _edit(interaction, view=view, attachments=[])
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
    :func:`~cogs.match.forms.fingerprint`, the menu choices made before the forms (``chosen``, as
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
        try:
            return FORM_BUTTON_ID.make(
                match=self.match_id,
                version=self.version,
                n=self.number,
                print=self.fingerprint,
                chosen=self.chosen,
                typed=typed,
                done=done,
            )
        except ValueError:  # past Discord's 100 characters
            return None


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
    # No offer of the four games comes near a custom id's 100 characters
    # (tests/cogs/match/test_offer_forms.py).
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


async def _asked_again(interaction: discord.Interaction, draft: Draft, seat: int) -> dict[str, Any]:
    """The match moved on while the player typed: the same form of the same offer on the new panel, with
    what was typed before it, or one sentence when the offer is gone."""
    panel = await _panel(interaction, draft.match_id, seat)
    found = _same_offer(panel, draft.number, draft.fingerprint)
    if found is None:
        return {"content": GONE, "embed": None, "view": None}
    number, offer = found
    return _prompt(replace(draft, version=panel.version, number=number), offer, KEPT)


async def open_form(interaction: discord.Interaction, form: OfferForm) -> None:
    """Show ``form`` as the press's answer. The bot remembers which forms it has open until they time
    out (:attr:`MatchPlaces.open_forms <cogs.match.places.MatchPlaces.open_forms>`), so that the answer
    to a form opened by an earlier process is told to press again (:mod:`cogs.match.commands`)."""
    opened = places_of(interaction).open_forms
    opened.add(form.custom_id)
    form.forget = opened.discard
    await interaction.response.send_modal(form)


# items --------------------------------------------------------------------------------------------------


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BOARD_ID.pattern):
    """My hand (the presser's panel, privately), Watch (the spectator's board, privately), Resend my
    panel (a fresh DM)."""

    LABELS: ClassVar[dict[str, str]] = {verb: label for verb, label, _ in mr.BOARD_BUTTONS}
    STYLES: ClassVar[dict[str, Style]] = {verb: style for verb, _, style in mr.BOARD_BUTTONS}

    def __init__(self, verb: str, match_id: int) -> None:
        self.verb = verb
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[verb],
                style=STYLES[self.STYLES[verb]],
                custom_id=BOARD_ID.make(verb=verb, match=match_id),
            )
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
        places = places_of(interaction)
        if self.verb == "r":
            sent = await places.resend(self.match_id, seat)
            text = (
                "Your panel is in your DMs."
                if sent
                else "I still can't send you a DM: allow direct messages from this server's members,"
                " or use My hand."
            )
            await interaction.response.send_message(text, ephemeral=True)
            return
        kwargs = await places.seat_message(self.match_id, seat)
        await interaction.response.send_message(ephemeral=True, **kwargs)


class OfferButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=OFFER_ID.pattern,
):
    """One offer of a player's panel: taken at once, or its choices asked for first. An offer whose
    first step is a form says so in its custom id (``:f``): the form must be the press's answer;
    any other press is acknowledged before anything is computed, so that it meets Discord's three
    seconds however busy the process is."""

    def __init__(
        self,
        match_id: int,
        version: int,
        number: int,
        offer: Offer | None = None,
        *,
        form: bool = False,
        label: str = "",
        style: discord.ButtonStyle | None = None,
    ) -> None:
        self.match_id, self.version, self.number = match_id, version, number
        self.form = form or (offer is not None and _first_is_form(offer))
        label = label or (f"{number}. {offer.label}" if offer is not None else str(number))
        if style is None:
            style = _style(offer) if offer is not None else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=limits.truncate(label, limits.BUTTON_LABEL),
                style=style,
                custom_id=OFFER_ID.make(match=match_id, version=version, n=number, form=self.form),
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


class CardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=CARD_ID.pattern,
):
    """A card of the hand's action, beside its line on a player's panel: offer ``n`` with option
    ``option`` of its first choice (that card) already chosen; its other choices are asked next. As
    with :class:`OfferButton`, ``:f`` says that a form comes next, which must be the press's answer."""

    def __init__(
        self,
        match_id: int,
        version: int,
        number: int,
        option: int,
        offer: Offer | None = None,
        *,
        form: bool = False,
        label: str = "",
        style: discord.ButtonStyle | None = None,
    ) -> None:
        self.match_id, self.version, self.number, self.option = match_id, version, number, option
        self.form = form or (offer is not None and _first_is_form(offer, chosen=1))
        super().__init__(
            discord.ui.Button(
                label=limits.truncate(label or (offer.label if offer is not None else str(number)), 80),
                style=style or (_style(offer) if offer is not None else discord.ButtonStyle.secondary),
                custom_id=CARD_ID.make(
                    match=match_id, version=version, n=number, option=option, form=self.form
                ),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardButton:
        return cls(
            int(match["match"]),
            int(match["version"]),
            int(match["n"]),
            int(match["option"]),
            form=bool(match["form"]),
        )

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        if not self.form:
            await interaction.response.defer()
        await choose(interaction, self.match_id, self.version, self.number, [str(self.option)])


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PAGE_ID.pattern,
):
    """**More** on a player's panel (page 0), and the pages of the offers behind it. A press from a
    panel sent by an older version, where it turned a page of offer buttons, opens the same page of
    them in the menu."""

    def __init__(self, match_id: int, version: int, page: int, label: str = "More", disabled: bool = False):
        self.match_id, self.version, self.page = match_id, version, page
        super().__init__(
            discord.ui.Button(
                label=limits.truncate(label, limits.BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=PAGE_ID.make(match=match_id, version=version, page=page),
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(int(match["match"]), int(match["version"]), int(match["page"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # acknowledged at once, however busy the process
        seat = await _seat_or_spectator(interaction, self.match_id)
        if seat is None:
            return
        await _show_more(interaction, self.match_id, seat, self.version, self.page)


class MoreMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=MORE_ID.pattern,
):
    """The menu of the offers behind **More**: each option an offer by its number (``12``; ``12:f``
    when a form comes first, which must be the choice's answer), pressed as its button would be."""

    def __init__(self, match_id: int, version: int, listed: Sequence[tuple[int, Offer]] = ()) -> None:
        self.match_id, self.version = match_id, version
        options = [
            discord.SelectOption(
                label=limits.truncate(f"{number}. {offer.label}", limits.OPTION_TEXT),
                value=f"{number}:f" if _first_is_form(offer) else str(number),
                description=limits.truncate(mr.needs_brief(offer.needs) or _GROUP_WORDS[offer.group], 100),
            )
            for number, offer in listed
        ] or [discord.SelectOption(label="-", value="0")]
        super().__init__(
            discord.ui.Select(
                custom_id=MORE_ID.make(match=match_id, version=version),
                placeholder="Choose an offer",
                options=options,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoreMenu:
        return cls(int(match["match"]), int(match["version"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        chosen = re.fullmatch(r"(\d{1,6})(:f)?", str((data.get("values") or [""])[0]))
        if chosen is None:
            raise ArbiterError("Choose one of the offers the menu lists.")
        if not chosen[2]:
            await interaction.response.defer()
        await choose(interaction, self.match_id, self.version, int(chosen[1]), [])


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BACK_ID.pattern):
    """Back to the panel, choosing nothing."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label="Back", style=discord.ButtonStyle.secondary, custom_id=BACK_ID.make(match=match_id)
            )
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
    template=CHOICE_ID.pattern,
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
        super().__init__(
            discord.ui.Select(
                custom_id=CHOICE_ID.make(
                    match=match_id, version=version, n=number, chosen=chosen, page=page or None
                ),
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
        if not await _form_next(interaction, self.match_id, self.version, self.number, len(chosen)):
            await interaction.response.defer()  # acknowledged at once, however busy the process
        await choose(interaction, self.match_id, self.version, self.number, chosen)


class OptionsPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=OPTIONS_ID.pattern,
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
                custom_id=OPTIONS_ID.make(
                    match=match_id, version=version, n=number, chosen=chosen, page=page
                ),
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
    (:func:`~cogs.match.forms.form_pages`); ``draft`` says which and what the forms before held. Its
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
            custom_id=FORM_ID.make(match=match_id, version=version, n=number, page=page, nonce=nonce),
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
    template=FORM_BUTTON_ID.pattern,
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
        seat = await _seat_or_spectator(interaction, self.draft.match_id)
        if seat is None:
            return
        panel = await _panel(interaction, self.draft.match_id, seat)
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


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CHALLENGE_ID.pattern):
    """Accept a challenge with a practice deck (``/match accept`` brings another deck), or decline it."""

    def __init__(self, verb: str, challenge_id: int) -> None:
        self.verb, self.challenge_id = verb, challenge_id
        accept = verb == "a"
        super().__init__(
            discord.ui.Button(
                label="Accept (practice deck)" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=CHALLENGE_ID.make(verb=verb, challenge=challenge_id),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChallengeButton:
        return cls(match["verb"], int(match["challenge"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)
        guild = interaction.guild_id or 0
        if self.verb == "a":
            reply = await ma.match_accept(
                app, guild, self.challenge_id, player_of(interaction), DeckChoice("practice")
            )
        else:
            reply = await ma.match_decline(app, guild, self.challenge_id, player_of(interaction))
        await presenter.present(interaction, reply)


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("a", challenge_id))
    view.add_item(ChallengeButton("d", challenge_id))
    return view


DYNAMIC_ITEMS = (
    BoardButton,
    OfferButton,
    CardButton,
    PageButton,
    MoreMenu,
    BackButton,
    ChoiceMenu,
    OptionsPage,
    FormButton,
    ChallengeButton,
)
"""The match's persistent components, registered once so old messages keep working."""
