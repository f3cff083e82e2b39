"""The rankings page explains the rating in plain words first (it grows as you beat other players,
and is shown on the cautious side until there are enough matches to be sure), and leaves the
method's name and formula to a second, smaller note."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_it_explains_the_rating_in_plain_words_before_the_method(client):
    html = client.get("/rankings/").content.decode()
    about = re.search(r'<p class="rankings-about">(.*?)</p>', html, re.S).group(1)
    assert "Your rating goes up when you finish a match ahead of other players" in about
    assert "shown on the cautious side" in about
    for jargon in ("OpenSkill", "mean", "deviation"):
        assert jargon not in about
    method = re.search(r'<p class="rankings-method"><small>(.*?)</small></p>', html, re.S).group(1)
    assert "OpenSkill" in method and "mean minus three standard deviations" in method
    assert html.index("rankings-about") < html.index("rankings-method")


def test_it_says_a_new_rating_can_fall_below_zero(client):
    # It said "starts at 0 and climbs as you play": two early losses showed -7.2.
    html = client.get("/rankings/").content.decode()
    assert "can fall below 0 after early losses" in html and "climbs as you play" not in html


def test_each_family_s_page_has_its_own_title(client):
    titles = {
        path: re.search(r"<title>(.*?)</title>", client.get(path).content.decode(), re.S).group(1)
        for path in ("/rankings/japanese/", "/rankings/chinese/")
    }
    assert "Japanese rules" in titles["/rankings/japanese/"]
    assert "Chinese rules" in titles["/rankings/chinese/"]
