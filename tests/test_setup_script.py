"""bin/setup installs the packages once per pyproject.toml: after the test set-up (the dev
packages, which hold the site's), the site's set-up installs nothing again. A reinstall re-ran
pip over a virtual environment in use, and, run in another checkout sharing it, pointed its
editable install there."""

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.pure

ROOT = Path(__file__).resolve().parent.parent


def fake_checkout(tmp_path: Path) -> Path:
    (tmp_path / "bin").mkdir()
    shutil.copy(ROOT / "bin" / "setup", tmp_path / "bin" / "setup")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    for tool in ("python", "pip"):
        (venv / tool).write_text(f'#!/bin/sh\necho "{tool} $*" >> "$(dirname "$0")/../calls"\n')
        (venv / tool).chmod(0o755)
    return tmp_path


def run_setup(checkout: Path, *args: str) -> list[str]:
    subprocess.run(["bash", "bin/setup", *args], cwd=checkout, check=True, timeout=60)
    calls = checkout / ".venv" / "calls"
    return calls.read_text().splitlines() if calls.exists() else []


def test_the_site_set_up_after_the_test_set_up_installs_nothing(tmp_path):
    checkout = fake_checkout(tmp_path)
    digest = hashlib.sha1((checkout / "pyproject.toml").read_bytes()).hexdigest()[:12]
    (checkout / ".venv" / f".installed-dev-{digest}").touch()
    calls = run_setup(checkout)
    assert not [c for c in calls if c.startswith("pip")]
    assert "python manage.py migrate --noinput -v 0" in calls


def test_a_fresh_environment_gets_the_sites_packages(tmp_path):
    checkout = fake_checkout(tmp_path)
    calls = run_setup(checkout)
    assert "pip install --quiet -e ." in calls
