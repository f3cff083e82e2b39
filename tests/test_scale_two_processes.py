"""Two daphne processes over PostgreSQL and Redis share rooms: players connected to different
processes see each other's moves live; CPU turns are played exactly once across processes; a
separate CPU worker plays the CPU seats when the servers leave them to it."""

import asyncio
import time

from games.sevens import RuleSet, replay_round
from tests.procs import (
    Browser,
    cluster,  # noqa: F401  (the fixture)
    friend_table,
    open_room,
    play_round,
    seat_on,
    services,
)

pytestmark = services

ACTIONS = ("play", "pass", "joker")


def moves(rounds: list[list[dict]]) -> int:
    return sum(e["type"] in ACTIONS for events in rounds for e in events)


def assert_replays(db, slug: str) -> None:
    """The stored log is a legal round: no move missing, none applied twice out of turn."""
    rules, hands, dealer, events = db.query(
        "SELECT m.rules, r.hands, r.dealer, r.events FROM games_matchround r "
        "JOIN games_match m ON m.id = r.match_id JOIN rooms_room o ON o.match_id = m.id "
        "WHERE o.slug = %s ORDER BY r.number DESC LIMIT 1",
        slug,
    )[0]
    replay_round(RuleSet.from_dict(rules), hands, dealer, events)


async def test_it_shows_each_process_the_moves_made_on_the_other(cluster):  # noqa: F811
    one, two = cluster.server(), cluster.server()
    slug, browsers = friend_table(one.base)
    seats = [
        await seat_on(one, slug, browsers[0]),
        await seat_on(one, slug, browsers[1]),
        await seat_on(two, slug, browsers[2]),
        await seat_on(two, slug, browsers[3]),
    ]
    watcher = await seat_on(two, slug, None)
    sent = await play_round(seats, cluster.db, slug, timeout=60, moves=8)
    room = cluster.db.room(slug)
    assert sent == 8 or room["status"] != "playing"
    for seat in [*seats, watcher]:
        await seat.at_least(room["version"])
        await seat.close()
    # Every move of the round was sent by a person at one of the two processes (or was a forced
    # pass the server made): nothing was lost and nothing applied twice.
    stored = moves(cluster.db.events(slug))
    assert sent <= stored
    assert_replays(cluster.db, slug)


async def test_it_plays_each_cpu_turn_once_when_both_processes_race_for_it(cluster):  # noqa: F811
    # No stall allowance: each process's sweep takes every due CPU turn at once, racing the other.
    one = cluster.server(SEVENS_STALL_SECONDS=0, SEVENS_SWEEP_SECONDS=0.2)
    two = cluster.server(SEVENS_STALL_SECONDS=0, SEVENS_SWEEP_SECONDS=0.2)
    aki = Browser(one.base)
    slug = open_room(aki, "cpu-easy", rounds=1)
    me = await seat_on(one, slug, aki)
    watcher = await seat_on(two, slug, None)
    await play_round([me], cluster.db, slug, timeout=60, moves=3)
    room = cluster.db.room(slug)
    await watcher.at_least(room["version"])
    await me.close()
    await watcher.close()
    assert_replays(cluster.db, slug)
    # Every applied move bumped the version exactly once: create + moves (+ seat presence).
    assert room["version"] >= moves(cluster.db.events(slug))


async def test_it_lets_a_separate_worker_play_the_cpu_seats(cluster):  # noqa: F811
    server = cluster.server(SEVENS_CPU_IN_SERVER=0)
    aki = Browser(server.base)
    slug = open_room(aki, "cpu-easy", rounds=1)
    me = await seat_on(server, slug, aki)
    await me.at_least(cluster.db.room(slug)["version"])
    # Without the worker nothing plays the CPU: its turn waits.
    if not cluster.db.room(slug)["auto_turn"]:
        await play_round([me], cluster.db, slug, timeout=30, moves=1)
    waiting = cluster.db.room(slug)
    if waiting["auto_turn"]:
        await asyncio.sleep(1.5)
        assert cluster.db.room(slug)["version"] == waiting["version"]
    cluster.worker("--stall", "0", SEVENS_CPU_IN_SERVER=0)
    await play_round([me], cluster.db, slug, timeout=60, moves=3)
    # The worker answers Aki's moves: every CPU seat moves (or passes) more than once. Its answer
    # to Aki's last move may still be on the way when play_round returns.
    deadline = time.monotonic() + 20
    while True:
        events = [e for r in cluster.db.events(slug) for e in r if e["type"] in ACTIONS]
        done = cluster.db.room(slug)["status"] != "playing"
        if done or all(sum(e["seat"] == seat for e in events) >= 2 for seat in (1, 2, 3)):
            break
        assert time.monotonic() < deadline, events
        await asyncio.sleep(0.2)
    await me.close()
    assert all(sum(e["seat"] == seat for e in events) >= 2 for seat in (1, 2, 3)), events
    assert_replays(cluster.db, slug)


async def test_a_separate_worker_plays_a_fast_forwarded_room_without_the_delay(cluster):  # noqa: F811
    # With the servers leaving the CPU to the worker, "Fast-forward" must still skip the readable
    # delay: the worker took a turn only once the room was older than the delay, so with it or
    # without it each CPU move waited the delay (here 5 s: a round is over 40 s of CPU moves).
    slow = {"SEVENS_CPU_IN_SERVER": 0, "SEVENS_CPU_DELAY": 5}
    server = cluster.server(**slow)
    cluster.worker(**slow)
    aki = Browser(server.base)
    slug = open_room(aki, "cpu-easy", rounds=1)
    me = await seat_on(server, slug, aki)
    await me.at_least(cluster.db.room(slug)["version"])
    await me.send(action="fast_forward")
    start = time.monotonic()
    await play_round([me], cluster.db, slug, timeout=60, moves=3)
    while (room := cluster.db.room(slug))["status"] == "playing" and room["auto_turn"]:
        assert time.monotonic() - start < 20, room
        await asyncio.sleep(0.1)
    await me.close()
    cpu_moves = [e for r in cluster.db.events(slug) for e in r if e["seat"] != 0]
    assert len(cpu_moves) >= 3
    assert time.monotonic() - start < 12, (len(cpu_moves), time.monotonic() - start)
    assert_replays(cluster.db, slug)
