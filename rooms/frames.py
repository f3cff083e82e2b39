"""The frames pushed to a room's sockets, cheap enough for hundreds of sockets per process.

A room at one version is read from the database once per process (`tableview.read`), and the
fragments every viewer shares (`#layout`, `#log`, `#last-move`, `#lobby`, …) are rendered once
per (room, version, language); per socket only what is its own (`#hand`, `#controls`,
`#table-state`, and the few fragments that mark "you") is rendered, and that too is kept per
viewer, so two tabs of a seat share it. Everything is bounded (least recently used goes first).

After a move, a socket that holds the version just before gets a delta: only the pieces that
changed (a seat line, the new log lines appended, …), each an htmx out-of-band swap, plus the
compact `#table-state` holding what changed, marked with the version the delta applies to
(`data-base`). The layout is not among the pieces: the page draws the rows that changed from the
state's (a letter per cell). The page applies a delta only to that version, and asks for the
whole table otherwise (`static/js/panel.js`). A socket further behind, a new socket, a new round, a round's end
or a lifted curtain gets the whole table.
"""

import re
from dataclasses import dataclass

from django.utils import translation

from rooms import seatparts, table, tableparts, tableview
from rooms.lru import Lru
from rooms.render import FRAGMENTS, room_facts

READS = Lru(512)  # (slug, version) -> tableview.RoomRead
CONTEXTS = Lru(2048)  # (slug, version, language, viewer) -> template context
HTML = Lru(8192)  # (slug, version, language, fragment, variant) -> fragment html
DIFFS = Lru(2048)  # (fragment, old html, new html) -> the delta's pieces
SEAT_NAMES = Lru(2048)  # (language, what #seat_name shows) -> its html without and with "(you)"


@dataclass
class Table:
    """The whole table for one socket: each fragment's html, and what decides delta or whole."""

    version: int
    fragments: dict[str, str]
    key: tuple  # (status, round, viewer, curtain): a change of any sends the whole table
    state: dict | None = None  # the compact seat view of #table-state

    def html(self, without: tuple[str, ...] = ()) -> str:
        return "\n".join(self.fragments[name] for name in FRAGMENTS if name not in without)


def read(slug: str, version: int | None = None) -> tableview.RoomRead:
    """The room at its current version, read once per version (run in the database thread).
    `version`: the version a notice announced; when another socket of this process read it
    already, that read serves without a query (a newer version announces itself in turn)."""
    from rooms.models import Room

    if version is not None:
        hit = READS.get((slug, version))
        if hit is not None:
            return hit
    room = Room.objects.select_related("match").get(slug=slug)
    hit = READS.get((slug, room.version))
    if hit is not None:
        return hit
    return READS.put((slug, room.version), tableview.read(room))


def keep(snap: tableview.RoomRead) -> None:
    """Keeps a read the writer made of the version it just committed (see `services`)."""
    READS.put((snap.room.slug, snap.room.version), snap)


def cached(slug: str, version: int | None) -> tableview.RoomRead | None:
    """The room as read at `version`, if a socket of this process read it already."""
    return READS.get((slug, version)) if version is not None else None


def turn_of(snap: tableview.RoomRead) -> int | None:
    state = snap.state
    return None if state is None or state.over or snap.closed else state.turn


def viewer_of(snap: tableview.RoomRead, session_key: str | None) -> tuple[int | None, bool]:
    """The seat this browser sees the table as (None: a watcher), and whether it is a hot-seat
    device holding every seat."""
    room = snap.room
    if room.mode == "hotseat":
        if session_key and all(s.session_key == session_key for s in snap.seats):
            return turn_of(snap), True
        return None, False
    if not session_key:
        return None, False
    return next((s.index for s in snap.seats if s.session_key == session_key), None), False


