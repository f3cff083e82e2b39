"""Rooms and seats in admin. Tables change only through `rooms.services`, so admin shows them
read-only; an operator closes a stuck room (its match is kept, abandoned) and deletes a closed one
(its seats, with the names typed there, go; its matches stay, with no room)."""

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.admin import rules_words
from rooms import services
from rooms.models import Room, Seat


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    fields = (
        "seat_number",
        "name",
        "kind",
        "level",
        "connected",
        "cpu_controlled",
        "cpu_moved",
        "last_seen",
    )
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description=_("seat number"))
    def seat_number(self, seat: Seat) -> int:
        return seat.index + 1


@admin.register(Room)
class RoomAdmin(ReadOnlyAdmin):
    list_display = (
        "slug",
        "mode",
        "status",
        "players_count",
        "turn_number",
        "auto_turn",
        "version",
        "match_link",
        "created_at",
        "updated_at",
    )
    list_filter = ("status", "mode", "auto_turn", "created_at", "updated_at")
    search_fields = ("slug", "seats__name")
    date_hierarchy = "created_at"
    ordering = ("-updated_at",)
    readonly_fields = (
        "slug",
        "mode",
        "status",
        "rules_text",
        "version",
        "match_link",
        "turn_number",
        "auto_turn",
        "fast_forward",
        "created_at",
        "updated_at",
        "deleting",
    )
    # the rules in words, the seats counted from 1 as players and the match's page count them
    exclude = ("created_by", "match", "rules", "turn")
    inlines = [SeatInline]
    actions = ["close_rooms"]

    @admin.display(description=_("players"))
    def players_count(self, room: Room) -> int:
        return room.players

    @admin.display(description=_("rules"))
    def rules_text(self, room: Room) -> str:
        return rules_words(room.rules)

    @admin.display(description=_("seat to play"), ordering="turn")
    def turn_number(self, room: Room):
        return "-" if room.turn is None else room.turn + 1

    @admin.display(description=_("match"))
    def match_link(self, room: Room):
        if room.match_id is None:
            return "—"
        url = reverse("admin:games_match_change", args=[room.match_id])
        return format_html('<a href="{}">{}</a>', url, room.match_id)

    @admin.action(
        description=_("Close the selected rooms (their matches are kept)"), permissions=["close"]
    )
    def close_rooms(self, request, queryset):
        closed = sum(services.close_room(slug) for slug in queryset.values_list("slug", flat=True))
        self.message_user(
            request,
            ngettext("%(n)d room closed.", "%(n)d rooms closed.", closed) % {"n": closed},
            messages.SUCCESS,
        )

    def has_close_permission(self, request) -> bool:
        """Closing abandons the match being played: not for an account that may only view rooms.
        The room's own "Can change room" permission allows it (the pages stay read-only)."""
        opts = self.opts
        return request.user.has_perm(f"{opts.app_label}.change_{opts.model_name}")

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.status != Room.Status.CLOSED:
            return False
        return super().has_delete_permission(request, obj)

    @admin.display(description=_("deleting it"))
    def deleting(self, room: Room) -> str:
        """On the room's page, whether it may be deleted (its delete page would only say "not
        allowed")."""
        if room.status == Room.Status.CLOSED:
            return _("possible: its seats go, its matches stay")
        return _("not possible: close the room first")

    def get_deleted_objects(self, objs, request):
        """The bulk delete refuses, as protected, every room not closed: an open room is a table
        people may be sitting at (said plainly, not as a missing permission)."""
        deleted, counts, perms, protected = super().get_deleted_objects(objs, request)
        # A seat goes with its room (seats have no delete of their own).
        perms = {p for p in perms if p != Seat._meta.verbose_name}
        open_rooms = [room for room in objs if room.status != Room.Status.CLOSED]
        if open_rooms:
            perms = {p for p in perms if p != Room._meta.verbose_name}
        protected = [
            *protected,
            *(
                _("Room %(slug)s: still open; close it first") % {"slug": r.slug}
                for r in open_rooms
            ),
        ]
        return deleted, counts, perms, protected


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = (
        "room",
        "seat_number",
        "name",
        "kind",
        "level",
        "connected",
        "cpu_controlled",
        "last_seen",
    )
    list_filter = ("kind", "level", "connected", "cpu_controlled")
    search_fields = ("name", "room__slug")
    list_select_related = ("room",)
    exclude = ("session_key", "index")
    readonly_fields = ("seat_number",)

    @admin.display(description=_("seat number"), ordering="index")
    def seat_number(self, seat: Seat) -> int:
        return seat.index + 1

    def has_delete_permission(self, request, obj=None):
        return False
