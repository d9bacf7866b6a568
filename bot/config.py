"""Settings, read from the environment (prefix `SNOWBOUND_`) and an optional `.env` file."""

from __future__ import annotations

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="SNOWBOUND_",
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,  # `SNOWBOUND_DEV_GUILD_ID=` in .env means "not set"
        extra="ignore",
    )

    token: SecretStr | None = Field(default=None, description="Discord bot token; unset = terminal")
    database_url: str = Field(default="sqlite:///data/snowbound.db", description="where games live")
    command_prefix: str = Field(default="!", description="prefix for chat commands (!play …)")
    dev_guild_id: int | None = Field(default=None, description="sync slash commands to this guild")
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR")
    default_agent: str = Field(default="heuristic", description="AI level for Add AI and resigns")
    max_tables_per_channel: int = Field(default=1, ge=1, description="open tables in one channel")
    use_threads: bool = Field(default=True, description="open a thread per table when possible")

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise ValueError("must be DEBUG, INFO, WARNING or ERROR")
        return level

    @property
    def has_token(self) -> bool:
        return self.token is not None and bool(self.token.get_secret_value().strip())


def load_settings() -> Settings:
    """Settings from the environment and `.env`, or a readable error naming the bad setting."""
    try:
        return Settings()
    except ValidationError as err:
        lines = [
            f"  SNOWBOUND_{'_'.join(str(p) for p in e['loc']).upper()}: {e['msg']}"
            for e in err.errors()
        ]
        message = "Snowbound cannot start: a setting is not valid.\n" + "\n".join(lines)
        raise SystemExit(message) from None
