"""The CPU worker killed (SIGKILL) while a Hard CPU thinks: the turn stays as it was, nothing is
half-applied; the next worker plays it exactly once and the match goes on."""

import asyncio
import json
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

# A short delay before each CPU move: a CPU with a single legal action moves at once, and three
# such moves in a row can otherwise pass between two looks at the room.
DELAY = 0.2
WORKER = {"SEVENS_CPU_IN_SERVER": 0, "SEVENS_CPU_DELAY": DELAY}


async def wait_until(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := predicate():
            return value
        await asyncio.sleep(0.05)
    raise TimeoutError(what)


class OwnForcedPass(AssertionError):
    """Aki has nothing to play, and no process plays the pass the server makes for her."""


async def catch_a_cpu_turn(procs, slug: str, me, timeout: float = 60, own_pass: float = 0) -> dict:
    """Aki plays whenever it is Aki's move, until the room is seen on a CPU's turn (not a forced
    pass of Aki's, which the worker makes too); returns that room. `own_pass`: with no process
    playing server moves, a forced pass of Aki's seen this long is OwnForcedPass (the deal's)."""
    deadline = time.monotonic() + timeout
    since = None
    while time.monotonic() < deadline:
        room = procs.db.room(slug)
        if room["status"] != "playing":
            raise AssertionError(f"the round ended before a CPU turn was seen: {room}")
        await me.at_least(room["version"])
        if room["auto_turn"] and room["turn"] != me.state["seat"]:
            return room
        if not room["auto_turn"]:
            since = None
            await play_round([me], procs.db, slug, moves=1, timeout=30)
        elif own_pass:
            since = since or time.monotonic()
            if time.monotonic() - since > own_pass:
                raise OwnForcedPass(slug)
        await asyncio.sleep(0.01)
    raise TimeoutError("a CPU turn")


async def test_it_plays_a_hard_cpu_turn_once_after_the_worker_dies_thinking(cluster):  # noqa: F811
    server = cluster.server(**WORKER)
    worker = cluster.worker("--stall", "0", "--poll", "0.05", **WORKER)
    aki = Browser(server.base)
    slug = open_room(aki, "cpu-hard", rounds=1)
    me = await seat_on(server, slug, aki)

    # A Hard CPU's turn comes; the worker starts thinking and is killed.
    room = await catch_a_cpu_turn(cluster, slug, me)
    await asyncio.sleep(DELAY + 0.2)  # past the delay, into the Hard CPU's half-second of thinking
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


async def test_health_cpu_says_when_no_process_plays_the_cpu_and_recovers_with_a_worker(
    cluster,  # noqa: F811
):
    """docs/deploy.md: with SEVENS_CPU_IN_SERVER=0 and no worker running, every CPU seat waits
    while /health/ stays green; /health/cpu/ answers 503 once a CPU turn is late, and 200 again
    once a worker plays."""
    late = {**WORKER, "SEVENS_CPU_LATE_SECONDS": 1}
    server = cluster.server(**late)
    aki = Browser(server.base)
    for _ in range(5):
        slug = open_room(aki, "cpu-easy", rounds=1)
        me = await seat_on(server, slug, aki)
        try:
            room = await catch_a_cpu_turn(cluster, slug, me, own_pass=3)
            break
        except OwnForcedPass:  # a deal where Aki must pass first: nobody plays it here
            await me.close()
    else:
        raise AssertionError("five deals in a row made Aki pass before any CPU turn")
    await asyncio.sleep(1.5)
    status, _url, body = aki.get("/health/cpu/")
    # (at least this room: the cluster's database may hold an earlier test's room too)
    assert status == 503 and json.loads(body)["late_rooms"] >= 1 and slug not in body
    assert aki.get("/health/")[0] == 200
    assert cluster.db.room(slug)["version"] == room["version"]  # nobody played it

    cluster.worker("--stall", "0", "--poll", "0.05", **late)
    await wait_until(lambda: cluster.db.room(slug)["version"] > room["version"], 30, "a CPU move")
    await wait_until(lambda: aki.get("/health/cpu/")[0] == 200, 30, "/health/cpu/ to be green")
    await me.close()
