"""The table's template context, built from a seat view dict (`services.view_for`) and room facts.

Pure: no database, no request. The fragment tests build it from hand-written and engine-made views.
"""

import json

from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from rooms import narrate, results
from rooms.lru import Lru
from rooms.templatetags.sevens_text import isolated

LOW_CARDS = 2
# The whole table shows a round's last LOG_TAIL log lines; the page asks for the earlier ones when
# its player wants them (`views.room_log`). A socket's page keeps every line a delta appended.
LOG_TAIL = 16
# What a seat does; the rest (a finish, an elimination, a redeemed joker, the round's end) comes
# with one of these as its consequence.
MOVE_TYPES = ("play", "pass", "joker")
JSON_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def build(
    view: dict | None,
    *,
    room: dict,
    viewer_seat=None,
    curtain_for=None,
    curtain_passes=False,
    device=False,
) -> dict:
    """Everything the partials of `rooms/table.html` show, for one viewer of one room."""
    return personal(
        public(view, room=room),
        view,
        viewer_seat=viewer_seat,
        curtain_for=curtain_for,
        curtain_passes=curtain_passes,
        device=device,
    )


def only_passes(legal: list[dict] | None) -> bool:
    """Whether a seat's legal actions are a pass alone."""
    return bool(legal) and all(a["type"] == "pass" for a in legal or ())


def server_passes(view: dict | None) -> bool:
    """Whether the server passes for the seat whose `view` this is (its turn, no card it can play)
    under rules where that pass tells the table nothing new (`rooms.guard.forced_pass`, on the
    state); where passes may be chosen, the player passes by hand."""
    if not view or view["rules"]["pass_when_playable"]:
        return False
    return only_passes(view.get("legal"))


def with_shown_names(view: dict) -> dict:
    """The view with its seats' names as the viewer reads them, and which are a computer's own
    default name ("CPU 2": its seat line then says the level alone, not "computer" twice)."""
    stored = view["names"]
    return {
        **view,
        "names": narrate.shown_names(stored),
        "cpu_named": [narrate.is_default_cpu_name(n) for n in stored],
    }


def public(view: dict | None, *, room: dict) -> dict:
    """The part of the context every viewer shares (the layout, the seats, the log, …): built from
    any seat's view (`rooms.frames` uses the watcher's), once per room version and language."""
    rules = view["rules"] if view else room["rules"]
    if view is not None:
        view = with_shown_names(view)
    t = {
        "version": view["version"] if view else room["version"],
        "slug": room["slug"],
        "status": room["status"],
        "mode": room["mode"],
        "viewer": None,
        "rules_items": rules_items(rules),
        "lobby": room["lobby"],
        "creator_seated": room.get("creator_seated", True),
        "started": view is not None,
        # A closed room (by the idle sweep or an operator) says so to every viewer, live too; one
        # closed before its first deal has no match to keep.
        "message": (
            _("This room is closed. Its match is kept.")
            if view is not None
            else _("This room is closed.")
        )
        if room["status"] == "closed"
        else None,
        "level": "info",
    }
    if view is None:
        t["state_json"] = "null"
        if room["status"] == "waiting":
            t["live"] = lobby_text(room["lobby"])
        return t
    names = view["names"]
    history = view.get("history") or []
    t.update(
        {
            "round_number": round_number(view),
            "rounds": rules["rounds"],
            "rows": [layout_row(row, bool(view["over"])) for row in view["rows"]],
            "seats": seats(
                view,
                None,
                closed=room["status"] == "closed",
                # a finished match waits for nobody: no "offline" (nor a version saying it back)
                awaited=room["status"] in ("waiting", "playing", "between_rounds"),
            ),
            "has_cpu": any(k == "cpu" for k in view.get("kinds") or [])
            or any(seat.get("cpu_controlled") for seat in view["seats"]),
            "last_move": [
                narrate.event_sentence(e, names, rules=rules) for e in last_move(history)
            ],
            "sentence_space": narrate.sentence_space(),
            "spoken_move": narrate.sentence_space().join(
                s
                for s in (
                    narrate.event_sentence(e, names, rules=rules, spoken=True)
                    for e in last_move(history)
                )
                if s
            )
            # a round that starts is said, so that a player waiting in the lobby hears it
            or _("Round %(n)s of %(rounds)s: the cards are dealt.")
            % {"n": round_number(view), "rounds": rules["rounds"]},
            **log_tail(log_lines(history, names, rules)),
            "settlement": results.settlement(
                view, names, match_over=round_number(view) >= view["rules"]["rounds"]
            ),
        }
    )
    return t


