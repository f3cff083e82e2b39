"""Checking and storing play-statistics events, and deleting them after 30 days.

`check_event` validates a decoded JSON body against the closed value sets of `stats.values` and
refuses anything else (an unknown key, a value outside its set); `record_event` stores one event.
"""

from datetime import timedelta

from django.utils import timezone

from stats import values
from stats.models import PlayEvent

KEEP_DAYS = 30

CHOICES = {
    "event": values.EVENTS,
    "game_kind": values.GAME_KINDS,
    "mode": values.MODES,
    "cpu_level": values.CPU_LEVELS,
    "result": values.RESULTS,
    "duration": values.DURATIONS,
    "render_speed": values.RENDER_SPEEDS,
    "memory": values.MEMORY,
    "cores": values.CORES,
    "browser": values.BROWSERS,
    "os": values.SYSTEMS,
}
NUMBERS = {
    "players": values.PLAYERS,
    "rounds": values.ROUNDS,
}
COUNTS = {"moves": values.MAX_MOVES, "reconnects": values.MAX_RECONNECTS}
FLAGS = ("connected", "phone")


class Refused(ValueError):
    """The body is not an event we store: `code` says why."""

    def __init__(self, code: str, key: str = ""):
        super().__init__(f"{code}: {key}" if key else code)
        self.code = code
        self.key = key


def check_event(data) -> dict:
    """The model fields for `data`, or Refused. Only the keys of its event kind are allowed."""
    if not isinstance(data, dict):
        raise Refused("not_an_object")
    event = data.get("event")
    if event not in values.EVENTS:
        raise Refused("bad_value", "event")
    allowed = set(values.EVENT_KEYS[event])
    fields: dict = {"event": event}
    for key, value in data.items():
        if key == "event":
            continue
        if key not in allowed:
            raise Refused("unknown_key", str(key)[:40])
        fields[key] = _value(key, value)
    for key in values.REQUIRED[event]:
        if key not in fields:
            raise Refused("missing", key)
    if event == "webgl_failed":
        fields["webgl_failed"] = True
    return fields


def _value(key: str, value):
    if key in CHOICES:
        if isinstance(value, str) and value in CHOICES[key]:
            return value
    elif key in NUMBERS:
        if _is_int(value) and value in NUMBERS[key]:
            return value
    elif key in COUNTS:
        if _is_int(value) and 0 <= value <= COUNTS[key]:
            return value
    elif key in FLAGS and isinstance(value, bool):
        return value
    raise Refused("bad_value", key)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def record_event(data) -> PlayEvent:
    """Checks and stores one event (raises Refused)."""
    return PlayEvent.objects.create(**check_event(data))


def purge(now=None) -> int:
    """Deletes the events older than 30 days; returns how many went."""
    now = now or timezone.now()
    deleted, _ = PlayEvent.objects.filter(created_at__lt=now - timedelta(days=KEEP_DAYS)).delete()
    return deleted
