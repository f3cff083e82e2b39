"""One Playwright driver, and one chromium per set of flags, for the whole test session.

Starting Playwright's driver (a node process) and a chromium, then closing both, took 1.6–2.2 s a
test class on the 2 vCPUs under load (docs/benchmarks.md), and there are some fifty classes and
modules that drive a browser. They now borrow the session's: a test class or a module's fixture
takes a `Lease` on a set of chromium flags (the harness's, without WebGL; SwiftShader's, for the
3D table; ...) and ends it when it is done. What was opened on the browsers during a lease (their
browser contexts, each test's own cookies, storage and cache) is closed when it ends, so nothing a
class left open goes on running, or is seen, after it. tests/conftest.py stops it all when the
session ends.

Playwright's sync API keeps its event loop marked as running in this thread between its calls (its
dispatcher greenlet is suspended inside the loop). While a lease runs that stays so, as it always
was inside a browser class (see orm_beside_playwright). When the last lease ends the mark is taken
off: left on, every later test of the session would see a running loop (Django refuses the ORM
then, and an async test cannot start its own loop). The next lease puts it back before any call.

This module is imported as `tests.browser.shared_browser` alone: browser_support and
table3d_support are imported under two names (from tests/browser and from tests/), and their two
copies must share the one driver.
"""

import asyncio
import contextlib
import os
import shutil

from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

_playwright: Playwright | None = None
_loop: asyncio.AbstractEventLoop | None = None
_browsers: dict[tuple[str, ...], Browser] = {}
_leases = 0
# The pipes to the driver. A live-server test class forks its server process while the driver
# runs (LiveRoomTestCase): the child closes its copies, so that the driver's input still ends
# when this process does, whatever became of the child. Each with the pipe it was opened on: a
# number the driver's end freed (a driver that died) may have been given to another file since.
_driver_pipes: dict[int, str] = {}


def _close_driver_pipes_in_child() -> None:
    for fd, pipe in _driver_pipes.items():
        with contextlib.suppress(OSError):
            if os.readlink(f"/proc/self/fd/{fd}") == pipe:
                os.close(fd)
    _driver_pipes.clear()


os.register_at_fork(after_in_child=_close_driver_pipes_in_child)


def _open_fds() -> set[int]:
    return {int(fd) for fd in os.listdir("/proc/self/fd")}


def _start() -> None:
    global _playwright, _loop
    before = _open_fds()
    _playwright = sync_playwright().start()
    _loop = asyncio.get_running_loop()  # marked running by the start, see above
    for fd in _open_fds() - before:
        with contextlib.suppress(OSError):
            pipe = os.readlink(f"/proc/self/fd/{fd}")
            if pipe.startswith("pipe:"):
                _driver_pipes[fd] = pipe


def _contexts() -> list[BrowserContext]:
    return [c for b in _browsers.values() if b.is_connected() for c in b.contexts]


class Lease:
    """The session's chromium for `args` (launched on first use, or again after a crash), or the
    driver alone when `args` is None; `end()` closes what was opened on the browsers since."""

    def __init__(self, args: list[str] | None = None):
        global _leases
        if _playwright is None:
            _start()
        elif _leases == 0:
            asyncio._set_running_loop(_loop)  # type: ignore[attr-defined]
        _leases += 1
        try:
            assert _playwright is not None
            self.playwright = _playwright
            self.browser: Browser | None = None
            if args is not None:
                key = tuple(args)
                browser = _browsers.get(key)
                if browser is None or not browser.is_connected():
                    browser = _playwright.chromium.launch(executable_path=CHROMIUM, args=args)
                    _browsers[key] = browser
                self.browser = browser
            self._before = {id(c) for c in _contexts()}
        except BaseException:
            self._release()
            raise
        self._ended = False

    def end(self) -> None:
        if self._ended:
            return
        self._ended = True
        try:
            for context in _contexts():
                if id(context) not in self._before:
                    with contextlib.suppress(Exception):
                        context.close()
        finally:
            self._release()

    @staticmethod
    def _release() -> None:
        global _leases
        _leases -= 1
        if _leases == 0:
            asyncio._set_running_loop(None)  # type: ignore[attr-defined]


def stop() -> None:
    """Closes the browsers and the driver (the end of the session)."""
    global _playwright, _loop, _leases
    if _playwright is None:
        return
    if _leases == 0:
        asyncio._set_running_loop(_loop)  # type: ignore[attr-defined]
    try:
        for browser in _browsers.values():
            with contextlib.suppress(Exception):
                browser.close()
        _playwright.stop()
    finally:
        asyncio._set_running_loop(None)  # type: ignore[attr-defined]
        _browsers.clear()
        _driver_pipes.clear()
        _playwright, _loop, _leases = None, None, 0
