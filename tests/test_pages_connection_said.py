"""The room's connection note ("Connection lost: reconnecting…") is said to a screen reader: it
shows inside a live region that stays in the page. It was a plain paragraph shown and hidden, seen
by the eyes alone: a screen-reader user whose connection dropped heard nothing, and their next
move was refused as "not connected" with no warning before."""

from html.parser import HTMLParser

import pytest

from tests.test_pages_room import open_room

pytestmark = pytest.mark.django_db

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Ancestors(HTMLParser):
    """The open elements (tag and attributes) around the first element with `data-connection`."""

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, dict]] = []
        self.found: list[tuple[str, dict]] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "data-connection" in attributes and self.found is None:
            self.found = [*self.stack, (tag, attributes)]
        if tag not in VOID:
            self.stack.append((tag, attributes))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def live_around(page: str) -> list[tuple[str, dict]]:
    parser = Ancestors()
    parser.feed(page)
    assert parser.found, "no connection note"
    return [
        (tag, attributes)
        for tag, attributes in parser.found
        if attributes.get("aria-live") in ("polite", "assertive")
        or attributes.get("role") in ("status", "alert")
    ]


@pytest.mark.parametrize("mode", ["cpu", "friend", "hotseat"])
def test_it_shows_the_connection_note_in_a_live_region_that_stays(client, mode):
    room, _key = open_room(client, mode=mode)
    page = client.get(f"/room/{room.slug}/").content.decode()
    regions = live_around(page)
    assert regions, "the connection note is in no live region"
    region = regions[-1]
    # The region is there before the note shows (the note itself comes and goes).
    assert region[0] != "p" or "data-connection" not in region[1]
    assert "hidden" not in region[1]
