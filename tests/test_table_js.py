"""The 3D table's pure parts (layout positions, the fan, what lights up, the joker pair) are tested
in JavaScript with node's own test runner; this runs them as part of the suite."""

import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.pure

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_it_passes_the_tables_javascript_unit_tests():
    result = subprocess.run(
        ["node", "--test", "static/table/test/"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
