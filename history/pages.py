"""What the match page and the replay viewer show, for a stored match or an uploaded log."""

from itertools import pairwise

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.models import Match as StoredMatch
from games.sevens import LogError, Match, deal_code, replay_log
from games.sevens.state import PLAYING
from history import replay
from rooms import narrate
from rooms.errors import CARD_MESSAGES, RoomError
from rooms.errors import MESSAGES as MOVE_MESSAGES
from rooms.results import shown_place, tie_note

# The log checker's own codes, said the way the site says them (the engine speaks English only).
LOG_MESSAGES = {
    "format": gettext_lazy("This is not a sevens-log/1 document."),
    "rules": gettext_lazy("The rules are missing or cannot be played."),
    "seats": gettext_lazy("The seats do not match the number of players."),
    "rounds": gettext_lazy("The log lists no rounds."),
    "hands": gettext_lazy("The hands are not a whole deal."),
    "dealer": gettext_lazy("The dealer is not a seat."),
    "unfinished": gettext_lazy("Only the last round may be unfinished."),
    "result": gettext_lazy("The result does not match the events."),
    "mismatch": gettext_lazy("The event is not what the rules make happen here."),
    "missing": gettext_lazy("The log stops before an event the rules make happen."),
    "unexpected": gettext_lazy("This event cannot happen here."),
    "totals": gettext_lazy("The totals do not match the rounds."),
    "winner": gettext_lazy("The winner does not match the totals."),
    "json": gettext_lazy("The file is not JSON."),
    "too_big": gettext_lazy("The file is too large."),
}


RULES_MESSAGES = {
    "object": gettext_lazy("The log has no rules."),
    "missing": gettext_lazy("The rules lack the option “%(option)s”."),
    "unknown": gettext_lazy("The rules have an option this site does not know: “%(option)s”."),
    "value": gettext_lazy("The rules give the option “%(option)s” a value it cannot take."),
}


def _said_with_facts(error: LogError) -> str | None:
    """The checker's codes whose sentence carries the facts of the file (its params)."""
    facts = error.params
    if error.code == "rules" and facts.get("kind") in RULES_MESSAGES:
        # the option is the file's own key (an unknown one of any length): cut as the format is
        return str(RULES_MESSAGES[facts["kind"]]) % {"option": str(facts["option"])[:40]}
    if error.code == "card":
        return (
            _(
                "“%(card)s” is not a card as sevens-log/1 writes it: a rank (A, 2–9, T, J, Q, K) then"
                " a suit (S, H, D, C), such as 6S or TD; the joker is JK."
            )
            % facts
        )
    for lack, sentence in LACKS_MESSAGES.items():
        if error.code == "malformed" and lack in facts:
            return str(sentence) % {"key": facts[lack]}
    if error.code in CARD_MESSAGES and facts.get("card") and facts.get("next"):
        # the table's words, which name no one: "J♠ does not connect yet: that row needs 9♠ first."
        return RoomError(error.code, params=facts).message
    if error.code == "unexpected" and "type" in facts:
        return _("An event of type “%(type)s” cannot happen here.") % facts
    if error.code == "hands" and "sizes" in facts:
        return _("The hands are not a whole deal: the rules deal %(sizes)s cards.") % {
            "sizes": pgettext("between the numbers of a list", ", ").join(
                str(n) for n in facts["sizes"]
            )
        }
    if error.code == "no_seat":
        return _("There is no seat %(seat)s in this match (seats count from 0).") % facts
    if error.code in ("mismatch", "missing") and "expected" in facts:
        expected = facts["expected"]
        seats = [_("seat %(n)s") % {"n": n} for n in range(expected.get("seat", 0) + 1)]
        # the file's rules are in doubt here: the event is said as the log writes it (a place)
        said = narrate.event_sentence(expected, seats, rules=None) or ""
        if error.code == "mismatch":
            return _("The event is not what the rules make happen here: %(event)s") % {
                "event": said
            }
        return _("The log stops before an event the rules make happen: %(event)s") % {"event": said}
    if error.code == "totals" and "want" in facts:
        return _("The totals do not match the rounds: they are %(totals)s.") % {
            "totals": pgettext("between the numbers of a list", ", ").join(
                str(n) for n in facts["want"]
            )
        }
    if error.code == "seats" and "players" in facts:
        return (
            ngettext(
                "The seats do not match the number of players: the rules play with %(players)s.",
                "The seats do not match the number of players: the rules play with %(players)s.",
                facts["players"],
            )
            % facts
        )
    if error.code == "winner" and facts.get("want", 0) is None:
        # The totals may well name a leader: what is wrong is that the match is not over.
        return _(
            "The log stops before the match's last round is over: a match not played to its end"
            " has no winner (“winner”: null)."
        )
    if error.code == "format_other":
        return _("This log is in the format “%(format)s”: this site reads sevens-log/1.") % facts
    if error.code == "too_many_rounds":
        return (
            ngettext(
                "The log lists %(count)s rounds, but its rules play only %(rules)s round.",
                "The log lists %(count)s rounds, but its rules play only %(rules)s rounds.",
                facts["rules"],
            )
            % facts
        )
    return None


