"""Duel Masters' windows (:mod:`engine.match.stops`): the turn player's steps that wait for them, the
priority they hold for their attack triggers, and the decisions of the defender, read from the
spectator's view only (its ``waiting`` says what the game waits for, 506-509). Each window's pass is
that step's "no": no charge, on to the attack step, no attack, end turn (500.1); passing priority
(506.3b-c, 101.4a, 509.3c); no block (507.1); no Shield Trigger (509.3a).

Default stops: your charge step (503.1), main step (504.1) and attack step (506.1: attack or not),
the block declaration (507.1, a decision), the Shield Trigger window after every break (509.3a-b,
113.6, a decision: it opens whatever was broken), and card text handed to you to carry out or the
Shield Triggers you declared (101.4a, 509.3c: a decision; you pass when done). The end of turn step
(511) and the window of your own attack triggers (506.3b-c) pass by themselves. Not windows: the
shields to break (509.2) and a power to enter (206, 508.1): the rules ask for those, and they have no
"no".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.match.actions import BaseAction, NextStep, PassPriority, PassTurn
from engine.match.games.duelmasters.actions import Block, ShieldTrigger
from engine.match.stops import GameStops, Window

WINDOWS = (
    Window("charge", "your charge step", "503.1", default=True),
    Window("my_main", "your main step", "504.1", default=True),
    Window("attack", "your attack step (attack or not)", "506.1", default=True),
    Window("block", "the block declaration of your opponent's attack", "507.1", default=True, decision=True),
    Window(
        "shield_trigger", "your broken shields' Shield Triggers", "509.3a, 113.6", default=True, decision=True
    ),
    Window("card_text", "card text for you to carry out", "101.4a, 509.3c", default=True, decision=True),
    Window("attack_triggers", "your attack's triggers", "506.3b"),
    Window("my_end", "your end of turn step", "511"),
)

_WAITING = {
    "attack_triggers": "attack_triggers",
    "block": "block",
    "shield_trigger": "shield_trigger",
    "carry_out": "card_text",
}
_STEPS = {"charge": "charge", "main": "my_main", "attack_declaration": "attack", "end_of_turn": "my_end"}


class DmStops(GameStops):
    """Duel Masters' windows (see the module doc)."""

    windows = WINDOWS

    def current(self, public: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        turn = public["turn"]
        data = public.get("game_data") or {}
        waiting = data.get("waiting")
        if waiting is not None:
            name = _WAITING.get(waiting)
            return (name,) if name is not None and data.get("waiting_for") == seat else ()
        if turn["active"] != seat or turn["priority"] != seat:
            return ()
        name = _STEPS.get(turn["step"])
        return (name,) if name is not None else ()

    def pass_action(self, public: Mapping[str, Any], seat: int, windows: Sequence[str]) -> BaseAction:
        version = int(public["version"])
        if "block" in windows:
            return Block(actor=seat, version=version)
        if "shield_trigger" in windows:
            return ShieldTrigger(actor=seat, version=version)
        if "attack_triggers" in windows or "card_text" in windows:
            return PassPriority(actor=seat, version=version)
        if "my_end" in windows:
            return PassTurn(actor=seat, version=version)
        return NextStep(actor=seat, version=version)


STOPS = DmStops()
