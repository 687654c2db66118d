"""How the tournament's sentences say numbers: ``1 table`` and ``2 tables``, ``round 1`` and
``rounds 1-3``. Every reply, audit line and export that counts something goes through these, so that
no sentence reads "1 tables" or "rounds 1-1"."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 table``, ``2 tables``, ``0 tables``; ``plural`` for a noun that does not take an ``s``
    (``count(1, "entry", "entries")``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


def round_span(first: int, last: int) -> str:
    """``round 2`` for one round, ``rounds 1-3`` for several."""
    return f"round {first}" if first == last else f"rounds {first}-{last}"


def each_round(first: int, last: int) -> str:
    """``round 1``, or ``each of rounds 1-3``: what takes one loss per round missed."""
    return f"round {first}" if first == last else f"each of rounds {first}-{last}"
