"""The round's log: the whole table shows its last lines, and the page fetches the earlier ones
on demand (`/room/<slug>/log/`): the two together are the whole log, in the reader's language."""

import re

import pytest
from django.utils import translation

from rooms import frames, table
from rooms.models import Room
from tests.frames_support import log_lines, parse, select
from tests.test_frames_delta import friend_match, move

pytestmark = pytest.mark.django_db(transaction=True)


def long_round(lines: int = table.LOG_TAIL + 10) -> Room:
    room, keys = friend_match()
    while len(whole_log(room, "en")) < lines:
        assert room.status == Room.Status.PLAYING
        room = move(room, keys[room.turn])
    return room


def whole_log(room: Room, language: str) -> list[str]:
    snap = frames.read(room.slug)
    view = snap.view(None)
    with translation.override(language):
        return table.log_lines(view["history"], view["names"], view["rules"])


def shown(room: Room, language: str):
    """The log as the whole table shows it to a watcher, and the button's link."""
    with translation.override(language):
        page = parse(frames.table_for(frames.read(room.slug), None, None).html())
    button = select(page, "#log button.log-earlier")
    return log_lines(page), button[0].attrs["hx-get"] if button else None


@pytest.mark.parametrize(("language", "accept"), [("en", "en"), ("ja", "ja"), ("zh-hant", "zh-TW")])
def test_the_earlier_lines_and_the_tail_make_the_whole_log(client, language, accept):
    room = long_round()
    lines = whole_log(room, language)
    tail, link = shown(room, language)
    first = len(lines) - table.LOG_TAIL + 1
    assert sorted(tail) == list(range(first, len(lines) + 1))
    assert [parse(tail[n]).children[0].children[0].text for n in sorted(tail)] == lines[first - 1 :]
    assert link == f"/room/{room.slug}/log/?round=1&before={first}"

    # a watcher's browser (no seat, no session) may read it: the log is public
    response = client.get(link, HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 200
    earlier = parse(response.content.decode())
    ol = select(earlier, "ol#log-earlier")[0]
    assert [li.children[0].text for li in ol.children if li.tag == "li"] == lines[: first - 1]


def test_it_sends_the_earlier_lines_in_the_language_of_the_page_that_asks(client):
    # The language was changed in another tab (the cookie) while a Japanese page was open: its
    # "Show the earlier lines" brought them in the new language, under the Japanese ones. The
    # page names its language in the request (panel.js adds `lang`, its <html lang>).
    room = long_round()
    lines = whole_log(room, "ja")
    _tail, link = shown(room, "ja")
    client.cookies["django_language"] = "zh-hant"
    earlier = parse(client.get(f"{link}&lang=ja").content.decode())
    ol = select(earlier, "ol#log-earlier")[0]
    said = [li.children[0].text for li in ol.children if li.tag == "li"]
    assert said and said == lines[: len(said)]


def test_it_sends_the_lines_before_the_ones_the_page_shows_even_after_more_moves(client):
    # A page keeps its lines while more moves come in (the deltas append), so the lines it lacks
    # are still the ones before its first, though the whole table has moved on.
    room, keys = friend_match()
    while len(whole_log(room, "en")) < table.LOG_TAIL + 4:
        room = move(room, keys[room.turn])
    _tail, link = shown(room, "en")
    before = int(re.search(r"before=(\d+)", link).group(1))
    for _ in range(3):
        room = move(room, keys[room.turn])
    _tail, newer = shown(room, "en")
    assert newer != link
    response = client.get(link)
    got = [li.children[0].text for li in select(parse(response.content.decode()), "li")]
    assert got == whole_log(room, "en")[: before - 1]


@pytest.mark.parametrize(
    "query",
    ["", "?round=1", "?before=3", "?round=x&before=3", "?round=1&before=0", "?round=1&before=999"],
)
def test_a_link_that_is_not_valid_gets_a_clear_message(client, query):
    room = long_round(table.LOG_TAIL + 2)
    response = client.get(f"/room/{room.slug}/log/{query}")
    assert response.status_code == 400
    assert response.content.decode() == "This link to the log is not valid."


def test_a_round_that_is_over_says_so(client):
    room = long_round(table.LOG_TAIL + 2)
    response = client.get(f"/room/{room.slug}/log/?round=2&before=3")
    assert response.status_code == 200
    assert 'id="log-earlier"' in response.content.decode()
    assert "That round is over" in response.content.decode()


def test_an_unknown_room_is_not_found(client):
    assert client.get("/room/no-such-room/log/?round=1&before=3").status_code == 404
