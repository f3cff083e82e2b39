"""The read side of a room: what one seat (or a watcher) may know, as one dict.

Everything secret stays behind `games.sevens.seat_view`; this adds only public room facts.
"""

from dataclasses import dataclass, field

from games.models import Match
from games.sevens import RuleSet, cards, seat_view
from rooms import hints, rounds
from rooms.errors import RoomError
from rooms.lru import Lru
from rooms.models import Room, Seat
from rooms.presence import offline_shown
from rooms.table import legal_word


def view_for(room: Room, seat_index: int | None) -> dict:
    """What `seat_index` (None: a watcher) may know of the table: the engine's seat view plus the
    room's facts. Read the room (its version) before calling: the rounds are read after it, so
    the content is never older than the version it is labelled with."""
    return read(room).view(seat_index)


@dataclass
class RoomRead:
    """One room at one version, read from the database once: every seat's view is made from it
    without another query (`rooms.frames` keeps it per room version, shared by all sockets)."""

    room: Room
    seats: list[Seat]
    match: Match | None
    round: object | None  # the current MatchRound
    state: object | None  # its rebuilt RoundState
    results: list[dict] = field(default_factory=list)
    public: dict | None = field(default=None, repr=False)  # the watcher's view, made once

    def view(self, seat_index: int | None) -> dict:
        if self.state is None:
            return self._view(seat_index)
        if self.public is None:
            self.public = self._view(None)
        if seat_index is None:
            return dict(self.public)
        # A seat sees what a watcher sees, and its own hand and moves.
        own = seat_view(self.state, seat_index)
        return {
            **self.public,
            "seat": seat_index,
            "hand": cards.names_in_rows(own.hand, own.rules.ace),
            "legal": [] if self.closed else [a.to_dict() for a in own.legal],
        }

    @property
    def closed(self) -> bool:
        return self.room.status == Room.Status.CLOSED

    def _view(self, seat_index: int | None) -> dict:
        room, seats, match, rnd = self.room, self.seats, self.match, self.round
        if self.state is None:
            view = _waiting_view(room, seat_index)
        else:
            view = seat_view(self.state, seat_index).to_dict()
            if self.closed:
                # Nothing more is played in a closed room: it is nobody's turn (no "to play" mark,
                # no "Your turn", no hot-seat curtain), though the round stopped in someone's.
                view = {**view, "turn": None, "legal": []}
        for entry, seat in zip(view["seats"], seats, strict=True):
            entry.update(_seat_facts(seat, match, room.mode))
        return {
            **view,
            "slug": room.slug,
            "version": room.version,
            "mode": room.mode,
            "status": room.status,
            "round": rnd.number + 1 if rnd else 0,
            "round_number": rnd.number + 1 if rnd else 0,
            "rounds": room.rules["rounds"],
            "names": [s.name for s in seats],
            "kinds": [s.kind for s in seats],
            "levels": [s.level or None for s in seats],
            "totals": list(match.totals) if match else [0] * len(seats),
            "winner": match.winner if match and match.status == Match.Status.FINISHED else None,
            # The stored match (history's match page): its replay and log, once it is over.
            "match_id": match.pk if match else None,
            "results": self.results,
            "fast_forward": room.fast_forward,
        }


def read(room: Room) -> RoomRead:
    """Reads what every view of `room` needs (its seats, the current round replayed, the results)."""
    seats = list(room.seats.all())
    match = room.match
    rnd = match.current_round() if match else None
    state = rounds.rebuild(RuleSet.from_dict(room.rules), rnd) if rnd is not None else None
    return RoomRead(room, seats, match, rnd, state, results_of(match, rnd))


def seat_of(room: Room, session_key: str | None) -> int | None:
    """The seat this browser holds (in hot-seat rooms it holds them all: None here)."""
    if not session_key or room.mode == Room.Mode.HOTSEAT:
        return None
    seat = room.seats.filter(session_key=session_key).first()
    return seat.index if seat else None


def holds_all_seats(room: Room, session_key: str | None) -> bool:
    seats = list(room.seats.all())
    return bool(session_key) and all(s.session_key == session_key for s in seats)


