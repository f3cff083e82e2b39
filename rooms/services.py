"""The only writers of rooms, seats and matches.

Every write here follows one path: lock the room (a row lock on PostgreSQL; on SQLite the
IMMEDIATE transaction serialises writers), check, apply, write the room back with a guarded
`UPDATE … WHERE version = N` that must hit one row, and announce the new version after commit.
Humans and CPU seats both act through `submit_action`.
"""

import copy
from dataclasses import dataclass, field
from importlib import import_module

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Match
from games.sevens import Action, IllegalAction, RuleError, RuleSet, apply
from rooms import narrate, rounds, signals
from rooms.announce import (
    tell_browser_moved_on_commit,
    tell_browser_seated_on_commit,
    tell_seat_on_commit,
)
from rooms.errors import RoomError, StaleVersion
from rooms.forms import name_key, table_name
from rooms.guard import LIVE, PLAYING, forced_pass, nobody_at_the_table, still_current
from rooms.guard import current as _current
from rooms.guard import lock as _lock
from rooms.guard import save as _save
from rooms.guard import table_fields as _table_fields
from rooms.models import Room, Seat
from rooms.presence import (  # noqa: F401  (presence and the sweep, offered here too)
    close_idle_rooms,
    close_room,
    expire_absent_seats,
    grace_seconds,
    hand_to_cpu,
    heartbeat,
    heartbeats,
    offline_after,
    said_offline,
    say_offline_due,
    seat_connected,
    seat_disconnected,
)
from rooms.tableview import (  # noqa: F401  (the read side, offered here too)
    check_holds,
    hint_for,
    holds_all_seats,
    legal_for,
    seat_of,
    view_for,
)


@dataclass(frozen=True)
class SubmitResult:
    """What became of a submitted action: `error` is None when it was applied."""

    version: int
    error: RoomError | None = None
    events: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def stale(self) -> bool:
        return isinstance(self.error, StaleVersion)


# Creating and joining


def create_room(
    *,
    rules: dict,
    mode: str,
    level: str | None,
    names: list[str],
    session_key: str,
    first_deal: str | None = None,
) -> Room:
    """Opens a room. cpu and hotseat rooms start their match at once; friend rooms wait.
    `first_deal`, a deal code, deals the first round's cards again (cpu and hotseat rooms)."""
    ruleset = _ruleset(rules)
    if mode not in Room.Mode.values:
        raise RoomError("bad_mode")
    if mode == Room.Mode.CPU and level not in Seat.Level.values:
        raise RoomError("bad_level")
    if not session_key:
        raise RoomError("not_your_seat")
    with transaction.atomic():
        room = Room.objects.create(rules=ruleset.to_dict(), mode=mode, created_by=session_key)
        seats = [
            _new_seat(room, i, mode, level, names, session_key) for i in range(ruleset.players)
        ]
        Seat.objects.bulk_create(seats)
        changes = _start_match(room, ruleset, seats, first_deal) if mode != Room.Mode.FRIEND else {}
        _save(room, **changes)
    return room


def take_seat(room: Room | str, index: int, name: str, session_key: str) -> Seat:
    """Gives a free seat to this browser: an open seat of a waiting room, or a seat its player left."""
    if not session_key:
        raise RoomError("not_your_seat")
    with transaction.atomic():
        room = _lock(room)
        if room.status not in (Room.Status.WAITING, *LIVE):
            raise RoomError("room_closed")
        seats = list(room.seats.all())
        seat = _seat(seats, index)
        if any(s.session_key == session_key for s in seats):
            raise RoomError("already_seated")
        if seat.kind != Seat.Kind.HUMAN or seat.session_key:
            raise RoomError("seat_taken")
        seat.name = _display_name(name, index)
        # Two seats of one name: "Aki passed." was either, and a newcomer could pass for the host.
        if any(
            name_key(s.name) == name_key(seat.name)
            for s in seats
            if s.index != index and (s.session_key or s.kind != Seat.Kind.HUMAN)
        ):
            raise RoomError("name_taken")
        seat.session_key = session_key
        seat.cpu_controlled = seat.cpu_moved = seat.offline_said = False
        # at the table (its page opens its socket next): not said offline meanwhile
        seat.connected, seat.last_seen = True, timezone.now()
        seat.save(
            update_fields=[
                "name",
                "session_key",
                "cpu_controlled",
                "cpu_moved",
                "offline_said",
                "connected",
                "last_seen",
            ]
        )
        _save(room, **_table_fields(room, seats))
        tell_browser_seated_on_commit(room.slug, session_key, True)
        if room.status in LIVE and room.match_id:
            signals.seat_taken.send(Room, room=room, seat=index, session_key=session_key)
    return seat


