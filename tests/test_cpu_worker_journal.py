"""The CPU worker says in its service's journal that it started, with its timings, and that it
stopped, also when systemd stops it with SIGTERM (which otherwise ends a process silently)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_worker_logs_its_start_and_its_stop(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.pop("REDIS_URL", None)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, cwd=ROOT, check=True, timeout=120)
    worker = subprocess.Popen(
        [*manage, "run_cpu_worker", "--poll", "0.1"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        first = worker.stdout.readline()
        while "CPU worker started" not in first and time.monotonic() < deadline:
            first = worker.stdout.readline()
        assert "INFO rooms.cpu_worker CPU worker started" in first and "polls every 0.10 s" in first
        worker.send_signal(signal.SIGTERM)
        rest, _ = worker.communicate(timeout=30)
    finally:
        if worker.poll() is None:
            worker.kill()
    assert "INFO rooms.cpu_worker CPU worker stopped" in rest
    assert worker.returncode == 0


def test_a_poll_or_stall_it_cannot_use_is_refused_before_it_starts(tmp_path):
    """--poll -1 crashed the worker at its first idle pass ("sleep length must be non-negative"),
    and systemd restarted it every second; --poll 0 kept a core busy. Both are refused at once,
    with the flag named, and so is a negative --stall or a NaN."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.pop("REDIS_URL", None)
    manage = [sys.executable, str(ROOT / "manage.py"), "run_cpu_worker"]
    for flags, said in [
        (["--poll", "-1"], "--poll -1.0: a number of seconds above 0 is expected"),
        (["--poll", "0"], "--poll 0.0: a number of seconds above 0 is expected"),
        (["--poll", "nan"], "--poll nan: a number of seconds above 0 is expected"),
        (["--stall", "-5", "--once"], "--stall -5.0: a number of seconds, 0 or more, is expected"),
    ]:
        out = subprocess.run(
            [*manage, *flags], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert out.returncode == 1
        assert out.stderr.strip() == f"CommandError: {said}"
