"""Gate Ruler's windows (:mod:`engine.match.stops`): every priority of a gate process (9-3e: the
active player first, 9-3b; a pass gives it to the other, 9-3g-2) is one of them, named from the
seat's side and read from the spectator's view only (the gate's items and their controllers, the
attack in progress, how many cards each set zone holds). The pass is passing priority (9-3g: both
passing in a row resolve the gate's top, 9-3g-1, 9-4c, or with the gate empty end the gate process,
9-4b); in the declaration step it is "Stop attacking" (8-4c-2).

Default stops: your main phase (6-3, 7-1a), your declaration (8-4c: attack or stop attacking), a gate
with your opponent's card or ability on top (9-3e, 9-4c: you may respond before it resolves), and your
opponent's attack while you have a card in a set zone (an Instant Action event is played with priority
from a set zone, 9-3e-2, 14-5d; how many cards a set zone holds is seen by both players, 3-10b). Every
other priority passes by itself: your own card on top of the gate (your opponent answers it first),
the attack phase before and after the attacks (8-3b, 8-4b, 8-4c-2b), your own attack's window (8-4i),
a defeat process (12-2c), the end phase (6-5b) and your opponent's main phase. Not windows: entering
the ruler's numbers (5-3b), the card in one's counter zone (13-6d), the level cap (12-6b), a drive
resolution process (10-4) and the frontmost unit or attack damage the damage step needs (8-4e-1,
8-6d): the rules ask for those, and they have no "no".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.match.actions import BaseAction
from engine.match.games.gateruler.actions import GrEndAttacks
from engine.match.stops import GameStops, Window

_ATTACK_PHASE = "8-3b, 8-4b, 8-4c-2b"
WINDOWS = (
    Window("my_main", "your main phase", "6-3, 7-1a", default=True),
    Window("declare", "your declaration of an attack", "8-4c, 8-4c-2", default=True),
    Window("opp_gate", "your opponent's card or ability on top of the gate", "9-3e, 9-4c", default=True),
    Window(
        "opp_attack_set",
        "your opponent's attack, while you have a set card",
        "8-4i, 9-3e-2, 14-5d",
        default=True,
    ),
    Window("opp_attack", "your opponent's attack", "8-4i, 9-3e"),
    Window("my_gate", "your own card or ability on top of the gate", "9-3e, 9-4c"),
    Window("my_attack", "your attack's window", "8-4i, 9-3e"),
    Window("my_attack_phase", "your attack phase, before or after an attack", _ATTACK_PHASE),
    Window("opp_attack_phase", "your opponent's attack phase, before or after an attack", _ATTACK_PHASE),
    Window("process", "a defeat process in the gate", "12-2c"),
    Window("opp_main", "your opponent's main phase", "6-3b"),
    Window("my_end", "your end phase", "6-5b"),
    Window("opp_end", "your opponent's end phase", "6-5b"),
)

_YOURS = ("card", "ability", "intercept")
"""Gate items a player controls: played cards (9-4a), Counter abilities and other abilities (13-6d-1),
an Intercept (8-5b)."""


def _set_cards(public: Mapping[str, Any], seat: int) -> int:
    return sum(zone["count"] for zone in public["zones"] if zone["zone"] == "set" and zone["player"] == seat)


class GrStops(GameStops):
    """Gate Ruler's windows (see the module doc)."""

    windows = WINDOWS

    def current(self, public: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        turn = public["turn"]
        data = public.get("game_data") or {}
        if (
            turn["priority"] != seat
            or not data.get("prepared")
            or data.get("counter_wait") is not None
            or data.get("level_cap_wait") is not None
        ):
            return ()
        mine = turn["active"] == seat
        gate = data.get("gate") or ()
        if gate:
            top = gate[0]
            if top["kind"] in _YOURS:
                return ("my_gate",) if top.get("controller") == seat else ("opp_gate",)
            return ("process",) if top["kind"] == "defeat" else ()
        phase, step = turn["phase"], turn["step"]
        fight = data.get("battle")
        if fight is not None:
            unknown = fight.get("target") is not None and fight.get("damage") is None
            if turn["passes"] >= 1 and fight.get("attacking") and (fight.get("unclear") or unknown):
                return ()  # 8-4e-1, 8-6d: what the damage step deals is entered first
            if mine:
                return ("my_attack",)
            return ("opp_attack", "opp_attack_set") if _set_cards(public, seat) else ("opp_attack",)
        side = "my" if mine else "opp"
        if phase == "main":
            return (f"{side}_main",)
        if phase == "attack" and step == "declare":
            return ("declare",) if mine else ()
        if phase == "attack":
            return (f"{side}_attack_phase",)
        if phase == "end":
            return (f"{side}_end",)
        return ()

    def pass_action(self, public: Mapping[str, Any], seat: int, windows: Sequence[str]) -> BaseAction:
        if "declare" in windows:
            return GrEndAttacks(actor=seat, version=int(public["version"]))
        return super().pass_action(public, seat, windows)


STOPS = GrStops()
