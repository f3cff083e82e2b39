"""The replay viewer in a browser: "step forward and back through every event of a round (buttons
and keyboard: ←/→, Home/End)", every hand shown, the round chosen by a link; the page's address
follows the step so a reload shows the same moment."""

import re

import pytest
from browser_support import LiveRoomTestCase
from playwright.sync_api import expect

from games.sevens import RuleSet, replay_log, seat_view
from history import replay
from tests.history_support import play, seats, store

pytestmark = pytest.mark.browser


def focused(page, name: str) -> None:
    """Waits until the viewer in the page (the new one, after a swap) has `name` focused."""
    page.wait_for_function(
        "(name) => { const a = document.activeElement;"
        " return document.getElementById('replay').contains(a) && a.classList.contains(name); }",
        arg=name,
    )


class TestReplayViewer(LiveRoomTestCase):
    def setUp(self):
        # The ORM first: once Playwright runs its loop in this thread the test leaves it alone.
        match = play(RuleSet(rounds=3), seed=101, seats=seats("human", "easy", "medium", "hard"))
        self.stored = store(match)
        engine = replay_log(match.to_log())
        self.steps = [replay.round_steps(engine, r) for r in range(3)]
        self.hands = {
            (r, i): seat_view(step.state, 0).to_dict()["hand"]
            for r, steps in enumerate(self.steps)
            for i, step in enumerate(steps)
        }
        super().setUp()

    def step_of(self, page) -> int:
        return int(page.locator("#replay").get_attribute("data-step"))

    def seat0_hand(self, page) -> list[str]:
        cards = page.locator('#replay .replay-seat[data-seat="0"] .replay-card')
        return cards.evaluate_all("(els) => els.map((e) => e.dataset.card)")

    def test_it_steps_through_a_round_by_keys_and_buttons(self):
        page = self.new_page()
        page.goto(self.url(f"/matches/{self.stored.pk}/"))
        expect(page.locator("#replay")).to_have_attribute("data-step", "0")
        assert self.seat0_hand(page) == self.hands[(0, 0)]
        steps = [s.events for s in self.steps[0]]

        page.keyboard.press("ArrowRight")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[1]))
        page.keyboard.press("ArrowRight")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[2]))
        assert self.seat0_hand(page) == self.hands[(0, 2)]
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[1]))
        page.keyboard.press("End")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[-1]))
        expect(page.locator("#replay .replay-nav .replay-next")).to_have_count(0)
        page.keyboard.press("Home")
        expect(page.locator("#replay")).to_have_attribute("data-step", "0")

        # The buttons, by keyboard focus: the focus stays on the pressed button after each swap.
        page.locator("#replay .replay-next").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[1]))
        focused(page, "replay-next")
        page.keyboard.press("Enter")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[2]))
        assert page.url.endswith(f"?round=1&step={steps[2]}")

        # A key pressed while a button has the focus keeps the focus in the viewer: at the end
        # End is gone, and Back takes it. Each step is read out from a region that stays.
        page.keyboard.press("End")
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[-1]))
        focused(page, "replay-prev")
        count = steps[-1]  # a move is a logged event: the last step is the count
        expect(page.locator("#replay-live")).to_contain_text(f"Move {count} of {count}")
        # In words ("8 of spades"), as the room's own live region says them: never the symbols.
        said = page.locator("#replay .replay-move .visually-hidden").all_text_contents()
        assert said and not re.search("[♠♥♦♣]", " ".join(said))
        expect(page.locator("#replay-live")).to_contain_text(" ".join(said))
        expect(page.locator("#replay-live")).not_to_have_text(re.compile("[♠♥♦♣]"))
        page.keyboard.press("Home")
        expect(page.locator("#replay")).to_have_attribute("data-step", "0")
        focused(page, "replay-next")
        expect(page.locator("#replay-live")).to_contain_text("The cards are dealt.")

        # A move chosen in the list of every move: the list stays open, the focus on that move.
        page.locator("#replay .replay-log-box summary").click()
        entry = page.locator("#replay .replay-log a").nth(3)
        target = entry.get_attribute("href").rsplit("=", 1)[1]
        entry.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#replay")).to_have_attribute("data-step", target)
        expect(page.locator("#replay .replay-log-box")).to_have_attribute("open", "")
        page.wait_for_function(
            "() => document.activeElement.closest('.replay-log')"
            " && document.activeElement.getAttribute('aria-current') === 'step'"
        )
        page.locator("#replay .replay-next").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#replay")).not_to_have_attribute("data-step", target)
        focused(page, "replay-next")

        # Jump to round 3, then reload: the same moment comes back.
        page.locator("#replay .replay-rounds a", has_text="Round 3").click()
        expect(page.locator("#replay")).to_have_attribute("data-round", "3")
        page.keyboard.press("ArrowRight")
        third = [s.events for s in self.steps[2]]
        expect(page.locator("#replay")).to_have_attribute("data-step", str(third[1]))
        page.reload()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(third[1]))
        assert self.seat0_hand(page) == self.hands[(2, 1)]
        expect(page.locator("#replay .replay-seat")).to_have_count(4)

    def test_the_seat_to_act_is_marked_and_its_cards_keep_their_suit_colours(self):
        # The room's "to play" badge style must not reach the replay: the seat to act is framed,
        # its name and cards drawn as every other seat's.
        page = self.new_page()
        page.goto(self.url(f"/matches/{self.stored.pk}/"))
        acting = page.locator("#replay .replay-seat.replay-acting")
        expect(acting).to_have_count(1)
        style = "(el) => [getComputedStyle(el).color, getComputedStyle(el).fontSize]"
        others = "#replay .replay-seat:not(.replay-acting) .replay-card"
        for card in acting.locator(".replay-card").all():
            suit = card.get_attribute("data-card")[-1]
            twin = "HD" if suit in "HD" else "SC"  # a card of the same colour in another seat
            other = page.locator(", ".join(f'{others}[data-card$="{s}"]' for s in twin)).first
            assert card.evaluate(style) == other.evaluate(style)

    def test_play_steps_on_by_itself_until_paused_or_the_rounds_end(self):
        page = self.new_page()
        # The page's clock runs, and is moved on past Play's 1.5 s waits rather than waiting them.
        page.clock.install()
        page.goto(self.url(f"/matches/{self.stored.pk}/"))
        steps = [s.events for s in self.steps[0]]
        play = page.locator(".replay-play")
        expect(play).to_have_text("Play")
        expect(play).to_have_attribute("aria-pressed", "false")

        play.click()
        expect(play).to_have_text("Pause")
        expect(play).to_have_attribute("aria-pressed", "true")
        # It stepped on at once; the next step comes 1.5 s after that one is shown.
        page.wait_for_function(
            "(s) => s.includes(Number(document.getElementById('replay').dataset.step))",
            arg=steps[1:3],
        )
        i = steps.index(self.step_of(page))
        page.clock.fast_forward(1600)
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[i + 1]))
        assert play.evaluate("(b) => b === document.activeElement")  # kept across the steps
        play.click()  # Pause: it stays where it is
        expect(play).to_have_text("Play")
        at = self.step_of(page)
        page.clock.fast_forward(5000)
        page.wait_for_timeout(300)  # a request it made would be on its way
        assert self.step_of(page) == at

        # A key of the player's own takes over from Play.
        play.click()
        expect(page.locator("#replay")).not_to_have_attribute("data-step", str(at))
        page.keyboard.press("Home")
        expect(play).to_have_text("Play")
        expect(page.locator("#replay")).to_have_attribute("data-step", "0")
        page.clock.fast_forward(5000)
        page.wait_for_timeout(300)
        assert self.step_of(page) == 0

        # To the round's end, where it stops; Play there starts the round again from the deal.
        page.locator("#replay .replay-last").click()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[-1]))
        page.locator("#replay .replay-prev").click()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[-2]))
        play.click()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[-1]))
        expect(play).to_have_text("Play")
        play.click()
        expect(page.locator("#replay")).to_have_attribute("data-step", "0")
        expect(play).to_have_text("Pause")
        play.click()
