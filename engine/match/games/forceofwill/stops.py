"""Force of Will's windows (:mod:`engine.match.stops`): every priority a player receives (601.1) is
one of them, named from the seat's side and read from the spectator's view only. The pass is passing
priority everywhere (605.1: with an object on the chase both passing resolves it, with none the game
moves on); in the declare attack step it is "No attack" (803.3), in the declare block step "No block"
(804.3).

Default stops: your main phase (504.2, where you play cards at main timing, 701.2), the declare attack
step of your battle (803.3), the declare block step of your opponent's attack (804.3, a decision), and
a chase your opponent started or answered (605.1, their object on top). Every other priority passes
by itself: your own object on top of the chase (the opponent answers it first), the draw phase (502.5),
the battle's other steps (802, 805-807), the end phase (505.1-505.3) and your opponent's main phase
with an empty chase. What is not a window: the mulligans (405.5), the discard down to seven (505.5) and
finishing an object you carry out (605.1): the rules ask for those, and they have no "no".

One window is no priority but an object with nothing to carry out: ``my_resolve``, your resonator,
addition or regalia resolving whose card data shows no text to carry out as it enters (702.3: it
enters the field; its triggered abilities are new chase objects, 702.3e), read from the spectator's
view like the others (the card face up on the chase, :func:`.chase.enters_alone`). It is no default
stop, so the match finishes the resolution by itself (``fow_resolve`` marked ``auto``, checked on replay
like an automatic pass); a player who wants to finish it by hand (an effect of another card to apply
as it enters) adds the stop, or takes full control. Chants (703.3), abilities, cards without card
data and cards with such text always wait for their controller's "Resolve".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.match.actions import BaseAction
from engine.match.games.forceofwill.actions import Resolve
from engine.match.stops import GameStops, Window

WINDOWS = (
    Window("my_main", "your main phase", "504.2, 701.2", default=True),
    Window("attack", "your declare attack step", "803.3", default=True),
    Window("block", "the declare block step of your opponent's attack", "804.3", default=True, decision=True),
    Window("opp_chase", "your opponent's object on top of the chase", "605.1", default=True),
    Window("my_chase", "your own object on top of the chase", "605.1"),
    Window("my_draw", "your draw phase", "502.5"),
    Window("opp_draw", "your opponent's draw phase", "502.5"),
    Window("opp_main", "your opponent's main phase", "504.2"),
    Window("my_battle", "your battle's other steps", "802, 803.4, 805-807"),
    Window("opp_battle", "your opponent's battle", "802-807"),
    Window("my_end", "your end phase", "505.1-505.3"),
    Window("opp_end", "your opponent's end phase", "505.1-505.3"),
    Window("my_resolve", "your resonator, addition or regalia resolving with nothing to carry out", "702.3"),
)

_BATTLE_STEPS = frozenset({"battle_start", "attack", "block", "first_strike", "damage", "battle_end"})


class FowStops(GameStops):
    """Force of Will's windows (see the module doc)."""

    windows = WINDOWS

    def current(self, public: Mapping[str, Any], seat: int) -> tuple[str, ...]:
        turn = public["turn"]
        data = public.get("game_data") or {}
        if turn["priority"] != seat or turn["phase"] == "setup" or data.get("discard"):
            return ()
        if data.get("resolving") is not None:
            return ("my_resolve",) if data.get("enters_alone") and data["resolving"] == seat else ()
        mine = turn["active"] == seat
        chase = data.get("chase") or ()
        if chase:
            return ("my_chase",) if chase[0].get("controller") == seat else ("opp_chase",)
        phase, step = turn["phase"], turn["step"]
        battle = data.get("battle") or {}
        if phase == "main" and step in _BATTLE_STEPS:
            if step == "attack" and mine and not battle.get("declared"):
                return ("attack",)
            if step == "block" and not mine and "attacker" in battle and "blocker" not in battle:
                return ("block",)
            return ("my_battle",) if mine else ("opp_battle",)
        if phase in ("draw", "main", "end"):
            return (f"{'my' if mine else 'opp'}_{phase}",)
        return ()

    def pass_action(self, public: Mapping[str, Any], seat: int, windows: Sequence[str]) -> BaseAction:
        """Passing priority; at ``my_resolve`` finishing the resolution (605.1: the card enters the
        field, 702.3)."""
        if "my_resolve" in windows:
            return Resolve(actor=seat, version=int(public["version"]))
        return super().pass_action(public, seat, windows)


STOPS = FowStops()
