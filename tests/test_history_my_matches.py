"""My matches: "for a guest, the matches of this browser; for a signed-in player, all of theirs",
and a room's past matches."""

import pytest

from games.models import Match as StoredMatch
from history.models import MatchPlayer
from rooms import services
from tests.history_support import play, seats, store, user
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db


def rows(client, path="/matches/") -> set[int]:
    html = client.get(path).content.decode()
    found = set()
    for part in html.split('class="history-match" data-match="')[1:]:
        found.add(int(part.split('"', 1)[0]))
    return found


def test_it_lists_a_guests_matches_in_this_browser_only(client):
    chie = client.session.session_key
    mine = store(
        play(seed=1, seats=seats("human", "easy", "easy", "easy")), players={0: (chie, None)}
    )
    other = store(play(seed=2), players={0: ("another-browser", None)})
    assert rows(client) == {mine.pk}
    assert other.pk not in rows(client)


def test_it_lists_every_match_of_a_signed_in_player(client):
    aki = user("aki")
    home = store(play(seed=3), players={1: ("home-browser", aki)})
    phone = store(play(seed=4), players={2: ("phone-browser", aki)})
    store(play(seed=5), players={0: ("home-browser", None)})  # someone else on that browser
    client.force_login(aki)
    assert rows(client) == {home.pk, phone.pk}


def test_it_lists_a_rooms_past_matches_and_marks_the_abandoned(client):
    chie = client.session.session_key
    room = services.create_room(
        rules=play(seed=6).rules.to_dict(),
        mode="cpu",
        level="easy",
        names=["Chie"],
        session_key=chie,
    )
    first = StoredMatch.objects.get(room=room)
    old = store(play(seed=7, stop_after=(0, 3)), abandoned=True, room=room)
    html = client.get(f"/matches/room/{room.slug}/").content.decode()
    assert rows(client, f"/matches/room/{room.slug}/") == {first.pk, old.pk}
    assert f'data-match="{old.pk}" data-status="abandoned"' in html
    # The services' match recorded this browser's seat: it is in the guest's matches too.
    assert MatchPlayer.objects.filter(match=first, seat=0, browser_key=chie).exists()
    assert first.pk in rows(client)


def test_long_lists_come_in_pages_and_every_match_can_be_reached(client, monkeypatch):
    """My matches, a room's matches and a profile's two lists are in pages (they stopped at 200,
    100 and never: the oldest were out of reach, or a long history made one huge page); each list
    of the profile keeps its own page in the address."""
    from history import paging
    from history import ratings as rating_records
    from rooms.models import Room

    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    aki = user("aki")
    room = Room.objects.create(slug="paged-room", mode="cpu", rules=play(seed=11).rules.to_dict())
    made = [
        store(
            play(seed=s, seats=seats("human", "easy", "easy", "easy")),
            players={0: ("k", aki)},
            room=room,
        )
        for s in (11, 12, 13)
    ]
    for stored in made:
        rating_records.record_finished_match(stored)
    client.force_login(aki)
    for path in ("/matches/", "/matches/room/paged-room/"):
        first, last = rows(client, path), rows(client, path + "?page=2")
        assert len(first) == 2 and len(last) == 1 and first | last == {m.pk for m in made}
        html = client.get(path).content.decode()
        assert 'rel="next" href="?page=2"' in html and 'rel="prev"' not in html
        assert "Page 1 of 2" in html
        assert 'rel="prev" href="?page=1"' in client.get(path + "?page=2").content.decode()
    html = client.get("/players/aki/?changes=2&page=1").content.decode()
    assert html.count('class="rating-change"') == 1  # the oldest change
    assert html.count('<li><a href="/matches/') == 2  # the newest matches
    assert 'href="?changes=1&amp;page=1"' in html  # back to the newer changes, the matches kept
    assert 'href="?changes=2&amp;page=2"' in html  # on to the older matches, the changes kept
    assert client.get("/matches/?page=nonsense").status_code == 200


def test_my_matches_are_narrowed_by_rules_and_state_and_keep_it_across_pages(client, monkeypatch):
    from games.sevens import RuleSet
    from history import paging

    chie = client.session.session_key
    me = {0: (chie, None)}
    japanese = store(play(seed=6), players=me)
    chinese = store(play(RuleSet.preset("chinese", rounds=1), seed=7), players=me)
    cut = store(play(seed=8, stop_after=(0, 3)), players=me)
    StoredMatch.objects.filter(pk=cut.pk).update(status="abandoned")
    assert rows(client) == {japanese.pk, chinese.pk, cut.pk}
    assert rows(client, "/matches/?family=chinese") == {chinese.pk}
    assert rows(client, "/matches/?family=japanese") == {japanese.pk, cut.pk}
    assert rows(client, "/matches/?status=abandoned") == {cut.pk}
    assert rows(client, "/matches/?family=chinese&status=finished") == {chinese.pk}
    assert rows(client, "/matches/?family=nonsense&status=") == {japanese.pk, chinese.pk, cut.pk}
    html = client.get("/matches/?family=chinese&status=abandoned").content.decode()
    assert "No match fits these choices." in html and "No matches yet." not in html
    assert '<option value="chinese" selected>' in html
    # The pages of a narrowed list stay narrowed.
    monkeypatch.setattr(paging, "PAGE_SIZE", 1)
    html = client.get("/matches/?family=japanese").content.decode()
    assert "family=japanese&amp;page=2" in html or "page=2&amp;family=japanese" in html
    assert rows(client, "/matches/?family=japanese&page=2") | rows(
        client, "/matches/?family=japanese&page=1"
    ) == {japanese.pk, cut.pk}


def test_a_browser_with_no_match_gets_no_filters(client):
    html = client.get("/matches/").content.decode()
    assert "No matches yet." in html and "match-filters" not in html


def test_it_says_each_match_s_rules_and_the_player_s_own_place(client):
    import re

    from games.sevens import RuleSet
    from history.rankings import final_place, last_rankings

    aki = user("aki")
    client.force_login(aki)
    japanese = store(
        play(seed=3, seats=seats("human", "easy", "easy", "easy")), players={0: ("", aki)}
    )
    chinese = store(play(RuleSet.preset("chinese", rounds=1), seed=4), players={2: ("", aki)})
    html = client.get("/matches/").content.decode()
    for match, family, seat in ((japanese, "Japanese rules", 0), (chinese, "Chinese rules", 2)):
        row = re.search(rf'data-match="{match.pk}".*?</tr>', html, re.S).group(0)
        assert f'<td class="family-cell">{family}</td>' in row
        place = final_place(match, seat, last_rankings([match.pk]).get(match.pk))
        assert re.search(rf'class="place-cell"[^>]*>{place} of 4</td>', row)
    # a room's list is no one's: neither column
    room = cpu_room(new_session())
    listed = client.get(f"/matches/room/{room.slug}/").content.decode()
    assert "history-match" in listed and "place-cell" not in listed
