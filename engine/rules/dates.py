"""Dates as the rules documents print them ("February 10th, 2023", "Sept 2"), read without locale."""

from __future__ import annotations

import datetime

MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip


def month_number(name: str) -> int | None:
    """1-12 for a month's full name or an abbreviation of at least three letters, any case."""
    key = name.strip().rstrip(".").casefold()
    if len(key) < 3:
        return None
    for number, month in enumerate(MONTHS, start=1):
        if month.startswith(key):
            return number
    return None


def iso_date(year: int | str, month: int | str, day: int | str) -> str | None:
    """``YYYY-MM-DD`` for a printed date, or ``None`` when it names no real day."""
    number = month if isinstance(month, int) else month_number(month)
    if number is None:
        return None
    try:
        return datetime.date(int(year), number, int(day)).isoformat()
    except ValueError:
        return None
