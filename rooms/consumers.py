"""A room's WebSocket: parse, authorise through the services, push each socket its own view.

The consumer holds no rules and no secrets. A change in the room reaches it as "room changed,
version N" (through the channel layer, from any process); it then renders the table for its own
seat from the room as committed (read from the database once per version and process, or handed
over by the move's writer in its own process: `rooms.frames`), so each socket only ever receives
what its seat may know.
"""

import asyncio
import logging
import re
import time
from collections import deque

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.urls.converters import SlugConverter
from django.utils.translation import gettext_lazy

from rooms import announce, frames, protocol, services
from rooms.announce import group_name
from rooms.cpu import runner
from rooms.errors import RoomError
from rooms.protocol import BadMessage, Message

log = logging.getLogger(__name__)

CLOSE_NO_ROOM = 4404
SLUG = re.compile(SlugConverter.regex)  # as the room page's address: /room/<slug:slug>/
CLOSE_TOO_BIG = 4009
CLOSE_TOO_MANY = 4029

# Sent to a page whose browser signed up or logged in in another tab, before its socket closes.
ACCOUNT_CHANGED = "<!-- account changed -->"
# Sent to the pages of a browser that took a seat, or left it, in another tab of the room.
SEATED = "<!-- seated -->"
UNSEATED = "<!-- unseated -->"

NOTES = {
    "forced_pass": gettext_lazy("You had no card you could play, so you passed."),
    "back": gettext_lazy(
        "You are back at your seat: the computer played your turns while you were away."
    ),
    "fast_forward": gettext_lazy(
        "Fast-forward: the computer plays without waiting until this round ends."
    ),
}


