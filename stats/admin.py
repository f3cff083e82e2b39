"""The play statistics in admin: read-only rows, and a summary of counts per day and per mode."""

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.db.models.functions import TruncDate
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext_lazy as _

from stats import values
from stats.models import LABELS, PlayEvent


def daily_counts(queryset) -> list[dict]:
    """One row per day, newest first: all events, each event kind, and each mode."""
    counts = {f"event_{e}": Count("id", filter=Q(event=e)) for e in values.EVENTS}
    counts |= {f"mode_{m}": Count("id", filter=Q(mode=m)) for m in values.MODES}
    rows = (
        queryset.annotate(day=TruncDate("created_at"))
        .values("day")
        .annotate(total=Count("id"), **counts)
        .order_by("-day")
    )
    return [
        {
            "day": row["day"],
            "total": row["total"],
            "events": [row[f"event_{e}"] for e in values.EVENTS],
            "modes": [row[f"mode_{m}"] for m in values.MODES],
        }
        for row in rows
    ]


@admin.register(PlayEvent)
class PlayEventAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "event",
        "game_kind",
        "mode",
        "cpu_level",
        "players",
        "rounds",
        "result",
        "moves",
        "duration",
        "connected",
        "reconnects",
        "webgl_failed",
        "render_speed",
        "phone",
        "browser",
        "os",
    )
    list_filter = (
        "event",
        "mode",
        "game_kind",
        "cpu_level",
        "result",
        "webgl_failed",
        "phone",
        "browser",
        "os",
        "created_at",
    )
    search_fields = ("event", "mode", "browser", "os")
    date_hierarchy = "created_at"
    change_list_template = "stats/admin/change_list.html"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_urls(self):
        summary = path(
            "summary/",
            self.admin_site.admin_view(self.summary_view),
            name="stats_playevent_summary",
        )
        return [summary, *super().get_urls()]

    def summary_view(self, request):
        # admin_view lets in any staff member: the counts are the rows', for those who may view them
        if not self.has_view_permission(request):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Play statistics per day"),
            "events": values.EVENTS,
            "modes": values.MODES,
            # the column headers: each code with its label in the admin's language
            "event_columns": [(e, LABELS["event"][e]) for e in values.EVENTS],
            "mode_columns": [(m, LABELS["mode"][m]) for m in values.MODES],
            "days": daily_counts(PlayEvent.objects.all()),
            "columns": 2 + len(values.EVENTS) + len(values.MODES),
        }
        return TemplateResponse(request, "stats/admin/summary.html", context)
