"""`python -m games.sevens.bench`: a --seconds of 0 or less is refused with the flag named (it
timed no round and printed "0 rounds/s" for every case, a result that looked like a measurement)."""

import pytest

from games.sevens import bench


@pytest.mark.parametrize("seconds", ["0", "-1", "nan"])
def test_a_time_of_nothing_is_refused(seconds, capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(["--seconds", seconds])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seconds: a number of seconds above 0 is expected" in err
    assert "rounds/s" not in capsys.readouterr().out
