"""The match engine: pure, synchronous, deterministic (docs/architecture.md, Layers and Invariants).

- :mod:`.spec`: a game as data (zones, visibility, orientations, phases and steps).
- :mod:`.setup`: :func:`new_match` from decks and a secret seed.
- :mod:`.actions`: the actions, a pydantic union on ``type``; :func:`parse_action`.
- :mod:`.apply`: :func:`apply` ``(state, action) -> (state, events)`` or :class:`ActionRefused`.
- :mod:`.view` and :mod:`.render`: the only ways out: per-viewer views and log lines.
- :mod:`.replay`: replay, undo, :class:`MatchLog`.
- :mod:`.rng`: the verifiable random stream.
"""

from engine.match.actions import (
    ACTION_TYPES,
    AcceptDraw,
    AcceptUndo,
    Action,
    AddCounter,
    AdjustValue,
    Attach,
    BaseAction,
    CardAt,
    Concede,
    DeclineDraw,
    DeclineUndo,
    Detach,
    Draw,
    Flip,
    FlipCoin,
    GiveControl,
    Look,
    Move,
    NextPhase,
    NextStep,
    Note,
    OfferDraw,
    Orient,
    PassPriority,
    PassTurn,
    RequestUndo,
    Reveal,
    RevealHand,
    RevealTop,
    RollDie,
    Search,
    SetValue,
    Shuffle,
    ZoneRef,
    dump_action,
    parse_action,
    register_action,
)
from engine.match.apply import apply, register_handler
from engine.match.errors import ActionRefused
from engine.match.events import Event
from engine.match.render import Line, register_line, render, render_all
from engine.match.replay import MatchLog, effective_actions, replay, replay_from, undone_versions
from engine.match.rng import RandomStream, seed_hash, verify_seed
from engine.match.setup import DeckList, new_match
from engine.match.spec import GameSpec, OrientationSpec, PhaseSpec, StepSpec, ZoneSpec
from engine.match.state import Board, Card, CardRef, Match, MatchState
from engine.match.view import handle_of, locate, view, viewers

__all__ = [
    "ACTION_TYPES",
    "AcceptDraw",
    "AcceptUndo",
    "Action",
    "ActionRefused",
    "AddCounter",
    "AdjustValue",
    "Attach",
    "BaseAction",
    "Board",
    "Card",
    "CardAt",
    "CardRef",
    "Concede",
    "DeckList",
    "DeclineDraw",
    "DeclineUndo",
    "Detach",
    "Draw",
    "Event",
    "Flip",
    "FlipCoin",
    "GameSpec",
    "GiveControl",
    "Line",
    "Look",
    "Match",
    "MatchLog",
    "MatchState",
    "Move",
    "NextPhase",
    "NextStep",
    "Note",
    "OfferDraw",
    "Orient",
    "OrientationSpec",
    "PassPriority",
    "PassTurn",
    "PhaseSpec",
    "RandomStream",
    "RequestUndo",
    "Reveal",
    "RevealHand",
    "RevealTop",
    "RollDie",
    "Search",
    "SetValue",
    "Shuffle",
    "StepSpec",
    "ZoneRef",
    "ZoneSpec",
    "apply",
    "dump_action",
    "effective_actions",
    "handle_of",
    "locate",
    "new_match",
    "parse_action",
    "register_action",
    "register_handler",
    "register_line",
    "render",
    "render_all",
    "replay",
    "replay_from",
    "seed_hash",
    "undone_versions",
    "verify_seed",
    "view",
    "viewers",
]
