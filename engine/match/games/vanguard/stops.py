"""Cardfight!! Vanguard's windows (:mod:`engine.match.stops`): the turn player's steps that wait for
them, and the attacked player's guard step, read from the spectator's view only. Vanguard has no
priority to pass around: each window's pass is that step's "no" (no ride, no stride, the battle phase,
no attack, end turn, no guard, go to the guard step).

Default stops: every step that waits for the turn player but the end phase (the ride step 6.5.1.1,
the stride step 6.5.1.2, the main phase 6.6, the start step of the battle 7.3.1.2, where they attack or
not), the attack step held for "when ... attacks" abilities (7.4.1.12, a decision: the attacker
carries them out), and the guard step (7.5.1.2, a decision). The end phase (6.8) passes by itself once
its automatic part ran (6.8.1.1): "until end of turn" effects end there without a choice. Not
windows: the redraw (5.4.3.4) and the choices of triggers and rule actions (2.8.1.1, 9.3.3, 9.5.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.match.actions import BaseAction, NextPhase, NextStep, PassTurn
from engine.match.games.vanguard.actions import VgPass
from engine.match.stops import GameStops, Window

WINDOWS = (
    Window("ride", "your ride step", "6.5.1.1", default=True),
    Window("stride", "your stride step", "6.5.1.2", default=True),
    Window("my_main", "your main phase", "6.6", default=True),
    Window("attack", "your battle's start step (attack or not)", "7.3.1.2", default=True),
    Window(
        "attack_check",
        'your attack step held for "when ... attacks" abilities',
        "7.4.1.12",
        default=True,
        decision=True,
    ),
    Window("guard", "the guard step of your opponent's attack", "7.5.1.2", default=True, decision=True),
    Window("my_end", "your end phase", "6.8"),
)

_TURN_STEPS = {("ride", "ride"): "ride", ("ride", "stride"): "stride", ("main", "main"): "my_main"}


class VgStops(GameStops):
    """Vanguard's windows (see the module doc)."""

    windows = WINDOWS

    def current(self, public: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        turn = public["turn"]
        data = public.get("game_data") or {}
        if turn["priority"] != seat or not data.get("started") or data.get("prompts"):
            return ()
        place = (turn["phase"], turn["step"])
        mine = turn["active"] == seat
        battle = data.get("battle")
        if place == ("battle", "guard"):
            return () if mine else ("guard",)
        if not mine:
            return ()
        if place in _TURN_STEPS:
            return (_TURN_STEPS[place],)
        if place == ("battle", "start") and battle is None:
            return ("attack",)
        if place == ("battle", "attack") and battle is not None and battle.get("held"):
            return ("attack_check",)
        if place == ("end", "end"):
            return ("my_end",)
        return ()

    def pass_action(self, public: Mapping[str, Any], seat: int, windows: Sequence[str]) -> BaseAction:
        version = int(public["version"])
        if "guard" in windows or "attack_check" in windows:
            return VgPass(actor=seat, version=version)
        if "my_main" in windows:
            return NextPhase(actor=seat, version=version)
        if "my_end" in windows:
            return PassTurn(actor=seat, version=version)
        return NextStep(actor=seat, version=version)


STOPS = VgStops()
