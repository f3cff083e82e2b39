"""The messages a browser may send over a room's socket: a closed set, parsed strictly.

htmx 2's ws extension sends a form as JSON: its fields (strings, or lists of strings for repeated
names) plus a `HEADERS` object. Anything else is refused with `BadMessage`, never a traceback.
"""

import json
import re
from dataclasses import dataclass

ACTIONS = (
    "play",
    "pass",
    "joker",
    "hint",
    "resync",
    "reveal",
    "next_round",
    "rematch",
    "fast_forward",
)
CARD = re.compile(r"^(?:[A2-9TJQK][SHDC]|JK)$")
MAX_FIELD = 64


class BadMessage(ValueError):
    pass


@dataclass(frozen=True)
class Message:
    action: str
    cards: tuple[str, ...] = ()  # one card, or the joker and the card beyond it
    spot: str | None = None
    seat: int | None = None
    version: int | None = None

    @property
    def card(self) -> str | None:
        return self.cards[0] if self.cards else None


def parse(text: str | None) -> Message:
    try:
        data = json.loads(text or "")
    except (ValueError, RecursionError) as exc:
        raise BadMessage("not json") from exc
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    action = _one(data.get("action"))
    if action not in ACTIONS:
        raise BadMessage("unknown action")
    return Message(
        action=action,
        cards=_cards(data.get("card")),
        spot=_card_or_none(data.get("spot")),
        seat=_int_or_none(data.get("seat"), 0, 3),
        version=_int_or_none(data.get("version"), 0, 2**31 - 1),
    )


def _one(value) -> str | None:
    """A single field value: htmx sends a repeated field as a list."""
    if isinstance(value, list):
        value = value[-1] if value else None
    if value is None:
        return None
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise BadMessage("field is not text")
    value = str(value).strip()
    if len(value) > MAX_FIELD:
        raise BadMessage("field too long")
    return value or None


def _cards(value) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    if len(values) > 2:
        raise BadMessage("too many cards")
    out = tuple(c for c in (_card_or_none(v) for v in values) if c)
    return out


def _card_or_none(value) -> str | None:
    text = _one(value)
    if text is None:
        return None
    text = text.upper()
    if not CARD.match(text):
        raise BadMessage("not a card")
    return text


def _int_or_none(value, low: int, high: int) -> int | None:
    text = _one(value)
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise BadMessage("not a number in range")
    return int(text)
