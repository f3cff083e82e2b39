"""Messages and the narration: a wrong press explained to the sender alone, plays and passes read
out in an aria-live region, the last move and the round's log."""

import re

import pytest
from sample_views import fragment, table_for, view

from games.sevens import Action, RuleSet, apply, new_round
from rooms.render import render_message

pytestmark = pytest.mark.pure


def test_it_renders_a_message_fragment_alone():
    html = render_message("This row is not open yet: play the 7 first.")
    assert html.startswith('<div id="messages"')
    assert 'class="message message-error"' in html
    assert "This row is not open yet: play the 7 first." in html
    assert html.count('id="') == 1


def test_a_hint_is_shown_with_the_cards_symbols_and_read_out_in_words():
    html = render_message(
        "Hint: play 8♦ <now>.", level="info", hint="8D", spoken="Hint: play 8 of diamonds <now>."
    )
    shown = re.search(r'<span class="message-shown" aria-hidden="true">([^<]*)</span>', html)
    heard = re.search(r'<span class="sr-only">([^<]*)</span>', html)
    assert shown.group(1) == "Hint: play 8♦ &lt;now&gt;."
    assert heard.group(1) == "Hint: play 8 of diamonds &lt;now&gt;."
    assert 'data-hint="8D"' in html
    # With nothing to say differently, the message is said once, as before.
    plain = render_message("Hint: pass.", level="info", hint="pass", spoken="Hint: pass.")
    assert "sr-only" not in plain and "Hint: pass." in plain


def test_it_escapes_a_message():
    assert "<b>" not in render_message("<b>bold</b>", level="info")


def test_it_narrates_the_last_play_and_the_viewers_turn():
    state = new_round(RuleSet.preset("japanese"), seed=4, dealer=0)
    while not any(a.type == "play" for a in state.legal_actions()):
        state, _events = apply(state, Action.pass_())
    first = state.turn
    card = next(a for a in state.legal_actions() if a.type == "play")
    state, _events = apply(state, card)
    v = view(state, state.turn)
    t = table_for(v, state.turn)
    spoken = v["history"][-1]["card"]
    live = fragment(t, "live")
    assert f"{v['names'][first]} played" in live
    assert "Your turn." in live
    assert "of" in live  # cards in words for screen readers
    assert spoken not in live
    assert f"{v['names'][first]} played" in fragment(t, "last_move")


def test_it_logs_passes_in_the_round_log():
    state = new_round(RuleSet.preset("japanese"), seed=3, dealer=0)
    passer = state.turn
    state, _events = apply(state, Action.pass_())
    v = view(state, 0)
    assert f"{v['names'][passer]} passed." in fragment(table_for(v, 0), "log")


def test_the_log_says_who_starts_and_why():
    # Seed 004: after the 7s are laid out, the player who held the 7♦ plays first.
    for seed in range(4):
        state = new_round(RuleSet.preset("japanese"), seed=seed, dealer=seed)
        first = state.turn
        v = view(state, 0)
        log = fragment(table_for(v, 0), "log")
        assert f"The 7s are laid out. {v['names'][first]} held the 7♦ and starts." in log
    # With 7s played in turn the log says nothing of the kind: the first play is the 7♦ itself.
    v = view(new_round(RuleSet.preset("chinese"), seed=1, dealer=0), 0)
    assert "held the" not in fragment(table_for(v, 0), "log")


def test_a_turn_the_server_passes_for_the_viewer_is_not_read_out_as_their_turn():
    # No card to play under "must play when able": the server passes at once (a forced pass), so
    # the live region does not send a screen-reader user looking for a card ("Your turn."); the
    # turn's note says why.
    state = new_round(RuleSet.preset("japanese", pass_when_playable=False), seed=0, dealer=0)
    for _ in range(200):
        legal = state.legal_actions()
        if legal and all(a.type == "pass" for a in legal):
            break
        state, _events = apply(state, next((a for a in legal if a.type == "play"), legal[0]))
    else:
        pytest.fail("no forced pass in this round")
    t = table_for(view(state, state.turn), state.turn)
    assert t["turn"]["forced_pass"]
    assert "Your turn." not in fragment(t, "live")
    assert "you pass automatically" in fragment(t, "controls")
