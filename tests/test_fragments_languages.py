"""The table renders in each of the site's languages (catalogues with bad placeholders or plural
forms would break it here first)."""

import pytest
from django.conf import settings
from django.utils import translation
from sample_views import finished_state, played_state, table_for, view

from rooms.render import render_fragments, render_message

pytestmark = pytest.mark.pure


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_it_renders_the_table_in_every_language(language):
    playing = played_state()
    over = finished_state(scoring="cards_left", round_end="first_out")
    with translation.override(language):
        frame = render_fragments(table_for(view(playing, playing.turn), playing.turn))
        settled = render_fragments(table_for(view(over, 0), 0, status="finished"))
        message = render_message("x")
    assert 'id="hand"' in frame and 'data-card="' in frame
    assert 'id="settlement"' in settled and "data-revealed" in settled
    assert 'id="messages"' in message
