from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HistoryConfig(AppConfig):
    name = "history"
    verbose_name = _("History and ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from history import signals  # noqa: F401  (connects the stored match's hooks)
