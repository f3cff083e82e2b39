"""A friend's presence across server processes (PostgreSQL, Redis, real daphne processes): the
others are told "offline" once, whichever process tells them, and never while the friend still
has a socket open on another process; a process that dies before telling them loses nothing.

Personas: Aki and Chie stay at the table; Ben's tabs come and go."""

import asyncio
import re
import time

from tests.procs import (
    cluster,  # noqa: F401  (the fixture)
    friend_table,
    seat_on,
    services,
    wait_for,
)

pytestmark = services

OFFLINE = "offline: the game waits a moment for them to come back"
NAMES = ("Aki", "Ben", "Chie")


def ben_offline(frame: str) -> bool | None:
    """What a frame's seat line says of Ben: offline (True), not (False), or nothing (None)."""
    line = re.search(r'<b class="seat-name">(?:(?!</b>).)*?Ben.*?</b>', frame, re.S)
    return None if line is None else OFFLINE in line.group(0)


def said_of_ben(seat, since: int = 0) -> list[tuple[float, bool]]:
    """(arrival, offline) of every frame from the `since`-th that speaks of Ben's seat line."""
    return [(t, s) for t, f in seat.frames[since:] if (s := ben_offline(f)) is not None]


def ben_seat(db, slug: str) -> dict:
    row = db.query(
        "SELECT s.connected, s.offline_said FROM rooms_seat s JOIN rooms_room r ON r.id = s.room_id"
        " WHERE r.slug = %s AND s.index = 1",
        slug,
    )[0]
    return {"connected": row[0], "offline_said": row[1]}


async def settled(seats) -> None:
    """Every socket has its first table and what the deal still sends."""
    for seat in seats:
        await seat.until(lambda s: s.version >= 0)
    await asyncio.sleep(1.0)


async def test_a_friend_still_at_the_table_on_another_process_is_never_said_offline(cluster):  # noqa: F811
    # Ben's tab reconnects to the other process before its old socket there closes (a phone
    # changing networks, a proxy sending the new socket elsewhere), or Ben has a second tab
    # there: the old socket's process marked his seat down, and the other process's heartbeat,
    # once a sweep (here 30 s), came after the 3 s: the others saw him offline meanwhile.
    quiet = {"SEVENS_SWEEP_SECONDS": 30}
    one, two = cluster.server(**quiet), cluster.server(**quiet)
    slug, (aki, ben, chie) = friend_table(one.base, names=NAMES)
    at_aki = await seat_on(one, slug, aki)
    at_chie = await seat_on(two, slug, chie)
    ben_one = await seat_on(one, slug, ben)
    await settled([at_aki, at_chie, ben_one])
    ben_two = await seat_on(two, slug, ben)  # the new socket, on the other process
    await ben_two.until(lambda s: s.version >= 0)
    version = cluster.db.room(slug)["version"]
    seen = len(at_aki.frames), len(at_chie.frames)
    await ben_one.close()  # the old one closes only now
    await asyncio.sleep(5)  # past SEVENS_OFFLINE_SECONDS (3)
    assert said_of_ben(at_aki, seen[0]) == [] and said_of_ben(at_chie, seen[1]) == []
    assert cluster.db.room(slug)["version"] == version  # no version said anything
    assert ben_seat(cluster.db, slug) == {"connected": True, "offline_said": False}

    # Gone from both: said offline after the 3 s, and back the moment he opens a socket again,
    # on either process.
    start = time.monotonic()
    await ben_two.close()
    await at_aki.until(lambda s: any(off for _, off in said_of_ben(s, seen[0])), timeout=10)
    said = [t for t, off in said_of_ben(at_aki, seen[0]) if off][0] - start
    assert 2.5 < said < 6, said  # SEVENS_OFFLINE_SECONDS, not the other process's sweep (30 s)
    seen = len(at_aki.frames)
    back = time.monotonic()
    again = await seat_on(one, slug, ben)
    await at_chie.until(lambda s: said_of_ben(s) and not said_of_ben(s)[-1][1], timeout=10)
    await at_aki.until(lambda s: said_of_ben(s, seen) and not said_of_ben(s, seen)[-1][1])
    assert said_of_ben(at_aki, seen)[-1][0] - back < 2.5  # at its connect, not at a sweep
    for seat in (again, at_aki, at_chie):
        await seat.close()


async def test_a_process_that_dies_before_saying_a_friend_offline_loses_nothing(cluster):  # noqa: F811
    # Ben's tab on the first process closes, and that process dies within the 3 s, before it
    # says him offline: the others' processes say it, once between them.
    doomed = cluster.server()
    fast = {"SEVENS_SWEEP_SECONDS": 0.5}
    two, three = cluster.server(**fast), cluster.server(**fast)
    slug, (aki, ben, chie) = friend_table(two.base, names=NAMES)
    at_aki = await seat_on(two, slug, aki)
    at_chie = await seat_on(three, slug, chie)
    at_ben = await seat_on(doomed, slug, ben)
    await settled([at_aki, at_chie, at_ben])
    version = cluster.db.room(slug)["version"]
    seen = len(at_aki.frames), len(at_chie.frames)
    await at_ben.close()
    wait_for(lambda: not ben_seat(cluster.db, slug)["connected"], 5, "Ben's seat marked down")
    doomed.kill()
    for seat, since in ((at_aki, seen[0]), (at_chie, seen[1])):
        await seat.until(lambda s, n=since: any(off for _, off in said_of_ben(s, n)), timeout=10)
    await asyncio.sleep(2)  # both sweeps have run again since
    assert cluster.db.room(slug)["version"] == version + 1  # said once, by one of the two
    assert ben_seat(cluster.db, slug) == {"connected": False, "offline_said": True}

    # Back on a living process: said back at once, once.
    seen = len(at_aki.frames)
    again = await seat_on(three, slug, ben)
    await at_aki.until(lambda s: said_of_ben(s, seen) and not said_of_ben(s, seen)[-1][1])
    await asyncio.sleep(1.5)
    assert cluster.db.room(slug)["version"] == version + 2
    assert ben_seat(cluster.db, slug) == {"connected": True, "offline_said": False}
    for seat in (again, at_aki, at_chie):
        await seat.close()


async def test_a_restart_after_a_long_outage_hands_nobody_to_the_computer(cluster):  # noqa: F811
    # The only server process dies with the friends at the table and comes back after more than
    # twice the grace period: their seats' last heartbeats are that old. Its first sweep (at the
    # health check, before any page was back) handed every player to the computer, and each page
    # reconnecting took its seat back: two versions a player, "away" between them, and the
    # computer playing for anyone not back yet.
    server = cluster.server(SEVENS_GRACE_SECONDS=2)
    slug, browsers = friend_table(server.base, names=NAMES)
    seats = [await seat_on(server, slug, b) for b in browsers]
    await settled(seats)
    version = cluster.db.room(slug)["version"]
    server.kill()
    await asyncio.sleep(5)  # past twice the grace period
    server.start()
    await asyncio.sleep(1)  # its first sweeps
    seats = [await seat_on(server, slug, b) for b in browsers]
    await settled(seats)
    assert cluster.db.room(slug)["version"] == version
    held = cluster.db.query(
        "SELECT count(*) FROM rooms_seat s JOIN rooms_room r ON r.id = s.room_id "
        "WHERE r.slug = %s AND s.cpu_controlled",
        slug,
    )
    assert held == [(0,)]
    for seat in seats:
        await seat.close()
