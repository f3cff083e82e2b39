"""Seat view dicts for the fragment tests: engine-made ones, plus the room facts of `view_for`."""

from games.sevens import RuleSet, apply, new_round, seat_view

NAMES = ["Aki", "Bo", "Chen", "Dana"]


def rules(**overrides) -> dict:
    return RuleSet.preset("japanese", **overrides).to_dict()


def with_facts(view: dict, *, version=7, mode="cpu", round_number=1, totals=None) -> dict:
    players = view["players"]
    return {
        **view,
        "version": version,
        "names": NAMES[:players],
        "kinds": ["human"] + ["cpu"] * (players - 1),
        "levels": [""] + ["medium"] * (players - 1),
        "totals": totals or [0] * players,
        "round_number": round_number,
        "mode": mode,
    }


def played_state(moves=5, seed=3, **overrides):
    """A round after `moves` moves, each the first legal action."""
    state = new_round(RuleSet.preset("japanese", **overrides), seed=seed, dealer=0)
    for _ in range(moves):
        state, _events = apply(state, state.legal_actions()[0])
    return state


def finished_state(seed=3, **overrides):
    state = new_round(RuleSet.preset("japanese", **overrides), seed=seed, dealer=0)
    while not state.over:
        state, _events = apply(state, state.legal_actions()[0])
    return state


def view(state, seat, **facts) -> dict:
    return with_facts(seat_view(state, seat).to_dict(), **facts)


def room_facts(view_dict: dict | None = None, *, status="playing", mode="cpu", slug="abc123"):
    rules_dict = view_dict["rules"] if view_dict else rules()
    return {
        "slug": slug,
        "status": status,
        "mode": mode,
        "rules": rules_dict,
        "version": view_dict["version"] if view_dict else 1,
        "lobby": [
            {
                "index": i,
                "free": i > 0,
                "name": NAMES[0] if i == 0 else "",
                "kind": "human",
                "level": None,
                "connected": i == 0,
                "colour": ["red", "blue", "green", "yellow"][i],
            }
            for i in range(rules_dict["players"])
        ],
    }


def table_for(
    view_dict: dict, seat, *, mode="cpu", status="playing", curtain_for=None, device=None
) -> dict:
    """The table for `seat`; in a hot-seat room, by default as its own device sees it."""
    from rooms import table

    facts = room_facts(view_dict, status=status, mode=mode)
    device = mode == "hotseat" if device is None else device
    return table.build(
        view_dict, room=facts, viewer_seat=seat, curtain_for=curtain_for, device=device
    )


def fragment(t: dict, name: str) -> str:
    from django.template.loader import render_to_string

    return render_to_string(f"rooms/table.html#{name}", {"t": t})


def table_state(html: str) -> dict:
    """The JSON of the `#table-state` script in a frame or page."""
    import json
    import re

    match = re.search(r'<script id="table-state"[^>]*>(.*?)</script>', html, re.S)
    assert match, "no #table-state in the html"
    from rooms.table import legal_actions

    state = json.loads(match.group(1))
    if state and "legal" in state:  # sent as words (rooms.table.legal_words)
        state["legal"] = legal_actions(state["legal"])
    return state
