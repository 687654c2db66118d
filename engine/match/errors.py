"""The one exception a refused action raises."""

from engine.errors import ArbiterError


class ActionRefused(ArbiterError):
    """An action the rules or the match's state do not allow; the message is one sentence for the
    player, and the state is unchanged (docs/architecture.md, Invariants: "Bad input gets one sentence and
    changes nothing")."""
