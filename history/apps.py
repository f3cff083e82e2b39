from django.apps import AppConfig


class HistoryConfig(AppConfig):
    name = "history"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from history import signals  # noqa: F401  (connects the stored match's hooks)