def _waiting_view(room: Room, seat_index: int | None) -> dict:
    return {
        "seat": seat_index,
        "players": room.players,
        "rules": room.rules,
        "dealer": None,
        "turn": None,
        "over": False,
        "hand": None,
        "legal": [],
        "rows": [],
        "seats": [
            {
                "seat": i,
                "cards": 0,
                "passes_used": 0,
                "passes_left": room.rules["pass_limit"],
                "status": "playing",
                "place": None,
            }
            for i in range(room.players)
        ],
        "history": [],
        "revealed": None,
        "result": None,
        "joker_removed": False,
    }


def _seat_facts(seat: Seat, match, mode: str) -> dict:
    return {
        "name": seat.name,
        "kind": seat.kind,
        "level": seat.level or None,
        "taken": seat.kind == Seat.Kind.CPU or bool(seat.session_key),
        "connected": seat.connected,
        # down long enough for the others to be told, and told by a version (`presence.
        # offline_shown` reads the seat's mark, not the clock: a reload within `offline_after`
        # says nothing, and every process draws the version alike)
        "offline": offline_shown(seat, mode),
        "cpu_controlled": seat.cpu_controlled,
        "total": match.totals[seat.index] if match and match.totals else 0,
    }


def results_of(match, rnd=None) -> list[dict]:
    """The settled rounds' results. A round is settled once and never changes after, so those
    before the current round `rnd` are read once per match and round (kept per process)."""
    if match is None:
        return []
    if rnd is None:
        return _settled(match.rounds.exclude(result=None).order_by("number"))
    key = (match.pk, match.started_at, rnd.number)
    before = _RESULTS.get(key)
    if before is None:
        done = match.rounds.exclude(result=None).filter(number__lt=rnd.number).order_by("number")
        before = _RESULTS.put(key, _settled(done))
    own = _settled([rnd]) if rnd.result is not None else []
    return [dict(r) for r in before] + own


def _settled(rounds) -> list[dict]:
    return [{"round": r.number + 1, "dealer": r.dealer, **r.result} for r in rounds]


_RESULTS = Lru(1024)  # (match, its creation, current round number) -> the rounds before it


def legal_for(slug: str, seat: int) -> list[dict]:
    """The seat's legal actions now (empty when it is not its turn)."""
    room = Room.objects.select_related("match").get(slug=slug)
    rnd = room.match.current_round() if room.match else None
    if rnd is None or room.status != Room.Status.PLAYING:
        return []
    state = rounds.rebuild(RuleSet.from_dict(room.rules), rnd)
    return [a.to_dict() for a in seat_view(state, seat).legal]


def check_holds(slug: str, seat: int, session_key: str | None) -> None:
    """Raises `not_your_seat` unless this browser holds the seat now: what is read of a seat's
    hand (a hint, its legal moves) is read for its player alone (a socket's idea of its seat may
    be old, when the notices of a seat left and taken since never reached it)."""
    held = Seat.objects.filter(room__slug=slug, index=seat, session_key=session_key)
    if not session_key or not held.exists():
        raise RoomError("not_your_seat")


def hint_for(slug: str, seat: int, session_key: str | None) -> tuple[str, str, str]:
    """A suggested action for the seat to act, and why, as one sentence for that seat alone (as
    shown, and in words for a screen reader: `hints.hint_for_view`); with the action as a legal
    word (`table.legal_word`), for the panel to choose its card. The sentence names cards of the
    seat's hand: only the browser holding the seat gets it (a socket's idea of its seat may be
    old, when the notices of a seat left and taken since never reached it)."""
    room = Room.objects.select_related("match").get(slug=slug)
    check_holds(slug, seat, session_key)
    if room.status != Room.Status.PLAYING:
        raise RoomError("not_playing")
    state = rounds.rebuild(RuleSet.from_dict(room.rules), room.match.current_round())
    view = seat_view(state, seat)
    if not view.legal:
        raise RoomError("not_your_turn")
    sentence, spoken, action = hints.hint_for_view(view)
    return sentence, spoken, legal_word(action)
