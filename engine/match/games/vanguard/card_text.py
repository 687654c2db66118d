"""Cardfight!! Vanguard card text in one step: the specific actions of Section 10 that card text asks for
most, each one offer with its targets as its choice and its destination fixed (:mod:`engine.match.offers`,
"Card text"):

- retire a rear-guard (10.4.1: from the field to its owner's drop zone), return it to its owner's hand,
  bind it (10.19.1); one offer per owner, the opponent's first;
- draw (10.2.1), discard (10.3.1), search one's deck for a card by name, then shuffle it (10.10.1,
  10.11.1), look at the top cards of one's deck;
- call a card of one's hand, drop zone or soul to one of one's rear-guard circles (10.7.1);
- Soul Charge (10.18.1: the top cards of one's deck to one's soul), Soul Blast (10.17.1: soul to drop
  zone), Counter Blast (10.16.1: face-up damage face down), Counter Charge (10.30.1: face-down damage
  face up), heal (10.8.1: damage zone to drop zone), put one of one's units into one's soul;
- rest and stand units (10.12.1), and the power and critical changes of card text (2.5, 2.7:
  :class:`.actions.VgModify`).

While a card is carried out (:func:`resolving`): the unit its seat has just called, ridden or stridden
(its "when placed" abilities), the attacker while the attack step waits for its "when ... attacks"
abilities (7.4.1.12), or a seat that has just taken one of the card text actions, these offers come
under "card text", those whose effect the unit's text names first (its ``effects`` stat); at other
times they are under "more".
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any

from engine.match.actions import ZoneRef
from engine.match.games.vanguard.actions import VgCall, VgRide, VgStride
from engine.match.games.vanguard.spec import CIRCLES, REAR
from engine.match.games.vanguard.steps import Work
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
    flip_text,
    look_text,
    move_text,
    orient_text,
    positions,
    search_text,
    top_text,
    whose,
    zone_ref,
)

_PATTERNS = {
    "retire": re.compile(r"\bretire", re.IGNORECASE),
    "return": re.compile(r"\breturn\b[^.]*\bhand", re.IGNORECASE),
    "bind": re.compile(r"\bbind\b", re.IGNORECASE),
    "draw": re.compile(r"\bdraws? (?:a|an|one|two|three|up to|\d)", re.IGNORECASE),
    "discard": re.compile(r"\bdiscards?\b", re.IGNORECASE),
    "search": re.compile(r"\bsearch\b", re.IGNORECASE),
    "look": re.compile(r"\blook at\b", re.IGNORECASE),
    "call": re.compile(r"\bcall\b", re.IGNORECASE),
    "soul-charge": re.compile(r"\bsoul charge|\bput [^.]*\binto (?:your|the) soul", re.IGNORECASE),
    "soul-blast": re.compile(r"\bsoul blast", re.IGNORECASE),
    "counter-blast": re.compile(r"\bcounter blast", re.IGNORECASE),
    "counter-charge": re.compile(r"\bcounter charge", re.IGNORECASE),
    "heal": re.compile(r"\bheal\b", re.IGNORECASE),
    "soul": re.compile(r"\binto (?:your|the) soul", re.IGNORECASE),
    "rest": re.compile(r"\brest\b", re.IGNORECASE),
    "stand": re.compile(r"\bstand\b", re.IGNORECASE),
    "power": re.compile(r"\[power\]|\bpower\s*[+-]\s*\d", re.IGNORECASE),
    "critical": re.compile(r"\[critical\]|\bcritical\s*[+-]\s*\d", re.IGNORECASE),
}
"""What Vanguard card text says for each effect, as the D series data writes it."""


def effects(record: Any) -> dict[str, str]:
    """The ``effects`` stat of a card record: the effects its text names (keyword words in its text,
    ``Counter Blast (1)``, ``Retire``...)."""
    words = effect_words(str(getattr(record, "text", "") or ""), _PATTERNS)
    return {EFFECTS: words} if words else {}


def resolving(work: Work, seat: int) -> Resolving | None:
    """Whether ``seat`` carries out card text now, and what the card names (see the module doc): only
    what both players see, the last action and its player, units face up on circles."""
    state = work.state
    last = state.last_action
    battle = work.data("battle")
    step = state.match.phase_steps[state.board.phase][state.board.step]
    if step == "attack" and battle is not None and seat == state.board.active:
        return _named(work, int(dict(battle)["attacker"]))
    if last is None or last.actor != seat:
        return None
    if isinstance(last, VgCall):
        return _named(work, work.unit(last.circle, seat))
    if isinstance(last, VgRide | VgStride):
        return _named(work, work.vanguard(seat))
    kind: str = last.type
    if kind in CARD_TEXT_TYPES or kind == "vg_modify":
        return Resolving()
    return None


def _named(work: Work, card: int | None) -> Resolving | None:
    """A unit's text carried out: what its card data names; nothing to carry out when its card data
    names no effect (a card without card data may have any)."""
    if card is None or not work.card(card).face_up:
        return Resolving()
    ref = work.ref(card)
    named = effects_of(ref)
    return Resolving(named) if named or not ref.stats else None


def offers(work: Work, seat: int, changes: list[Offer], where: Where) -> list[Offer]:
    """The card text offers of ``seat`` (see the module doc); ``changes``: the game's power and critical
    changes (:class:`.actions.VgModify`), put among them."""
    state = work.state
    out: list[Offer] = []
    for player in (1 - seat, seat):
        rear = [at for circle in REAR for at in positions(state, circle, player)]
        who = whose(state, seat, player)
        their = "your" if player == seat else "their"
        out += move_text(
            f"Retire {who} rear-guards", "retire", rear, _to("drop", player), rule="10.4.1", what="rear-guard"
        )
        out += move_text(
            f"Return {who} rear-guards to {their} hand",
            "return",
            rear,
            _to("hand", player),
            rule="4.3",
            what="rear-guard",
        )
        out += move_text(f"Bind {who} rear-guards", "bind", rear, _to("bind", player), rule="10.19.1")
    hand = positions(state, "hand", seat)
    drop = positions(state, "drop", seat)
    soul = positions(state, "soul", seat)
    deck = positions(state, "deck", seat)
    out += draw_text(state, seat, "Draw cards", rule="10.2.1")
    out += move_text("Discard cards", "discard", hand, _to("drop", seat), rule="10.3.1")
    out += search_text(state, seat, "Search your deck for a card", _deck_names(work, seat), rule="10.10.1")
    out += look_text(state, seat, "Look at the top cards of your deck", rule="10.10.1")
    out += _call(work, seat, (*hand, *drop, *soul))
    out += top_text("Soul Charge", "soul-charge", deck, _to("soul", seat), rule="10.18.1", most=5)
    out += move_text("Soul Blast", "soul-blast", soul, _to("drop", seat), rule="10.17.1")
    damage = positions(state, "damage", seat)
    cards = state.board.cards
    ids = state.zone("damage", seat)
    up = [at for at in damage if cards[ids[at.index]].face_up]
    down = [at for at in damage if not cards[ids[at.index]].face_up]
    out += flip_text("Counter Blast", "counter-blast", up, "down", rule="10.16.1", what="damage")
    out += flip_text("Counter Charge", "counter-charge", down, "up", rule="10.30.1", what="damage")
    out += move_text("Heal", "heal", damage, _to("drop", seat), rule="10.8.1", what="damage")
    units = [at for circle in CIRCLES for at in positions(state, circle, seat)]
    out += move_text("Put your units into your soul", "soul", units, _to("soul", seat), rule="4.7")
    field = [
        at for player in (seat, 1 - seat) for circle in CIRCLES for at in positions(state, circle, player)
    ]
    out += orient_text("Rest units", "rest", field, "rest", rule="10.12.1", what="unit")
    out += orient_text("Stand units", "stand", field, "stand", rule="10.12.1", what="unit")
    out += [replace(offer, effect=_change(offer)) for offer in changes]
    return card_text(fit_moves(state, seat, out, where), resolving(work, seat))


def _change(offer: Offer) -> str:
    """The change an offer of :class:`.actions.VgModify` makes: ``critical`` or ``power``."""
    return "critical" if any(need.field == "critical" for need in offer.needs) else "power"


def _call(work: Work, seat: int, cards: tuple[Any, ...]) -> list[Offer]:
    """10.7.1: a card of one's hand, drop zone or soul called to one of one's rear-guard circles (a unit
    there is retired by the rules, 9.3.6)."""
    if not cards:
        return []
    from engine.match.games.vanguard.offers import circle_label

    circles = tuple(zone_ref(circle, seat) for circle in REAR)
    labels = tuple(circle_label(circle) for circle in REAR)
    needs = (
        CardsNeed("cards", tuple(cards), single=False, label="card to call"),
        PickNeed("to", circles, "circle", labels=labels),
    )
    return [Offer("move", "Call to a rear-guard circle", needs=needs, rule="10.7.1", effect="call")]


def _to(zone: str, player: int) -> ZoneRef:
    return zone_ref(zone, player)


def _deck_names(work: Work, seat: int) -> tuple[str, ...]:
    """The names of the seat's main deck (its decklist but its G deck), which the seat knows."""
    g_units = set(work.data("g_units", ()))
    g_deck = Counter(work.ref(card).name for card in g_units if work.card(card).owner == seat)
    main = Counter(dict(work.match.decklists[seat])) - g_deck
    return tuple(sorted(main))