def table_for(
    snap: tableview.RoomRead, viewer: int | None, curtain: int | None, device: bool = False
) -> Table:
    """The table for `viewer` (None: a watcher, or with `device` a hot-seat room's own device:
    behind its curtain for the seat `curtain`, or between turns), in the active language."""
    room = snap.room
    language = translation.get_language()
    base = (room.slug, room.version, language)
    t = context(snap, viewer, curtain, device)
    mine = t.get("turn", {}).get("mine", False)
    # the same for everyone but a viewer whose own seat the others see offline (`own_lobby`)
    own_offline = viewer if any(s.get("was_offline") for s in t.get("lobby") or ()) else None
    variants = {
        "lobby": own_offline,
        "seats": viewer,
        "settlement": (viewer, device) if t.get("settlement") else None,
        # A round's end is said with the seat's own result, as its settlement shows it; a forced
        # pass beside the buttons only (not behind a hot-seat curtain).
        "live": (viewer, device) if t.get("settlement") else (mine, t.get("controls"), own_offline),
        "messages": None,
        "hand": (viewer, curtain, device),
        "controls": (viewer, curtain, device),
        "table_state": (viewer, curtain, device),
    }
    fragments = {}
    for name in FRAGMENTS:
        key = (*base, name, variants.get(name))
        html = HTML.get(key)
        if html is None:
            if name == "seats" and viewer is not None and t.get("started"):
                html = HTML.put(key, seats_for(base, t, viewer))
            else:
                html = HTML.put(key, seatparts.render(name, t))
        fragments[name] = html
    rnd = snap.round.number if snap.round is not None else None
    return Table(room.version, fragments, (room.status, rnd, viewer, curtain), t.get("state"))


def seats_for(base: tuple, t: dict, viewer: int) -> str:
    """#seats for `viewer`: the watchers' #seats (built once) with the viewer's name swapped for
    its name marked "(you)", both made by the `seat_name` builder that #seats itself uses."""
    key = (*base, "seats", None)
    shared = HTML.get(key)
    if shared is None:
        public = CONTEXTS.get((*base, "public"))
        if public is None:  # forgotten meanwhile: build it whole
            return tableparts.seats(t)
        shared = HTML.put(key, tableparts.seats(public))
    seat = t["seats"][viewer]
    # What the partial shows of a seat: its name's two renders are kept per language and these.
    keys = ("colour_label", "name", "me", "cpu", "cpu_named", "level", "away", "was_offline")
    shown = (base[2], *(seat.get(k) for k in keys))
    names = SEAT_NAMES.get(shown)
    if names is None:
        # as the watchers see it: said offline, where its own player is not (`table.own_seat`)
        away = "offline" if seat.get("was_offline") else seat.get("away")
        plain = tableparts.seat_name({**seat, "me": False, "away": away})
        names = SEAT_NAMES.put(shown, (plain, tableparts.seat_name(seat)))
    return shared.replace(names[0], names[1], 1)


def context(
    snap: tableview.RoomRead, viewer: int | None, curtain: int | None, device: bool = False
) -> dict:
    room = snap.room
    language = translation.get_language()
    key = (room.slug, room.version, language, viewer, curtain, device)
    t = CONTEXTS.get(key)
    if t is not None:
        return t
    pub_key = (room.slug, room.version, language, "public")
    pub = CONTEXTS.get(pub_key)
    if pub is None:
        view = snap.view(None) if snap.state is not None else None
        pub = CONTEXTS.put(pub_key, table.public(view, room=room_facts(room, snap.seats)))
    view = snap.view(viewer) if snap.state is not None else None
    # A curtain for a seat the server passes for (no card to play, under "must play when able":
    # `table.server_passes`): no reveal button.
    passes = curtain is not None and snap.state is not None
    passes = passes and table.server_passes(snap.view(curtain))
    return CONTEXTS.put(
        key,
        table.personal(
            pub, view, viewer_seat=viewer, curtain_for=curtain, curtain_passes=passes, device=device
        ),
    )


