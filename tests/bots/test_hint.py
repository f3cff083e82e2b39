"""The hint button: Medium's move, with a reason code, its parameters and an English sentence."""

import random

from games.sevens import RuleSet, apply, cards, new_round, seat_view
from games.sevens.actions import PASS
from games.sevens.bots import explain_hint, get_bot, hint
from games.sevens.bots.knowledge import SUIT_MASKS, beyond_masks, playable_after
from games.sevens.bots.medium import choose
from games.sevens.bots.reasons import REASONS, render
from games.sevens.rows import row_table

from .helpers import positions, random_rules


def test_it_renders_the_example_of_the_issue():
    text = render("keeps_block", {"card": "6S", "suit": "S", "side": "below"})
    assert text == "keeps ♠6: you hold no spades below it"


def test_it_suggests_a_legal_move_with_a_known_reason():
    rng = random.Random(6)
    codes = set()
    for seed in range(80):
        rules = random_rules(rng)
        for _state, view in positions(rules, seed, every=2):
            h = explain_hint(view)
            assert h.action in view.legal
            assert h.code in REASONS
            assert h.text == render(h.code, h.params)
            assert hint(view) == (h.action, h.text)
            codes.add(h.code)
    assert {"forced_pass", "runs", "least_block", "keeps_block", "opens_way"} <= codes


def test_it_is_the_move_medium_makes_when_one_move_is_best():
    rules = RuleSet.preset("japanese")
    state = new_round(rules, seed=8)
    while not state.over:
        view = seat_view(state, state.turn)
        h = explain_hint(view)
        action = choose(view, random.Random(0))
        assert h.action == action or h.action.type == action.type == "play"
        state, _ = apply(state, action)


def test_it_says_a_pass_is_forced():
    rules = RuleSet.preset("chinese")
    for _state, view in positions(rules, 1):
        if [a.type for a in view.legal] == ["pass"]:
            assert explain_hint(view).code == "forced_pass"
            break
    else:
        raise AssertionError("no forced pass in this round")


def test_it_names_the_placed_cards_only_when_an_eliminated_seat_laid_some_out():
    # The ace high (K then A), and A and K joined: the next card of the row is not "beyond the
    # placed cards", which only an eliminated seat's cards laid on the table make.
    rng = random.Random(11)
    seen = 0
    for seed in range(120):
        rules = random_rules(rng)
        for _state, view in positions(rules, seed):
            h = explain_hint(view)
            if h.code == "reaches_placed":
                assert view.placed, (rules, h)
                seen += 1
    chinese = RuleSet.preset("chinese")
    for seed in range(40):
        for _state, view in positions(chinese, seed):
            assert explain_hint(view).code != "reaches_placed"
    assert seen  # the reason still comes up where it is true


def _hint_positions(count: int, seed: int):
    """Positions of rounds under random rules played by a mix of Random, Easy and Medium (Medium
    makes the positions where a pass is worth hinting; random play seldom does)."""
    rng = random.Random(seed)
    bots = [get_bot("random"), get_bot("easy"), get_bot("medium")]
    made = 0
    while made < count:
        state = new_round(random_rules(rng), seed=rng.getrandbits(32))
        while not state.over and made < count:
            view = seat_view(state, state.turn)
            if rng.random() < 0.4:
                made += 1
                yield view
            state, _ = apply(state, rng.choice(bots)(view, rng))


def _same_side(view, card: int, side: str) -> int:
    """The cards of `card`'s row on `side` ("below"/"above") of the 7, further out than `card`."""
    table = row_table(view.rules.ace, "none")
    pos, suit = table.pos_of_rank(card % 13), card // 13
    out = 0
    for rank in range(13):
        p = table.pos_of_rank(rank)
        if (side == "below" and p < min(pos, table.seven_pos)) or (
            side == "above" and p > max(pos, table.seven_pos)
        ):
            out |= 1 << (13 * suit + rank)
    return out


