"""Match panels, per viewer, built from the engine's views (:func:`engine.match.view.view`), log lines
rendered for the same viewer, and offers (:func:`engine.match.offers.offers`). A panel shows only
what its view holds, so it never names a card its viewer does not know.

- :func:`board_panel`: the public board (a spectator's view): each zone's count, the face-up cards,
  life or damage, turn, phase and step, whom the game waits for, the last log lines, the seed's hash;
  the same panel serves a seat, from that seat's view; beside its picture (``counts``), each side in
  counts and what the picture does not show;
- :func:`hand_panel`: one seat's private panel: their hand and every other card they know in a hidden
  place, and their offers, numbered, with what each still needs;
- :func:`seat_layout`: the same private panel laid out for a phone (Discord's Components V2, see
  :mod:`bot.render.layout`): the step's decision first, each card of the hand with its action beside
  it, at most :data:`MOST_CONTROLS` buttons, the rest behind **More**;
- :func:`result_panel`: the end: result and reason, the seed revealed, how to export and verify.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.render import limits
from bot.render.board_image import board_png
from bot.render.board_image.reading import upright_of
from bot.render.layout import (
    Block,
    Layout,
    Line,
    Press,
    Style,
    Text,
    fits,
    panel_layout,
    press,
    rows_of,
    text_length,
)
from bot.render.panel import Panel, make_panel
from engine.games import resolve_game
from engine.match.offers import CardsNeed, NumberNeed, Offer, PickNeed, TextNeed
from engine.match.state import MatchStatus
from engine.match.view import waiting_for

LAST_LINES = 6
"""Log lines shown on a board."""
CARDS_SHOWN = 12
"""Face-up cards listed per zone before "and N more"."""


def _seat_name(view: Mapping[str, Any], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return str(view["players"][seat]["name"])


def value_words(view: Mapping[str, Any], name: str, value: int) -> str:
    """A player's value as the board says it: the game's words for it where it has some (Gate Ruler's
    cap of -1 is "no summon cap"), else its name and number."""
    words = ((view.get("game_data") or {}).get("value_words") or {}).get(name) or {}
    return str(words.get(str(value)) or f"{name.replace('_', ' ')} {value}")


def _value_text(view: Mapping[str, Any], values: Mapping[str, int]) -> str:
    return ", ".join(value_words(view, name, value) for name, value in values.items())


def _card_text(
    card: Mapping[str, Any], upright: str | None, notes: Mapping[str, str], under: Sequence[str] = ()
) -> str:
    """A card as the board lists it: its name, then what is true of it now: its orientation, what its
    game says of it (``game_data["card_notes"]``: a power, ATK and DEF, keywords), its counters, and
    the cards attached under it (part of it, not listed on their own)."""
    name = card.get("name") or "face-down card"
    marks = []
    if card.get("orientation") not in (None, upright):
        marks.append(str(card["orientation"]))
    note = notes.get(str(card.get("handle")))
    if note:
        marks.append(str(note))
    counters = card.get("counters") or {}
    marks.extend(f"{count} {name}" for name, count in counters.items())
    if under:
        marks.append(f"{', '.join(under)} under it")
    return f"{name} ({', '.join(marks)})" if marks else str(name)


def _zone_line(zone: Mapping[str, Any], upright: str | None, notes: Mapping[str, str] | None = None) -> str:
    cards = zone["cards"]
    shown = [card for card in cards if card.get("face") == "up" and card.get("name")]
    label = str(zone["label"])
    if not shown:
        return f"{label}: {zone['count']}"
    visible = len(shown)
    hosts = {card.get("handle") for card in shown}
    under: dict[Any, list[str]] = {}
    for card in shown:
        if card.get("attached_to") in hosts:
            under.setdefault(card["attached_to"], []).append(str(card["name"]))
    shown = [card for card in shown if card.get("attached_to") not in hosts]
    names = [
        _card_text(card, upright, notes or {}, under.get(card.get("handle"), ()))
        for card in shown[:CARDS_SHOWN]
    ]
    more = len(shown) - len(names)
    hidden = zone["count"] - visible
    tail = (f", and {more} more" if more else "") + (f" (+{hidden} face down)" if hidden else "")
    return f"{label} ({zone['count']}): " + ", ".join(names) + tail


def _turn_text(view: Mapping[str, Any]) -> str:
    turn = view["turn"]
    return (
        f"Turn {turn['number']}, {_seat_name(view, turn['active'])}'s turn: {turn['phase']}"
        f" ({turn['step'].replace('_', ' ')})."
    )


def _whose_turn(view: Mapping[str, Any]) -> str:
    turn = view["turn"]
    return f"Turn {turn['number']}, {_seat_name(view, turn['active'])}'s turn."


def waits(view: Mapping[str, Any], seat: int, listed: Sequence[Offer]) -> bool:
    """Whether ``seat`` only waits: the game waits for another player and the seat's offers are the
    ones always there (behind **More**: a note, a stop, a draw offered, a concession). Its panel then
    says whose turn it is, not each step (the board shows the steps), so it reads the same while the
    other player moves on, and a transport need not edit it for each of their actions."""
    return waiting_for(view) != seat and all(offer.group == "more" for offer in listed)


def _counts_line(view: Mapping[str, Any], seat: int, zones: Sequence[Mapping[str, Any]]) -> list[str]:
    """A player's side of the board in counts: their values, each zone's count in one line, and what
    their game says of their face-up cards now (a power, keywords: what a picture of the board does not
    show)."""
    player = view["players"][seat]
    notes = (view.get("game_data") or {}).get("card_notes") or {}
    rows = [_value_text(view, player["values"])] if player["values"] else []
    counts = [f"{zone['label']} {zone['count']}" for zone in zones]
    shared = [zone for zone in view["zones"] if zone["player"] is None and zone["count"] and _split(zone)]
    for zone in shared:
        own = sum(1 for card in zone["cards"] if card["controller"] == seat)
        if own:
            counts.append(f"{zone['label']} {own}")
    if counts:
        rows.append(" · ".join(counts))
    noted = [
        f"{card['name']} ({notes[str(card.get('handle'))]})"
        for zone in view["zones"]
        for card in zone["cards"]
        if str(card.get("handle")) in notes
        and card.get("face") == "up"
        and card.get("name")
        and (zone["player"] == seat or (zone["player"] is None and card.get("controller") == seat))
    ]
    if noted:
        rows.append("Now: " + "; ".join(noted))
    return rows


def board_panel(
    view: Mapping[str, Any],
    lines: Sequence[str],
    *,
    match_id: int,
    notes: Sequence[str] = (),
    counts: bool = False,
) -> Panel:
    """The board as ``view``'s viewer sees it (a spectator's view for the public board). With
    ``counts``, for a board shown beside its picture: each player's side in counts (and what the picture
    does not show of their cards) instead of every face-up card by name, which the picture shows."""
    game = resolve_game(str(view["game"]))
    players = view["players"]
    title = f"Match #{match_id}: {players[0]['name']} vs {players[1]['name']} ({game.name})"
    upright = _upright(view)
    card_notes = (view.get("game_data") or {}).get("card_notes") or {}
    if view["status"] == MatchStatus.PLAYING:
        head = f"{_turn_text(view)} Waiting for {_seat_name(view, waiting_for(view))}."
    else:
        head = _ending(view)
    if view.get("draw_offer") is not None:
        head += f" {_seat_name(view, view['draw_offer'])} offers a draw."
    if view.get("undo_request") is not None:
        head += f" {_seat_name(view, view['undo_request'])} asks to undo their last action."
    fields: list[tuple[str, str]] = []
    for seat, player in enumerate(players):
        zones = [
            zone
            for zone in view["zones"]
            if zone["player"] == seat and (zone["count"] or zone["zone"] == "hand")
        ]
        if counts:
            fields.append((str(player["name"]), "\n".join(_counts_line(view, seat, zones)) or "nothing yet"))
            continue
        rows = [_value_text(view, player["values"])] if player["values"] else []
        rows += [_zone_line(zone, upright, card_notes) for zone in zones]
        shared = [zone for zone in view["zones"] if zone["player"] is None and zone["count"]]
        for zone in shared:
            own = [card for card in zone["cards"] if card["controller"] == seat]
            if own:
                rows.append(_zone_line({**zone, "cards": own, "count": len(own)}, upright, card_notes))
        fields.append((str(player["name"]), "\n".join(rows) or "nothing yet"))
    middle = [zone for zone in view["zones"] if zone["player"] is None and zone["count"] and not _split(zone)]
    if middle and counts:
        between = " · ".join(f"{zone['label']} {zone['count']}" for zone in middle)
        fields.append(("Between the players", between))
    elif middle:
        fields.append(
            ("Between the players", "\n".join(_zone_line(zone, upright, card_notes) for zone in middle))
        )
    if lines:
        fields.append(("Last moves", "\n".join(lines[-LAST_LINES:])))
    footer = f"Seed hash {str(view['seed_hash'])[:16]}…"
    body = "\n".join([head, *notes])
    return make_panel(title, body, fields=fields, footer=footer)


def _split(zone: Mapping[str, Any]) -> bool:
    """A shared zone whose cards are shown under their controllers (a battle zone, a field)."""
    return any(card.get("orientation") is not None for card in zone["cards"])


def _upright(view: Mapping[str, Any]) -> str | None:
    """The game's upright orientation (its spec's first), the one not worth saying, if any card has one."""
    for zone in view["zones"]:
        for card in zone["cards"]:
            if card.get("orientation") is not None:
                return upright_of(str(view["game"]))
    return None


def _ending(view: Mapping[str, Any]) -> str:
    winner = view.get("winner")
    reason = view.get("end_reason") or ""
    if winner is None:
        return f"The match ended in a draw. {reason}".strip()
    return f"{_seat_name(view, winner)} wins. {reason}".strip()


def known_cards(view: Mapping[str, Any], seat: int) -> tuple[list[str], list[str]]:
    """The seat's hand (numbered names) and the other cards they know in places others do not see
    (face down, or in a hidden zone), as ``"zone: name"`` lines."""
    hand: list[str] = []
    known: list[str] = []
    for zone in view["zones"]:
        for index, card in enumerate(zone["cards"]):
            name = card.get("name")
            if name is None:
                continue
            if zone["zone"] == "hand" and zone["player"] == seat:
                hand.append(f"{index + 1}. {name}")
            elif card.get("face") == "down":
                whose = (
                    "" if zone["player"] in (None, seat) else f"{view['players'][zone['player']]['name']}'s "
                )
                known.append(f"{whose}{zone['label']} #{index + 1}: {name}")
    return hand, known


MENU_PAGE = limits.SELECT_OPTIONS
"""Options a page, as Discord's menus show them (each keeping its number)."""