def log_lines(history: list, names: list, rules: dict) -> list[str]:
    """Every line of a round's log, in the active language, as the room's `rules` say it."""
    return [s for s in (narrate.event_sentence(e, names, rules=rules) for e in history) if s]


def log_tail(lines: list[str]) -> dict:
    """The log lines the whole table shows, and the number of the first of them (1: all)."""
    first = max(0, len(lines) - LOG_TAIL)
    return {"log": lines[first:], "log_start": first + 1, "log_earlier": first}


def personal(
    pub: dict,
    view: dict | None,
    *,
    viewer_seat=None,
    curtain_for=None,
    curtain_passes=False,
    device=False,
) -> dict:
    """The shared context `pub` completed for one viewer: its hand, its turn, its controls, its
    seat marked as "you", and the seat view for the 3D table. `device`: the hot-seat room's own
    device, which holds every seat (between turns, behind its curtain, it is no watcher); anyone
    else viewing a hot-seat room watches it."""
    t = {**pub, "viewer": viewer_seat}
    if pub.get("lobby"):
        t["lobby"] = own_lobby(pub["lobby"], viewer_seat)
        if view is None and pub["status"] == "waiting" and t["lobby"] is not pub["lobby"]:
            t["live"] = lobby_text(t["lobby"])  # without the viewer's own seat said offline
    if view is None:
        return t
    view = with_shown_names(view)
    names = view["names"]
    seats = [own_seat(seat, viewer_seat) for seat in pub["seats"]]
    t.update(
        {
            "curtain": curtain(curtain_for, names, passes=curtain_passes),
            "watching": viewer_seat is None and not device,
            "seats": seats,
            "hand": hand(view),
            "turn": turn_facts(view, viewer_seat, names),
            "live": live_text(pub["spoken_move"], view, viewer_seat),
            # the hot-seat curtain's seat: the 3D table turns to it, face down, and shows the curtain;
            # `device`: this browser holds the hot-seat room's seats (another one only watches it:
            # the play statistics count no match for a watcher, static/js/stats.js)
            "state": marked_seats(compact_state(view), seats)
            | ({"curtain": curtain_for} if curtain_for is not None else {})
            | ({"device": True} if device else {}),
        }
    )
    t["state_json"] = state_json(t["state"])
    # A round's end is read out with the seat's own result, and the match's with its winner, as
    # the results say them: the focus goes to the button that deals or plays again, and "The
    # round is over." alone left the outcome unsaid (the table of results is there to read on).
    if t.get("settlement"):
        # A hot-seat device between turns is every seat's own: each seat's result, in place order.
        result = (
            results.every_result(t["settlement"])
            if device and viewer_seat is None
            else results.own_result(t["settlement"], viewer_seat)
        )
        said = [t["live"], result]
        if t["settlement"]["match_over"] and t["settlement"]["standings"]:
            winner = t["settlement"]["standings"][0]["name"]
            said.append(_("%(name)s wins the match!") % {"name": winner})
        t["live"] = narrate.sentence_space().join(s for s in said if s)
    t["controls"] = not (t["watching"] or t["curtain"] or t["settlement"])
    # Once the round is settled, or the room closed, the hand's cards are only shown: no Tab stop
    # each ("cannot be played now"), none bright as if it could be played next.
    t["hand_done"] = bool(t["settlement"])
    # Nothing more is played in a closed room: no buttons (its seat views have no turn and no
    # legal move, rooms.tableview, so neither has the 3D table's state).
    if pub["status"] == "closed":
        t["controls"] = False
        t["hand"] = [{**card, "playable": False} for card in t["hand"]]
        t["hand_done"] = True
    # A turn the server passes for the player is said in the live region, which stays in the page
    # (#turn-note comes with a new #controls, and a live region that arrives with its words is
    # not read by every screen reader). Not behind a hot-seat curtain: it names its player.
    if t["controls"] and t["turn"]["forced_pass"]:
        said = [t["live"], forced_pass_text(t["turn"]["passes_left"])]
        t["live"] = narrate.sentence_space().join(s for s in said if s)
    elif t["controls"] and t["turn"]["must_pass"]:
        said = [t["live"], must_pass_text(t["turn"]["passes_left"])]
        t["live"] = narrate.sentence_space().join(s for s in said if s)
    return t


