#!/usr/bin/env python
"""A move's server work in one process, without sockets: the write (`submit_action`, its commit
and the writer's kept read) and the four seats' frames (`frames.table_for` and the delta), as a
loaded server does them for each move. Prints milliseconds per move of each; `--profile` adds a
cProfile listing.

    .venv/bin/python scripts/bench_move.py --tables 20 --moves 600 [--language ja] [--profile]
    .venv/bin/python scripts/bench_move.py --database-url postgres://postgres@127.0.0.1:5432/bench
"""

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup_django(database_url: str | None = None) -> None:
    path = Path(tempfile.mkdtemp(prefix="sevens-bench-")) / "bench.sqlite3"
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{path}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, check=True)
    import django

    django.setup()


class NoLoop:
    """Stands for a server process's event loop: reads are kept, notices go nowhere."""

    def is_running(self) -> bool:
        return False

    def is_closed(self) -> bool:
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--language", default="en")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--database-url", help="a scratch database to use (default: a new SQLite file in /tmp)"
    )
    args = parser.parse_args()
    setup_django(args.database_url)

    from django.contrib.sessions.backends.db import SessionStore
    from django.utils import translation

    from games.sevens import RuleSet
    from rooms import announce, cpu, frames, services

    cpu.runner.loop = NoLoop()
    announce._send = lambda slug, message: None
    announce.kick = lambda slug: None
    clock = {"write": 0.0, "render": 0.0, "moves": 0, "bytes": 0}

    def session() -> str:
        store = SessionStore()
        store.create()
        return store.session_key

    def render(slug: str, keys: list[str], held: dict, version: int) -> None:
        started = time.process_time()
        snap = frames.read(slug, version)
        for key in keys:
            viewer, _hotseat = frames.viewer_of(snap, key)
            table = frames.table_for(snap, viewer, None)
            old = held.get(key)
            frame = frames.delta(old, table) if old is not None else None
            clock["bytes"] += len((frame or table.html()).encode())
            held[key] = table
        clock["render"] += time.process_time() - started

    def write(call, *a, **kw):
        started = time.process_time()
        result = call(*a, **kw)
        clock["write"] += time.process_time() - started
        return result

    def move(table: list) -> None:
        slug, keys, held, _version = table
        snap = frames.read(slug, table[3])
        room = snap.room
        if room.status == "between_rounds":
            version = write(services.next_round, slug, keys[0]).version
        elif room.status == "playing":
            legal = snap.state.legal_actions()
            act = next((a for a in legal if a.type == "play"), legal[0]).to_dict()
            result = write(
                services.submit_action, slug, room.turn, act, room.version, keys[room.turn]
            )
            version = result.version
            clock["moves"] += 1
        else:
            return
        table[3] = version
        render(slug, keys, held, table[3])
        while frames.read(slug, table[3]).room.auto_turn:  # forced passes, as the runner
            if (turn := cpu.plan(slug)) is None:
                break
            if not write(cpu.submit, turn, cpu.decide(turn)).ok:
                break
            table[3] += 1
            render(slug, keys, held, table[3])

    tables = []
    with translation.override(args.language):
        for _ in range(args.tables):
            keys = [session() for _ in range(4)]
            room = services.create_room(
                rules={**RuleSet().to_dict(), "rounds": 5},
                mode="friend",
                level=None,
                names=["Aki"],
                session_key=keys[0],
            )
            for index, name in enumerate(["Ben", "Chie", "Dan"], start=1):
                services.take_seat(room, index, name, keys[index])
            services.fill_and_start(room, keys[0])
            cpu.play_pending(room.slug)
            version = frames.read(room.slug).room.version
            tables.append([room.slug, keys, {}, version])
            render(room.slug, keys, tables[-1][2], version)

        def run(count: int) -> None:
            for i in range(count):
                move(tables[i % len(tables)])

        run(2 * args.tables)  # warm: every table's first deltas
        clock.update(write=0.0, render=0.0, moves=0, bytes=0)
        profiler = cProfile.Profile() if args.profile else None
        if profiler:
            profiler.enable()
        run(args.moves)
        if profiler:
            profiler.disable()
    n = max(1, clock["moves"])
    print(
        f"{clock['moves']} moves ({args.language}), per move: write {clock['write'] * 1000 / n:.2f} ms"
        f" cpu, 4 seats' frames {clock['render'] * 1000 / n:.2f} ms cpu,"
        f" {clock['bytes'] / n / 4:.0f} bytes a seat"
    )
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
