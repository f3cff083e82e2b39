"""Starting real processes for the multi-process, fault and load tests: daphne servers, the CPU
worker, a private Redis, and a private PostgreSQL database; plus a browser-like HTTP client and a
WebSocket player that talk to them over loopback.

These tests run only on CI's second pass (PostgreSQL + Redis); `services` says why they skip.
Every process started here is stopped by the fixture that started it, even when a test fails.
"""

import asyncio
import contextlib
import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from rooms.table import legal_actions

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable
VERSION = re.compile(r'data-version="(\d+)"')
STATE = re.compile(r'<script id="table-state"[^>]*>(.*?)</script>', re.S)
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def services_reason() -> str | None:
    """Why the process tests cannot run here, or None when they can."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return "needs DATABASE_URL on PostgreSQL (CI's second pass runs it)"
    if not os.environ.get("REDIS_URL"):
        return "needs REDIS_URL (CI's second pass runs it)"
    return None


services = [
    pytest.mark.services,
    pytest.mark.skipif(services_reason() is not None, reason=services_reason() or ""),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate, timeout: float, what: str, every: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise TimeoutError(f"gave up waiting for {what} after {timeout} s")


# PostgreSQL: a database of our own, migrated by the real command, dropped afterwards.


def _pg(url: str, db: str | None = None):
    import psycopg

    parts = urllib.parse.urlsplit(url.replace("postgres://", "postgresql://", 1))
    if db is not None:
        parts = parts._replace(path=f"/{db}")
    return psycopg.connect(urllib.parse.urlunsplit(parts), autocommit=True, connect_timeout=5)


def db_url(base: str, name: str) -> str:
    parts = urllib.parse.urlsplit(base)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


class ScaleDatabase:
    """`<the run's database>_scale_<pid>` (`sevens_scale_<pid>` off a `sevens` run): created,
    migrated with `manage.py migrate`, dropped by `drop()`. Named after the run's database, so
    the runs of several developers on one server are told apart."""

    def __init__(self, base_url: str, name: str | None = None):
        self.base_url = base_url
        base = urllib.parse.urlsplit(base_url).path.strip("/") or "sevens"
        self.name = name or f"{base}_scale_{os.getpid()}"
        self.url = db_url(base_url, self.name)

    def create(self) -> "ScaleDatabase":
        with _pg(self.base_url, "postgres") as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{self.name}"')
        env = {**os.environ, "DATABASE_URL": self.url, "DJANGO_SETTINGS_MODULE": "config.settings"}
        subprocess.run(
            [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
            timeout=120,
        )
        return self

    def drop(self) -> None:
        with _pg(self.base_url, "postgres") as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def query(self, sql: str, *params):
        with _pg(self.url) as conn:
            return conn.execute(sql, params).fetchall()

    def room(self, slug: str) -> dict:
        row = self.query(
            "SELECT version, status, turn, auto_turn, match_id FROM rooms_room WHERE slug = %s",
            slug,
        )[0]
        return dict(zip(("version", "status", "turn", "auto_turn", "match_id"), row, strict=True))

    def events(self, slug: str) -> list[list[dict]]:
        """Every round's stored events of the room's match, in order."""
        rows = self.query(
            "SELECT r.events FROM games_matchround r JOIN rooms_room m ON m.match_id = r.match_id "
            "WHERE m.slug = %s ORDER BY r.number",
            slug,
        )
        return [r[0] for r in rows]


# Processes


class Proc:
    """A child process with its output in a log file (shown when a test fails)."""

    def __init__(self, name: str, args: list[str], env: dict):
        self.name, self.args, self.env = name, args, env
        self.log = Path(tempfile.mkstemp(prefix=f"sevens-{name}-", suffix=".log")[1])
        self.popen: subprocess.Popen | None = None

    def start(self) -> "Proc":
        out = self.log.open("ab")
        self.popen = subprocess.Popen(
            self.args, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT
        )
        out.close()
        return self

    @property
    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def kill(self) -> None:
        """SIGKILL: no cleanup, no goodbye to the sockets, as a crash would. Its own children (a
        server's CPU pool, about 160 MB each) outlive a SIGKILL (docs/deploy.md): they are killed
        after it, or every run of the fault tests left them behind for good."""
        if self.alive:
            children = subprocess.run(
                ["pgrep", "-P", str(self.popen.pid)], capture_output=True, text=True
            ).stdout.split()
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(timeout=10)
            for child in children:
                with contextlib.suppress(ProcessLookupError, ValueError):
                    os.kill(int(child), signal.SIGKILL)

    def stop(self) -> None:
        if self.alive:
            self.popen.terminate()
            try:
                self.popen.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.kill()

    def tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])


def server_env(database_url: str, redis_url: str, prefix: str, **extra) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "CHANNEL_PREFIX": prefix,  # keeps this run's groups apart from other runs on one Redis
        "DJANGO_SETTINGS_MODULE": "tests.procs_settings",
        "PYTHONPATH": str(ROOT),
        "PYTHONUNBUFFERED": "1",
        "LOG_LEVEL": "WARNING",
    }
    env.update({k: str(v) for k, v in extra.items()})
    return env


class Server(Proc):
    """One daphne process on a free loopback port."""

    def __init__(self, env: dict, port: int | None = None, name: str = "daphne"):
        self.port = port or free_port()
        daphne = str(Path(PYTHON).parent / "daphne")
        args = [daphne, "-b", "127.0.0.1", "-p", str(self.port), "config.asgi:application"]
        super().__init__(name, args, env)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> "Server":
        super().start()
        self.wait_healthy(timeout)
        return self

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.base}/health/", timeout=3) as response:
                return response.status == 200
        except (OSError, urllib.error.URLError):
            return False

    def wait_healthy(self, timeout: float = 30) -> None:
        def ready():
            if not self.alive:
                raise RuntimeError(f"{self.name} exited:\n{self.tail()}")
            return self.healthy()

        wait_for(ready, timeout, f"{self.name} on port {self.port} to answer /health/", 0.2)

    def restart(self, timeout: float = 30) -> "Server":
        self.kill()
        return self.start(timeout)


class Worker(Proc):
    """`manage.py run_cpu_worker`: plays CPU seats apart from the servers."""

    def __init__(self, env: dict, *extra_args: str):
        super().__init__("cpu-worker", [PYTHON, "manage.py", "run_cpu_worker", *extra_args], env)


class Redis(Proc):
    """A private redis-server on a free port, nothing kept on disk: killing and restarting it
    disturbs nobody else's tests."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.dir = tempfile.mkdtemp(prefix="sevens-redis-")
        args = [
            shutil.which("redis-server") or "redis-server",
            "--bind", "127.0.0.1",
            "--port", str(self.port),
            "--save", "",
            "--appendonly", "no",
            "--dir", self.dir,
        ]  # fmt: skip
        super().__init__("redis", args, dict(os.environ))

    def stop(self) -> None:
        super().stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "Redis":
        super().start()

        def up():
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s,
            ):
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
            return False

        wait_for(up, 10, f"redis on port {self.port}")
        return self


