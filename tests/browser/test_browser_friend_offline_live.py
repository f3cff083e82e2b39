"""A friend going offline and coming back between rounds makes two versions that change nothing
in the game, each a whole table for the others' pages (a table not in play gets no delta). The
round's end, in the live region, must not be read out again to every other player each time: a
phone that sleeps and wakes, or a reload, repeated the result of the round to everyone."""

import re
import time
from datetime import timedelta

import pytest
from browser_support import LiveRoomTestCase, connected, in_own_thread
from django.utils import timezone
from playwright.sync_api import expect
from test_browser_friend import take_turns

from rooms import presence
from rooms.models import Seat

pytestmark = pytest.mark.browser

# Every change a screen reader would hear in #live, counted from now.
WATCH_LIVE = """() => {
  window.liveChanges = 0;
  new MutationObserver(() => { window.liveChanges += 1; }).observe(
    document.getElementById('live'), {childList: true, subtree: true, characterData: true});
}"""


class TestFriendOfflineBetweenRounds(LiveRoomTestCase):
    def test_a_friend_offline_and_back_does_not_read_the_round_out_again(self):
        aki, ben = self.aki_and_ben("Ben")
        aki.get_by_role("button", name="Fill empty seats with the computer and start").click()
        connected(aki)
        next_round = aki.locator("#settlement .next-round-button")
        take_turns([aki, ben], next_round.is_visible)
        live = aki.locator("#live")
        expect(live).to_contain_text("The round is over")
        said = live.text_content()
        aki.evaluate(WATCH_LIVE)

        link = ben.url
        ben.close()
        ben_seat = aki.locator('#seats [data-seat="1"]')
        expect(ben_seat).to_contain_text("offline: the game waits a moment for them to come back")
        said_presence = aki.locator("#presence-said")
        expect(said_presence).to_have_text(
            "Ben lost the connection: the game waits a moment for them."
        )
        back = ben.context.new_page()
        back.goto(link)
        connected(back)
        expect(ben_seat).not_to_contain_text("offline")
        expect(said_presence).to_have_text("Ben is back at the table.")
        # Ben's own page says nothing of Ben
        expect(back.locator("#presence-said")).to_have_text("")

        assert aki.evaluate("() => window.liveChanges") == 0
        assert live.text_content() == said
        # a change of words is still said: the next deal
        next_round.click()
        expect(live).not_to_have_text(said)


class TestFriendOfflineInPlay(LiveRoomTestCase):
    def test_a_friend_going_offline_and_back_mid_round_is_said_to_the_others(self):
        """Mid-round the news comes in a delta (the seat's mark in the state patch)."""
        aki, ben = self.friends_dealt("Ben")
        said = aki.locator("#presence-said")
        expect(said).to_have_text("")
        link = ben.url
        ben.close()
        expect(said).to_have_text("Ben lost the connection: the game waits a moment for them.")
        back = ben.context.new_page()
        back.goto(link)
        connected(back)
        expect(said).to_have_text("Ben is back at the table.")

    def test_a_room_closing_does_not_say_an_offline_friend_back(self):
        """A closed room says no seat away or offline (nobody comes back to it): the marks going
        with the room is no news of the friend, who is still gone."""
        aki, ben = self.friends_dealt("Ben")
        said = aki.locator("#presence-said")
        slug = aki.url.rstrip("/").split("/")[-1]
        ben.close()
        offline = "Ben lost the connection: the game waits a moment for them."
        expect(said).to_have_text(offline)

        assert in_own_thread(presence.close_room, slug)  # an operator's "Close the selected rooms"
        expect(aki.locator("#messages")).to_contain_text("This room is closed.")
        expect(said).to_have_text(offline)


class TestHotseatDeviceBack(LiveRoomTestCase):
    def test_a_hotseat_device_back_after_long_hears_no_one_back(self):
        """The device holds every seat: its players coming back with it is no news to it (its page,
        drawn with the seats away, took them back at its socket's first table)."""
        page = self.new_page()
        page.goto(self.url("/"))
        page.locator('input[name="players"][value="3"]').check()
        page.locator('button[value="hotseat"]').click()
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)
        link = page.url
        slug = link.rstrip("/").split("/")[-1]
        context = page.context
        page.close()

        def closed():  # its socket's end reached the server: no heartbeat marks the seats back
            return not Seat.objects.filter(room__slug=slug, connected=True).exists()

        for _ in range(100):
            if in_own_thread(closed):
                break
            time.sleep(0.1)

        def away():  # the device gone for an hour: the sweep hands its seats to the computer
            Seat.objects.filter(room__slug=slug).update(
                connected=False, last_seen=timezone.now() - timedelta(hours=1)
            )
            return presence.expire_absent_seats()

        assert slug in in_own_thread(away)
        back = context.new_page()
        drawn = back.goto(link).text()
        assert re.search(r'id="table-state"[^<]*"away"', drawn)  # drawn with the seats away
        connected(back)
        back.wait_for_function(
            "() => !document.querySelector('#table-state').textContent.includes('away')"
        )
        expect(back.locator("#presence-said")).to_have_text("")
