"""`scripts/strength.py --values`: each entry's value per deal, for paired comparisons of two
runs on the same deals."""

import json

from .helpers import load_script


def test_it_writes_each_entrys_value_per_deal(tmp_path, capsys):
    out = tmp_path / "values.json"
    argv = ["--cpu", "medium,easy,easy,easy", "--deals", "3", "--seed", "4", "--values", str(out)]
    assert load_script("strength").main(argv) == 0
    values = json.loads(out.read_text())
    assert len(values) == 4 and all(len(v) == 3 for v in values)
    # Rank points 3/2/1/0: every deal's values, over the entries, add up to 6.
    for deal in range(3):
        assert sum(v[deal] for v in values) == 6
    assert "entry 0 medium" in capsys.readouterr().out