# HTTP: a browser with a cookie jar that fills in the CSRF token like the page's forms.


class Browser:
    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    @property
    def session(self) -> str | None:
        return self.cookie("sessionid")

    def get(self, path: str) -> tuple[int, str, str]:
        try:
            with self.opener.open(self.base + path, timeout=15) as r:
                return r.status, r.geturl(), r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, path, e.read().decode(errors="replace")

    def form_post(self, page_path: str, action: str, data: dict) -> tuple[int, str, str]:
        """Posts `data` to `action` with the CSRF token the page at `page_path` carries."""
        _status, _url, page = self.get(page_path)
        match = CSRF.search(page)
        payload = {"csrfmiddlewaretoken": match.group(1) if match else "", **data}
        body = urllib.parse.urlencode(payload, doseq=True).encode()
        request = urllib.request.Request(
            self.base + action, data=body, headers={"Referer": self.base + page_path}
        )
        try:
            with self.opener.open(request, timeout=15) as r:
                return r.status, r.geturl(), r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, action, e.read().decode(errors="replace")


RULES = {
    "players": "4",
    "rounds": "1",
    "pass_limit": "3",
    "pass_when_playable": "on",
    "ends": "none",
    "sevens": "laid_out",
    "ace": "low",
    "round_end": "last_player",
    "scoring": "rank_points",
}