def delta(old: Table, new: Table, *, clear_messages: bool = False) -> str | None:
    """The frame that turns `old` (the version just before) into `new`; None when only the whole
    table will do. `clear_messages`: the socket was told something since `old` (a whole table
    clears `#messages` too)."""
    if new.version != old.version + 1 or new.key != old.key or new.key[0] != "playing":
        return None
    parts = []
    for name in FRAGMENTS:
        before, after = old.fragments[name], new.fragments[name]
        if name == "table_state":
            parts.append(state_patch(old, new))
        elif name == "layout":
            # The rows that changed are in the state patch, a letter per cell: the page draws
            # their cells and notes from it (panel.js), an eliminated seat's dozen cards included.
            continue
        elif name == "messages":
            if clear_messages:
                parts.append(CLEAR_MESSAGES)
        elif name == "live":  # its content alone: the region stays, and is what is read out
            if before != after:
                parts.append(
                    LIVE_TEXT.sub('<div id="live" hx-swap-oob="innerHTML">', after, count=1)
                )
        elif before != after:
            pieces = DIFFS.get((name, before, after))
            if pieces is None:
                pieces = DIFFS.put((name, before, after), diff(name, before, after))
            parts.extend(pieces)
    return "\n".join(parts)


# What a delta's #table-state always carries; the rest (the hand, the legal moves, the names, …)
# only when it changed, and of the rows and the seats only those that changed, by index. The page merges it
# into the state it holds (panel.js), so #table-state is always the whole compact view. The seat
# and the round never change in a delta (`Table.key` holds both: a change sends the whole table),
# so they are not sent again: each byte counts in a move's update (≤ 1.5 kB).
ALWAYS = ("version", "turn", "hs", "history")
BY_INDEX = ("rows", "seats")


def state_patch(old: Table, new: Table) -> str:
    state = {}
    for key, value in new.state.items():
        before = old.state.get(key)
        if key in BY_INDEX and isinstance(before, list) and len(before) == len(value):
            changed = {
                str(i): v for i, (b, v) in enumerate(zip(before, value, strict=True)) if b != v
            }
            if changed:
                state[key] = changed
        elif key in ALWAYS or before != value:
            state[key] = value
    return (
        f'<script id="table-state" type="application/json" hx-swap-oob="true" '
        f'data-base="{old.version}" data-version="{new.version}">{table.state_json(state)}</script>'
    )


LIVE_TEXT = re.compile(r"^<div [^>]*>")
CLEAR_MESSAGES = '<div id="messages" hx-swap-oob="innerHTML"></div>'

# The pieces of a fragment a move may change alone, each an element with an id (but a hand's
# cards, found by their card): seat states, the turn note, the pass button. A piece holds no
# other piece.
PIECES = {
    "seats": re.compile(r'<div id="st(\d)".*?</div>', re.S),
    "hand": re.compile(r'<button class="card[^"]*" data-card="(\w\w)".*?</button>', re.S),
    "last_move": re.compile(r'<span id="(move)">(?:<span>.*?</span> ?)*[^<]*</span>', re.S),
    "controls": re.compile(
        r'<p id="(turn-note)".*?</p>|<button [^>]*id="(pass-button)".*?</button>', re.S
    ),
}
HAND_CARD = "#hand [data-card='{}']"
LOG_LINE = re.compile(r"<li>.*?</li>", re.S)
OOB = re.compile(r"^<(\w+)")


def diff(name: str, before: str, after: str) -> list[str]:
    """The out-of-band pieces that turn fragment `before` into `after` (the whole fragment when its
    frame changed)."""
    if name == "log":
        return log_diff(before, after)
    return pieces_diff(name, before, after)


