"""Settings read in a process of their own, under an environment the test gives: how
config/settings.py reads the environment when a process starts. Such a process opens no
connection, so these tests are the same on any database."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def settings_process(
    code: str, env: dict, *, drop=(), drop_prefixes=()
) -> subprocess.CompletedProcess:
    """Runs `code` after the settings load, in this environment less the variables `drop` (and
    those starting with `drop_prefixes`), plus `env` (a value of None leaves its variable out)."""
    clean = {
        k: v for k, v in os.environ.items() if k not in drop and not k.startswith(drop_prefixes)
    }
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={k: v for k, v in clean.items() if v is not None},
        capture_output=True,
        text=True,
        timeout=60,
    )


def settings_json(code: str, env: dict, **leave_out):
    """What `code` printed last, as JSON; the process must have started."""
    out = settings_process(code, env, **leave_out)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])