def open_room(browser: Browser, start: str, name: str = "Aki", **rules) -> str:
    """Opens a room through the home page's form; returns its slug."""
    data = {**RULES, **{k: str(v) for k, v in rules.items()}, "name": name, "start": start}
    status, url, page = browser.form_post("/", "/new/", data)
    assert status == 200 and "/room/" in url, (status, url, page[:500])
    return url.rstrip("/").rsplit("/", 1)[-1]


def take_seat(browser: Browser, slug: str, name: str) -> None:
    status, _url, page = browser.form_post(f"/room/{slug}/", f"/room/{slug}/seat/", {"name": name})
    assert status == 200, (status, page[:500])


def start_room(browser: Browser, slug: str) -> None:
    status, _url, page = browser.form_post(f"/room/{slug}/", f"/room/{slug}/start/", {})
    assert status == 200, (status, page[:500])


def friend_table(base: str, names=("Aki", "Ben", "Chie", "Dan"), **rules) -> tuple[str, list]:
    """A friend room whose seats are all taken by people, started; returns (slug, browsers)."""
    browsers = [Browser(base) for _ in names]
    slug = open_room(browsers[0], "friend", names[0], players=len(names), **rules)
    for browser, name in zip(browsers[1:], names[1:], strict=True):
        take_seat(browser, slug, name)
    start_room(browsers[0], slug)
    return slug, browsers


# WebSocket: one seat's socket, keeping every frame with its arrival time.


def frame_version(frame: str) -> int | None:
    versions = [int(v) for v in VERSION.findall(frame)]
    return max(versions) if versions else None


def frame_state(frame: str) -> dict | None:
    match = STATE.search(frame)
    if not match or match.group(1).strip() in ("", "null"):
        return None
    return json.loads(match.group(1))


def merge_state(held: dict | None, new: dict | None, frame: str) -> dict | None:
    """What the page does (panel.js): a delta's state (it names its base version) holds only what
    changed, rows and seats by index; merged into the state held, it is the whole view again."""
    if new is None:
        return held
    if 'data-base="' not in frame or held is None:
        return new
    merged = dict(held)
    for key, value in new.items():
        if isinstance(merged.get(key), list) and isinstance(value, dict):
            items = list(merged[key])
            for index, item in value.items():
                items[int(index)] = item
            merged[key] = items
        else:
            merged[key] = value
    return merged


class Seat:
    """A player's socket on one server. `frames` holds (arrival time, text) of every frame."""

    def __init__(self, ws_base: str, slug: str, session: str | None, origin: str):
        self.url = f"{ws_base}/ws/room/{slug}/"
        self.session, self.origin = session, origin
        self.frames: list[tuple[float, str]] = []
        self.version = -1
        self.state: dict | None = None
        self.ws = None
        self.reader: asyncio.Task | None = None
        self.changed = asyncio.Event()
        self.closed: int | None = None

    async def open(self, timeout: float = 10) -> "Seat":
        from websockets.asyncio.client import connect

        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        self.ws = await asyncio.wait_for(
            connect(self.url, origin=self.origin, additional_headers=headers, max_size=2**22),
            timeout,
        )
        self.closed = None
        self.reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for text in self.ws:
                self.frames.append((time.monotonic(), text))
                version = frame_version(text)
                if version is not None and version >= self.version:
                    self.version = version
                    self.state = merge_state(self.state, frame_state(text), text)
                self.changed.set()
        except ConnectionClosed as closed:
            self.closed = closed.rcvd.code if closed.rcvd else 1006
        finally:
            if self.closed is None:
                self.closed = self.ws.close_code or 1006
            self.changed.set()

    async def send(self, **fields) -> None:
        body = {k: str(v) for k, v in fields.items()}
        await self.ws.send(json.dumps({**body, "HEADERS": {"HX-Request": "true"}}))

    async def until(self, predicate, timeout: float = 15):
        deadline = time.monotonic() + timeout
        while True:
            value = predicate(self)
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0 or (self.closed is not None and not value):
                raise TimeoutError(
                    f"{self.url}: version {self.version}, closed {self.closed}, "
                    f"{len(self.frames)} frames"
                )
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))

    async def at_least(self, version: int, timeout: float = 15) -> None:
        await self.until(lambda s: s.version >= version, timeout)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.reader, 5)

    def abandon(self) -> None:
        """Drops the socket without a close handshake (a crashed network)."""
        if self.reader is not None:
            self.reader.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.transport.abort()


