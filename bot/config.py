"""Settings, read from the environment (prefix `SNOWBOUND_`) and an optional `.env` file."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="SNOWBOUND_", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    token: SecretStr | None = Field(default=None, description="Discord bot token; unset = terminal")
    database_url: str = Field(default="sqlite:///data/snowbound.db", description="where games live")
    command_prefix: str = Field(default="!", description="prefix for chat commands (!play …)")
    dev_guild_id: int | None = Field(default=None, description="sync slash commands to this guild")
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR")
    default_agent: str = Field(default="heuristic", description="AI level for Add AI and resigns")
    max_tables_per_channel: int = Field(default=1, ge=1, description="open tables in one channel")
    use_threads: bool = Field(default=True, description="open a thread per table when possible")

    @property
    def has_token(self) -> bool:
        return self.token is not None and bool(self.token.get_secret_value().strip())
