"""The replay viewer's counter: a move is a logged event of the round, so "Move N of M" counts the
events of the log, the same number as the step in the address (`?step=N`, events played) and the
End link (`step=M`). A redeem and an elimination are logged events the engine applies together with
the move before (it has no position between them): that step counts both, "Moves N–N+1 of M".

Found by an audit: a round whose End link went to step=56 read "Move 55 of 55" (a joker's redeem,
logged as its own event, was not counted); tests/replays/joker_redeem_at_36.json is that round
(the simulator's, the same shape).
"""

import html as entities
import io
import json
import re
from itertools import pairwise
from pathlib import Path

import pytest

from games.sevens import RuleSet, replay_log
from history import replay
from tests.history_support import play, store

pytestmark = pytest.mark.django_db

AUDIT_LOG = Path(__file__).resolve().parent / "replays" / "joker_redeem_at_36.json"
POSITION = re.compile(r'<span class="replay-position">(.*?)</span>', re.S)
LINK = r'<a class="{}"[^>]*href="[^"]*step=(\d+)"'


def position(html: str) -> str:
    return entities.unescape(POSITION.search(html).group(1)).strip()


def link_step(html: str, name: str) -> int | None:
    found = re.search(LINK.format(name), html)
    return int(found.group(1)) if found else None


def counter(first: int, last: int, count: int) -> str:
    if first < last:
        return f"Moves {first}–{last} of {count}"
    return f"Move {last} of {count}"


@pytest.mark.parametrize("seed", [10, 16])  # redeems, eliminations, two seats eliminated at once
def test_it_counts_every_logged_event_in_the_address_the_counter_and_the_end_link(client, seed):
    match = play(RuleSet(rounds=1, joker=True), seed=seed)
    stored = store(match)
    events = match.to_log()["rounds"][0]["events"]
    steps = replay.round_steps(replay_log(match.to_log()), 0)
    assert any(len(s.moves) > 1 for s in steps)  # the round has steps of several events
    count = len(events)

    for i, step in enumerate(steps):
        page = client.get(f"/matches/{stored.pk}/", {"step": step.events})
        html = page.content.decode()
        before = steps[i - 1].events if i else None
        after = steps[i + 1].events if i + 1 < len(steps) else None
        assert f'data-step="{step.events}" data-last="{count}"' in html
        assert position(html) == counter(before + 1 if i else 0, step.events, count)
        assert link_step(html, "replay-last") == (count if after else None)
        assert link_step(html, "replay-next") == after
        assert link_step(html, "replay-prev") == before

    # The list of every move is numbered as the counter counts: a step's first event.
    entries = re.findall(r'<li value="(\d+)"><a href="[^"]*step=(\d+)"', html)
    assert entries == [(str(a.events + 1), str(b.events)) for a, b in pairwise(steps)]


def test_the_audited_round_ends_at_its_last_event_and_counts_the_redeem(client):
    file = io.BytesIO(AUDIT_LOG.read_bytes())
    file.name = "match.json"
    where = client.post("/replays/upload/", {"file": file})["Location"]
    events = json.loads(AUDIT_LOG.read_bytes())["rounds"][0]["events"]
    assert len(events) == 56 and [e["type"] for e in events[34:36]] == ["joker", "redeem"]

    start = client.get(where).content.decode()
    assert position(start) == "Move 0 of 56"
    assert link_step(start, "replay-last") == 56
    end = client.get(where, {"step": 56}).content.decode()
    assert position(end) == "Move 56 of 56"
    for step in (54, 55):
        assert position(client.get(where, {"step": step}).content.decode()) == f"Move {step} of 56"

    # The joker and its redeem are one step, both counted and both said.
    joker = client.get(where, {"step": 36}).content.decode()
    assert position(joker) == "Moves 35–36 of 56"
    assert link_step(joker, "replay-prev") == 34 and link_step(joker, "replay-next") == 37
    said = re.findall(r'<p class="replay-move">(.*?)</p>', joker)
    assert len(said) == 2
    assert "put the joker on 3♥ and played 2♥" in said[0]
    # …and read out in words: a screen reader says a suit's symbol as a symbol, or not at all.
    assert "put the joker on 3 of hearts and played 2 of hearts" in said[0]
    assert "played 3♥ in the joker's place and took the joker" in entities.unescape(said[1])

    # An address between the joker and its redeem shows the step that holds the event asked for.
    between = client.get(where, {"step": 35}).content.decode()
    assert 'data-step="36"' in between and position(between) == "Moves 35–36 of 56"
