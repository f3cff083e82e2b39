"""Stored matches in admin, with their rounds and a link to the replay page. Read-only: a match
is the record of what was played."""

from django.contrib import admin
from django.db.models import Count
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from games.models import Match, MatchRound, of_family

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
    # Counted from 1, as the match page counts them (the stored number and dealer count from 0).
    fields = ("round_number", "dealer_name", "moves", "places", "started_at", "ended_at")
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

    @admin.display(description=pgettext_lazy("a round of a match", "round"))
    def round_number(self, rnd: MatchRound) -> int:
        return rnd.number + 1

    @admin.display(description=_("dealer"))
    def dealer_name(self, rnd: MatchRound) -> str:
        return seat_name(rnd.match, rnd.dealer)

    @admin.display(description=_("Places and points"))
    def places(self, rnd: MatchRound) -> str:
        """The round's result in words, seats by name and counted from 1 (stored, it is a list of
        seat numbers counted from 0 and a list of points)."""
        from rooms import narrate

        result = rnd.result or {}
        points = result.get("points") or []
        rules = rnd.match.rules or {}
        # The Chinese game ranks its winner only: the others pay for their cards, with no place.
        unranked = narrate.unranked(rules.get("round_end", ""), rules.get("scoring", ""))
        lines = []
        for place, seat in enumerate(result.get("ranking") or [], start=1):
            n = points[seat] if 0 <= seat < len(points) else 0
            values = {"place": place, "name": seat_name(rnd.match, seat), "n": n}
            if unranked and place > 1:
                line = ngettext("%(name)s: %(n)s point", "%(name)s: %(n)s points", n)
            else:
                line = ngettext(
                    "%(place)s. %(name)s: %(n)s point", "%(place)s. %(name)s: %(n)s points", n
                )
            lines.append(line % values)
        return listed(lines)


def listed(items: list[str]) -> str:
    """Items on one line, with the language's separator ("、" in Japanese and Chinese)."""
    return pgettext("between the names of a list", ", ").join(items) or "—"


def rules_words(rules: dict | None) -> str:
    """A rule set as the rules card says it, in the admin's language (stored, it is a dict of
    codes: "laid_out", "last_player", "rank_points"…)."""
    from rooms import narrate  # the words of the pages

    try:
        return listed(narrate.rules_items(rules or {}))
    except (KeyError, TypeError):
        return str(rules)


def seat_name(match: Match, seat: int | None) -> str:
    """A seat by name and number counted from 1, as players see it ("—" for none)."""
    if seat is None or not 0 <= seat < len(match.seats or []):
        return "—"
    name = (match.seats[seat] or {}).get("name") or ""
    return _("%(name)s (seat %(seat)s)") % {"name": name, "seat": seat + 1}


class FamilyFilter(admin.SimpleListFilter):
    title = _("rule family")
    parameter_name = "family"

    def lookups(self, request, model_admin):
        return [("japanese", _("Japanese (7s laid out)")), ("chinese", _("Chinese (7s played)"))]

    def queryset(self, request, queryset):
        if self.value() in ("chinese", "japanese"):
            return queryset.filter(of_family(self.value()))
        return queryset


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "status",
        "family",
        "players",
        "rounds_played",
        "winner_name",
        "room_link",
        "started_at",
        "ended_at",
        "replay",
    )
    list_filter = ("status", FamilyFilter, "started_at")
    search_fields = ("=id", "room__slug", "seats", "players__user__username")
    date_hierarchy = "started_at"
    ordering = ("-started_at",)
    list_select_related = ("room",)
    readonly_fields = (
        "status",
        "family",
        "rules_text",
        "seats_text",
        "winner_name",
        "room_link",
        "replay",
        "started_at",
        "ended_at",
        "deleting",
    )
    # the room is linked, the winner named (`winner_name`), the rules, seats and points said in
    # words: their stored codes would only repeat them less clearly (seats counted from 0)
    exclude = ("room", "winner", "rules", "seats", "totals")
    inlines = [MatchRoundInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(rounds_count=Count("rounds", distinct=True))

    def lookup_allowed(self, lookup, value, request=None):
        # An account's matches, linked from its page in Users (`history.admin.PlayerAdmin`).
        if lookup == "players__user__id__exact":
            return True
        return super().lookup_allowed(lookup, value, request)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        if obj is not None and self.kept_because(obj):
            return False
        return super().has_delete_permission(request, obj)

    @staticmethod
    def kept_because(match: Match) -> str | None:
        """Why deleting `match` would leave the site inconsistent, or None. A match still being
        played is its room's table; a room open on it would show an empty table; a rated match
        is counted in its players' ratings, which would keep counting a match that is gone. Counted
        means an account's rating holds a change from it: every finished match is marked rated,
        also one whose seats held no account (a guest against the computer), which counts in none."""
        from history.models import RatingChange
        from rooms.models import Room

        if match.status == Match.Status.PLAYING:
            return _("still being played; close its room first")
        if Room.objects.filter(match=match).exclude(status=Room.Status.CLOSED).exists():
            return _("its room still shows it; close the room first")
        if RatingChange.objects.filter(match=match).exists():
            return _("counted in the players' ratings")
        return None

    @admin.display(description=_("deleting it"))
    def deleting(self, match: Match) -> str:
        """On the match's page, whether it may be deleted and, if not, why (its delete page would
        only say "not allowed")."""
        why = self.kept_because(match)
        return _("not possible: %(reason)s") % {"reason": why} if why else _("possible")

    def get_deleted_objects(self, objs, request):
        """The bulk delete refuses, as protected, the matches `kept_because` keeps, each with its
        reason (said plainly, not as a missing permission)."""
        deleted, counts, perms, protected = super().get_deleted_objects(objs, request)
        kept = [(m, self.kept_because(m)) for m in objs]
        kept = [(m, why) for m, why in kept if why]
        if kept:
            perms = {p for p in perms if p != Match._meta.verbose_name}
        protected = [
            *protected,
            *(
                _("Match %(number)s: %(reason)s") % {"number": m.pk, "reason": why}
                for m, why in kept
            ),
        ]
        return deleted, counts, perms, protected

    @admin.display(description=_("rules"))
    def rules_text(self, match: Match) -> str:
        return rules_words(match.rules)

    @admin.display(description=_("Places and points"))
    def seats_text(self, match: Match) -> str:
        """Each seat by name and number, with its points so far."""
        totals = match.totals or []
        lines = []
        for seat in range(len(match.seats or [])):
            n = totals[seat] if seat < len(totals) else 0
            lines.append(
                ngettext("%(name)s: %(n)s point", "%(name)s: %(n)s points", n)
                % {"name": seat_name(match, seat), "n": n}
            )
        return listed(lines)

    @admin.display(description=_("winner"))
    def winner_name(self, match: Match) -> str:
        """The winner by name and seat (the stored winner is a seat number)."""
        return seat_name(match, match.winner)

    @admin.display(description=_("family"))
    def family(self, match: Match) -> str:
        if (match.rules or {}).get("sevens") == "played":
            return _("Chinese rules")
        return _("Japanese rules")

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
