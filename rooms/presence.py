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
        Seat.objects.filter(pk__in=[s.pk for s in held]).update(connected=True, last_seen=now)
        # Said offline to the others while the grace period ran (`said_offline`): no longer. (A
        # reload back within `offline_after` was never said offline: no version.)
        back = any(offline_shown(s, room.mode, now) for s in held)
        for seat in held:
            seat.connected = True
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
            save(room, presence=True)  # no longer offline (`shown_offline`)


def offline_after() -> float:
    """Seconds a friend's connection stays down before the others see them offline: a page
    reloaded, or a phone switching networks, is back within them and says nothing (each reload
    flashed "offline" at every other player, the seat lines growing and shrinking)."""
    return float(getattr(settings, "SEVENS_OFFLINE_SECONDS", 3))


def seat_disconnected(room: Room | str, session_key: str | None) -> bool:
    """This browser's last socket in the room closed; the grace period runs from now (another
    tab's heartbeat undoes it). With friends, the others see its seats offline meanwhile, once
    `offline_after` has passed (`said_offline`, which the socket's process calls then): the table
    waits for that player, and they see why. Returns whether a seat at the table went."""
    if not session_key:
        return False
    slug = room if isinstance(room, str) else room.slug
    with transaction.atomic():
        seats = Seat.objects.filter(room__slug=slug, session_key=session_key)
        went = seats.filter(connected=True, cpu_controlled=False).exists()
        seats.update(connected=False, last_seen=timezone.now())
    if went and offline_after() <= 0:
        shown_offline(slug)
    return went


def said_offline(slug: str, session_key: str) -> bool:
    """`offline_after` seconds after the browser's last socket closed: if its seats are still
    down (not back, not handed to the computer yet), a version that says them offline."""
    down = Seat.objects.filter(
        room__slug=slug, session_key=session_key, connected=False, cpu_controlled=False
    )
    if not down.exists():
        return False
    shown_offline(slug)
    return True


def offline_shown(seat: Seat, mode: str, now=None) -> bool:
    """Whether the others see this seat offline: a friends' room's (`mode`) player seat, held, its
    connection down for `offline_after` seconds (a reload within them shows nothing), not the
    computer's yet. The one rule the lobby, the seat lines, the 3D tags and the versions that say
    a seat back all read."""
    if mode != Room.Mode.FRIEND or seat.kind != Seat.Kind.HUMAN or not seat.session_key:
        return False
    if seat.connected or seat.cpu_controlled or seat.last_seen is None:
        return False
    now = now or timezone.now()
    return (now - seat.last_seen).total_seconds() >= offline_after() - 0.05


def shown_offline(slug: str) -> None:
    """A new version of a friends' room whose seats went offline or came back within the grace
    period, which no other write would make: the tables are drawn per version
    (`rooms.frames`), and the seats say "offline" as `offline_shown` reads them. Only who is online
    changed: a move made on the table before still stands (`guard.still_current`). In a game
    against the computer or on one device nobody else is at the table to be told."""
    with transaction.atomic():
        room = (
            Room.objects.select_for_update(of=("self",))
            .filter(slug=slug, mode=Room.Mode.FRIEND, status__in=AWAITED)
            .first()
        )
        if room is not None:
            save(room, presence=True)


def heartbeat(room: Room | str, session_key: str | None) -> None:
    if session_key:
        slug = room if isinstance(room, str) else room.slug
        Seat.objects.filter(room__slug=slug, session_key=session_key).update(
            connected=True, last_seen=timezone.now()
        )


def heartbeats(present: dict[str, list[str]]) -> int:
    """Marks present, in one query, the seats of every (room, browser) with an open socket."""
    match = Q(pk__in=[])
    for slug, keys in present.items():
        match |= Q(room__slug=slug, session_key__in=[k for k in keys if k])
    present_seats = Seat.objects.filter(match)
    # Seats another process's socket closed while a tab here is still open (`said_offline` may
    # have said them offline): said online again.
    now = timezone.now()
    back = {
        seat.room.slug
        for seat in present_seats.filter(connected=False, cpu_controlled=False).select_related(
            "room"
        )
        if offline_shown(seat, seat.room.mode, now)
    }
    count = present_seats.update(connected=True, last_seen=now)
    for slug in sorted(back):
        shown_offline(slug)
    return count


def grace_seconds() -> float:
    return float(getattr(settings, "SEVENS_GRACE_SECONDS", 30))


def expire_absent_seats(now=None) -> list[str]:
    """Hands to the CPU every seat whose player stayed away past the grace period. A seat still
    marked connected counts as away once its heartbeats stopped for twice the grace period (its
    server process died)."""
    now = now or timezone.now()
    grace = timedelta(seconds=grace_seconds())
    absent = (
        Seat.objects.filter(room__status__in=AWAITED, kind=Seat.Kind.HUMAN, cpu_controlled=False)
        .exclude(session_key=None)
        .filter(last_seen__lt=now - grace)
        .exclude(connected=True, last_seen__gte=now - 2 * grace)
    )
    slugs = sorted(set(absent.values_list("room__slug", flat=True)))
    for slug in slugs:
        _expire_room_seats(slug, now - grace, now - 2 * grace)
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
            dead = seat.last_seen and seat.last_seen < dead_since
            if held and away and (not seat.connected or dead):
                hand_to_cpu(seat)
        save(room, **table_fields(room, seats))


def hand_to_cpu(seat: Seat) -> None:
    """The computer plays this seat for its player, who is no longer at the table (away past the
    grace period, or logged out: `services.log_out_browser`). Its key stays: the seat is theirs."""
    seat.cpu_controlled, seat.connected = True, False
    seat.save(update_fields=["cpu_controlled", "connected"])


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
