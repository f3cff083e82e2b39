"""A signed-in player not in a family's rankings yet is told, on its page, how to get there: a
finished match of that family, logged in, holding one seat of their own (`history.ratings`)."""

import pytest

from games.sevens import RuleSet
from history import ratings
from tests.history_support import play, seats, store, user

pytestmark = pytest.mark.django_db

HOW = "You are not in these rankings yet: finish a match with the"


def test_a_signed_in_player_with_no_rating_is_told_how_to_be_ranked(client):
    aki = user("aki")
    assert HOW not in client.get("/rankings/").content.decode()  # a visitor: not signed in
    client.force_login(aki)
    japanese = client.get("/rankings/").content.decode()
    assert f"{HOW} Japanese rules (the 7s laid out after the deal) while logged in" in japanese
    chinese = client.get("/rankings/chinese/").content.decode()
    assert f"{HOW} Chinese rules (the 7s played in turn) while logged in" in chinese
    # Rated once a Japanese match finished: their place there, the Chinese page still says how.
    match = play(RuleSet(rounds=1), seed=81, seats=seats("human", "easy", "easy", "easy"))
    assert ratings.record_finished_match(store(match, players={0: ("a", aki)}))
    japanese = client.get("/rankings/").content.decode()
    assert "Your place: 1" in japanese and HOW not in japanese
    assert HOW in client.get("/rankings/chinese/").content.decode()