def own_seat(seat: dict, viewer_seat) -> dict:
    """A seat of the shared list for one viewer: marked "(you)" if it is theirs, and never said
    offline to its own player (a page drawn before its socket is back: `presence.offline_shown`);
    `was_offline` keeps what the shared #seats says of it (`rooms.frames.seats_for`)."""
    if seat["seat"] != viewer_seat:
        return {**seat, "me": False}
    if seat["away"] == "offline":
        return {**seat, "me": True, "away": "", "was_offline": True}
    return {**seat, "me": True}


def own_lobby(lobby: list[dict], viewer_seat) -> list[dict]:
    """The lobby's seats for one viewer: its own seat never said offline (`own_seat`: its page is
    drawn before its socket is back); `was_offline` marks the seat so (`rooms.frames`' variant)."""
    if not any(seat.get("offline") and seat["index"] == viewer_seat for seat in lobby):
        return lobby
    return [
        {**seat, "offline": False, "was_offline": True} if seat["index"] == viewer_seat else seat
        for seat in lobby
    ]


def forced_pass_text(passes_left) -> str:
    """The turn note of a seat with no card to play (#turn-note), and what the live region says."""
    if passes_left is None:
        return _("You have no card you can play: you pass automatically.")
    # under a pass limit the pass is one of the seat's (seeds 003/004)
    return _(
        "You have no card you can play: you pass automatically, and it counts as one of your "
        "passes."
    )


def must_pass_text(passes_left) -> str:
    """The turn note of a seat with no card to play where a pass may be chosen (the player passes
    by hand: `server_passes`), and what the live region says after "Your turn."."""
    if passes_left == 1:
        return _("You have no card you can play: press Pass. It is your last pass.")
    return _("You have no card you can play: press Pass.")


def round_number(view: dict) -> int:
    # `round` is what `view_for` calls it; the contract's name is `round_number`.
    return view.get("round_number") or view.get("round") or 1


def curtain(seat, names, *, passes=False):
    """The hot-seat curtain for `seat`; `passes`: the seat has no card to play, and the server
    passes for it in a moment, so nobody is asked to take the device for it (no reveal button)."""
    if seat is None:
        return None
    colour = narrate.seat_colour(seat)[0]
    return {"seat": seat, "name": names[seat], "colour": colour, "passes": passes}


def rules_items(rules: dict) -> list[str]:
    """`narrate.rules_items`, kept per language: a room's rules never change."""
    key = (get_language(), *sorted(rules.items()))
    items = _RULES_ITEMS.get(key)
    if items is None:
        items = _RULES_ITEMS.put(key, narrate.rules_items(rules))
    return list(items)


_RULES_ITEMS = Lru(1024)  # thousands of rule sets are possible: a process keeps the latest few


def layout_row(row: dict, over: bool = False) -> dict:
    """A row of the layout as the partials show it; `over` once the round has ended (no card is
    next then). Kept per language and what the row holds (three of the four rows are the same
    after a move): the dict is shared, never change it."""
    cells = row["cells"]
    key = (
        get_language(),
        over,
        row["suit"],
        cells[0]["card"],  # and so the order of the ranks (rows A…K or 2…A)
        row["open"],
        row["full"],
        *(c["state"] for c in cells),
        "/",
        *(row.get("next") or ()),
    )
    made = _ROWS.get(key)
    if made is None:
        if len(_ROWS) >= 4096:
            _ROWS.clear()
        made = _ROWS[key] = _layout_row(row, over)
    return made


_ROWS: dict[tuple, dict] = {}


