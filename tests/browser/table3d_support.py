"""The 3D table's browser tests: its bundle, chromium with software WebGL, and the demo page.

The demo page (`/dev/table-demo/`, rooms/table_demo.py) runs a fake room in the browser, so these
tests need no socket and no database: a live-server thread serves the page and the static files. The real room page is covered by test_table3d_room.py.
"""

import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser import shared_browser

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "static" / "build" / "table.js"
SOURCES = ROOT / "static" / "table" / "src"
ARTIFACTS = ROOT / "test-artifacts"
BASE_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
WEBGL_ARGS = [*BASE_ARGS, "--use-angle=swiftshader", "--enable-unsafe-swiftshader"]
NO_WEBGL_ARGS = [*BASE_ARGS, "--disable-webgl", "--disable-3d-apis"]
TIMEOUT_MS = 15_000

# The far seats' name tags the table's message covers (their words), once drawn where they lie.
FAR_TAGS_UNDER_MESSAGE = """() => {
  const m = document.querySelector('#table3d [data-table3d-message]').getBoundingClientRect();
  return [...document.querySelectorAll('#table3d .table3d-tag:not(.near)')].filter((t) => {
    const r = t.getBoundingClientRect();
    return r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom;
  }).map((t) => t.textContent);
}"""


def ensure_bundle() -> None:
    """Builds static/build/table.js when it is missing or older than its sources."""
    newest = max(p.stat().st_mtime for p in SOURCES.glob("*.js"))
    if BUNDLE.exists() and BUNDLE.stat().st_mtime >= newest:
        return
    if not shutil.which("npm") or not (ROOT / "node_modules").exists():
        pytest.skip("the 3D table's bundle is not built (run bin/setup)")
    subprocess.run(["npm", "run", "--silent", "build"], cwd=ROOT, check=True)


@pytest.fixture(scope="module")
def playwright_driver():
    """The session's Playwright driver (tests/browser/shared_browser.py), for the module."""
    ensure_bundle()
    lease = shared_browser.Lease()
    try:
        yield lease.playwright
    finally:
        lease.end()


@pytest.fixture(scope="module")
def webgl_browser(playwright_driver):
    """The session's chromium with software WebGL; what the module opened on it is closed when the
    module ends."""
    lease = shared_browser.Lease(WEBGL_ARGS)
    try:
        yield lease.browser
    finally:
        lease.end()


@pytest.fixture(scope="module")
def demo_server():
    """Django's live-server thread without a database: the demo page needs none, and the shared
    file-based test database stays free for the tests that do."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread

    thread = LiveServerThread("127.0.0.1", StaticFilesHandler, connections_override={})
    thread.daemon = True
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    yield f"http://127.0.0.1:{thread.port}"
    thread.terminate()
    thread.join()


# The contexts open_table opened during the running test: closed when it ends (demo_url's
# teardown). Left open, each kept its page and its software-drawn table for the rest of the module,
# a demo's computers still playing on some.
OPENED = []


@pytest.fixture
def demo_url(demo_server, settings):
    settings.TABLE_DEMO = True
    yield f"{demo_server}/dev/table-demo/"
    while OPENED:
        OPENED.pop().close()


def open_table(browser, url: str, *, width=1280, height=800, **context_options) -> Page:
    """A page on `url` once the 3D table has drawn its first frame (or failed) and settled; its
    browser context is closed when the test ends."""
    context = browser.new_context(viewport={"width": width, "height": height}, **context_options)
    OPENED.append(context)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.sevensTable && (sevensTable.ready || sevensTable.failed)")
    return page


def settle(page: Page) -> None:
    """Ends the running animation and waits until the table is still."""
    page.evaluate("() => sevensTable.skip && sevensTable.skip()")
    page.wait_for_function("() => document.getElementById('table3d').dataset.moving === 'false'")


def click_on_table(page: Page, point: dict) -> None:
    box = page.locator("#table3d canvas").bounding_box()
    page.mouse.click(box["x"] + point["x"], box["y"] + point["y"])


def canvas_pixel(page: Page, png: bytes, point: dict) -> tuple[int, int, int]:
    """The colour at a canvas point (CSS pixels) of a screenshot of the canvas element."""
    return page.evaluate(
        """async ([b64, x, y]) => {
            // Decoded from bytes, not loaded from a data: address, which the site's policy
            // refuses to images (img-src 'self').
            const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
            const img = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
            const c = document.createElement('canvas');
            c.width = img.width; c.height = img.height;
            const ctx = c.getContext('2d');
            ctx.drawImage(img, 0, 0);
            const scale = img.width / document.querySelector('#table3d canvas').clientWidth;
            const d = ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
            return [d[0], d[1], d[2]];
        }""",
        [__import__("base64").b64encode(png).decode(), point["x"], point["y"]],
    )


def save(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    return path
