"""The fragments every viewer of a table shares (`#layout`, `#seats`, `#log`, `#last-move`, …)
built as plain strings.

They are rendered once per room version and language, but a loaded process makes a hundred
versions a second, and the template engine spent more on them than on anything else. The output
is exactly the `rooms/table.html` partial of the same name (tests compare them in every
language): `{% translate %}` gives the translated string as it is, `{% blocktranslate %}` the
translated string with its escaped values put in, `{{ … }}` an escaped value. The rarer shapes (a
table not started, the settlement of a round's end) are left to the template (None here).
"""

import functools
import html

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from rooms.narrate import sentence_space


def e(value) -> str:
    """`value` escaped as `{{ value }}` shows it: Django's `conditional_escape` (html.escape,
    safe strings kept), without its wrappers, which cost five times the escaping."""
    markup = getattr(value, "__html__", None)
    return markup() if markup is not None else html.escape(str(value))


def layout(t: dict) -> str | None:
    if not t.get("started"):
        return None
    rows = [_row(row) for row in t["rows"]]
    return (
        '<section id="layout" hx-swap-oob="true" aria-labelledby="layout-title">\n'
        f'  <h2 id="layout-title">{_("Layout")}</h2>\n'
        f'<ul class="rows">{"".join(rows)}\n</ul>\n</section>'
    )


def _row(row: dict) -> str:
    cells = [_cell(c["code"], c["state"], c["letter"], c["text"]) for c in row["cells"]]
    suit = e(row["suit"])
    if row["full"]:
        cls, note = " full", f'<span class="full-mark">✓ {_("full")}</span>'
    elif not row["open"]:
        cls, note = " closed", _("not open yet")
    elif row["over"]:
        cls, note = "", ""  # the round has ended: no card is next
    else:
        cards = " ".join(f"<b>{e(c['text'])}</b>" for c in row["next"]) or _("none")
        cls, note = "", f"{_('next:')}{sentence_space()}{cards}"
    if row["placed"]:
        placed = " ".join(f"<b>{e(c['text'])}</b>" for c in row["placed"])
        note += f"{' · ' if note else ''}{_('placed apart:')}{sentence_space()}{placed}"
    if row["closed"]:
        closed = " ".join(f"<b>{e(c['text'])}</b>" for c in row["closed"])
        word = pgettext("a row's spot no card goes on", "closed:")
        note += f" · {word}{sentence_space()}{closed}"
    return (
        f'\n<li class="row" data-suit="{suit}"><b class="row-suit">{e(row["symbol"])}'
        f'<i>{e(row["name"])}</i></b><ol class="cells">{"".join(cells)}</ol>'
        f'<p id="n{suit}" class="row-note{cls}">{note}</p></li>'
    )


@functools.lru_cache(maxsize=4096)
def _cell(code: str, state: str, letter: str, text: str) -> str:
    # Read aloud: the cards on the table only (the note under the row names the next ones).
    if state == "empty":
        return f'<li id="c{e(code)}" aria-hidden="true"></li>'
    if state == "closed":
        return f'<li id="c{e(code)}" class="{e(letter)}" aria-hidden="true"></li>'
    if state == "next":
        return f'<li id="c{e(code)}" class="{e(letter)}" aria-hidden="true">{e(text)}</li>'
    return f'<li id="c{e(code)}" class="{e(letter)}">{e(text)}</li>'


