"""Independent checkers for the match tests: which card names a piece of output mentions, which a
viewer may know, and what a zone lets a viewer see, computed from the spec rather than from the
engine's own helpers."""

from __future__ import annotations

from typing import Any

from engine.match.state import MatchState


def strings_in(value: Any) -> list[str]:
    """Every string inside a JSON-like value (keys included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*strings_in(k), *strings_in(v))]
    if isinstance(value, list | tuple):
        return [s for item in value for s in strings_in(item)]
    return []


def mentioned(state: MatchState, output: Any) -> set[str]:
    """The card names and codes of this match that appear anywhere in an output (a view or a line)."""
    texts = strings_in(output)
    found = set()
    for ref in state.match.table:
        for word in (ref.name, ref.code):
            if word and any(word in text for text in texts):
                found.add(word)
    return found


def known_words(state: MatchState, viewer: int | None) -> set[str]:
    """Names and codes of the cards a viewer knows in this state (spectators: known to all players)."""
    everyone = (1 << len(state.match.players)) - 1
    words = set()
    for card in state.board.cards:
        knows = card.known == everyone if viewer is None else bool(card.known >> viewer & 1)
        if knows:
            ref = state.match.table[card.ref]
            words |= {ref.name, ref.code}
    return words


def zone_of(state: MatchState, card_id: int) -> int:
    slots = [slot for slot, ids in enumerate(state.board.zones) if card_id in ids]
    assert len(slots) == 1, f"card {card_id} is in {len(slots)} zones"
    return slots[0]


def zone_shows(state: MatchState, viewer: int, card_id: int) -> bool:
    """Whether the card's zone and face alone let a player see it (from the spec, not the engine)."""
    slot = zone_of(state, card_id)
    zone = state.match.slot_spec[slot]
    player = state.match.slot_player[slot]
    card = state.board.cards[card_id]
    who = zone.visible_to if card.face_up else zone.face_down_visible_to
    if who == "everyone":
        return True
    if who == "nobody":
        return False
    if who == "controller":
        return card.controller == viewer
    return (card.owner if player is None else player) == viewer


def slot_of(state: MatchState, zone: str, player: int | None, actor: int) -> int:
    """The slot an action's zone reference means (own zone when no player is given)."""
    if state.match.zone_specs[zone].shared:
        return state.match.slot_of[(zone, None)]
    return state.match.slot_of[(zone, actor if player is None else player)]


def words_of(state: MatchState, masks: list[int], viewer: int | None) -> set[str]:
    """Names and codes of the cards a knowledge model says a viewer knows."""
    everyone = (1 << len(state.match.players)) - 1
    words = set()
    for card, mask in zip(state.board.cards, masks, strict=True):
        if (mask == everyone) if viewer is None else (mask >> viewer & 1):
            ref = state.match.table[card.ref]
            words |= {ref.name, ref.code}
    return words
