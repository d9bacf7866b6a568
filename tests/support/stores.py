"""Stores for the bot's and the benches' tests: a proxy that watches some calls of another store,
one that counts the calls made to it, a SQLite store open for the length of a `with` block, and a
service on a memory store with a started table."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.tables import Player, TableService
from storage import MemoryStore, SqliteStore, Store, TableRecord


class StoreProxy:
    """A store that passes every call on to `inner`: a subclass defines the calls it watches."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class CountingStore(StoreProxy):
    """A store that counts every call made to it, by method name."""

    def __init__(self, inner: Any) -> None:
        super().__init__(inner)
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        found = super().__getattr__(name)
        if not callable(found):
            return found

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return found(*args, **kwargs)

        return counted


@asynccontextmanager
async def sqlite_store(path: Path, **options: Any) -> AsyncIterator[SqliteStore]:
    """A SQLite store on `path` (with `options`: its clock, WAL limit...), connected for the
    block and closed after it, whatever happens."""
    store = SqliteStore(path, **options)
    await store.connect()
    try:
        yield store
    finally:
        await store.close()


async def started_table(
    game: str,
    *players: Player,
    seed: str,
    games: Mapping[str, Any] | None = None,
    **opened: Any,
) -> tuple[TableService, TableRecord]:
    """A service on a connected memory store (for `games`, the registry's by default), seeding
    each table `seed`, and its table of `game` opened by the first of `players` (`opened`: the
    channel, options...), joined by the others and started: the service and the started table."""
    store = MemoryStore()
    await store.connect()
    service = TableService(store, games, new_seed=lambda: seed)
    table = await service.open(game, players[0], **opened)
    for player in players[1:]:
        await service.join(table.id, player)
    return service, (await service.start(table.id, players[0].user_id)).table
