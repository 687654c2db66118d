"""The checks many tournament use cases make before they load anything: whether the actor may ask,
and a name's shape."""

from __future__ import annotations

from engine.text import unseen
from engine.tournament import TournamentError

from .info import MAX_NAME_LENGTH, Actor


def require_organizer(actor: Actor, what: str) -> None:
    """Refuse everyone but the tournament organizers: "Only tournament organizers can ``what``."."""
    if not actor.is_organizer:
        raise TournamentError(f"Only tournament organizers can {what}.")


def check_name(name: str, what: str = "An event name") -> str:
    """``name`` on one line, its spaces collapsed and the characters that would change how the text
    around it shows (controls, direction overrides) left out: a Discord display name may hold
    them, and a name is repeated in every pairing and standing."""
    cleaned = " ".join(
        "".join(" " if ch.isspace() else ch for ch in str(name) if not unseen(ch) or ch.isspace()).split()
    )
    if not cleaned:
        raise TournamentError(f"{what} cannot be empty.")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise TournamentError(f"{what} can be at most {MAX_NAME_LENGTH} characters long.")
    return cleaned
