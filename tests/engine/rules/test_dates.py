"""Printed dates read the same on every machine (no locale)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.rules.dates import MONTHS, iso_date, month_number


def test_month_names_and_abbreviations() -> None:
    assert month_number("February") == 2
    assert month_number("sept.") == 9
    assert month_number("MAR") == 3
    assert month_number("ma") is None
    assert month_number("Smarch") is None


def test_iso_dates_as_printed_in_the_documents() -> None:
    assert iso_date("2023", "February", "10") == "2023-02-10"
    assert iso_date(2018, "June", 1) == "2018-06-01"
    assert iso_date(2023, "February", 30) is None


@given(st.dates())
def test_round_trip(day) -> None:  # type: ignore[no-untyped-def]
    assert iso_date(day.year, MONTHS[day.month - 1].capitalize(), day.day) == day.isoformat()
