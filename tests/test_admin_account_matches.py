"""An account's page in admin says how many matches it played and links to exactly those (a search
by its name also finds every name that contains it), and a match found through its players counts
its rounds once (the join on its players counted them once per seat the account held)."""

import re

import pytest

from history.models import MatchPlayer
from tests.history_support import play, seats, store, user

pytestmark = pytest.mark.django_db


def test_an_accounts_page_links_to_its_matches_counted_once(admin_client):
    aki, akiko = user("aki"), user("akiko")
    everywhere = play(seed=90, seats=seats("human", "human", "human", "human"))
    # One match on one device, the account at every seat; one match of another account whose
    # name contains "aki".
    shared = store(everywhere, players={i: ("k", aki) for i in range(4)})
    other = store(
        play(seed=91, seats=seats("human", "easy", "easy", "easy")), players={0: ("j", akiko)}
    )
    assert MatchPlayer.objects.filter(user=aki).count() == 4

    listed = admin_client.get("/admin/auth/user/").content.decode()
    link = f'/admin/games/match/?players__user__id__exact={aki.pk}">1</a>'
    assert link in listed
    page = admin_client.get(f"/admin/auth/user/{aki.pk}/change/").content.decode()
    assert link in page

    found = admin_client.get("/admin/games/match/", {"players__user__id__exact": aki.pk})
    assert found.status_code == 200
    assert [m.pk for m in found.context["cl"].result_list] == [shared.pk]
    assert f"{len(everywhere.rounds)}/3" in found.content.decode()
    searched = admin_client.get("/admin/games/match/", {"q": "aki"})
    assert {m.pk for m in searched.context["cl"].result_list} == {shared.pk, other.pk}
    rounds = re.findall(
        r'<td class="field-rounds_played">(\d+/\d+)</td>', searched.content.decode()
    )
    assert rounds == ["3/3", "3/3"]
