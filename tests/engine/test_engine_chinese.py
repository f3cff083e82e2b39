"""The Chinese family, 排七 (seed 002): 7s played in turn, rows 2…7…A, must play when able, and the
first seat out wins the others' cards."""

from engine_kit import (
    FIRST_OUT_DEAL,
    FIRST_OUT_LAPS,
    chinese,
    error_code,
    expand,
    legal,
    of_type,
    plays,
    position,
    run,
    seat_info,
    start,
    view,
)


def test_it_starts_with_the_7_of_diamonds_and_nothing_else():
    """002: 持方塊 7 的人先出，而且第一張只能是方塊 7，不能出別的牌，也不能過。 (The holder of 7♦
    plays first, and the first card can only be 7♦: no other card, and no pass.)"""
    state = start(chinese(), {2: "7D 7S 6D 8D 6S"}, dealer=0)
    assert state.turn == 2
    assert legal(state) == {"7D"}
    assert error_code(state, "pass") == "first_play_must_be_7D"
    assert error_code(state, "7S") == "first_play_must_be_7D"
    assert error_code(state, "8D") == "first_play_must_be_7D"
    state, _ = run(state, "2:7D")
    assert state.turn == 3
    assert [r["open"] for r in view(state, None)["rows"]] == [False, False, True, False]


def test_it_opens_a_row_only_with_its_7_and_any_7_at_any_time():
    """002: 開行：某個花色的行還沒開時，只有該花色的 7 能打出來，打出 7 就開了這一行。任何時候都可以出
    任何花色的 7，沒有「必須先開哪一行」的順序。 (A row that is not open takes only its 7; any 7 may
    be played at any time, in no set order.) And: 某花色還沒開行時，它的 6 和 8 都不能出。 (The 6 and
    8 of a suit whose row is not open cannot be played.)"""
    state = start(chinese(), {0: "7D", 1: "7C 7H 6S 8S 6H AS 2S 3S 4S 5S JS QS KS"}, dealer=3)
    state, _ = run(state, "0:7D")
    assert plays(state) == {"7C", "7H"}
    assert error_code(state, "6S") == "row_not_open"
    assert error_code(state, "8S") == "row_not_open"
    assert error_code(state, "6H") == "row_not_open"
    state, _ = run(state, "1:7C")
    hearts = [r for r in view(state, None)["rows"] if r["suit"] == "H"][0]
    assert hearts["open"] is False
    assert hearts["next"] == ["7H"]


def test_it_joins_cards_only_at_the_two_ends_of_a_row():
    """002: 接牌：一行開出後，只能在它的兩端接牌 … 例如紅心行現在是 5 到 9，那麼只有紅心 4 和紅心 10
    能接，紅心 3、紅心 J 都要等。 (With hearts 5 to 9 down, only 4♥ and 10♥ can be joined; 3♥ and
    J♥ must wait.)"""
    state = position(chinese(), "7D 5H-9H", {0: "4H TH 3H JH 2S 3S"}, first=0)
    assert plays(state) == {"4H", "TH"}
    assert error_code(state, "3H") == "not_next_to_row"
    assert error_code(state, "JH") == "not_next_to_row"


def test_it_runs_rows_from_2_to_a_and_never_joins_a_to_2():
    """002: 行的終點：每一行往下的順序是 7-6-5-4-3-2，往上是 7-8-9-10-J-Q-K-A。2 和 A 是兩頭的終點，A
    之後不能再接 2，2 之下也不能接 A。一行從 2 接到 A 共 13 張，就算接滿了。 (Rows run down 7…2 and up
    7…K, A; 2 and A are the ends and never join; 13 cards from 2 to A make a full row.)"""
    state = position(chinese(), "7D 7S 8S-QS 7H-KH AH", {0: "KS AS 2H 6H 2S"}, first=0)
    assert plays(state) == {"KS", "6H"}
    assert error_code(state, "AS") == "not_next_to_row"
    assert error_code(state, "2H") == "not_next_to_row"
    hearts = [r for r in view(state, None)["rows"] if r["suit"] == "H"][0]
    assert [c["card"] for c in hearts["cells"]] == expand("2H-9H") + ["TH", "JH", "QH", "KH", "AH"]
    assert hearts["next"] == ["6H"]
    full = position(chinese(), "7D 7C 2C-6C 8C-KC", {0: "AC 2S"}, first=0)
    assert plays(full) == {"AC"}
    full, _ = run(full, "0:AC")
    clubs = [r for r in view(full, None)["rows"] if r["suit"] == "C"][0]
    assert clubs["full"] is True and clubs["next"] == []


