# Database defaults for the columns added since the first release (`game_version`, `cpu_moved`): a
# server process of the release before, still running while the new one migrates, inserts rows
# without them (docs/deploy.md).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rooms", "0004_room_game_version"),
    ]

    operations = [
        migrations.AlterField(
            model_name="room",
            name="game_version",
            field=models.PositiveIntegerField(db_default=0, default=0, verbose_name="game version"),
        ),
        migrations.AlterField(
            model_name="seat",
            name="cpu_moved",
            field=models.BooleanField(
                db_default=False, default=False, verbose_name="moved by the computer while away"
            ),
        ),
    ]
