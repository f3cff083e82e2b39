"""A friend's seat left during the match and taken by someone else: the others hear who sits there
now. #presence-said said "Ben left the seat: the computer plays it until someone takes it." and
then nothing when Cara took it (a free seat taken was left to the lobby, and a match in play has
none): its last words stood, wrong, and the table waited for a player nobody had named.

Personas: Aki opens the room, Ben joins and leaves, Cara takes his seat by the link."""

import pytest
from browser_support import LiveRoomTestCase, connected
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


class TestSeatTakenSaid(LiveRoomTestCase):
    def test_a_free_seat_taken_in_play_is_said_to_the_others(self):
        aki, ben = self.friends_dealt("Ben")
        said = aki.locator("#presence-said")
        ben.get_by_role("button", name="Leave my seat (the computer plays it)").click()
        expect(said).to_have_text(
            "Ben left the seat: the computer plays it until someone takes it."
        )
        cara = self.new_page()
        cara.goto(aki.url)
        cara.locator("#join-name").fill("Cara")
        cara.get_by_role("button", name="Take a free seat").click()
        connected(cara)
        expect(aki.locator('#seats [data-seat="1"]')).to_contain_text("Cara")
        expect(said).to_have_text("Cara took the free seat.")
        # Cara's own page says nothing of Cara
        expect(cara.locator("#presence-said")).to_have_text("")

    def test_a_player_who_takes_their_seat_back_is_back(self):
        aki, ben = self.friends_dealt("Ben")
        said = aki.locator("#presence-said")
        ben.get_by_role("button", name="Leave my seat (the computer plays it)").click()
        expect(said).to_contain_text("Ben left the seat")
        ben.get_by_role("button", name="Take a free seat").click()
        connected(ben)
        expect(said).to_have_text("Ben is back at the table.")