def test_it_makes_a_seat_play_when_it_can_and_pass_only_when_it_cannot():
    """002: 輪到你時，只要手裡有任何一張能出的牌 … 就必須出一張，不能故意過。只有一張都接不上時才過。
    過牌不會結束什麼「一輪」，下一家照常繼續。 (With any playable card you must play one; you pass
    only when nothing joins, and a pass ends nothing: the next seat carries on.)"""
    state = position(chinese(), "7D", {0: "6D 2S", 1: "AS 3S"}, first=0)
    assert legal(state) == {"6D"}
    assert error_code(state, "pass") == "must_play"
    state, _ = run(state, "0:6D")
    assert legal(state) == {"pass"}
    state, events = run(state, "1:pass")
    assert [e["type"] for e in events] == ["pass"]
    assert state.turn == 2
    assert seat_info(state, 1)["passes_left"] is None


def test_it_ends_the_round_when_the_first_seat_empties_its_hand_and_the_others_pay_per_card():
    """002: 任何一家先出完 13 張，這一局立即結束，他就是贏家，其餘三家不再排名次。三家各自按手裡剩下
    的張數付分，每張 1 分；贏家收下三家付分之和，四家合計為零。例如三家分別剩 3 張、5 張、8 張，就分別
    付 3 分、5 分、8 分，贏家得 16 分。 (The first seat out wins at once; the others pay one point per
    card left and the winner takes the sum: 3, 5 and 8 cards left pay 3, 5 and 8, the winner gets
    16; the four add up to zero.)"""
    state = start(chinese(), FIRST_OUT_DEAL, dealer=3)
    state, events = run(state, FIRST_OUT_LAPS)
    assert state.over
    assert [s["cards"] for s in view(state, None)["seats"]] == [0, 3, 5, 8]
    assert state.result().points == [16, -3, -5, -8]
    assert sum(state.result().points) == 0
    # the log spec ranks the others fewest cards first
    assert state.result().ranking == [0, 1, 2, 3]
    assert [e["type"] for e in events[-3:]] == ["play", "finish", "round_end"]


def test_it_reveals_the_losers_cards_when_the_round_ends():
    """002: 結算面板會逐家列出剩牌張數和分數，並亮出三家剩下的牌，方便自己複算。 (The settlement
    lists each seat's cards left and points, and shows the three losers' remaining cards.)"""
    state = start(chinese(), FIRST_OUT_DEAL, dealer=3)
    before, _ = run(state, " ".join(FIRST_OUT_LAPS.split()[:-1]))
    assert view(before, 1)["revealed"] is None
    after, _ = run(before, "0:7C")
    for seat in (None, 0, 1, 2, 3):
        revealed = view(after, seat)["revealed"]
        assert {int(k): sorted(v) for k, v in revealed.items()} == {
            1: sorted(["2D", "AH", "3S"]),
            2: sorted(["2S", "AC", "2C", "3C", "4C"]),
            3: sorted(["5C", "6C", "8C", "9C", "TC", "JC", "QC", "KC"]),
        }


def test_it_keeps_the_7s_in_play_order_out_of_the_deal_events():
    """With 7s played in turn nothing is laid out after the deal (002)."""
    state = start(chinese(), FIRST_OUT_DEAL, dealer=3)
    assert not of_type(view(state, None)["history"], "sevens_laid")
