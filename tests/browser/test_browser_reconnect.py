"""A dropped connection comes back by itself, and the round continues from the same position."""

import re
import time

import pytest
from browser_support import (
    LiveRoomTestCase,
    connected,
    in_own_thread,
    open_deal,
    play_by_clicks,
    table_state,
    version,
    wait_for_my_turn_or_the_end,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

DROP = """(code) => document.querySelector('.room')['htmx-internal-data'].webSocket.socket.close(code)"""

# Play goes, and the socket closes at once.
DROP_AFTER_PLAY = """(drop) => {
    document.querySelector('#controls .play-button').click();
    eval(drop)(1000);
}"""


def play_then_drop(page) -> None:
    """Plays the first playable card and closes the socket at once: the move's update and the
    three computers' moves after it are made while it is down (offline, the page cannot
    reconnect until it is back, and it stays so until the server has made them); then back,
    with the whole table."""
    from rooms.models import Room

    slug, before = page.url.rstrip("/").rsplit("/", 1)[1], version(page)
    page.locator("#hand .card.playable").first.click()
    page.evaluate(DROP_AFTER_PLAY, DROP)
    page.context.set_offline(True)
    expect(page.locator("[data-connection]")).to_be_visible()
    for _ in range(100):
        if in_own_thread(lambda: Room.objects.get(slug=slug).version) >= before + 4:
            break
        time.sleep(0.1)
    page.context.set_offline(False)
    connected(page)


class TestReconnect(LiveRoomTestCase):
    def test_it_reconnects_after_a_clean_close_and_plays_on(self):
        page = self.new_page()
        open_deal(page, self.url)  # a known deal: the player has cards of its own to play
        assert wait_for_my_turn_or_the_end(page) == "turn"
        before = table_state(page)

        page.evaluate(DROP, 1000)  # what a server going down cleanly looks like
        expect(page.locator("[data-connection]")).to_be_visible()
        connected(page)
        expect(page.locator("[data-connection]")).to_be_hidden()
        assert table_state(page)["hand"] == before["hand"]
        assert play_by_clicks(page)

    def test_a_move_pressed_while_the_connection_is_down_is_said_not_sent(self):
        # It used to wait in the socket's queue and go once connected again: made on a table
        # that may have changed by then, and a player who pressed twice was told the table had
        # changed after the first press had played.
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        before = table_state(page)
        card = page.locator("#hand .card.playable").first.get_attribute("data-card")
        page.context.set_offline(True)  # the reconnections fail until it is back
        page.evaluate(DROP, 1000)
        expect(page.locator("[data-connection]")).to_be_visible()
        page.locator(f'#hand .card[data-card="{card}"]').click()
        page.locator("#controls .play-button").click(force=True)
        expect(page.locator("#messages")).to_have_text(
            "Not connected: nothing was sent. Try again once the connection is back."
        )
        page.context.set_offline(False)
        connected(page)
        page.wait_for_timeout(500)  # a move sent on connecting would be back by now
        assert version(page) == before["version"]
        assert card in table_state(page)["hand"]
        page.locator("#controls .play-button").click()  # the card is still chosen: now it goes
        expect(page.locator(f'#hand .card[data-card="{card}"]')).to_have_count(0)

    def test_it_says_at_once_that_the_browser_went_offline_and_sends_nothing(self):
        # Offline, the socket still looks open (no close comes until the page's probe gives up,
        # or the server's pings, a minute on): the page said nothing, and a Play pressed then
        # waited in the socket and was played once the network was back.
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        before = table_state(page)
        card = page.locator("#hand .card.playable").first.get_attribute("data-card")
        page.locator(f'#hand .card[data-card="{card}"]').click()
        page.context.set_offline(True)
        # Before the probe's five seconds are up: said when the browser says it.
        expect(page.locator("[data-connection]")).to_be_visible(timeout=2000)
        page.locator("#controls .play-button").click(force=True)
        expect(page.locator("#messages")).to_have_text(
            "Not connected: nothing was sent. Try again once the connection is back."
        )
        page.context.set_offline(False)
        connected(page)
        page.wait_for_timeout(500)  # a move kept in the socket would be back by now
        assert version(page) == before["version"]
        assert card in table_state(page)["hand"]
        page.locator("#controls .play-button").click()  # the card is still chosen: now it goes
        expect(page.locator(f'#hand .card[data-card="{card}"]')).to_have_count(0)

    def test_a_failed_reconnection_logs_what_failed(self):
        # htmx logged the socket's error event as it is: "[object Event]", at every failed try.
        page = self.new_page()
        logged = []
        page.on("console", lambda message: logged.append(message.text))
        open_deal(page, self.url)
        page.context.set_offline(True)  # the reconnections fail until it is back
        page.evaluate(DROP, 1000)
        expect(page.locator("[data-connection]")).to_be_visible()
        for _ in range(60):  # the first tries come within a few seconds (reconnectDelay)
            if any("connection failed" in line for line in logged):
                break
            page.wait_for_timeout(250)
        page.context.set_offline(False)
        connected(page)
        failed = [line for line in logged if "connection failed" in line]
        assert failed and "/ws/room/" in failed[0], logged
        assert "[object Event]" not in logged, logged

    def test_the_log_a_player_was_reading_stays_open_across_a_reconnect(self):
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        page.locator("#log summary").click()
        expect(page.locator("#log details")).to_have_attribute("open", "")
        page.evaluate("document.querySelector('#log details').dataset.before = 'yes'")

        page.evaluate(DROP, 1000)
        expect(page.locator("[data-connection]")).to_be_visible()
        connected(page)  # the whole table, sent on connecting, has replaced the log
        assert page.locator("#log details[data-before]").count() == 0
        expect(page.locator("#log details")).to_have_attribute("open", "")
        expect(page.locator("#log li").first).to_be_visible()

    def test_back_after_a_drop_it_reads_the_moves_made_meanwhile_not_only_the_last(self):
        # The whole table sent on reconnecting says the last move in #live; the others made while
        # the socket was down were only in the log, and a screen reader heard none of them.
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        before = version(page)
        play_then_drop(page)
        after = version(page)
        assert after >= before + 4  # Aki's move and the three computers'
        spoken = page.evaluate(
            """() => [...document.querySelectorAll('#log ol.log-lines > li')].map(
                (li) => (li.querySelector('.sr-only') || li).textContent.trim())"""
        )
        said = page.locator("#live").text_content()
        assert said.startswith("While the connection was down: "), said
        assert said.endswith("Your turn."), said
        # every move since Aki's, in words, the last one once
        assert " ".join(spoken[-4:]) in said, (spoken, said)
        assert said.count(spoken[-1]) == 1

        # More moves than are read out one by one (six; two here): counted, and the last said.
        assert wait_for_my_turn_or_the_end(page) == "turn"
        page.evaluate("document.querySelector('[data-connection]').dataset.missedSaid = '2'")
        play_then_drop(page)
        said = page.locator("#live").text_content()
        last = page.evaluate(
            "(document.querySelector('#log ol.log-lines > li:last-child .sr-only')"
            " || document.querySelector('#log ol.log-lines > li:last-child')).textContent.trim()"
        )
        assert said == (
            "While the connection was down, 4 moves were made: the log has them all. "
            f"{last} Your turn."
        ), said

    def test_a_closed_log_stays_closed(self):
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        page.evaluate(DROP, 1000)
        expect(page.locator("[data-connection]")).to_be_visible()
        connected(page)
        assert page.locator("#log details").get_attribute("open") is None

    def test_the_room_says_connected_only_once_the_servers_table_is_shown(self):
        # An open socket is not enough: until the whole table sent on connecting is shown, the
        # page may show an older one. Each time the room turns connected, the frames shown since
        # the socket opened are counted.
        page = self.new_page()
        page.add_init_script(WATCH)
        open_deal(page, self.url)
        page.evaluate(DROP, 1000)
        expect(page.locator("[data-connection]")).to_be_visible()
        connected(page)
        assert page.evaluate("window.sevensSeen") == [1, 1]

    def test_a_first_frame_older_than_the_page_still_counts_as_connected(self):
        # The page keeps the newer table it shows, and the socket is in sync with it all the same.
        page = self.new_page()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        at = version(page)
        assert at > 0
        older = []

        def one_version_back(ws):
            server = ws.connect_to_server()

            def from_server(message):
                if not older:
                    message = re.sub(
                        r'data-version="(\d+)"',
                        lambda m: f'data-version="{int(m[1]) - 1}"',
                        message,
                    )
                    older.append(message)
                ws.send(message)

            server.on_message(from_server)

        page.route_web_socket(re.compile(r"/ws/room/"), one_version_back)
        page.reload()
        connected(page)
        assert older and f'data-version="{at - 1}"' in older[0]
        assert version(page) == at
        expect(page.locator("[data-connection]")).to_be_hidden()
        assert play_by_clicks(page)

    def test_after_many_failed_tries_the_next_comes_within_ten_seconds(self):
        # htmx's own waits grow to a minute (up to 64 s by the tenth try). Here the socket is
        # said to have dropped abnormally (1006, which a page cannot send itself) after ten
        # failed tries: the page is connected again within ten seconds.
        # The page's clock is stopped, then moved on 10.5 s at once: the reconnection's timer
        # must have fired by then (a new socket made), not waited out in real time.
        page = self.new_page()
        page.add_init_script(COUNT_SOCKETS)
        page.clock.install()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        page.clock.pause_at(page.evaluate("() => Date.now()") + 1)
        assert page.evaluate("() => window.sevensSockets") == 1
        page.evaluate(DROP_AFTER_TRIES, 10)
        page.clock.run_for(10_500)
        assert page.evaluate("() => window.sevensSockets") == 2
        page.clock.resume()
        connected(page)
        assert play_by_clicks(page)


# The ws extension keeps its socket wrapper (retryCount, socket) on the room element. The real
# socket is closed without its handler, which is then called as the browser would call it for
# an abnormal close.
DROP_AFTER_TRIES = """(tries) => {
  const wrapper = document.querySelector('.room')['htmx-internal-data'].webSocket;
  const onclose = wrapper.socket.onclose;
  wrapper.socket.onclose = null;
  wrapper.socket.close();
  wrapper.retryCount = tries;
  onclose({ code: 1006, wasClean: false });
}"""
# Counts the WebSockets the page makes.
COUNT_SOCKETS = """window.sevensSockets = 0;
window.WebSocket = class extends window.WebSocket {
  constructor(...args) { super(...args); window.sevensSockets += 1; }
};"""

WATCH = """
window.sevensSeen = [];
let frames = 0;
document.addEventListener("htmx:wsOpen", () => { frames = 0; });
document.addEventListener("htmx:wsAfterMessage", () => { frames += 1; });
new MutationObserver(() => {
  const room = document.querySelector(".room");
  const up = room && room.getAttribute("data-connected") === "true";
  if (up && !window.sevensUp) window.sevensSeen.push(frames);
  window.sevensUp = up;
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-connected"] });
"""


# Every WebSocket of the page, and a way to make one fall silent (nothing sent, nothing received,
# no close: a device that slept, a network that changed).
SILENCEABLE = """(() => {
    const Real = window.WebSocket;
    window.sockets = [];
    window.WebSocket = class extends Real {
        constructor(...args) { super(...args); window.sockets.push(this); }
        send(data) { if (!this.silent) super.send(data); }
        addEventListener(type, listener, ...rest) {
            if (type !== 'message') return super.addEventListener(type, listener, ...rest);
            const socket = this;
            return super.addEventListener(type, function (e) {
                if (!socket.silent) listener.call(this, e);
            }, ...rest);
        }
    };
})()"""
# Counts the frames the page has taken in.
FRAMES = """window.sevensFrames = 0;
document.addEventListener("htmx:wsAfterMessage", () => { window.sevensFrames += 1; });"""
PROBE_MS = 5000  # the page's wait for an answer to its question (static/js/panel.js)


class TestSilentConnection(LiveRoomTestCase):
    def open(self):
        page = self.new_page()
        page.add_init_script(SILENCEABLE)
        page.add_init_script(FRAMES)
        # The page's timers run on a clock the test may move on, not to wait out the probe.
        page.clock.install()
        open_deal(page, self.url)
        assert wait_for_my_turn_or_the_end(page) == "turn"
        return page

    def test_a_silent_socket_is_replaced_when_the_browser_is_back_online(self):
        page = self.open()
        before = table_state(page)
        assert page.evaluate("() => window.sockets.length") == 1
        page.evaluate("() => { window.sockets[0].silent = true; }")
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        # No answer to the page's question within 5 s: a new socket, and the same table.
        page.clock.fast_forward(PROBE_MS + 100)
        page.wait_for_function("() => window.sockets.length === 2")
        connected(page)
        assert table_state(page)["hand"] == before["hand"]
        page.wait_for_timeout(1500)
        assert page.evaluate("() => window.sockets.length") == 2  # one new socket, no more
        expect(page.locator("[data-connection]")).to_be_hidden()
        assert play_by_clicks(page)

    def test_a_socket_that_answers_is_kept(self):
        page = self.open()
        frames = page.evaluate("() => window.sevensFrames")
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        page.wait_for_function("(n) => window.sevensFrames > n", arg=frames)  # the answer
        page.clock.fast_forward(PROBE_MS + 1000)  # well past the time the page gives it
        assert page.evaluate("() => window.sockets.length") == 1
        expect(page.locator("[data-connection]")).to_be_hidden()
        assert play_by_clicks(page)

    def test_a_socket_that_answers_after_the_browser_went_offline_is_kept(self):
        # The browser says offline, but the server on this very machine still answers: the note
        # goes with the answer, and moves are sent again.
        page = self.open()
        frames = page.evaluate("() => window.sevensFrames")
        page.evaluate("() => window.dispatchEvent(new Event('offline'))")
        page.wait_for_function("(n) => window.sevensFrames > n", arg=frames)  # the answer
        connected(page)
        expect(page.locator("[data-connection]")).to_be_hidden()
        page.clock.fast_forward(PROBE_MS + 1000)
        assert page.evaluate("() => window.sockets.length") == 1
        assert play_by_clicks(page)
