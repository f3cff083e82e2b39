"""The switch: on by default, shown in every page's footer; when off nothing is stored, even if
an event still arrives."""

import json
import re

import pytest

from stats.models import PlayEvent

pytestmark = pytest.mark.django_db

EVENT = {"event": "match_start", "game_kind": "chinese", "mode": "hotseat", "players": 4}


def switch(html: str) -> str:
    return re.search(r'<div id="stats-switch".*?</div>', html, re.S).group(0)


def test_it_is_on_by_default_and_in_the_footer(client):
    html = client.get("/").content.decode()
    footer = re.search(r'<footer class="site-footer">.*?</footer>', html, re.S).group(0)
    assert 'id="stats-switch"' in footer
    assert re.search(r'<input type="checkbox" name="stats"\s+checked>', switch(html))
    assert 'href="/privacy/"' in switch(html)
    assert "js/stats.js" in footer


def test_it_shows_the_switch_off_when_the_cookie_says_so(client):
    client.cookies["sevens_stats"] = "off"
    html = client.get("/privacy/").content.decode()
    assert 'name="stats"' in switch(html)
    assert "checked" not in switch(html)


def test_it_stores_nothing_when_the_cookie_is_off(client):
    client.cookies["sevens_stats"] = "off"
    response = client.post("/stats/event/", json.dumps(EVENT), content_type="application/json")
    assert response.status_code == 204
    assert not PlayEvent.objects.exists()


def test_it_stores_again_once_switched_back_on(client):
    client.cookies["sevens_stats"] = "on"
    client.post("/stats/event/", json.dumps(EVENT), content_type="application/json")
    assert PlayEvent.objects.filter(event="match_start", mode="hotseat").count() == 1
