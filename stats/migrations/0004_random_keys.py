"""PlayEvent's key becomes a random UUID instead of a counter: rows numbered in the order they
arrived could be matched one by one with the access log's POST /stats/event/ lines (which hold the
addresses), however coarse their time. The rows are copied under new keys into a new table, the old
one dropped, and the new one given the old name (a bigint cannot be cast to a UUID in place)."""

import uuid

from django.db import migrations, models

import stats.models


def copy_under_random_keys(apps, schema_editor):
    old = apps.get_model("stats", "PlayEvent")
    new = apps.get_model("stats", "PlayEventKeyed")
    names = [f.name for f in old._meta.concrete_fields if f.name != "id"]
    rows = (new(id=uuid.uuid4(), **row) for row in old.objects.values(*names).iterator())
    new.objects.bulk_create(rows, batch_size=500)


def copy_back(apps, schema_editor):
    old = apps.get_model("stats", "PlayEvent")
    new = apps.get_model("stats", "PlayEventKeyed")
    names = [f.name for f in new._meta.concrete_fields if f.name != "id"]
    old.objects.bulk_create(
        (old(**row) for row in new.objects.values(*names).iterator()), batch_size=500
    )


class Migration(migrations.Migration):
    dependencies = [
        ("stats", "0003_created_at_to_the_hour"),
    ]

    operations = [
        migrations.CreateModel(
            name="PlayEventKeyed",
            fields=[
                (
                    "id",
                    models.UUIDField(
                        default=uuid.uuid4,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                        verbose_name="ID",
                    ),
                ),
                (
                    "created_at",
                    models.DateTimeField(
                        db_index=True,
                        default=stats.models.this_hour,
                        editable=False,
                        verbose_name="when",
                    ),
                ),
                (
                    "event",
                    models.CharField(
                        choices=[
                            ("match_start", "match started"),
                            ("match_end", "match ended"),
                            ("friend_connection", "friend connection"),
                            ("webgl_failed", "3D failed"),
                            ("render_speed", "render speed"),
                        ],
                        max_length=20,
                        verbose_name="event",
                    ),
                ),
                (
                    "game_kind",
                    models.CharField(
                        blank=True,
                        choices=[("japanese", "Japanese rules"), ("chinese", "Chinese rules")],
                        max_length=10,
                        verbose_name="game kind",
                    ),
                ),
                (
                    "mode",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("cpu", "against the computer"),
                            ("hotseat", "on one device"),
                            ("friend", "with friends"),
                        ],
                        max_length=8,
                        verbose_name="mode",
                    ),
                ),
                (
                    "cpu_level",
                    models.CharField(
                        blank=True,
                        choices=[("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")],
                        max_length=6,
                        verbose_name="CPU level",
                    ),
                ),
                (
                    "players",
                    models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="players"),
                ),
                (
                    "rounds",
                    models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="rounds"),
                ),
                (
                    "result",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("win", "won"),
                            ("loss", "lost"),
                            ("complete", "played to the end"),
                        ],
                        max_length=8,
                        verbose_name="result",
                    ),
                ),
                ("moves", models.PositiveIntegerField(blank=True, null=True, verbose_name="moves")),
                (
                    "duration",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("lt5m", "under 5 minutes"),
                            ("5to15m", "5 to 15 minutes"),
                            ("15to30m", "15 to 30 minutes"),
                            ("30to60m", "30 to 60 minutes"),
                            ("gt60m", "over 60 minutes"),
                        ],
                        max_length=8,
                        verbose_name="duration",
                    ),
                ),
                (
                    "connected",
                    models.BooleanField(
                        blank=True, null=True, verbose_name="friend connection made"
                    ),
                ),
                (
                    "reconnects",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="reconnects"),
                ),
                ("webgl_failed", models.BooleanField(default=False, verbose_name="3D failed")),
                (
                    "render_speed",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("lt50ms", "under 50 ms"),
                            ("50to150ms", "50 to 150 ms"),
                            ("150to500ms", "150 to 500 ms"),
                            ("gt500ms", "over 500 ms"),
                        ],
                        max_length=10,
                        verbose_name="render speed",
                    ),
                ),
                ("phone", models.BooleanField(blank=True, null=True, verbose_name="phone")),
                (
                    "memory",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("le1gb", "1 GB or less"),
                            ("2gb", "2 GB"),
                            ("4gb", "4 GB"),
                            ("ge8gb", "8 GB or more"),
                        ],
                        max_length=6,
                        verbose_name="memory",
                    ),
                ),
                (
                    "cores",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("1to2", "1 or 2"),
                            ("3to4", "3 or 4"),
                            ("5to8", "5 to 8"),
                            ("ge9", "9 or more"),
                        ],
                        max_length=5,
                        verbose_name="cores",
                    ),
                ),
                (
                    "browser",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("chrome", "Chrome"),
                            ("edge", "Edge"),
                            ("firefox", "Firefox"),
                            ("safari", "Safari"),
                            ("samsung", "Samsung Internet"),
                            ("opera", "Opera"),
                            ("other", "other"),
                        ],
                        max_length=8,
                        verbose_name="browser",
                    ),
                ),
                (
                    "os",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("windows", "Windows"),
                            ("macos", "macOS"),
                            ("ios", "iOS"),
                            ("android", "Android"),
                            ("linux", "Linux"),
                            ("chromeos", "ChromeOS"),
                            ("other", "other"),
                        ],
                        max_length=8,
                        verbose_name="OS",
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at"],
                "verbose_name": "play statistics event",
                "verbose_name_plural": "play statistics events",
            },
        ),
        migrations.RunPython(copy_under_random_keys, copy_back),
        migrations.DeleteModel(name="PlayEvent"),
        migrations.RenameModel(old_name="PlayEventKeyed", new_name="PlayEvent"),
    ]
