"""Stored matches in admin, with their rounds and a link to the replay page. Read-only: a match
is the record of what was played."""

from django.contrib import admin
from django.db.models import Count
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.models import Match, MatchRound

# The history pages' URL names, newest guess first; admin shows no link until one exists.
REPLAY_URL_NAMES = ("history:match", "match", "history_match", "match_detail")


def replay_url(match: Match) -> str | None:
    for name in REPLAY_URL_NAMES:
        try:
            return reverse(name, args=[match.pk])
        except NoReverseMatch:
            continue
    return None


class MatchRoundInline(admin.TabularInline):
    model = MatchRound
    fields = ("number", "dealer", "moves", "result", "started_at", "ended_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ("number",)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=_("events"))
    def moves(self, rnd: MatchRound) -> int:
        return len(rnd.events or [])


class FamilyFilter(admin.SimpleListFilter):
    title = _("rule family")
    parameter_name = "family"

    def lookups(self, request, model_admin):
        return [("japanese", _("Japanese (7s laid out)")), ("chinese", _("Chinese (7s played)"))]

    def queryset(self, request, queryset):
        if self.value() == "chinese":
            return queryset.filter(rules__sevens="played")
        if self.value() == "japanese":
            return queryset.filter(rules__sevens="laid_out")
        return queryset


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "status",
        "family",
        "players",
        "rounds_played",
        "winner",
        "room_link",
        "started_at",
        "ended_at",
        "replay",
    )
    list_filter = ("status", FamilyFilter, "started_at")
    search_fields = ("=id", "room__slug", "seats")
    date_hierarchy = "started_at"
    ordering = ("-started_at",)
    list_select_related = ("room",)
    readonly_fields = (
        "status",
        "family",
        "rules",
        "seats",
        "totals",
        "winner",
        "room_link",
        "replay",
        "started_at",
        "ended_at",
    )
    exclude = ("room",)
    inlines = [MatchRoundInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(rounds_count=Count("rounds"))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        # A match still being played is its room's table: deleting it would leave the room
        # playing an empty table. Close the room first (the match is then kept, abandoned).
        if obj is not None and obj.status == Match.Status.PLAYING:
            return False
        return super().has_delete_permission(request, obj)

    def get_deleted_objects(self, objs, request):
        """The bulk delete refuses, as protected, any match still being played."""
        deleted, counts, perms, protected = super().get_deleted_objects(objs, request)
        playing = [m for m in objs if m.status == Match.Status.PLAYING]
        if playing:  # refused for this reason, said plainly, not as a missing permission
            perms = {p for p in perms if p != Match._meta.verbose_name}
        protected = [
            *protected,
            *(
                _("Match %(number)s: still being played; close its room first") % {"number": m.pk}
                for m in playing
            ),
        ]
        return deleted, counts, perms, protected

    @admin.display(description=_("family"))
    def family(self, match: Match) -> str:
        return "chinese" if (match.rules or {}).get("sevens") == "played" else "japanese"

    @admin.display(description=_("players"))
    def players(self, match: Match) -> int:
        return len(match.seats or [])

    @admin.display(description=_("rounds"))
    def rounds_played(self, match: Match) -> str:
        played = getattr(match, "rounds_count", None)
        if played is None:
            played = match.rounds.count()
        return f"{played}/{(match.rules or {}).get('rounds', '?')}"

    @admin.display(description=_("room"))
    def room_link(self, match: Match):
        if match.room_id is None:
            return "—"
        url = reverse("admin:rooms_room_change", args=[match.room_id])
        return format_html('<a href="{}">{}</a>', url, match.room.slug)

    @admin.display(description=_("replay"))
    def replay(self, match: Match):
        url = replay_url(match)
        return format_html('<a href="{}">{}</a>', url, _("replay")) if url else "—"
