"""games.sevens is a library: importing it loads no Django (STYLE.md, "The shape")."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import sys, games.sevens, games.sevens.bench, games.sevens.simulator\n"
    "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
)


def test_it_imports_no_django():
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "[]"