def need_text(need: CardsNeed | NumberNeed | PickNeed | TextNeed, view: Mapping[str, Any]) -> str:
    """What a need asks for, in a few words, with every one of its options numbered from 1, by pages of
    25 as Discord's menus show them; a run of cards the viewer does not know in one zone is one range
    ("1-28=deck #1-#28")."""
    if isinstance(need, NumberNeed):
        return f"{need.field}: {need.label} from {need.low} to {need.high}" + (
            " (or none)" if need.optional else ""
        )
    if isinstance(need, TextNeed):
        return f"{need.field}: {need.label} (up to {need.max_length} characters)"
    if isinstance(need, PickNeed):
        texts = need_options(need, view)
        return f"{need.field}: one of {_paged([(i, i, text) for i, text in enumerate(texts, 1)])}"
    count = str(need.low) if need.low == need.high else f"{need.low} to {need.high}"
    shares = "".join(f"; {share.label}" for share in need.at_least)
    return f"{need.field}: {count} {need.label}(s) of {_paged(_runs(need, view))}{shares}"


def _runs(need: CardsNeed, view: Mapping[str, Any]) -> list[tuple[int, int, str]]:
    """A card need's options as ``(first, last, text)``: one per card, but consecutive cards of one zone
    whose names the viewer does not know, which read as one range ("deck #1-#28"). A range never
    crosses a menu page."""
    runs: list[tuple[int, int, str]] = []
    previous: Any = None
    for number, at in enumerate(need.options, 1):
        text = _position_text(at, view)
        unnamed = text == _place(at, view)
        if (
            unnamed
            and runs
            and previous is not None
            and (previous.zone, previous.player, previous.index + 1) == (at.zone, at.player, at.index)
            and runs[-1][2].endswith(f"#{previous.index + 1}")
            and (number - 1) % MENU_PAGE
        ):
            first, _, head = runs[-1]
            runs[-1] = (first, number, head.split("-#")[0] + f"-#{at.index + 1}")
        else:
            runs.append((number, number, text))
        previous = at if unnamed else None
    return runs