def test_every_hint_is_legal_and_its_reason_is_true_of_the_position():
    seen = set()
    for view in _hint_positions(2500, 3):
        h = explain_hint(view)
        seen.add(h.code)
        shown = (view.rules.summary(), cards.names(view.hand), cards.names(view.table), h)
        p, hand, code = h.params, view.hand, h.action.code
        assert code in view.legal_codes, shown
        held = {k: cards.parse(p[k]) for k in ("card", "next", "far") if k in p}
        for key, card in held.items():  # every card the sentence calls "your …" is in the hand
            assert hand >> card & 1, (key, shown)
        if h.code in ("keeps_block", "keeps_row", "traps_player", "forced_pass"):
            assert code == PASS, shown
        elif h.action.type == "play":
            assert held["card"] == h.action.card, shown
        if h.code == "keeps_block":  # "you hold no spades below it"
            assert view.table & SUIT_MASKS[held["card"] // 13], shown  # not a 7 not yet down
            assert not _same_side(view, held["card"], p["side"]) & hand, shown
        if h.code == "keeps_row":  # "no spades can be played until it is on the table"
            assert held["card"] % 13 == cards.SEVEN_RANK, shown
            assert not view.table & SUIT_MASKS[held["card"] // 13], shown
        if h.code == "traps_player":
            others = [s for s in range(view.n) if s != view.seat and view.status[s] == 0]
            assert any(view.passes_left[s] == 0 for s in others), shown
        if h.code == "saves_last_pass":
            assert code != PASS and PASS in view.legal_codes, shown
            assert view.passes_left[view.seat] == 1, shown
        if h.code == "forced_pass":
            assert view.legal_codes == [PASS], shown
        if h.code == "only_move":
            assert len(view.legal_codes) == 1, shown
        if h.code == "opens_way":
            assert beyond_masks(view.rules.ace)[held["card"]] >> held["far"] & 1, shown
        if "next" in held:  # "your 9♠ can follow it" / "… becomes playable"
            put = 1 << h.action.card | (1 << h.action.spot if h.action.type == "joker" else 0)
            assert not view.playable >> held["next"] & 1, shown
            assert playable_after(view, put) >> held["next"] & 1, shown
        if h.code == "race":
            assert (hand & ~cards.JOKER_BIT).bit_count() <= 3, shown
        if h.code == "opens_row":
            suit = SUIT_MASKS[held["card"] // 13]
            assert (hand & suit & ~(1 << held["card"])).bit_count() == p["count"], shown
        if h.action.type == "joker":
            assert h.code == "joker", shown
            assert (p["spot"], p["card"]) == (
                cards.name(h.action.spot),
                cards.name(h.action.card),
            ), shown
        if h.code == "first_seven":
            assert p["card"] == "7D" and view.first_play, shown
    assert {"keeps_block", "keeps_row", "joker", "runs", "opens_way", "saves_last_pass"} <= seen


def test_a_seven_kept_back_shuts_its_row_rather_than_blocking_one_side():
    # 7s played in turn: the only play is 7♥, which would open hearts for the others' nine hearts;
    # this hand holds J♥ Q♥ K♥ above it, so "you hold no hearts above it" would be false.
    rules = RuleSet(sevens="played", pass_limit=5)
    mine = ["9S", "QS", "7H", "JH", "QH", "KH", "AD", "5D", "QD", "2C", "6C", "TC"]
    table = ["7S", "7D", "8D", "9D"]
    rest = [cards.name(c) for c in range(52) if cards.name(c) not in mine + table]
    state = new_round(rules, hands=[mine, rest[0:12], rest[12:24], rest[24:]], table=table, first=0)
    h = explain_hint(seat_view(state, 0))
    assert h.action.type == "pass"
    assert (h.code, h.params) == ("keeps_row", {"card": "7H", "suit": "H"})
    assert h.text == "keeps ♥7: no hearts can be played until it is on the table"


def test_an_end_card_that_opens_the_far_end_is_not_said_to_block_no_one():
    # "Connect A and K: ... Once it runs from the 7 down to A, you can continue with K, Q, …"
    # Clubs run 7 down to A: the K♣ opens the Q♣, which another seat holds. "Nobody else holds a
    # card beyond it, so it blocks no one" was said of it (the far cards ignored the wrap).
    rules = RuleSet(ends="connect")
    table = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "7S", "7H", "7D"]
    mine = ["KC", "5H", "2D", "3D"]
    rest = [cards.name(c) for c in range(52) if cards.name(c) not in mine + table]
    state = new_round(rules, hands=[mine, rest[0:13], rest[13:26], rest[26:]], table=table, first=0)
    view = seat_view(state, 0)
    assert playable_after(view, 1 << cards.parse("KC")) >> cards.parse("QC") & 1
    h = explain_hint(view)
    assert h.action.type == "play" and cards.name(h.action.card) == "KC"
    assert h.code == "least_block"
    assert h.text == "plays ♣K: of your moves, it helps the other players least"


def test_a_card_said_to_block_no_one_opens_nothing_for_the_others():
    for view in _hint_positions(1500, 5):
        h = explain_hint(view)
        if h.code == "sheds_end":
            put = 1 << h.action.card
            opened = playable_after(view, put) & ~view.playable & ~put
            assert not opened & view.unseen & ~cards.JOKER_BIT, (view.rules.summary(), h)
