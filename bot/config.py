"""Settings, read from the environment (prefix `SNOWBOUND_`) and an optional `.env` file.

The `.env` file and relative SQLite paths are found in the project folder (where `pyproject.toml`
is), not in the current directory, so a service started from `/` behaves like `make run`. An
explicit relative `SNOWBOUND_DATABASE_URL` (`sqlite:///data/x.db`) is relative to the project
folder too; four slashes give an absolute path. When Snowbound is installed without its project
folder (no `pyproject.toml` next to the packages), the current directory stands in for it.
`SNOWBOUND_ENV_FILE` names another file to read instead of the project's `.env` (empty: none);
the test suite sets it empty, so no test reads a server's `.env`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Self

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from storage import redact_url, sqlite_path


def project_dir() -> Path:
    """The folder holding `pyproject.toml` (the source checkout), else the current directory."""
    here = Path(__file__).resolve().parent.parent
    return here if (here / "pyproject.toml").is_file() else Path.cwd()


def env_file(environ: Mapping[str, str] = os.environ) -> Path | None:
    """The settings file read at start-up: the project folder's `.env`, or the file
    `SNOWBOUND_ENV_FILE` names (relative to the current directory; empty: no file at all)."""
    chosen = environ.get("SNOWBOUND_ENV_FILE")
    if chosen is None:
        return project_dir() / ".env"
    return Path(chosen).absolute() if chosen.strip() else None


def resolve_database_url(url: str, base: Path | None = None) -> str:
    """`url` checked, with a relative SQLite path made absolute against `base` (the project
    folder): ValueError, worded for the person editing `.env` (and never showing a password), when
    the URL is not one we accept. PostgreSQL URLs are taken as they are: the server itself says
    what is wrong with one when the bot connects."""
    url = url.strip()
    if url in ("memory://", "memory:") or url.startswith(("postgresql://", "postgres://")):
        return url
    if not url.startswith("sqlite:"):
        raise ValueError(
            "use sqlite:///relative/path.db, sqlite:////absolute/path.db, sqlite://:memory:, "
            f"memory:// or postgresql://user:password@host:5432/database (got {redact_url(url)!r})"
        )
    path = sqlite_path(url)
    if path == ":memory:" or Path(path).is_absolute():
        return url
    return f"sqlite:///{((base or project_dir()) / path).as_posix()}"


def agent_levels() -> list[str]:
    """What SNOWBOUND_DEFAULT_AGENT may name, weakest first: the levels `random`, `heuristic` and
    `expert`, and any other some game has. A game without the level named plays the strongest
    level it has below it (`bot.ai.level_for`: `expert` is `heuristic` where no expert exists)."""
    from bot.ai import LEVELS, known_levels, rank
    from rules import GAMES

    return sorted({*LEVELS, *known_levels(GAMES)}, key=lambda level: (rank(level), level))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="SNOWBOUND_",
        env_file=env_file(),
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
    ai_move_seconds: float = Field(
        default=1.0, gt=0, le=60, description="how long a searching AI (expert) thinks a move"
    )
    max_tables_per_channel: int = Field(default=1, ge=1, description="open tables in one channel")
    use_threads: bool = Field(default=True, description="open a thread per table when possible")
    table_cache_size: int = Field(
        default=2000, ge=1, description="running tables whose state each process keeps in memory"
    )
    channel_index_seconds: float = Field(
        default=10.0, ge=0, description="how stale the chat filter's list of table channels may be"
    )
    database_pool_size: int = Field(
        default=10, ge=1, le=500, description="PostgreSQL connections per process"
    )
    collect_between_moves: bool = Field(
        default=True, description="run Python's garbage collection between moves (bot.collector)"
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="shards of the whole bot; unset = as Discord advises"
    )
    # `0,1` in the environment: NoDecode stops pydantic-settings reading it as JSON.
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None, description="the shards this process connects; unset = all of them"
    )

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            if not all(part.isdigit() for part in parts):
                raise ValueError("must be shard numbers separated by commas, such as 0,1")
            return tuple(int(part) for part in parts) or None
        if isinstance(value, int):
            return (value,)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SNOWBOUND_SHARD_IDS needs SNOWBOUND_SHARD_COUNT (the total) too")
        wrong = [n for n in self.shard_ids if not 0 <= n < self.shard_count]
        if wrong:
            raise ValueError(
                f"SNOWBOUND_SHARD_IDS {wrong} are outside 0…{self.shard_count - 1} "
                f"for SNOWBOUND_SHARD_COUNT={self.shard_count}"
            )
        if len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError("SNOWBOUND_SHARD_IDS names a shard twice")
        return self

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether guild-owned work (clocks, timeouts, reminders) for `guild_id` runs here.

        Discord puts a guild on shard `(guild_id >> 22) % shard_count`; a process that connects
        every shard owns every guild. Tables outside a guild (the terminal table) belong to the
        process that holds shard 0, which is also where Discord delivers DMs.
        """
        if self.shard_ids is None or self.shard_count is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.shard_count
        return shard in self.shard_ids

    @field_validator("database_url")
    @classmethod
    def _usable_database_url(cls, value: str) -> str:
        return resolve_database_url(value)

    @field_validator("default_agent")
    @classmethod
    def _known_agent(cls, value: str) -> str:
        levels = agent_levels()
        level = value.strip().casefold()
        if level not in levels:
            raise ValueError(
                f"there is no AI level {value.strip()!r}: use {', '.join(levels[:-1])} or "
                f"{levels[-1]} (a game without the level plays the strongest level it has below it)"
            )
        return level

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
    """Settings from the environment and `.env`, or one line naming each bad setting (SystemExit,
    so `python -m bot` exits with status 1 and no traceback)."""
    try:
        return Settings()
    except ValidationError as err:
        problems = [
            f"SNOWBOUND_{'_'.join(str(p) for p in e['loc']).upper()}: "
            + str(e["msg"]).removeprefix("Value error, ")
            if e["loc"]
            else str(e["msg"]).removeprefix("Value error, ")
            for e in err.errors()
        ]
        file = Settings.model_config.get("env_file")
        where = f"{file} or the environment" if file else "the environment"
        message = f"Snowbound cannot start: {'; '.join(problems)} (fix it in {where})"
        raise SystemExit(message) from None