def _layout_row(row: dict, over: bool) -> dict:
    symbol, suit_name = narrate.SUITS[row["suit"]]
    return {
        "over": over,
        "suit": row["suit"],
        "symbol": symbol,
        "name": suit_name,
        "open": row["open"],
        "full": row["full"],
        "cells": [
            {**narrate.card(c["card"]), "state": c["state"], "letter": CELL_LETTERS[c["state"]]}
            for c in row["cells"]
        ],
        "next": [narrate.card(c) for c in row.get("next") or []],
        # An eliminated seat's cards, laid apart from the run: the row note names them.
        "placed": [narrate.card(c["card"]) for c in row["cells"] if c["state"] == "placed"],
        # "Continue from the other end": the spot the run reached no card goes on (drawn dark;
        # the row note says it in words, for a screen reader too).
        "closed": [
            narrate.card(c["card"])
            for c in row["cells"]
            if c["state"] == "closed" and not over and not row["full"]
        ],
    }


def seats(view: dict, viewer_seat, *, closed: bool = False, awaited: bool = True) -> list[dict]:
    """The seats as the panel lists them. In a closed room nobody comes back and nobody plays: an
    absent seat is no longer said to be away. `awaited`: the room waits for its players (not a
    finished match): only then is a friend whose connection went said offline."""
    out = []
    totals = view.get("totals") or []
    levels = view.get("levels") or []
    cpus = {index for index, kind in enumerate(view.get("kinds") or []) if kind == "cpu"}
    # With no player left at the table the CPU does not play the absent seats: the room waits for
    # a player to come back (`guard.server_plays`), and an absent seat says which.
    nobody = all(s.get("cpu_controlled") or s["seat"] in cpus for s in view["seats"])
    # Where the first out wins and the others pay for their cards, going out is winning the round.
    wins = narrate.unranked(view["rules"]["round_end"], view["rules"]["scoring"])
    for seat in view["seats"]:
        index = seat["seat"]
        colour, colour_label = narrate.seat_colour(index)
        level = levels[index] if index < len(levels) else None
        playing = seat["status"] == "playing"
        out.append(
            {
                **seat,
                "place": results.seat_place(view, seat),
                "won": wins and seat["status"] == "finished",
                "name": view["names"][index],
                "colour": colour,
                "colour_label": colour_label,
                "cpu": index in cpus,
                "away": (
                    away_word(nobody, seat.get("taken", True))
                    if seat.get("cpu_controlled") and not closed
                    else "offline"
                    if seat.get("offline") and awaited and not closed
                    else ""
                ),
                # A seat its player left during the match: anyone with the link may take it.
                "free": index not in cpus and not seat.get("taken", True) and not closed,
                "level": narrate.LEVELS.get(level, "") if level else "",
                "cpu_named": index < len(view.get("cpu_named") or ()) and view["cpu_named"][index],
                "unlimited": seat["passes_left"] is None,
                "low": playing and not view["over"] and 0 < seat["cards"] <= LOW_CARDS,
                "to_act": view["turn"] == index,
                "me": viewer_seat == index,
                "dealer": view.get("dealer") == index,
                "total": totals[index] if index < len(totals) else 0,
            }
        )
    return out


def hand(view: dict) -> list[dict]:
    """The viewer's cards; on its turn the legal ones are bright, else those the rows need next."""
    if view.get("hand") is None:
        return []
    legal = view.get("legal") or []
    # A card and the spots the joker may fill before it: two where A and K are joined and a row's
    # last gap can be closed from either side.
    jokers: dict[str, list[str]] = {}
    for a in legal:
        if a["type"] == "joker":
            jokers.setdefault(a["card"], []).append(a["spot"])
    if view["turn"] == view["seat"]:
        playable = {a["card"] for a in legal if a["type"] == "play"} | set(jokers)
        if jokers:
            playable.add(narrate.JOKER)
    else:
        playable = {card for row in view["rows"] for card in row.get("next") or []}
    return [
        {
            **narrate.card(card),
            "playable": card in playable,
            "joker_spot": " ".join(jokers.get(card, ())),
            "joker_spot_text": " ".join(narrate.card_text(s) for s in jokers.get(card, ())),
        }
        for card in view["hand"]
    ]


