"""Players, their ratings and who sat where, in admin (read-only: ratings change only at the end of
a finished match; the records they are derived from are not deleted one by one). Registered here by the admin work of issue 6 while the history app had none."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from history.accounts import AdminLogInForm
from history.models import MatchPlayer, RatedMatch, Rating, RatingChange, UploadedReplay


class ReadOnly:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class Derived(ReadOnly):
    """A record the ratings are derived from, or that says a match was rated: not deleted on its
    own (a rated match's mark gone, `rate_matches` rates the match again; a rating change or a
    seat's account gone, a rating counts what is no longer listed). It still goes with its account
    or its match: the delete permission stays, for those deletions' cascades."""

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def delete_view(self, request, object_id, extra_context=None):
        raise PermissionDenied

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = {**(extra_context or {}), "show_delete": False}
        return super().change_view(request, object_id, form_url, extra_context)


class RatingInline(ReadOnly, admin.TabularInline):
    model = Rating
    fields = ("family", "shown", "mu", "sigma", "matches", "wins", "updated_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    @admin.display(description=_("rating"))
    def shown(self, rating: Rating) -> str:
        return f"{rating.ordinal:.1f}"


admin.site.unregister(User)
# The staff's passwords are the ones most worth guessing: the admin's form counts log-ins per
# address on the site's budget.
admin.site.login_form = AdminLogInForm


@admin.register(User)
class PlayerAdmin(UserAdmin):
    """The players: Django's user admin, with their ratings."""

    inlines = [RatingInline]
    list_display = ("username", "is_staff", "is_active", "date_joined", "last_login", "matches")
    list_filter = ("is_staff", "is_active", "date_joined", "ratings__family")
    readonly_fields = ("matches",)

    def get_queryset(self, request):
        played = Count("match_seats__match", distinct=True)
        return super().get_queryset(request).annotate(matches_played=played)

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None:  # the add form
            return fieldsets
        return [*fieldsets, (_("matches"), {"fields": ("matches",)})]

    @admin.display(description=_("matches"), ordering="matches_played")
    def matches(self, user: User):
        """How many matches the account played, linked to the list of exactly those (a search by
        its name would also find the matches of every name that contains it)."""
        count = getattr(user, "matches_played", None)
        if count is None:
            count = MatchPlayer.objects.filter(user=user).values("match").distinct().count()
        url = reverse("admin:games_match_changelist")
        return format_html('<a href="{}?players__user__id__exact={}">{}</a>', url, user.pk, count)


@admin.register(Rating)
class RatingAdmin(Derived, admin.ModelAdmin):
    list_display = ("user", "family", "shown", "mu", "sigma", "matches", "wins", "updated_at")
    list_filter = ("family", "updated_at")
    search_fields = ("user__username",)
    ordering = ("family", "-mu")
    list_select_related = ("user",)

    @admin.display(description=_("rating"))
    def shown(self, rating: Rating) -> str:
        return f"{rating.ordinal:.1f}"


@admin.register(RatingChange)
class RatingChangeAdmin(Derived, admin.ModelAdmin):
    list_display = ("user", "match", "family", "place", "before", "after", "created_at")
    list_filter = ("family", "place", "created_at")
    search_fields = ("user__username", "=match__id")
    date_hierarchy = "created_at"
    list_select_related = ("user",)

    @admin.display(description=_("before"))
    def before(self, change: RatingChange) -> str:
        return f"{change.ordinal_before:.1f}"

    @admin.display(description=_("after"))
    def after(self, change: RatingChange) -> str:
        return f"{change.ordinal_after:.1f}"


@admin.register(MatchPlayer)
class MatchPlayerAdmin(Derived, admin.ModelAdmin):
    list_display = ("match", "seat_number", "user", "took_over")
    list_filter = ("took_over",)
    search_fields = ("user__username", "=match__id")
    list_select_related = ("user", "match")
    exclude = ("browser_key", "seat")  # a session key: never shown; the seat counted from 1
    readonly_fields = ("seat_number",)

    @admin.display(description=_("seat"), ordering="seat")
    def seat_number(self, player: MatchPlayer) -> int:
        return player.seat + 1


@admin.register(RatedMatch)
class RatedMatchAdmin(Derived, admin.ModelAdmin):
    list_display = ("match", "rated_at")
    date_hierarchy = "rated_at"


@admin.register(UploadedReplay)
class UploadedReplayAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("slug", "uploaded_at")
    search_fields = ("slug",)
    date_hierarchy = "uploaded_at"
    exclude = ("browser_key",)
