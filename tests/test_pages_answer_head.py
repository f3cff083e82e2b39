"""Every page a browser reads answers `HEAD` as it answers `GET`: an uptime monitor or a link
checker that asks `HEAD /` (many do by default) got a 405 and a `WARNING django.request Method Not
Allowed (HEAD)` line in the log for each probe. A form's page still refuses other methods."""

import pytest

from tests.history_support import play, seats, store
from tests.live_support import cpu_room
from tests.site_pages import PLAIN_PAGES

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", PLAIN_PAGES)
def test_it_answers_head_on_every_plain_page(client, path):
    response = client.head(path)
    assert response.status_code == 200
    assert response.content == b""


def test_it_answers_head_on_a_room_and_a_match(client):
    room = cpu_room("aki-session")
    stored = store(play(seed=3, seats=seats("human", "easy", "medium", "hard")))
    for path in [
        f"/room/{room.slug}/",
        f"/matches/{stored.pk}/",
        f"/matches/{stored.pk}/sevens-log.json",
    ]:
        assert client.head(path).status_code == 200, path
        assert client.get(path).status_code == 200, path


def test_a_page_still_refuses_a_method_that_writes(client):
    assert client.put("/").status_code == 405
    assert client.delete("/rankings/").status_code == 405