def _paged(runs: Sequence[tuple[int, int, str]]) -> str:
    """Numbered options, marked by menu page when there are more than one page of them."""
    parts: list[str] = []
    last = runs[-1][1] if runs else 0
    for first, end, text in runs:
        if last > MENU_PAGE and (first - 1) % MENU_PAGE == 0:
            parts.append(f"(page {(first - 1) // MENU_PAGE + 1}) ")
        number = str(first) if first == end else f"{first}-{end}"
        parts.append(f"{number}={text}, ")
    return "".join(parts).rstrip(", ")


def _option_text(need: PickNeed, index: int, view: Mapping[str, Any]) -> str:
    """A pick's option in words: the game's label for it, a player's name, a zone as the board names
    it, a step as words; never a code or a seat number."""
    option = need.options[index]
    if need.labels:
        return need.labels[index]
    if need.players and isinstance(option, int) and 0 <= option < len(view["players"]):
        return str(view["players"][option]["name"])
    if option is None:
        return "next"
    zone = getattr(option, "zone", None)
    if zone is not None:
        player = getattr(option, "player", None)
        named = next(
            (str(z["label"]) for z in view["zones"] if z["zone"] == zone and z["player"] == player), None
        )
        whose = "" if player is None else f"{view['players'][player]['name']}'s "
        return f"{whose}{named or zone.replace('_', ' ')}"
    if isinstance(option, tuple):
        return ", ".join(str(part).replace("_", " ") for part in option) or "none"
    return str(option).replace("_", " ")


