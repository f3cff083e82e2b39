"""Play a friend: Ben opens Aki's link in another browser, takes a seat and plays; when he closes
his tab the computer plays his seat, and when he comes back he has it again."""

import re

import pytest
from browser_support import LiveRoomTestCase, connected, in_own_thread, play_by_clicks, table_state
from django.test import override_settings
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

MY_TURN = """() => document.querySelector('#controls .turn-note[data-mine="true"]')
    && !document.querySelector('#controls .forced-pass')"""


def moves_of(page: Page, seat: int) -> int:
    """A count that grows by one with each move of the seat this round: a card played takes one
    from its hand, a pass adds one to its passes. (Not the log's lines: a whole-table render
    shows only the round's last lines, so counting them can go back.)"""
    # as on the wire (a seat the computer holds for someone has a fifth word, "away" or "free")
    cards, passes_left = table_state(page)["seats"][seat][:2]
    return -(passes_left or 0) - cards


def take_turns(pages: list[Page], done, *, limit: int = 300) -> None:
    """Each page plays its turns (the first playable card, else a pass) until `done()`."""
    for _ in range(limit):
        if done():
            return
        for page in pages:
            if page.evaluate(MY_TURN) and not play_by_clicks(page):
                page.locator("#controls .pass-button").click()
        pages[0].wait_for_timeout(100)
    raise AssertionError("the table never got there")


def open_friend_room(case: LiveRoomTestCase) -> Page:
    """Aki opens a friends room from the home page and is connected."""
    aki = case.new_page()
    aki.goto(case.url("/"))
    aki.locator('input[name="name"]').fill("Aki")
    aki.locator('button[value="friend"]').click()
    aki.wait_for_url(re.compile(r"/room/[\w-]+/$"))
    connected(aki)
    return aki


@override_settings(SEVENS_GRACE_SECONDS=1)  # a closed tab hands its seat to the CPU after 1 s
class TestFriendRoom(LiveRoomTestCase):
    def test_it_lets_a_friend_join_by_link_leave_to_the_computer_and_come_back(self):
        aki = open_friend_room(self)
        link = aki.locator(".share-link").input_value()
        assert link == aki.url
        aki.context.grant_permissions(["clipboard-read", "clipboard-write"])
        aki.get_by_role("button", name="Copy link").click()
        expect(aki.locator(".copy-status")).to_have_text(
            "Link copied: paste it in a message to your friends."
        )
        assert aki.evaluate("() => navigator.clipboard.readText()") == link
        expect(aki.locator("#last-move")).to_be_hidden()  # no empty box before the first deal

        ben = self.new_page()
        ben.goto(link)
        expect(ben.locator(".watch-note")).to_contain_text("Or just watch")
        expect(ben.locator("#hand .card")).to_have_count(0)
        ben.locator("#join-name").fill("Ben")
        ben.get_by_role("button", name="Take a free seat").click()
        connected(ben)
        expect(aki.locator("#lobby")).to_contain_text("Ben")
        expect(ben.locator(".no-undo")).to_be_hidden()  # nothing to undo before the deal
        # Before the deal a seat left is only free again: the computer plays none yet.
        leave = ben.locator(".leave-form button")
        expect(leave).to_have_text("Leave my seat", use_inner_text=True)

        aki.get_by_role("button", name="Fill empty seats with the computer and start").click()
        connected(aki)
        expect(ben.locator("#hand .card").first).to_be_visible()
        expect(ben.locator(".start-form")).to_be_hidden()
        expect(ben.locator(".start-note")).to_be_hidden()
        expect(ben.locator(".no-undo")).to_be_visible()  # the cards are dealt: it is said now
        expect(leave).to_have_text("Leave my seat (the computer plays it)", use_inner_text=True)
        expect(aki.locator("#hand .card").first).to_be_visible()
        expect(aki.locator("#last-move")).to_be_visible()
        ben_hand = table_state(ben)["hand"]
        assert not set(ben_hand) & set(table_state(aki)["hand"])

        start = [moves_of(aki, 0), moves_of(aki, 1)]
        take_turns([aki, ben], lambda: moves_of(aki, 1) > start[1] and moves_of(aki, 0) > start[0])

        ben.close()
        ben_seat = aki.locator('#seats [data-seat="1"]')
        expect(ben_seat).to_contain_text("away: the computer plays for now")
        before = moves_of(aki, 1)
        take_turns([aki], lambda: moves_of(aki, 1) > before)

        back = ben.context.new_page()
        back.goto(link)
        connected(back)
        expect(ben_seat).not_to_contain_text("away")
        # On a random deal both players can run out of passes before Ben is back, and the round
        # ends (the computers play on quickly): the next round then deals him a new hand.
        hand = back.locator("#hand .card").first
        back.wait_for_function(
            "() => document.querySelector('#hand .card') || !document.getElementById('settlement').hidden"
        )
        if not hand.is_visible():
            aki.get_by_role("button", name="Deal the next round").click()
        expect(hand).to_be_visible()
        assert table_state(back)["seat"] == 1
        expect(back.locator('#seats [data-seat="1"]')).to_contain_text("(you)")

    def test_a_watcher_is_offered_the_seat_a_player_leaves_without_reloading(self):
        aki, ben = self.aki_and_ben()
        aki.get_by_role("button", name="Fill empty seats with the computer and start").click()
        connected(aki)
        dan = self.new_page()
        dan.goto(aki.url)
        connected(dan)
        take = dan.get_by_role("button", name="Take a free seat")
        expect(take).to_be_hidden()  # every seat is held
        ben.get_by_role("button", name="Leave my seat (the computer plays it)").click()
        expect(dan.locator('#seats [data-seat="1"]')).to_contain_text(
            "free seat: the computer plays it until someone takes it"
        )
        expect(take).to_be_visible()
        take.click()
        connected(dan)
        assert table_state(dan)["seat"] == 1
        expect(aki.locator('#seats [data-seat="1"]')).not_to_contain_text("free seat")

    def test_a_friend_takes_a_seat_without_typing_a_name(self):
        aki, ben = self.aki_and_ben()
        expect(ben.locator("form.leave-form")).to_be_visible()
        expect(aki.locator("#lobby")).to_contain_text("Player 2")

    def test_when_the_creator_leaves_before_the_start_a_seated_friend_may_start(self):
        aki, ben = self.aki_and_ben()
        start = ben.locator(".start-form")
        note = ben.locator(".start-note")
        expect(start).to_be_hidden()  # Aki's to press
        expect(note).to_have_text(
            "The player who opened the room starts the game; if they leave their seat or stay "
            "away, you can start it."
        )
        aki.locator(".leave-form button").click()
        expect(start).to_be_visible()  # pushed: Aki has left the table
        expect(note).to_be_hidden()
        start.get_by_role("button").click()
        connected(ben)
        expect(ben.locator("#hand .card").first).to_be_visible()
        expect(ben.locator(".start-form")).to_be_hidden()
        expect(note).to_be_hidden()
        expect(ben.locator(".no-undo")).to_be_visible()  # the cards are dealt: it is said now


