"""Actions a seat chooses, and the error an illegal one raises."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import cards

# Actions are also small ints inside the engine (playouts handle millions of them):
# a play is the card (0-51), a pass is PASS, a joker move is JOKER_BASE + spot * 64 + card.
PASS = 60
JOKER_BASE = 64


class IllegalAction(Exception):
    """An action the rules do not allow. `code` is stable; `message` is for the player."""

    def __init__(self, code: str, message: str, **params: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


@dataclass(frozen=True)
class Action:
    type: str  # "play" | "pass" | "joker"
    card: int | None = None
    spot: int | None = None

    @staticmethod
    def play(card: str | int) -> Action:
        return Action("play", _card(card))

    @staticmethod
    def pass_() -> Action:
        return Action("pass")

    @staticmethod
    def joker(spot: str | int, card: str | int) -> Action:
        return Action("joker", _card(card), _card(spot))

    @property
    def code(self) -> int:
        if self.type == "play":
            return self.card  # type: ignore[return-value]
        if self.type == "pass":
            return PASS
        return JOKER_BASE + self.spot * 64 + self.card  # type: ignore[operator]

    @staticmethod
    def from_code(code: int) -> Action:
        if code == PASS:
            return Action("pass")
        if code >= JOKER_BASE:
            spot, card = divmod(code - JOKER_BASE, 64)
            return Action("joker", card, spot)
        return Action("play", code)

    def to_dict(self) -> dict[str, str]:
        if self.type == "pass":
            return {"type": "pass"}
        if self.type == "play":
            return {"type": "play", "card": cards.name(self.card)}  # type: ignore[arg-type]
        return {
            "type": "joker",
            "spot": cards.name(self.spot),  # type: ignore[arg-type]
            "card": cards.name(self.card),  # type: ignore[arg-type]
        }

    @staticmethod
    def from_dict(data: Any) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction("malformed", "That move could not be read.")
        kind = data.get("type")
        try:
            if kind == "pass":
                return Action("pass")
            if kind == "play":
                return Action.play(data["card"])
            if kind == "joker":
                return Action.joker(data["spot"], data["card"])
        except (KeyError, cards.CardError) as exc:
            raise IllegalAction("malformed", "That move names no card we know.") from exc
        raise IllegalAction("malformed", "That move could not be read.")

    def __str__(self) -> str:
        d = self.to_dict()
        return " ".join(d.values())


def _card(value: str | int) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= cards.JOKER:
        return value
    return cards.parse(value)  # type: ignore[arg-type]