def turn_facts(view: dict, viewer_seat, names) -> dict:
    turn = view["turn"]
    legal = view.get("legal") or []
    mine = turn is not None and turn == viewer_seat
    passes_left = None
    if viewer_seat is not None:
        passes_left = view["seats"][viewer_seat]["passes_left"]
    return {
        "seat": turn,
        "name": names[turn] if turn is not None else "",
        "mine": mine,
        "forced_pass": mine and server_passes(view),
        # no card to play where a pass may be chosen: the player passes by hand (`server_passes`)
        "must_pass": mine and not server_passes(view) and only_passes(legal),
        "passes_left": passes_left,
        "pass_label": pass_label(passes_left),
    }


def pass_label(passes_left) -> str:
    if passes_left is None:
        return _("Pass")
    return ngettext("Pass (%(count)s left)", "Pass (%(count)s left)", passes_left) % {
        "count": passes_left
    }


def last_move(history: list[dict]) -> list[dict]:
    """The last move and the events it brought with it (a finish, a redeemed joker, …)."""
    for start in range(len(history) - 1, -1, -1):
        if history[start].get("type") in MOVE_TYPES:
            return history[start:]
    return []


def lobby_text(lobby: list[dict]) -> str:
    """What the live region reads out while a friend room waits: who sits, how many seats are free
    (read again when someone takes or leaves a seat). A seat is said as its tag shows it
    (`lobby_tag`: a friend away, or whose connection went; `own_lobby`: never to that friend): the
    lobby's seats are its only news, and the live region reads them again."""
    names = pgettext("between the names of a list", ", ").join(
        lobby_tag(seat) for seat in lobby if not seat["free"]
    )
    free = sum(1 for seat in lobby if seat["free"])
    if not free:
        # Not "0 seats are free": the languages with one plural form ("空席は 0 席です",
        # "還有 0 個空位") read it as "still 0 free seats", and the room no longer waits for anyone.
        return _("Every seat is taken: %(names)s.") % {"names": names}
    return ngettext(
        "Waiting for players. Seated: %(names)s. %(free)s seat is free.",
        "Waiting for players. Seated: %(names)s. %(free)s seats are free.",
        free,
    ) % {"names": names, "free": free}


def lobby_tag(seat: dict, *, html: bool = False) -> str:
    """A seat of the lobby as its tag says it: "Free seat", or its name with what keeps it from
    answering ("Aki (away)", "Aki (offline)") or that it is the computer's. `html`: for the page,
    the name set apart from the words around it (`isolated`: a right-to-left name)."""
    if seat["free"]:
        return _("Free seat")
    if seat.get("kind") == "cpu":
        pattern = pgettext("a seat tag: a computer's name", "%(name)s (computer)")
    elif seat.get("away"):
        pattern = pgettext("a seat tag: a player away", "%(name)s (away)")
    elif seat.get("offline"):
        pattern = pgettext("a seat tag: a player whose connection went", "%(name)s (offline)")
    else:
        pattern = "%(name)s"
    if not html:
        return pattern % {"name": seat["name"]}
    # the pattern escaped, the name escaped by `isolated`
    return mark_safe(conditional_escape(pattern) % {"name": isolated(seat["name"])})  # noqa: S308


def live_text(spoken_move: str, view: dict, viewer_seat) -> str:
    """What the live region reads out: the last move, then "Your turn." to the seat to act (not
    to a seat the server passes for at once, `server_passes`, which is told so; a seat that passes
    by hand hears "Your turn." and then the turn note's "press Pass": `personal`)."""
    sentences = [spoken_move]
    mine = view["turn"] is not None and view["turn"] == viewer_seat
    if mine and not server_passes(view):
        sentences.append(_("Your turn."))
    return narrate.sentence_space().join(s for s in sentences if s)


def state_json(state: dict) -> str:
    """`state` (a view, or the compact state the page reads) as JSON safe inside
    `<script type="application/json">`."""
    return json.dumps(state, ensure_ascii=False, separators=(",", ":")).translate(JSON_ESCAPES)


CELL_LETTERS = {"empty": "e", "run": "r", "placed": "p", "next": "n", "closed": "c"}


