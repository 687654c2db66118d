"""Errors raised while parsing rules documents."""

from engine.errors import ArbiterError


class RulesParseError(ArbiterError, ValueError):
    """The text is not a document of the expected format; the message says where and why."""