class TestFriendRoomClosed(LiveRoomTestCase):
    def test_a_room_closed_while_its_page_is_open_offers_no_link_to_share(self):
        from rooms import presence

        aki = open_friend_room(self)
        expect(aki.locator(".share")).to_be_visible()
        expect(aki.locator(".leave-form")).to_be_visible()
        slug = aki.url.rstrip("/").split("/")[-1]

        assert in_own_thread(presence.close_room, slug)  # an operator's "Close the selected rooms"
        expect(aki.locator("#lobby")).to_have_attribute("data-status", "closed")
        expect(aki.locator(".share")).to_be_hidden()
        # Nor a seat to leave (a reload shows none), nor a match it kept: none was dealt.
        expect(aki.locator(".leave-form")).to_be_hidden()
        expect(aki.locator("#messages")).to_have_text("This room is closed.")

    def test_once_every_seat_is_taken_the_start_button_only_starts(self):
        aki = self.new_page()
        aki.goto(self.url("/"))
        aki.locator('input[name="players"][value="3"]').check()
        aki.locator('input[name="name"]').fill("Aki")
        aki.locator('button[value="friend"]').click()
        aki.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(aki)
        fill = aki.get_by_role("button", name="Fill empty seats with the computer and start")
        expect(fill).to_be_visible()
        expect(aki.locator("#fill-level")).to_be_visible()
        for name in ("Ben", "Chie"):
            friend = self.new_page()
            friend.goto(aki.url)
            friend.locator("#join-name").fill(name)
            friend.get_by_role("button", name="Take a free seat").click()
            connected(friend)
        # The last seat taken: no computer to fill with, nor a level to choose.
        start = aki.get_by_role("button", name="Start the game")
        expect(start).to_be_visible()
        expect(aki.locator("#fill-level")).to_be_hidden()
        start.click()
        expect(aki.locator("#hand .card").first).to_be_visible()
