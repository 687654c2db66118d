"""How many examples a property test draws, by what one example costs.

The number is the profile's (``HYPOTHESIS_PROFILE``, registered in ``tests/conftest.py``: 100 in
``ci`` and ``dev``, 25 in ``check``, 1,000 in ``fuzz``) for a test whose example is a function call,
and a fixed share of it for a test whose example costs more. No test names a number of its own, so a profile
scales every test at once: ``make fuzz`` draws ten times what ``make test`` draws, everywhere.

A test says its cost by the settings it takes as parent: ``@settings(SERVICE)``, or
``@settings(SERVICE, suppress_health_check=[...])`` with health checks of its own."""

from __future__ import annotations

from hypothesis import settings


def _times(factor: float) -> settings:
    """The loaded profile with ``factor`` times its number of examples (at least one)."""
    return settings(max_examples=max(1, round(settings.default.max_examples * factor)))


MANY = _times(20)
"""Each example is one query or one line through a service already open: twenty times the profile's."""
SERVICE = _times(1 / 2)
"""Each example writes a database, draws a picture, runs a command or plays part of a match."""
MATCHES = _times(1 / 10)
"""Each example plays whole games or whole events."""