def seat_name(seat: dict) -> str:
    name = e(seat["name"])
    if seat.get("me"):  # the brackets are the language's: （あなた）
        mine = pgettext("the viewer's own seat", '%(name)s <span class="you">(you)</span>')
        name = mine % {"name": name}
    if seat.get("cpu"):
        text = e(seat.get("level", ""))
        if not seat.get("cpu_named"):  # "CPU 2" says computer already
            text = _("computer, %(level)s") % {"level": text}
        level = f' <span class="level">{text}</span>'
    elif seat.get("away") == "waits":
        level = f' <span class="level">{_("away: the game waits for a player to come back")}</span>'
    elif seat.get("away") == "free_waits":
        text = _("free seat: the game waits for someone to take it")
        level = f' <span class="level">{text}</span>'
    elif seat.get("away") == "free":
        text = _("free seat: the computer plays it until someone takes it")
        level = f' <span class="level">{text}</span>'
    elif seat.get("away") == "offline":
        text = _("offline: the game waits a moment for them to come back")
        level = f' <span class="level">{text}</span>'
    elif seat.get("away"):
        level = f' <span class="level">{_("away: the computer plays for now")}</span>'
    else:
        level = ""
    # the colon is the language's, and so is the space after it (赤：Aki)
    label = pgettext("a label before its text", "%(label)s:") % {"label": e(seat["colour_label"])}
    return f'<b class="seat-name"><i>{label}</i>{sentence_space()}{name}{level}</b>'


def seats(t: dict) -> str | None:
    if not t.get("started"):
        return None
    items = []
    for seat in t["seats"]:
        index = e(seat["seat"])
        free = " data-free" if seat.get("free") else ""  # its player left: it may be taken
        items.append(
            f'\n<li class="seat seat-{e(seat["colour"])}" data-seat="{index}"{free}>{seat_name(seat)} '
            f'<div id="st{index}" class="seat-state">{seat_state(seat)}</div></li>'
        )
    return (
        '<section id="seats" hx-swap-oob="true" aria-labelledby="seats-title">\n'
        f'  <h2 id="seats-title">{_("Players")}</h2>\n'
        f'<ol class="seat-list">{"".join(items)}\n</ol>\n</section>'
    )


def seat_state(seat: dict) -> str:
    cards = seat["cards"]
    parts = [ngettext("%(n)s card", "%(n)s cards", cards) % {"n": e(cards)}, " · "]
    if not seat["unlimited"] and seat["status"] == "playing":
        # Passes with no limit are passes only when unable to play (rules.forms): nothing to count;
        # nor for a seat out of the round.
        left = seat["passes_left"]
        parts += [ngettext("%(n)s pass left", "%(n)s passes left", left) % {"n": e(left)}, " · "]
    total = seat["total"]
    parts.append(ngettext("%(n)s point", "%(n)s points", abs(total)) % {"n": e(total)})
    status = seat["status"]
    if seat.get("won"):  # the first out wins the round, the others pay for their cards
        parts.append(f' <span class="place">{_("out of cards: won the round")}</span>')
    elif status == "finished":
        place = _("out: place %(place)s") % {"place": e(seat["place"])}
        parts.append(f' <span class="place">{place}</span>')
    elif status == "eliminated":
        # Its place is known once the round is over (the 3D name tag shows it too).
        lost = _("lost: out of passes")
        if seat["place"]:
            lost = _("lost: out of passes, place %(place)s") % {"place": e(seat["place"])}
        parts.append(f' <span class="place">{lost}</span>')
    elif status == "dropped":
        dropped = _("dropped out with the joker")
        if seat["place"]:
            dropped = _("dropped out with the joker: place %(place)s") % {"place": e(seat["place"])}
        parts.append(f' <span class="place">{dropped}</span>')
    elif seat["place"]:  # the round is over: a seat still holding cards has its place too
        place = _("still holding cards: place %(place)s") % {"place": e(seat["place"])}
        parts.append(f' <span class="place">{place}</span>')
    if seat["low"]:
        low = ngettext("only %(n)s card left!", "only %(n)s cards left!", cards) % {"n": e(cards)}
        parts.append(f' <strong class="low-warning">{low}</strong>')
    if seat["to_act"]:
        parts.append(f' <span class="to-act" aria-current="true">{_("to play")}</span>')
    return "".join(parts)


