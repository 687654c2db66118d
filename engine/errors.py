"""Base error of the engine: every refusal carries one clear sentence for the user."""


class ArbiterError(Exception):
    """An error whose message is safe and useful to show to a user as is."""
