"""Medium: the strategy tips of the product texts as rules of thumb, one move at a time.

Each legal action gets a score from what the seat can see (its hand, the table, the counts):
- a card with none of your own cards beyond it is a *block*: keeping it holds back every card
  beyond it that others hold, so playing it costs that many (an end card costs nothing);
- a card whose play makes one of your own cards playable (a run you own, or the run joining an
  eliminated seat's placed cards) is worth a lot, and so is opening the way to your far cards;
- cards it makes playable for the others count against it;
- with 7s played in turn, a 7 is a switch: open it when you hold more of its suit;
- a voluntary pass (when the rules allow it) is chosen when every play gives up a block, keeping
  one pass in reserve, unless another seat is out of passes and may be trapped;
- with three cards or fewer, race: play, preferring cards that your own cards follow.

`hint(view)` explains the same choice as a reason code and an English sentence.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .. import cards
from ..actions import JOKER_BASE, PASS, Action
from ..cards import JOKER_BIT
from ..rules import RuleSet
from ..view import SeatView
from .knowledge import (
    SUIT_MASKS,
    beyond_masks,
    circle_passed,
    opponents_playing,
    others_unseen,
    playable_after,
)
from .reasons import render

RACE_CARDS = 3
SEVEN_D = cards.parse("7D")


@dataclass
class Option:
    score: float
    code: int
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


def _name(card: int) -> str:
    return cards.name(card)


def _side(view: SeatView, card: int) -> str:
    rank = card % 13
    # With the ace high it sits above the 7 (rank 0 is the ace).
    below = 0 < rank < 6 if view.rules.ace == "high" else rank < 6
    return "below" if below else "above"


def _far_card(view: SeatView, card: int, mask: int) -> int:
    """The card of `mask` farthest from the 7 (in row order)."""
    best, best_dist = -1, -1
    for c in cards.bits(mask):
        pos = c % 13 if view.rules.ace == "low" else (c % 13 - 1) % 13
        seven = 6 if view.rules.ace == "low" else 5
        if abs(pos - seven) > best_dist:
            best, best_dist = c, abs(pos - seven)
    return best


def score_play(view: SeatView, card: int, extra: int = 0, race: bool = False) -> Option:
    """The score of playing `card` (with `extra` cards also put down, e.g. the joker's spot)."""
    hand, others = view.hand, others_unseen(view)
    bit = 1 << card
    opened = playable_after(view, bit | extra) & ~view.playable & ~(bit | extra)
    mine_open = opened & hand
    their_open = opened & others
    beyond = beyond_masks(view.rules.ace)[card]
    my_far, their_far = (beyond & hand).bit_count(), (beyond & others).bit_count()
    row_open = bool(view.table & SUIT_MASKS[card // 13])
    params: dict[str, Any] = {"card": _name(card)}
    if mine_open:
        nxt = mine_open & -mine_open
        params["next"] = _name(nxt.bit_length() - 1)
    if race:
        score = 10 + 3 * mine_open.bit_count() + my_far - 0.2 * their_open.bit_count()
        return Option(score, card, "race", params)
    if not row_open:  # a 7 played in turn: a switch for the whole row
        suit = SUIT_MASKS[card // 13]
        my_suit = (hand & suit & ~bit).bit_count()
        their_suit = (others & suit).bit_count()
        score = 2 * mine_open.bit_count() + 0.8 * my_suit - 0.4 * their_suit
        if my_suit >= 2:
            params.update(count=my_suit, suit=cards.SUITS[card // 13])
            return Option(score, card, "opens_row", params)
        return Option(score, card, "least_block", params)
    if not my_far and not mine_open:
        if their_far == 0:
            # Under connect or tunnel an end card opens the row's far end (K, then A): then it
            # does hold someone back, and "blocks no one" would be false. The score stays the
            # rule of thumb's (`mimic`, `batch_medium` compute the same); only the reason says so.
            if their_open:
                return Option(0.0, card, "least_block", params)
            return Option(0.0, card, "sheds_end", params)
        return Option(-float(their_far), card, "least_block", params)
    score = 1 + 2 * mine_open.bit_count() + 0.7 * my_far - 0.6 * their_open.bit_count()
    near = _neighbours(card, view.rules) | _neighbours_of(extra, view.rules)
    if mine_open and not mine_open & near:
        return Option(score, card, "reaches_placed", params)
    if mine_open:
        return Option(score, card, "runs", params)
    params["far"] = _name(_far_card(view, card, beyond & hand))
    return Option(score, card, "opens_way", params)


def _neighbours(card: int, rules: RuleSet) -> int:
    """The cards next to `card` in its row's order: 2…A with the ace high, A…K with it low, and the
    two ends next to each other when A and K connect (or the row continues from the other end)."""
    suit, rank = divmod(card, 13)
    high = rules.ace == "high"
    pos = (rank - 1) % 13 if high else rank  # the place in the row, 0…12
    around = {pos - 1, pos + 1}
    if rules.ends != "none":
        around |= {(pos - 1) % 13, (pos + 1) % 13}
    out = 0
    for p in around:
        if 0 <= p < 13:
            out |= 1 << (13 * suit + ((p + 1) % 13 if high else p))
    return out


def _neighbours_of(mask: int, rules: RuleSet) -> int:
    out = 0
    for c in cards.bits(mask):
        out |= _neighbours(c, rules)
    return out


def assess(view: SeatView) -> list[Option]:
    """Every legal action of the seat with its score and reason, best first (stable order)."""
    codes = view.legal_codes
    if not codes:
        return []
    if len(codes) == 1:
        code = codes[0]
        if code == PASS:
            return [Option(0.0, PASS, "forced_pass")]
        if view.first_play and code == SEVEN_D:
            return [Option(0.0, code, "first_seven", {"card": _name(code)})]
        if code < PASS:
            return [Option(0.0, code, "only_move", {"card": _name(code)})]
    me = view.me
    race = (view.hand & ~JOKER_BIT).bit_count() <= RACE_CARDS
    options: list[Option] = []
    for code in codes:
        if code < PASS:
            options.append(score_play(view, code, race=race))
        elif code >= JOKER_BASE:
            spot, card = divmod(code - JOKER_BASE, 64)
            opt = score_play(view, card, extra=1 << spot, race=race)
            bonus = 1.5 + (3.0 if view.counts[me] <= 4 else 0.0)
            options.append(
                Option(opt.score + bonus, code, "joker", {"spot": _name(spot), "card": _name(card)})
            )
    plays = list(options)
    if PASS in codes:
        if not plays:
            return [Option(0.0, PASS, "forced_pass")]
        options.append(_pass_option(view, plays, race))
    options.sort(key=lambda o: -o.score)
    return options


def _pass_option(view: SeatView, plays: list[Option], race: bool) -> Option:
    """A voluntary pass: worth taking when every play gives up a block."""
    best = max(plays, key=lambda o: o.score)
    worst = min(plays, key=lambda o: o.score)
    left = view.passes_left[view.me]
    opponents = opponents_playing(view)
    circle = circle_passed(view)
    block = {"card": worst.params.get("card", "")}
    keeps = "keeps_block"
    if block["card"]:
        card = cards.parse(block["card"])
        block.update(suit=cards.SUITS[card // 13], side=_side(view, card))
        if not view.table & SUIT_MASKS[card // 13]:
            # A 7 played in turn is not a block with a side: while it is kept, its whole row is
            # shut (and the seat may well hold cards of that suit on either side).
            keeps = "keeps_row"
            del block["side"]
    if race or circle or best.score >= 0:
        return Option(-100.0, PASS, keeps, block)
    if left is None or left > 1:
        return Option(0.0, PASS, keeps, block)
    trapped = any(view.passes_left[s] == 0 for s in opponents)
    if left == 1 and trapped and best.score <= -4:
        return Option(0.0, PASS, "traps_player", {"card": block["card"]})
    return Option(-100.0, PASS, "saves_last_pass", {})


def choose(view: SeatView, rng: random.Random) -> Action:
    options = assess(view)
    top = options[0].score
    best = [o for o in options if o.score == top]
    return Action.from_code(rng.choice(best).code if len(best) > 1 else best[0].code)


@dataclass(frozen=True)
class Hint:
    """A suggested action, why (a reason code and its parameters), and the English sentence."""

    action: Action
    code: str
    params: dict[str, Any]
    text: str


def explain_hint(view: SeatView) -> Hint:
    options = assess(view)
    if not options:
        raise ValueError("it is not this seat's turn")
    best = options[0]
    code, params = best.reason, dict(best.params)
    saving = any(o.reason == "saves_last_pass" for o in options)
    if best.code < PASS and best.score < 0 and saving:
        code = "saves_last_pass"
    return Hint(Action.from_code(best.code), code, params, render(code, params))


def hint(view: SeatView) -> tuple[Action, str]:
    """The hint button: Medium's move for this seat and a short English reason."""
    h = explain_hint(view)
    return h.action, h.text


def medium_bot(**options: object) -> object:
    """The Medium factory (no options)."""
    if options:
        raise ValueError(f"medium takes no options, not {', '.join(options)}")
    return choose
