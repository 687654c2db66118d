"""Force of Will's handlers, gathered and registered for the definition (Comprehensive Rules ver. 12.9).
What runs after every accepted action is :mod:`.steps`, the loss checks :mod:`.checks`. The procedures
live in their own modules:

- :mod:`.board`: the game data kept on the board (listed there) and shared helpers;
- :mod:`.setup`: setup and the mulligans (405);
- :mod:`.will`: will (907, 1003) and calling a magic stone (710);
- :mod:`.chase`: playing onto the chase, resolving it (600, 903, 702.3, 703.3) and judgment (705);
- :mod:`.battle`: battle (800) and damage (1007);
- :mod:`.turn`: the turn's automatic parts (502-505) and moving on from a step (605.1);
- :mod:`.rule_processes`: keeping the game data in step, the rule processes (1200) and losses (1202).
"""

from __future__ import annotations

from engine.match.actions import BaseAction
from engine.match.apply import Handler
from engine.match.games.forceofwill import battle, chase, turn, will
from engine.match.games.forceofwill import setup as setup_module
from engine.match.games.forceofwill.setup import setup

__all__ = ["HANDLERS", "setup"]


HANDLERS: tuple[tuple[type[BaseAction], Handler], ...] = (
    *setup_module.HANDLERS,
    *will.HANDLERS,
    *chase.HANDLERS,
    *battle.HANDLERS,
    *turn.HANDLERS,
)