# A refused move in a file is about the seat that made it, not about the reader: the table's
# "It is not your turn." said of a log's event. Every code of the engine's IllegalAction has its
# sentence here, so no engine words (English only) ever reach the reader.
EVENT_MESSAGES = {
    "round_over": gettext_lazy("The round was already over."),
    "not_your_turn": gettext_lazy("It was not that seat's turn."),
    "malformed": gettext_lazy("This event could not be read."),
    "not_in_hand": gettext_lazy("That seat does not hold that card."),
    "row_not_open": gettext_lazy("That card's row is not open yet: its 7 comes first."),
    "not_next_to_row": gettext_lazy("That card does not connect to its row."),
    "beyond_placed_card": gettext_lazy(
        "That card lies beyond a card of an eliminated player: the row must reach it first."
    ),
    "side_closed": gettext_lazy(
        "That side of the row is closed: the row continues from its other end."
    ),
    "must_play": gettext_lazy("That seat had a card it had to play."),
    "no_passes_left": gettext_lazy("That seat had no passes left."),
    "first_play_must_be_7D": gettext_lazy("The first play of the round must be the 7 of diamonds."),
    "joker_alone": gettext_lazy(
        "The joker is played with the card that follows it: here it has none."
    ),
    "joker_not_held": gettext_lazy("That seat does not hold the joker."),
    "joker_bad_spot": gettext_lazy("The joker cannot go on that spot."),
    "joker_holds_spot_card": gettext_lazy(
        "That seat holds the card for that spot: it must play it instead of the joker."
    ),
    "needs_joker": gettext_lazy("That card can only follow the joker here."),
    "joker_no_card_beyond": gettext_lazy(
        "That seat has no card beyond that spot to play after the joker."
    ),
}

# What an event or a round of the file lacks (the file's own keys, said as it writes them).
LACKS_MESSAGES = {
    "lacks": gettext_lazy("The event has no “%(key)s”."),
    "round_lacks": gettext_lazy("The round has no “%(key)s”."),
    "log_lacks": gettext_lazy("The log has no “%(key)s”."),
}


def log_error_message(error: LogError) -> str:
    """A translated sentence naming the first bad place of a log and what is wrong there, with
    the facts of the file where the checker gives them; never the engine's own (English) words,
    but for a code this site has no sentence for."""
    what = str(
        _said_with_facts(error)
        or EVENT_MESSAGES.get(error.code)
        or LOG_MESSAGES.get(error.code)
        or MOVE_MESSAGES.get(error.code)
        or error.message
    )
    if error.round is not None and error.event is not None:
        return _("Round %(round)s, event %(event)s: %(problem)s") % {
            "round": error.round + 1,
            "event": error.event + 1,
            "problem": what,
        }
    if error.round is not None:
        return _("Round %(round)s: %(problem)s") % {"round": error.round + 1, "problem": what}
    return what


def shown_log(match: StoredMatch) -> dict:
    """The stored match's log without what must stay hidden: the round still being played."""
    log = match.to_log()
    if match.status == StoredMatch.Status.PLAYING:
        log["rounds"] = [r for r in log["rounds"] if "result" in r]
    log.pop("totals", None)
    log.pop("winner", None)
    return log


def engine_match(match: StoredMatch) -> Match | None:
    """The stored match rebuilt by the engine (None when no round can be shown yet)."""
    log = shown_log(match)
    if not log["rounds"]:
        return None
    return replay_log(log)


