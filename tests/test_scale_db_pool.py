"""On PostgreSQL the server keeps its database connections open in a pool: channels closes the
connection around every database call a socket makes, and without the pool each of those calls
opened (and authenticated) a new PostgreSQL connection."""

import os

import pytest
from channels.db import database_sync_to_async
from django.db import connection

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="needs DATABASE_URL on PostgreSQL (CI's second pass runs it)",
    ),
]


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def pool_stats() -> dict:
    return connection.pool.get_stats()


async def test_socket_database_calls_reuse_the_pools_connections():
    # Earlier tests may have left more than one connection in the pool, and the calls may take
    # any of them; without the pool each call would open a connection of its own.
    await database_sync_to_async(backend_pid)()
    before = await database_sync_to_async(pool_stats)()
    pids = [await database_sync_to_async(backend_pid)() for _ in range(20)]
    after = await database_sync_to_async(pool_stats)()
    assert len(set(pids)) <= after["pool_size"] <= after["pool_max"] < 20, (pids, after)
    assert after.get("connections_num", 0) == before.get("connections_num", 0), (before, after)


def test_each_process_pool_is_bounded(settings):
    pool = settings.DATABASES["default"]["OPTIONS"]["pool"]
    assert settings.DATABASES["default"]["CONN_MAX_AGE"] == 0
    assert 1 <= pool["min_size"] <= pool["max_size"]