def _position_text(at: Any, view: Mapping[str, Any]) -> str:
    """A position as the board names it, the other player's zones with their name ("Ben's mana zone #2"),
    and its card's name where the viewer knows it."""
    place = _place(at, view)
    for zone in view["zones"]:
        if zone["zone"] == at.zone and zone["player"] == at.player:
            cards = zone["cards"]
            name = cards[at.index].get("name") if at.index < len(cards) else None
            return place + (f" {name}" if name else "")
    return place


def _place(at: Any, view: Mapping[str, Any]) -> str:
    """A position without the name of its card: "deck #3", "Ben's mana zone #1"."""
    label = next(
        (str(z["label"]) for z in view["zones"] if z["zone"] == at.zone and z["player"] == at.player), at.zone
    )
    players = view["players"]
    mine = at.player is None or at.player == view.get("viewer") or not 0 <= at.player < len(players)
    whose = "" if mine else f"{players[at.player]['name']}'s "
    return f"{whose}{label} #{at.index + 1}"


_LINE_MOST = 1_000
"""The longest line of an offer on a private panel: a longer offer takes several lines, a need a line
of its own, its options going on over more lines (never cut)."""


def _packed(name: str, rows: Sequence[str]) -> list[tuple[str, str]]:
    """Rows as fields of whole rows, each within an embed field's length ("More", "More (2)"...)."""
    fields: list[tuple[str, str]] = []
    chunk: list[str] = []
    for row in rows:
        if chunk and len("\n".join([*chunk, row])) > limits.FIELD_VALUE:
            fields.append((name if not fields else f"{name} ({len(fields) + 1})", "\n".join(chunk)))
            chunk = []
        chunk.append(row[: limits.FIELD_VALUE])
    if chunk:
        fields.append((name if not fields else f"{name} ({len(fields) + 1})", "\n".join(chunk)))
    return fields


