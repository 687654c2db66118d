"""The console's presenter: a :class:`~bot.reply.Reply` as plain text, for ``arbiter console`` and the CLI.

The reply's panel is printed as :func:`~bot.render.panel.panel_text` renders it; its files are written
to a folder and named on a line each. Posts, DMs, buttons and mentions are Discord's business: the
console has one user and no channels, and its ``/page`` command stands in for the buttons.
"""

from __future__ import annotations

from pathlib import Path

from bot.render.panel import panel_text
from bot.reply import Reply


def reply_text(reply: Reply, *, files_to: Path | None = None, written: str = "written to") -> str:
    """``reply`` as text. With ``files_to``, its files are written there, each followed by a line
    ``(<written> <path>)``."""
    text = panel_text(reply.panel)
    if files_to is not None:
        for filename, data in reply.files:
            target = files_to / filename
            target.write_bytes(data)
            text += f"({written} {target})\n"
    return text
