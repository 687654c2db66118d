"""The one exception the tournament engine raises."""

from engine.errors import ArbiterError


class TournamentError(ArbiterError):
    """A request the event's state does not allow (pairing a finished event, an unknown player, an
    impossible result); the message is one sentence for the organiser and nothing was changed."""