def marked_seats(state: dict, seats: list[dict]) -> dict:
    """`state` with a fifth word on each seat the computer holds for someone, as the panel's seats
    say it (`seats`' `away`, never in a closed room): "away" for its player, who may come back,
    "free" for anyone to take; and "offline" on a friend's seat whose connection went, before
    the computer takes it (`presence.offline_shown`)."""
    marks = [
        ("free" if s["free"] else "offline" if s["away"] == "offline" else "away")
        if s["away"]
        else ""
        for s in seats
    ]
    if not any(marks):
        return state
    return state | {
        "seats": [[*s, m] if m else s for s, m in zip(state["seats"], marks, strict=True)]
    }


def compact_state(view: dict) -> dict:
    """The seat view as the 3D table reads it, in few bytes (`static/table/src/wire.js` expands it):
    `rows` has a word per row (♠♥♦♣), a letter per cell over the ranks in `ranks` (after a `!`
    when the row is full); a seat is
    `[cards, passes left, status, place]`; the legal moves are words (`legal_words`); `over` and
    `revealed` only when there is something; the history starts at entry `hs` (the last move and what came
    with it: the table keeps what came before from the previous frames)."""
    history = view.get("history") or []
    start = len(history) - len(last_move(history)) if history else 0
    if all(e.get("type") == "sevens_laid" for e in history[:start]):
        start = 0  # a round's first move: the deal comes along, for the deal animation
    rows = view.get("rows") or []
    return {
        "version": view["version"],
        "seat": view["seat"],
        "players": view["players"],
        "turn": view["turn"],
        **({"over": True} if view["over"] else {}),
        "status": view.get("status"),
        "round": view.get("round"),
        "names": view["names"],
        "hand": view["hand"],
        "legal": legal_words(view["legal"]),
        **({"revealed": view["revealed"]} if view["revealed"] else {}),
        "ranks": "".join(c["card"][0] for c in rows[0]["cells"]) if rows else "",
        "rows": [
            ("!" if r["full"] else "") + "".join(CELL_LETTERS[c["state"]] for c in r["cells"])
            for r in rows
        ],
        "seats": [
            [s["cards"], s["passes_left"], s["status"], results.seat_place(view, s)]
            for s in view["seats"]
        ],
        "hs": start,
        # an entry's false flags (`joker_removed`) left out: the table reads a missing flag as false
        "history": [{k: v for k, v in e.items() if v is not False} for e in history[start:]],
        # For the play statistics (static/js/stats.js): what game this is, the moves made so far.
        "mode": view.get("mode"),
        # The rules the page reads: what game this is (the play statistics), and whether the first
        # out wins the round (the 3D name tags say "won", static/table/src/play.js).
        "rules": {
            k: view["rules"][k] for k in ("sevens", "players", "rounds", "round_end", "scoring")
        },
        **({"levels": view.get("levels")} if view.get("mode") == "cpu" else {}),
        **({"winner": view["winner"]} if view.get("winner") is not None else {}),
        "moves": sum(1 for e in history if e.get("type") in MOVE_TYPES),
    }


def away_word(nobody: bool, taken: bool) -> str:
    """What a seat the computer holds for its player says (`seat_name`): with a player still at
    the table the computer plays it, for the player who may come back ("plays") or until someone
    takes the seat its player left ("free"); with nobody left, the room waits, for its player to
    come back ("waits") or for someone to take the seat ("free_waits")."""
    if nobody:
        return "waits" if taken else "free_waits"
    return "plays" if taken else "free"


def legal_words(legal: list[dict]) -> list[str]:
    """The legal moves in few bytes, a word each (`static/table/src/wire.js` reads them): a play is
    its card ("JC"), a pass "pass", the joker "<spot>*<card>" (the joker on the spot, the card
    after it: "5D*4D")."""
    return [legal_word(a) for a in legal]


def legal_word(action: dict) -> str:
    if action["type"] == "pass":
        return "pass"
    if action["type"] == "play":
        return action["card"]
    return f"{action['spot']}*{action['card']}"


def legal_actions(words: list) -> list[dict]:
    """The moves of `legal_words` as the engine's action dicts."""
    out = []
    for word in words:
        if word == "pass":
            out.append({"type": "pass"})
        elif "*" in word:
            spot, card = word.split("*")
            out.append({"type": "joker", "spot": spot, "card": card})
        else:
            out.append({"type": "play", "card": word})
    return out
