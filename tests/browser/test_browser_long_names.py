"""A name at the length limit (24 characters) that has no place to break a line, "WWW…" or 24
wide CJK characters, widened the room page's seat list, and a waiting room's seat tags, past a
390 px phone: the whole page scrolled sideways, as did the last move, the log, the places,
standings and winner at a match's end; the match page's standings, its round places and its
replay's seats too (an uploaded log's names run to 40 characters). Such a name breaks where it
must."""

import pytest
from browser_support import LiveRoomTestCase

from games.sevens import RuleSet
from rooms import services
from tests.history_support import play, store
from tests.live_support import new_session, play_round_by_hand

pytestmark = [pytest.mark.browser, pytest.mark.layout]

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
NAMES = ["W" * 24, "龘" * 24, "M" * 40, "Aki"]
LONG = ["W" * 24, "龘" * 24, "M" * 24, "Q" * 24]


class TestLongNames(LiveRoomTestCase):
    def setUp(self):
        room = services.create_room(
            rules=RuleSet(rounds=1).to_dict(),
            mode="hotseat",
            level=None,
            names=NAMES[:2] + ["Chie", "Dan"],
            session_key=new_session(),
        )
        lobby = services.create_room(
            rules=RuleSet(rounds=1).to_dict(),
            mode="friend",
            level=None,
            names=NAMES[:1],
            session_key=new_session(),
        )
        key = new_session()
        done = services.create_room(
            rules=RuleSet(rounds=1).to_dict(),
            mode="hotseat",
            level=None,
            names=LONG,  # whoever moved last, a long name says so
            session_key=key,
        )
        play_round_by_hand(done, key)  # the match is over: its places, standings and winner
        seats = [{"name": name, "kind": "human"} for name in NAMES]
        match = store(play(RuleSet(rounds=1), seed=3, seats=seats))
        self.paths = [
            f"/room/{room.slug}/",
            f"/room/{lobby.slug}/",
            f"/room/{done.slug}/",
            f"/matches/{match.pk}/",
        ]
        super().setUp()

    def test_no_page_scrolls_sideways_for_a_long_name(self):
        wide = []
        for width in (390, 320):
            page = self.new_page(width=width, height=844)
            for path in self.paths:
                page.goto(self.url(path))
                overflow = page.evaluate(OVERFLOW)
                if overflow > 0:
                    wide.append(f"{width} {path}: {overflow}px")
        assert wide == [], wide
