"""The home menu does not offer options that do not go together: the joker with 7s played in turn,
unlimited passes with passing while able. It says why, in the server's words, and the menu still
opens a room."""

import re

import pytest
from browser_support import LiveRoomTestCase, connected
from playwright.sync_api import expect

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]


class TestHomeMenu(LiveRoomTestCase):
    def test_it_keeps_the_joker_to_the_7s_laid_out(self):
        page = self.new_page()
        page.goto(self.url("/"))
        joker = page.locator('input[name="joker"]')
        joker.check()
        page.select_option('select[name="sevens"]', "played")
        expect(joker).to_be_disabled()
        expect(joker).not_to_be_checked()
        note = page.locator("#joker-note")
        expect(note).to_be_visible()
        expect(note).to_have_text(
            "The joker is played only when all the 7s are laid out after the deal."
        )
        page.select_option('select[name="sevens"]', "laid_out")
        expect(joker).to_be_enabled()
        expect(joker).to_be_checked()  # as the player had left it
        expect(note).to_be_hidden()
        # The Chinese preset plays its 7s in turn: no joker on offer from the start.
        page.get_by_role("button", name="Chinese (排七)").click()
        page.wait_for_url(re.compile(r"preset=chinese"))
        expect(page.locator('input[name="joker"]')).to_be_disabled()
        page.click('button[value="cpu-easy"]')
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)
        expect(page.locator("#rules-card")).to_contain_text("no joker")

    def test_a_preset_stops_looking_pressed_once_a_rule_of_it_is_changed(self):
        page = self.new_page()
        page.goto(self.url("/"))
        japanese = page.locator('.presets button[value="japanese"]')
        expect(japanese).to_have_attribute("aria-pressed", "true")
        page.locator('input[name="players"][value="3"]').check()  # still the Japanese rules
        expect(japanese).to_have_attribute("aria-pressed", "true")
        page.select_option('select[name="ace"]', "high")
        expect(japanese).to_have_attribute("aria-pressed", "false")
        expect(page.locator('.presets button[aria-pressed="true"]')).to_have_count(0)

    def test_it_names_the_ends_of_the_rows_by_the_rows_chosen(self):
        page = self.new_page()
        page.goto(self.url("/"))
        label = page.locator('label[for="id_ends"]')
        connect = page.locator('select[name="ends"] option[value="connect"]')
        expect(label).to_have_text("A and K")
        page.select_option('select[name="ace"]', "high")  # rows 2…7…A: the A follows the K
        expect(label).to_have_text("A and 2")
        expect(connect).to_have_text("Connect A and 2")
        page.select_option('select[name="ace"]', "low")
        expect(label).to_have_text("A and K")
        expect(connect).to_have_text("Connect A and K")

    def test_it_offers_unlimited_passes_only_with_must_play(self):
        page = self.new_page()
        page.goto(self.url("/"))
        always = page.locator('input[name="pass_when_playable"]')
        unlimited = page.locator('select[name="pass_limit"] option[value="unlimited"]')
        expect(always).to_be_checked()
        expect(unlimited).to_be_disabled()
        note = page.locator("#unlimited-note")
        expect(note).to_be_hidden()
        # Going to the choice says why its "no limit" is greyed.
        page.locator('select[name="pass_limit"]').focus()
        expect(note).to_have_text("Unlimited passes need “Pass even when you can play” turned off.")
        always.uncheck()
        expect(note).to_be_hidden()
        always.check()
        expect(note).to_be_visible()
        always.uncheck()
        expect(unlimited).to_be_enabled()
        page.select_option('select[name="pass_limit"]', "unlimited")
        expect(note).to_be_hidden()
        always.check()  # the one option left that clashes: said, and the server refuses it too
        expect(note).to_have_text("Unlimited passes need “Pass even when you can play” turned off.")
        always.uncheck()
        expect(note).to_be_hidden()
        page.click('button[value="cpu-easy"]')
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)
        expect(page.locator("#rules-card")).to_contain_text("unlimited")

    def test_every_way_to_start_is_in_sight_on_a_laptop_screen(self):
        """1280×800: the rules' two fieldsets stand side by side, so the start buttons need no
        scrolling; a phone keeps one column."""
        page = self.new_page(width=1280, height=800)
        page.goto(self.url("/"))
        for value in ("cpu-easy", "cpu-medium", "cpu-hard", "hotseat", "friend"):
            box = page.locator(f'button[value="{value}"]').bounding_box()
            assert box["y"] + box["height"] <= 800, (value, box)
        page.set_viewport_size({"width": 390, "height": 844})
        game, family = (
            page.locator(".rules-form > fieldset").nth(i).bounding_box() for i in (0, 1)
        )
        assert family["y"] >= game["y"] + game["height"], "one column on a phone"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390

    def test_it_names_the_players_of_a_game_on_this_device(self):
        """The other players' names sit in a closed box by the hot-seat button; the fourth box is
        there only for four players, and the names typed are the seats' at the table."""
        page = self.new_page()
        page.goto(self.url("/"))
        page.locator('input[name="players"][value="4"]').check()
        page.locator(".hotseat-names summary").click()
        fourth = page.locator('input[name="name4"]')
        expect(fourth).to_be_visible()
        page.locator('input[name="players"][value="3"]').check()
        expect(fourth).to_be_hidden()
        expect(page.locator(".players-count")).to_have_text("3")
        page.fill('input[name="name"]', "Aki")
        page.get_by_label("Second player").fill("Bea")
        page.get_by_label("Third player").fill("Chen")
        page.click('button[value="hotseat"]')
        page.wait_for_url(re.compile(r"/room/[\w-]+/$"))
        connected(page)
        expect(page.locator("#seats")).to_contain_text("Bea")
        expect(page.locator("#seats")).to_contain_text("Chen")

    def test_each_way_to_start_is_a_group_named_by_its_title(self):
        """A screen reader on "Easy" hears which game it starts: the computer's level, not a
        word alone."""
        page = self.new_page()
        page.goto(self.url("/"))
        cpu = page.get_by_role("group", name="Play the computer (you are the red seat)")
        for level in ("Easy", "Medium", "Hard"):
            expect(cpu.get_by_role("button", name=level, exact=True)).to_be_visible()
        hotseat = page.get_by_role("group", name="Take turns on this device")
        expect(hotseat.get_by_role("button", name="4 players on this device")).to_be_visible()
        friend = page.get_by_role("group", name="Play with friends: you get a link to send")
        expect(friend.get_by_role("button", name="Play a friend (send a link)")).to_be_visible()
