"""A seat's own fragments (`#hand`, `#controls`, `#table-state`) built as plain strings.

Each socket gets its own of these after every move, so they are the renders a loaded process makes
most; Django's template engine costs several times more than the markup. The output is exactly the
`rooms/table.html` partial of the same name (tests compare them in every language), with the same
translated strings and the same escaping. The rarer shapes (the lobby, a watcher, a hot-seat
curtain) are left to the template.
"""

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from rooms import table, tableparts
from rooms.tableparts import e


def render(name: str, t: dict) -> str:
    """Partial `name` of `rooms/table.html` for the context `t` (the shared fragments are built
    by `rooms.tableparts`)."""
    build = BUILDERS.get(name)
    html = build(t) if build is not None else None
    return html if html is not None else render_to_string(f"rooms/table.html#{name}", {"t": t})


def hand(t: dict) -> str | None:
    # No seat of its own to show (a watcher, a hot-seat curtain, a hot-seat device between
    # rounds): the template's rarer shapes.
    if not t.get("started") or t.get("viewer") is None:
        return None
    cards = []
    for c in t.get("hand") or ():
        playable = c["playable"]
        cls = "card" + (" playable" if playable else " dimmed")
        cls += (" red" if c["red"] else "") + (" joker" if c["joker"] else "")
        spot = ""
        if c.get("joker_spot"):
            spot = (
                f' data-joker-spot="{e(c["joker_spot"])}"'
                f' data-joker-spot-text="{e(c["joker_spot_text"])}"'
            )
        # Once the round is over (or the room closed) the cards left are only shown: no Tab stop
        # each ("cannot be played now"), the results' buttons and links come next.
        if t.get("hand_done"):
            dim = " disabled"
        else:
            dim = "" if playable else ' aria-describedby="not-now"'
        cards.append(
            f'<button class="{cls}" data-card="{e(c["code"])}"{spot} '
            f'aria-label="{e(c["label"])}"{dim}>{e(c["text"])}</button>'
        )
    if not cards:
        cards.append(f'<span class="no-cards">{e(_("No cards left."))}</span>')
    return (
        '<section id="hand" hx-swap-oob="true" aria-labelledby="hand-title">'
        f'<h2 id="hand-title">{e(_("Your hand"))}</h2>\n'
        '  <div class="cards" role="group" aria-labelledby="hand-title">'
        f"{''.join(cards)}</div>"
        f'<span id="not-now" hidden>{e(_("cannot be played now"))}</span></section>'
    )


def controls(t: dict) -> str:
    label = e(_("Button controls"))
    if not t.get("controls"):
        return f'<section id="controls" hx-swap-oob="true" aria-label="{label}" hidden></section>'
    turn = t["turn"]
    # A turn with no card to play: passed by the server under "must play when able", by hand where
    # a pass may be chosen; the note says so instead of "your turn" (the live region reads it out:
    # rooms.table.personal).
    forced = " forced-pass" if turn["forced_pass"] else ""
    forced = " must-pass" if turn.get("must_pass") else forced
    if turn["forced_pass"]:
        note = e(table.forced_pass_text(turn["passes_left"]))
    elif turn.get("must_pass"):
        note = e(table.must_pass_text(turn["passes_left"]))
    elif turn["mine"]:
        note = e(_("Your turn: choose a card, then press Play."))
    elif turn["name"]:
        note = _("Waiting for %(name)s…") % {"name": e(turn["name"])}
    else:
        note = ""
    fast = fast_note = ""
    if t.get("has_cpu"):
        # Said on the page, not in a tooltip (title), which a touch screen never shows.
        fast = (
            '<button type="submit" name="action" value="fast_forward" class="ff-button" '
            f'aria-describedby="ff-note">{e(_("Fast-forward"))}</button>'
        )
        words = _(
            "Fast-forward lets the computer play without waiting until this round ends; "
            "you still play your own turns."
        )
        fast_note = f'<p id="ff-note" class="ff-note">{e(words)}</p>'
    mine = "true" if turn["mine"] else "false"
    return (
        f'<section id="controls" hx-swap-oob="true" aria-label="{label}">'
        f'<p id="turn-note" class="turn-note{forced}" data-mine="{mine}">{note}</p>'
        '<form ws-send class="panel-form">'
        f'<input type="hidden" name="seat" value="{e(t["viewer"])}">'
        '<button type="submit" name="action" value="play" class="play-button">'
        f"{e(_('Play'))}</button>"
        '<button type="submit" name="action" value="pass" id="pass-button" class="pass-button">'
        f"{e(turn['pass_label'])}</button>"
        '<button type="submit" name="action" value="hint" class="hint-button">'
        f"{e(_('Hint'))}</button>{fast}</form>{fast_note}</section>"
    )


def table_state(t: dict) -> str:
    return (
        '<script id="table-state" type="application/json" hx-swap-oob="true" '
        f'data-version="{e(t["version"])}">{t["state_json"]}</script>'
    )


BUILDERS = {**tableparts.BUILDERS, "hand": hand, "controls": controls, "table_state": table_state}
