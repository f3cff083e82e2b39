"""Why a hint suggests its move: a reason code, its parameters, and an English sentence.

The site translates: it wraps each template of `REASONS` in gettext and fills in the parameters
itself (cards as names like ``"6S"``, suits as letters ``S H D C``, `side` as ``below``/``above``).
`render` gives the English sentence.
"""

from __future__ import annotations

from typing import Any

from .. import cards

REASONS: dict[str, str] = {
    "only_move": "plays {card}: it is the only move you have",
    "first_seven": "plays {card}: the round opens with the 7 of diamonds",
    "forced_pass": "passes: you have no card you can play",
    "keeps_block": "keeps {card}: you hold no {suit} {side} it",
    "keeps_row": "keeps {card}: no {suit} can be played until it is on the table",
    "saves_last_pass": "plays {card}: keep your last pass for when you cannot play",
    "traps_player": "keeps {card}: a player with no passes left may be stuck behind it",
    "runs": "plays {card}: your {next} can follow it",
    "opens_way": "plays {card}: it opens the way to your {far}",
    "reaches_placed": "plays {card}: the row joins the placed cards and your {next} becomes playable",
    "sheds_end": "plays {card}: nobody else holds a card beyond it, so it blocks no one",
    "least_block": "plays {card}: of your moves, it helps the other players least",
    "race": "plays {card}: you have few cards left, so race to go out",
    "opens_row": "plays {card}: you hold {count} more {suit}, so opening the row helps you",
    "joker": "puts the joker on {spot} and plays {card}: two cards fewer in your hand",
}

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
CARD_PARAMS = ("card", "next", "far", "spot")


def pretty(card_name: str) -> str:
    """``"6S"`` -> ``"♠6"``, ``"TH"`` -> ``"♥10"``."""
    if card_name == "JK":
        return "the joker"
    rank, suit = card_name[0], card_name[1]
    return cards.SUIT_SYMBOLS[cards.SUITS.index(suit)] + ("10" if rank == "T" else rank)


def render(code: str, params: dict[str, Any]) -> str:
    """The English sentence for a reason code and its parameters."""
    shown = dict(params)
    for key in CARD_PARAMS:
        if key in shown:
            shown[key] = pretty(shown[key])
    if "suit" in shown:
        shown["suit"] = SUIT_NAMES[shown["suit"]]
    return REASONS[code].format(**shown)