def last_move(t: dict) -> str:
    if not t.get("started"):
        return '<p id="last-move" hx-swap-oob="true"></p>'
    space = t["sentence_space"]
    said = [(space if i else "") + e(s) for i, s in enumerate(t["last_move"]) if s]
    if not t["last_move"]:
        said = [_("none yet")]
    return (
        f'<p id="last-move" hx-swap-oob="true"><span class="label">{_("Last move:")}</span>{space}'
        f'<span id="move">{"".join(said)}</span></p>'
    )


def log(t: dict) -> str | None:
    if not t.get("started"):
        return None
    title = _("Round %(n)s of %(rounds)s: the log") % {
        "n": e(t["round_number"]),
        "rounds": e(t["rounds"]),
    }
    lines = "".join(f"<li>{e(line)}</li>" for line in t["log"])
    earlier, button, start = t.get("log_earlier", 0), "", ""
    if earlier:
        url = reverse("room_log", args=[t["slug"]])
        more = ngettext("Show the earlier line", "Show the %(n)s earlier lines", earlier) % {
            "n": e(earlier)
        }
        button = (
            '<p id="log-earlier"><button type="button" class="log-earlier" '
            f'hx-get="{e(url)}?round={e(t["round_number"])}&amp;before={e(t["log_start"])}" '
            f'hx-target="#log-earlier" hx-swap="outerHTML">{more}</button></p>'
        )
        start = f' start="{e(t["log_start"])}"'
    return (
        '<section id="log" hx-swap-oob="true" aria-labelledby="log-title"><details>'
        f'<summary id="log-title">{title}</summary>{button}<ol class="log-lines"{start}>'
        f"{lines}</ol></details></section>"
    )


def lobby(t: dict) -> str | None:
    if t["status"] == "waiting":
        return None
    return (
        f'<section id="lobby" class="lobby" hx-swap-oob="true" data-status="{e(t["status"])}" '
        "hidden>\n\n</section>"
    )


def settlement(t: dict) -> str | None:
    if t.get("settlement"):
        return None
    return '<section id="settlement" hx-swap-oob="true" hidden>\n\n</section>'


def messages(t: dict) -> str:
    text = ""
    if t.get("message"):
        hint = f' data-hint="{e(t["hint"])}"' if t.get("hint") else ""
        # A note the server sent of its own accord ("forced_pass": the 3D table shows that one
        # above the hand, as seed 002 has it).
        hint += f' data-note="{e(t["note"])}"' if t.get("note") else ""
        words = e(t["message"])
        if t.get("note") == "forced_pass":
            # Shown, not read out again: the live region said it when the turn came ("You have
            # no card you can play: you pass automatically", `table.forced_pass_text`).
            words = f'<span class="message-shown" aria-hidden="true">{words}</span>'
        elif t.get("spoken") and t["spoken"] != t["message"]:
            # Shown with the cards as the page writes them, read out in words.
            words = (
                f'<span class="message-shown" aria-hidden="true">{words}</span>'
                f'<span class="sr-only">{e(t["spoken"])}</span>'
            )
        text = f'<p class="message message-{e(t.get("level", ""))}"{hint}>{words}</p>'
    # A refusal is read out at once; any other note (a hint, "you are back at your seat") waits
    # its turn behind what is being read, the move just made included. On the socket the page
    # keeps its own #messages and panel.js sets this from each note as it comes.
    urgency = "assertive" if t.get("message") and t.get("level") == "error" else "polite"
    return (
        '<div id="messages" class="messages" hx-swap-oob="innerHTML" role="status" '
        f'aria-live="{urgency}">{text}</div>'
    )


def live(t: dict) -> str:
    return (
        '<div id="live" class="sr-only" hx-swap-oob="innerHTML" aria-live="polite">'
        f"{e(t.get('live', ''))}</div>"
    )


BUILDERS = {
    "layout": layout,
    "seats": seats,
    "last_move": last_move,
    "log": log,
    "lobby": lobby,
    "settlement": settlement,
    "messages": messages,
    "live": live,
}
