#!/usr/bin/env python
"""One server process serving match after match: its memory and its per-process structures.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/soak .venv/bin/python manage.py migrate
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/soak .venv/bin/python scripts/memory_soak.py \
        --matches 300

Each match is a room against three random CPUs (one round; Japanese and Chinese in turn) with its
player's socket open through the real consumer, the CPU runner of this process playing the
computers, the player's moves made through `services`; the socket closes at the end. Every tenth
of the run it prints the process's RSS and the size of every cache and table this process keeps
per room, per version or per socket (`rooms.frames`, `rooms.rounds`, `rooms.tableview`,
`rooms.table`, the CPU runner's tasks and presence, the channel layer's groups): each must stay
under its bound however many rooms the process has served. Run by hand, not in CI.
"""

import argparse
import asyncio
import gc
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SEVENS_CPU_DELAY", "0")
os.environ.setdefault("SEVENS_CPU_EXECUTOR", "thread")

import django  # noqa: E402

django.setup()

from channels.db import database_sync_to_async as db  # noqa: E402
from channels.layers import get_channel_layer  # noqa: E402
from channels.testing import WebsocketCommunicator  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402

from config.asgi import application  # noqa: E402
from games.sevens import PRESETS  # noqa: E402
from rooms import consumers, frames, rounds, services, table, tableview  # noqa: E402
from rooms.cpu import runner  # noqa: E402
from rooms.models import Room  # noqa: E402


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1])
    return 0


def sizes() -> dict[str, int]:
    layer = get_channel_layer()
    return {
        "cpu tasks": len(runner.tasks),
        "cpu again": len(runner.again),
        "present": len(runner.present),
        "channels": len(runner.channels),
        "closed": len(runner.closed),
        "reading": len(consumers.READING),
        "READS": len(frames.READS.data),
        "CONTEXTS": len(frames.CONTEXTS.data),
        "HTML": len(frames.HTML.data),
        "DIFFS": len(frames.DIFFS.data),
        "rounds": len(rounds._cache),
        "results": len(tableview._RESULTS.data),
        "rows": len(table._ROWS),
        "layer groups": len(getattr(layer, "groups", {})),  # in-memory layer
        "layer buffers": len(getattr(layer, "receive_buffer", {})),  # channels-redis
    }


def new_session() -> str:
    session = SessionStore()
    session.create()
    return session.session_key


def player_moves(slug: str, key: str) -> str:
    """The player's first legal move when it is their turn; the room's status otherwise."""
    room = Room.objects.get(slug=slug)
    if room.status != Room.Status.PLAYING:
        return room.status
    if room.auto_turn or room.turn != 0:
        return "wait"
    legal = services.legal_for(slug, 0)
    if legal:
        services.submit_action(slug, 0, legal[0], room.version, key)
    return "moved"


async def one_match(preset: str) -> None:
    key = await db(new_session)()
    rules = {**PRESETS[preset].to_dict(), "rounds": 1}
    room = await db(services.create_room)(
        rules=rules, mode="cpu", level="random", names=["Aki"], session_key=key
    )
    headers = [(b"origin", b"http://localhost"), (b"cookie", f"sessionid={key}".encode())]
    socket = WebsocketCommunicator(application, f"/ws/room/{room.slug}/", headers=headers)
    connected, _ = await socket.connect(timeout=10)
    assert connected
    for _ in range(5000):
        while not socket.output_queue.empty():  # the frames, read as a page would
            socket.output_queue.get_nowait()
        status = await db(player_moves)(room.slug, key)
        if status not in ("wait", "moved", Room.Status.PLAYING):
            break
        if status == "wait":
            await asyncio.sleep(0.005)
    await socket.disconnect(timeout=10)


async def main(matches: int) -> None:
    runner.bind()
    started = time.monotonic()
    print(f"start rss={rss_kb()} kB", sizes(), flush=True)
    for i in range(matches):
        await one_match(("japanese", "chinese")[i % 2])
        if (i + 1) % max(1, matches // 10) == 0:
            await asyncio.sleep(1)
            gc.collect()
            took = time.monotonic() - started
            print(f"{i + 1} matches {took:.0f} s rss={rss_kb()} kB", sizes(), flush=True)
    await runner.idle()
    await runner.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    asyncio.run(main(parser.parse_args().matches))
