"""The room page: the table rendered by the same partials the socket pushes."""

import re

import pytest

from rooms import services
from rooms.models import Room
from rooms.render import FRAGMENTS, render_table
from tests.live_support import new_session

pytestmark = pytest.mark.django_db

JAPANESE = {
    "players": 4,
    "sevens": "laid_out",
    "ace": "low",
    "pass_limit": 3,
    "pass_when_playable": True,
    "joker": False,
    "ends": "none",
    "round_end": "last_player",
    "scoring": "rank_points",
    "rounds": 1,
}


def open_room(client, mode="cpu", **extra):
    key = new_session()
    client.cookies["sessionid"] = key
    names = ["Aki", "Ben", "Chie", "Dan"] if mode == "hotseat" else ["Aki"]
    room = services.create_room(
        rules=JAPANESE,
        mode=mode,
        level="easy" if mode == "cpu" else None,
        names=names,
        session_key=key,
        **extra,
    )
    return Room.objects.get(pk=room.pk), key


def split_frame(html: str) -> list[str]:
    """The top-level elements of a frame, one string each."""
    starts = [m.start() for m in re.finditer(r'^<\w+ id="[\w-]+"', html, re.M)]
    return [html[a:b].strip() for a, b in zip(starts, [*starts[1:], len(html)], strict=True)]


def test_it_renders_each_fragment_exactly_as_a_pushed_frame_does(client):
    room, _key = open_room(client)
    page = client.get(f"/room/{room.slug}/").content.decode()
    frame = render_table(room, 0)
    parts = split_frame(frame)
    assert len(parts) == len(FRAGMENTS)
    for part in parts:
        assert part in page, part[:80]


def test_it_connects_the_page_to_the_rooms_socket(client):
    room, _key = open_room(client)
    page = client.get(f"/room/{room.slug}/").content.decode()
    assert f'hx-ext="ws" ws-connect="/ws/room/{room.slug}/?lang=en"' in page
    # The socket speaks the page's language (config/i18n.py), which the address names.
    page = client.get(f"/room/{room.slug}/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert f'ws-connect="/ws/room/{room.slug}/?lang=zh-hant"' in page
    assert "django_htmx/ext/hx-ws-2.min.js" in page
    assert "js/panel.js" in page


def test_it_keeps_the_3d_table_outside_every_swap_target(client):
    room, _key = open_room(client)
    page = client.get(f"/room/{room.slug}/").content.decode()
    island = re.search(r'<div id="table3d"[^>]*>.*?</div>', page, re.S).group(0)
    assert "<canvas" in island
    assert "hx-swap-oob" not in island
    for part in split_frame(render_table(room, 0)):
        assert "table3d" not in part


def test_it_shows_the_player_its_own_hand_against_the_computer(client):
    room, _key = open_room(client)
    page = client.get(f"/room/{room.slug}/").content.decode()
    state = services.view_for(room, 0)
    assert sorted(re.findall(r'data-card="(\w+)"', page)) == sorted(state["hand"])


def test_it_shows_a_curtain_on_a_shared_device(client):
    # A known deal whose first seat has a choice: a seat with none has a curtain with no button.
    room, _key = open_room(client, mode="hotseat", first_deal="1xf")
    assert not room.auto_turn
    page = client.get(f"/room/{room.slug}/").content.decode()
    assert "data-card=" not in page
    assert "Pass the device to" in page
    assert '"hand":null' in page


def test_it_answers_an_unknown_room_with_not_found(client):
    assert client.get("/room/no-such-room/").status_code == 404


def test_it_says_when_a_room_is_closed(client):
    room, key = open_room(client)
    Room.objects.filter(pk=room.pk).update(status="closed")
    html = client.get(f"/room/{room.slug}/").content.decode()
    assert "This room is closed" in html


def test_it_says_there_is_no_undo_and_why_to_a_seated_player(client):
    # Said once by the page, under the controls: the pushed #controls stays small.
    room, _key = open_room(client)
    page = client.get(f"/room/{room.slug}/").content.decode()
    assert "There is no undo: the other players have already seen" in page
    client.cookies["sessionid"] = new_session()
    assert "There is no undo" not in client.get(f"/room/{room.slug}/").content.decode()
