#!/usr/bin/env python
"""A soak of the site through a real browser: matches under random rules, random legal moves made
through the button panel the way a person makes them, with reloads, fast-forwards and wrong presses.

    SEVENS_CPU_DELAY=0.05 bin/serve &                     # a running site, CPUs without the pause
    .venv/bin/python scripts/browser_soak.py --games 20 --seed 1 [--mode cpu|hotseat|friend|mixed]

Each game opens a room from the home page's menu with random options (every option of the menu;
the combinations the menu refuses are counted, with the reason shown), in a random language, then
plays the whole match: on each of its turns the browser picks one of the legal moves in
`#table-state` at random (the joker as the joker and the card after it), now and then presses a
card that cannot be played (the page must explain why), reloads the page, or fast-forwards the
computers. `hotseat` lifts the curtain for each seat in turn; `friend` has Ben join by the link,
the CPU fill the other seats, and Ben go away for a while and come back. Half the matches are
followed by a second one in the same room (Play again, pressed by one browser or by two at once).

Reported as problems: a page error or console error (WebGL's own, where it is off, excepted), a
move the page did not carry out, a wrong press left unexplained, a table that stops moving for 40
seconds, a match that does not end. Exits 1 if there was any. Run by hand (it takes minutes), not
in CI; Debian's chromium, as in the browser tests. With `--webgl` half the moves (and lifted
curtains) go through the 3D table's own buttons instead, now and then after its Hint.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time

from playwright.sync_api import Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
WEBGL = ["--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"]
LANGUAGES = ["en", "ja", "zh-hans", "zh-hant"]
STUCK_SECONDS = 40
TABLE3D = {
    name: f'#table3d [data-table-action="{name}"]' for name in ("play", "pass", "hint", "reveal")
} | {"message": "#table3d [data-table3d-message]"}
# The panel's message as shown (a hint also carries a copy in words for screen readers).
SAME_MESSAGE = """() => { const m = document.querySelector('#messages .message');
    return document.querySelector('[data-table3d-message]').textContent
        === (m.querySelector('.message-shown') || m).textContent.trim(); }"""
NEWER = "(v) => document.querySelector('#table-state').dataset.version != v"
# What the page shows at one moment, read at once: a move is chosen from a consistent picture.
LOOK = """() => {
    const state = document.querySelector('#table-state');
    const note = document.querySelector('#controls .turn-note');
    return {
        version: state ? state.dataset.version : null,
        state: state ? JSON.parse(state.textContent || 'null') : null,
        mine: !!note && note.dataset.mine === 'true' && !note.classList.contains('forced-pass'),
        curtain: !!document.querySelector('.curtain-button'),
        next: !!document.querySelector('.next-round-button'),
        won: !!document.querySelector('#settlement .winner'),
    };
}"""


class Soak:
    def __init__(self, base: str, rng: random.Random, table3d: bool = False):
        self.base = base.rstrip("/")
        self.table3d = table3d  # the 3D table is drawn: half the moves go through its own controls
        self.rng = rng
        self.problems: list[str] = []
        self.game = 0
        self.spot_questions = 0  # joker moves the page asked the spot of (two spots possible)

    def note(self, text: str) -> None:
        text = f"game {self.game}: {text}"
        print(text, flush=True)
        self.problems.append(text)

    def watch(self, page: Page, who: str) -> None:
        def console(message):
            # WebGL is off here; the menu's refusal of a combination is a 400 the page explains.
            quiet = "WebGL" in message.text or "400 (Bad Request)" in message.text
            if message.type == "error" and not quiet:
                self.note(f"{who} console: {message.text}")

        page.on("console", console)
        page.on("pageerror", lambda error: self.note(f"{who} page error: {error}"))

    # -- opening a room ---------------------------------------------------------------------------

    def open_room(self, page: Page, start: str) -> bool:
        rng = self.rng
        page.goto(self.base + "/")
        page.check(f'input[name="players"][value="{rng.choice("34")}"]')
        page.check(f'input[name="rounds"][value="{rng.choice("13")}"]')
        if rng.random() < 0.3:
            page.uncheck('input[name="pass_when_playable"]')
        page.select_option('select[name="pass_limit"]', rng.choice(["1", "2", "3", "4", "5"]))
        # The menu does not offer the joker with 7s played in turn, nor unlimited passes while
        # passing when able: a choice it does not offer is skipped.
        if rng.random() < 0.3:
            with contextlib.suppress(Exception):
                page.select_option('select[name="pass_limit"]', "unlimited", timeout=1000)
        if rng.random() < 0.4:
            with contextlib.suppress(Exception):
                page.check('input[name="joker"]', timeout=1000)
        for name in ("ends", "sevens", "ace", "round_end", "scoring"):
            options = page.eval_on_selector(
                f'select[name="{name}"]', "s => [...s.options].map(o => o.value)"
            )
            page.select_option(f'select[name="{name}"]', rng.choice(options))
        page.click(f'button[value="{start}"]')
        page.wait_for_load_state()
        if "/room/" not in page.url:
            reasons = page.locator(".field-error, .form-errors").all_text_contents()
            if not reasons:
                self.note("the menu refused a game without saying why")
            print(f"  refused: {' '.join(r.strip() for r in reasons)}", flush=True)
            return False
        print(f"  {page.locator('#rules-card').text_content().strip()}", flush=True)
        return True

    # -- one step of a browser --------------------------------------------------------------------

    def step(self, page: Page, who: str) -> str | None:
        """Does what this browser may do now; 'over' once the match is won."""
        look = page.evaluate(LOOK)
        if look["won"]:
            return "over"
        if look["next"]:
            self.click(page, ".next-round-button")
            return None
        if look["curtain"]:
            on_table = self.on_table(page)
            self.click(page, TABLE3D["reveal"] if on_table else ".curtain-button")
            page.wait_for_timeout(200)
            return None
        state = look["state"] or {}
        legal = state.get("legal") or []
        if not (look["mine"] and legal):
            roll = self.rng.random()
            if roll < 0.01:
                self.reload(page)
            elif roll < 0.02 and page.locator("#controls .ff-button").is_visible():
                self.click(page, "#controls .ff-button")
            return None
        roll = self.rng.random()
        if roll < 0.02:
            self.reload(page)
            return None
        if roll < 0.05 and self.wrong_press(page, who):
            return None
        word = self.rng.choice(legal)
        if self.on_table(page):
            return self.step_on_table(page, who, look, word)
        if word == "pass":
            clicks = ["#controls .pass-button"]
        elif "*" in word:
            card = word.split("*")[1]
            clicks = ['#hand .card[data-card="JK"]', f'#hand .card[data-card="{card}"]']
            clicks.append("#controls .play-button")
        else:
            clicks = [f'#hand .card[data-card="{word}"]', "#controls .play-button"]
        try:
            for selector in clicks:
                page.click(selector, timeout=3000)
            self.answer_spot(page, word, "#messages button.joker-spot")
            page.wait_for_function(NEWER, arg=look["version"], timeout=8000)
            # A person's pace, roughly: a socket sending more than 100 messages in 20 s is closed
            # as a flood (SEVENS_WS_BUDGET), and a hot-seat game sends two a turn.
            page.wait_for_timeout(300)
        except Exception as error:  # noqa: BLE001 - reported, and the soak goes on
            if page.evaluate(LOOK)["version"] == look["version"]:
                messages = page.locator("#messages").text_content()
                self.note(
                    f"{who}: {word} at version {look['version']} not made ({messages!r}): "
                    f"{str(error).splitlines()[0]}"
                )
            self.unpress(page)
        return None

    def answer_spot(self, page: Page, word: str, buttons: str) -> None:
        """When the joker's card could follow it on two spots the page asks which (`buttons`: the
        panel's question, or the same over the 3D table): the soak's move names the spot."""
        if "*" not in word or not page.locator("#messages button.joker-spot").count():
            return
        self.spot_questions += 1
        page.click(f'{buttons}[data-spot="{word.split("*")[0]}"]', timeout=3000)

    def on_table(self, page: Page) -> bool:
        """Whether this step goes through the 3D table's own buttons (half the time, where drawn)."""
        return (
            self.table3d
            and self.rng.random() < 0.5
            and page.evaluate("() => !!(window.sevensTable && sevensTable.ready)")
        )

    def step_on_table(self, page: Page, who: str, look: dict, word: str) -> None:
        """A move made as on the 3D table: cards pressed on it, then its Play or Pass; now and
        then its Hint first (whose card it then plays, as a player following the hint would)."""
        try:
            if self.rng.random() < 0.1:
                page.click(TABLE3D["hint"], timeout=3000)
                page.wait_for_selector("#messages [data-hint]", state="attached", timeout=8000)
                word = page.locator("#messages [data-hint]").get_attribute("data-hint") or word
                try:
                    page.wait_for_function(SAME_MESSAGE, timeout=3000)
                except Exception:  # noqa: BLE001 - reported, and the soak goes on
                    self.note(f"{who}: the hint over the 3D table is not the panel's")
            if word == "pass":
                page.click(TABLE3D["pass"], timeout=3000)
            else:
                cards = word.split("*")
                wanted = ["JK", cards[1]] if len(cards) == 2 else [word]
                page.evaluate(
                    "(cs) => { for (const c of cs) if (!sevensTable.selection.includes(c))"
                    " sevensTable.press(c); }",
                    wanted,
                )
                page.click(TABLE3D["play"], timeout=3000)
                self.answer_spot(page, word, "#table3d button.table3d-spot")
            page.wait_for_function(NEWER, arg=look["version"], timeout=8000)
            page.wait_for_timeout(300)
        except Exception as error:  # noqa: BLE001 - reported, and the soak goes on
            if page.evaluate(LOOK)["version"] == look["version"]:
                self.note(
                    f"{who}: {word} on the 3D table at version {look['version']} not made: "
                    f"{str(error).splitlines()[0]}"
                )
            self.unpress(page)

    def play_again(self, pages: list[Page]) -> None:
        """Play again in the same room, once a game: one browser presses, or two at once (the
        second press must change nothing); every browser must then see the new match."""
        pressers = self.rng.sample(pages, k=min(len(pages), self.rng.choice([1, 2])))
        for page in pressers:
            self.click(page, "#settlement .rematch-button")
        print(f"  play again ({len(pressers)} pressed)", flush=True)
        for page in pages:
            try:
                page.wait_for_function(
                    "() => !document.querySelector('#settlement .winner')", timeout=10000
                )
            except Exception:  # noqa: BLE001 - reported, and the soak goes on
                self.note(f"play again: a browser still shows the old match ({page.url})")

    def wrong_press(self, page: Page, who: str) -> bool:
        dimmed = page.locator("#hand .card.dimmed")
        if not dimmed.count():
            return False
        dimmed.nth(self.rng.randrange(dimmed.count())).click()
        page.click("#controls .play-button")
        page.wait_for_timeout(300)
        if not page.locator("#messages").text_content().strip():
            self.note(f"{who}: a card that cannot be played was pressed and nothing said why")
        self.unpress(page)
        return True

    def unpress(self, page: Page) -> None:
        for button in page.locator('#hand .card[aria-pressed="true"]').all():
            button.click()

    def click(self, page: Page, selector: str) -> None:
        # The page may move on under the click (a new frame): the next step looks again.
        with contextlib.suppress(Exception):
            page.click(selector, timeout=3000)

    def reload(self, page: Page) -> None:
        page.reload()
        page.wait_for_selector('.room[data-connected="true"]', state="attached")

    # -- a game -----------------------------------------------------------------------------------

    def play(self, browser, mode: str) -> str:
        rng = self.rng
        contexts = []

        def new_page(who: str) -> Page:
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            language = rng.choice(LANGUAGES)
            context.add_cookies([{"name": "django_language", "value": language, "url": self.base}])
            contexts.append(context)
            page = context.new_page()
            self.watch(page, who)
            return page

        start = {"cpu": rng.choice(["cpu-easy", "cpu-medium", "cpu-hard"]), "hotseat": "hotseat"}
        aki = new_page("aki")
        try:
            if not self.open_room(aki, start.get(mode, "friend")):
                return "refused"
            pages = {"aki": aki}
            if mode == "friend":
                ben = new_page("ben")
                ben.goto(aki.url)
                if rng.random() < 0.5:  # the name is optional: "Player 2" without one
                    ben.fill("#join-name", "Ben")
                ben.click("form.join-form button[type=submit]")
                ben.wait_for_load_state()
                if not ben.locator("form.leave-form").count():
                    self.note("ben pressed 'Take a free seat' and has no seat")
                aki.click("form.start-form button[type=submit]")
                aki.wait_for_load_state()
                pages["ben"] = ben
            aki.wait_for_selector('.room[data-connected="true"]', state="attached")
            return self.run(pages, contexts[-1] if mode == "friend" else None)
        finally:
            for context in contexts:
                context.close()

    def run(self, pages: dict[str, Page], ben_context) -> str:
        aki = pages["aki"]
        url = aki.url
        began = last_change = time.time()
        last = None
        away_until = None
        again = 0
        while time.time() - began < 600:
            version = aki.evaluate(LOOK)["version"]
            if version != last:
                last, last_change = version, time.time()
            if time.time() - last_change > STUCK_SECONDS:
                self.note(f"the table stopped at version {version}: {url}")
                return "stuck"
            for who, page in list(pages.items()):
                if self.step(page, who) == "over":
                    print(f"  {aki.locator('#settlement .winner').text_content()}", flush=True)
                    if again or self.rng.random() < 0.5:
                        return "over"
                    again = 1
                    self.play_again(list(pages.values()))
                    began = last_change = time.time()
                    break
            if ben_context is not None:
                if "ben" in pages and away_until is None and self.rng.random() < 0.005:
                    pages.pop("ben").close()  # Ben's tab closes: the CPU plays for him meanwhile
                    away_until = time.time() + self.rng.choice([5, 45])
                elif away_until is not None and time.time() > away_until:
                    ben = ben_context.new_page()
                    self.watch(ben, "ben")
                    ben.goto(url)
                    pages["ben"], away_until = ben, 0  # once a game
            time.sleep(0.1)
        self.note(f"the match did not end in 10 minutes: {url}")
        return "long"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=["cpu", "hotseat", "friend", "mixed"], default="mixed")
    parser.add_argument(
        "--webgl", action="store_true", help="draw the 3D table too (software WebGL: slower)"
    )
    args = parser.parse_args()
    soak = Soak(args.url, random.Random(args.seed), table3d=args.webgl)
    outcomes: dict[str, int] = {}
    began = time.time()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless=new", "--no-sandbox"]
            + (WEBGL if args.webgl else ["--disable-webgl", "--disable-3d-apis"]),
        )
        for game in range(args.games):
            soak.game = game
            mode = args.mode
            if mode == "mixed":
                mode = soak.rng.choice(["cpu", "hotseat", "friend"])
            print(f"game {game} ({mode})", flush=True)
            outcome = soak.play(browser, mode)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        browser.close()
    print(f"{args.games} games in {time.time() - began:.0f} s: {outcomes}")
    print(f"{soak.spot_questions} joker spots asked")
    print(f"{len(soak.problems)} problems")
    for problem in soak.problems:
        print(f"  {problem}")
    return 1 if soak.problems else 0


if __name__ == "__main__":
    sys.exit(main())
