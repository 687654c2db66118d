"""Server settings actions: ``/settings game`` and ``/settings board-picture``."""

from __future__ import annotations

from bot.actions.common import replies
from bot.app import App
from bot.render.panel import make_panel
from bot.reply import Reply, answer, refusal


@replies
async def set_game(app: App, guild_id: int | None, game: str | None) -> Reply:
    """``/settings game``: set or clear the server's default game."""
    if guild_id is None:
        return refusal("Server settings can only be changed in a server.")
    chosen = await app.guilds.set_default_game(guild_id, game)
    if chosen is None:
        return answer(make_panel("Settings", "This server no longer has a default game.", private=True))
    return answer(
        make_panel(
            "Settings",
            f"The default game of this server is now **{chosen.name}**: commands can leave out the game.",
            private=True,
        )
    )


@replies
async def set_board_picture(app: App, guild_id: int | None, shown: bool) -> Reply:
    """``/settings board-picture``: whether the server's match boards carry the board picture."""
    if guild_id is None:
        return refusal("Server settings can only be changed in a server.")
    await app.guilds.set_board_picture(guild_id, shown)
    text = (
        "Match boards in this server now carry the board picture."
        if shown
        else "Match boards in this server no longer carry the board picture (the text board stays)."
    )
    return answer(make_panel("Settings", text, private=True))
