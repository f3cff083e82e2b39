"""The replay viewer counts every press: buttons clicked and keys pressed while a step is still
loading move the viewer on from the step they were pressed towards, never from the one on screen.

Found by an audit: five quick clicks on Forward gave "Move 4" (htmx sends a link's request once at
a time and keeps only the last one waiting, for the same step again). The network is slowed here,
so that every press but the first comes while a step loads.
"""

import pytest
from browser_support import LiveRoomTestCase
from playwright.sync_api import expect

from games.sevens import RuleSet, replay_log
from history import replay
from tests.history_support import play, seats, store

pytestmark = pytest.mark.browser

LATENCY_MS = 400


class TestQuickPresses(LiveRoomTestCase):
    def setUp(self):
        # The ORM first: once Playwright runs its loop in this thread the test leaves it alone.
        rules = RuleSet(rounds=3, joker=True)  # steps of several events: the step is not a count
        match = play(rules, seed=10, seats=seats("human", "easy", "medium", "hard"))
        self.stored = store(match)
        engine = replay_log(match.to_log())
        self.steps = [[s.events for s in replay.round_steps(engine, r)] for r in range(3)]
        super().setUp()

    def slow_page(self):
        page = self.new_page()
        page.goto(self.url(f"/matches/{self.stored.pk}/"))
        expect(page.locator("#replay")).to_have_attribute("data-step", "0")
        network = page.context.new_cdp_session(page)
        network.send("Network.enable")
        network.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": LATENCY_MS,
                "downloadThroughput": -1,
                "uploadThroughput": -1,
            },
        )
        return page

    def at(self, page, round_number: int, step: int) -> None:
        viewer = page.locator("#replay")
        expect(viewer).to_have_attribute("data-round", str(round_number))
        expect(viewer).to_have_attribute("data-step", str(step))
        # and it stays there: no press is still on its way
        page.wait_for_timeout(2 * LATENCY_MS)
        expect(viewer).to_have_attribute("data-step", str(step))
        assert page.url.endswith(f"?round={round_number}&step={step}")

    def test_every_click_on_forward_and_back_counts(self):
        page = self.slow_page()
        steps = self.steps[0]
        forward = page.locator("#replay .replay-next")
        for _ in range(5):
            forward.click()
        self.at(page, 1, steps[5])
        expect(page.locator("#replay .replay-position")).to_have_text(
            f"Move {steps[5]} of {steps[-1]}"
            if steps[5] - steps[4] == 1
            else f"Moves {steps[4] + 1}–{steps[5]} of {steps[-1]}"
        )
        # The focus is still on Forward, and the step is read out once it is there.
        page.wait_for_function(
            "() => document.activeElement.classList.contains('replay-next')"
            " && document.getElementById('replay').contains(document.activeElement)"
        )
        expect(page.locator("#replay-live")).to_contain_text(f"of {steps[-1]}")

        back = page.locator("#replay .replay-prev")
        for _ in range(3):
            back.click()
        self.at(page, 1, steps[2])

        # Four clicks in one go, before the browser even sends the first request.
        page.evaluate(
            "() => { for (let i = 0; i < 4; i++)"
            " document.querySelector('#replay .replay-next').click(); }"
        )
        self.at(page, 1, steps[6])

    def test_every_key_counts_and_home_and_end_are_counted_from_there(self):
        page = self.slow_page()
        steps = self.steps[0]
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowRight")
        self.at(page, 1, steps[3])

        page.keyboard.press("End")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        self.at(page, 1, steps[-3])

        page.keyboard.press("Home")
        page.keyboard.press("ArrowRight")
        self.at(page, 1, steps[1])

    def test_a_round_chosen_then_forward_steps_in_that_round(self):
        page = self.slow_page()
        page.locator("#replay .replay-rounds a", has_text="Round 2").click()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        self.at(page, 2, self.steps[1][2])

        # A move chosen in the list while a step loads: the list's move wins, the presses after
        # it count from there.
        page.locator("#replay .replay-log-box summary").click()
        page.keyboard.press("ArrowRight")
        page.locator("#replay .replay-log a").nth(9).click()
        page.keyboard.press("ArrowRight")
        self.at(page, 2, self.steps[1][11])
