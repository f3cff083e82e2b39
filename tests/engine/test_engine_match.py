"""A match: rounds, totals, the tie-break, the rules' validation and the sevens-log/1 log."""

import copy
import json
import random

import pytest
from engine_kit import japanese

from games.sevens import OPTIONS, LogError, Match, RuleError, RuleSet, replay_log


def play_out(match, rng):
    state = match.current
    while not state.over:
        match.record(rng.choice(state.legal_actions()))
        state = match.current


def play_match(rules, seed):
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        match.start_round()
        play_out(match, rng)
    return match


@pytest.mark.parametrize("players", [3, 4])
def test_it_totals_rank_points_and_breaks_a_tie_by_the_final_round(players):
    """004: "the overall winner is decided by the total of the points earned for each round's rank
    … If players are tied, whoever placed higher in the final round wins." """
    ties = 0
    for seed in range(60):
        match = play_match(japanese(players=players, rounds=3), seed)
        results = match.results()
        assert len(results) == 3
        totals = [sum(r.points[s] for r in results) for s in range(players)]
        assert match.totals == totals
        best = max(totals)
        tied = [s for s in range(players) if totals[s] == best]
        last = results[-1].ranking
        assert match.winner == min(tied, key=last.index)
        if len(tied) > 1:
            ties += 1
            assert match.to_log()["winner"] == match.winner
    assert ties > 0, "no tie in 60 matches: the tie-break went untested"


def test_it_gives_every_pass_back_at_a_new_round():
    """004: "You can pass up to 3 times per round" """
    match = Match(japanese(rounds=3), seed=1)
    state = match.start_round()
    match.record({"type": "pass"})
    assert match.current.passes[state.turn] == 1
    play_out(match, random.Random(1))
    state = match.start_round()
    assert state.passes == [0, 0, 0, 0]


def test_it_has_no_winner_before_the_last_round_is_over():
    match = Match(japanese(rounds=3), seed=2)
    match.start_round()
    with pytest.raises(ValueError):
        match.start_round()
    play_out(match, random.Random(2))
    assert not match.over and match.winner is None
    assert match.to_log()["winner"] is None


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("players", 5),
        ("sevens", "dealt"),
        ("ace", "middle"),
        ("pass_limit", 0),
        ("pass_limit", 6),
        ("pass_when_playable", "no"),
        ("joker", "yes"),
        ("ends", "wrap"),
        ("round_end", "never"),
        ("scoring", "chips"),
        ("rounds", 2),
    ],
)
def test_it_names_the_option_of_a_bad_rule_set(option, value):
    """004: "you choose 1, 3, or 5 rounds"; "You can pass up to 3 times per round (you can choose
    1–5 in the menu)"; 3 or 4 players."""
    with pytest.raises(RuleError) as err:
        RuleSet(**{option: value}).validate()
    assert err.value.option == option


@pytest.mark.parametrize(
    ("option", "value"),
    [("players", 4.0), ("players", True), ("pass_when_playable", 1), ("joker", 0), ("rounds", 1.0)],
)
def test_it_refuses_a_value_of_another_type_even_after_validating_an_equal_rule_set(option, value):
    """rules.py keeps `True` out of `players` and `1` out of `joker`; a rule set equal to one
    already validated (`1 == True`, `4.0 == 4`) must not slip through."""
    RuleSet().validate()
    RuleSet(players=3).validate()
    with pytest.raises(RuleError) as err:
        RuleSet(**{option: value}).validate()
    assert err.value.option == option


def test_it_refuses_the_joker_when_7s_are_played_in_turn():
    with pytest.raises(RuleError) as err:
        RuleSet.preset("chinese", joker=True)
    assert err.value.option == "joker"


def test_it_writes_the_presets_of_the_product_texts():
    assert RuleSet.preset("japanese").to_dict() == {
        "players": 4,
        "sevens": "laid_out",
        "ace": "low",
        "pass_limit": 3,
        "pass_when_playable": True,
        "joker": False,
        "ends": "none",
        "round_end": "last_player",
        "scoring": "rank_points",
        "rounds": 1,
    }
    assert RuleSet.preset("chinese").to_dict() == {
        "players": 4,
        "sevens": "played",
        "ace": "high",
        "pass_limit": None,
        "pass_when_playable": False,
        "joker": False,
        "ends": "none",
        "round_end": "first_out",
        "scoring": "cards_left",
        "rounds": 1,
    }
    assert set(OPTIONS) == set(RuleSet().to_dict())


def test_it_exports_a_sevens_log_and_replays_it():
    """spec/sevens-log.md: "Any position of a match can be rebuilt by replaying its log." """
    match = play_match(japanese(players=3, joker=True, ends="tunnel", rounds=3), seed=11)
    log = json.loads(json.dumps(match.to_log()))
    assert log["format"] == "sevens-log/1"
    assert set(log["rules"]) == set(OPTIONS)
    assert [sorted(len(h) for h in r["hands"]) for r in log["rounds"]] == [[17, 18, 18]] * 3
    for r in log["rounds"]:
        assert {e["type"] for e in r["events"]} <= {"play", "pass", "joker", "redeem", "eliminate"}
    again = replay_log(log)
    assert again.to_log() == log
    assert again.winner == match.winner


def test_it_names_the_first_bad_event_of_a_log():
    match = play_match(japanese(rounds=1), seed=4)
    log = match.to_log()
    bad = copy.deepcopy(log)
    events = bad["rounds"][0]["events"]
    index = next(i for i, e in enumerate(events) if e["type"] == "play")
    events[index] = {"seat": events[index]["seat"], "type": "play", "card": "KS"}
    with pytest.raises(LogError) as err:
        replay_log(bad)
    assert err.value.round == 0
    assert err.value.event == index
    assert err.value.code


def test_a_round_that_ended_must_carry_its_result_and_only_an_unfinished_one_may_lack_it():
    """spec/sevens-log.md: an abandoned match's "last round may have no `result`": no other."""
    log = play_match(japanese(rounds=3), seed=8).to_log()
    bad = copy.deepcopy(log)
    del bad["rounds"][1]["result"]
    with pytest.raises(LogError) as err:
        replay_log(bad)
    assert (err.value.code, err.value.round, err.value.params) == (
        "malformed",
        1,
        {"round_lacks": "result"},
    )
    # An abandoned match: its last round cut short, with no result and no winner.
    cut = copy.deepcopy(log)
    cut["rounds"] = cut["rounds"][:2]
    last = cut["rounds"][1]
    last["events"] = last["events"][:5]
    del last["result"]
    cut["totals"] = log["rounds"][0]["result"]["points"]
    cut["winner"] = None
    assert replay_log(cut).winner is None
    cut["winner"] = True  # equal to 1, and no seat
    with pytest.raises(LogError) as err:
        replay_log(cut)
    assert err.value.code == "winner"
