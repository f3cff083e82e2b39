"""Deal codes: "starting a new game from a code deals the same cards, so friends can replay a deal
and compare"."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from games.models import Match as StoredMatch
from games.sevens import Match, RuleSet, deal_code
from history.forms import rules_shared, shared_rules
from rooms.models import Room
from tests.frames_support import parse, select
from tests.history_support import play, store

pytestmark = pytest.mark.django_db


def test_it_deals_the_same_cards_from_the_engines_code():
    for rules in (RuleSet(rounds=3), RuleSet(rounds=1, players=3, joker=True)):
        played = play(rules, seed=61)
        for number, state in enumerate(played.rounds):
            code = played.deal_code(number)
            again = Match(rules, first_deal=code).start_round()
            assert again.hands_at_deal == state.hands_at_deal
            assert again.dealer == state.dealer


@pytest.mark.parametrize("start", ["cpu-easy", "hotseat"])
def test_it_starts_a_room_whose_first_round_deals_that_deal(client, start):
    played = play(RuleSet(rounds=3, joker=True), seed=62)
    stored = store(played)
    code = played.deal_code(2)
    assert code in client.get(f"/matches/{stored.pk}/").content.decode()

    response = client.post(f"/matches/{stored.pk}/deal/", {"code": code.upper(), "start": start})

    assert response.status_code == 302
    room = Room.objects.get(slug=response["Location"].strip("/").split("/")[-1])
    assert room.mode == start.split("-")[0]
    assert room.rules == stored.rules
    first = StoredMatch.objects.get(room=room).rounds.get(number=0)
    assert first.hands == played.rounds[2].hands_at_deal
    assert first.dealer == played.rounds[2].dealer
    assert deal_code(first.seed, first.dealer) == code
    # The seats' names as on the home page: stored language-free, never "You".
    names = list(room.seats.order_by("index").values_list("name", flat=True))
    mine = names if start == "hotseat" else names[:1]
    assert mine == [f"Player {n + 1}" for n in range(len(mine))]


def test_it_refuses_a_code_that_is_not_one_of_the_matchs_rounds(client):
    stored = store(play(RuleSet(rounds=1), seed=63))
    response = client.post(f"/matches/{stored.pk}/deal/", {"code": "zzzz", "start": "cpu-easy"})
    assert response.status_code == 404
    assert not Room.objects.exists()


def test_it_lets_a_friend_play_a_shared_deal_without_seeing_the_hands(client):
    played = play(RuleSet(rounds=3, joker=True, ends="connect", pass_limit=2), seed=64)
    stored = store(played)
    code = played.deal_code(1)
    page = client.get(f"/matches/{stored.pk}/").content.decode()
    links = re.findall(r'class="deal-share" href="([^"]+)"', page)
    assert len(links) == 3  # one a round
    link = next(x for x in links if f"code={code}&" in x).replace("&amp;", "&")
    # The link names no match: the match's page, one guess away, shows every hand.
    query = parse_qs(urlsplit(link).query)
    assert set(query) == {"code", "shared"} and query["code"] == [code]
    # (Not "the pk's digits are not in the link": on PostgreSQL the pk runs on from the earlier
    # tests, and 6 or 3 is in this deal's code, 6sn3ddatgc.)
    assert urlsplit(link).path == "/deal/" and f"/matches/{stored.pk}" not in link

    page = client.get(link).content.decode()
    assert f'value="{code}"' in page and "Rules:" in page and "A and K connect" in page
    assert "data-card=" not in page and not any(c in page for c in ("2♠", "K♥"))
    shared = re.search(r'name="shared" value="([^"]+)"', page).group(1)

    response = client.post("/deal/", {"code": code, "shared": shared, "start": "cpu-hard"})
    room = Room.objects.get(slug=response["Location"].strip("/").split("/")[-1])
    assert room.rules == stored.rules
    assert (
        StoredMatch.objects.get(room=room).rounds.get(number=0).hands
        == played.rounds[1].hands_at_deal
    )


def test_a_shared_link_whose_rules_were_altered_offers_the_presets_instead(client):
    played = play(RuleSet(rounds=1, joker=True), seed=67)
    token = shared_rules({**played.rules.to_dict(), "joker": False})
    forged = token.replace(token.split(":")[0], token.split(":")[0][::-1])
    page = client.get("/deal/", {"code": played.deal_code(0), "shared": forged}).content.decode()
    assert "Rules:" not in page and 'name="preset"' in page
    response = client.post(
        "/deal/",
        {"code": played.deal_code(0), "shared": forged, "preset": "japanese", "start": "cpu-easy"},
    )
    room = Room.objects.get(slug=response["Location"].strip("/").split("/")[-1])
    assert room.rules == RuleSet.preset("japanese", rounds=1).to_dict()


def test_a_link_made_before_still_takes_its_matchs_rules(client):
    played = play(RuleSet(rounds=1, players=3), seed=68)
    stored = store(played)
    page = client.get("/deal/", {"code": played.deal_code(0), "match": stored.pk}).content.decode()
    assert "Rules:" in page and f'value="{stored.pk}"' not in page
    shared = re.search(r'name="shared" value="([^"]+)"', page).group(1)
    assert rules_shared(shared) == stored.rules


def test_it_plays_a_typed_code_with_a_preset_and_the_options_that_shape_the_deal(client):
    rules = RuleSet(players=3, joker=True, rounds=1)
    played = play(rules, seed=65)
    code = played.deal_code(0)
    response = client.post(
        "/deal/",
        {
            "code": f"  {code.upper()} ",
            "preset": "japanese",
            "players": "3",
            "joker": "on",
            "rounds": "1",
            "start": "hotseat",
        },
    )
    room = Room.objects.get(slug=response["Location"].strip("/").split("/")[-1])
    assert (room.rules["players"], room.rules["joker"], room.mode) == (3, True, "hotseat")
    first = StoredMatch.objects.get(room=room).rounds.get(number=0)
    assert first.hands == played.rounds[0].hands_at_deal


def test_it_explains_a_code_that_is_not_one(client):
    response = client.post("/deal/", {"code": "not a code!", "start": "cpu-easy"})
    assert response.status_code == 400
    assert "This is not a deal code." in response.content.decode()
    assert not Room.objects.exists()


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_it_explains_the_joker_with_the_chinese_rules_in_the_pages_language(client, language):
    code = play(RuleSet(rounds=1), seed=66).deal_code(0)
    response = client.post(
        "/deal/",
        {"code": code, "preset": "chinese", "joker": "on", "rounds": "1", "start": "cpu-easy"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    page = response.content.decode()
    assert response.status_code == 400
    english = "The joker is played only when all the 7s are laid out after the deal."
    assert (english in page) == (language == "en")
    assert "7s are laid out" not in page or language == "en"
    assert not Room.objects.exists()


@pytest.mark.parametrize("start", ["cpu-easy", "hotseat"])
def test_a_signed_in_player_plays_a_deal_again_under_their_name(client, django_user_model, start):
    played = play(RuleSet(rounds=1), seed=63)
    stored = store(played)
    client.force_login(django_user_model.objects.create_user("mika", password="x" * 12))
    response = client.post(
        f"/matches/{stored.pk}/deal/", {"code": played.deal_code(0), "start": start}
    )
    room = Room.objects.get(slug=response["Location"].strip("/").split("/")[-1])
    names = [seat.name for seat in room.seats.order_by("index")]
    assert names[0] == "mika"
    assert "mika" not in names[1:]


def test_its_page_greys_the_joker_out_for_the_rules_that_play_without_it(client):
    """The page's script (static/js/deal.js, tested in tests/browser) reads which presets the
    engine plays without the joker, and shows the note the page holds; the server says the same
    when the script does not run (above)."""
    page = parse(client.get("/deal/").content.decode())
    assert select(page, "#id_preset")[0].attrs["data-no-joker"] == "chinese"
    note = select(page, "#joker-note")[0]
    assert "hidden" in note.attrs and note.attrs.get("role") == "status"
    assert "".join(c.text for c in note.children) == (
        "The joker is played only when all the 7s are laid out after the deal."
    )
    assert any(s.attrs.get("src", "").endswith("js/deal.js") for s in select(page, "script")), (
        "the page loads its script"
    )
