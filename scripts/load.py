#!/usr/bin/env python
"""Load on the room sockets, measured: N tables of 4 people each playing at a steady move rate.

    .venv/bin/python scripts/load.py --tables 100 --duration 60              # SQLite, 1 process
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python scripts/load.py --tables 100 --duration 60 --processes 2
    .venv/bin/python scripts/load.py --url http://127.0.0.1:8000 --tables 20  # a running site

It starts its own daphne processes (`--processes`, on free loopback ports, a private database:
a temporary SQLite file, or `sevens_load_<pid>` on the PostgreSQL of DATABASE_URL, migrated and
dropped) unless `--url` points at running ones, and stops them at the end.

Each table is a friend room whose 4 seats are taken by 4 browsers (sessions) through the site's
own forms; seat i of table t connects to process (t + i) mod P, so with several processes every
room spans them. Once a second per table (`--rate`), the seat to act sends its first legal move
with the version it shows. Measured: the time from that send to the arrival of a frame of a newer
version at each of the 4 seats (p50/p95/p99, and the slowest of the four per move); a seat that
gets it later than `--late` seconds is late, never within `--lost` seconds lost. Forced passes
are left to the server. Bytes: the size of each pushed frame, and of the first (full) frame. CPU:
the servers' CPU time per move sent over the measured seconds, and the cores this client used.

The floor: before the tables, the same number of 4-socket groups on the bare echo consumer
(`ws/echo/<group>/`, the same servers, the same channel layer, no database or rendering) at the
same rate, measured the same way (`--echo-seconds`, 0 to skip).

`--hard N` adds N rooms against three Hard CPUs, kept busy by a bot in seat 0, to see what their
thinking costs the other tables. `--reconnect 0.1` is the soak: every minute 10 % of the sockets
close and reopen; at the end every seat must show its room's last version ("behind_at_end":
on PostgreSQL compared with the stored room, on SQLite with the table's other seats).
"""

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests import procs  # noqa: E402

VERSION = re.compile(r'data-version="(\d+)"')
BASE = re.compile(r'data-base="(\d+)"')