def _seated_rooms(session_key: str) -> list[str]:
    """The slugs of the rooms not closed where this browser holds a seat."""
    return list(
        Room.objects.filter(seats__session_key=session_key)
        .exclude(status=Room.Status.CLOSED)
        .values_list("slug", flat=True)
        .distinct()
    )


def move_browser(old_key: str | None, new_key: str | None) -> list[str]:
    """Signing up or logging in gives the browser's session a new key: its seats, and the rooms it
    opened, follow it (each room's version moves on, so every socket sees the seat as this
    browser's), and its open tables reconnect under the new key. Returns the rooms' slugs."""
    if not old_key or not new_key or old_key == new_key:
        return []
    slugs = _seated_rooms(old_key)
    for slug in slugs:
        with transaction.atomic():
            room = _lock(slug)
            for seat in room.seats.filter(session_key=old_key):
                seat.session_key = new_key
                seat.save(update_fields=["session_key"])
            changes = {"created_by": new_key} if room.created_by == old_key else {}
            # Told before the new version: the socket under the old key closes on it, and does
            # not render that version for a key that no longer holds the seat (a watcher's table).
            tell_browser_moved_on_commit(slug, old_key)
            _save(room, **changes)
    # a room it opened and left: still its to start
    Room.objects.filter(created_by=old_key).update(created_by=new_key)
    return slugs


def log_out_browser(session_key: str | None) -> list[str]:
    """Logging out gives the browser's session a new key, and its seats do not follow (on a shared
    computer the next person must not play them). A game under way goes on with the computer at
    those seats (the key kept: nobody takes them back, and the account counts as having left)
    while another player is still at the table; with nobody left (a game against the computer, a
    shared device's game) it stops there, closed with its match abandoned, as the room would
    otherwise wait for a player who cannot come back (`guard.server_plays`). A friends' room
    still waiting frees them. Its open tables are closed normally, so they reconnect
    under the new key, as watchers: they played on as the seat while the page stayed open, and the
    computer never took over. Returns the rooms' slugs."""
    if not session_key:
        return []
    slugs = _seated_rooms(session_key)
    for slug in slugs:
        with transaction.atomic():
            room = _lock(slug)
            if room.status == Room.Status.WAITING:
                leave_seat(room, session_key)
            elif room.status in LIVE:
                seats = list(room.seats.all())
                for seat in seats:
                    if seat.session_key == session_key:
                        hand_to_cpu(seat)
                if nobody_at_the_table(seats):
                    close_room(room)
                else:
                    _save(room, **_table_fields(room, seats))
            tell_browser_moved_on_commit(slug, session_key)
    return slugs


def leave_seat(room: Room | str, session_key: str) -> None:
    """Frees this browser's seats. During a match the CPU plays them until someone takes them."""
    with transaction.atomic():
        room = _lock(room)
        seats = list(room.seats.all())
        held = [s for s in seats if session_key and s.session_key == session_key]
        if not held:
            return
        for seat in held:
            seat.session_key = None
            seat.connected = seat.offline_said = False
            seat.cpu_controlled = room.status in LIVE
            if room.status == Room.Status.WAITING:
                # A free seat of the lobby shows no name, and keeps none: the player's name is not
                # left in the room (an account deleted: `forget_names` finds no key for it then).
                seat.name = ""
            seat.save(
                update_fields=["session_key", "connected", "offline_said", "cpu_controlled", "name"]
            )
        _save(room, **_table_fields(room, seats))
        tell_browser_seated_on_commit(room.slug, session_key, False)


def at_table(seats, session_key: str | None) -> bool:
    """Whether this browser holds one of `seats` and is at the table (not left, not away past the
    grace period with the computer playing for it)."""
    return any(s.session_key == session_key and not s.cpu_controlled for s in seats)


def creator_seated(room: Room, seats) -> bool:
    """Whether the player who opened the room is at the table: once they left their seat, or
    stayed away past the grace period (`presence.expire_absent_seats`; a closed tab in the lobby),
    a seated friend may start."""
    return at_table(seats, room.created_by)