def limit(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


class RoomConsumer(AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            if getattr(self, "channel_name", None):
                runner.receive_ended(self.channel_name)

    async def dispatch(self, message):
        """Channels' dispatch, without its `aclose_old_connections()` before every message: that
        is a trip to the database thread per message and socket, queued behind the writes, for
        every room notice of every socket. This consumer reaches the database only through
        `database_sync_to_async`, which closes old connections in that thread itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        self.session_key = await database_sync_to_async(_session_key)(self.scope)
        self.sent_version = -1
        self.table: frames.Table | None = None  # the last table sent, for the next delta
        self.seat: int | None = None  # the seat it was rendered for (not on a hot-seat device)
        self.told = False  # a message was sent since that table
        # A forced-pass note stays above the hand until the seat's turn comes back (it arrives
        # with the table of the pass, which would otherwise clear it at once): the note's html, and
        # the table key it was told on, and whether it ends when the seat leaves the round.
        self.note: tuple[str, tuple, bool] | None = None
        self.revealed: int | None = None  # hot-seat: the seat whose hand is uncovered
        self.moved = False  # the browser's session key changed: this socket is closing
        self.recent: deque[float] = deque()
        self.joined = False
        # A room's code is a slug: anything else is no room, and never looked up (a NUL in it
        # made PostgreSQL refuse the query).
        if not SLUG.fullmatch(self.slug) or not await database_sync_to_async(_room_exists)(
            self.slug
        ):
            await self.close(code=CLOSE_NO_ROOM)
            return
        await self.channel_layer.group_add(group_name(self.slug), self.channel_name)
        self.joined = True
        await self.accept()
        runner.bind()
        runner.arrive(self.slug, self.session_key, self.channel_name)
        await database_sync_to_async(services.seat_connected)(self.slug, self.session_key)
        await self.send_table(force=True)
        runner.kick(self.slug)  # resume a CPU turn a restart left pending

    async def disconnect(self, code):
        if not getattr(self, "joined", False):
            return
        # Out of the runner's list first: its sweep puts the listed sockets back in their groups.
        runner.depart(self.slug, self.session_key, self.channel_name)
        await self.channel_layer.group_discard(group_name(self.slug), self.channel_name)
        if (self.slug, self.session_key) not in runner.present:
            went = await database_sync_to_async(services.seat_disconnected)(
                self.slug, self.session_key
            )
            if went:
                await self.ask_elsewhere()
            delay = services.offline_after()
            if went and delay > 0:  # said offline to the others if not back by then
                runner.offline_later(self.slug, self.session_key, delay)

    async def receive(self, text_data=None, bytes_data=None):
        size = len(text_data.encode()) if text_data is not None else len(bytes_data or b"")
        if size > limit("SEVENS_WS_MAX_FRAME", 4096):
            return await self.refuse("too_big", CLOSE_TOO_BIG)
        if not self.within_budget():
            return await self.refuse("too_many", CLOSE_TOO_MANY)
        try:
            message = protocol.parse(text_data)
        except BadMessage:
            return await self.send_error(RoomError("unknown"))
        try:
            await getattr(self, f"do_{message.action}")(message)
        except RoomError as exc:
            await self.send_error(exc)
        except Exception:
            log.exception("room %s: %s failed", self.slug, message.action)
            await self.send_error(RoomError("unknown"))

    # Pushed by the channel layer: the room changed.

    async def room_changed(self, event):
        if self.moved:
            return  # closing: the page reconnects under its new key, and gets the table then
        if event["version"] > self.sent_version:
            await self.send_table(version=event["version"])

    def of_this_browser(self, event) -> bool:
        """Whether a notice for a browser (`announce.browser_key_mark`) is for this socket's."""
        return (
            bool(self.session_key) and announce.browser_key_mark(self.session_key) == event["mark"]
        )

    async def browser_moved(self, event):
        # This browser signed up or logged in in another tab: its session has a new key, which
        # the page's next handshake carries. A normal close: the page reconnects at once.
        if self.of_this_browser(event):
            # The page's header still offers "Log in / Sign up": it fetches its new one (panel.js).
            self.moved = True
            await self.send(text_data=ACCOUNT_CHANGED)
            await self.close(code=1000)

    async def ask_elsewhere(self) -> None:
        """This browser's last socket in the room on this process closed, and its seats are marked
        down: a socket of the same browser on another process (a second tab, or this tab's new
        socket, opened there before this one closed) marks them back at once (`browser_gone`),
        rather than at that process's next sweep, after the others were told "offline"."""
        mark = announce.browser_key_mark(self.session_key)
        try:
            await self.channel_layer.group_send(
                group_name(self.slug), {"type": "browser.gone", "mark": mark}
            )
        except Exception:  # the layer is down: the other process's sweep still says it back
            log.warning("room %s: could not ask the other processes for a browser", self.slug)

    async def browser_gone(self, event):
        # Another process's last socket of this browser closed: this one is still open.
        if self.of_this_browser(event) and not self.moved:
            await database_sync_to_async(services.heartbeats)({self.slug: [self.session_key]})

    async def browser_seated(self, event):
        if self.of_this_browser(event):
            await self.send(text_data=SEATED if event["seated"] else UNSEATED)

    async def seat_note(self, event):
        # The seat this socket's last table was rendered for (a hot-seat device holds none).
        if self.seat is not None and self.seat == event["seat"]:
            # "You passed" is no longer news once the seat is out of the round.
            out_ends = event["note"] == "forced_pass"
            await self.send_info(
                str(NOTES[event["note"]]), keep=True, out_ends=out_ends, note=event["note"]
            )

    # Actions

    async def do_play(self, message: Message):
        await self.act(message)

    async def do_pass(self, message: Message):
        await self.act(message)

    async def do_joker(self, message: Message):
        await self.act(message)

    async def act(self, message: Message):
        seat = await self.acting_seat(message)
        if message.version is None:
            return await self.resync(RoomError("stale"))
        action = _plain_action(message)
        if action is None:  # the joker without its spot: the spot is looked up
            action = await database_sync_to_async(_joker_action)(
                self.slug, seat, message, self.session_key
            )
        result = await database_sync_to_async(services.submit_action)(
            self.slug, seat, action, message.version, self.session_key
        )
        if result.stale:
            await self.resync(result.error)
        elif not result.ok:
            await self.send_error(result.error)

    async def do_hint(self, message: Message):
        seat = await self.acting_seat(message)
        text, spoken, word = await database_sync_to_async(services.hint_for)(
            self.slug, seat, self.session_key
        )
        await self.send_info(text, hint=word, spoken=spoken)

    async def do_resync(self, message: Message):
        await self.send_table(force=True)

    async def do_reveal(self, message: Message):
        turn = await database_sync_to_async(_hotseat_turn)(self.slug, self.session_key)
        if turn is None or (message.seat is not None and message.seat != turn):
            raise RoomError("not_your_seat")
        self.revealed = turn
        await self.send_table(force=True)

    async def do_next_round(self, message: Message):
        await database_sync_to_async(services.next_round)(
            self.slug, self.session_key, message.version
        )
        await self.send_table()  # the new deal, or the table this socket lags behind (one frame)

    async def do_rematch(self, message: Message):
        await database_sync_to_async(services.rematch)(self.slug, self.session_key, message.version)
        await self.send_table()  # the new match, or the table this socket lags behind (one frame)

    async def do_fast_forward(self, message: Message):
        if await database_sync_to_async(services.fast_forward)(self.slug, self.session_key):
            runner.kick(self.slug)
            # Said once, to the player who asked; it stands until their turn or the round's end.
            await self.send_info(str(NOTES["fast_forward"]), keep=True)

    async def acting_seat(self, message: Message) -> int:
        if self.seat is not None and message.seat in (None, self.seat):
            return self.seat  # this socket's seat; submit_action checks the browser holds it
        seat, hotseat = await database_sync_to_async(_seat_for)(
            self.slug, self.session_key, message.seat
        )
        if hotseat and self.revealed != seat:
            raise RoomError("reveal_first")
        return seat

    # Sending

    async def send_table(self, *, force: bool = False, version: int | None = None):
        snap = frames.cached(self.slug, version)
        if snap is None and version is not None and not force:
            snap = await read_once(self.slug, version)
        if snap is not None:
            # Another socket of this process read this version: render here, with no query.
            table, html, whole = self.render_from(snap, force)
        else:
            table, html, whole = await database_sync_to_async(self.render)(force, version)
        if force or table.version > self.sent_version:
            self.sent_version = max(self.sent_version, table.version)
            self.table = table
            await self.send(text_data=html)
            if self.keeps_note(table):
                if whole:  # a whole table empties #messages: the note goes again
                    await self.send(text_data=self.note[0])
            else:
                self.told, self.note = False, None

    def render(self, force: bool, version: int | None = None) -> tuple[frames.Table, str, bool]:
        """This socket's table at the room's current version (or at the announced `version`): a
        delta when the socket holds the version just before, else the whole table."""
        return self.render_from(frames.read(self.slug, version), force)

    def render_from(self, snap, force: bool) -> tuple[frames.Table, str, bool]:
        viewer, hotseat = frames.viewer_of(snap, self.session_key)
        self.seat = None if hotseat else viewer
        curtain = None
        if hotseat:
            if self.revealed != viewer:
                self.revealed = None  # the turn moved on: the curtain comes down
            if viewer is not None and self.revealed != viewer:
                viewer, curtain = None, viewer
        table = frames.table_for(snap, viewer, curtain, hotseat)
        frame = None
        if not force and self.table is not None and self.sent_version == self.table.version:
            clear = self.told and not self.keeps_note(table)
            frame = frames.delta(self.table, table, clear_messages=clear)
            if frame is None and table.key == self.table.key and not clear:
                # No delta here (between rounds, a missed version), but the same table: its
                # #messages stay, as a delta leaves them. A friend offline and back between
                # rounds emptied the others' notes ("You are back at your seat…").
                return table, table.html(without=("messages",)), False
        return table, frame or table.html(), not frame

    async def resync(self, error: RoomError):
        await self.send_table(force=True)
        await self.send_error(error)

    async def send_error(self, error: RoomError):
        await self.send_info(error.message, level="error", spoken=error.spoken)

    def keeps_note(self, table: frames.Table) -> bool:
        """Whether the kept note still stands on `table`: the same round, not this seat's turn yet,
        and, for a forced pass's note, the seat still in the round (eliminated at its next turn, or
        dropped out on a redeem, it gets no turn that would end the note, and "you passed" is no
        longer news). Fast-forward's note stands for a seat out of the round: it still holds."""
        if self.note is None or table.key != self.note[1]:
            return False
        state = table.state or {}
        if state.get("turn") == self.seat:
            return False
        seats = state.get("seats") or []
        if not self.note[2] or self.seat is None or self.seat >= len(seats):
            return True
        return seats[self.seat][2] == "playing"

    async def send_info(
        self,
        text: str,
        *,
        level: str = "info",
        hint: str = "",
        spoken: str = "",
        keep=False,
        out_ends=False,
        note: str = "",
    ):
        from rooms.render import render_message

        html = render_message(text, level=level, hint=hint, spoken=spoken, note=note)
        self.told = True
        self.note = (html, self.table.key, out_ends) if keep and self.table is not None else None
        await self.send(text_data=html)

    async def refuse(self, code: str, close_code: int):
        await self.send_error(RoomError(code))
        await self.close(code=close_code)

    def within_budget(self) -> bool:
        now = time.monotonic()
        window = limit("SEVENS_WS_WINDOW_SECONDS", 20)
        while self.recent and self.recent[0] <= now - window:
            self.recent.popleft()
        self.recent.append(now)
        return len(self.recent) <= limit("SEVENS_WS_BUDGET", 100)


# One read per announced version and process: the sockets that get the notice while another of
# them reads it wait for that read instead of queueing their own trips to the database thread.
READING: dict[tuple[str, int], asyncio.Future] = {}


async def read_once(slug: str, version: int):
    key = (slug, version)
    task = READING.get(key)
    if task is None or task.get_loop() is not asyncio.get_running_loop():
        task = asyncio.ensure_future(database_sync_to_async(frames.read)(slug, version))
        READING[key] = task

        def forget(done, key=key):
            if READING.get(key) is done:
                del READING[key]
            if not done.cancelled():
                done.exception()  # retrieved: each waiter gets it through its await

        task.add_done_callback(forget)
    return await asyncio.shield(task)


# Synchronous helpers, run in the database thread.


def _session_key(scope) -> str | None:
    """The browser's session key, if its session really exists (a made-up cookie holds nothing)."""
    session = scope.get("session")
    key = getattr(session, "session_key", None)
    if key and session.exists(key):
        return key
    return None


def _room_exists(slug: str) -> bool:
    from rooms.models import Room

    return Room.objects.filter(slug=slug).exists()


def _seat_for(slug: str, session_key: str | None, asked: int | None) -> tuple[int, bool]:
    """The seat this socket acts for, and whether it is a hot-seat device."""
    from rooms.models import Room

    room = Room.objects.get(slug=slug)
    if room.mode == Room.Mode.HOTSEAT and services.holds_all_seats(room, session_key):
        seat = room.turn if asked is None else asked
        if seat is None:
            raise RoomError("not_playing")
        return seat, True
    seat = services.seat_of(room, session_key)
    if seat is None or (asked is not None and asked != seat):
        raise RoomError("not_your_seat")
    return seat, False


def _hotseat_turn(slug: str, session_key: str | None) -> int | None:
    from rooms.models import Room

    room = Room.objects.get(slug=slug)
    if room.mode != Room.Mode.HOTSEAT or not services.holds_all_seats(room, session_key):
        return None
    return room.turn


def _plain_action(message: Message) -> dict | None:
    """The engine's action for a pressed form, or None for a joker sent without its spot."""
    cards = [c for c in message.cards if c != "JK"]
    wants_joker = message.action == "joker" or (message.action == "play" and "JK" in message.cards)
    if message.action == "pass":
        return {"type": "pass"}
    if not wants_joker or not cards:
        return {"type": "play", "card": message.card or ""}
    if message.spot:
        return {"type": "joker", "spot": message.spot, "card": cards[0]}
    return None


def _joker_action(slug: str, seat: int, message: Message, session_key: str | None) -> dict:
    """`_action_dict` for a joker sent without its spot, for the browser holding the seat only:
    the spot is looked up in the seat's legal moves, and what is said when none or two fit tells
    which cards the seat holds beside the joker."""
    services.check_holds(slug, seat, session_key)
    return _action_dict(slug, seat, message)


def _action_dict(slug: str, seat: int, message: Message) -> dict:
    """The engine's action for a pressed form. The joker may come as the two pressed cards, or
    without its spot: the spot is then the one legal joker move with that card."""
    action = _plain_action(message)
    if action is not None:
        return action
    card = [c for c in message.cards if c != "JK"][0]
    legal = services.legal_for(slug, seat)
    spots = [a["spot"] for a in legal if a["type"] == "joker" and a.get("card") == card]
    if len(spots) == 1:
        return {"type": "joker", "spot": spots[0], "card": card}
    if legal:  # its turn: say what is wrong with this joker move (else the turn is what is wrong)
        raise RoomError("joker_which_spot" if spots else "joker_card")
    return {"type": "joker", "spot": "", "card": card}