async def seat_on(server: Server, slug: str, browser: Browser | None) -> Seat:
    return await Seat(server.ws, slug, browser.session if browser else None, server.base).open()


def my_move(state: dict) -> dict | None:
    """The first legal action of this seat's view, as the fields the page's form would send."""
    legal = legal_actions(state.get("legal") or []) if state else []
    if not legal or state.get("turn") != state.get("seat"):
        return None
    action = legal[0]
    fields = {"action": action["type"], "version": state["version"]}
    if action.get("card"):
        fields["card"] = action["card"]
    if action.get("spot"):
        fields["spot"] = action["spot"]
    return fields


# Fixtures: one migrated database per test run, and the processes of one test.

_database: ScaleDatabase | None = None


def scale_database() -> ScaleDatabase:
    """The run's database, created and migrated once and dropped when the run ends."""
    global _database
    if _database is None:
        import atexit

        _database = ScaleDatabase(os.environ["DATABASE_URL"]).create()
        atexit.register(_database.drop)
    return _database


class Cluster:
    """The processes of one test, sharing the run's database and one channel-layer prefix."""

    count = 0

    def __init__(self, db: ScaleDatabase, redis_url: str):
        Cluster.count += 1
        self.db, self.redis_url = db, redis_url
        self.prefix = f"sevens-scale-{os.getpid()}-{Cluster.count}"
        self.procs: list[Proc] = []

    def env(self, **extra) -> dict:
        return server_env(self.db.url, self.redis_url, self.prefix, **extra)

    def server(self, **extra) -> Server:
        server = Server(self.env(**extra), name=f"daphne{len(self.procs) + 1}")
        self.procs.append(server)
        return server.start()

    def worker(self, *args: str, **extra) -> Worker:
        worker = Worker(self.env(**extra), *args)
        self.procs.append(worker)
        return worker.start()

    def stop(self) -> None:
        for proc in reversed(self.procs):
            proc.stop()

    def logs(self) -> str:
        return "\n".join(f"--- {p.name} ({p.log})\n{p.tail()}" for p in self.procs)


@pytest.fixture
def cluster():
    reason = services_reason()
    if reason:
        pytest.skip(reason)
    c = Cluster(scale_database(), os.environ["REDIS_URL"])
    try:
        yield c
    finally:
        c.stop()
        print(c.logs())  # shown by pytest when the test failed


async def play_round(
    seats: list[Seat], db: ScaleDatabase, slug: str, timeout: float = 60, moves: int = 10**6
):
    """Whoever's turn it is plays its first legal action, until the round is over or `moves`
    were sent. After every move, every seat must see the new version. Returns the moves sent."""
    sent = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        room = db.room(slug)
        if room["status"] != "playing" or sent >= moves:
            return sent
        for seat in seats:
            await seat.at_least(room["version"])
        mover = next((s for s in seats if my_move(s.state)), None)
        if mover is None:  # a server move (a CPU, a forced pass) is due
            await asyncio.sleep(0.02)
            continue
        move = my_move(mover.state)
        await mover.send(**move)
        sent += 1
        # Wait past the version the move was made at: the room read above may be older than the
        # mover's view, and a view that still shows the old turn would send the move again.
        for seat in seats:
            await seat.at_least(int(move["version"]) + 1)
    facts = [
        (s.version, s.state and s.state.get("turn"), s.state and s.state.get("seat")) for s in seats
    ]
    raise TimeoutError(f"the round did not end in time: {sent} sent, {db.room(slug)}, {facts}")
