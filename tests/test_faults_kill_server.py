"""A server process killed (SIGKILL) in the middle of a match, with players connected to it and a
move in flight: after a restart the players reconnect and the match continues from exactly the
last committed move; the move in flight, sent again by its client, is applied once."""

import asyncio

from rooms.table import legal_actions, only_passes
from tests.procs import (
    Seat,
    cluster,  # noqa: F401  (the fixture)
    friend_table,
    my_move,
    play_round,
    seat_on,
    services,
)
from tests.test_scale_two_processes import assert_replays

pytestmark = services


def as_event(fields: dict, seat: int) -> dict:
    event = {"type": fields["action"], "seat": seat}
    if "card" in fields:
        event["card"] = fields["card"]
    return event


async def test_it_continues_from_the_last_committed_move_after_a_server_is_killed(cluster):  # noqa: F811
    one, two = cluster.server(), cluster.server()
    slug, browsers = friend_table(one.base)
    where = [one, one, two, two]
    seats = [await seat_on(where[i], slug, browsers[i]) for i in range(4)]
    await play_round(seats, cluster.db, slug, moves=4)

    # The next human move, sent to its process, which dies at once. A move the player chooses:
    # a forced pass is also made by the server itself, which may commit it first (the resent pass
    # would then be stale, and the next event another seat's).
    while True:
        room = cluster.db.room(slug)
        for seat in seats:
            await seat.at_least(room["version"])
        index = next((i for i, s in enumerate(seats) if my_move(s.state)), None)
        if index is not None and not only_passes(legal_actions(seats[index].state["legal"])):
            break
        await play_round(seats, cluster.db, slug, moves=1)
    fields = my_move(seats[index].state)
    before = cluster.db.events(slug)[-1]
    doomed = where[index]
    await seats[index].send(**fields)
    doomed.kill()
    on_doomed = [i for i in range(4) if where[i] is doomed]
    for i in on_doomed:
        await seats[i].until(lambda s: s.closed is not None, timeout=15)

    # The other process's players still see the table; the dead process comes back.
    doomed.start(timeout=60)
    for i in on_doomed:
        seats[i] = await Seat(doomed.ws, slug, browsers[i].session, doomed.base).open()
    committed = cluster.db.room(slug)["version"]
    for seat in seats:
        await seat.at_least(committed)  # the full table at the last committed version

    # The client did not see its move confirmed: it sends it again, with the same version.
    await seats[index].send(**fields)
    await asyncio.sleep(0.5)
    await play_round(seats, cluster.db, slug, moves=4)
    after = cluster.db.events(slug)[-1]
    assert after[: len(before)] == before  # nothing committed was lost
    assert after[len(before)] == as_event(fields, index)  # the move in flight: once
    assert as_event(fields, index) not in after[len(before) + 1 :] or fields["action"] == "pass"
    assert_replays(cluster.db, slug)
    for seat in seats:
        await seat.close()
