"""Errors raised while parsing rules documents."""


class RulesParseError(ValueError):
    """The text is not a document of the expected format; the message says where and why."""
