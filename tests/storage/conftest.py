"""The storage suite's fixtures: `store` is each backend in turn — memory, SQLite and PostgreSQL
(skipped without `SNOWBOUND_TEST_POSTGRES_URL`, refused in CI) — so every test that takes it is
one contract test of all three."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from storage import MemoryStore, SqliteStore, Store
from tests.storage.stored import Backend, ticking_clock
from tests.support.postgres import postgres_store


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    if request.param == "postgresql":
        async with postgres_store(clock=ticking_clock()) as pg:
            yield Backend("postgresql", pg, None)
        return
    if request.param == "memory":
        store: Any = MemoryStore(clock=ticking_clock())
        path = None
    else:
        path = tmp_path / "snowbound.db"
        store = SqliteStore(path, clock=ticking_clock())
    await store.connect()
    try:
        yield Backend(request.param, store, path)
    finally:
        await store.close()


@pytest.fixture
def store(backend: Backend) -> Store:
    result: Store = backend.store
    return result