def summary(m: Match, *, codes: list | None = None) -> dict:
    """Per-round places and points, the totals and the standings, the winner."""
    names = replay.names_of(m)
    rounds = []
    for index, state in enumerate(m.rounds):
        result = state.result()
        places = []
        if result is not None:
            end, scoring = state.rules.round_end, state.rules.scoring
            places = [
                {
                    "place": shown_place(place, state.status[seat] == PLAYING, end, scoring),
                    "seat": seat,
                    "name": names[seat],
                    "colour": narrate.seat_colour(seat)[0],
                    "points": result.points[seat],
                }
                for place, seat in enumerate(result.ranking, start=1)
            ]
        rounds.append(
            {
                "index": index,
                "number": index + 1,
                "dealer": names[state.dealer],
                "over": state.over,
                "places": places,
                "code": codes[index] if codes and index < len(codes) else None,
            }
        )
    totals = m.totals
    # The engine ranks level totals by the last finished round (`Match.standings`). With no round
    # finished nothing has ranked anyone (every total is 0): no places, rather than 1-2-3-4 in
    # seat order, or a first place for everyone in a match nobody won.
    ranked = bool(m.results())
    standings = [
        {
            "place": place if ranked else None,
            "seat": seat,
            "name": names[seat],
            "colour": narrate.seat_colour(seat)[0],
            "total": totals[seat],
        }
        for place, seat in enumerate(m.standings, start=1)
    ]
    return {
        "names": names,
        "rounds": rounds,
        "standings": standings,
        "winner": names[m.winner] if m.winner is not None else None,
        "over": m.over,
        # Seats level on points, ranked by the last round (said under the standings, as the
        # table's settlement says it): at the end, and in the standings so far.
        "tie": _tie(m, totals) if ranked else None,
        "rules_items": narrate.rules_items(m.rules.to_dict()),
    }


def _tie(m: Match, totals: list[int]) -> str | None:
    """`tie_note` for the standings: by the last round that is over (`Match.standings`)."""
    last = [state for state in m.rounds if state.result() is not None][-1]
    seats = range(m.rules.players)
    return tie_note(
        totals,
        last.result().ranking,
        {seat for seat in seats if last.status[seat] == PLAYING},
        {seat: last.cards_left(seat) for seat in seats},
        m.rules.round_end,
        m.rules.scoring,
    )


def stored_codes(match: StoredMatch) -> list:
    """The deal code of every round that is over (a live round's code would give its hands)."""
    codes = []
    for rnd in match.rounds.order_by("number"):
        over = rnd.result is not None or match.status != StoredMatch.Status.PLAYING
        codes.append(deal_code(rnd.seed, rnd.dealer) if over and rnd.seed is not None else None)
    return codes


def viewer(m: Match, round_param, step_param) -> dict:
    """The replay viewer at the asked round (1-based) and step (events played so far). The counter
    counts events too: a step of several (a redeem, an elimination) shows from which event."""
    index = _int(round_param, 1, 1, len(m.rounds)) - 1
    steps = replay.round_steps(m, index)
    last = steps[-1].events
    at = replay.step_at(steps, _int(step_param, 0, 0, last))
    step = steps[at]
    names = replay.names_of(m)
    rules = m.rules.to_dict()
    return {
        "round": index + 1,
        "rounds": list(range(1, len(m.rounds) + 1)),
        "step": step.events,
        "last": last,
        "first": steps[at - 1].events + 1 if at > 0 else 0,
        "prev_step": steps[at - 1].events if at > 0 else None,
        "next_step": steps[at + 1].events if at + 1 < len(steps) else None,
        "table": replay.table(step.state, names),
        "moves": replay.said_moves(step.said, names, rules),
        "log": [
            {"events": s.events, "first": before.events + 1, **_step_line(s.said, names, rules)}
            for before, s in pairwise(steps)
        ],
    }


def _step_line(moves: list[dict], names: list[str], rules: dict) -> dict:
    """A step of the replay's log, shown and read out: each move's sentences said once."""
    said = replay.said_moves(moves, names, rules)
    space = narrate.sentence_space()
    return {
        "text": space.join(m["text"] for m in said),
        "spoken": space.join(m["spoken"] for m in said),
    }


def _int(value, default: int, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return min(max(number, low), high)
