"""The replay viewer: "the table at that moment with every hand revealed" — the replay at step k
equals the engine's state after the first k events of the round's log."""

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sevens import RuleSet, replay_log, replay_round, seat_view
from history import replay
from tests.history_support import play, store

RULES = [
    RuleSet(rounds=1),
    RuleSet(rounds=1, players=3, joker=True, ends="tunnel", pass_limit=1),
    RuleSet.preset("chinese", rounds=1),
]
SEAT = re.compile(r'<li class="replay-seat[^"]*" data-seat="(\d)".*?</ul>', re.S)
CELL = re.compile(r'data-cell="(\w\w)" data-state="(\w+)"')


def expected(log_round: dict, rules: RuleSet, k: int):
    return replay_round(rules, log_round["hands"], log_round["dealer"], log_round["events"][:k])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), which=st.sampled_from(range(len(RULES))))
def test_it_rebuilds_the_engine_state_at_every_step(seed, which):
    rules = RULES[which]
    log = play(rules, seed=seed).to_log()
    steps = replay.round_steps(replay_log(log), 0)
    assert steps[-1].events == len(log["rounds"][0]["events"])
    for step in steps:
        state = expected(log["rounds"][0], rules, step.events)
        for seat in [None, *range(rules.players)]:
            assert seat_view(step.state, seat).to_dict() == seat_view(state, seat).to_dict()


@pytest.mark.django_db
def test_it_shows_every_hand_and_the_rows_after_k_events(client):
    rules = RuleSet(rounds=3, joker=True)
    match = play(rules, seed=77)
    stored = store(match)
    log = match.to_log()
    for number in (1, 3):
        events = log["rounds"][number - 1]["events"]
        for k in sorted({0, 1, 7, len(events) // 2, len(events)}):
            # A step cut between a joker and its redeem shows the redeem too: take a real step.
            steps = replay.round_steps(replay_log(log), number - 1)
            k = steps[replay.step_at(steps, k)].events
            page = client.get(f"/matches/{stored.pk}/", {"round": number, "step": k})
            html = page.content.decode()
            state = expected(log["rounds"][number - 1], rules, k)
            assert f'data-round="{number}" data-step="{k}"' in html
            hands = {int(s): None for s in SEAT.findall(html)}
            for block in SEAT.finditer(html):
                hands[int(block.group(1))] = re.findall(r'data-card="(\w\w)"', block.group(0))
            assert hands == {s: seat_view(state, s).to_dict()["hand"] for s in range(rules.players)}
            cells = dict(CELL.findall(html))
            for row in seat_view(state, None).to_dict()["rows"]:
                for cell in row["cells"]:
                    assert cells[cell["card"]] == cell["state"]


@pytest.mark.django_db
def test_its_rows_are_drawn_with_the_rooms_cell_styles(client):
    # The replay's cells carry the classes the room's layout is styled by (static/css/site.css:
    # a letter per state), so a played card shows as one and not as an empty spot.
    from pathlib import Path

    from rooms.table import CELL_LETTERS

    css = (Path(__file__).resolve().parent.parent / "static/css/site.css").read_text()
    stored = store(play(RuleSet(rounds=1), seed=9))
    html = client.get(f"/matches/{stored.pk}/", {"step": "1"}).content.decode()
    cells = re.findall(r'<li class="(\w)" data-cell="\w\w" data-state="(\w+)"', html)
    assert len(cells) == 52
    assert all(letter == CELL_LETTERS[state] for letter, state in cells)
    assert {"run", "next", "empty"} <= {state for _, state in cells}
    for state, letter in CELL_LETTERS.items():
        if state != "empty":
            assert f".cells > .{letter} {{" in css
    # The colour dot before each name in the standings is drawn by the stylesheet too.
    assert 'class="seat-dot seat-' in html and re.search(r"\.seat-dot[ ,{]", css)


@pytest.mark.django_db
def test_it_returns_only_the_viewer_to_htmx_and_clamps_the_step(client):
    stored = store(play(RuleSet(rounds=1), seed=8))
    partial = client.get(f"/matches/{stored.pk}/", {"step": "9999"}, headers={"HX-Request": "true"})
    html = partial.content.decode()
    assert html.lstrip().startswith('<section id="replay"')
    assert "<html" not in html
    last = len(stored.rounds.get().events)
    assert f'data-step="{last}"' in html
    assert 'class="replay-next"' not in html and 'class="replay-prev"' in html
    first = client.get(
        f"/matches/{stored.pk}/", {"step": "nonsense", "round": "-3"}
    ).content.decode()
    assert 'data-round="1" data-step="0"' in first


@pytest.mark.django_db
def test_it_carries_the_step_as_json_for_a_table_drawn_by_script(client):
    rules = RuleSet(rounds=1, joker=True)
    match = play(rules, seed=12)
    stored = store(match)
    log = match.to_log()["rounds"][0]
    steps = replay.round_steps(replay_log(match.to_log()), 0)
    k = steps[len(steps) // 2].events
    html = client.get(f"/matches/{stored.pk}/", {"step": k}).content.decode()
    raw = re.search(r'<script type="application/json" id="replay-state">(.*?)</script>', html, re.S)
    data = json.loads(raw.group(1))
    state = expected(log, rules, k)
    assert data["hands"] == [seat_view(state, s).to_dict()["hand"] for s in range(rules.players)]
    assert data["rows"] == seat_view(state, None).to_dict()["rows"]
    assert data["turn"] == state.turn
