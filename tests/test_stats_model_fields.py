"""The statistics table holds the privacy page's list and nothing more: no room id, no moves or
table, no IP address, no GPU model."""

import pytest

from stats.models import PlayEvent

pytestmark = pytest.mark.pure

ALLOWED = {
    "id",
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
    "memory",
    "cores",
    "browser",
    "os",
}
NEVER = (
    "room",
    "slug",
    "match",
    "seat",
    "ip",
    "address",
    "gpu",
    "renderer",
    "hand",
    "table",
    "log",
    "user",
    "session",
    "agent",
    "name",
)


def test_it_has_only_the_allowed_fields():
    names = {field.name for field in PlayEvent._meta.get_fields()}
    assert names == ALLOWED


def test_it_has_no_field_that_could_hold_what_is_never_sent():
    names = {field.name for field in PlayEvent._meta.get_fields()}
    columns = {field.column for field in PlayEvent._meta.concrete_fields}
    for word in NEVER:
        assert not [n for n in names | columns if word in n.split("_")], word
    assert not [f for f in PlayEvent._meta.get_fields() if f.is_relation]


def test_it_stores_moves_as_a_count_only():
    field = PlayEvent._meta.get_field("moves")
    assert field.get_internal_type() == "PositiveIntegerField"
