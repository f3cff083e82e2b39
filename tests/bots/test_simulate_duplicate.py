"""`simulate --duplicate`: each deal once per rotation of the line-up; `--budget` sets a level's
time per decision."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.management.commands.simulate import with_budgets
from games.sevens import RuleSet
from games.sevens.simulator import rotation, simulate


def test_it_seats_every_entry_in_every_seat():
    seats = [rotation(4, shift) for shift in range(4)]
    for entry in range(4):
        assert sorted(r.index(entry) for r in seats) == [0, 1, 2, 3]


def test_it_plays_the_same_deal_in_every_rotation(tmp_path):
    rules = RuleSet.preset("japanese", rounds=1)
    report = simulate(
        rules, ["medium", "easy", "easy", "easy"], 3, 7, duplicate=True, log_dir=tmp_path
    )
    assert report.matches == 12 and report.deals == 3
    assert all(len(p) == 3 for p in report.points)
    for deal in range(1, 4):
        logs = [
            json.loads((tmp_path / f"match-7-{deal:05d}-r{r}.json").read_text()) for r in range(4)
        ]
        hands = {json.dumps(log["rounds"][0]["hands"]) for log in logs}
        assert len(hands) == 1
        # Seat 0 is entry 0 (medium) in rotation 0, entry 3 in rotation 1, …
        assert [log["seats"][0]["name"] for log in logs] == ["medium", "easy", "easy", "easy"]
        assert logs[1]["seats"][1]["name"] == "medium"
    for i in range(3):
        assert sum(p[i] for p in report.points) == pytest.approx(6.0)


def test_it_sets_budgets_by_level():
    assert with_budgets(["hard", "medium", "hard:playouts=9"], ["hard=0.2"]) == [
        "hard:seconds=0.2",
        "medium",
        "hard:playouts=9+seconds=0.2",
    ]
    with pytest.raises(CommandError):
        with_budgets(["medium"], ["hard=0.2"])
    with pytest.raises(CommandError):
        with_budgets(["hard"], ["hard=fast"])


def test_it_runs_from_the_command(capsys):
    call_command(
        "simulate",
        "--cpu",
        "hard,easy,easy",
        "--players",
        "3",
        "--matches",
        "1",
        "--duplicate",
        "--budget",
        "hard=0.01",
    )
    out = capsys.readouterr().out
    assert "duplicate: 1 deals x 3 rotations" in out
    assert "entry 0 hard:seconds=0.01" in out
