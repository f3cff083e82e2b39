"""The seat's own fragments built as plain strings (`rooms.seatparts`) equal the partials of
`rooms/table.html` they replace, character for character, in every language: for every seat and a
watcher, after every move of seeded rounds (jokers, unlimited passes, cards-left scoring), with
names that need escaping, with and without a computer at the table, and at a round's end."""

import pytest
from django.conf import settings
from django.utils import translation
from sample_views import fragment, room_facts, with_facts

from games.sevens import RuleSet, apply, new_round, seat_view
from rooms import seatparts, table, tableparts

pytestmark = pytest.mark.pure

NAMES = ["Aki <b>", "Bo's", "C&D", '"Dana"']
PRESETS = [
    ("japanese", {}),
    ("japanese", {"joker": True}),
    ("japanese", {"pass_limit": None, "scoring": "cards_left", "round_end": "first_out"}),
]


def views_of_a_round(seed: int, preset: str, overrides: dict):
    state = new_round(RuleSet.preset(preset, **overrides), seed=seed, dealer=seed % 4)
    version = 0
    while True:
        for seat in (0, 1, 2, 3, None):
            view = with_facts(seat_view(state, seat).to_dict(), version=version, mode="friend")
            view["names"] = NAMES
            if seed % 2:
                view["kinds"] = ["human"] * 4
            yield view, seat
        if state.over or version >= 80:
            return
        action = state.legal_actions()[(version * 7 + seed) % len(state.legal_actions())]
        state, _events = apply(state, action)
        version += 1


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
@pytest.mark.parametrize("preset", PRESETS, ids=["plain", "joker", "unlimited-passes-first-out"])
def test_it_renders_hand_controls_and_table_state_as_the_template_does(language, preset):
    compared = 0
    with translation.override(language):
        for seed in (1,):
            for view, seat in views_of_a_round(seed, *preset):
                t = table.build(view, room=room_facts(view, mode="friend"), viewer_seat=seat)
                for name in ("hand", "controls", "table_state"):
                    assert seatparts.render(name, t) == fragment(t, name), (name, seat)
                    compared += 1
    assert compared > 300


# "Continue from the other end", passes only when unable: rows reach their ends, and close.
TUNNEL = ("japanese", {"ends": "tunnel", "pass_limit": None, "pass_when_playable": False})
SHARED = ("lobby", "layout", "seats", "last_move", "log", "settlement", "messages", "live")


def shared_views(seed: int, preset: str, overrides: dict):
    """The views of a round with what #seats shows besides: computers of a level, a seat the
    computer holds for its absent player, points from earlier rounds."""
    for view, seat in views_of_a_round(seed, preset, overrides):
        if seed % 2 == 0:
            view["kinds"] = ["human", "cpu", "human", "cpu"]
            view["levels"] = ["", "hard", "", "random"]
            view["seats"] = [{**s, "cpu_controlled": s["seat"] == 2} for s in view["seats"]]
            view["totals"] = [3, -1, 0, 12]
            view["round_number"] = 2
        yield view, seat


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
@pytest.mark.parametrize(
    "preset",
    [*PRESETS, ("chinese", {}), TUNNEL],
    ids=["plain", "joker", "unlimited-passes-first-out", "chinese-rows-not-open", "tunnel"],
)
def test_it_renders_the_shared_fragments_as_the_template_does(language, preset):
    # The layout, the seats (and a seat's name with and without "(you)"), the log, the last move,
    # the live region, and the shapes of the lobby, the settlement and #messages once started.
    compared = 0
    statuses = set()
    with translation.override(language):
        for seed in (1, 2):
            for view, seat in shared_views(seed, *preset):
                t = table.build(view, room=room_facts(view, mode="friend"), viewer_seat=seat)
                statuses.update(s["status"] for s in t["seats"])
                for name in SHARED:
                    assert seatparts.render(name, t) == fragment(t, name), (name, seat)
                    compared += 1
                for s in t["seats"]:
                    assert tableparts.seat_name(s) == seat_name_partial(s)
    assert compared > 500
    assert {"playing", "finished"} <= statuses


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_it_renders_messages_and_unstarted_tables_as_the_template_does(language):
    with translation.override(language):
        for level in ("error", "info"):
            t = {"message": "Row <b> & 'so'", "level": level}
            assert tableparts.messages(t) == fragment(t, "messages")
        t = table.build(None, room=room_facts(None, status="waiting", mode="friend"))
        for name in SHARED:
            assert seatparts.render(name, t) == fragment(t, name), name


def seat_name_partial(seat: dict) -> str:
    from django.template.loader import render_to_string

    return render_to_string("rooms/table.html#seat_name", {"seat": seat})


def test_a_closed_spot_is_said_in_the_row_note_in_words():
    """Under "continue from the other end" the spot a run reached is closed: drawn dark, and said
    nowhere in words (a screen reader heard only the next cards). The row note now names it."""
    said = 0
    for view, seat in views_of_a_round(1, *TUNNEL):
        t = table.build(view, room=room_facts(view, mode="friend"), viewer_seat=seat)
        for row in view["rows"]:
            closed = [c["card"] for c in row["cells"] if c["state"] == "closed"]
            html = tableparts.layout(t)
            note = html.split(f'id="n{row["suit"]}"', 1)[1].split("</p>", 1)[0]
            if closed and not row["full"]:
                text = table.narrate.card(closed[0])["text"]
                assert f"closed: <b>{text}</b>" in note, note
                said += 1
            else:
                assert "closed:" not in note
    assert said
