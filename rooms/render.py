"""Renders the table for one viewer as HTMX fragments.

Every fragment is a partial of `rooms/table.html` whose root carries a stable id, `hx-swap-oob` and
`data-version`; the room page includes the same partials, so a pushed frame equals a fresh render.
What a viewer may know comes only from `services.view_for(room, seat)`: a watcher's view has no
hand, and on a shared device (hot-seat) the hand is shown only to the seat to act once it has lifted
the curtain.
"""

from django.template.loader import render_to_string

from rooms import narrate, table

# The rules card never changes in a room: the page has it, the socket never sends it again.
FRAGMENTS = (
    "lobby",
    "layout",
    "seats",
    "hand",
    "controls",
    "last_move",
    "log",
    "settlement",
    "messages",
    "live",
    "table_state",
)


def render_table(
    room, viewer_seat: int | None, *, hotseat_revealed: int | None = None, device: bool = False
) -> str:
    """The whole table as top-level out-of-band elements, for `viewer_seat` (None: a watcher, or
    with `device` the hot-seat room's own device)."""
    return render_fragments(
        table_for(room, viewer_seat, hotseat_revealed=hotseat_revealed, device=device)
    )


def render_fragments(t: dict) -> str:
    return "\n".join(render_to_string(f"rooms/table.html#{name}", {"t": t}) for name in FRAGMENTS)


def render_message(
    text: str, *, level: str = "error", hint: str = "", spoken: str = "", note: str = ""
) -> str:
    """The `#messages` fragment alone: an explanation sent to one viewer, changing nothing. `hint`:
    the hinted move's legal word, which the panel chooses for the player; `spoken`: the same
    sentence in words for a screen reader, where `text` writes cards as `8♦`; `note`: the
    consumer's NOTES key of a note the server sent of its own accord."""
    from rooms import tableparts

    return tableparts.messages(
        {"message": text, "level": level, "hint": hint, "spoken": spoken, "note": note}
    )


def table_for(
    room, viewer_seat: int | None, *, hotseat_revealed: int | None = None, device: bool = False
) -> dict:
    """The template context of the table, reading the room through the services' seat views.
    `device`: the browser holding every seat of a hot-seat room (the curtain is its own); any
    other browser only watches such a room."""
    from rooms import services

    facts = room_facts(room)
    device = device and facts["mode"] == "hotseat"
    # Before the first deal (a room closed in its lobby too) there is no table, as on the socket.
    if facts["status"] == "waiting" or room.match_id is None:
        return table.build(None, room=facts, viewer_seat=viewer_seat)
    curtain_for, curtain_passes = None, False
    if device:
        turn = services.view_for(room, None)["turn"]
        if turn is not None and hotseat_revealed != turn:
            viewer_seat, curtain_for = None, turn
            curtain_passes = table.server_passes(services.view_for(room, turn))
        else:
            viewer_seat = turn
    view = services.view_for(room, viewer_seat)
    return table.build(
        view,
        room=facts,
        viewer_seat=viewer_seat,
        curtain_for=curtain_for,
        curtain_passes=curtain_passes,
        device=device,
    )


def room_facts(room, seats=None) -> dict:
    from rooms import services
    from rooms.models import Seat

    if seats is None:
        seats = list(Seat.objects.filter(room=room))
    return {
        "slug": room.slug,
        "status": room.status,
        "mode": room.mode,
        "rules": room.rules,
        "version": room.version,
        "lobby": lobby_seats(room, seats),
        # Whether the player who opened the room still holds a seat: once they left, any seated
        # player may start the match (`services.start_refusal`).
        "creator_seated": services.creator_seated(room, seats),
    }


def lobby_seats(room, seats=None) -> list[dict]:
    from rooms.models import Seat
    from rooms.presence import offline_shown

    if seats is None:
        seats = Seat.objects.filter(room=room)
    taken = {seat.index: seat for seat in seats}
    seats = []
    for index in range(room.rules["players"]):
        seat = taken.get(index)
        free = seat is None or (seat.kind == "human" and not seat.session_key)
        seats.append(
            {
                "index": index,
                "colour": narrate.seat_colour(index)[0],
                "free": free,
                "name": "" if free else narrate.shown_name(seat.name),
                "kind": "human" if free else seat.kind,
                "level": None if free else seat.level,
                "connected": False if free else seat.connected,
                # away past the grace period (a closed tab): the computer plays the seat once
                # the match starts, until its player comes back
                "away": not free and seat.cpu_controlled,
                # a friend's connection went, within the grace period
                "offline": not free and offline_shown(seat, room.mode),
            }
        )
    return seats


def page_context(room, session_key: str) -> dict:
    """What the room page needs beyond the fragments: who this visitor is and what it may do."""
    from rooms.guard import LIVE
    from rooms.models import Seat
    from rooms.services import fill_level as default_level

    mine = list(Seat.objects.filter(room=room, session_key=session_key).order_by("index"))
    fill_level = default_level()
    device = room.mode == "hotseat" and len(mine) == room.rules["players"]
    viewer_seat = mine[0].index if mine and room.mode != "hotseat" else None
    t = table_for(room, viewer_seat, device=device)
    waiting = room.status == "waiting"
    open_room = room.status in ("waiting", "playing", "between_rounds")
    # A free seat: one nobody took yet, or one its player left (the computer holds it meanwhile).
    free = [seat for seat in t["lobby"] if seat["free"]]
    return {
        "room": room,
        "t": t,
        "seated": bool(mine),
        "waiting": waiting,
        # a match under way: a seat left now is played by the computer (before the deal, or once
        # the match is over, it is only free again)
        "live": room.status in LIVE,
        # The seat forms are on the page of every visitor without a seat, shown while a seat is
        # free (panel.js followStatus): a seat its player left during the match comes free.
        "can_join": open_room and not mine and room.mode == "friend",
        "seat_free": bool(free),
        # from a seat: the creator's; or, once they left theirs, any seated player's (the form
        # then shows only while the lobby says so: panel.js followStatus)
        "can_start": waiting
        and bool(mine)
        and (room.created_by == session_key or room.mode == "friend"),
        "creator": room.created_by == session_key,
        # The computers' level the start form offers first, and the levels it offers (random
        # only where the operator made it the default).
        "fill_level": fill_level,
        "fill_levels": [
            (level, Seat.Level(level).label)
            for level in ("easy", "medium", "hard", "random")
            if level != "random" or fill_level == "random"
        ],
        "can_leave": bool(mine) and room.mode == "friend" and open_room,
        "closed": room.status == "closed",
        "card_words": card_words(),
        "card_labels": card_labels(),
    }


def card_words() -> str:
    """Every card as the page writes it (`8♦`) and in words (`8 of diamonds`), in the active
    language, as JSON: panel.js gives the round's log and the last move their words for screen
    readers in the page, not on the wire (the frames keep their byte budget)."""
    from games.sevens.cards import FULL_DECK, names
    from rooms import narrate
    from rooms.table import state_json

    cards = (narrate.card(c) for c in names(FULL_DECK))
    return state_json({c["text"]: c["spoken"] for c in cards})


def card_labels() -> str:
    """The cards whose button names differ from their words (`A♠`: `A♠, ace of spades`,
    narrate.card_label), as JSON: panel.js names the joker's spot buttons with them."""
    from games.sevens.cards import FULL_DECK, names
    from rooms import narrate
    from rooms.table import state_json

    cards = (narrate.card(c) for c in names(FULL_DECK))
    return state_json({c["text"]: c["label"] for c in cards if c["label"] != c["spoken"]})
