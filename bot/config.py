"""Settings, read from the environment and a ``.env`` file (pydantic-settings).

Every setting is documented in ``.env.example`` and the README.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = PROJECT_ROOT / "var" / "arbiter.sqlite3"
RULES_DIR = PROJECT_ROOT / "data" / "rules"


class Settings(BaseSettings):
    """The bot's configuration."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(default=None, description="Bot token from the Developer Portal.")
    database_path: Path = Field(default=DEFAULT_DATABASE, description="SQLite file of the bot.")
    dev_guild_id: int | None = Field(
        default=None, description="Guild to sync commands to while developing (instant updates)."
    )
    log_level: str = Field(default="INFO", description="Python logging level name.")
    rules_dir: Path = Field(default=RULES_DIR, description="Folder of rules documents to import.")
    inline_cards: bool = Field(
        default=False,
        description="Answer [[card name]] in messages; needs the privileged Message Content intent.",
    )

    owner_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list,
        description="Discord users whose /cards import changes the shared cards of every server.",
    )

    @field_validator("owner_ids", mode="before")
    @classmethod
    def _id_list(cls, value: object) -> object:
        if isinstance(value, int):
            return [value]
        if isinstance(value, str):
            return [part for part in value.replace(",", " ").split() if part]
        return value

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level
