"""Helpers and personas for the engine tests: rule sets, explicit deals and scripted turns.

These tests are pure Python (no database, no Django). The personas live here rather than in a
conftest.py so that tests can import the named deals and scripts they share.

A deal is written per seat as card tokens (`"7D 5S-8S JK"`; a range runs within one suit in rank
order A..K). Seats are then topped up to their deal size with the cards nobody was given, farthest
from the 7 first, so filler rarely becomes playable by accident. A script is a string of turns
`"seat:move"`: `0:6D`, `1:pass`, `2:JK@5D+4D` (the joker on 5D, then 4D beyond it).
"""

from __future__ import annotations

from games.sevens import Action, IllegalAction, RuleSet, apply, new_round, seat_view

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]
# Filler order: cards far from the 7 first (A, K, 2, Q, …), so they stay out of the way.
FILLER_RANKS = "AK2Q3J4T596878"


def expand(spec: str) -> list[str]:
    """`"5S-8S JD JK"` -> ["5S", "6S", "7S", "8S", "JD", "JK"]."""
    out: list[str] = []
    for token in spec.split():
        if "-" in token:
            lo, hi = token.split("-")
            assert lo[1] == hi[1], token
            for r in RANKS[RANKS.index(lo[0]) : RANKS.index(hi[0]) + 1]:
                out.append(r + lo[1])
        else:
            out.append(token)
    return out


def deal_sizes(players: int, joker: bool, dealer: int) -> list[int]:
    """Sizes a deal one card at a time from the dealer's left gives."""
    total = 53 if joker else 52
    sizes = [0] * players
    for i in range(total):
        sizes[(dealer + 1 + i) % players] += 1
    return sizes


def deal(rules, given: dict[int, str], dealer: int = 0) -> list[list[str]]:
    """Hands with `given` cards per seat, each seat topped up with unused cards."""
    sizes = deal_sizes(rules.players, rules.joker, dealer)
    hands = [expand(given.get(seat, "")) for seat in range(rules.players)]
    used = [c for hand in hands for c in hand]
    assert len(used) == len(set(used)), f"a card is given twice: {used}"
    deck = DECK + (["JK"] if rules.joker else [])
    order = {r: i for i, r in enumerate(FILLER_RANKS)}
    spare = sorted(
        (c for c in deck if c not in used),
        key=lambda c: (c != "JK", order[c[0]], SUITS.index(c[1]) if c != "JK" else 0),
    )
    # the joker is never filler: a test that wants it says who holds it
    spare = [c for c in spare if c != "JK"]
    assert "JK" not in spare
    if rules.joker:
        assert "JK" in used, "say who holds the joker"
    for seat in range(rules.players):
        short = sizes[seat] - len(hands[seat])
        assert short >= 0, f"seat {seat} is given {len(hands[seat])} cards, deals {sizes[seat]}"
        hands[seat] += spare[:short]
        spare = spare[short:]
    assert not spare
    return hands


def start(rules, given: dict[int, str], dealer: int = 0):
    """A round from explicit hands (see `deal`)."""
    return new_round(rules, hands=deal(rules, given, dealer), dealer=dealer)


def japanese(**overrides) -> RuleSet:
    return RuleSet.preset("japanese", **overrides)


def chinese(**overrides) -> RuleSet:
    return RuleSet.preset("chinese", **overrides)


def laps(text: str) -> str:
    """A script written one lap per line (`0:6D 1:pass …`), joined into one."""
    return " ".join(text.split())


def action(move: str) -> Action:
    """`"6D"`, `"pass"`, `"JK@5D+4D"` -> Action."""
    if move == "pass":
        return Action.pass_()
    if move.startswith("JK@"):
        spot, card = move[3:].split("+")
        return Action.joker(spot, card)
    return Action.play(move)


def run(state, script: str):
    """Apply `"seat:move …"` turns in order; returns (state, events of every turn)."""
    events: list[dict] = []
    for step in script.split():
        seat_text, move = step.split(":")
        seat = int(seat_text)
        assert state.turn == seat, f"{step}: it is seat {state.turn}'s turn"
        state, new = apply(state, action(move), seat=seat)
        events += new
    return state, events


def view(state, seat):
    return seat_view(state, seat).to_dict()


def hand(state, seat) -> list[str]:
    return view(state, seat)["hand"]


def legal(state) -> set[str]:
    """The seat to act's legal actions, written as moves (`"6D"`, `"pass"`, `"JK@5D+4D"`)."""
    return {move_of(a) for a in state.legal_actions()}


def move_of(a) -> str:
    d = a.to_dict()
    if d["type"] == "pass":
        return "pass"
    if d["type"] == "joker":
        return f"JK@{d['spot']}+{d['card']}"
    return d["card"]


def plays(state) -> set[str]:
    """Only the cards the seat to act may play on their own (no pass, no joker moves)."""
    return {m for m in legal(state) if m != "pass" and not m.startswith("JK@")}


def row(state, suit: str) -> dict[str, str]:
    """{card: cell state} of one row, from the watcher's view."""
    rows = view(state, None)["rows"]
    (r,) = [r for r in rows if r["suit"] == suit]
    return {cell["card"]: cell["state"] for cell in r["cells"]}


def on_table(state) -> set[str]:
    out = set()
    for r in view(state, None)["rows"]:
        out |= {c["card"] for c in r["cells"] if c["state"] in ("run", "placed")}
    return out


def seat_info(state, seat: int) -> dict:
    return view(state, None)["seats"][seat]


