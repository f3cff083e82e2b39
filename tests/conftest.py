"""Shared fixtures."""

import pytest


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    # whitenoise's manifest storage needs collectstatic; tests serve static files from the finders.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _no_rate_limits(settings):
    # Tests open many tables from one address; tests/test_abuse_rate_limits.py turns them back on.
    settings.RATELIMIT_ENABLE = False


@pytest.fixture(autouse=True)
def _default_language():
    # A request through the test client leaves its language active in this thread (LocaleMiddleware
    # activates it and nothing deactivates it): each test starts in the default language.
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def deals(monkeypatch):
    """Seeded deals: `deals(n)` makes the rounds dealt from then on the same every run (round
    seeds drawn from random.Random(n) instead of the secrets module)."""
    import random

    from rooms import rounds

    def seed(n: int) -> None:
        monkeypatch.setattr(rounds.secrets, "randbits", random.Random(n).getrandbits)

    return seed
