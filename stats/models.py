"""One row per play-statistics event. The fields are the privacy page's list and nothing more:
no room, no moves or table, no IP address, no GPU model (a test holds this list)."""

import uuid

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from stats import values

# What admin shows for each stored value (brand and system names are not translated).
LABELS = {
    "event": {
        "match_start": _("match started"),
        "match_end": _("match ended"),
        "friend_connection": _("friend connection"),
        "webgl_failed": _("3D failed"),
        "render_speed": _("render speed"),
    },
    "game_kind": {"japanese": _("Japanese rules"), "chinese": _("Chinese rules")},
    "mode": {
        "cpu": _("against the computer"),
        "hotseat": _("on one device"),
        "friend": _("with friends"),
    },
    "cpu_level": {"easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard")},
    "result": {"win": _("won"), "loss": _("lost"), "complete": _("played to the end")},
    "duration": {
        "lt5m": _("under 5 minutes"),
        "5to15m": _("5 to 15 minutes"),
        "15to30m": _("15 to 30 minutes"),
        "30to60m": _("30 to 60 minutes"),
        "gt60m": _("over 60 minutes"),
    },
    "render_speed": {
        "lt50ms": _("under 50 ms"),
        "50to150ms": _("50 to 150 ms"),
        "150to500ms": _("150 to 500 ms"),
        "gt500ms": _("over 500 ms"),
    },
    "memory": {
        "le1gb": _("1 GB or less"),
        "2gb": _("2 GB"),
        "4gb": _("4 GB"),
        "ge8gb": _("8 GB or more"),
    },
    "cores": {
        "1to2": _("1 or 2"),
        "3to4": _("3 or 4"),
        "5to8": _("5 to 8"),
        "ge9": _("9 or more"),
    },
    "browser": {
        "chrome": "Chrome",
        "edge": "Edge",
        "firefox": "Firefox",
        "safari": "Safari",
        "samsung": "Samsung Internet",
        "opera": "Opera",
        "other": _("other"),
    },
    "os": {
        "windows": "Windows",
        "macos": "macOS",
        "ios": "iOS",
        "android": "Android",
        "linux": "Linux",
        "chromeos": "ChromeOS",
        "other": _("other"),
    },
}


def _choices(field: str, options) -> list[tuple]:
    return [(v, LABELS[field][v]) for v in options]


def this_hour():
    """A row's time, to the hour: enough to count by day and to delete after 30 days, and too
    coarse to match a row with the web server's access log (which holds addresses)."""
    return timezone.now().replace(minute=0, second=0, microsecond=0)


class PlayEvent(models.Model):
    # A random key, not a counter: rows numbered in the order they arrived could be matched, one by
    # one, with the access log's POST /stats/event/ lines (which hold addresses), however coarse
    # their time (`this_hour`).
    id = models.UUIDField("ID", primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(_("when"), default=this_hour, editable=False, db_index=True)
    event = models.CharField(_("event"), max_length=20, choices=_choices("event", values.EVENTS))
    game_kind = models.CharField(
        _("game kind"), max_length=10, blank=True, choices=_choices("game_kind", values.GAME_KINDS)
    )
    mode = models.CharField(
        _("mode"), max_length=8, blank=True, choices=_choices("mode", values.MODES)
    )
    cpu_level = models.CharField(
        _("CPU level"), max_length=6, blank=True, choices=_choices("cpu_level", values.CPU_LEVELS)
    )
    players = models.PositiveSmallIntegerField(_("players"), null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    result = models.CharField(
        _("result"), max_length=8, blank=True, choices=_choices("result", values.RESULTS)
    )
    moves = models.PositiveIntegerField(_("moves"), null=True, blank=True)
    duration = models.CharField(
        _("duration"), max_length=8, blank=True, choices=_choices("duration", values.DURATIONS)
    )
    connected = models.BooleanField(_("friend connection made"), null=True, blank=True)
    reconnects = models.PositiveIntegerField(_("reconnects"), null=True, blank=True)
    webgl_failed = models.BooleanField(_("3D failed"), default=False)
    render_speed = models.CharField(
        _("render speed"),
        max_length=10,
        blank=True,
        choices=_choices("render_speed", values.RENDER_SPEEDS),
    )
    phone = models.BooleanField(_("phone"), null=True, blank=True)
    memory = models.CharField(
        _("memory"), max_length=6, blank=True, choices=_choices("memory", values.MEMORY)
    )
    cores = models.CharField(
        _("cores"), max_length=5, blank=True, choices=_choices("cores", values.CORES)
    )
    browser = models.CharField(
        _("browser"), max_length=8, blank=True, choices=_choices("browser", values.BROWSERS)
    )
    os = models.CharField(_("OS"), max_length=8, blank=True, choices=_choices("os", values.SYSTEMS))

    class Meta:
        verbose_name = _("play statistics event")
        verbose_name_plural = _("play statistics events")
        # An hour's rows by their random keys: never in the order they came (which the database
        # keeps, and an access log could be lined up with: docs/statistics.md).
        ordering = ["-created_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_event_display()} {self.created_at:%Y-%m-%d}"