def _offer_lines(number: int, offer: Offer, view: Mapping[str, Any]) -> list[str]:
    """An offer with every field and every option of each: one line when it fits, else its label on a
    line, each need on lines of its own."""
    needs = [need_text(need, view) for need in offer.needs]
    row = f"{number}. {offer.label}" + (f" [{'; '.join(needs)}]" if needs else "")
    if len(row) <= _LINE_MOST:
        return [row]
    lines = [f"{number}. {offer.label}:"]
    for text in needs:
        while len(text) > _LINE_MOST - 4:
            cut = text.rfind(", ", 0, _LINE_MOST - 4)
            cut = cut + 1 if cut > 0 else _LINE_MOST - 4
            lines.append(f"  · {text[:cut]}")
            text = text[cut:].lstrip()
        lines.append(f"  · {text}")
    return lines


def _pages(fields: Sequence[tuple[str, str]], budget: int) -> list[list[tuple[str, str]]]:
    """Fields laid out on pages of at most ``budget`` characters (and Discord's fields a message)."""
    pages: list[list[tuple[str, str]]] = [[]]
    used = 0
    for name, value in fields:
        size = len(name) + len(value)
        if pages[-1] and (used + size > budget or len(pages[-1]) >= limits.EMBED_FIELDS):
            pages.append([])
            used = 0
        pages[-1].append((name, value))
        used += size
    return pages


def hand_panel(
    view: Mapping[str, Any],
    offers: Sequence[Offer],
    *,
    match_id: int,
    seat: int,
    limit: int = 40,
    choices: bool = True,
    page: int = 1,
) -> Panel:
    """One seat's private panel: the hand, the other cards they know, and their offers numbered (the
    console takes an offer with ``/match take MATCH N``), each with every field it asks for and every
    option of each; offers that do not fit one message go on to the next ``page`` (every number can be
    taken from any page). Without ``choices``, each offer is its number and label only, up to ``limit``:
    where the offers are buttons that ask for their choices when pressed (Discord)."""
    hand, known = known_cards(view, seat)
    body = ["Your hand: " + ("; ".join(hand) if hand else "empty")]
    if not choices:
        body = ["Your hand:", *(hand or ["empty"])]
    if known:
        body.append("You also know: " + "; ".join(known[:20]))
    groups = {"now": "Now", "card text": "Card text", "main": "Main", "more": "More"}
    fields: list[tuple[str, str]] = []
    for group, label in groups.items():
        rows: list[str] = []
        for number, offer in enumerate(offers, 1):
            if offer.group != group:
                continue
            if choices:
                rows.extend(_offer_lines(number, offer, view))
            elif number <= limit:
                rows.append(f"{number}. {offer.label}")
        if choices:
            fields.extend(_packed(label, rows))
        elif rows:
            fields.append((label, limits.truncate(" · ".join(rows), limits.FIELD_VALUE)))
    if not offers:
        fields.append(("Now", "Nothing to do: the game waits for the other player."))
    title = f"Match #{match_id}: your panel ({view['players'][seat]['name']})"
    commands = [f"/match take {match_id} N field:choice ...", f"/match board {match_id}"]
    if choices:
        text = "\n".join(body)
        pages = _pages(fields, limits.EMBED_TOTAL - len(title) - min(len(text), 1_500) - 200)
        page = min(max(page, 1), len(pages))
        fields = pages[page - 1]
        if len(pages) > 1:
            body.append(
                f"Offers, page {page} of {len(pages)} (any offer's number can be taken from any page)."
            )
            following = page % len(pages) + 1
            commands.insert(1, f"/match hand {match_id} page:{following}")
    return make_panel(title, "\n".join(body), fields=fields, commands=commands, private=True)


