"""Per-viewer views of a match: the only way the state's content leaves the engine, with
:mod:`engine.match.render` for the log (docs/architecture.md, Invariants: "Hidden information by
construction").

``view(state, viewer)`` returns plain JSON-able data. ``viewer`` is a seat, or None for a spectator,
who sees only what every player may see (a card's name only when all players know it).

Each player's values are listed (life, damage...), but for a game's transient values, which count a
procedure in progress and are shown only while not zero
(:attr:`engine.match.game.GameDefinition.transient_values`).

Each card is listed in its zone, in order (index 0 = top), with what anyone at the table could see:
face, orientation, controller, owner, counters, what it is attached to. Its ``name`` and ``code`` are
present only if the viewer knows the card right now. Its ``handle`` is opaque and valid for this
viewer and this version only (a keyed BLAKE2b of viewer, version and card id, with a key derived from
the secret seed): a client cannot follow a hidden card through a shuffle, or even from one version to
the next, by its handle. :func:`locate` turns a handle back into the :class:`CardAt` an action needs.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any

from engine.match.actions import CardAt
from engine.match.errors import ActionRefused
from engine.match.game import definition_of
from engine.match.state import MatchState

Viewer = int | None


def viewers(state: MatchState) -> list[Viewer]:
    """Every kind of viewer of a match: each seat, then the spectator (None)."""
    return [*range(len(state.match.players)), None]


def handle_of(state: MatchState, viewer: Viewer, card_id: int) -> str:
    """The opaque handle of a card in this viewer's view of this version."""
    who = b"s" if viewer is None else b"%d" % viewer
    message = b"%s:%d:%d" % (who, state.version, card_id)
    return hashlib.blake2b(message, key=state.match.view_key, digest_size=8).hexdigest()


def _handles(state: MatchState, viewer: Viewer) -> Callable[[int], str]:
    """:func:`handle_of` for one view, faster: the keyed hash state and the message prefix are made
    once and copied per card (the same bytes hashed, so the same handles)."""
    who = b"s" if viewer is None else b"%d" % viewer
    prefix = b"%s:%d:" % (who, state.version)
    keyed = hashlib.blake2b(key=state.match.view_key, digest_size=8)

    def handle(card_id: int) -> str:
        hasher = keyed.copy()
        hasher.update(prefix + b"%d" % card_id)
        return hasher.hexdigest()

    return handle


def spectator_view(state: MatchState) -> dict[str, Any]:
    """:func:`view` of ``state`` for a spectator, built once per state and shared by everyone who asks
    (the stops, the clock, the places): read it, never change it."""
    seen = getattr(state, "spectator_seen", None)  # a state made field by field may lack it
    if seen is None:
        seen = state.spectator_seen = view(state, None)
    return seen


def locate(state: MatchState, viewer: Viewer, handle: str, version: int | None = None) -> CardAt:
    """The position of the card a handle of ``view(state, viewer)`` stands for. ``version``: the
    version the handle was shown at (a button's), refused as stale like an action if it is not now's."""
    if version is not None and version != state.version:
        raise ActionRefused(
            f"The match has moved on since this was shown (version {version}, now {state.version}); "
            "look again and retry."
        )
    match = state.match
    for slot, ids in enumerate(state.board.zones):
        for index, card_id in enumerate(ids):
            if handle_of(state, viewer, card_id) == handle:
                zone = match.slot_spec[slot].name
                return CardAt(zone=zone, player=match.slot_player[slot], index=index)
    raise ActionRefused("That card is no longer where it was; look at the match again.")


def view(state: MatchState, viewer: Viewer) -> dict[str, Any]:
    """What a player (seat) or a spectator (None) may see of the match, as plain data."""
    match = state.match
    board = state.board
    spec = match.spec
    everyone = match.all
    bit = everyone if viewer is None else 1 << viewer
    orientations = [o.name for o in spec.orientations]
    hosts = {card: host for card, host in board.attachments}
    handle = _handles(state, viewer)
    zones = []
    for slot, ids in enumerate(board.zones):
        zone_spec = match.slot_spec[slot]
        cards = []
        for card_id in ids:
            card = board.cards[card_id]
            entry: dict[str, Any] = {
                "handle": handle(card_id),
                "face": "up" if card.face_up else "down",
                "orientation": orientations[card.orientation] if zone_spec.orientable else None,
                "owner": card.owner,
                "controller": card.controller,
                "counters": dict(card.counters),
                "attached_to": handle(hosts[card_id]) if card_id in hosts else None,
            }
            if card.known & bit == bit:
                ref = match.table[card.ref]
                entry["name"] = ref.name
                entry["code"] = ref.code
            cards.append(entry)
        zones.append(
            {
                "zone": zone_spec.name,
                "player": match.slot_player[slot],
                "label": zone_spec.label,
                "ordered": zone_spec.ordered,
                "count": len(ids),
                "cards": cards,
            }
        )
    phase = spec.phases[board.phase]
    definition = definition_of(spec)
    values = list(spec.player_values)
    transient = frozenset() if definition is None else definition.transient_values
    return {
        "game": spec.key,
        "version": state.version,
        "viewer": viewer,
        "status": state.status,
        "winner": state.winner,
        "end_reason": state.end_reason,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "seed_hash": match.seed_hash,
        "seed": match.seed.hex() if state.ended else None,
        "turn": {
            "number": board.turn,
            "active": board.active,
            "phase": phase.name,
            "step": phase.steps[board.step].name,
            "priority": board.priority,
            "passes": board.passes,
        },
        "players": [
            {
                "seat": seat,
                "name": name,
                "values": {
                    value: number
                    for value, number in zip(values, board.values[seat], strict=True)
                    if number or value not in transient
                },
                "undo_requests_left": spec.undo_per_turn - state.undo_used[seat],
            }
            for seat, name in enumerate(match.players)
        ],
        "draw_offer": state.draw_offer,
        "undo_request": state.undo_request,
        "undoable_by": state.undo_actor if state.undo_base is not None else None,
        "zones": zones,
        "game_data": {} if definition is None else definition.view(state, viewer),
    }


def waiting_for(view: Mapping[str, Any]) -> int | None:
    """The seat the game waits for: a pending decision's player when the game says so, else the
    player with priority (the turn player outside the other's decisions)."""
    data = view.get("game_data") or {}
    for key in ("waiting_for", "deciding"):
        seat = data.get(key)
        if isinstance(seat, int):
            return seat
    prompts = data.get("prompts") or ()
    if prompts and isinstance(prompts[0], Mapping) and isinstance(prompts[0].get("player"), int):
        return int(prompts[0]["player"])
    if view.get("undo_request") is not None:
        return 1 - int(view["undo_request"])
    return int(view["turn"]["priority"])