def start_refusal(room: Room, seats, session_key: str | None) -> str | None:
    """Why this browser may not start the match (a RoomError code), or None. The player who opened
    the room starts it; once they have left their seat, or stayed away (a friend who joined should
    not be left waiting for the idle sweep), any seated player at the table may. Only from a seat
    at the table: the player who opened the room and left it no longer starts a game they would
    only watch (with nobody seated, one nobody plays)."""
    may = room.created_by == session_key or not creator_seated(room, seats)
    if session_key and at_table(seats, session_key) and may:
        return None
    # Without a seat where one would do (the creator who left it, anyone once they did).
    return "start_from_seat" if may else "not_creator"


def fill_level() -> str:
    """The level of the computers that fill a friends' room's free seats when its starter names
    none (the operator's SEVENS_FILL_LEVEL, else Medium)."""
    return getattr(settings, "SEVENS_FILL_LEVEL", Seat.Level.MEDIUM)


def fill_and_start(room: Room | str, session_key: str, level: str | None = None) -> Room:
    """The creator (or, once the creator left, a seated player: `start_refusal`) starts the match:
    every seat nobody took becomes a CPU of `level` (by default `fill_level()`)."""
    level = level or fill_level()
    if level not in Seat.Level.values:
        raise RoomError("bad_level")
    with transaction.atomic():
        room = _lock(room)
        seats = list(room.seats.all())
        refusal = start_refusal(room, seats, session_key)
        if refusal:
            raise RoomError(refusal)
        if room.status != Room.Status.WAITING:
            raise RoomError("not_waiting")
        for seat in seats:
            if seat.kind == Seat.Kind.HUMAN and not seat.session_key:
                seat.kind, seat.level = Seat.Kind.CPU, level
                seat.name = narrate.default_name("cpu", seat.index)
                seat.save(update_fields=["kind", "level", "name"])
        _save(room, **_start_match(room, RuleSet.from_dict(room.rules), seats))
    return room


# Playing


def submit_action(
    room_slug: str,
    seat_index: int,
    action: dict,
    version: int,
    session_key: str | None,
    *,
    by_server: bool = False,
) -> SubmitResult:
    """Applies `action` for `seat_index` if the session holds the seat, `version` is current and
    the engine allows it. `by_server` is the CPU runner: it may act only for a seat the CPU plays,
    or make a forced pass. Never raises for a refused action: the result carries the error."""
    try:
        with transaction.atomic():
            room = _lock(room_slug)
            if not still_current(room, version):
                # First: a view read before a change is simply old, a round that ended since
                # included (the page gets the table as it is now, not "not in play").
                raise StaleVersion()
            if room.status != PLAYING:
                raise RoomError("not_playing")
            seats, rnd, state = _read_locked(room)
            seat = _seat(seats, seat_index)
            move = Action.from_dict(action)
            _authorise(seat, session_key, by_server, state, move)
            if by_server and not seat.played_by_cpu and room.mode != Room.Mode.HOTSEAT:
                # A present player's forced pass: say so to that player alone (to the others a
                # pass says nothing, and on a shared device everyone would read it).
                tell_seat_on_commit(room.slug, seat.index, "forced_pass")
            if by_server and seat.cpu_controlled and not seat.cpu_moved:
                # The computer moves for a player's seat: told when they come back (`seat_connected`).
                seat.cpu_moved = True
                Seat.objects.filter(pk=seat.pk).update(cpu_moved=True)
            state, events = apply(state, move, seat=seat_index)
            rounds.record(rnd, state)
            if not state.over:  # a round's end settles more than this path holds: read it fresh
                transaction.on_commit(lambda: _keep_read(room, seats, rnd, state))
            _save(room, **_table_fields(room, seats, state))
        return SubmitResult(room.version, events=events)
    except IllegalAction as exc:
        return SubmitResult(version, RoomError(exc.code, exc.message, exc.params))
    except RoomError as exc:
        return SubmitResult(version, exc)


def next_round(room: Room | str, session_key: str, version: int | None = None) -> Room:
    """Deals the next round, the dealer rotated; any seated player (or the creator) may ask.
    `version`, the table the asker saw: when the room has moved on since (another player dealt
    first), nothing happens."""
    with transaction.atomic():
        room = _lock(room)
        seats = list(room.seats.all())
        if room.created_by != session_key and not _holds_any(seats, session_key):
            raise RoomError("not_your_seat")
        if version is not None and not still_current(room, version):
            return room
        if room.status != Room.Status.BETWEEN_ROUNDS:
            raise RoomError("not_between_rounds")
        last = room.match.current_round()
        _rnd, state = rounds.deal(room.match, RuleSet.from_dict(room.rules), last.number + 1)
        _save(room, fast_forward=False, **_table_fields(room, seats, state))
    return room


