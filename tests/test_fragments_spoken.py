"""What the page says to a screen reader beyond the moves: the lobby while a friend room waits,
the deal when a round starts; and how the page is built for one (a heading, the rules as a list)."""

import re

import pytest

from games.sevens import RuleSet
from rooms.services import create_room, fill_and_start, take_seat
from tests.i18n_support import cjk
from tests.live_support import new_session, rules

pytestmark = pytest.mark.django_db


def live(html: str) -> str:
    return re.search(r'<div id="live"[^>]*>(.*?)</div>', html, re.S).group(1).strip()


def test_the_lobby_says_who_sits_and_how_many_seats_are_free(client):
    aki, ben = new_session(), new_session()
    room = create_room(rules=rules(), mode="friend", level=None, names=["Aki"], session_key=aki)
    client.cookies["sessionid"] = aki
    html = client.get(f"/room/{room.slug}/").content.decode()
    assert live(html) == "Waiting for players. Seated: Aki. 3 seats are free."

    take_seat(room.slug, 1, "Ben", ben)
    html = client.get(f"/room/{room.slug}/").content.decode()
    assert live(html) == "Waiting for players. Seated: Aki, Ben. 2 seats are free."

    client.cookies["sessionid"] = ben
    html = client.get(f"/room/{room.slug}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert live(html) == cjk("参加者を待っています。着席：Aki、Ben。空席は 2 席です。")

    # Ben's tab stayed closed past the grace period: his tag says "(away)", and so does the
    # live region, to the others.
    room.seats.filter(index=1).update(cpu_controlled=True, connected=False)
    client.cookies["sessionid"] = aki
    html = client.get(f"/room/{room.slug}/").content.decode()
    assert "Ben (away)" in html.split('<div id="live"')[0]  # the tag
    assert live(html) == "Waiting for players. Seated: Aki, Ben (away). 2 seats are free."


def test_a_full_lobby_says_every_seat_is_taken_not_that_none_is_free(client):
    # Said "0 seats are free", which the languages of one plural form read as "空席は 0 席です"
    # and "還有 0 個空位" (still 0 free seats) while the room no longer waited for anyone.
    aki, ben, chie = new_session(), new_session(), new_session()
    room = create_room(
        rules=rules(players=3), mode="friend", level=None, names=["Aki"], session_key=aki
    )
    take_seat(room.slug, 1, "Ben", ben)
    take_seat(room.slug, 2, "Chie", chie)
    client.cookies["sessionid"] = aki
    html = client.get(f"/room/{room.slug}/").content.decode()
    assert live(html) == "Every seat is taken: Aki, Ben, Chie."


def test_a_round_that_starts_is_said(client):
    aki = new_session()
    chinese = RuleSet.preset("chinese").to_dict()
    room = create_room(rules=chinese, mode="friend", level=None, names=["Aki"], session_key=aki)
    fill_and_start(room.slug, aki, level="easy")
    client.cookies["sessionid"] = aki
    html = client.get(f"/room/{room.slug}/").content.decode()
    # Nothing is played before the 7 of diamonds: the deal is what there is to hear.
    said = live(html)
    assert said.startswith("Round 1 of 1: the cards are dealt."), said


def test_the_table_page_has_a_heading_and_its_rules_are_a_list(client):
    aki = new_session()
    room = create_room(rules=rules(), mode="friend", level=None, names=["Aki"], session_key=aki)
    client.cookies["sessionid"] = aki
    html = client.get(f"/room/{room.slug}/").content.decode()
    assert re.search(r"<h1[^>]*>Sevens: the table</h1>", html)
    card = re.search(r'<div id="rules-card".*?</div>', html, re.S).group(0)
    items = re.findall(r'<li class="rule">(.*?)</li>', card)
    assert len(items) >= 4 and "4 players" in items
    assert "·" not in card  # the dots are drawn by the style sheet, and not read out
