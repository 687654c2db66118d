"""Checking an exported match: the seed against the hash published at the start, then every action
replayed from the seed, comparing the state digest recorded when the action was accepted.

Pure: the export is a dict (see ``bot.services.matches.MatchService.export``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import ArbiterError
from engine.match.actions import parse_action
from engine.match.apply import apply
from engine.match.rng import seed_hash
from engine.match.setup import new_match
from engine.match.spec import GameSpec
from engine.match.state import CardRef, state_digest

EXPORT_FORMAT = "arbiter-match/1"


@dataclass(frozen=True)
class Verification:
    ok: bool
    message: str
    actions: int
    divergence: int | None = None
    """Sequence number of the first action that does not replay as recorded."""


def _decks(raw: list[Any]) -> list[dict[str, list[CardRef]]]:
    return [
        {zone: [CardRef.from_json(card) for card in cards] for zone, cards in deck.items()} for deck in raw
    ]


def verify_export(data: dict[str, Any]) -> Verification:
    """OK, or the first divergence: a seed that does not match its hash, an action refused on replay,
    or a state that differs from the one recorded when the action was accepted."""
    from engine.match.games import load_definitions

    load_definitions()
    try:
        if data.get("format") != EXPORT_FORMAT:
            return Verification(False, "This is not an Arbiter match export.", 0)
        seed_hex = data.get("seed")
        if not seed_hex:
            return Verification(False, "The export has no seed: the match has not ended yet.", 0)
        seed = bytes.fromhex(seed_hex)
        if seed_hash(seed) != data["seed_hash"]:
            return Verification(False, "The seed does not match the hash published at the start.", 0)
        spec = GameSpec.model_validate(data["spec"])
        state = new_match(
            spec, data["players"], _decks(data["decks"]), seed, first_player=data["first_player"]
        )
        actions = data["actions"]
        for entry in actions:
            seq = int(entry["seq"])
            try:
                state, _ = apply(state, parse_action(entry["action"]))
            except ArbiterError as error:
                return Verification(False, f"Action {seq} is refused on replay: {error}", len(actions), seq)
            if state_digest(state) != entry["digest"]:
                return Verification(
                    False, f"Action {seq} gives a different state than the one recorded.", len(actions), seq
                )
    except (KeyError, TypeError, ValueError) as error:
        return Verification(False, f"The export is malformed: {error}.", 0)
    return Verification(
        True, f"OK: the seed matches its hash and all {len(actions)} actions replay.", len(actions)
    )
