"""In Japanese and Chinese the sentences of the last move run on without a space, as the languages
write them: their full stop (。) and colon (：) are wide and carry their own room. The page read
'直前の手： CPU 3 が…出しました。 CPU 2 が…', a gap after each wide stop; English keeps its spaces."""

import re
from html import unescape

import pytest
from django.utils import translation
from sample_views import fragment, table_for, view
from test_fragments_eliminations import knocked_out

from rooms.tableparts import last_move as plain_last_move
from tests.site_pages import PLAIN_PAGES


@pytest.mark.parametrize("language", ["ja", "zh-hans", "zh-hant"])
def test_the_sentences_of_a_move_run_on_without_a_space(language):
    state, _mover, _events = knocked_out(joker=False)  # a move, then a knock-out: two sentences
    with translation.override(language):
        t = table_for(view(state, 0), 0)
        shown, heard = fragment(t, "last_move"), fragment(t, "live")
        assert plain_last_move(t) == shown
    assert '：</span><span id="move">' in shown
    for text in (shown, heard):
        assert "。" in text
        assert "。 " not in text and "： " not in text


def test_english_keeps_a_space_between_sentences():
    state, _mover, _events = knocked_out(joker=False)
    with translation.override("en"):
        t = table_for(view(state, 0), 0)
        shown, heard = fragment(t, "last_move"), fragment(t, "live")
        assert plain_last_move(t) == shown
    assert 'Last move:</span> <span id="move">' in shown
    assert ". " in shown.split('id="move">')[1] and ". " in heard


@pytest.mark.django_db
def test_the_replays_log_runs_a_steps_sentences_on_in_japanese():
    """A step of the replay's log holding a move and what it caused (a knock-out, the joker's
    redeem) is written as the room's last move is."""
    from games.sevens import RuleSet
    from history import pages
    from tests.history_support import play

    match = play(RuleSet(rounds=1, pass_limit=1, joker=True), seed=4)
    with translation.override("ja"):
        lines = [line["text"] for line in pages.viewer(match, None, None)["log"]]
    assert any(line.count("。") >= 2 for line in lines)  # a step of two sentences
    assert not any("。 " in line for line in lines)
    with translation.override("en"):
        lines = [line["text"] for line in pages.viewer(match, None, None)["log"]]
    assert any(". " in line for line in lines)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ja", "zh-hans", "zh-hant"])
@pytest.mark.parametrize("url", PLAIN_PAGES)
def test_a_pages_sentences_run_on_after_a_wide_stop(client, url, language):
    """Two translated sentences side by side in a paragraph (the rankings page's) are joined as
    the language writes them: no space after 。 or ： (the rankings read '上升。 和電腦…')."""
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    text = re.sub(r"<script.*?</script>|<style.*?</style>|<!--.*?-->", " ", html, flags=re.S)
    text = unescape(re.sub(r"<[^>]+>", "", text))
    assert not re.findall(r".{0,12}[。：] +\S.{0,12}", text)
