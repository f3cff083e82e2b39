"""A label's colon is the language's: "Red: Aki", "next: 8♦" in English; in Japanese and Chinese
the wide colon carries its own room and no space follows it (赤：Aki, 次：<b>8♦</b>). The seat's
colour label goes through a translated pattern ("%(label)s:", context "a label before its text");
the row notes and the rules card use their translated labels ("next:", "placed apart:",
"Rules:") with the language's space (`narrate.sentence_space`)."""

import re

import pytest
from django.utils import translation
from sample_views import finished_state, fragment, played_state, table_for, view

from rooms import tableparts

SEAT = {
    "en": "<i>Red:</i> Aki",
    "ja": "<i>赤：</i>Aki",
    "zh-hans": "<i>红：</i>Aki",
    "zh-hant": "<i>紅：</i>Aki",
}
NEXT = {"en": "next: <b>", "ja": "次：<b>", "zh-hans": "下一张：<b>", "zh-hant": "下一張：<b>"}
RULES = {"en": "Rules:</span> <ul", "ja": "ルール：</span><ul", "zh-hant": "規則：</span><ul"}


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_the_seat_line_and_the_row_notes_put_the_languages_colon(language):
    with translation.override(language):
        t = table_for(view(played_state(moves=3), 0), 0)
        seats, layout = fragment(t, "seats"), fragment(t, "layout")
        assert SEAT[language] in seats
        assert NEXT[language] in layout
        # the plain-string fragments say it the same way (as test_fragments_plain_renders checks)
        assert tableparts.seats(t) == seats and tableparts.layout(t) == layout
        if language != "en":
            assert not re.search(r"[:：] ", seats + layout), "no ASCII colon, no space after ："
            assert ":</i>" not in seats


def test_a_placed_apart_note_has_no_space_after_the_wide_colon():
    state = finished_state(pass_limit=1, seed=4)  # a seat out of passes lays its cards apart
    v = view(state, 0)
    assert any(c["state"] == "placed" for row in v["rows"] for c in row["cells"]), "a placed card"
    with translation.override("ja"):
        layout = fragment(table_for(v, 0, status="between_rounds"), "layout")
    assert "離れて置かれた札：<b>" in layout


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ja", "zh-hant"])
def test_the_rules_card_puts_the_languages_colon(client, language):
    from games.sevens import RuleSet
    from tests.history_support import play, store

    stored = store(play(RuleSet(rounds=1), seed=3))
    html = client.get(f"/matches/{stored.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert RULES[language] in html


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_the_cards_left_line_of_the_settlement_puts_the_languages_colon(language):
    state = finished_state(scoring="cards_left", round_end="first_out")
    with translation.override(language):
        html = fragment(table_for(view(state, 0), 0, status="finished"), "settlement")
    lines = re.findall(r'<li>([^<]*)<span aria-hidden="true"><span class="card-text', html)
    assert lines, "a loser's line with its cards"
    for line in lines:
        if language == "en":
            assert line.endswith(": "), line
        else:
            assert line.endswith("："), line


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ja", "zh-hans", "zh-hant"])
def test_the_profiles_ratings_put_the_languages_colon(client, language):
    """ "中国规则: -2.6" stood on the profile: the family's label had an ASCII colon and a space in
    every language."""
    from history.models import Rating
    from tests.history_support import user

    Rating.objects.create(user=user("aki"), family="chinese", mu=28, sigma=1, matches=3, wins=1)
    html = client.get("/players/aki/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    line = re.search(r'<li data-family="chinese">([^<]*)</li>', html).group(1)
    if language == "en":
        assert line.startswith("Chinese rules: 25.0 (")
    else:
        assert "25.0" in line and ": " not in line and "：25.0" in line


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ja", "zh-hans"])
def test_the_statistics_summarys_mode_columns_put_the_languages_colon(admin_client, language):
    """The per-day summary's mode columns ("mode: against the computer") in admin."""
    admin_client.cookies["django_language"] = language
    html = admin_client.get("/admin/stats/playevent/summary/").content.decode()
    heads = re.findall(r'<th scope="col" data-code="cpu">([^<]*)</th>', html)
    assert len(heads) == 1
    if language == "en":
        assert re.fullmatch(r"[Mm]ode: \S.*", heads[0])
    else:
        assert ": " not in heads[0] and "：" in heads[0]