def rematch(room: Room | str, session_key: str, version: int | None = None) -> bool:
    """A new match in the same room once the last one is over: the same seats (the computer goes
    on playing the seats it plays), the same rules, so friends need no new link. Any seated player
    (or the creator) may ask. `version`, the table the asker saw: when the room has moved on since
    (another player asked first), nothing happens. Returns whether this call started the match."""
    with transaction.atomic():
        room = _lock(room)
        seats = list(room.seats.all())
        if room.created_by != session_key and not _holds_any(seats, session_key):
            raise RoomError("not_your_seat")
        if room.status == Room.Status.CLOSED:
            raise RoomError("room_closed")
        if version is not None and not still_current(room, version):
            return False
        if room.status != Room.Status.FINISHED:
            raise RoomError("not_finished")
        if room.mode == Room.Mode.FRIEND:
            _free_seats_of_ended_sessions(seats)
        ruleset = RuleSet.from_dict(room.rules)
        _save(room, fast_forward=False, **_start_match(room, ruleset, seats))
    return True


def _free_seats_of_ended_sessions(seats: list[Seat]) -> None:
    """Seats the computer held for a browser session that has ended (its player logged out: the
    key was kept so that nobody took the seat during that match) are free in the next one, for
    anyone with the link; they stayed "away" match after match. A player who is only away (a
    closed tab, a session still alive) keeps the seat."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    for seat in seats:
        held = seat.kind == Seat.Kind.HUMAN and seat.session_key and seat.cpu_controlled
        if held and not store().exists(seat.session_key):
            seat.session_key = None
            seat.save(update_fields=["session_key"])


def fast_forward(room: Room | str, session_key: str) -> bool:
    """Drops the CPU's readable delay for the rest of the round. Not a table change: no version.
    Whether it was done (a seat's browser, a match under way)."""
    slug = room if isinstance(room, str) else room.slug
    seats = Seat.objects.filter(room__slug=slug, session_key=session_key)
    if session_key and seats.exists():
        return bool(Room.objects.filter(slug=slug, status=PLAYING).update(fast_forward=True))
    return False


def _read_locked(room: Room) -> tuple[list[Seat], object, object]:
    """The seats, the current round and its state of the locked `room`. A server process that
    read (or wrote) this very version already has them: the version only moves with a write that
    changes them, so that read is what the database holds now, and costs no query. (A heartbeat,
    or a socket closing, moves `connected` and `last_seen` without a new version: no table shows
    them; a seat said offline or back makes one, `presence.said_offline` and `said_back`, and the
    tables read that mark, `Seat.offline_said`.) The round is copied, as the write changes it and other
    sockets may be reading the kept one."""
    from rooms import frames

    kept = frames.cached(room.slug, room.version)
    if kept is None or kept.state is None or kept.round is None or kept.match != room.match:
        return list(room.seats.all()), *_current(room)
    rnd = copy.copy(kept.round)
    rnd.match = room.match
    return kept.seats, rnd, kept.state


def _keep_read(room: Room, seats: list[Seat], rnd, state) -> None:
    """After commit, in a server process: the room as this write left it is the read of its new
    version (the same rows a fresh read would fetch, and the state the round cache holds), so the
    process's sockets render it with no query. Registered before `_save`'s notice, which it
    precedes."""
    from rooms import cpu, frames, tableview

    if cpu.runner.loop is None:
        return
    results = tableview.results_of(room.match, rnd)
    frames.keep(tableview.RoomRead(room, seats, room.match, rnd, state, results))


# Forgetting a player


def forget_names(held: dict[int, list[int]], session_keys) -> int:
    """An account deleted on its player's request takes its name away: each seat of `held`
    ({stored match id: the seats its player held}) is named "Player N" in the match's record, as a
    seat nobody named is, and so is every seat of a room that still shows that name or that one of
    the player's browsers (`session_keys`) holds. The cards, moves, places and points stay: the
    other players' record of the match is whole. Returns how many names went."""
    forgotten = 0
    keys = {key for key in session_keys if key}
    shown: dict[int, set[tuple[int, str]]] = {}  # room id: (seat, name) pairs to forget there
    with transaction.atomic():
        # Rooms first, then their matches, as a move takes them: no deadlock with a move.
        room_ids = {
            *Match.objects.filter(pk__in=held).exclude(room=None).values_list("room_id", flat=True),
            *Seat.objects.filter(session_key__in=keys).values_list("room_id", flat=True),
        }
        slugs = Room.objects.filter(pk__in=room_ids).order_by("pk").values_list("slug", flat=True)
        rooms = [_lock(slug) for slug in slugs]
        for match in Match.objects.select_for_update().filter(pk__in=held).order_by("pk"):
            seats = copy.deepcopy(match.seats or [])
            for index in held[match.pk]:
                if not 0 <= index < len(seats) or seats[index].get("kind") != Seat.Kind.HUMAN:
                    continue
                old, new = seats[index].get("name") or "", narrate.default_name("human", index)
                if old != new:
                    seats[index]["name"] = new
                    forgotten += 1
                if match.room_id is not None:
                    shown.setdefault(match.room_id, set()).add((index, old))
            Match.objects.filter(pk=match.pk).update(seats=seats)  # no post_save: not a new end
        for room in rooms:
            renamed = [
                seat
                for seat in room.seats.all()
                if seat.kind == Seat.Kind.HUMAN
                and (seat.session_key in keys or (seat.index, seat.name) in shown.get(room.pk, ()))
                and seat.name != narrate.default_name("human", seat.index)
            ]
            for seat in renamed:
                seat.name = narrate.default_name("human", seat.index)
                seat.save(update_fields=["name"])
            if renamed:
                # A new version, so open pages draw the seat under its new name; not a change to
                # the game: a move made on the table before it still stands (`still_current`).
                _save(room, presence=True)
    return forgotten


# Helpers: all run inside the caller's transaction.


def _ruleset(rules: dict) -> RuleSet:
    try:
        return RuleSet.from_dict(rules)
    except (RuleError, TypeError) as exc:
        raise RoomError("bad_rules") from exc


def _seat(seats: list[Seat], index) -> Seat:
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(seats):
        return seats[index]
    raise RoomError("no_such_seat")


def _holds_any(seats: list[Seat], session_key: str | None) -> bool:
    return bool(session_key) and any(s.session_key == session_key for s in seats)


def _authorise(seat: Seat, session_key, by_server: bool, state, move: Action) -> None:
    if by_server:
        forced = move.type == "pass" and forced_pass(state)
        if seat.played_by_cpu or (forced and state.turn == seat.index):
            return
        raise RoomError("not_your_seat")
    if not session_key or seat.session_key != session_key or seat.kind != Seat.Kind.HUMAN:
        raise RoomError("not_your_seat")


def _start_match(room: Room, ruleset: RuleSet, seats: list[Seat], first_deal=None) -> dict:
    match = Match.objects.create(
        rules=ruleset.to_dict(),
        seats=[_log_seat(s) for s in seats],
        totals=[0] * ruleset.players,
        room=room,
        from_deal_code=bool(first_deal),
    )
    room.match = match
    _rnd, state = rounds.deal(match, ruleset, 0, code=first_deal)
    return {"match": match, **_table_fields(room, seats, state)}


def _new_seat(room, index, mode, level, names, session_key) -> Seat:
    name = names[index] if index < len(names) else ""
    if mode == Room.Mode.CPU and index > 0:
        return Seat(
            room=room,
            index=index,
            kind=Seat.Kind.CPU,
            level=level,
            name=narrate.default_name("cpu", index),
        )
    held = mode == Room.Mode.HOTSEAT or index == 0
    return Seat(
        room=room,
        index=index,
        name=_display_name(name, index) if held else "",
        session_key=session_key if held else None,
        connected=held,  # its page opens its socket next: not said offline meanwhile
        last_seen=timezone.now() if held else None,
    )


def _display_name(name: str, index: int) -> str:
    """The name as a seat shows it, cut as the forms cut it (whoever calls: a view, a script)."""
    return table_name(name) or narrate.default_name("human", index)


def _log_seat(seat: Seat) -> dict:
    entry = {"name": seat.name, "kind": seat.kind}
    if seat.kind == Seat.Kind.CPU:
        entry["level"] = seat.level
    return entry