MOST_CONTROLS = 12
"""Buttons a private panel shows at once, **More** included: what a phone shows without scrolling
through a wall of them. Everything else is behind **More**."""
NOW_MOST = 5
"""Buttons of the step's decision, in one row."""
CARD_TEXT_MOST = 3
"""Buttons of the card text being carried out (those its card data names first), in a row below the
step's decision; its other card text offers are behind More."""
MAIN_MOST = 4
"""Buttons of the game's main actions that are not only a card of the hand's (those are beside their
cards), in the last row beside More."""
_KNOWN_MOST = 900
"""Characters of "you also know" on a private panel."""
_LABEL_BESIDE = 40
"""The longest label of a card's button (beside its line, it shares the phone's width with it)."""


def _ask(view: Mapping[str, Any], seat: int, now: Sequence[Offer], listed: Sequence[Offer]) -> str:
    """What the panel asks, as its heading: the seat's move and the step's decision (its passes until
    something aside), or whom the game waits for."""
    waiting = waiting_for(view)
    if not listed:
        return f"Nothing to do now: the game waits for {_seat_name(view, waiting)}."
    if waiting != seat:
        return f"Waiting for {_seat_name(view, waiting)}"
    labels = [limits.truncate(offer.label, 40) for offer in now if offer.type != "set_stops"]
    if 2 <= len(labels) <= 3:
        return "Your move: " + ", ".join(labels[:-1]) + f" or {labels[-1]}?"
    return "Your move"


def _hand_options(offer: Offer, seat: int) -> dict[int, int]:
    """For an offer whose first choice is one card that may be from the hand: each hand card's index
    to its option number (from 1) in that choice."""
    first = _first_choice(offer)
    if not isinstance(first, CardsNeed) or first.high != 1:
        return {}
    return {
        at.index: number
        for number, at in enumerate(first.options, 1)
        if at.zone == "hand" and at.player in (seat, None)
    }


def needs_brief(needs: Sequence[CardsNeed | NumberNeed | PickNeed | TextNeed]) -> str:
    """What an offer still asks for, in a few words and no options: "circle", "7 mana; at least 1
    water", "how many"."""
    words = []
    for need in needs:
        if isinstance(need, CardsNeed):
            count = str(need.low) if need.low == need.high else f"{need.low} to {need.high}"
            words.append(f"{count} {need.label}" + "".join(f"; {share.label}" for share in need.at_least))
        else:
            words.append(need.label)
    return ", ".join(words)


def _first_choice(offer: Offer) -> CardsNeed | PickNeed | None:
    """The first choice an offer asks for in a menu."""
    return next((need for need in offer.needs if isinstance(need, CardsNeed | PickNeed)), None)


def _after_card(offer: Offer) -> str:
    """What an offer asks for once its first card is chosen."""
    first = _first_choice(offer)
    return needs_brief([need for need in offer.needs if need is not first])


