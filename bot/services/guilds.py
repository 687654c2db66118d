"""Per-server settings: the default game that lets users leave ``game`` out, and whether match boards
carry the board picture."""

from __future__ import annotations

from bot.store.settings_repo import SettingsRepository
from engine.errors import ArbiterError
from engine.games import GAMES, Game, resolve_game

_KEYS_LISTED = ", ".join(list(GAMES)[:-1]) + " or " + list(GAMES)[-1]
"""Every registered game's key, as a sentence lists them."""


class NoGameError(ArbiterError):
    """No game was named and none is set for the server."""


class GuildSettingsService:
    def __init__(self, repo: SettingsRepository) -> None:
        self.repo = repo
        self._defaults: dict[int, str | None] = {}
        """Default game per guild, cached so autocomplete answers from memory after the first read."""

    async def _default_key(self, guild_id: int) -> str | None:
        if guild_id not in self._defaults:
            self._defaults[guild_id] = await self.repo.default_game(guild_id)
        return self._defaults[guild_id]

    async def game_for(self, guild_id: int | None, named: str | None) -> Game:
        """The named game, else the server's default; a clear error when there is neither."""
        if named and named.strip():
            return resolve_game(named)
        if guild_id is not None:
            default = await self._default_key(guild_id)
            if default:
                return resolve_game(default)
        raise NoGameError(
            f"Which game? Add the game option ({_KEYS_LISTED})"
            + (", or ask a server admin to set a default with /settings game." if guild_id else ".")
        )

    async def set_default_game(self, guild_id: int, named: str | None) -> Game | None:
        """Set (or with ``None``, clear) the server's default game."""
        game = resolve_game(named) if named and named.strip() else None
        await self.repo.set_default_game(guild_id, game.key if game else None)
        self._defaults[guild_id] = game.key if game else None
        return game

    async def default_game(self, guild_id: int) -> Game | None:
        key = await self._default_key(guild_id)
        return resolve_game(key) if key else None

    async def board_picture(self, guild_id: int) -> bool:
        """Whether the server's match boards carry the board picture."""
        return await self.repo.board_picture(guild_id)

    async def set_board_picture(self, guild_id: int, shown: bool) -> None:
        await self.repo.set_board_picture(guild_id, shown)
