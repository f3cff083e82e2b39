from django.db import migrations, models
from django.db.models import F


def from_version(apps, schema_editor):
    # Every version so far changed the game: a move may be made on the latest only.
    apps.get_model("rooms", "Room").objects.update(game_version=F("version"))


class Migration(migrations.Migration):
    dependencies = [("rooms", "0003_seat_cpu_moved")]

    operations = [
        migrations.AddField(
            model_name="room",
            name="game_version",
            field=models.PositiveIntegerField(default=0, verbose_name="game version"),
        ),
        migrations.RunPython(from_version, migrations.RunPython.noop),
    ]