def of_type(events, kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def error_code(state, move: str, seat: int | None = None) -> str:
    """The IllegalAction code `check` gives for `move` (fails if it is legal)."""
    seat = state.turn if seat is None else seat
    try:
        state.check(seat, action(move))
    except IllegalAction as err:
        return err.code
    raise AssertionError(f"{move} by seat {seat} is legal")


# A deal where seat 0 runs hearts 8…K while the others run their own suits, one card a lap.
ENDS_DEAL = {
    0: "7D 8H-KH AH 2H 6H 5H KS QS",
    1: "AS-6S 7S 7H 7C 8S-JS",
    2: "8C-KC AC-6C 3H",
    3: "AD-6D 8D-KD 4H",
}
SIX_LAPS = """
    0:8H 1:6S 2:8C 3:6D
    0:9H 1:5S 2:9C 3:5D
    0:TH 1:4S 2:TC 3:4D
    0:JH 1:3S 2:JC 3:3D
    0:QH 1:2S 2:QC 3:2D
    0:KH 1:AS 2:KC 3:AD
"""
# After SIX_LAPS: hearts 7–K (seat 0), spades A–7 (seat 1), clubs 7–K (seat 2), diamonds A–7
# (seat 3); seat 0 to act, holding AH 2H 5H 6H QS KS.


def position(rules, table: str, given: dict[int, str], first: int, fill=None):
    """A set-up position: `table` cards already down (as if played from the 7s; `"*"`: all the
    cards nobody is given), each seat's
    `given` cards, the rest shared out among the `fill` seats (default: the seats not given any),
    and `first` to act."""
    hands = [expand(given.get(seat, "")) for seat in range(rules.players)]
    if table == "*":  # everything nobody is given
        held = {c for h in hands for c in h}
        table = " ".join(c for c in DECK if c not in held)
    down = expand(table)
    used = set(down) | {c for h in hands for c in h}
    deck = DECK + (["JK"] if rules.joker else [])
    spare = [c for c in deck if c not in used]
    fill = [s for s in range(rules.players) if s not in given] if fill is None else list(fill)
    for i, card in enumerate(spare):
        hands[fill[i % len(fill)]].append(card)
    return new_round(rules, hands=hands, table=down, first=first)


# A whole 4-player round: seat 0 goes out first, then seats 1 and 2; seat 3 is left (dealer 3).
FINISH_DEAL = {
    0: "7S 7H 7D 7C 6D 5D 4D 3D 2D AD 8D 9D TD",
    1: "AS-6S 8S-KS JD",
    2: "AH-6H 8H-KH QD",
    3: "AC-6C 8C-KC KD",
}
FINISH_LAPS = """
    0:6D 1:6S 2:6H 3:6C
    0:5D 1:5S 2:5H 3:5C
    0:4D 1:4S 2:4H 3:4C
    0:3D 1:3S 2:3H 3:3C
    0:2D 1:2S 2:2H 3:2C
    0:AD 1:AS 2:AH 3:AC
    0:8D 1:8S 2:8H 3:8C
    0:9D 1:9S 2:9H 3:9C
    0:TD 1:TS 2:TH 3:TC
         1:JS 2:JH 3:JC
         1:QS 2:QH 3:QC
         1:KS 2:KH 3:KC
         1:JD 2:QD
    """

# A 4-player round with the joker and 1 pass (dealer 0): seat 1 drops out holding only the joker,
# then seat 2 is eliminated, then seat 0 goes out and seat 3 is left.
DROP_DEAL = {
    0: "7S AS-6S 8S-KS",
    1: "7D JK AD-6D 8D-KD",
    2: "7H 8H-KH 3H-6H AC KC",
    3: "7C 2C-6C 8C-QC AH 2H",
}
DROP_LAPS = """
    1:8D 2:8H 3:6C 0:8S
    1:9D 2:9H 3:5C 0:9S
    1:TD 2:TH 3:4C 0:TS
    1:JD 2:JH 3:3C 0:JS
    1:QD 2:QH 3:8C 0:QS
    1:KD 2:KH 3:9C 0:KS
    1:6D 2:6H 3:TC 0:6S
    1:5D 2:5H 3:JC 0:5S
    1:4D 2:4H 3:pass 0:4S
    1:3D 2:3H 3:2H 0:3S
    1:2D 2:pass 3:AH 0:2S
    1:AD
    """


# Seat 0 holds 12 diamonds and 7♣, seat 1 waits for spades, seat 2 opens hearts and spades, seat 3
# runs hearts down and then holds only clubs that never open.
FIRST_OUT_DEAL = {
    0: "7D 8D 9D TD JD QD KD AD 6D 5D 4D 3D 7C",
    1: "8S 9S TS JS QS KS AS 6S 5S 4S 2D AH 3S",
    2: "7H 7S 8H 9H TH JH QH KH 2S AC 2C 3C 4C",
    3: "6H 5H 4H 3H 2H 5C 6C 8C 9C TC JC QC KC",
}
FIRST_OUT_LAPS = """
    0:7D 1:pass 2:7H 3:6H
    0:8D 1:pass 2:7S 3:5H
    0:9D 1:8S 2:8H 3:4H
    0:TD 1:9S 2:9H 3:3H
    0:JD 1:TS 2:TH 3:2H
    0:QD 1:JS 2:JH 3:pass
    0:KD 1:QS 2:QH 3:pass
    0:AD 1:KS 2:KH 3:pass
    0:6D 1:AS 2:pass 3:pass
    0:5D 1:6S 2:pass 3:pass
    0:4D 1:5S 2:pass 3:pass
    0:3D 1:4S 2:pass 3:pass
    0:7C
"""
