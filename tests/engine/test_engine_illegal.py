"""Illegal actions are errors with a stable code and a message for the player, and change nothing."""

import re
from pathlib import Path

import pytest
from engine_kit import FIRST_OUT_DEAL, FIRST_OUT_LAPS, chinese, japanese, run, start, view

from games.sevens import Action, IllegalAction, apply

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "data",
    ["6D", None, {}, {"type": "dance"}, {"type": "play"}, {"type": "play", "card": "1Z"}],
)
def test_it_refuses_a_move_it_cannot_read(data):
    state = start(japanese(), {0: "7D 6D"}, dealer=3)
    with pytest.raises(IllegalAction) as err:
        apply(state, data)
    assert err.value.code == "malformed"
    assert err.value.message


def test_it_refuses_anything_once_the_round_is_over():
    state = start(chinese(), FIRST_OUT_DEAL, dealer=3)
    state, _ = run(state, FIRST_OUT_LAPS)
    assert state.over
    before = view(state, None)
    for action in (Action.pass_(), Action.play("2D")):
        with pytest.raises(IllegalAction) as err:
            apply(state, action)
        assert err.value.code == "round_over"
    assert view(state, None) == before


def test_it_gives_a_message_with_every_code():
    state = start(japanese(), {0: "7D 6D 5D"}, dealer=3)
    with pytest.raises(IllegalAction) as err:
        apply(state, Action.play("5D"))
    assert err.value.code == "not_next_to_row"
    assert "connect" in err.value.message
    assert err.value.params == {"card": "5D", "next": ["6D"]}  # what the row needs now, below the 7


def test_it_reaches_every_code_the_engine_documents():
    """docs/engine.md lists the codes of `IllegalAction`; each one is asserted by some test here."""
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    listed = doc[doc.index("Codes:") : doc.index("`events` is")]
    codes = set(re.findall(r"`([a-z_0-9A-Z]+)`", listed))
    assert len(codes) >= 16
    tests = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    asserted = set(re.findall(r'== "([a-z_0-9A-Z]+)"', tests))
    assert codes - asserted == set()


@pytest.mark.parametrize(
    ("ends", "card", "named"),
    [
        ("none", "JS", ["9S"]),  # above the run: only the high end leads to it
        ("none", "3S", ["5S"]),  # below: only the low end
        ("connect", "JS", ["5S", "9S"]),  # A and K joined: the low end wraps round to it too
    ],
)
def test_a_card_that_does_not_connect_names_only_the_ends_that_lead_to_it(ends, card, named):
    # ♠6–8 down (seat 0 plays the 6 and the 8; the others pass, as they may).
    state = start(japanese(ends=ends), {0: "7D 6S 8S JS 3S"}, dealer=3)
    state, _ = run(state, "0:6S 1:pass 2:pass 3:pass 0:8S 1:pass 2:pass 3:pass")
    with pytest.raises(IllegalAction) as refused:
        apply(state, Action.play(card), 0)
    assert refused.value.code == "not_next_to_row"
    assert refused.value.params["next"] == named