def sizes(samples: list[int]) -> dict:
    s = sorted(samples)
    if not s:
        return {"n": 0}
    return {"n": len(s), "p50": s[len(s) // 2], "p95": s[int(0.95 * len(s))], "max": s[-1]}


def percentiles(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0}
    s = sorted(samples)

    def at(p: float) -> float:
        return s[min(len(s) - 1, int(p * len(s)))] * 1000

    return {"n": len(s), "p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": s[-1] * 1000}


class Sock:
    """One socket: arrival time of each version, sizes of frames, and its latest frame."""

    def __init__(self, url: str, cookie: str | None, origin: str, stats: "Stats"):
        self.url, self.cookie, self.origin, self.stats = url, cookie, origin, stats
        self.version = -1
        self.arrived: dict[int, float] = {}
        self.held: dict | None = None  # the whole seat view, as the page holds it
        self.ws = None
        self.task: asyncio.Task | None = None
        self.waiters: list[tuple[int, asyncio.Future]] = []
        self.first = True
        self.open_since = 0.0

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        headers = {"Cookie": f"sessionid={self.cookie}"} if self.cookie else {}
        self.ws = await connect(
            self.url, origin=self.origin, additional_headers=headers, max_size=2**22
        )
        self.first = True
        self.open_since = time.monotonic()
        self.task = asyncio.get_running_loop().create_task(self.read())

    async def read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.ws:
                now = time.monotonic()
                size = len(text.encode())
                match = VERSION.search(text)
                if match is None:
                    self.stats.messages += 1  # an error or info fragment
                    if "message-error" in text:
                        self.stats.errors += 1
                        said = re.sub(r"<[^>]+>", "", text).strip()[:80]
                        self.stats.error_kinds[said] = self.stats.error_kinds.get(said, 0) + 1
                    continue
                version = int(match.group(1))
                if self.first:
                    self.stats.full_bytes.append(size)
                    self.first = False
                else:
                    self.stats.push_bytes.append(size)
                    if 'data-base="' in text:
                        self.stats.delta_bytes.append(size)
                        if size > len(self.stats.largest_delta.encode()):
                            self.stats.largest_delta = text
                if "table-state" in text:
                    self.take_state(text, version)
                if version > self.version:
                    self.version = version
                    self.arrived.setdefault(version, now)
                    for want, future in list(self.waiters):
                        if version >= want and not future.done():
                            future.set_result(now)
                    self.waiters = [(w, f) for w, f in self.waiters if not f.done()]

    def when(self, version: int) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        if self.version >= version:
            future.set_result(time.monotonic())
        else:
            self.waiters.append((version, future))
        return future

    def take_state(self, text: str, version: int) -> None:
        """What the page does with a frame's #table-state (panel.js): a whole table replaces the
        state held, a delta is merged into it when it names the version held (it carries only
        what changed), an older frame is ignored, and a delta for a version the socket does not
        hold makes it ask for the whole table."""
        held = self.held
        if held is not None and version <= held.get("version", -1):
            return
        base = BASE.search(text)
        if base is None:
            self.held = procs.frame_state(text)
        elif held is not None and held.get("version") == int(base.group(1)):
            self.held = procs.merge_state(held, procs.frame_state(text), text)
        else:
            self.held = None
            self.stats.resyncs += 1
            asyncio.ensure_future(send(self, {"action": "resync"}))

    def state(self) -> dict | None:
        return self.held

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, 5)


class Stats:
    def __init__(self) -> None:
        self.seat_latency: list[float] = []
        self.move_latency: list[float] = []  # the slowest of the four seats
        self.late = self.lost = self.sent = self.errors = self.messages = 0
        self.full_bytes: list[int] = []
        self.push_bytes: list[int] = []
        self.delta_bytes: list[int] = []  # pushed frames that carry only what a move changed
        self.largest_delta = ""
        self.error_kinds: dict[str, int] = {}
        self.resyncs = 0  # deltas for a version the socket did not hold
        self.reconnects = 0
        self.failed_connects = 0

    def summary(self, label: str, late: float) -> dict:
        return {
            "label": label,
            "moves": self.sent,
            "seat": percentiles(self.seat_latency),
            "all4": percentiles(self.move_latency),
            f"late>{late}s": self.late,
            "lost": self.lost,
            "error_fragments": self.errors,
            "error_kinds": self.error_kinds,
            "gap_resyncs": self.resyncs,
            "full_frame_bytes": max(self.full_bytes, default=0),
            "push_bytes_p50": statistics.median(self.push_bytes) if self.push_bytes else 0,
            "push_bytes_max": max(self.push_bytes, default=0),
            "delta_share": round(len(self.delta_bytes) / len(self.push_bytes), 3)
            if self.push_bytes
            else 0,
            "delta_bytes": sizes(self.delta_bytes),
            "largest_delta": self.largest_delta,
            "reconnects": self.reconnects,
            "failed_connects": self.failed_connects,
        }


async def measure(socks: list[Sock], version: int, sent_at: float, args, stats: Stats):
    """Waits for `version` at every socket of a table and books the latencies."""
    futures = [s.when(version) for s in socks]
    done, pending = await asyncio.wait(futures, timeout=args.lost)
    times = []
    for future in futures:
        if future in done:
            delay = future.result() - sent_at
            stats.seat_latency.append(delay)
            times.append(delay)
            stats.late += delay > args.late
        else:
            future.cancel()
            stats.lost += 1
    if len(times) == len(socks):
        stats.move_latency.append(max(times))


async def drive_table(socks: list[Sock], args, stats: Stats, stop: float, echo: bool) -> None:
    await asyncio.sleep(random.random() / args.rate)  # spread the tables over the second
    tick = 1 / args.rate
    next_at = time.monotonic()
    counter = 0
    measuring: set[asyncio.Task] = set()
    while time.monotonic() < stop:
        next_at += tick
        if echo:
            counter += 1
            sent_at = time.monotonic()
            with contextlib.suppress(Exception):
                await socks[counter % 4].ws.send(f'<p data-version="{counter}">{"x" * 200}</p>')
            stats.sent += 1
            task = asyncio.ensure_future(measure(socks, counter, sent_at, args, stats))
        else:
            task = await move_once(socks, args, stats)
        if task is not None:
            measuring.add(task)
            task.add_done_callback(measuring.discard)
        await asyncio.sleep(max(0, next_at - time.monotonic()))
    if measuring:
        await asyncio.wait(measuring, timeout=args.lost + 1)


async def move_once(socks: list[Sock], args, stats: Stats):
    for seat, sock in enumerate(socks):
        state = sock.state()
        if not state or state.get("version") != sock.version:
            continue
        if state.get("status") == "between_rounds" and seat == 0:
            await send(sock, {"action": "next_round", "version": state["version"]})
            return None
        fields = procs.my_move(state)
        if fields is None or state.get("legal") == ["pass"]:
            continue  # not this seat's turn, or a forced pass the server makes
        sent_at = time.monotonic()
        await send(sock, fields)
        stats.sent += 1
        return asyncio.ensure_future(measure(socks, state["version"] + 1, sent_at, args, stats))
    return None


async def send(sock: Sock, fields: dict) -> None:
    body = {k: str(v) for k, v in fields.items()}
    with contextlib.suppress(Exception):
        await sock.ws.send(json.dumps({**body, "HEADERS": {"HX-Request": "true"}}))


async def hard_table(sock: Sock, stop: float) -> None:
    """Seat 0 against three Hard CPUs: plays as soon as it is its turn, so they think nonstop."""
    while time.monotonic() < stop:
        state = sock.state()
        if state and state.get("version") == sock.version:
            if state.get("status") == "between_rounds":
                await send(sock, {"action": "next_round", "version": state["version"]})
            elif fields := procs.my_move(state):
                await send(sock, fields)
        await asyncio.sleep(0.2)


async def soak(all_socks: list[Sock], share: float, stop: float, stats: Stats) -> None:
    while time.monotonic() + 60 < stop:
        await asyncio.sleep(60)
        for sock in random.sample(all_socks, max(1, int(share * len(all_socks)))):
            await sock.close()
            sock.version, sock.held = -1, None
            for _attempt in range(5):  # a loaded server may drop a handshake: try again
                try:
                    await sock.open()
                    break
                except Exception:
                    stats.failed_connects += 1
                    await asyncio.sleep(1)
            stats.reconnects += 1


# Setting up


def make_table(base: str, rounds: int) -> tuple[str, list[str]]:
    slug, browsers = procs.friend_table(base, rounds=rounds)
    return slug, [b.session for b in browsers]


def make_hard_room(base: str) -> tuple[str, str]:
    browser = procs.Browser(base)
    return procs.open_room(browser, "cpu-hard", rounds=5), browser.session


async def open_tables(servers: list[str], count: int, args, stats: Stats):
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(args.setup_threads) as pool:
        made = await asyncio.gather(
            *[
                loop.run_in_executor(pool, make_table, servers[t % len(servers)], args.rounds)
                for t in range(count)
            ]
        )
    tables = []
    for t, (slug, sessions) in enumerate(made):
        socks = []
        for seat, session in enumerate(sessions):
            base = servers[(t + seat) % len(servers)]
            ws = base.replace("http://", "ws://") + f"/ws/room/{slug}/"
            socks.append(Sock(ws, session, base, stats))
        tables.append((slug, socks))
    for _slug, socks in tables:
        for sock in socks:
            await open_retrying(sock, stats)
    return tables


async def open_retrying(sock: Sock, stats: Stats) -> None:
    for attempt in range(5):
        try:
            return await sock.open()
        except Exception:
            stats.failed_connects += 1
            if attempt == 4:
                raise
            await asyncio.sleep(1)


async def open_echo(servers: list[str], count: int, stats: Stats):
    groups = []
    tag = f"{os.getpid()}{random.randrange(10**6)}"
    for g in range(count):
        socks = []
        for seat in range(4):
            base = servers[(g + seat) % len(servers)]
            ws = base.replace("http://", "ws://") + f"/ws/echo/load-{tag}-{g}/"
            socks.append(Sock(ws, None, base, stats))
        groups.append(socks)
    for socks in groups:
        for sock in socks:
            await sock.open()
    await asyncio.sleep(1)
    return groups


async def run(servers: list[str], args) -> list[dict]:
    results = []
    if args.echo_seconds > 0:
        echo_stats = Stats()
        groups = await open_echo(servers, args.tables, echo_stats)
        stop = time.monotonic() + args.echo_seconds
        await asyncio.gather(*[drive_table(g, args, echo_stats, stop, True) for g in groups])
        for socks in groups:
            for sock in socks:
                await sock.close()
        results.append(echo_stats.summary("echo floor", args.late))

    stats = Stats()
    started = time.monotonic()
    tables = await open_tables(servers, args.tables, args, stats)
    hard = []
    if args.hard:
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(args.setup_threads) as pool:
            made = await asyncio.gather(
                *[
                    loop.run_in_executor(pool, make_hard_room, servers[h % len(servers)])
                    for h in range(args.hard)
                ]
            )
        for h, (slug, session) in enumerate(made):
            base = servers[h % len(servers)]
            sock = Sock(
                base.replace("http://", "ws://") + f"/ws/room/{slug}/", session, base, Stats()
            )
            await sock.open()
            hard.append(sock)
    print(f"set up {len(tables)} tables in {time.monotonic() - started:.1f} s", file=sys.stderr)
    await asyncio.sleep(1)
    cpu_before = cpu_seconds(args.server_pids), time.process_time()
    stop = time.monotonic() + args.duration
    all_socks = [s for _slug, socks in tables for s in socks]
    jobs = [drive_table(socks, args, stats, stop, False) for _slug, socks in tables]
    jobs += [hard_table(sock, stop) for sock in hard]
    if args.reconnect:
        jobs.append(soak(all_socks, args.reconnect, stop, stats))
    await asyncio.gather(*jobs)
    spent = cpu_seconds(args.server_pids) - cpu_before[0], time.process_time() - cpu_before[1]
    await asyncio.sleep(2)
    summary = stats.summary("rooms", args.late)
    # What the moves cost, less bound to how busy the machine was than the latencies: the
    # servers' CPU time over the measured seconds (their own processes, not a CPU pool's), per
    # move sent; and the share of a core this client used.
    if args.server_pids:
        summary["server_cpu_ms_per_move"] = round(1000 * spent[0] / max(1, stats.sent), 2)
        summary["server_cpu_cores"] = round(spent[0] / args.duration, 2)
    summary["client_cpu_cores"] = round(spent[1] / args.duration, 2)
    summary["behind_at_end"] = await behind(tables, args)
    results.append(summary)
    for sock in [*all_socks, *hard]:
        await sock.close()
    return results


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far (Linux /proc)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


async def behind(tables, args) -> int:
    """Seats whose last version is not their table's last version (after a quiet second)."""
    if not args.db_url:
        return sum(
            1 for _slug, socks in tables for s in socks if s.version < max(x.version for x in socks)
        )
    db = procs.ScaleDatabase.__new__(procs.ScaleDatabase)
    db.url = args.db_url
    count = 0
    for slug, socks in tables:
        version = db.room(slug)["version"]
        count += sum(1 for s in socks if s.version < version)
    return count


# Servers


def spawn(args) -> tuple[list[procs.Server], object]:
    env_db = os.environ.get("DATABASE_URL", "")
    cleanup = None
    if env_db.startswith(("postgres://", "postgresql://")):
        db = procs.ScaleDatabase(env_db, f"sevens_load_{os.getpid()}").create()
        url, cleanup = db.url, db.drop
    else:
        path = Path(tempfile.mkdtemp(prefix="sevens-load-")) / "load.sqlite3"
        url = f"sqlite:///{path}"
        import subprocess

        env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings"}
        subprocess.run(
            [procs.PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
    args.db_url = url if url.startswith("postgres") else None
    redis = os.environ.get("REDIS_URL", "")
    if args.processes > 1 and not redis:
        sys.exit("several processes need REDIS_URL (the in-memory layer is per process)")
    servers = []
    for _ in range(args.processes):
        env = procs.server_env(
            url,
            redis,
            f"sevens-load-{os.getpid()}",
            SEVENS_ECHO=1,
            SEVENS_CPU_DELAY=args.cpu_delay,
            SEVENS_WS_BUDGET=10**6,
        )
        if not redis:
            env.pop("REDIS_URL")
        servers.append(procs.Server(env, name=f"load{len(servers) + 1}").start(timeout=60))
    return servers, cleanup


def machine() -> str:
    cores = os.cpu_count()
    load = os.getloadavg()
    return f"{platform.node()} {platform.machine()} {cores} cores, load {load[0]:.1f} at start"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", action="append", help="a running server (repeat for several)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rate", type=float, default=1.0, help="moves per second per table")
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--echo-seconds", type=float, default=15)
    parser.add_argument("--late", type=float, default=1.0)
    parser.add_argument("--lost", type=float, default=10.0)
    parser.add_argument("--hard", type=int, default=0, help="rooms against three Hard CPUs")
    parser.add_argument("--reconnect", type=float, default=0.0, help="share reconnecting a minute")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cpu-delay", type=float, default=0.3)
    parser.add_argument("--setup-threads", type=int, default=8)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()

    at_start = machine()
    print(at_start, file=sys.stderr)
    servers, cleanup = [], None
    args.db_url = None
    args.server_pids = []
    try:
        if args.url:
            bases = args.url
        else:
            servers, cleanup = spawn(args)
            bases = [s.base for s in servers]
            args.server_pids = [s.popen.pid for s in servers]
        results = asyncio.run(run(bases, args))
    finally:
        for server in servers:
            server.stop()
        if cleanup:
            cleanup()
    setup = {
        "tables": args.tables,
        "sockets": args.tables * 4,
        "rate": args.rate,
        "duration": args.duration,
        "processes": len(bases),
        "database": "postgresql" if os.environ.get("DATABASE_URL") else "sqlite",
        "layer": "redis" if os.environ.get("REDIS_URL") else "in-memory",
        "hard": args.hard,
        "reconnect": args.reconnect,
        "machine": at_start,
        "load_at_end": os.getloadavg()[0],
    }
    out = {"setup": setup, "results": results}
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
