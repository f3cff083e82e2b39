"""The CPU's thinking, as a pure function of plain data: it runs in a worker process.

No Django here (a spawned worker imports only this module and the engine). The bot sees only
`seat_view(state, seat)`: the full state is rebuilt from the log inside the worker and never
handed to it.
"""

import random

from games.sevens import Action, RuleSet, Standings, replay_round, seat_view

FORCED_PASS = [Action.pass_()]


def choose_move(job: dict) -> dict | None:
    """The action (as a dict) that the bot of `job["level"]` chooses for `job["seat"]`, or None
    when that seat is not to act in the logged position (the log moved on after the job was read).

    `job`: rules, hands, dealer, events (the round's log), seat, level, seed (for the bot's rng),
    totals and rounds_left (the match's standings before this round).
    """
    state = replay_round(
        RuleSet.from_dict(job["rules"]), job["hands"], job["dealer"], job["events"]
    )
    standings = None
    if "totals" in job:  # a job queued before the standings were part of it has none
        standings = Standings(tuple(job["totals"]), job["rounds_left"])
    view = seat_view(state, job["seat"], standings)
    if not view.legal:
        return None
    if view.legal == FORCED_PASS:
        return Action.pass_().to_dict()
    action = bot_for(job["level"])(view, random.Random(job["seed"]))
    return action.to_dict()


def bot_for(level: str | None):
    from games.sevens.bots import BotError, get_bot

    try:
        return get_bot(level or "random")
    except BotError:
        # A level whose bot has not landed yet plays at random rather than not at all.
        return get_bot("random")
