"""Where a navigation button or menu leads (rules and cards), opened again from its target."""

from __future__ import annotations

from bot.actions.cards import open_cards_target
from bot.actions.common import replies
from bot.actions.rules import open_rules_target
from bot.app import App
from bot.render.panel import Target
from bot.reply import Reply


@replies
async def open_target(app: App, target: Target, guild_id: int | None = None) -> Reply:
    """A button's destination: a rule page, a saved rules or card search page, or a card. Cards are
    read as the server ``guild_id`` where the button was pressed sees them (``None``: a direct
    message or the console, the shared cards)."""
    if target.kind in {"card", "cards"}:
        return await open_cards_target(app, target, guild_id)
    return await open_rules_target(app, target)