def seat_layout(
    view: Mapping[str, Any],
    listed: Sequence[Offer],
    *,
    match_id: int,
    seat: int,
    version: int,
    where: str = "",
    note: str = "",
) -> Layout:
    """One seat's private panel laid out for a phone (Discord's Components V2), at most
    :data:`MOST_CONTROLS` buttons at once:

    - a heading: the match, whose turn, and what is asked (the seat's move and its decision, or whom
      the game waits for);
    - the step's decision (offers of the ``now`` group) as the first row of buttons, numbered as
      ``/match take`` numbers them;
    - while a card's text is carried out, its card text offers (the ``card text`` group, up to
      :data:`CARD_TEXT_MOST`, those its card data names first) as a row of their own;
    - each card of the hand on its own line, with its main action beside it (the first ``now`` or
      ``main`` offer whose first choice is that card: Call, Ride, Use, Play, Charge...; the button takes
      the offer with the card chosen) and what that action asks for next; as many as the buttons left
      allow, the other cards as plain lines;
    - what the seat knows elsewhere (face-down or hidden cards);
    - a last row: the game's main actions that are not a hand's card's only (up to
      :data:`MAIN_MOST`), and **More** (the number of offers behind it), which opens every offer not
      shown as a button of its own in a paged menu.

    Within Discord's 40 components and 4,000 characters: the lines with a button become plain lines,
    last first, until it fits."""
    game = resolve_game(str(view["game"])).name
    numbered = list(enumerate(listed, 1))
    now = [(n, offer) for n, offer in numbered if offer.group == "now"][:NOW_MOST]
    beside: dict[int, tuple[int, Offer, int]] = {}
    linked: dict[int, bool] = {}  # offers whose first choice may be a card of the hand: hand only?
    for n, offer in numbered:
        options = _hand_options(offer, seat) if offer.group in ("now", "main") else {}
        first = _first_choice(offer)
        if options and first is not None:
            linked[n] = len(options) == len(first.options)
    for hand_only in (True, False):  # a card's own action (Play) before one of many places' (Ability)
        for n, offer in numbered:
            if linked.get(n) is hand_only:
                for index, option in _hand_options(offer, seat).items():
                    beside.setdefault(index, (n, offer, option))
    # a main action that takes no card of the hand, or cards of other places too (an ability of a card
    # in play), has a button of its own
    main = [(n, offer) for n, offer in numbered if offer.group == "main" and not linked.get(n)][:MAIN_MOST]
    text = [(n, offer) for n, offer in numbered if offer.group == "card text"][:CARD_TEXT_MOST]
    shown = {n for n, _ in now} | {n for n, _ in main} | {n for n, _ in text}
    more = tuple(n for n, _ in numbered if n not in shown)
    room = MOST_CONTROLS - len(now) - len(text) - len(main) - (1 if more else 0)

    head = [
        f"**Match #{match_id} · {game}** · your panel ({view['players'][seat]['name']}),"
        f" as of action {version}{where}"
    ]
    if view["status"] == MatchStatus.PLAYING:
        head.append(_turn_text(view) if not waits(view, seat, listed) else _whose_turn(view))
    head.append(f"### {_ask(view, seat, [offer for _, offer in now], listed)}")
    top: list[Block] = [Text(limits.truncate(note, 500))] if note else []
    top.append(Text("\n".join(head)))
    if now:
        top.extend(rows_of([press(f"{n}. {o.label}", "primary", ("offer", n)) for n, o in now]))
    if text:
        top.append(Text("**Card text**"))
        top.extend(rows_of([press(f"{n}. {o.label}", "secondary", ("offer", n)) for n, o in text]))

    hand: list[tuple[str, tuple[int, Offer, int] | None]] = []
    for zone in view["zones"]:
        if zone["zone"] == "hand" and zone["player"] == seat:
            for index, card in enumerate(zone["cards"]):
                if card.get("name"):
                    hand.append((f"**#{index + 1}** {card['name']}", beside.get(index)))
    _, known = known_cards(view, seat)
    tail: list[Block] = []
    if known:
        tail.append(Text(limits.truncate("**You also know:** " + "; ".join(known), _KNOWN_MOST)))
    last = [press(f"{n}. {o.label}", "success", ("offer", n)) for n, o in main]
    if more:
        last.append(press(f"More ({len(more)})", "secondary", ("more", 0)))
    tail.extend(rows_of(last))

    def laid(buttons: int) -> Layout:
        blocks = list(top)
        plain: list[str] = []
        for text, action in hand:
            if action is None or buttons <= 0:
                plain.append(text)
                continue
            if plain:
                blocks.append(Text("\n".join(plain)))
                plain = []
            n, offer, option = action
            needs = _after_card(offer)
            words = f"{text}\n-# {offer.label}" + (f": choose {needs}" if needs else "")
            style: Style = "primary" if offer.group == "now" else "success"
            blocks.append(Line(words, press(offer.label, style, ("card", n, option), most=_LABEL_BESIDE)))
            buttons -= 1
        if plain or not hand:
            blocks.append(Text("\n".join(plain) if plain else "Your hand is empty."))
        return Layout(tuple([*blocks, *tail]), more=more)

    buttons = max(room, 0)
    layout = laid(buttons)
    while not fits(layout) and buttons > 0:
        buttons -= 1
        layout = laid(buttons)
    return _fit_text(layout)


