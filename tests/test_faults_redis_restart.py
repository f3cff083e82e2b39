"""Redis restarted while a match runs (a private redis-server, so nobody else's tests notice):
the sockets close and /health/ says 503 while it is down; once it is back, the players reconnect,
play resumes across both processes from the last committed version, and no committed move is
lost."""

import asyncio
import shutil

import pytest

from tests.procs import (
    Cluster,
    Redis,
    Seat,
    friend_table,
    play_round,
    scale_database,
    seat_on,
    services,
    services_reason,
)
from tests.test_scale_two_processes import assert_replays

pytestmark = services


@pytest.fixture
def own_redis():
    if services_reason():
        pytest.skip(services_reason())
    if not shutil.which("redis-server"):
        pytest.skip("needs the redis-server program to start a private Redis")
    redis = Redis().start()
    cluster = Cluster(scale_database(), redis.url)
    try:
        yield redis, cluster
    finally:
        cluster.stop()
        redis.stop()
        print(cluster.logs())


async def reopen_if_closed(seats, where, slug, browsers) -> int:
    """What the page does: reconnect with a pause between tries, and get the whole table.
    Returns the failed tries (without the layer's retry settings, the first connects after a
    restart met a pooled connection to the old Redis and failed with HTTP 500)."""
    from websockets.exceptions import InvalidStatus

    failed = 0
    for i, seat in enumerate(seats):
        while seat.closed is not None:
            try:
                seat = await Seat(where[i].ws, slug, browsers[i].session, where[i].base).open()
            except (InvalidStatus, OSError):
                failed += 1
                assert failed < 20, "the servers never took sockets again"
                await asyncio.sleep(0.5)
        seats[i] = seat
    return failed


async def test_it_resumes_play_after_redis_restarts_and_loses_no_move(own_redis):
    redis, cluster = own_redis
    one, two = cluster.server(), cluster.server()
    slug, browsers = friend_table(one.base)
    where = [one, two, one, two]
    seats = [await seat_on(where[i], slug, browsers[i]) for i in range(4)]
    await play_round(seats, cluster.db, slug, moves=3)
    before = cluster.db.events(slug)[-1]

    redis.kill()
    # Each socket's consumer loses its channel-layer connection: the server closes the sockets
    # (the page shows "reconnecting" and retries) and /health/ says 503.
    for seat in seats:
        await seat.until(lambda s: s.closed is not None, timeout=20)
    assert not one.healthy() and not two.healthy()
    # nothing committed is touched (a forced pass the server made meanwhile may follow)
    assert cluster.db.events(slug)[-1][: len(before)] == before

    redis.start()
    for server in (one, two):
        server.wait_healthy(30)
    await asyncio.sleep(1)
    # The pools' sockets to the old Redis reconnect and retry: no player's connect fails.
    assert await reopen_if_closed(seats, where, slug, browsers) == 0
    committed = cluster.db.room(slug)["version"]
    for i, seat in enumerate(seats):
        try:
            await seat.at_least(committed, timeout=10)
        except TimeoutError:
            # Still open but deaf: the page's resync (on a gap, or on reconnect) must fix it.
            await seat.send(action="resync")
            await seat.at_least(committed, timeout=10)
            seats[i] = seat
    await play_round(seats, cluster.db, slug, moves=4)
    after = cluster.db.events(slug)[-1]
    assert after[: len(before)] == before and len(after) >= len(before) + 4
    assert_replays(cluster.db, slug)
    for seat in seats:
        await seat.close()
