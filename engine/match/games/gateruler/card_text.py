"""Gate Ruler card text in one step: the card text terms of Section 15 that card text uses most, each one
offer with its targets as its choice and its destination fixed (:mod:`engine.match.offers`, "Card
text"):

- destroy a card in play (15-12a: to its owner's graveyard), remove it from the game (15-13a: to its
  owner's removal zone), return it to its owner's hand (15-3a); one offer per owner, the opponent's first
  (a ruler never leaves its ruler zone, 3-7c);
- draw (15-8a), discard (15-9a), choose a card in one's deck by name, then shuffle it (15-6a, 15-6a-1),
  look at the top cards of one's deck (15-5a);
- special summon a unit of one's hand or graveyard into an attack or defense zone (15-18a);
- ready and exhaust cards (15-7a, 15-7b), heal life (15-21b: damage-zone cards to the graveyard);
- the game's own tools: deal damage (15-20a), add as a charge (15-14a), drive (15-19), damage reversal
  (15-30).

While a card of its seat has just resolved out of the gate (its event text, or a unit or field that
entered play, 14-4c), or right after the seat took one of the card text actions, these offers come under
"card text", those whose effect the card's text names first; at other times under "more".
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.match.actions import ACTION_TYPES, BaseAction, ZoneRef
from engine.match.games.gateruler.board import stat
from engine.match.games.gateruler.spec import UNIT_ZONES
from engine.match.offers import (
    CARD_TEXT_TYPES,
    EFFECTS,
    CardsNeed,
    Offer,
    PickNeed,
    Resolving,
    Where,
    card_text,
    draw_text,
    effect_words,
    effects_of,
    fit_moves,
    look_text,
    move_text,
    orient_text,
    positions,
    search_text,
    whose,
    zone_ref,
)
from engine.match.state import MatchState

_WHICH = r"(?:a|an|one|two|up to|all|each|it|them|that|this|target|your)\b"
_PATTERNS = {
    "destroy": re.compile(r"\bdestroy", re.IGNORECASE),
    "remove": re.compile(r"\bremove\b[^.]*\bfrom (?:the )?game", re.IGNORECASE),
    "return": re.compile(r"\breturn\b[^.]*\bhand", re.IGNORECASE),
    "draw": re.compile(r"\bdraws? (?:a|an|one|two|three|up to|\d)", re.IGNORECASE),
    "discard": re.compile(r"\bdiscards?\b", re.IGNORECASE),
    "search": re.compile(r"\bsearch\b|\bin (?:your|their) deck\b", re.IGNORECASE),
    "look": re.compile(r"\blook at\b", re.IGNORECASE),
    "special-summon": re.compile(r"\bspecial summon", re.IGNORECASE),
    "ready": re.compile(rf"\bready {_WHICH}", re.IGNORECASE),
    "exhaust": re.compile(rf"\bexhaust {_WHICH}", re.IGNORECASE),
    "heal": re.compile(r"\bheal\b", re.IGNORECASE),
    "damage": re.compile(r"\bdeals? (?:\d+|x) damage|\bdamage to\b", re.IGNORECASE),
    "charge": re.compile(r"\bas a charge|\bcharges?\b", re.IGNORECASE),
    "drive": re.compile(r"\bdrive\b", re.IGNORECASE),
}
"""What Gate Ruler card text says for each effect, as the Set 3 article writes it."""
TOOLS = {"gr_damage": "damage", "gr_add_charge": "charge", "gr_drive": "drive", "gr_reversal": "damage"}
"""The game's own card text actions, with their effect."""
_CLASSES: dict[str, type[BaseAction]] = {cls.model_fields["type"].default: cls for cls in ACTION_TYPES}


def effects(record: Any) -> dict[str, str]:
    """The ``effects`` stat of a card record: the effects its text names."""
    words = effect_words(str(getattr(record, "text", "") or ""), _PATTERNS)
    return {EFFECTS: words} if words else {}


def resolving(state: MatchState, seat: int) -> Resolving | None:
    """Whether ``seat`` carries out card text now (see the module doc), from what both players see: the
    last action, and the face-up card of the seat's that it took out of the gate (:func:`_out_of_gate`)."""
    last = state.last_action
    if last is None:
        return None
    card_id = _out_of_gate(state, seat)
    if card_id is not None:
        named = effects_of(state.ref(card_id))
        return Resolving(named) if named or not state.ref(card_id).stats else None
    kind: str = last.type
    if last.actor == seat and (kind in CARD_TEXT_TYPES or kind in TOOLS):
        return Resolving()
    return None


_PLAYED_FROM = ("hand", "set", "drive")
"""The zones of a player's a card is played from into the gate (7-3, 7-4, 7-6: :class:`.actions.GrPlay`,
:class:`.actions.GrSummon`)."""
_RESOLVED_TO = ("attack", "defense", "field", "graveyard")
"""Where a card goes as it resolves out of the gate (14-4c): a unit into the zone chosen, a field into the
field zone, an event into the graveyard."""


