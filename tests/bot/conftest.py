from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.tables import TableService
from storage import SqliteStore
from tests.support.nim import NIM


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(str(tmp_path / "tables.db"))
    await store.connect()
    yield store
    await store.close()


@pytest.fixture
def service(store: SqliteStore) -> TableService:
    seeds = iter(f"seed{n}" for n in range(1000))
    return TableService(store, {"nim": NIM}, new_seed=lambda: next(seeds), clock=lambda: 1000.0)
