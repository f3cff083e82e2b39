"""The controls: Play, Pass with the passes left, Hint, fast-forward; a visible note when the only
move is a forced pass; no undo, and why."""

import re

import pytest
from sample_views import fragment, played_state, table_for, view

pytestmark = pytest.mark.pure


def test_it_offers_play_pass_with_passes_left_and_hint_on_the_viewers_turn():
    state = played_state()
    html = fragment(table_for(view(state, state.turn, version=9), state.turn), "controls")
    assert "ws-send" in html
    assert re.search(r'name="action" value="play"', html)
    assert re.search(r'name="action" value="pass"[^>]*>Pass \(3 left\)<', html)
    assert re.search(r'name="action" value="hint"', html)
    assert re.search(r'name="action" value="fast_forward"', html)
    assert 'name="version"' not in html  # panel.js sends the version the page shows
    assert f'name="seat" value="{state.turn}"' in html
    assert "Your turn" in html


def must_play_when_able(v: dict) -> dict:
    """The view under "must play when able": a pass with no card to play is the server's."""
    return {**v, "rules": {**v["rules"], "pass_when_playable": False}}


def test_it_notes_a_forced_pass():
    state = played_state()
    v = must_play_when_able(view(state, state.turn))
    v["legal"] = [{"type": "pass"}]
    t = table_for(v, state.turn)
    html = fragment(t, "controls")
    # shown once, in place of "your turn"
    note = re.search(r'<p id="turn-note" class="turn-note forced-pass"[^>]*>(.*?)</p>', html)
    # Under a pass limit it is one of the seat's passes (the seat list counts it down).
    assert note and note.group(1) == (
        "You have no card you can play: you pass automatically, and it counts as one of your "
        "passes."
    )
    assert "Your turn" not in html
    # Read out by the live region that stays in the page (#live swaps its words alone), after the
    # last move, and once: #turn-note, which comes with a new #controls, is no live region.
    assert 'role="status"' not in html and "aria-live" not in html
    live = fragment(t, "live")
    assert live.endswith(f"{note.group(1)}</div>") and live.count(note.group(1)) == 1
    assert "Your turn" not in live
    # With unlimited passes (the Chinese game) there is nothing to count.
    v["seats"] = [{**s, "passes_left": None} for s in v["seats"]]
    html = fragment(table_for(v, state.turn), "controls")
    note = re.search(r'<p id="turn-note" class="turn-note forced-pass"[^>]*>(.*?)</p>', html)
    assert note and note.group(1) == "You have no card you can play: you pass automatically."


def test_where_a_pass_may_be_chosen_it_asks_for_the_pass_with_no_card_to_play():
    """The server passing at once told the table that the seat held no playable card, which a
    pass under these rules does not: the player presses Pass, told so privately."""
    state = played_state()
    v = view(state, state.turn)
    assert v["rules"]["pass_when_playable"]
    v["legal"] = [{"type": "pass"}]
    t = table_for(v, state.turn)
    html = fragment(t, "controls")
    note = re.search(r'<p id="turn-note" class="turn-note must-pass"[^>]*>(.*?)</p>', html)
    assert note and note.group(1) == "You have no card you can play: press Pass."
    assert "automatically" not in html and "Your turn" not in html
    live = fragment(t, "live")
    assert live.endswith("Your turn. You have no card you can play: press Pass.</div>")
    # its last pass: said so (the next turn with nothing to play puts it out of the round)
    v["seats"] = [{**s, "passes_left": 1} for s in v["seats"]]
    html = fragment(table_for(v, state.turn), "controls")
    assert "press Pass. It is your last pass." in html
    # The pushed frame's controls are the page's, word for word.
    from rooms import seatparts

    assert seatparts.controls(t) == fragment(t, "controls")


def test_it_offers_a_watcher_no_controls():
    state = played_state()
    html = fragment(table_for(view(state, None), None), "controls")
    assert "<form" not in html and "<button" not in html


def test_it_offers_fast_forward_only_when_the_computer_plays_a_seat():
    state = played_state()
    v = {**view(state, 0), "kinds": ["human"] * 4}
    assert "fast_forward" not in fragment(table_for(v, 0, mode="friend"), "controls")
    v["seats"] = [{**v["seats"][0], "cpu_controlled": True}, *v["seats"][1:]]
    assert "fast_forward" in fragment(table_for(v, 0, mode="friend"), "controls")


def test_it_hides_the_empty_controls_of_a_watcher():
    state = played_state()
    html = fragment(table_for(view(state, None), None), "controls")
    assert re.match(r'<section id="controls"[^>]*hidden>', html)


def test_a_forced_pass_says_the_words_of_the_chinese_game_in_traditional_chinese():
    """Seed 002 (排七, Traditional Chinese): the page shows 「無牌可接」 when it passes for you."""
    from django.utils import translation

    state = played_state()
    v = must_play_when_able(view(state, state.turn))
    v["legal"] = [{"type": "pass"}]
    v["seats"] = [{**s, "passes_left": None} for s in v["seats"]]
    with translation.override("zh-hant"):
        html = fragment(table_for(v, state.turn), "controls")
    note = re.search(r'<p id="turn-note" class="turn-note forced-pass"[^>]*>(.*?)</p>', html)
    assert note and note.group(1).startswith("無牌可接")


def test_it_says_no_forced_pass_behind_a_hot_seat_curtain():
    # The curtain names the player who passes ("Ben has no card to play and passes
    # automatically."): the live region does not say "you".
    state = played_state()
    v = view(state, state.turn)
    v["legal"] = [{"type": "pass"}]
    t = table_for(v, state.turn, mode="hotseat", curtain_for=state.turn)
    assert "You have no card" not in fragment(t, "live")
