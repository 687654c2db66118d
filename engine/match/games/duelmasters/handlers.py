"""The handler of each Duel Masters action, gathered for the definition: mana and evolution
(:mod:`.mana`), the attack's choices (:mod:`.attack`) and effects (:mod:`.effects`)."""

from __future__ import annotations

from engine.match.actions import BaseAction
from engine.match.apply import Handler
from engine.match.games.duelmasters import attack, effects, mana

HANDLERS: tuple[tuple[type[BaseAction], Handler], ...] = (
    *mana.HANDLERS,
    *attack.HANDLERS,
    *effects.HANDLERS,
)
"""Each Duel Masters action type with its handler."""