def _out_of_gate(state: MatchState, seat: int) -> int | None:
    """The face-up card of ``seat``'s that the last action took out of the gate, read off the board before
    it (``undo_base``), or None. Either it was in the gate then and is not now; or the last action is a
    pass the match made (a stop not set, :mod:`engine.match.stops`) in the run after the seat's own play,
    whose board before is the one before the play (the passes undo with it): then the card left the
    seat's hand, set or drive zone, went through the gate (revealed as it was played, 14-4b-1) and
    resolved into play or the graveyard (14-4c). Both players saw all of it."""
    before = state.undo_base
    last = state.last_action
    if before is None or last is None or not _CLASSES.get(last.type, BaseAction).undoable:
        return None
    cards = state.board.cards
    gate = state.match.slot_of[("gate", None)]
    now = set(state.board.zones[gate])
    for card_id in before.zones[gate]:
        if card_id not in now and cards[card_id].controller == seat and cards[card_id].face_up:
            return card_id
    if not last.auto or state.undo_actor != seat:
        return None
    played = {card_id for zone in _PLAYED_FROM for card_id in before.zones[state.match.slot_of[(zone, seat)]]}
    for zone in _RESOLVED_TO:
        for card_id in state.zone(zone, seat):
            if card_id in played and cards[card_id].controller == seat and cards[card_id].face_up:
                return card_id
    return None


def offers(state: MatchState, seat: int, tools: list[Offer], where: Where) -> list[Offer]:
    """The card text offers of ``seat`` (see the module doc); ``tools``: the game's own (damage,
    charges, drive, damage reversal), put among them."""
    out: list[Offer] = []
    for player in (1 - seat, seat):
        in_play = [at for zone in (*UNIT_ZONES, "field") for at in positions(state, zone, player)]
        who = whose(state, seat, player)
        their = "your" if player == seat else "their"
        out += move_text(
            f"Destroy {who} cards in play", "destroy", in_play, _to("graveyard", player), rule="15-12a"
        )
        out += move_text(
            f"Remove {who} cards in play from the game",
            "remove",
            in_play,
            _to("removal", player),
            rule="15-13a",
        )
        out += move_text(
            f"Return {who} cards in play to {their} hand",
            "return",
            in_play,
            _to("hand", player),
            rule="15-3a",
        )
    hand = positions(state, "hand", seat)
    out += draw_text(state, seat, "Draw cards", rule="15-8a")
    out += move_text("Discard cards", "discard", hand, _to("graveyard", seat), rule="15-9a")
    out += search_text(state, seat, "Choose a card in your deck", _deck_names(state, seat), rule="15-6a")
    out += look_text(state, seat, "Look at the top cards of your deck", rule="15-5a")
    out += _special_summon(state, seat)
    units = [
        at
        for player in (seat, 1 - seat)
        for zone in ("ruler", *UNIT_ZONES)
        for at in positions(state, zone, player)
        if zone != "ruler" or at.index == 0
    ]
    out += orient_text("Ready cards", "ready", units, "ready", rule="15-7a")
    out += orient_text("Exhaust cards", "exhaust", units, "exhaust", rule="15-7b")
    damage = positions(state, "damage", seat)
    out += move_text(
        "Heal life", "heal", damage, _to("graveyard", seat), rule="15-21b", what="damage-zone card"
    )
    out += [replace(offer, effect=TOOLS[offer.type]) for offer in tools]
    return card_text(fit_moves(state, seat, out, where), resolving(state, seat))


def _special_summon(state: MatchState, seat: int) -> list[Offer]:
    """15-18a: a unit of one's hand or graveyard put directly into one of one's attack or defense zones
    (a card the card data gives no type may be one)."""
    board = state.board
    cards = [
        at
        for zone in ("hand", "graveyard")
        for at in positions(state, zone, seat)
        if stat(state, board, state.zone(zone, seat)[at.index], "type") in (None, "unit")
    ]
    if not cards:
        return []
    zones = tuple(zone_ref(zone, seat) for zone in UNIT_ZONES)
    needs = (
        CardsNeed("cards", tuple(cards), single=False, label="unit"),
        PickNeed("to", zones, "zone", labels=("attack zone", "defense zone")),
    )
    return [Offer("move", "Special summon", needs=needs, rule="15-18a", effect="special-summon")]


def _to(zone: str, player: int) -> ZoneRef:
    return zone_ref(zone, player)


def _deck_names(state: MatchState, seat: int) -> tuple[str, ...]:
    """The names of the seat's decklist its deck may hold (units, events, fields: not its ruler, geas
    or resources), which the seat knows."""
    table = state.match.table
    return tuple(
        sorted(
            {
                table[card.ref].name
                for card in state.board.cards
                if card.owner == seat and table[card.ref].stat("type") in (None, "unit", "event", "field")
            }
        )
    )
