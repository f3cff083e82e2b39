"""Golden playthroughs: for a few seeded deals, every seat's view after every action, as text a
reviewer can read. `UPDATE_GOLDEN=1 pytest tests/engine/test_golden.py` writes them again; check the
diff against the rules before committing it."""

import difflib
import os
import random
from pathlib import Path

import pytest

from games.sevens import RuleSet, apply, new_round, seat_view

GOLDEN = Path(__file__).parent / "golden"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CELL = {"run": "{r} ", "placed": "{r}*", "next": "+ ", "closed": "x ", "empty": ". "}
LEGEND = (
    "rows: a rank is on the table joined to the 7; R* placed by an eliminated seat, apart from the\n"
    "run; + playable now; x closed (tunnel); . empty. Cells run A..K (ace low) or 2..A (ace high).\n"
)

# name: (rules, seed, dealer). The seeds deal 7♦ to the dealer's left, and the joker deal uses the
# joker and eliminates a seat.
CASES = {
    "japanese-4p": (RuleSet.preset("japanese"), 0, 3),
    "chinese-4p": (RuleSet.preset("chinese"), 5, 3),
    "joker-tunnel-3p": (RuleSet.preset("japanese", players=3, joker=True, ends="tunnel"), 100, 2),
}


def choose(state, rng):
    """A seeded policy that plays more than it passes and likes the joker."""
    actions = state.legal_actions()
    jokers = [a for a in actions if a.type == "joker"]
    if jokers and rng.random() < 0.5:
        return rng.choice(jokers)
    plays = [a for a in actions if a.type != "pass"]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(actions)


def render_rows(rows):
    lines = []
    for row in rows:
        cells = "".join(CELL[c["state"]].format(r=c["card"][0]) for c in row["cells"]).rstrip()
        flag = "  (full)" if row["full"] else "" if row["open"] else "  (not open)"
        lines.append(f"  {SYMBOLS[row['suit']]} {cells}{flag}")
    return lines


def render_seat(d):
    seat = d["seats"][d["seat"]]
    passes = seat["passes_used"]
    limit = "" if seat["passes_left"] is None else f"/{passes + seat['passes_left']}"
    place = f", place {seat['place']}" if seat["place"] else ""
    head = f"  seat {d['seat']} ({seat['status']}, {seat['cards']} cards, passes {passes}{limit}{place})"
    lines = [f"{head}: {' '.join(d['hand']) or '-'}"]
    if d["legal"]:
        moves = []
        for a in d["legal"]:
            moves.append(
                "pass"
                if a["type"] == "pass"
                else f"JK@{a['spot']}+{a['card']}"
                if a["type"] == "joker"
                else a["card"]
            )
        lines.append(f"    legal: {' '.join(moves)}")
    if d["revealed"] is not None:
        shown = "; ".join(f"{s}: {' '.join(c)}" for s, c in sorted(d["revealed"].items()))
        lines.append(f"    revealed: {shown or '-'}")
    return lines


def render_event(e):
    kind = e["type"]
    who = f"seat {e['seat']} " if "seat" in e else ""
    if kind == "sevens_laid":
        laid = "; ".join(f"seat {s}: {' '.join(c)}" for s, c in sorted(e["cards"].items()))
        return f"7s laid out ({laid})"
    if kind == "joker":
        return f"{who}joker on {e['spot']} with {e['card']}"
    if kind in ("play", "redeem"):
        return f"{who}{kind} {e['card']}"
    if kind == "eliminate":
        removed = ", joker removed" if e["joker_removed"] else ""
        return f"{who}eliminated, places {' '.join(e['cards']) or '-'}{removed}"
    if kind == "finish":
        return f"{who}finishes, place {e['place']}"
    if kind == "round_end":
        return f"round over: ranking {e['ranking']}, points {e['points']}"
    return f"{who}{kind}".strip()


def render_state(state):
    watcher = seat_view(state, None).to_dict()
    lines = render_rows(watcher["rows"])
    for seat in range(state.rules.players):
        d = seat_view(state, seat).to_dict()
        # the table, the seats and the history are public: every seat sees the watcher's
        assert d["rows"] == watcher["rows"] and d["seats"] == watcher["seats"]
        assert d["history"] == watcher["history"]
        lines += render_seat(d)
    if not state.over:
        lines.append(f"  to act: seat {state.turn}")
    return lines


def render(rules, seed, dealer):
    rng = random.Random(seed)
    state = new_round(rules, seed=seed, dealer=dealer)
    out = [
        f"# {rules.summary()}",
        f"# seed {seed}, dealer {dealer}",
        *[f"# {line}" for line in LEGEND.splitlines()],
        "",
        "deal:",
        *[f"  seat {s}: {' '.join(h)}" for s, h in enumerate(state.hands_at_deal)],
        *[f"  {render_event(e)}" for e in seat_view(state, None).history],
        *render_state(state),
    ]
    step = 0
    while not state.over:
        step += 1
        seat = state.turn
        action = choose(state, rng)
        state, events = apply(state, action)
        out.append("")
        out.append(f"{step}. {render_event({'seat': seat, **action.to_dict()})}")
        out += [f"  > {render_event(e)}" for e in events[1:]]
        out += render_state(state)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_it_plays_the_golden_deal_as_recorded(name):
    text = render(*CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), str(path), "now", lineterm="", n=2
        )
        pytest.fail("the playthrough changed:\n" + "\n".join(list(diff)[:60]))
