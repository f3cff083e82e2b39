"""Thousands of malformed, oversized, out-of-turn and random frames on a room's socket, from
seated players who are not to act, a watcher and a made-up session: no server error, no traceback
to the client, the stored match unchanged, and every frame answered (an error fragment, the table)
or the connection closed politely (4009 too big, 4029 too many)."""

import json
import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import MatchRound
from rooms import protocol, services
from rooms.cpu import play_pending
from tests.live_support import (
    connect,
    db,
    fresh,
    live,  # noqa: F401  (the fixture)
    new_session,
    rules,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]

RANKS, SUITS = "A23456789TJQK", "SHDC"
CARDS = [r + s for r in RANKS for s in SUITS] + ["JK"]
POLITE_CLOSES = {4009, 4029}


def friend_match() -> tuple:
    """Aki, Ben, Chie and Dan at one table, the match started."""
    keys = [new_session() for _ in range(4)]
    room = services.create_room(
        rules=rules(), mode="friend", level=None, names=["Aki"], session_key=keys[0]
    )
    for index, name in enumerate(["Ben", "Chie", "Dan"], start=1):
        services.take_seat(room, index, name, keys[index])
    services.fill_and_start(room, keys[0], level="random")
    play_pending(room.slug)  # a forced pass the server makes: done before the test starts
    return fresh(room), keys


def stored(room) -> tuple:
    room = fresh(room)
    rounds = MatchRound.objects.filter(match_id=room.match_id).order_by("number")
    # The game's version, not the room's: the socket's own coming and going may say its seat
    # offline and back (`rooms.presence.said_offline`), which is no change to the game.
    return room.game_version, room.turn, room.status, [(r.hands, r.events, r.seed) for r in rounds]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
field_value = st.one_of(
    st.sampled_from(CARDS + ["7d", " JK ", "ZZ", "", "10H"]),
    st.integers(-3, 2**40).map(str),
    st.integers(-3, 10),
    json_values,
)
shaped = st.fixed_dictionaries(
    {"action": st.sampled_from(protocol.ACTIONS)},
    optional={
        "card": field_value | st.lists(st.sampled_from(CARDS), max_size=3),
        "spot": field_value,
        "seat": field_value,
        "version": field_value,
        "HEADERS": st.just({"HX-Request": "true"}),
    },
).map(json.dumps)
frames = st.one_of(
    shaped,
    json_values.map(json.dumps),
    st.text(max_size=64),
    st.binary(max_size=64).map(lambda b: b.decode("latin-1")),
    st.sampled_from(["[" * 3000, '{"action": "play", "card": "' + "A" * 5000 + '"}', "\x00"]),
)


@pytest.fixture
def match(db):
    return friend_match()


def malformed(text: str) -> bool:
    try:
        protocol.parse(text)
    except protocol.BadMessage:
        return True
    return False


@settings(max_examples=70, deadline=None, suppress_health_check=list(HealthCheck))
@given(who=st.sampled_from(["other1", "other2", "other3", "watcher", "made-up"]),
       batch=st.lists(frames.filter(bool), min_size=1, max_size=30))  # fmt: skip
async def test_it_survives_random_frames_and_changes_nothing(who, batch, match, caplog):
    room, keys = match
    others = [k for i, k in enumerate(keys) if i != room.turn]
    key = {
        "watcher": None,
        "made-up": "x" * 32,
        **dict(zip(("other1", "other2", "other3"), others, strict=True)),
    }[who]
    before = await db(stored)(room)
    version = (await db(fresh)(room)).version
    caplog.set_level(logging.ERROR)
    comm = await connect(room.slug, key)
    await comm.receive_from(timeout=10)  # the table on connect
    for text in [*batch, json.dumps({"action": "resync"})]:
        await comm.send_to(text_data=text)
    # The consumer handles its messages in order: once it has stopped on the socket's close,
    # sent after the frames, every answer is out (no half-second of silence to wait for).
    await comm.send_input({"type": "websocket.disconnect", "code": 1000})
    await comm.wait(timeout=30)
    answers, closed = [], None
    while closed is None and not comm.output_queue.empty():
        output = await comm.receive_output()
        if output["type"] == "websocket.close":
            closed = output.get("code")
        else:
            answers.append(output["text"])
    for answer in answers:
        assert "Traceback" not in answer and "Exception" not in answer
        assert 'id="messages"' in answer or 'id="table-state"' in answer
    if closed is not None:
        assert closed in POLITE_CLOSES and "message-error" in answers[-1]
    else:
        errors = sum("message-error" in a for a in answers)
        assert errors >= sum(malformed(t) for t in batch)
        # the last frame's answer: the table, and after it the note the player was left with
        # (Fast-forward's stands until their turn: `RoomConsumer.keeps_note`)
        last = max(i for i, a in enumerate(answers) if 'id="table-state"' in a)
        assert all("message-info" in a for a in answers[last + 1 :])
    assert await db(stored)(room) == before  # not a card moved, nor a version of the game
    # and the room's version only by the socket's coming back (said online) and going (offline)
    assert (await db(fresh)(room)).version - version <= (0 if key in (None, "x" * 32) else 2)
    assert not [r for r in caplog.records if r.name.startswith(("rooms", "django", "daphne"))]


async def test_it_answers_a_thousand_frames_in_a_row_then_closes_politely(match, settings):
    room, keys = match
    settings.SEVENS_WS_BUDGET = 1000
    other = keys[(room.turn + 1) % 4]
    before = await db(stored)(room)
    comm = await connect(room.slug, other)
    await comm.receive_from(timeout=10)
    texts = [
        json.dumps(
            {
                "action": protocol.ACTIONS[i % len(protocol.ACTIONS)],
                "card": CARDS[i % 53],
                "version": str(i),
            }
        )
        if i % 3
        else [" ", "{}", "[]", "null", '{"action": 5}', "\ud7ff", "}{"][i % 7]
        for i in range(1000)
    ]
    for text in [*texts, "{}"]:  # the last one is the 1001st in the window
        await comm.send_to(text_data=text)
    answers, closed = [], None
    while closed is None:
        output = await comm.receive_output(timeout=20)
        if output["type"] == "websocket.close":
            closed = output["code"]
        else:
            answers.append(output["text"])
    assert closed == 4029 and "message-error" in answers[-1]
    assert len(answers) >= 1000 and not [a for a in answers if "Traceback" in a]
    assert await db(stored)(room) == before
