"""No frame sent to one seat (or a watcher) carries another seat's cards, the deck order or a seed.

Whole matches of every mode are played over the sockets with every seat and a watcher connected,
and every frame each socket received is scanned: the `#hand` fragment's `data-card` buttons and
every card string of the `#table-state` JSON outside the public parts (the layout, the public
history, the revealed hands of a `cards_left` settlement, joker spots) must be the viewer's own.
"""

import asyncio
import json

import pytest

from games.models import Match
from rooms import services
from rooms.models import Room
from tests.live_support import (
    CARD_ATTR,
    connect,
    db,
    fresh,
    live,  # noqa: F401  (the fixture)
    merged_state,
    new_session,
    rules,
    table_state,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live")]


@pytest.fixture(autouse=True)
def no_message_budget(settings):
    # A hot-seat device sends two messages a turn (lift the curtain, play), some 100 in a match
    # that takes a second here: the per-socket budget (tested in test_consumer_bad_input) would
    # close it. These tests are about what the frames say, not how fast a player may send.
    settings.SEVENS_WS_BUDGET = 10_000


PUBLIC_KEYS = {"rows", "history", "revealed", "result", "results", "rules", "spot"}


class Agent:
    """One socket: records every frame; plays its seat's first legal move when it is to act."""

    def __init__(self, comm, *, plays: bool, hotseat: bool = False, deals: bool = False):
        self.comm, self.plays, self.hotseat, self.deals = comm, plays, hotseat, deals
        self.frames: list[str] = []
        self.sent: set[tuple] = set()
        self.state: dict | None = None  # the seat view as the page holds it

    async def run(self) -> None:
        while True:
            frame = await self.comm.receive_from(timeout=20)
            self.frames.append(frame)
            state = merged_state(self.state, frame)
            if table_state(frame) is None:
                continue
            self.state = state
            if state["status"] in ("finished", "closed"):
                return
            if self.plays:
                await self.act(state)

    async def act(self, state: dict) -> None:
        version = state["version"]
        if state["status"] == "between_rounds" and self.deals:
            await self.send(("next", version), action="next_round")
        if state["status"] != "playing" or state["turn"] is None:
            return
        if self.hotseat and state["hand"] is None:
            await self.send(("reveal", version), action="reveal", seat=state["turn"])
        elif state["turn"] == state["seat"] and state["legal"]:
            move = state["legal"][0]
            fields = {k: v for k, v in move.items() if k != "type"}
            await self.send(("move", version), action=move["type"], version=version, **fields)

    async def send(self, key: tuple, **fields) -> None:
        if key not in self.sent:
            self.sent.add(key)
            await self.comm.send_to(text_data=json.dumps({k: str(v) for k, v in fields.items()}))


async def play_match(room, agents: list[Agent]) -> None:
    await asyncio.wait_for(asyncio.gather(*(a.run() for a in agents)), timeout=240)
    for agent in agents:
        await agent.comm.disconnect()
    room = await db(fresh)(room)
    assert room.status == Room.Status.FINISHED


def secrets_of(room) -> tuple[list[set[str]], list[str]]:
    """Each seat's dealt cards over all rounds (by round), and the shuffle seeds."""
    match = Match.objects.get(pk=fresh(room).match_id)
    rounds = list(match.rounds.order_by("number"))
    return [[set(h) for h in r.hands] for r in rounds], [str(r.seed) for r in rounds]


def private_cards(node, key=None) -> set[str]:
    """Card strings of the seat view outside its public parts."""
    if key in PUBLIC_KEYS:
        return set()
    if isinstance(node, dict):
        return set().union(*(private_cards(v, k) for k, v in node.items()))
    if isinstance(node, list):
        return set().union(*(private_cards(v) for v in node))
    if isinstance(node, str) and CARD_ATTR.match(f'data-card="{node}"'):
        return {node}
    return set()


def check_frames(agent: Agent, own_seat, hands_by_round, seeds) -> int:
    """Asserts every frame of `agent` is clean; returns how many carried a hand."""
    every_card = set().union(*(set().union(*r) for r in hands_by_round))
    shown = 0
    held = None  # the seat view as the page holds it (a delta's state is merged into it)
    for frame in agent.frames:
        for seed in seeds:
            assert seed not in frame
        held = merged_state(held, frame) or held
        state = held if table_state(frame) is not None else None
        # A delta carries the hand's changed buttons outside any #hand section: scan it all.
        buttons = set(CARD_ATTR.findall(frame))
        private = private_cards(state) if state else set()
        seat = own_seat(state) if state else None
        if seat is None:
            assert not buttons and not private, (buttons, private)
            continue
        r = state["round"] - 1
        mine = hands_by_round[r][seat] | {"JK"}
        assert buttons <= mine, buttons - mine
        assert private <= mine, private - mine
        assert private <= every_card | {"JK"}
        shown += bool(buttons)
    return shown


async def test_it_leaks_no_card_to_any_seat_or_watcher_against_the_cpu():
    aki = await db(new_session)()
    room = await db(services.create_room)(
        rules=rules(rounds=3, joker=True),
        mode="cpu",
        level="random",
        names=["Aki"],
        session_key=aki,
    )
    player = Agent(await connect(room.slug, aki), plays=True, deals=True)
    watcher = Agent(await connect(room.slug, None), plays=False)
    await play_match(room, [player, watcher])
    hands, seeds = await db(secrets_of)(room)
    assert check_frames(player, lambda s: 0, hands, seeds) > 0
    assert check_frames(watcher, lambda s: None, hands, seeds) == 0


async def test_it_leaks_no_card_between_friends_or_to_a_watcher():
    keys = [await db(new_session)() for _ in range(4)]
    room = await db(services.create_room)(
        rules=rules(players=4, scoring="cards_left", round_end="first_out"),
        mode="friend",
        level=None,
        names=["Aki"],
        session_key=keys[0],
    )
    for index in (1, 2):
        await db(services.take_seat)(room, index, f"Friend {index}", keys[index])
    agents = [Agent(await connect(room.slug, keys[i]), plays=True, deals=i == 0) for i in range(3)]
    watcher = Agent(await connect(room.slug, keys[3]), plays=False)
    for agent in [*agents, watcher]:
        await agent.comm.receive_from(timeout=10)  # the lobby
    await db(services.fill_and_start)(room, keys[0], level="random")
    await play_match(room, [*agents, watcher])
    hands, seeds = await db(secrets_of)(room)
    for index, agent in enumerate(agents):
        assert check_frames(agent, lambda s, i=index: i, hands, seeds) > 0
    assert check_frames(watcher, lambda s: None, hands, seeds) == 0


async def test_it_shows_a_hotseat_device_only_the_hand_of_the_seat_that_lifted_the_curtain():
    aki = await db(new_session)()
    room = await db(services.create_room)(
        rules=rules(players=3, ends="connect"),
        mode="hotseat",
        level=None,
        names=["Aki", "Ben", "Chie"],
        session_key=aki,
    )
    device = Agent(await connect(room.slug, aki), plays=True, hotseat=True, deals=True)
    watcher = Agent(await connect(room.slug, None), plays=False)
    await play_match(room, [device, watcher])
    hands, seeds = await db(secrets_of)(room)

    def revealed_seat(state):
        # A hand may be shown only to the seat to act, and only once it lifted the curtain.
        if state["hand"] is None:
            return None
        assert state["seat"] == state["turn"]
        return state["seat"]

    assert check_frames(device, revealed_seat, hands, seeds) > 0
    assert check_frames(watcher, lambda s: None, hands, seeds) == 0


async def test_its_scan_catches_a_hand_sent_to_a_watcher(monkeypatch):
    # The scanner itself must fail on a leak: a watcher is sent seat 1's view here on purpose.
    from rooms.tableview import RoomRead

    view = RoomRead.view
    monkeypatch.setattr(RoomRead, "view", lambda read, seat: view(read, 1))
    aki = await db(new_session)()
    room = await db(services.create_room)(
        rules=rules(), mode="cpu", level="random", names=["Aki"], session_key=aki
    )
    watcher = Agent(await connect(room.slug, None), plays=False)
    watcher.frames.append(await watcher.comm.receive_from(timeout=10))
    await watcher.comm.disconnect()
    hands, seeds = await db(secrets_of)(room)
    with pytest.raises(AssertionError):
        check_frames(watcher, lambda s: None, hands, seeds)
