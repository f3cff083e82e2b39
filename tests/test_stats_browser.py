"""stats.js in a real browser: what it sends when the switch is on (only listed keys, never the
room), and that it sends nothing once the footer's switch is turned off."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.browser_support import LiveRoomTestCase, connected, sign_up_beside

pytestmark = pytest.mark.browser

ALLOWED = {
    "event", "game_kind", "mode", "cpu_level", "players", "rounds", "result", "moves",
    "duration", "connected", "reconnects", "render_speed", "phone", "memory", "cores",
    "browser", "os",
}  # fmt: skip

FINISH = """() => {
    const el = document.getElementById("table-state");
    const view = JSON.parse(el.textContent);
    view.status = "finished";
    view.winner = view.seat;
    view.history = [{type: "play"}, {type: "pass"}, {type: "play"}];
    view.moves = 3;  // the compact view counts the round's moves itself
    el.textContent = JSON.stringify(view);
    document.body.dispatchEvent(new CustomEvent("htmx:wsAfterMessage"));
}"""

AGAIN = """() => {
    const el = document.getElementById("table-state");
    const view = JSON.parse(el.textContent);
    view.status = "playing";
    view.winner = null;
    view.moves = 0;
    el.textContent = JSON.stringify(view);
    document.body.dispatchEvent(new CustomEvent("htmx:wsAfterMessage"));
}"""


class TestStatsScript(LiveRoomTestCase):
    def start_cpu_room(self, page):
        page.goto(self.url("/"))
        page.locator('button[value="cpu-easy"]').click()
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))

    def test_it_sends_the_listed_facts_and_nothing_once_switched_off(self):
        page = self.new_page()
        sent, referers = [], []

        def seen(r):
            if "/stats/event/" in r.url:
                sent.append(json.loads(r.post_data))
                referers.append(r.headers.get("referer", ""))

        page.on("request", seen)
        with page.expect_response(lambda r: "/stats/event/" in r.url) as answer:
            self.start_cpu_room(page)
        assert answer.value.status == 204
        connected(page)
        slug = page.url.rstrip("/").rsplit("/", 1)[1]
        start = next(e for e in sent if e["event"] == "match_start")
        assert start["mode"] == "cpu" and start["cpu_level"] == "easy"
        assert start["game_kind"] == "japanese" and start["players"] == 4
        assert start["browser"] == "chrome" and start["os"] == "linux"

        with page.expect_request(lambda r: "/stats/event/" in r.url and "match_end" in r.post_data):
            page.evaluate(FINISH)
        end = next(e for e in sent if e["event"] == "match_end")
        assert end["result"] == "win" and end["moves"] == 3 and end["duration"] == "lt5m"
        page.evaluate(FINISH)  # the same match is never counted twice
        for event in sent:
            assert set(event) <= ALLOWED
            assert slug not in json.dumps(event)
        assert referers and not any(referers)  # not even the page's address: it names the room
        assert [e["event"] for e in sent].count("match_end") == 1

        # Play again: a new match in the same room is a match of its own, counted from its start.
        with page.expect_request(
            lambda r: "/stats/event/" in r.url and "match_start" in r.post_data
        ):
            page.evaluate(AGAIN)
        with page.expect_request(lambda r: "/stats/event/" in r.url and "match_end" in r.post_data):
            page.evaluate(FINISH)
        assert [e["event"] for e in sent].count("match_start") == 2
        assert [e["event"] for e in sent].count("match_end") == 2

        switch = page.locator('#stats-switch input[name="stats"]')
        expect(switch).to_be_checked()
        switch.uncheck()
        assert "sevens_stats=off" in page.evaluate("document.cookie")
        count = len(sent)
        self.start_cpu_room(page)
        connected(page)
        expect(page.locator('#stats-switch input[name="stats"]')).not_to_be_checked()
        page.evaluate("window.dispatchEvent(new CustomEvent('sevens:webgl-failed'))")
        page.evaluate(FINISH)
        assert page.evaluate("window.sevensStats.send({event: 'webgl_failed'})") is False
        page.wait_for_timeout(500)
        assert len(sent) == count
        # Nor is a note of the match kept in the browser while the switch is off.
        notes = page.evaluate(
            "() => Object.keys(localStorage).filter((k) => k.startsWith('sevens.stats.match.'))"
        )
        new_slug = page.url.rstrip("/").rsplit("/", 1)[1]
        assert not any(new_slug in key for key in notes), notes

    def test_switching_off_deletes_the_notes_already_kept(self):
        """The privacy page: "While the switch is off, no note is kept." A note of a match kept
        while it was on (under the room's address) goes when the switch is turned off; it used to
        stay for its two days."""
        page = self.new_page()
        self.start_cpu_room(page)
        connected(page)
        notes = "() => Object.keys(localStorage).filter((k) => k.startsWith('sevens.stats.match.'))"
        page.wait_for_function(f"() => ({notes})().length === 1")
        page.locator('#stats-switch input[name="stats"]').uncheck()
        assert page.evaluate(notes) == []
        page.reload()
        connected(page)
        assert page.evaluate(notes) == []

    def test_switching_off_and_on_during_a_match_does_not_count_it_twice(self):
        """The notes go when the switch is turned off; turned on again during the same match, the
        browser sends nothing more about it (its start was counted already, or happened while
        off), and the next match counts as usual."""
        page = self.new_page()
        sent = []
        page.on(
            "request",
            lambda r: (
                sent.append(json.loads(r.post_data)["event"]) if "/stats/event/" in r.url else None
            ),
        )
        with page.expect_request(lambda r: "match_start" in (r.post_data or "")):
            self.start_cpu_room(page)
        connected(page)
        switch = page.locator('#stats-switch input[name="stats"]')
        switch.uncheck()
        switch.check()
        page.evaluate("document.body.dispatchEvent(new CustomEvent('htmx:wsAfterMessage'))")
        page.evaluate(FINISH)
        page.wait_for_timeout(500)
        assert sent.count("match_start") == 1 and sent.count("match_end") == 0, sent
        with page.expect_request(lambda r: "match_start" in (r.post_data or "")):
            page.evaluate(AGAIN)
        with page.expect_request(lambda r: "match_end" in (r.post_data or "")):
            page.evaluate(FINISH)

    def test_a_hot_seat_room_counts_on_its_own_device_and_not_for_a_watcher(self):
        """A hot-seat room's device plays every seat (behind its curtain: no seat of its own at
        that moment); another browser opening the room's address only watches. It counted as
        playing, and the match was counted twice."""
        device = self.new_page()
        device_sent = []
        device.on(
            "request",
            lambda r: (
                device_sent.append(json.loads(r.post_data)) if "/stats/event/" in r.url else 0
            ),
        )
        device.goto(self.url("/"))
        with device.expect_request(
            lambda r: "/stats/event/" in r.url and "match_start" in r.post_data
        ):
            device.locator('button[value="hotseat"]').click()
            device.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(device)
        assert device.evaluate("JSON.parse(document.getElementById('table-state').textContent)")[
            "device"
        ]
        start = next(e for e in device_sent if e["event"] == "match_start")
        assert start["mode"] == "hotseat"

        watcher = self.new_page()
        watcher_sent = []
        watcher.on(
            "request",
            lambda r: (
                watcher_sent.append(json.loads(r.post_data)) if "/stats/event/" in r.url else 0
            ),
        )
        watcher.goto(device.url)
        connected(watcher)
        view = watcher.evaluate("JSON.parse(document.getElementById('table-state').textContent)")
        assert view["mode"] == "hotseat" and view["seat"] is None and "device" not in view
        watcher.evaluate(FINISH)
        watcher.wait_for_timeout(500)
        assert not [e for e in watcher_sent if e["event"].startswith("match_")], watcher_sent

    def test_a_match_ending_after_a_sign_up_in_another_tab_is_still_counted(self):
        """Signing up gives the browser a new CSRF token; a room page opened before it sent the
        match's end with its own, old copy and was refused (403): the match went uncounted."""
        page = self.new_page()
        self.start_cpu_room(page)
        connected(page)
        sign_up_beside(page, self.url("/accounts/signup/"), "tabbed")
        with page.expect_response(
            lambda r: "/stats/event/" in r.url and "match_end" in (r.request.post_data or "")
        ) as answer:
            page.evaluate(FINISH)
        assert answer.value.status == 204
