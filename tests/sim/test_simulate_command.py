"""`manage.py simulate`: flags, reports, logs, and clear failures."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.sevens import replay_log

ROOT = Path(__file__).resolve().parents[2]


def simulate(*args: str) -> str:
    out = StringIO()
    call_command("simulate", *args, stdout=out)
    return out.getvalue()


def seat_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("seat ")]


def test_it_reports_speed_and_mean_points_per_seat():
    text = simulate("--matches", "20", "--seed", "4")
    assert "matches/s" in text
    seats = seat_lines(text)
    assert len(seats) == 4
    assert all("95% CI" in line for line in seats)


def test_it_gives_the_same_matches_for_the_same_seed():
    def points(text):
        return [line.split("points")[0] for line in seat_lines(text)]

    first = simulate("--matches", "10", "--seed", "9", "--preset", "chinese")
    again = simulate("--matches", "10", "--seed", "9", "--preset", "chinese")
    other = simulate("--matches", "10", "--seed", "10", "--preset", "chinese")
    assert points(first) == points(again)
    assert points(first) != points(other)


def test_it_writes_one_replayable_log_per_match(tmp_path):
    simulate("--random-rules", "--players", "3", "--matches", "6", "--log-dir", str(tmp_path))
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    for path in files:
        log = json.loads(path.read_text())
        assert log["format"] == "sevens-log/1"
        match = replay_log(log)
        assert match.totals == log["totals"]
        assert match.rules.players == 3


def test_it_applies_set_options_over_the_preset(tmp_path):
    simulate(
        "--set", "joker=true", "--set", "ends=tunnel", "--set", "pass_limit=unlimited",
        "--matches", "2", "--log-dir", str(tmp_path),
    )  # fmt: skip
    rules = json.loads(next(tmp_path.glob("*.json")).read_text())["rules"]
    assert rules["joker"] is True and rules["ends"] == "tunnel" and rules["pass_limit"] is None


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--set", "pass_limit=7"], "pass_limit"),
        (["--set", "colour=red"], "OPTION=VALUE"),
        (["--set", "joker=true", "--preset", "chinese"], "joker"),
        (["--cpu", "random,random"], "4 levels"),
        (["--cpu", "random,random,random,grandmaster"], "grandmaster"),
        (["--matches", "0"], "--matches"),
    ],
)
def test_it_refuses_bad_values_with_a_clear_message_and_status_2(args, says):
    with pytest.raises(CommandError) as error:
        simulate(*args)
    assert error.value.returncode == 2
    assert says in str(error.value)


def test_it_exits_with_status_2_from_the_command_line():
    for args in (["--players", "5"], ["--set", "rounds=2"]):
        out = subprocess.run(
            [sys.executable, "manage.py", "simulate", *args],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert out.returncode == 2, out.stderr
        assert ("players" in out.stderr) or ("rounds" in out.stderr)


def test_a_log_dir_it_cannot_make_or_write_is_a_usage_error_not_a_traceback(tmp_path):
    a_file = tmp_path / "taken"
    a_file.write_text("")
    with pytest.raises(CommandError, match=r"^--log-dir .*taken: File exists$"):
        simulate("--matches", "1", "--log-dir", str(a_file))
    with pytest.raises(CommandError, match=r"^--log-dir .*: Not a directory$"):
        simulate("--matches", "1", "--log-dir", str(a_file / "logs"))
    with pytest.raises(CommandError, match=r"^--log-dir /proc: .*/proc/match-"):
        simulate("--matches", "1", "--log-dir", "/proc")
