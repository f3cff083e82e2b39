"""Presence: who is at the table, seats handed to the CPU when their player stays away, and
rooms closed when nobody is in them. Writers like the rest of `rooms.services` (which offers
these too), through the same guarded write path.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.models import Match
from rooms.announce import tell_seat_on_commit
from rooms.guard import LIVE, lock, save, table_fields
from rooms.models import Room, Seat

# Rooms whose absent players are marked away: a match under way (the computer plays their seats),
# and a friends' room still waiting (a player away there is played by the computer once the match
# starts, and the start passes from an absent creator to the friends at the table).
AWAITED = (Room.Status.WAITING, *LIVE)


def seat_connected(room: Room | str, session_key: str | None) -> None:
    """A socket of this browser opened: its seats are present again, taken back from the CPU."""
    if not session_key:
        return
    with transaction.atomic():
        room = lock(room)
        seats = list(room.seats.all())
        held = [s for s in seats if s.session_key == session_key]
        if not held:
            return
        now = timezone.now()
        # Said offline to the others while the grace period ran (`said_offline`): no longer. (A
        # reload back within `offline_after` was never said offline: no version.) The mark, not
        # what it shows now: a heartbeat may have marked the seat connected since that version
        # (and stopped short of saying it back), and the others' tables still say it.
        back = any(s.offline_said for s in held)
        Seat.objects.filter(pk__in=[s.pk for s in held]).update(
            connected=True, last_seen=now, offline_said=False
        )
        for seat in held:
            seat.connected, seat.offline_said = True, False
        reclaimed = [s for s in held if s.cpu_controlled]
        # Also once the match is over: the player back on the final table is no longer away, and
        # "Play again" must deal them their own seat (their socket stays open, so no later
        # connection would take it back).
        if reclaimed and room.status in (Room.Status.WAITING, *LIVE, Room.Status.FINISHED):
            # A seat the computer made a move for meanwhile (with a player left at the table: with
            # nobody, the room waited, `guard.server_plays`): its player is told so, as the hand
            # and the passes left changed while they were away. A seat whose turn never came
            # while they were away says nothing.
            moved = [s for s in reclaimed if s.cpu_moved]
            for seat in reclaimed:
                seat.cpu_controlled = seat.cpu_moved = False
            Seat.objects.filter(pk__in=[s.pk for s in reclaimed]).update(
                cpu_controlled=False, cpu_moved=False
            )
            save(room, **table_fields(room, seats))
            if room.mode != Room.Mode.HOTSEAT:
                for seat in moved:
                    tell_seat_on_commit(room.slug, seat.index, "back")
        elif back and room.status in AWAITED:
            save(room, presence=True)  # no longer offline (`said_offline`)


def offline_after() -> float:
    """Seconds a friend's connection stays down before the others see them offline: a page
    reloaded, or a phone switching networks, is back within them and says nothing (each reload
    flashed "offline" at every other player, the seat lines growing and shrinking)."""
    return float(getattr(settings, "SEVENS_OFFLINE_SECONDS", 3))


def seat_disconnected(room: Room | str, session_key: str | None) -> bool:
    """This browser's last socket in the room closed; the grace period runs from now (another
    tab's heartbeat undoes it). With friends, the others see its seats offline meanwhile, once
    `offline_after` has passed (`said_offline`, which the socket's process calls then, and any
    process's sweep if that one died first: `say_offline_due`): the table waits for that player,
    and they see why. Returns whether a seat at the table went."""
    if not session_key:
        return False
    slug = room if isinstance(room, str) else room.slug
    with transaction.atomic():
        seats = Seat.objects.filter(room__slug=slug, session_key=session_key)
        went = seats.filter(connected=True, cpu_controlled=False).exists()
        seats.update(connected=False, last_seen=timezone.now())
    if went and offline_after() <= 0:
        said_offline(slug)
    return went


def _down_long_enough(now) -> Q:
    """Seats whose connection has stayed down `offline_after` seconds, not said offline yet."""
    since = now - timedelta(seconds=max(0.0, offline_after() - 0.05))
    return Q(
        kind=Seat.Kind.HUMAN,
        connected=False,
        cpu_controlled=False,
        offline_said=False,
        last_seen__lte=since,
    ) & ~Q(session_key=None)


def said_offline(slug: str) -> bool:
    """`offline_after` seconds after a friend's last socket closed: if its seats are still down
    (not back, not handed to the computer yet), a version that says them offline. Once: the
    socket's process asks (`CpuRunner.offline_later`), and so does every process's sweep
    (`say_offline_due`: the one that asked may have died meanwhile); under the room's lock the
    first marks the seats said (`Seat.offline_said`), and the others find nothing left to say.
    Returns whether a version said it."""
    with transaction.atomic():
        room = (
            Room.objects.select_for_update(of=("self",))
            .filter(slug=slug, mode=Room.Mode.FRIEND)
            .exclude(status=Room.Status.CLOSED)
            .first()
        )
        if room is None:
            return False
        # An UPDATE with its condition, not a read then a write: a heartbeat that marks the seat
        # connected meanwhile either comes first (nothing to say) or finds the mark and says the
        # seat back (`heartbeats`).
        said = Seat.objects.filter(_down_long_enough(timezone.now()), room=room).update(
            offline_said=True
        )
        # A finished match waits for nobody: the mark is kept, and "Play again" draws it.
        if said and room.status in AWAITED:
            save(room, presence=True)
            return True
    return False


def say_offline_due() -> list[str]:
    """The sweep's part (every process, and the CPU worker): the friends' rooms with a seat down
    `offline_after` seconds that no version has said offline yet, said now. The process whose
    socket closed says it on time (`CpuRunner.offline_later`); this says it when that process
    died first (a crash, a restart), within a sweep."""
    now = timezone.now()
    due = Seat.objects.filter(
        _down_long_enough(now),
        room__mode=Room.Mode.FRIEND,
        room__status__in=AWAITED,
        last_seen__gte=now - timedelta(seconds=2 * grace_seconds()),
    )
    slugs = sorted(set(due.values_list("room__slug", flat=True)))
    return [slug for slug in slugs if said_offline(slug)]


def offline_shown(seat: Seat, mode: str) -> bool:
    """Whether the others see this seat offline: a friends' room's (`mode`) player seat, held, its
    connection down and said so by a version (`said_offline`, once it stayed down `offline_after`
    seconds: a reload within them shows nothing), not the computer's yet. The one rule the lobby,
    the seat lines, the 3D tags and the versions that say a seat back all read: from the row, not
    the clock, so a version reads alike in every process and whenever it is drawn."""
    if mode != Room.Mode.FRIEND or seat.kind != Seat.Kind.HUMAN or not seat.session_key:
        return False
    return seat.offline_said and not seat.connected and not seat.cpu_controlled


def said_back(slug: str) -> bool:
    """A new version of a friends' room whose seats said offline (`said_offline`) are connected
    again, which no other write would make: the tables are drawn per version (`rooms.frames`).
    Only who is online changed: a move made on the table before still stands
    (`guard.still_current`). In a game against the computer or on one device nobody else is at
    the table to be told. Returns whether a version said it."""
    with transaction.atomic():
        room = Room.objects.select_for_update(of=("self",)).filter(slug=slug).first()
        if room is None:
            return False
        back = Seat.objects.filter(room=room, offline_said=True, connected=True).update(
            offline_said=False
        )
        if back and room.mode == Room.Mode.FRIEND and room.status in AWAITED:
            save(room, presence=True)
            return True
    return False


def heartbeat(room: Room | str, session_key: str | None) -> None:
    if session_key:
        heartbeats({room if isinstance(room, str) else room.slug: [session_key]})


def heartbeats(present: dict[str, list[str]]) -> int:
    """Marks present, in one query, the seats of every (room, browser) with an open socket."""
    match = Q(pk__in=[])
    for slug, keys in present.items():
        match |= Q(room__slug=slug, session_key__in=[k for k in keys if k])
    present_seats = Seat.objects.filter(match)
    count = present_seats.update(connected=True, last_seen=timezone.now())
    # Seats another process's socket closed while a tab here is still open, which were said
    # offline meanwhile (`said_offline`): said online again. Read after the update: a version
    # saying them offline that commits meanwhile is found here, never left standing.
    back = present_seats.filter(offline_said=True).values_list("room__slug", flat=True)
    for slug in sorted(set(back)):
        said_back(slug)
    return count


def grace_seconds() -> float:
    return float(getattr(settings, "SEVENS_GRACE_SECONDS", 30))


def expire_absent_seats(now=None, *, awake_since=None) -> list[str]:
    """Hands to the CPU every seat whose player stayed away past the grace period. A seat still
    marked connected counts as away once its heartbeats stopped for twice the grace period (its
    server process died). `awake_since`: when the sweeping process started. No seat is away for
    longer than that process could have seen it back: after a restart the seats' last heartbeats
    are as old as the outage, and the first sweep (at the health check, before any browser was
    back) handed every player to the computer, each taking the seat back as their page
    reconnected, the computer playing for those not back yet."""
    now = now or timezone.now()
    grace = timedelta(seconds=grace_seconds())
    away_before, dead_before = now - grace, now - 2 * grace
    if awake_since is not None and awake_since > away_before:
        return []
    if awake_since is not None and awake_since > dead_before:
        dead_before = None  # no seat marked connected has been silent that long here
    absent = (
        Seat.objects.filter(room__status__in=AWAITED, kind=Seat.Kind.HUMAN, cpu_controlled=False)
        .exclude(session_key=None)
        .filter(last_seen__lt=away_before)
    )
    if dead_before is None:
        absent = absent.exclude(connected=True)
    else:
        absent = absent.exclude(connected=True, last_seen__gte=dead_before)
    slugs = sorted(set(absent.values_list("room__slug", flat=True)))
    for slug in slugs:
        _expire_room_seats(slug, away_before, dead_before)
    return slugs


def _expire_room_seats(slug: str, away_since, dead_since) -> None:
    with transaction.atomic():
        room = lock(slug)
        if room.status not in AWAITED:
            return
        seats = list(room.seats.all())
        for seat in seats:
            held = seat.kind == Seat.Kind.HUMAN and seat.session_key and not seat.cpu_controlled
            away = seat.last_seen and seat.last_seen < away_since
            dead = dead_since and seat.last_seen and seat.last_seen < dead_since
            if held and away and (not seat.connected or dead):
                hand_to_cpu(seat)
        save(room, **table_fields(room, seats))


def hand_to_cpu(seat: Seat) -> None:
    """The computer plays this seat for its player, who is no longer at the table (away past the
    grace period, or logged out: `services.log_out_browser`). Its key stays: the seat is theirs."""
    seat.cpu_controlled, seat.connected, seat.offline_said = True, False, False
    seat.save(update_fields=["cpu_controlled", "connected", "offline_said"])


def close_room(room: Room | str, now=None, *, idle_since=None) -> bool:
    """Closes one room (an operator's stuck room, or an idle one: with `idle_since`, only if still
    nobody came by since then); an unfinished match is kept, marked abandoned. Returns whether
    it closed the room."""
    now = now or timezone.now()
    with transaction.atomic():
        room = lock(room)
        if room.status == Room.Status.CLOSED:
            return False
        if idle_since and (
            room.updated_at >= idle_since or room.seats.filter(last_seen__gte=idle_since).exists()
        ):
            return False
        if room.match and room.match.status == Match.Status.PLAYING:
            # Saved, not updated: the history hears of it (an abandoned match may be rated).
            match = room.match
            match.status, match.ended_at = Match.Status.ABANDONED, now
            match.save(update_fields=["status", "ended_at"])
        save(room, status=Room.Status.CLOSED, turn=None, auto_turn=False)
    return True


def close_idle_rooms(now=None) -> list[str]:
    """Closes rooms nobody has been in for SEVENS_ROOM_IDLE_SECONDS; an unfinished match is kept,
    marked abandoned."""
    now = now or timezone.now()
    idle = timedelta(seconds=float(getattr(settings, "SEVENS_ROOM_IDLE_SECONDS", 1800)))
    since = now - idle
    rooms = Room.objects.exclude(status=Room.Status.CLOSED).filter(updated_at__lt=since)
    rooms = rooms.exclude(seats__last_seen__gte=since)
    slugs = list(rooms.values_list("slug", flat=True))
    return [slug for slug in slugs if close_room(slug, now, idle_since=since)]
