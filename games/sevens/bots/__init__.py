"""CPU players. A bot is `choose(view, rng) -> Action`, a function of what its seat may know.

`get_bot(name)` returns the bot for a level name — `easy`, `medium`, `hard`, `random` — with
options after a colon (`hard:playouts=200`, `hard:seconds=0.2+endgame_nodes=10000`), or loads an
external one by import path (`package.module:factory`, where `factory()` returns the bot). See
docs/bots.md.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from ..actions import Action
from ..view import SeatView
from .easy import easy_bot
from .hard import Hard, hard_bot
from .medium import Hint, explain_hint, hint, medium_bot

Bot = Callable[[SeatView, random.Random], Action]


def random_bot(view: SeatView, rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(view.legal)


def _random(**options: Any) -> Bot:
    if options:
        raise ValueError("random takes no options")
    return random_bot


# A level's factory takes keyword options (strings from the command line are converted by it).
LEVELS: dict[str, Callable[..., Bot]] = {
    "random": _random,
    "easy": easy_bot,  # type: ignore[dict-item]
    "medium": medium_bot,  # type: ignore[dict-item]
    "hard": hard_bot,
}


class BotError(ValueError):
    pass


def parse_options(text: str) -> dict[str, str]:
    """`"playouts=200+seconds=0.1"` -> {"playouts": "200", "seconds": "0.1"}."""
    options: dict[str, str] = {}
    for part in filter(None, text.replace(";", "+").split("+")):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise BotError(f"bad option {part!r}: write name=value")
        options[key.strip()] = value.strip()
    return options


def get_bot(name: str, **options: Any) -> Bot:
    """The bot for `name` (a level, `level:opt=value+…`, or `module.path:factory`)."""
    level, colon, rest = name.partition(":")
    if level in LEVELS:
        opts = parse_options(rest) if colon else {}
        opts.update(options)
        try:
            return LEVELS[level](**opts)
        except (TypeError, ValueError) as exc:
            raise BotError(f"cannot make CPU {name!r}: {exc}") from exc
    if colon:
        try:
            factory = getattr(importlib.import_module(level), rest)
        except (ImportError, AttributeError) as exc:
            raise BotError(f"cannot load bot {name!r}: {exc}") from exc
        bot: Bot = factory(**options)
        return bot
    raise BotError(f"unknown CPU {name!r}: one of {', '.join(LEVELS)} or module.path:factory")


__all__ = [
    "LEVELS",
    "Bot",
    "BotError",
    "Hard",
    "Hint",
    "explain_hint",
    "get_bot",
    "hint",
    "parse_options",
    "random_bot",
]