def pieces_diff(name: str, before: str, after: str) -> list[str]:
    if name not in PIECES:
        return [after]
    pattern = PIECES[name]
    old_skeleton, old_pieces = split(pattern, before)
    new_skeleton, new_pieces = split(pattern, after)
    if name == "hand" and old_pieces and not new_pieces:
        emptied = emptied_hand(old_skeleton, new_skeleton)
        if emptied is not None:
            return emptied
    same_frame = MARK.sub("", old_skeleton) == MARK.sub("", new_skeleton)
    gone = [k for k in old_pieces if k not in new_pieces]
    if name == "hand":  # a card may leave the hand; none comes in
        same_frame = same_frame and [k for k in old_pieces if k in new_pieces] == list(new_pieces)
    else:
        same_frame = same_frame and list(old_pieces) == list(new_pieces)
    if not same_frame:
        return [after]
    changed = [html for k, html in new_pieces.items() if old_pieces[k] != html]
    if name != "hand":  # the pieces have ids: the ws extension swaps a frame's element by its id
        return changed
    out = [
        swap(html, HAND_CARD.format(k)) for k, html in new_pieces.items() if old_pieces[k] != html
    ]
    return out + [f'<i hx-swap-oob="delete:{HAND_CARD.format(k)}"></i>' for k in gone]


NO_CARDS = re.compile(r'<span class="no-cards">.*?</span>', re.S)


def emptied_hand(old_skeleton: str, new_skeleton: str) -> list[str] | None:
    """A hand that lost its last cards at once (its seat ran out of passes and laid them on the
    layout): the cards deleted and the "no cards" note put in, not the whole hand again."""
    note = NO_CARDS.search(new_skeleton)
    if note is None or MARK.sub("", old_skeleton) != NO_CARDS.sub("", new_skeleton, count=1):
        return None
    return [
        '<i hx-swap-oob="delete:#hand .card"></i>',
        f'<i hx-swap-oob="beforeend:#hand .cards">{note.group(0)}</i>',
    ]


def log_diff(before: str, after: str) -> list[str]:
    """The log lines `after` holds past the last one `before` held, appended to the page's list.
    The whole table shows only the last lines of the round (`table.LOG_TAIL`), numbered from its
    list's `start`; a page keeps every line appended since it got the whole table, so it does not
    need the "earlier lines" button that a fresh render of a longer log shows."""
    old_skeleton, old_lines = split(LOG_LINE, before, keyed=False)
    new_skeleton, new_lines = split(LOG_LINE, after, keyed=False)
    old_list, new_list = list(old_lines.values()), list(new_lines.values())
    old_first, new_first = first_line(old_skeleton), first_line(new_skeleton)
    old_end = old_first + len(old_list)  # the number the next line takes
    if (
        log_frame(old_skeleton) != log_frame(new_skeleton)
        or not old_first <= new_first <= old_end
        or old_list[new_first - old_first :] != new_list[: old_end - new_first]
    ):
        return [after]
    added = new_list[old_end - new_first :]
    return [f'<ol hx-swap-oob="beforeend:#log .log-lines">{"".join(added)}</ol>']


LOG_START = re.compile(r'(<ol class="log-lines")(?: start="(\d+)")?>')
LOG_EARLIER = re.compile(r'<p id="log-earlier">.*?</p>', re.S)


def first_line(skeleton: str) -> int:
    found = LOG_START.search(skeleton)
    return int(found.group(2) or 1) if found else 1


def log_frame(skeleton: str) -> str:
    """#log without its lines, the number of the first and the button for the earlier ones."""
    return LOG_START.sub(r"\1>", LOG_EARLIER.sub("", MARK.sub("", skeleton)))


MARK = re.compile("\x00[^\x00]*\x00")


def split(pattern, html: str, *, keyed: bool = True) -> tuple[str, dict[str, str]]:
    """`html` with each piece replaced by a marker, and the pieces by key (or by position)."""
    pieces: dict[str, str] = {}

    def mark(match):
        key = next(g for g in match.groups() if g) if keyed else str(len(pieces))
        pieces[key] = match.group(0)
        return f"\x00{key}\x00"

    return pattern.sub(mark, html), pieces


def quote(selector: str) -> str:
    return selector.replace('"', "&quot;")


def swap(html: str, selector: str) -> str:
    """`html`'s root made an out-of-band swap of the element `selector` finds."""
    oob = f'hx-swap-oob="outerHTML:{quote(selector)}"'
    return OOB.sub(lambda m: f"<{m.group(1)} {oob}", html, count=1)
