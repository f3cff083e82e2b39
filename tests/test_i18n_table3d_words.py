"""The 3D table draws its words in the page's language: the room page gives them as JSON
(#table3d-words) for play.js; in English the place is left to the script's own ordinals."""

import json
import re

import pytest

from tests.i18n_support import cjk
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db


def words(client, language: str) -> dict:
    aki = new_session()
    room = cpu_room(aki)
    client.cookies["sessionid"] = aki
    html = client.get(f"/room/{room.slug}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    found = re.search(r'<script id="table3d-words" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1))


def test_it_gives_the_table_its_words_in_japanese(client):
    given = words(client, "ja")
    assert given["passLeft"] == cjk("パス（残り {n} 回）")
    assert given["you"] == "{name}（あなた）"
    assert given["cards"] == cjk("{n} 枚") and given["place"] == cjk("{n} 位")
    # a seat the computer holds for someone, as the panel's seat tags say it
    assert given["away"] == "{name}（離席中）" and given["free"] == "空席"


def test_it_gives_the_table_its_words_in_traditional_chinese(client):
    given = words(client, "zh-hant")
    assert given["pass"] == "過牌" and given["place"] == cjk("第 {n} 名")


def test_it_leaves_english_places_to_the_script(client):
    given = words(client, "en")
    assert given["passLeft"] == "Pass ({n} left)" and given["place"] == ""
    # the winner's tag where the first out wins and the others pay for their cards
    assert given["won"] == "won" and given["finished"] == "finished"
