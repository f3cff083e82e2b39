"""Why an action is illegal: the code and a sentence a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards
from .actions import Action, IllegalAction

if TYPE_CHECKING:
    from .rows import RowInfo
    from .state import RoundState


def explain(state: RoundState, action: Action) -> IllegalAction:
    """The reason `action` is not among the legal actions of the seat to act."""
    hand = state.hands[state.turn]
    if action.type == "pass":
        return _explain_pass(state)
    if action.card == cards.JOKER:
        return IllegalAction(
            "joker_alone",
            "The joker cannot be played by itself: choose the spot and the card that follows it.",
        )
    if state.first_play:
        return IllegalAction(
            "first_play_must_be_7D", "The first play of the round must be the 7 of diamonds."
        )
    if action.type == "joker":
        return _explain_joker(state, action, hand)
    card = action.card
    if card is None:
        return IllegalAction("malformed", "That move names no card.")
    if not hand >> card & 1:
        return IllegalAction("not_in_hand", "You do not hold that card.", card=cards.name(card))
    if any(a.type == "joker" and a.card == card for a in state.legal_actions()):
        return IllegalAction(
            "needs_joker",
            "That card can go down only after the joker: play the joker with it.",
            card=cards.name(card),
        )
    return _explain_card(state, card)


def _explain_pass(state: RoundState) -> IllegalAction:
    if state.first_play:
        return IllegalAction(
            "first_play_must_be_7D",
            "You hold the 7 of diamonds: the round starts when you play it, so you cannot pass.",
        )
    if state.limit is not None and state.passes[state.turn] >= state.limit:
        return IllegalAction(
            "no_passes_left", "You have no passes left: you must play a card you can."
        )
    return IllegalAction("must_play", "You still have a card you can play, so you must play it.")


def _explain_card(state: RoundState, card: int) -> IllegalAction:
    suit, rank = divmod(card, 13)
    info = state.rows.info(state.row(suit))
    name = cards.name(card)
    if not info.open:
        return IllegalAction(
            "row_not_open", "This row is not open yet: play its 7 first.", card=name
        )
    if rank == info.closed:
        return IllegalAction(
            "side_closed",
            "This side of the row is closed: the row now continues only from its far end.",
            card=name,
        )
    rows = state.rows
    pos = rows.pos_of_rank(rank)
    wrap = state.rules.ends == "connect"
    row = state.row(suit)
    for step in (-1, 1):
        q = pos + step
        if wrap:
            q %= 13
        elif not 0 <= q <= 12:
            continue
        neighbour = rows.rank_of_pos(q)
        # "Beyond" a placed card: the placed card lies between this card and the 7, and the row
        # cannot reach this card any other way (with A and K joined, or under tunnel, the far
        # end may get to it first: the row then needs that end's card, not the placed one).
        nearer = abs(q - rows.seven_pos) < abs(pos - rows.seven_pos)
        if (
            nearer
            and row >> neighbour & 1
            and not info.run >> neighbour & 1
            and not _reached_avoiding(state, row, info, rank, neighbour)
        ):
            return IllegalAction(
                "beyond_placed_card",
                "That card lies beyond a placed card: nothing can go there until the row reaches it.",
                card=name,
            )
    # The row's open spots that lead to this card (both ends only where both walks reach it).
    leading = 0
    for _, spot, _ in info.growth:
        if rows.leads_to(row, spot, rank):
            leading |= 1 << spot
    return IllegalAction(
        "not_next_to_row",
        "That card does not connect: it must be next to the row's end.",
        card=name,
        next=cards.names_in_rows((leading or info.spots) << 13 * suit, rows.ace),
    )


def _reached_avoiding(state: RoundState, row: int, info: RowInfo, rank: int, placed: int) -> bool:
    """Whether a walk of the row gets to `rank` without passing the unjoined card `placed`: the
    walks are followed in the row with that card taken off the table, never filling its spot."""
    without = row & ~(1 << placed)
    return any(state.rows.leads_to(without, spot, rank, placed) for _, spot, _ in info.growth)


def _explain_joker(state: RoundState, action: Action, hand: int) -> IllegalAction:
    if not hand & cards.JOKER_BIT:
        return IllegalAction("joker_not_held", "You do not hold the joker.")
    spot, card = action.spot, action.card
    if spot is None or spot == cards.JOKER or not state.playable >> spot & 1:
        return IllegalAction(
            "joker_bad_spot", "The joker must go on a spot where a card could be played now."
        )
    if hand >> spot & 1:
        return IllegalAction(
            "joker_holds_spot_card",
            "You hold the card for that spot yourself, so you cannot use the joker there.",
            spot=cards.name(spot),
        )
    info = state.rows.info(state.row(spot // 13))
    beyond = [b for _, s, b in info.growth if s == spot % 13 and b >= 0]
    if not beyond or card is None or card // 13 != spot // 13 or card % 13 not in beyond:
        return IllegalAction(
            "joker_no_card_beyond",
            "With the joker you must also play the card just beyond its spot, from your hand.",
            spot=cards.name(spot),
        )
    return IllegalAction("not_in_hand", "You do not hold that card.", card=cards.name(card))
