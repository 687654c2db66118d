"""Starting a match: the card table, the card instances in their starting zones, the shuffles.

``new_match(spec, players, decks, seed)`` is deterministic: the same arguments give an equal state, so
a match is fully described by them plus its list of accepted actions (docs/architecture.md, Invariants:
"state is rebuilt by replay"). With the seed's stream (context ``b"arbiter/setup"``, see
:mod:`engine.match.rng`) it first picks the first player (``randbelow(2)``) unless one is given, then
shuffles every zone whose spec says ``shuffle_at_setup``, in the order of the spec's zones, player 0 before
player 1.

A deck is a list of :class:`CardRef` for the spec's deck zone, or a mapping from zone names to lists
(a Duel Masters hyperspatial zone, a Vanguard G deck, a Force of Will ruler area). Card ids are given
in the order of the spec's zones, player by player, and never shown to anyone. Each player's decklist,
the names and counts of all the cards they brought, is kept on the match
(:attr:`engine.match.state.Match.decklists`): the player knows it, nobody else does.

Then the game definition's :meth:`~engine.match.game.GameDefinition.setup` runs the automatic part of
its start procedure (opening hands, shields, the first vanguard, a ruler); choices at setup
(mulligans, redraws) are its actions in a setup phase (see :mod:`engine.match.game`).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import ArbiterError
from engine.match.events import Event
from engine.match.game import definition_of
from engine.match.rng import MIN_SEED_BYTES, SETUP_CONTEXT, RandomStream
from engine.match.spec import GameSpec
from engine.match.state import Board, Card, CardRef, Match, MatchState

DeckList = Sequence[CardRef] | Mapping[str, Sequence[CardRef]]


def _card_ref(value: Any) -> CardRef:
    if isinstance(value, CardRef):
        ref = value
    elif isinstance(value, Mapping):
        stats = value.get("stats") or ()
        stats = stats.items() if isinstance(stats, Mapping) else stats
        ref = CardRef.from_json([str(value.get("name", "")), str(value.get("code", "")), list(stats)])
    elif isinstance(value, str):
        ref = CardRef(value)
    else:
        ref = CardRef.from_json(list(value))
    if not ref.name.strip():
        raise ArbiterError("A card in a deck has no name.")
    # Interned: the same card in many matches shares its strings (see bench/match_bench.py).
    return CardRef(sys.intern(ref.name), sys.intern(ref.code), tuple(sorted(ref.stats)))


def new_match(
    spec: GameSpec,
    players: Sequence[str],
    decks: Sequence[DeckList],
    seed: bytes,
    *,
    first_player: int | None = None,
) -> MatchState:
    """The state of a new match at version 0, turn 1. ``seed`` is secret (``secrets.token_bytes(32)``);
    publish ``state.match.seed_hash`` when the match starts."""
    if len(players) != spec.players:
        raise ArbiterError(f"A match of {spec.name} needs exactly {spec.players} players.")
    if len(decks) != len(players):
        raise ArbiterError("Each player needs exactly one deck.")
    if not isinstance(seed, bytes) or len(seed) < MIN_SEED_BYTES:
        raise ArbiterError(f"A match seed must be at least {MIN_SEED_BYTES} random bytes.")
    if first_player is not None and not 0 <= first_player < len(players):
        raise ArbiterError(f"There is no player {first_player} in this match.")
    lists: list[dict[str, list[CardRef]]] = []
    for deck in decks:
        by_zone = deck if isinstance(deck, Mapping) else {spec.deck_zone: deck}
        for zone_name in by_zone:
            if spec.zone(zone_name) is None:
                raise ArbiterError(f"{spec.name} has no zone called '{zone_name}' to start cards in.")
        lists.append({name: [_card_ref(value) for value in refs] for name, refs in by_zone.items()})

    table_index: dict[CardRef, int] = {}
    placed: dict[tuple[str, int | None], list[int]] = {}
    owners: list[tuple[int, int, str]] = []  # (ref, owner, zone name) by card id
    for zone in spec.zones:
        for seat, by_zone in enumerate(lists):
            for card_ref in by_zone.get(zone.name, ()):
                index = table_index.setdefault(card_ref, len(table_index))
                placed.setdefault((zone.name, None if zone.shared else seat), []).append(len(owners))
                owners.append((index, seat, zone.name))

    decklists = [Counter(ref.name for refs in by_zone.values() for ref in refs) for by_zone in lists]
    match = Match(
        spec,
        tuple(str(name) for name in players),
        tuple(table_index),
        seed,
        tuple(tuple(sorted(counts.items())) for counts in decklists),
    )
    stream = RandomStream(seed, SETUP_CONTEXT)
    first = stream.randbelow(len(players)) if first_player is None else first_player
    zones: list[tuple[int, ...]] = []
    for slot, zone in enumerate(match.slot_spec):
        placed_ids = placed.get((zone.name, match.slot_player[slot]), [])
        zones.append(tuple(stream.shuffle(placed_ids) if zone.shuffle_at_setup else placed_ids))

    cards: list[Card | None] = [None] * len(owners)
    for slot, zone_ids in enumerate(zones):
        zone = match.slot_spec[slot]
        face_up = zone.default_face == "up"
        for card_id in zone_ids:
            ref, owner, _ = owners[card_id]
            controller = owner if match.slot_player[slot] is None else match.slot_player[slot]
            assert controller is not None
            orientation = match.slot_enter[slot] if zone.orientable else 0
            known = match.sees(slot, face_up, owner, controller)
            cards[card_id] = Card(ref, owner, controller, face_up, orientation, (), known)

    board = Board(
        zones=tuple(zones),
        cards=tuple(card for card in cards if card is not None),
        attachments=(),
        values=tuple(tuple(spec.player_values.values()) for _ in players),
        turn=1,
        active=first,
        phase=0,
        step=0,
        priority=first,
        passes=0,
    )
    state = MatchState(match, board, undo_used=(0,) * len(players))
    definition = definition_of(spec)
    return state if definition is None else definition.setup(state)


def opening_events(state: MatchState) -> list[Event]:
    """The log's first line for a match just set up (its game's setup included): who goes first and
    how many cards each zone holds, by count only (hands and decks are hidden)."""
    zones = [[slot, len(ids)] for slot, ids in enumerate(state.board.zones) if ids]
    return [Event("opening", None, (), {"first": state.board.active, "zones": zones})]
