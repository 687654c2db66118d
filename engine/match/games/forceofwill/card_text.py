"""Force of Will card text in one step: the actions by rules (Section 1000) that card text asks for most,
each one offer with its targets as its choice and its destination fixed (:mod:`engine.match.offers`,
"Card text"):

- destroy a card in the field (1010.1: to its owner's graveyard; not a J-ruler, whose destruction the
  players carry out by hand), remove it from the game (1004.1: to its owner's removed area), return it to
  its owner's hand; one offer per owner, the opponent's first; banish one's own (1011.1, 1011.2);
- draw (1009.1), discard (1019.1), search one's deck for a card by name, then shuffle it (1014.2,
  1021), look at the top cards of one's deck;
- put a card of one's hand into the field (1041), rest and recover cards (1013.1);
- damage to a player or a J/resonator (1007: the game's own :class:`.actions.DealDamage`).

While a chase object its seat controls resolves (605.1: a card, or an ability whose words the player
wrote), or right after the seat took one of the card text actions, these offers come under "card text",
those whose effect the card's text (or the ability's words) names first; at other times under "more".
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.match.actions import ZoneRef
from engine.match.games.forceofwill.board import entry_controller, jrulers
from engine.match.games.forceofwill.chase import entry_text
from engine.match.games.forceofwill.spec import ENTITY_TYPES, card_type
from engine.match.offers import (
    CARD_TEXT_TYPES,
    EFFECTS,
    Offer,
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

_TARGET = r"(?:target|a|an|one|two|up to|all|each|it|them|that|this|another|x)\b"
_PATTERNS = {
    "destroy": re.compile(r"\bdestroy", re.IGNORECASE),
    "banish": re.compile(r"\bbanish", re.IGNORECASE),
    "remove": re.compile(r"\bremove\b[^.]*\bfrom (?:the )?game", re.IGNORECASE),
    "return": re.compile(r"\breturn\b[^.]*\bhand", re.IGNORECASE),
    "draw": re.compile(r"\bdraws? (?:a|an|one|two|three|four|up to|x|\d)", re.IGNORECASE),
    "discard": re.compile(r"\bdiscards?\b", re.IGNORECASE),
    "search": re.compile(r"\bsearch\b", re.IGNORECASE),
    "look": re.compile(r"\blook at\b", re.IGNORECASE),
    "field": re.compile(r"\bput\b[^.]*\binto (?:the |your )?field", re.IGNORECASE),
    "rest": re.compile(rf"\brest {_TARGET}", re.IGNORECASE),
    "recover": re.compile(rf"\brecover {_TARGET}", re.IGNORECASE),
    "damage": re.compile(r"\bdeals? (?:\d+|x) damage|\bdamage to\b", re.IGNORECASE),
}
"""What Force of Will card text says for each effect, as fowsim writes it (``{Rest}`` in a cost is no
effect: "rest" counts before a target)."""


def effects(record: Any) -> dict[str, str]:
    """The ``effects`` stat of a card record: the effects its text names (both faces of a ruler)."""
    faces = [str(getattr(face, "text", "") or "") for face in getattr(record, "faces", []) or []]
    words = effect_words("\n".join([str(getattr(record, "text", "") or ""), *faces]), _PATTERNS)
    return {EFFECTS: words} if words else {}


def resolving(state: MatchState, seat: int) -> Resolving | None:
    """Whether ``seat`` carries out card text now (see the module doc): the chase object resolving, which
    both players see (a card face up on the chase, an ability's written words), or the seat's last
    action."""
    board = state.board
    entry = board.data("resolving")
    if entry is not None:
        entry = tuple(entry)
        if entry_controller(board, entry) != seat:
            return None
        if entry[0] == "card":
            return Resolving(effects_of(state.ref(int(entry[1]))))
        return Resolving(frozenset(effect_words(entry_text(entry), _PATTERNS).split()))
    last = state.last_action
    if last is None or last.actor != seat:
        return None
    kind: str = last.type
    return Resolving() if kind in CARD_TEXT_TYPES or kind == "fow_damage" else None


def offers(state: MatchState, seat: int, damage: list[Offer], where: Where) -> list[Offer]:
    """The card text offers of ``seat`` (see the module doc); ``damage``: the game's damage offers."""
    field = state.zone("field", None)
    cards = state.board.cards
    ruled = jrulers(state.board)
    out: list[Offer] = []
    entities = [at for at in positions(state, "field", None) if field[at.index] not in ruled]
    for player in (1 - seat, seat):
        theirs = [at for at in entities if cards[field[at.index]].owner == player]
        who = whose(state, seat, player)
        their = "your" if player == seat else "their"
        out += move_text(
            f"Destroy {who} cards in the field", "destroy", theirs, _to("graveyard", player), rule="1010.1"
        )
        out += move_text(
            f"Remove {who} cards in the field from the game",
            "remove",
            theirs,
            _to("removed", player),
            rule="1004.1",
        )
        out += move_text(
            f"Return {who} cards in the field to {their} hand",
            "return",
            theirs,
            _to("hand", player),
            rule="306.1",
        )
    mine = [
        at
        for at in entities
        if cards[field[at.index]].controller == seat and cards[field[at.index]].owner == seat
    ]
    out += move_text("Banish your cards", "banish", mine, _to("graveyard", seat), rule="1011.1")
    hand = positions(state, "hand", seat)
    out += draw_text(state, seat, "Draw cards", rule="1009.1")
    out += move_text("Discard cards", "discard", hand, _to("graveyard", seat), rule="1019.1")
    out += search_text(state, seat, "Search your deck for a card", _deck_names(state, seat), rule="1014.2")
    out += look_text(state, seat, "Look at the top cards of your deck", rule="1014.2")
    ids = state.zone("hand", seat)
    table = state.match.table
    fielded = [
        at
        for at in hand
        if card_type(table[cards[ids[at.index]].ref]) in (None, "magic stone", *ENTITY_TYPES)
    ]
    out += move_text(
        "Put cards of your hand into the field", "field", fielded, zone_ref("field", None), rule="1041.1"
    )
    turned = [*positions(state, "field", None), *positions(state, "ruler_area", seat)]
    out += orient_text("Rest cards", "rest", turned, "rest", rule="1013.1")
    out += orient_text("Recover cards", "recover", turned, "recover", rule="1013.1")
    out += [replace(offer, effect="damage") for offer in damage]
    return card_text(fit_moves(state, seat, out, where), resolving(state, seat))


def _to(zone: str, player: int) -> ZoneRef:
    return zone_ref(zone, player)


def _deck_names(state: MatchState, seat: int) -> tuple[str, ...]:
    """The names of the seat's decklist a main deck may hold (not its rulers or magic stones: 305, 308.1),
    which the seat knows."""
    table = state.match.table
    return tuple(
        sorted(
            {
                table[card.ref].name
                for card in state.board.cards
                if card.owner == seat and card_type(table[card.ref]) not in ("ruler", "magic stone")
            }
        )
    )
