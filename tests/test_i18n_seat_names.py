"""A seat nobody named ("CPU 2", "Player 2") is stored the same whatever the language of the
browser that made it, and each viewer reads it in their own language: a Japanese friend in a room a
Chinese player opened does not see Chinese names. A name a player typed is shown as typed."""

import pytest
from django.test import Client

from history.views import StoredMatch
from rooms import narrate
from rooms.models import Room
from tests.i18n_support import cjk
from tests.test_pages_friend import MENU

pytestmark = pytest.mark.django_db


def client(language: str) -> Client:
    c = Client()
    c.cookies["django_language"] = language
    return c


def test_default_names_are_stored_once_and_shown_in_each_viewers_language():
    aki, ben = client("zh-hans"), client("ja")
    aki.post("/new/", {**MENU, "name": ""})
    room = Room.objects.get()
    ben.post(f"/room/{room.slug}/seat/", {"name": ""})
    aki.post(f"/room/{room.slug}/start/")
    names = list(room.seats.order_by("index").values_list("name", flat=True))
    assert names == ["Player 1", "Player 2", "CPU 3", "CPU 4"]

    seen_by_ben = ben.get(f"/room/{room.slug}/").content.decode()
    assert cjk("プレイヤー 1") in seen_by_ben and cjk("玩家 1") not in seen_by_ben
    assert "电脑" not in seen_by_ben
    seen_by_aki = aki.get(f"/room/{room.slug}/").content.decode()
    assert cjk("玩家 2") in seen_by_aki and cjk("电脑 3") in seen_by_aki
    assert "プレイヤー" not in seen_by_aki

    stored = StoredMatch.objects.get(room=room)
    assert [s["name"] for s in stored.seats] == names  # the log keeps the stored names
    history = ben.get(f"/matches/{stored.pk}/").content.decode()
    assert "电脑" not in history


def test_a_typed_name_is_shown_as_typed_in_every_language():
    aki, ben = client("en"), client("ja")
    aki.post("/new/", {**MENU, "name": "CPU 9"})
    room = Room.objects.get()
    ben.post(f"/room/{room.slug}/seat/", {"name": "Ben"})
    html = ben.get(f"/room/{room.slug}/").content.decode()
    assert "CPU 9" in html and "Ben" in html
    assert narrate.shown_name("Aki") == "Aki"


def test_the_seats_of_a_shared_device_are_stored_language_free_too():
    aki, ben = client("zh-hant"), client("en")
    aki.post("/new/", {**MENU, "name": "", "players": "3", "start": "hotseat"})
    room = Room.objects.get()
    names = list(room.seats.order_by("index").values_list("name", flat=True))
    assert names == ["Player 1", "Player 2", "Player 3"]
    assert cjk("玩家 2") in aki.get(f"/room/{room.slug}/").content.decode()
    watched = ben.get(f"/room/{room.slug}/").content.decode()
    assert "Player 2" in watched and "玩家" not in watched


@pytest.mark.parametrize(
    ("language", "you", "computer"),
    [
        ("en", 'Aki <span class="you">(you)</span>', "Bo &lt;3 (computer)"),
        ("ja", 'Aki<span class="you">（あなた）</span>', "Bo &lt;3（CPU）"),
        ("zh-hans", 'Aki<span class="you">（你）</span>', "Bo &lt;3（电脑）"),
        ("zh-hant", 'Aki<span class="you">（你）</span>', "Bo &lt;3（電腦）"),
    ],
)
def test_the_marks_after_a_name_use_the_languages_own_brackets(language, you, computer):
    """'(you)' and '(computer)' after a name are translated whole, brackets and space with them:
    Japanese and Chinese write them wide, with no space before ('Aki (あなた)' mixed the two).
    The seats' plain builder (rooms.tableparts) says the same as the template."""
    from django.utils import translation
    from sample_views import fragment, table_for, view
    from test_fragments_eliminations import knocked_out

    from rooms.tableparts import seats as plain_seats

    state, _mover, _events = knocked_out(joker=False)
    with translation.override(language):
        t = table_for(view(state, 0), 0)
        t["seats"][0]["name"] = "Aki"
        shown = fragment(t, "seats")
        assert plain_seats(t) == shown
        lobby = {
            "status": "waiting",
            "creator_seated": True,
            "lobby": [{"colour": "blue", "free": False, "kind": "cpu", "name": "Bo <3"}],
        }
        waiting = fragment(lobby, "lobby")
    assert you in shown
    assert computer in waiting
