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
