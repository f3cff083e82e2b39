from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class GamesConfig(AppConfig):
    name = "games"
    # The stored matches. "Matches" alone is the number of matches in the catalogues.
    verbose_name = pgettext_lazy("heading of a list of matches", "Matches")
    default_auto_field = "django.db.models.BigAutoField"
