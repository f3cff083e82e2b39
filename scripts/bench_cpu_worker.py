#!/usr/bin/env python
"""Measures the CPU worker (`manage.py run_cpu_worker`) with the rooms due at once thinking side
by side (`--jobs`): N rooms against three Hard CPUs each, every one at a CPU's turn and
fast-forwarded (no readable delay), played by one `--once` pass to the player's next turn.

    .venv/bin/python scripts/bench_cpu_worker.py --rooms 6 --jobs 1 2

Uses a database of its own (a new SQLite file under /tmp) and the servers' default pool of
processes. Prints, per --jobs, the wall time for all the rooms' CPU moves, the moves made, and
the moves a second.
"""

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=6)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    db = Path(tempfile.mkdtemp()) / "bench_worker.sqlite3"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{db}",
        SEVENS_CPU_IN_SERVER="0",
        SEVENS_CPU_DELAY="30",
        SEVENS_STALL_SECONDS="30",
    )
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    from rooms import services
    from rooms.models import Room

    call_command("migrate", verbosity=0)
    print(f"{args.rooms} rooms, 3 {args.level} CPUs each, {os.cpu_count()} CPUs on this machine")
    for jobs in args.jobs:
        slugs = []
        while len(slugs) < args.rooms:
            key = f"bench-{jobs}-{len(slugs)}-{time.monotonic_ns()}"
            room = services.create_room(
                rules=services_rules(), mode="cpu", level=args.level, names=["P"], session_key=key
            )
            if not Room.objects.get(pk=room.pk).auto_turn:
                continue  # the player's own turn first: no CPU move to measure
            services.fast_forward(room.slug, key)
            slugs.append(room.slug)
        before = moves(slugs)
        start = time.perf_counter()
        call_command("run_cpu_worker", "--once", "--jobs", str(jobs), stdout=io.StringIO())
        took = time.perf_counter() - start
        made = moves(slugs) - before
        print(
            f"--jobs {jobs}: {took:.2f} s for {made} CPU moves "
            f"({made / took:.1f} a second, {took / max(1, made):.2f} s a move)"
        )


def services_rules() -> dict:
    from games.sevens import RuleSet

    return RuleSet.preset("japanese", rounds=1).to_dict()


def moves(slugs: list[str]) -> int:
    from games.models import MatchRound

    return sum(  # the CPU seats' decisions (the player holds seat 0)
        1
        for r in MatchRound.objects.filter(match__room__slug__in=slugs)
        for e in r.events or []
        if e.get("seat") != 0 and e.get("type") in ("play", "pass", "joker")
    )


if __name__ == "__main__":
    main()
