"""The replay viewer's model: a round's log cut into steps, and the table at any step, every hand
revealed. Everything comes from the engine: step k is the engine's state after the first k events of
the round's log.

A step is one action with the events the engine applied with it (a redeem after a joker, an
elimination), since the engine has no position between them. A move is a logged event: the viewer
counts events ("Move 12 of 56"), as the step in its address does (`?step=12`, events played), and a
step of several events is counted as all of them ("Moves 35–36 of 56").
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.sevens import Action, Match, RoundState, apply, new_round, seat_view
from rooms import narrate
from rooms.results import cards_left_sum, shown_place
from rooms.table import layout_row, state_json


@dataclass(frozen=True)
class Step:
    events: int  # how many of the round's log events have happened
    state: RoundState
    moves: list  # the log events this step added
    # every event the step brought, as the table's log says them: the moves and what came with
    # them (a seat out of cards, the round's end), which the log format leaves out
    said: list


def round_steps(match: Match, index: int) -> list[Step]:
    """Every step of round `index` of an engine match rebuilt from a valid log (`replay_log`)."""
    done = match.rounds[index]
    log = done.log_events()
    state = new_round(match.rules, hands=done.hands_at_deal, dealer=done.dealer)
    steps = [Step(0, state, [], [])]
    at = 0
    while at < len(log):
        event = log[at]
        state, events = apply(state, Action.from_dict(event), event["seat"])
        now = len(state.log_events())
        steps.append(Step(now, state, log[at:now], list(events)))
        at = now
    return steps


def step_at(steps: list[Step], events: int) -> int:
    """The index of the step that holds event number `events` (1-based; 0 is the deal): an address
    between a joker and its redeem shows the step with both. Steps are in event order."""
    for i, step in enumerate(steps):
        if step.events >= events:
            return i
    return len(steps) - 1


def names_of(match: Match) -> list[str]:
    names = []
    for i, seat in enumerate(match.seats):
        name = seat.get("name") if isinstance(seat, dict) else None
        if name == f"Seat {i + 1}":
            name = None  # the engine's English stand-in for a log without seats: said below
        names.append(
            narrate.shown_name(str(name)) if name else _("Seat %(number)s") % {"number": i + 1}
        )
    return names


def table(state: RoundState, names: list[str]) -> dict:
    """The table of a replay step: the rows, and every seat with its whole hand shown."""
    watcher = seat_view(state, None).to_dict()
    # Where the first out wins and the others pay for their cards, going out is winning the round.
    wins = narrate.unranked(state.rules.round_end, state.rules.scoring)
    seats = []
    for info in watcher["seats"]:
        index = info["seat"]
        view = seat_view(state, index).to_dict()
        legal = view["legal"] or []
        playable = {a["card"] for a in legal if a["type"] in ("play", "joker")}
        if any(a["type"] == "joker" for a in legal):
            playable.add(narrate.JOKER)
        colour, colour_label = narrate.seat_colour(index)
        seats.append(
            {
                **info,
                "name": names[index],
                "colour": colour,
                "colour_label": colour_label,
                # At the round's end the seats still holding cards have a place too (the last
                # player left): said as the room's seat line says it, and left out as there where
                # the others pay for their cards (`shown_place`).
                "place": shown_place(
                    info["place"],
                    info["status"] == "playing",
                    state.rules.round_end,
                    state.rules.scoring,
                ),
                "won": wins and info["status"] == "finished",
                "to_act": watcher["turn"] == index,
                "dealer": watcher["dealer"] == index,
                "hand": [
                    {**narrate.card(c), "playable": c in playable} for c in view["hand"] or []
                ],
                "hand_codes": list(view["hand"] or []),
            }
        )
    # For a table drawn by script (the 3D table): the watcher's view plus every hand, as JSON.
    data = {**watcher, "hands": [seat["hand_codes"] for seat in seats], "names": names}
    for seat in seats:
        del seat["hand_codes"]
    return {
        "state_json": state_json(data),
        "rows": [layout_row(row) for row in watcher["rows"]],
        "seats": seats,
        "turn": watcher["turn"],
        "over": watcher["over"],
        "result": watcher["result"],
        # At the round's end where the others pay for their cards: how the winner's points add up,
        # as the room's settlement says it (every hand is shown above: the cards paid for).
        "paid": _paid(watcher, names, state.rules.scoring),
    }


def _paid(watcher: dict, names: list[str], scoring: str) -> dict | None:
    result = watcher["result"]
    if not watcher["over"] or not result or scoring != "cards_left":
        return None
    statuses = {seat["seat"]: seat["status"] for seat in watcher["seats"]}
    return {**cards_left_sum(result, statuses), "name": names[result["ranking"][0]]}


def said_moves(events: list[dict], names: list[str], rules: dict) -> list[dict]:
    """Each move's sentence as shown (`8♦`) and as read out (`8 of diamonds`): a screen reader
    says a card symbol as a symbol ("8 black diamond suit"), or not at all."""
    pairs = (
        (
            narrate.event_sentence(e, names, rules=rules),
            narrate.event_sentence(e, names, rules=rules, spoken=True),
        )
        for e in events
    )
    return [{"text": shown, "spoken": spoken} for shown, spoken in pairs if shown]
