"""The rule set: orthogonal options, validated, with the two presets of the product texts."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

OPTIONS: dict[str, tuple[Any, ...]] = {
    "players": (3, 4),
    "sevens": ("laid_out", "played"),
    "ace": ("low", "high"),
    "pass_limit": (1, 2, 3, 4, 5, None),
    "pass_when_playable": (True, False),
    "joker": (True, False),
    "ends": ("none", "connect", "tunnel"),
    "round_end": ("last_player", "first_out"),
    "scoring": ("rank_points", "cards_left"),
    "rounds": (1, 3, 5),
}


# Rule sets already checked (they are frozen), keyed with each value's type: as a set member
# RuleSet(players=4.0) would equal RuleSet(players=4).
_VALID: set[tuple[Any, ...]] = set()


class RuleError(ValueError):
    """An option with a value it cannot take; ``option`` names it."""

    def __init__(self, option: str, message: str, kind: str = "value"):
        super().__init__(f"{option}: {message}")
        self.option = option
        self.message = message
        # what is wrong, for saying it in other words: "value" (one it cannot take, or that
        # does not go with another option), "unknown" (no such option), "missing", "object"
        self.kind = kind


@dataclass(frozen=True)
class RuleSet:
    players: int = 4
    sevens: str = "laid_out"
    ace: str = "low"
    pass_limit: int | None = 3
    pass_when_playable: bool = True
    joker: bool = False
    ends: str = "none"
    round_end: str = "last_player"
    scoring: str = "rank_points"
    rounds: int = 1

    def _key(self) -> tuple[Any, ...]:
        return tuple((type(v), v) for v in asdict(self).values())

    def validate(self) -> RuleSet:
        if self.__dict__.get("_valid"):  # this very object was checked already
            return self
        key = self._key()
        if key in _VALID:
            object.__setattr__(self, "_valid", True)
            return self
        for option, allowed in OPTIONS.items():
            value = getattr(self, option)
            # bool is an int in Python: keep True out of `players` and 1 out of `joker`.
            ok = any(value == a and type(value) is type(a) for a in allowed)
            if not ok:
                shown = ", ".join("unlimited" if a is None else str(a) for a in allowed)
                raise RuleError(option, f"must be one of {shown}, not {value!r}")
        if self.joker and self.sevens != "laid_out":
            raise RuleError("joker", "the joker is only played when the 7s are laid out")
        _VALID.add(key)
        object.__setattr__(self, "_valid", True)
        return self

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        if not isinstance(data, dict):
            raise RuleError("rules", "must be an object of options", "object")
        unknown = sorted(set(data) - set(OPTIONS))
        if unknown:
            raise RuleError(unknown[0], "is not an option of the rules", "unknown")
        missing = [o for o in OPTIONS if o not in data]
        if missing:
            raise RuleError(missing[0], "is missing", "missing")
        return cls(**data).validate()

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> RuleSet:
        if name not in PRESETS:
            raise RuleError("preset", f"must be one of {', '.join(PRESETS)}, not {name!r}")
        return replace(PRESETS[name], **overrides).validate()

    @property
    def endless_passes(self) -> bool:
        """Passes never run out and may be taken while able: nothing in the rules stops a round
        being passed round for ever (the CPU players play after a whole circle of passes)."""
        return self.pass_limit is None and self.pass_when_playable

    @property
    def family(self) -> str:
        """`chinese` for the seed-002 family (7s played in turn), else `japanese`."""
        return "chinese" if self.sevens == "played" else "japanese"

    def summary(self) -> str:
        """A one-line English rules card (the site builds its own translated one)."""
        passes = "unlimited passes" if self.pass_limit is None else f"{self.pass_limit} passes"
        # With aces high the K already stands next to the A: the row's ends are the A and the 2
        # (docs/rules.md 18).
        ends = "A-K" if self.ace == "low" else "A-2"
        parts = [
            f"{self.players} players",
            "7s laid out" if self.sevens == "laid_out" else "7s played in turn",
            "A low" if self.ace == "low" else "A high",
            passes,
            "pass while able" if self.pass_when_playable else "must play when able",
            "joker" if self.joker else "no joker",
            {"none": f"{ends} not connected", "connect": f"{ends} connect", "tunnel": "tunnel"}[
                self.ends
            ],
            "last player ends" if self.round_end == "last_player" else "first out ends",
            "rank points" if self.scoring == "rank_points" else "cards left",
            f"{self.rounds} round{'s' if self.rounds > 1 else ''}",
        ]
        return " · ".join(parts)


PRESETS: dict[str, RuleSet] = {
    "japanese": RuleSet(),
    "chinese": RuleSet(
        players=4,
        sevens="played",
        ace="high",
        pass_limit=None,
        pass_when_playable=False,
        joker=False,
        ends="none",
        round_end="first_out",
        scoring="cards_left",
    ),
}
