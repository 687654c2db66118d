"""Match panels, per viewer, built from the engine's views (:func:`engine.match.view.view`), log lines
rendered for the same viewer, and offers (:func:`engine.match.offers.offers`). A panel shows only
what its view holds, so it never names a card its viewer does not know.

- :func:`board_panel`: the public board (a spectator's view): each zone's count, the face-up cards,
  life or damage, turn, phase and step, whom the game waits for, the last log lines, the seed's hash;
  the same panel serves a seat, from that seat's view;
- :func:`hand_panel`: one seat's private panel: their hand and every other card they know in a hidden
  place, and their offers, numbered, with what each still needs;
- :func:`result_panel`: the end: result and reason, the seed revealed, how to export and verify.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.render import limits
from bot.render.board_image import board_png
from bot.render.panel import Panel, make_panel
from engine.games import resolve_game
from engine.match.offers import CardsNeed, NumberNeed, Offer, PickNeed, TextNeed
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


def board_panel(
    view: Mapping[str, Any], lines: Sequence[str], *, match_id: int, notes: Sequence[str] = ()
) -> Panel:
    """The board as ``view``'s viewer sees it (a spectator's view for the public board)."""
    game = resolve_game(str(view["game"]))
    players = view["players"]
    title = f"Match #{match_id}: {players[0]['name']} vs {players[1]['name']} ({game.name})"
    turn = view["turn"]
    upright = _upright(view)
    card_notes = (view.get("game_data") or {}).get("card_notes") or {}
    if view["status"] == "playing":
        head = (
            f"Turn {turn['number']}, {_seat_name(view, turn['active'])}'s turn: {turn['phase']}"
            f" ({turn['step'].replace('_', ' ')}). Waiting for {_seat_name(view, waiting_for(view))}."
        )
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
        rows = [_value_text(view, player["values"])] if player["values"] else []
        rows += [_zone_line(zone, upright, card_notes) for zone in zones]
        shared = [zone for zone in view["zones"] if zone["player"] is None and zone["count"]]
        for zone in shared:
            own = [card for card in zone["cards"] if card["controller"] == seat]
            if own:
                rows.append(_zone_line({**zone, "cards": own, "count": len(own)}, upright, card_notes))
        fields.append((str(player["name"]), "\n".join(rows) or "nothing yet"))
    middle = [zone for zone in view["zones"] if zone["player"] is None and zone["count"] and not _split(zone)]
    if middle:
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
    for zone in view["zones"]:
        for card in zone["cards"]:
            if card.get("orientation") is not None:
                return _UPRIGHT.get(str(view["game"]))
    return None


_UPRIGHT = {"vanguard": "stand", "duelmasters": "untap", "forceofwill": "recover", "gateruler": "ready"}
"""Each game's upright orientation, the one not worth saying."""


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


def need_text(need: CardsNeed | NumberNeed | PickNeed | TextNeed, view: Mapping[str, Any]) -> str:
    """What a need asks for, in a few words, with its options numbered from 1."""
    if isinstance(need, NumberNeed):
        return f"{need.field}: {need.label} from {need.low} to {need.high}" + (
            " (or none)" if need.optional else ""
        )
    if isinstance(need, TextNeed):
        return f"{need.field}: {need.label} (up to {need.max_length} characters)"
    if isinstance(need, PickNeed):
        options = ", ".join(f"{i}={text}" for i, text in enumerate(need_options(need, view), 1))
        return f"{need.field}: one of {options}"
    count = str(need.low) if need.low == need.high else f"{need.low} to {need.high}"
    options = ", ".join(f"{i}={_position_text(at, view)}" for i, at in enumerate(need.options[:30], 1))
    more = f", … {len(need.options)} in all" if len(need.options) > 30 else ""
    shares = "".join(f"; {share.label}" for share in need.at_least)
    return f"{need.field}: {count} {need.label}(s) of {options}{more}{shares}"


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
    for zone in view["zones"]:
        if zone["zone"] == at.zone and zone["player"] == at.player:
            cards = zone["cards"]
            name = cards[at.index].get("name") if at.index < len(cards) else None
            label = str(zone["label"])
            return f"{label} #{at.index + 1}" + (f" {name}" if name else "")
    return f"{at.zone} #{at.index + 1}"


_ROW_MOST = 400
"""The longest line an offer takes on a private panel (its options cut with "…" beyond)."""
_OFFERS_BUDGET = 3_500
"""The characters a private panel gives its offers' choices; past it, offers show their labels only."""


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


def hand_panel(
    view: Mapping[str, Any],
    offers: Sequence[Offer],
    *,
    match_id: int,
    seat: int,
    limit: int = 40,
    choices: bool = True,
) -> Panel:
    """One seat's private panel: the hand, the other cards they know, and their offers numbered (the
    console takes an offer with ``/match take MATCH N``). Without ``choices``, each offer is its number
    and label only: where the offers are buttons that ask for their choices when pressed (Discord)."""
    hand, known = known_cards(view, seat)
    body = ["Your hand: " + ("; ".join(hand) if hand else "empty")]
    if not choices:
        body = ["Your hand:", *(hand or ["empty"])]
    if known:
        body.append("You also know: " + "; ".join(known[:20]))
    groups = {"now": "Now", "card text": "Card text", "main": "Main", "more": "More"}
    fields: list[tuple[str, str]] = []
    budget = _OFFERS_BUDGET
    for group, label in groups.items():
        rows = []
        for number, offer in enumerate(offers, 1):
            if offer.group != group or number > limit:
                continue
            needs = "; ".join(need_text(need, view) for need in offer.needs) if choices else ""
            row = f"{number}. {offer.label}" + (f" [{needs}]" if needs else "")
            if len(row) > _ROW_MOST:
                row = row[: _ROW_MOST - 2] + "…]"
            if budget < len(row):
                row = f"{number}. {offer.label}"
            budget -= len(row) + 1
            rows.append(row)
        if choices:
            fields.extend(_packed(label, rows))
        elif rows:
            fields.append((label, limits.truncate(" · ".join(rows), limits.FIELD_VALUE)))
    if not offers:
        fields.append(("Now", "Nothing to do: the game waits for the other player."))
    title = f"Match #{match_id}: your panel ({view['players'][seat]['name']})"
    commands = [f"/match take {match_id} N field:choice ...", f"/match board {match_id}"]
    return make_panel(title, "\n".join(body), fields=fields, commands=commands, private=True)


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
