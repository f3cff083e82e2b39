# Whether the others were told a friend's seat is offline (`rooms.presence.said_offline`): the
# tables read it rather than the clock, and any process (or the sweep) says it once. A database
# default: a server process of the release before, still running while this one migrates, inserts
# seats without it (docs/deploy.md).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rooms", "0005_db_defaults_for_rolling_releases"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="offline_said",
            field=models.BooleanField(
                db_default=False, default=False, verbose_name="said offline to the others"
            ),
        ),
    ]
