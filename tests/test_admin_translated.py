"""Admin in the reader's language: the apps, the models, their fields (the change lists' column
headers and filters) and the values chosen from a list (a match's status, a room's mode, a seat's
kind and level, a statistics event) are all translated; none of our English labels is left on a
Japanese page."""

import html
import re

import pytest

from games.models import Match
from rooms.models import Room
from stats.models import PlayEvent
from tests.live_support import cpu_room, new_session

pytestmark = pytest.mark.django_db

HEADER = re.compile(
    r'<th scope="col" class="[^"]*\bcolumn-(\w+)[^"]*">.*?<div class="text">(.*?)</div>', re.S
)
CELL = re.compile(r'<t[dh] class="field-(\w+)[^"]*">(.*?)</t[dh]>', re.S)
TAG = re.compile(r"<[^>]+>")


def plain(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(TAG.sub(" ", fragment))).strip()


def headers(page: str) -> dict[str, str]:
    """The change list's column headers, by column."""
    return {column: plain(label) for column, label in HEADER.findall(page)}


def cells(page: str, column: str) -> list[str]:
    """The change list's cells of one column, as shown."""
    return [plain(value) for name, value in CELL.findall(page) if name == column]


def words(page: str, *leave_out: str) -> str:
    """What the page reads (no tags, scripts or styles), without the given data (random links)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    text = plain(page)
    for data in leave_out:
        text = text.replace(data, " ")
    return text


def english(text: str, labels: list[str]) -> list[str]:
    return [label for label in labels if re.search(rf"\b{re.escape(label)}\b", text)]


@pytest.fixture
def ja(admin_client):
    admin_client.cookies["django_language"] = "ja"
    return admin_client


@pytest.fixture
def rooms():
    """A room being played against the computer, and one closed, its match abandoned."""
    playing = cpu_room(new_session())
    closed = cpu_room(new_session())
    Match.objects.filter(pk=closed.match_id).update(status=Match.Status.ABANDONED)
    Room.objects.filter(pk=closed.pk).update(status=Room.Status.CLOSED, turn=None)
    return playing, closed


def get(client, url: str, **query) -> str:
    response = client.get(url, query)
    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="' in page
    return page


def test_the_index_names_the_apps_and_models_in_japanese(ja):
    page = get(ja, "/admin/")
    assert '<html lang="ja"' in page
    text = words(page)
    for label in (
        "対局",  # the games app and its matches
        "ルーム",
        "席",
        "履歴とレーティング",
        "レーティング",
        "レーティングの変化",
        "レーティング済みの対局",
        "対局のプレイヤー",
        "アップロードしたリプレイ",
        "対局の統計",
        "対局の統計イベント",
    ):
        assert label in text, label
    assert not english(
        text,
        [
            "Games",
            "Matches",
            "History",
            "History and ratings",
            "Rooms",
            "Seats",
            "Ratings",
            "Rating changes",
            "Rated matches",
            "Match players",
            "Players of matches",
            "Uploaded replays",
            "Play statistics",
            "Play statistics events",
        ],
    )


@pytest.mark.parametrize(
    ("language", "apps"),
    [
        ("zh-hans", ["对局", "房间", "历史与评分", "对局统计", "座位", "评分变化", "上传的回放"]),
        ("zh-hant", ["對局", "房間", "歷史與評分", "對局統計", "座位", "評分變化", "上傳的重播"]),
    ],
)
def test_the_index_names_the_apps_in_chinese(admin_client, language, apps):
    admin_client.cookies["django_language"] = language
    text = words(get(admin_client, "/admin/"))
    for label in apps:
        assert label in text, label
    assert not english(text, ["Games", "History", "Rooms", "Seats", "Rating changes"])


def test_the_match_list_is_in_japanese(ja, rooms):
    playing, closed = rooms
    page = get(ja, "/admin/games/match/")
    assert headers(page) == {
        "id": "ID",
        "status": "状態",
        "family": "系統",
        "players": "人数",
        "rounds_played": "回数",
        "winner_name": "優勝者",
        "room_link": "ルーム",
        "started_at": "開始日時",
        "ended_at": "終了日時",
        "replay": "リプレイ",
    }
    assert sorted(cells(page, "status")) == ["中断", "対局中"]
    assert cells(page, "family") == ["日本式ルール", "日本式ルール"]
    text = words(page, playing.slug, closed.slug)
    for label in ("状態 で絞り込む", "終了", "ルールの系統"):
        assert label in text, label
    assert not english(
        text,
        [
            "Status",
            "Family",
            "Rule family",
            "Players",
            "Rounds",
            "Winner",
            "Room",
            "Started at",
            "Ended at",
            "Replay",
            "Playing",
            "playing",
            "Finished",
            "finished",
            "Abandoned",
            "abandoned",
            "japanese",
            "Japanese",
            "match",
            "Match",
        ],
    )


def test_a_match_shows_its_rounds_in_japanese(ja, rooms):
    playing, _closed = rooms
    page = get(ja, f"/admin/games/match/{playing.match_id}/change/")
    text = words(page, playing.slug)
    for label in (
        "状態:",
        "対局中",
        "開始日時",
        "回",
        "配り手",
        f"対局 {playing.match_id}（対局中）",
    ):
        assert label in text, label
    assert not english(text, ["Rounds", "Match round", "Number", "Dealer", "Started at", "round"])


def test_the_room_list_is_in_japanese(ja, rooms):
    playing, closed = rooms
    page = get(ja, "/admin/rooms/room/")
    assert headers(page) == {
        "slug": "リンクのコード",
        "mode": "遊び方",
        "status": "状態",
        "players_count": "人数",
        "turn_number": "手番の席",
        "auto_turn": "サーバーが手番を打つ",
        "version": "バージョン",
        "match_link": "対局",
        "created_at": "作成日時",
        "updated_at": "更新日時",
    }
    assert cells(page, "mode") == ["CPU と対戦", "CPU と対戦"]
    assert sorted(cells(page, "status")) == ["対局中", "閉鎖済み"]
    text = words(page, playing.slug, closed.slug)
    for label in ("参加者待ち", "回と回の間", "終了", "1 台の端末で", "友達と"):  # the filters
        assert label in text, label
    assert not english(
        text,
        [
            "Cpu",
            "Hotseat",
            "Friend",
            "Waiting",
            "Playing",
            "Between rounds",
            "Finished",
            "Closed",
            "Slug",
            "Mode",
            "Status",
            "Turn",
            "Auto turn",
            "Version",
            "Created at",
            "Updated at",
            "Players",
            "Match",
            "Rooms",
        ],
    )


def test_the_seat_list_is_in_japanese(ja, rooms):
    playing, closed = rooms
    page = get(ja, "/admin/rooms/seat/", room__id__exact=playing.pk)
    assert headers(page) == {
        "room": "ルーム",
        "seat_number": "席の番号",
        "name": "名前",
        "kind": "種類",
        "level": "強さ",
        "connected": "接続中",
        "cpu_controlled": "CPU が代わりに打つ",
        "last_seen": "最後の接続",
    }
    assert cells(page, "kind") == ["人間", "CPU", "CPU", "CPU"]
    assert cells(page, "level") == ["-", "ランダム", "ランダム", "ランダム"]
    assert cells(page, "room")[0] == f"ルーム {playing.slug}（CPU と対戦・対局中）"
    text = words(page, playing.slug, closed.slug)
    for label in ("初級", "中級", "上級"):  # the filters
        assert label in text, label
    seat_names = {s.name for s in playing.seats.all()}
    for name in seat_names:
        text = text.replace(name, " ")
    assert not english(
        text,
        [
            "room",
            "Room",
            "Index",
            "Name",
            "Kind",
            "Level",
            "Connected",
            "Cpu controlled",
            "Last seen",
            "Human",
            "human",
            "Cpu",
            "cpu",
            "Easy",
            "Medium",
            "Hard",
            "Random",
            "random",
            "playing",
            "seat",
            "Seats",
        ],
    )


def test_the_statistics_list_is_in_japanese(ja):
    PlayEvent.objects.create(
        event="match_end",
        game_kind="chinese",
        mode="hotseat",
        players=4,
        rounds=3,
        result="complete",
        moves=120,
        duration="15to30m",
        phone=False,
        memory="4gb",
        cores="5to8",
        browser="firefox",
        os="linux",
    )
    PlayEvent.objects.create(
        event="render_speed", mode="cpu", cpu_level="hard", render_speed="gt500ms"
    )
    page = get(ja, "/admin/stats/playevent/")
    columns = headers(page)
    assert columns["created_at"] == "日時"
    assert columns["event"] == "イベント"
    assert columns["game_kind"] == "ゲームの種類"
    assert columns["mode"] == "遊び方"
    assert columns["cpu_level"] == "CPU の強さ"
    assert columns["result"] == "結果"
    assert columns["duration"] == "対局時間"
    assert columns["render_speed"] == "描画の速さ"
    # (as a set: rows of one hour come in no order, their keys being random)
    fields = ("event", "mode", "game_kind", "cpu_level", "result", "duration", "render_speed")
    assert set(zip(*(cells(page, f) for f in fields), strict=True)) == {
        ("描画の速さ", "CPU と対戦", "-", "上級", "-", "-", "500 ミリ秒超"),
        ("対局終了", "1 台の端末で", "中国式ルール", "-", "最後まで（勝敗なし）", "15～30 分", "-"),
    }
    text = words(page)
    for label in ("対局開始", "友達対戦の接続", "勝ち", "負け", "友達と", "その他"):  # the filters
        assert label in text, label
    assert not english(
        text,
        [
            "match_end",
            "match_start",
            "render_speed",
            "Match end",
            "hotseat",
            "cpu",
            "hard",
            "Hard",
            "chinese",
            "Chinese",
            "complete",
            "15to30m",
            "gt500ms",
            "4gb",
            "5to8",
            "other",
            "When",
            "Event",
            "Game kind",
            "Mode",
            "Result",
            "Duration",
            "Render speed",
            "Browser",
        ],
    )


def test_the_statistics_summary_names_its_columns_in_the_admins_language(admin_client):
    admin_client.cookies["django_language"] = "ja"
    page = admin_client.get("/admin/stats/playevent/summary/").content.decode()
    table = page[page.index('id="stats-summary"') :]
    head = table[: table.index("</thead>")]
    assert 'data-code="match_start">対局開始</th>' in head
    assert "match_start<" not in head and ">cpu<" not in head


@pytest.mark.parametrize("language", ["ja", "zh-hans", "zh-hant"])
def test_no_field_name_is_changed_by_the_admins_capital_letter(language):
    # The admin writes a column's name with a capital first letter (capfirst): a name starting
    # with a Greek letter would come out wrong (μ as Μ, σ as Σ), so the words go first.
    from django.apps import apps
    from django.utils import translation
    from django.utils.text import capfirst

    with translation.override(language):
        for model in apps.get_models():
            if model._meta.app_label not in {"games", "rooms", "history", "stats"}:
                continue
            for field in model._meta.get_fields():
                name = str(getattr(field, "verbose_name", ""))
                assert capfirst(name) == name, (model.__name__, field.name, name)
