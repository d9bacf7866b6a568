from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.tables import TableService
from storage import MemoryStore, SqliteStore
from tests.support.nim import NIM
from tests.support.postgres import postgres_store


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Any]:
    """Every service test runs on each store: in memory, a SQLite file, and PostgreSQL."""
    if request.param == "postgresql":
        async with postgres_store() as pg:
            yield pg
        return
    store = MemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "tables.db")
    await store.connect()
    yield store
    await store.close()


@pytest.fixture
def service(store: SqliteStore) -> TableService:
    seeds = iter(f"seed{n}" for n in range(1000))
    return TableService(
        store, {"test_nim": NIM}, new_seed=lambda: next(seeds), clock=lambda: 1000.0
    )