def _fit_text(layout: Layout) -> Layout:
    """``layout`` with its longest texts cut until all its text fits Discord's 4,000 characters."""
    blocks = list(layout.blocks)
    while text_length(replace(layout, blocks=tuple(blocks))) > limits.LAYOUT_TEXT:
        over = text_length(replace(layout, blocks=tuple(blocks))) - limits.LAYOUT_TEXT
        longest = max(
            (i for i, block in enumerate(blocks) if isinstance(block, Text)),
            key=lambda i: len(blocks[i].content),  # type: ignore[union-attr]
        )
        block = blocks[longest]
        assert isinstance(block, Text)
        blocks[longest] = Text(limits.truncate(block.content, max(1, len(block.content) - over)))
    return replace(layout, blocks=tuple(blocks))


BOARD_BUTTONS: tuple[tuple[str, str, Style], ...] = (
    ("h", "My hand", "primary"),
    ("w", "Watch", "secondary"),
    ("r", "Resend my panel", "secondary"),
)
"""The board's buttons: a player's own panel privately, the spectator's board privately, the DM panel
sent again."""


def board_layout(panel: Panel, *, buttons: bool = True) -> Layout:
    """A board (or a match's result) laid out as Discord's Components V2 show it: its title and state,
    its picture, the text of its sides and last moves (:func:`~bot.render.layout.panel_layout`), and the
    board's buttons unless ``buttons`` is off (a board shown privately)."""
    presses = [Press(label, style, ("board", verb)) for verb, label, style in BOARD_BUTTONS]
    return panel_layout(panel, buttons=presses if buttons else ())


def result_panel(view: Mapping[str, Any], *, match_id: int) -> Panel:
    """The end of a match: its result and reason, the seed revealed, export and verify explained."""
    body = [
        _ending(view),
        f"The seed was {view['seed']}; its SHA-256 is the hash published at the start"
        f" ({view['seed_hash'][:16]}…).",
        f"`arbiter match export {match_id}` writes the whole match as JSON, and `arbiter match verify FILE`"
        " replays it: the seed against its hash, then every shuffle and action.",
    ]
    return make_panel(f"Match #{match_id} is over", "\n".join(body))


def with_picture(panel: Panel, view: Mapping[str, Any], *, match_id: int) -> Panel:
    """``panel`` with the board picture of ``view`` attached (:mod:`bot.render.board_image`): drawn
    from the same view, so it shows no more than the panel's viewer knows."""
    return replace(panel, files=((f"match-{match_id}-board.png", board_png(view)),))


def need_options(need: CardsNeed | PickNeed, view: Mapping[str, Any]) -> list[str]:
    """A menu's option labels for a need, in the need's order: positions as their zone, number and the
    name where the viewer knows it; picks as words."""
    if isinstance(need, PickNeed):
        return [_option_text(need, index, view) for index in range(len(need.options))]
    return [_position_text(at, view) for at in need.options]
