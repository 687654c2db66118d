"""The console's presenter: a :class:`~bot.reply.Reply` as plain text, for ``arbiter console`` and the CLI.

The reply's panel is printed as :func:`~bot.render.panel.panel_text` renders it; its files are written
to a folder and named on a line each. Posts, DMs, buttons and mentions are Discord's business: the
console has one user and no channels, and its ``/page`` command stands in for the buttons.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from bot.render.panel import panel_text
from bot.reply import Reply

_USER = re.compile(r"<@!?\d+>")
_ROLE = re.compile(r"<@&\d+>")
_CHANNEL = re.compile(r"<#\d+>")
_TIME = re.compile(r"<t:(-?\d{1,12})(?::[tTdDfFR])?>")
_STRONG = re.compile(r"(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1")
_ESCAPE = re.compile(r"\\([\\*_~`|>#\-\[\]()])")


def _time(match: re.Match[str]) -> str:
    try:
        return datetime.fromtimestamp(int(match[1]), UTC).strftime("%H:%M UTC")
    except (OverflowError, OSError, ValueError):
        return "a later time"


def plain_text(text: str) -> str:
    """Discord's markdown as the console shows it: ``**bold**``, ``__underline__`` and ``~~strike~~``
    without their marks, ``\\*`` escapes without the backslash, ``<@id>`` as ``@user`` (the console
    knows no Discord names), roles and channels likewise, timestamps as a UTC time."""
    text = _USER.sub("@user", text)
    text = _ROLE.sub("@role", text)
    text = _CHANNEL.sub("#channel", text)
    text = _TIME.sub(_time, text)
    text = _STRONG.sub(lambda m: m[2], text)
    return _ESCAPE.sub(lambda m: m[1], text)


def reply_text(reply: Reply, *, files_to: Path | None = None, written: str = "written to") -> str:
    """``reply`` as text: its content above its panel. With ``files_to``, its files are written there,
    each followed by a line ``(<written> <path>)``."""
    text = plain_text(panel_text(reply.panel))
    if reply.content:
        text = plain_text(reply.content).rstrip("\n") + "\n\n" + text
    if files_to is not None:
        for filename, data in reply.files:
            target = files_to / filename
            target.write_bytes(data)
            text += f"({written} {target})\n"
    return text
