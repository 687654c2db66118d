"""What every feature's actions share: turning a user-facing error into a refusal, in one place."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

from bot.reply import Reply, refusal
from engine.errors import ArbiterError

P = ParamSpec("P")
R = TypeVar("R")


def refusing(
    prefix: str = "",
) -> Callable[[Callable[P, Awaitable[R]]], Callable[P, Awaitable[R | Reply]]]:
    """A decorator: an :class:`~engine.errors.ArbiterError` raised by the action becomes a
    :func:`~bot.reply.refusal` with its sentence (after ``prefix``, e.g. "Nothing was imported.")."""

    def decorate(action: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R | Reply]]:
        @functools.wraps(action)
        async def run(*args: P.args, **kwargs: P.kwargs) -> R | Reply:
            try:
                return await action(*args, **kwargs)
            except ArbiterError as error:
                return refusal(f"{prefix} {error}".strip())

        return run

    return decorate


def replies(action: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R | Reply]]:
    """Decorate an action so that its :class:`~engine.errors.ArbiterError` becomes a refusal."""
    return refusing()(action)
