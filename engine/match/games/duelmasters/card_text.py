"""Duel Masters card text in one step: what card text asks for most, each one offer in the game's words
with its targets as its choice and its destination fixed (:mod:`engine.match.offers`, "Card text").

The offers, each the generic action its keyword action or zone rule names:

- destroy a creature (701.6a: from the battle zone to its owner's graveyard, with the cards under it,
  109.2b), return it to its owner's hand, put it into its owner's mana zone; one offer per owner, the
  opponent's first;
- put the top card of one's deck into one's mana zone (405), a card of one's hand, or of one's
  graveyard (Charger: the spell cast goes to the mana zone instead of the graveyard);
- draw cards (114), discard (701.7a), search one's deck for a card by name, then shuffle it (701.10a,
  701.11a), look at the top cards of one's deck;
- add the top card of one's deck to one's shields, face down (406), break one's own shields into one's
  hand (701.14a: the opponent's shields are theirs to touch, 101.4a), return a card of one's graveyard
  to one's hand;
- tap and untap creatures (701.2a-b), a power change or a keyword until the end of the turn (206.1,
  511.2: :class:`.actions.Change`), a gacharange summon (701.29a).

While a card is carried out (:func:`resolving`): the card just used by its seat (the spell now on top of
its graveyard, the creature just summoned), the non-active player carrying out card text handed to them
or their Shield Triggers (101.4a, 509.3c), or a seat that has just taken one of the card text actions,
these offers come under "card text", those whose effect the card's text names first (its ``effects``
stat, :func:`effects`); at other times they are under "more".
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.match.actions import ZoneRef
from engine.match.games.duelmasters.actions import UseCard
from engine.match.games.duelmasters.board import attack_of, carrying_out, is_creature, under_cards
from engine.match.games.duelmasters.spec import card_type
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
    top_text,
    whose,
    zone_ref,
)
from engine.match.state import MatchState

_PATTERNS = {
    "destroy": re.compile(r"\bdestroy", re.IGNORECASE),
    "return": re.compile(r"\breturn\b[^.]*\bhand", re.IGNORECASE),
    "mana": re.compile(r"\bmana zone", re.IGNORECASE),
    "charger": re.compile(r"\bcharger\b", re.IGNORECASE),
    "draw": re.compile(r"\bdraws? (?:a|an|one|two|three|four|five|up to|\d)", re.IGNORECASE),
    "discard": re.compile(r"\bdiscards?\b", re.IGNORECASE),
    "search": re.compile(r"\bsearch\b", re.IGNORECASE),
    "shield": re.compile(r"\b(?:to|into) (?:your|his|her|their) shield", re.IGNORECASE),
    "break": re.compile(r"\bbreaks?\b", re.IGNORECASE),
    "graveyard": re.compile(r"\bfrom your graveyard", re.IGNORECASE),
    "tap": re.compile(r"\btap\b", re.IGNORECASE),
    "untap": re.compile(r"\buntap\b", re.IGNORECASE),
    "power": re.compile(r"[+-]\d+ power|\bpower\b[^.]*\buntil the end of (?:the|this) turn", re.IGNORECASE),
    "look": re.compile(r"\blook at\b", re.IGNORECASE),
    "gacharange": re.compile(r"\bgacharange summon|\bGR summon", re.IGNORECASE),
}
"""What Duel Masters card text says for each effect, as the English data sets write it."""


def effects(record: Any) -> dict[str, str]:
    """The ``effects`` stat of a card record: the effects its text (and a twinpact's other side) names."""
    faces = [str(getattr(face, "text", "") or "") for face in getattr(record, "faces", []) or []]
    words = effect_words("\n".join([str(getattr(record, "text", "") or ""), *faces]), _PATTERNS)
    return {EFFECTS: words} if words else {}


def resolving(state: MatchState, seat: int) -> Resolving | None:
    """Whether ``seat`` carries out card text now, and what the card names (see the module doc). Only
    what both players see: the last action and its player, a card face up, the turn's structure."""
    board = state.board
    if board.priority == seat and seat != board.active and carrying_out(state) is not None:
        return Resolving()
    last = state.last_action
    if last is None or last.actor != seat or attack_of(board) is not None:
        return None
    if isinstance(last, UseCard) and state.undo_base is not None:
        hand = state.undo_base.zones[state.match.slot_of[("hand", seat)]]
        if last.card.index < len(hand):
            card = board.cards[hand[last.card.index]]
            if card.face_up and state.knows(None, hand[last.card.index]):
                ref = state.match.table[card.ref]
                named = effects_of(ref)
                # A spell's text is carried out; a creature's only when its card data names an effect (or
                # there is no card data to say).
                if named or card_type(ref) == "spell" or not ref.stats:
                    return Resolving(named)
                return None
        return Resolving()
    kind: str = last.type
    if kind in CARD_TEXT_TYPES or kind == "dm_change":
        return Resolving()
    return None


def offers(state: MatchState, seat: int, changes: list[Offer], where: Where) -> list[Offer]:
    """The card text offers of ``seat`` (see the module doc); ``changes``: the game's own changes until
    the end of the turn (:class:`.actions.Change`), put among them."""
    board = state.board
    cards = board.cards
    under = under_cards(board)
    creatures = [
        at
        for at in positions(state, "battle_zone", None)
        if (c := state.zone("battle_zone", None)[at.index]) not in under
        and cards[c].face_up
        and is_creature(state, c)
    ]
    zone = state.zone("battle_zone", None)
    out: list[Offer] = []
    stack = (("with_attached", True),)
    for player in (1 - seat, seat):
        theirs = [at for at in creatures if cards[zone[at.index]].owner == player]
        who = whose(state, seat, player)
        their = "your" if player == seat else "their"
        out += move_text(
            f"Destroy {who} creatures",
            "destroy",
            theirs,
            _to("graveyard", player),
            rule="701.6a",
            what="creature",
            fixed=stack,
        )
        out += move_text(
            f"Return {who} creatures to {their} hand",
            "return",
            theirs,
            _to("hand", player),
            rule="402",
            what="creature",
            fixed=stack,
        )
        out += move_text(
            f"Put {who} creatures into {their} mana zone",
            "mana",
            theirs,
            _to("mana", player),
            rule="405",
            what="creature",
            fixed=stack,
        )
    deck = positions(state, "deck", seat)
    mana = _to("mana", seat)
    out += top_text("Put the top card of your deck into your mana zone", "mana", deck, mana, rule="405")
    out += move_text(
        "Put cards of your hand into your mana zone", "mana", positions(state, "hand", seat), mana, rule="405"
    )
    graveyard = positions(state, "graveyard", seat)
    out += move_text(
        "Put cards of your graveyard into your mana zone", "charger", graveyard, mana, rule="405"
    )
    out += draw_text(state, seat, "Draw cards", rule="114")
    out += move_text(
        "Discard cards", "discard", positions(state, "hand", seat), _to("graveyard", seat), rule="701.7a"
    )
    out += search_text(state, seat, "Search your deck for a card", _deck_names(state, seat), rule="701.10a")
    out += look_text(state, seat, "Look at the top cards of your deck", rule="701.10a")
    out += top_text(
        "Add the top card of your deck to your shields", "shield", deck, _to("shields", seat), rule="406"
    )
    out += move_text(
        "Break your shields", "break", positions(state, "shields", seat), _to("hand", seat), rule="701.14a"
    )
    out += move_text(
        "Return cards of your graveyard to your hand", "graveyard", graveyard, _to("hand", seat), rule="404"
    )
    out += orient_text("Tap creatures", "tap", creatures, "tap", rule="701.2a", what="creature")
    out += orient_text("Untap creatures", "untap", creatures, "untap", rule="701.2b", what="creature")
    out += [_effect(offer) for offer in changes]
    gacharange = positions(state, "super_gr", seat)
    out += top_text("Gacharange summon", "gacharange", gacharange, _to("battle_zone", None), rule="701.29a")
    return card_text(fit_moves(state, seat, out, where), resolving(state, seat))


def _effect(offer: Offer) -> Offer:
    """A change until the end of the turn as card text: its effect is a power change or a keyword."""
    return replace(offer, effect="power" if "power" in {n.field for n in offer.needs} else "keyword")


def _to(zone: str, player: int | None) -> ZoneRef:
    return zone_ref(zone, player)


def _deck_names(state: MatchState, seat: int) -> tuple[str, ...]:
    """The names of the seat's decklist a deck may hold (not its psychic, dragheart or gacharange
    cards, 117.1, 118.1), which the seat knows: it brought them."""
    table = state.match.table
    return tuple(
        sorted(
            {
                table[card.ref].name
                for card in state.board.cards
                if card.owner == seat and table[card.ref].stat("home") is None
            }
        )
    )
