"""One row per play-statistics event. The fields are the privacy page's list and nothing more:
no room, no moves or table, no IP address, no GPU model (a test holds this list)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from stats import values


def _choices(options) -> list[tuple]:
    return [(v, str(v)) for v in options]


class PlayEvent(models.Model):
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    event = models.CharField(_("event"), max_length=20, choices=_choices(values.EVENTS))
    game_kind = models.CharField(
        _("game kind"), max_length=10, blank=True, choices=_choices(values.GAME_KINDS)
    )
    mode = models.CharField(_("mode"), max_length=8, blank=True, choices=_choices(values.MODES))
    cpu_level = models.CharField(
        _("CPU level"), max_length=6, blank=True, choices=_choices(values.CPU_LEVELS)
    )
    players = models.PositiveSmallIntegerField(_("players"), null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    result = models.CharField(
        _("result"), max_length=8, blank=True, choices=_choices(values.RESULTS)
    )
    moves = models.PositiveIntegerField(_("moves"), null=True, blank=True)
    duration = models.CharField(
        _("duration"), max_length=8, blank=True, choices=_choices(values.DURATIONS)
    )
    connected = models.BooleanField(_("friend connection made"), null=True, blank=True)
    reconnects = models.PositiveIntegerField(_("reconnects"), null=True, blank=True)
    webgl_failed = models.BooleanField(_("3D failed"), default=False)
    render_speed = models.CharField(
        _("render speed"), max_length=10, blank=True, choices=_choices(values.RENDER_SPEEDS)
    )
    phone = models.BooleanField(_("phone"), null=True, blank=True)
    memory = models.CharField(
        _("memory"), max_length=6, blank=True, choices=_choices(values.MEMORY)
    )
    cores = models.CharField(_("cores"), max_length=5, blank=True, choices=_choices(values.CORES))
    browser = models.CharField(
        _("browser"), max_length=8, blank=True, choices=_choices(values.BROWSERS)
    )
    os = models.CharField(_("OS"), max_length=8, blank=True, choices=_choices(values.SYSTEMS))

    class Meta:
        verbose_name = _("play statistics event")
        verbose_name_plural = _("play statistics events")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.event} {self.created_at:%Y-%m-%d}"
