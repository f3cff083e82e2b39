#!/usr/bin/env python
"""Measures what a finger has to press on the 3D table: for every card of the player's hand, the
width and height (CSS pixels) of the strip that picks it, through its index corner, on phone and
desktop screens, with 3 and 4 players, from a full hand down (the demo page's `warm` moves).

    .venv/bin/python scripts/bench_hand_targets.py
    .venv/bin/python scripts/bench_hand_targets.py --url http://127.0.0.1:8000/dev/table-demo/

Without --url it starts its own server (DEBUG=1, so /dev/table-demo/ answers) on a free port and
stops it at the end. Prints, per screen, players and hand size, the rows the hand takes and the
narrowest and lowest strip of any card (the table's pick, `sevensTable.table.pick`, as a press
finds it).
"""

import argparse
import shutil

from bench_table import ARGS, start_server
from playwright.sync_api import sync_playwright

SCREENS = [(320, 568), (360, 740), (390, 844), (412, 915), (844, 390), (1280, 800)]
STRIPS = """() => { const t = sevensTable.table, out = [];
  const hand = sevensTable.view.hand || [], zs = [];
  for (const c of hand) {
    const p = sevensTable.handCardOnScreen(c);
    zs.push(t.cards.get(c).position.z);
    let w = 0, h = 0;
    for (let d = -80; d <= 80; d++) {
      if (t.pick(p.x + d, p.y) === c) w++;
      if (t.pick(p.x, p.y + d) === c) h++;
    }
    out.push([w, h]);
  }
  // Two rows lie a row's step apart (about a card's width); one row's fan curves by half that.
  zs.sort((a, b) => a - b);
  const rows = zs.some((z, i) => i && z - zs[i - 1] > 0.6) ? 2 : 1;
  return {n: hand.length, rows, strips: out}; }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="the demo page (default: a server of its own)")
    opts = parser.parse_args()
    proc, url = (None, opts.url) if opts.url else start_server()
    try:
        with sync_playwright() as p:
            chromium = shutil.which("chromium") or "/usr/bin/chromium"
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            print("screen     players cards rows  narrowest  lowest (CSS px)")
            for width, height in SCREENS:
                phone = width < 900
                for players in (3, 4):
                    for warm in (0, 4, 8, 12):
                        context = browser.new_context(
                            viewport={"width": width, "height": height},
                            is_mobile=phone,
                            has_touch=phone,
                        )
                        page = context.new_page()
                        page.goto(f"{url}?cpu=0&players={players}&warm={warm}")
                        page.wait_for_function("() => window.sevensTable && sevensTable.ready")
                        page.evaluate(
                            "() => { sevensTable.skip(); sevensTable.table.renderNow(); }"
                        )
                        got = page.evaluate(STRIPS)
                        context.close()
                        if not got["strips"]:
                            continue
                        w = min(s[0] for s in got["strips"])
                        h = min(s[1] for s in got["strips"])
                        rows = got["rows"]
                        print(
                            f"{width}x{height:<5} {players:>7} {got['n']:>5} {rows:>4}"
                            f"  {w:>9}  {h:>6}"
                        )
            browser.close()
    finally:
        if proc:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
