"""The home page: the menu of the texts, the two presets, and how to play."""

import re

import pytest

pytestmark = pytest.mark.django_db


def selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.search(r'<option value="([^"]*)" selected>', select).group(1)


def checked(html: str, name: str) -> bool:
    return bool(re.search(rf'<input type="checkbox" name="{name}"[^>]*checked', html))


def radio(html: str, name: str) -> str:
    return re.search(rf'<input type="radio" name="{name}" value="(\w+)"[^>]*checked', html).group(1)


def test_it_offers_the_menu_of_the_texts(client):
    html = client.get("/").content.decode()
    assert radio(html, "players") == "4"
    assert re.findall(r'name="players" value="(\d)"', html) == ["3", "4"]
    assert re.findall(r'name="rounds" value="(\d)"', html) == ["1", "3", "5"]
    limits = re.findall(
        r'<option value="(\w+)"',
        re.search(r'<select name="pass_limit".*?</select>', html, re.S).group(0),
    )
    assert limits == ["1", "2", "3", "4", "5", "unlimited"]
    assert selected(html, "pass_limit") == "3"
    assert checked(html, "pass_when_playable") and not checked(html, "joker")
    assert "Not connected" in html and "Connect A and K" in html
    assert "Continue from the other end" in html
    for start in ("cpu-easy", "cpu-medium", "cpu-hard", "hotseat", "friend"):
        assert f'name="start" value="{start}"' in html
    assert "csrfmiddlewaretoken" in html


def test_it_fills_the_form_with_the_chinese_preset_in_one_click(client):
    html = client.get("/", {"preset": "chinese"}).content.decode()
    assert selected(html, "sevens") == "played"
    assert selected(html, "ace") == "high"
    assert selected(html, "pass_limit") == "unlimited"
    assert not checked(html, "pass_when_playable")
    assert selected(html, "round_end") == "first_out"
    assert selected(html, "scoring") == "cards_left"
    assert radio(html, "players") == "4"
    # Who pays whom: "Winner gets 1 point per card left" could be read as the winner's own cards.
    paid = '<option value="cards_left" selected>Losers pay 1 point per card left'
    assert paid in html


def ends_words(html: str) -> tuple[str, str]:
    """The label of the rows' ends and the words of its "connect" choice, as rendered."""
    label = re.search(r'<label for="id_ends">([^<]*)</label>', html).group(1)
    connect = re.search(r'<option value="connect"[^>]*>([^<]*)</option>', html).group(1)
    return label, connect


def test_it_names_the_ends_of_the_rows_the_rules_lay_out(client):
    # Rows 2…7…A (the Chinese preset): the A follows the K, and the ends are the A and the 2.
    html = client.get("/", {"preset": "chinese"}).content.decode()
    assert ends_words(html) == ("A and 2", "Connect A and 2")
    assert ends_words(client.get("/", {"preset": "japanese"}).content.decode()) == (
        "A and K",
        "Connect A and K",
    )
    # The browser changes the words when the rows are changed (panel.js): both are at hand.
    assert 'data-label-low="A and K"' in html and 'data-connect-high="Connect A and 2"' in html


def test_it_fills_the_form_with_the_japanese_preset(client):
    html = client.get("/", {"preset": "japanese"}).content.decode()
    assert selected(html, "sevens") == "laid_out"
    assert selected(html, "ace") == "low"
    assert selected(html, "pass_limit") == "3"
    assert checked(html, "pass_when_playable")
    assert selected(html, "scoring") == "rank_points"


def test_it_offers_the_presets_as_buttons(client):
    html = client.get("/").content.decode()
    assert re.search(r'<form method="get"[^>]*class="presets"', html)
    assert 'name="preset" value="japanese"' in html
    assert 'name="preset" value="chinese"' in html


def pressed(html: str) -> list[str]:
    return re.findall(r'name="preset" value="(\w+)" aria-pressed="true"', html)


def test_the_preset_the_menu_holds_looks_pressed_and_the_rules_are_one_click_away(client):
    assert pressed(client.get("/").content.decode()) == ["japanese"]
    assert pressed(client.get("/", {"preset": "chinese"}).content.decode()) == ["chinese"]
    # Three players and five rounds are still the Japanese rules; no limit on passes is not.
    create(client, players="3", rounds="5")
    assert pressed(client.get("/").content.decode()) == ["japanese"]
    create(client, pass_limit="unlimited", pass_when_playable="")
    assert pressed(client.get("/").content.decode()) == []
    html = client.get("/").content.decode()
    assert re.search(
        r'<a class="presets-rules" href="/rules/">New to the game\? Read the rules</a>', html
    )


def create(client, **fields):
    data = {
        "players": "4", "rounds": "3", "pass_limit": "3", "pass_when_playable": "on",
        "ends": "none", "sevens": "laid_out", "ace": "low", "round_end": "last_player",
        "scoring": "rank_points", "name": "", "start": "cpu-easy", **fields,
    }  # fmt: skip
    response = client.post("/new/", data)
    assert response.status_code == 302, response.content.decode()[:500]


def test_it_remembers_the_rules_and_name_of_the_browsers_last_game(client):
    create(
        client, players="3", rounds="5", pass_limit="unlimited", pass_when_playable="",
        sevens="played", ace="high", round_end="first_out", scoring="cards_left", name="Mei",
    )  # fmt: skip
    html = client.get("/").content.decode()
    assert radio(html, "players") == "3" and radio(html, "rounds") == "5"
    assert selected(html, "sevens") == "played" and selected(html, "ace") == "high"
    assert selected(html, "pass_limit") == "unlimited"
    assert not checked(html, "pass_when_playable")
    assert selected(html, "scoring") == "cards_left"
    assert 'value="Mei"' in html
    # A preset still sets its rules, and keeps the name.
    html = client.get("/", {"preset": "japanese"}).content.decode()
    assert selected(html, "sevens") == "laid_out" and 'value="Mei"' in html
    # Another browser starts from the usual rules.
    from django.test import Client

    other = Client().get("/").content.decode()
    assert selected(other, "sevens") == "laid_out" and radio(other, "players") == "4"


def test_rules_it_can_no_longer_offer_are_forgotten(client):
    session = client.session
    session["last_game"] = {"rules": {"players": 6, "sevens": "sideways"}, "name": "Mei"}
    session.save()
    html = client.get("/").content.decode()
    assert radio(html, "players") == "4" and selected(html, "sevens") == "laid_out"


def test_a_first_visit_in_traditional_chinese_starts_on_the_chinese_game(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert selected(html, "sevens") == "played" and selected(html, "scoring") == "cards_left"
    hans = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert selected(hans, "sevens") == "laid_out"  # seed 000 is the Japanese rules' page


def test_it_leads_back_to_the_tables_of_the_games_this_browser_is_playing(client):
    assert "Your games in progress" not in client.get("/").content.decode()
    create(client, name="Mei")
    from rooms.models import Room

    room = Room.objects.get()
    html = client.get("/").content.decode()
    section = re.search(r'<section class="in-play".*?</section>', html, re.S).group(0)
    assert f'href="/room/{room.slug}/"' in section and "Mei" in section
    from django.test import Client

    assert "in-play" not in Client().get("/").content.decode()  # not another browser's
    Room.objects.filter(pk=room.pk).update(status=Room.Status.FINISHED)
    assert "in-play" not in client.get("/").content.decode()  # nor a game that is over
