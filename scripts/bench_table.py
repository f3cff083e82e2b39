#!/usr/bin/env python
"""Measures the 3D table: the time from page load to a playable table in headless chromium with
software WebGL, and the page's transfer size (gzip).

    .venv/bin/python scripts/bench_table.py            # the demo page, 7 runs per mode
    .venv/bin/python scripts/bench_table.py --room     # a real room against three computers
    .venv/bin/python scripts/bench_table.py --runs 11 --url http://127.0.0.1:8000/room/<slug>/

Without --url it starts its own server (DEBUG=1, so /dev/table-demo/ answers; with --room on a
scratch SQLite database in /tmp) on a free port and stops it at the end. With --room it opens the
home page, starts a match against three Easy computers, and then measures loads of that room's
page, each in a fresh context (empty cache) carrying the player's session. "Playable" is `sevensTable.readyAt`: the first frame that shows the state, with
input live (a press during the deal ends the deal); "settled" is when nothing moves any more.
Times are from navigation start. "cold" launches a new chromium per run (the GPU process starts
too), "warm" opens a new context (empty cache) in one running chromium.
"""

import argparse
import gzip
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str | None = None) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "DEBUG": "1"}
    if db:
        env["DATABASE_URL"] = f"sqlite:///{db}"
        env.pop("REDIS_URL", None)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
    proc = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/dev/table-demo/"
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit("the server did not start")


def make_room(browser, server: str) -> tuple[str, dict]:
    """Starts a match against three computers from the home page; returns its URL and session."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server + "/")
    page.fill('input[name="name"]', "Aki")
    page.click('button[value="cpu-easy"]')
    page.wait_for_url("**/room/*/")
    page.wait_for_function("() => window.sevensTable && sevensTable.ready", timeout=60_000)
    url, state = page.url, context.storage_state()
    context.close()
    return url, state


def one_run(browser, url: str, sizes: dict | None, state: dict | None = None) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, storage_state=state)
    page = context.new_page()
    if sizes is not None:

        def record(response):
            try:
                body = response.body()
            except Exception:
                return
            sizes[response.url] = (len(body), len(gzip.compress(body, compresslevel=9)))

        page.on("response", record)
    page.goto(url)
    page.wait_for_function(
        "() => window.sevensTable && (sevensTable.failed || sevensTable.settledAt)", timeout=30_000
    )
    result = page.evaluate(
        """() => ({
            failed: sevensTable.failed,
            ready: sevensTable.readyAt,
            settled: sevensTable.settledAt,
            firstRender: sevensTable.firstRenderMs,
            marks: Object.fromEntries(performance.getEntriesByType('mark')
                .map((m) => [m.name, m.startTime])),
        })"""
    )
    context.close()
    if result["failed"]:
        raise SystemExit("WebGL failed in this chromium")
    return result


def summary(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):.0f} ms (min {min(values):.0f}, max {max(values):.0f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--url", help="a page with the 3D table (default: the demo page)")
    parser.add_argument("--room", action="store_true", help="measure a real room against the CPU")
    opts = parser.parse_args()
    proc = None
    url = opts.url
    state = None
    db = None
    if not url:
        db = f"/tmp/sevens-bench-{os.getpid()}.sqlite3" if opts.room else None
        proc, url = start_server(db)
    try:
        with sync_playwright() as p:
            chromium = shutil.which("chromium") or "/usr/bin/chromium"
            if opts.room:
                browser = p.chromium.launch(executable_path=chromium, args=ARGS)
                url, state = make_room(browser, url.split("/dev/")[0])
                browser.close()
            sizes: dict = {}
            results = {"cold": [], "warm": []}
            for i in range(opts.runs):
                browser = p.chromium.launch(executable_path=chromium, args=ARGS)
                results["cold"].append(one_run(browser, url, sizes if i == 0 else None, state))
                browser.close()
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            one_run(browser, url, None, state)  # starts the GPU process; not counted
            for _ in range(opts.runs):
                results["warm"].append(one_run(browser, url, None, state))
            browser.close()
    finally:
        if proc:
            proc.terminate()
            proc.wait()
        if db:
            for suffix in ("", "-wal", "-shm"):
                Path(db + suffix).unlink(missing_ok=True)

    print(f"page: {url}")
    print(f"machine: {os.cpu_count()} CPUs, {cpu_model()}, load average {load()}")
    for mode, runs in results.items():
        print(f"{mode} ({len(runs)} runs):")
        print(f"  playable (first frame with the state): {summary([r['ready'] for r in runs])}")
        print(f"  settled (deal animation over):         {summary([r['settled'] for r in runs])}")
        boots = [r["marks"].get("table3d:boot", 0) for r in runs]
        gl = [r["marks"]["table3d:renderer"] - r["marks"]["table3d:boot"] for r in runs]
        print(f"  script starts:                         {summary(boots)}")
        print(f"  WebGL context and renderer:            {summary(gl)}")
        scene = [r["marks"]["table3d:state"] - r["marks"]["table3d:renderer"] for r in runs]
        print(f"  scene built from the state:            {summary(scene)}")
        print(
            f"  first render (shaders, textures):      {summary([r['firstRender'] for r in runs])}"
        )
    raw = sum(s[0] for s in sizes.values())
    gz = sum(s[1] for s in sizes.values())
    print(
        f"transfer: {raw / 1024:.0f} KB raw, {gz / 1024:.0f} KB gzip (level 9), {len(sizes)} files"
    )
    for u, (r, g) in sorted(sizes.items(), key=lambda kv: -kv[1][1]):
        print(f"  {g / 1024:7.1f} KB gzip  {r / 1024:7.1f} KB raw  {u}")


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


if __name__ == "__main__":
    main()
