"""Who played a stored match: recorded from the room's seats when the match starts, and claimed by
an account when a guest signs up or logs in on the same browser."""

from importlib import import_module

from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.db.models import QuerySet

from games.models import Match
from history.models import MatchPlayer
from rooms import services


def record_players(match: Match) -> None:
    """Stores the browser (and account) of every human seat of the match's room, as seated now."""
    if match.room_id is None:
        return
    seats = match.room.seats.filter(kind="human").exclude(session_key=None)
    users: dict[str, object] = {}
    rows = []
    for seat in seats:
        key = seat.session_key or ""
        if key not in users:
            users[key] = user_for_key(key)
        rows.append(MatchPlayer(match=match, seat=seat.index, browser_key=key, user=users[key]))
    MatchPlayer.objects.bulk_create(rows, ignore_conflicts=True)


def record_taker(match: Match, seat: int, session_key: str) -> None:
    """Stores a browser that took a seat of the match after its player left. A browser back at a
    seat it held before is not stored twice."""
    if match.players.filter(seat=seat, browser_key=session_key).exists():
        return
    MatchPlayer.objects.create(
        match=match,
        seat=seat,
        browser_key=session_key,
        user=user_for_key(session_key),
        took_over=True,
    )


def user_for_key(session_key: str):
    """The account signed in on the browser with this session key, or None."""
    if not session_key:
        return None
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key=session_key)
    user_id = store.get(SESSION_KEY)
    if user_id is None:
        return None
    return get_user_model().objects.filter(pk=user_id).first()


def claim(browser_key: str | None, user) -> int:
    """Gives the account the seats this browser played as a guest; returns how many."""
    if not browser_key or user is None or not user.is_authenticated:
        return 0
    return MatchPlayer.objects.filter(browser_key=browser_key, user=None).update(user=user)


def matches_of(*, user=None, browser_key: str | None = None) -> QuerySet[Match]:
    """A signed-in player's matches (all of theirs), or a guest browser's."""
    if user is not None and user.is_authenticated:
        found = Match.objects.filter(players__user=user)
    elif browser_key:
        found = Match.objects.filter(players__browser_key=browser_key)
    else:
        return Match.objects.none()
    return found.distinct().order_by("-started_at", "-pk")


def seats_of(
    match: Match, *, user=None, browser_key: str | None = None, own: bool = False
) -> list[int]:
    """The seats of `match` that this player (or browser) held. `own`: only those it held from
    the start, not one it took over from a player who left (whose place is that player's)."""
    players = [p for p in match.players.all() if not (own and p.took_over)]
    if user is not None and user.is_authenticated:
        held = [p.seat for p in players if p.user_id == user.pk]
    else:
        held = [p.seat for p in players if browser_key and p.browser_key == browser_key]
    return sorted(set(held))


def forget_account(user) -> int:
    """Before `user`'s account is deleted: the seats it held keep their cards and places but lose
    its name (`rooms.services.forget_names`), since a finished match's page, with its names, is open
    to anyone. A seat it took over from a player who left keeps that player's name."""
    held: dict[int, list[int]] = {}
    keys = signed_in_seat_keys(user)
    for row in MatchPlayer.objects.filter(user=user):
        keys.add(row.browser_key)
        if not row.took_over:
            held.setdefault(row.match_id, []).append(row.seat)
    return services.forget_names(held, keys)


def signed_in_seat_keys(user) -> set[str]:
    """The session keys of the browsers signed in to `user` that hold a seat of a room not over
    (its name typed, or the account's): another phone of the player waiting in a friends' lobby
    is in no match's record yet, and its seat kept the deleted account's name."""
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from rooms.models import Room, Seat

    seated = (
        Seat.objects.exclude(session_key=None)
        .exclude(room__status__in=(Room.Status.FINISHED, Room.Status.CLOSED))
        .values_list("session_key", flat=True)
        .distinct()
    )
    sessions = Session.objects.filter(session_key__in=seated, expire_date__gt=timezone.now())
    return {s.session_key for s in sessions if s.get_decoded().get(SESSION_KEY) == str(user.pk)}
