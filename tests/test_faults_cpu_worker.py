"""The CPU worker killed (SIGKILL) while a Hard CPU thinks: the turn stays as it was, nothing is
half-applied; the next worker plays it exactly once and the match goes on."""

import asyncio
import time

from tests.procs import (
    Browser,
    cluster,  # noqa: F401  (the fixture)
    open_room,
    play_round,
    seat_on,
    services,
)
from tests.test_scale_two_processes import assert_replays

pytestmark = services

WORKER = {"SEVENS_CPU_IN_SERVER": 0, "SEVENS_CPU_DELAY": 0}


async def wait_until(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := predicate():
            return value
        await asyncio.sleep(0.05)
    raise TimeoutError(what)


async def test_it_plays_a_hard_cpu_turn_once_after_the_worker_dies_thinking(cluster):  # noqa: F811
    server = cluster.server(**WORKER)
    worker = cluster.worker("--stall", "0", "--poll", "0.05", **WORKER)
    aki = Browser(server.base)
    slug = open_room(aki, "cpu-hard", rounds=1)
    me = await seat_on(server, slug, aki)
    await play_round([me], cluster.db, slug, moves=2, timeout=60)

    # Aki's move hands the turn to a Hard CPU; the worker starts thinking and is killed.
    await wait_until(lambda: not cluster.db.room(slug)["auto_turn"], 30, "Aki's turn")
    await play_round([me], cluster.db, slug, moves=1, timeout=30)
    room = await wait_until(
        lambda: (r := cluster.db.room(slug))["auto_turn"] and r, 10, "a CPU turn"
    )
    await asyncio.sleep(0.2)  # into the Hard CPU's half-second of thinking
    killed_at = cluster.db.room(slug)
    worker.kill()
    before = cluster.db.events(slug)[-1]
    await asyncio.sleep(1.5)
    # Nobody plays the CPU now: the turn is exactly as the dead worker left it.
    assert cluster.db.room(slug)["version"] == killed_at["version"]
    assert cluster.db.events(slug)[-1] == before
    if killed_at["version"] == room["version"]:
        assert killed_at["auto_turn"]

    cluster.worker("--stall", "0", "--poll", "0.05", **WORKER)
    await wait_until(
        lambda: cluster.db.room(slug)["version"] > killed_at["version"], 30, "the CPU's move"
    )
    await play_round([me], cluster.db, slug, moves=2, timeout=60)
    after = cluster.db.events(slug)[-1]
    assert after[: len(before)] == before
    assert_replays(cluster.db, slug)
    await me.close()
