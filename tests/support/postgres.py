"""PostgreSQL for the tests: one throwaway schema per test on the server named by
`SNOWBOUND_TEST_POSTGRES_URL` (`.ci/run` starts one). Without that variable the PostgreSQL tests
are skipped on a developer's machine, but fail when `CI=true` or `SNOWBOUND_REQUIRE_POSTGRES=1`:
CI must never pass by skipping them.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from bench.bench_scale import drop_schema
from storage.postgres import PostgresStore

URL_VARIABLE = "SNOWBOUND_TEST_POSTGRES_URL"
SKIP_REASON = f"PostgreSQL tests skipped: set {URL_VARIABLE} (see .ci/run) to run them"


def required() -> bool:
    """CI (and whoever sets SNOWBOUND_REQUIRE_POSTGRES=1) may not skip the PostgreSQL tests."""
    return (
        os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
        or os.environ.get("SNOWBOUND_REQUIRE_POSTGRES", "").strip() == "1"
    )


def configured_url() -> str | None:
    return os.environ.get(URL_VARIABLE, "").strip() or None


def postgres_url() -> str:
    """The test server's URL; otherwise this test is skipped, or failed where it is required."""
    url = configured_url()
    if url is not None:
        return url
    if required():
        pytest.fail(f"{URL_VARIABLE} is not set, and CI may not skip the PostgreSQL tests")
    pytest.skip(SKIP_REASON)


def new_schema() -> str:
    return f"test_{uuid.uuid4().hex[:16]}"


@asynccontextmanager
async def postgres_store(
    *, clock: Callable[[], float] = time.time, pool_size: int = 10, schema: str | None = None
) -> AsyncIterator[PostgresStore]:
    """A connected store in a fresh schema of its own, dropped afterwards."""
    url = postgres_url()
    schema = schema or new_schema()
    store = PostgresStore(url, clock=clock, pool_size=pool_size, schema=schema)
    await store.connect()
    try:
        yield store
    finally:
        await store.close()
        await drop_schema(url, schema)
