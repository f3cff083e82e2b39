"""Sevens (七並べ Shichi Narabe, 排七, Fan Tan): the rules engine.

Pure Python: no Django, no clock, no global random (pass a seed or a `random.Random`).

The rules, as options of a `RuleSet` (see docs/rules.md for every decision):
- 3 or 4 players; the whole deck (52 cards, or 53 with the joker) is dealt one card at a time from
  the dealer's left; the dealer rotates each round.
- `sevens`: `laid_out` — after the deal every 7 goes to the table and the seat that held 7♦ plays
  first; `played` — a row opens only when its 7 is played in turn, and the holder of 7♦ must open
  the round with 7♦.
- A card may be played only at a spot next to the run joined to its row's 7 (`ace` low: A…7…K; high:
  2…7…A). `ends`: `connect` lets a row that reached one end continue from the other end; `tunnel`
  closes the 7 side instead, once one side reached its end, and the row continues from the far end.
- Passes: `pass_limit` 1–5 or unlimited; `pass_when_playable` off allows a pass only when nothing
  can be played. A seat out of passes must play; if it cannot, it is eliminated and its cards are
  placed face up in their spots, where nothing can be played beyond them until the run reaches them.
- The joker (`joker`, with laid-out 7s): placed on a playable spot together with the card beyond it;
  the holder of the spot's card plays it at once and takes the joker; a seat left with only the
  joker drops out; an eliminated seat's joker is removed.
- `round_end`: `last_player` (ends when one seat still holds cards) or `first_out` (when any seat
  empties its hand); `scoring`: `rank_points` (3/2/1/0, or 2/1/0) or `cards_left` (zero-sum).

Actions: `Action.play(card)`, `Action.pass_()`, `Action.joker(spot, card)`; inside the engine also
ints (a card 0–51, `PASS`, or `JOKER_BASE + spot * 64 + card`). A seat's observation is
`seat_view(state, seat)`: its own hand, the table, every seat's card count, passes, status and
place, and the public history — never another seat's cards; with `Standings`, the match's totals
so far and the rounds still to come.
"""

from . import cards
from .actions import JOKER_BASE, PASS, Action, IllegalAction
from .match import (
    LogError,
    Match,
    deal_code,
    in_log_order,
    parse_deal_code,
    replay_log,
    replay_round,
)
from .rules import OPTIONS, PRESETS, RuleError, RuleSet
from .state import RoundResult, RoundState, apply, deal, new_round
from .view import SeatView, Standings, seat_view

__all__ = [
    "JOKER_BASE",
    "OPTIONS",
    "PASS",
    "PRESETS",
    "Action",
    "IllegalAction",
    "LogError",
    "Match",
    "RoundResult",
    "RoundState",
    "RuleError",
    "RuleSet",
    "SeatView",
    "Standings",
    "apply",
    "cards",
    "deal",
    "deal_code",
    "new_round",
    "parse_deal_code",
    "replay_log",
    "in_log_order",
    "replay_round",
    "seat_view",
]
