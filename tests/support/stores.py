"""Stores for the bot's tests: one that counts the calls made to it, and a SQLite store open for
the length of a `with` block."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from storage import SqliteStore


class CountingStore:
    """A store that counts every call made to it, by method name."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        if not callable(found):
            return found

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return found(*args, **kwargs)

        return counted


@asynccontextmanager
async def sqlite_store(path: Path) -> AsyncIterator[SqliteStore]:
    """A SQLite store on `path`, connected for the block and closed after it, whatever happens."""
    store = SqliteStore(path)
    await store.connect()
    try:
        yield store
    finally:
        await store.close()
