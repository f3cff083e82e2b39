"""The write path every room service shares: lock the room, compute its table fields, and write
it back guarded by its version, announcing the new version after commit.

All of it runs inside the caller's transaction.
"""

from django.db.models import F
from django.utils import timezone

from games.models import Match
from games.sevens import Action, RuleSet
from rooms import rounds
from rooms.announce import announce_on_commit
from rooms.errors import RoomError, StaleVersion
from rooms.models import Room, Seat

PLAYING = Room.Status.PLAYING
LIVE = (Room.Status.PLAYING, Room.Status.BETWEEN_ROUNDS)


def lock(room: Room | str) -> Room:
    slug = room if isinstance(room, str) else room.slug
    try:
        return Room.objects.select_for_update(of=("self",)).select_related("match").get(slug=slug)
    except Room.DoesNotExist as exc:
        raise RoomError("no_room") from exc


def save(room: Room, *, presence: bool = False, **changes) -> None:
    """Writes `changes` only if nobody changed the room since it was read; bumps the version and
    announces it after commit. Raises StaleVersion (rolling the transaction back) otherwise.
    `presence`: only who is online changed (`rooms.presence.said_offline`), not the game: a move
    made on the version before still stands (`still_current`)."""
    now = timezone.now()
    if not presence:
        # `updated_at` is when the game last moved: the worker's stalled turns (`cpu.due_rooms`)
        # and the late-turn health check count from it, and a flapping connection must not
        # put them off.
        changes.update(game_version=room.version + 1, updated_at=now)
    written = Room.objects.filter(pk=room.pk, version=room.version).update(
        version=F("version") + 1, **changes
    )
    if written != 1:
        raise StaleVersion()
    for name, value in changes.items():
        setattr(room, name, value)
    room.version += 1
    announce_on_commit(
        room.slug, room.version, server_turn=room.status == PLAYING and room.auto_turn
    )


def still_current(room: Room, version: int) -> bool:
    """Whether a table of `version` shows the game as it is: that version, or one before a change
    that only said who is online (a friend's tab closed or back)."""
    return room.game_version <= version <= room.version


def current(room: Room):
    rnd = room.match.current_round()
    return rnd, rounds.rebuild(RuleSet.from_dict(room.rules), rnd)


def table_fields(room: Room, seats: list[Seat], state=None) -> dict:
    """The room's status, seat to act and CPU flag after a change, from the round's state."""
    if room.match is None:
        return {}
    if state is None:
        state = current(room)[1]
    if not state.over:
        return {"status": PLAYING, "turn": state.turn, "auto_turn": server_plays(seats, state)}
    done = Match.objects.filter(pk=room.match_id, status=Match.Status.FINISHED).exists()
    status = Room.Status.FINISHED if done else Room.Status.BETWEEN_ROUNDS
    return {"status": status, "turn": None, "auto_turn": False}


def nobody_at_the_table(seats: list[Seat], leaving: str | None = None) -> bool:
    """Every seat is the computer's, or held by it for a player who is not at the table; with
    `leaving`, a browser's session key: once that browser's seats are handed to the computer
    (`services.log_out_browser`, and the log-out page that says beforehand what it will do)."""
    return all(s.played_by_cpu or (leaving and s.session_key == leaving) for s in seats)


def server_plays(seats: list[Seat], state) -> bool:
    # Nobody left to play for: the room waits for a player to come back (or to be closed).
    if nobody_at_the_table(seats):
        return False
    if seats[state.turn].played_by_cpu:
        return True
    return forced_pass(state)


def forced_pass(state) -> bool:
    """Whether the server passes for the seat to act: it has no card it can play, and under "must
    play when able" its pass says so to the table anyway (the engine's `voids`). Where a pass may
    be chosen ("pass even when you can play": the Japanese rules), a pass made at once by the
    server told the others what the pass itself does not, that the seat held none of the playable
    cards (and a shared device's curtain said it in words): there the player passes by hand."""
    return not state.pwp and state.legal_actions() == [Action.pass_()]
