"""Shared fixtures, and which tests the second pass leaves out."""

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# The rules engine, its bots and its simulator are plain Python: no database, channel layer or
# cache ever comes into their tests. Elsewhere a module says so with `pytest.mark.pure`.
PURE_DIRECTORIES = [TESTS / "engine", TESTS / "bots", TESTS / "sim"]
# What a test that reaches the database, the channel layer or a server process asks for.
SERVICE_FIXTURES = {"db", "transactional_db", "live_server", "live", "django_db_setup"}


def pytest_collection_modifyitems(config, items):
    """Marks the tests that touch no database, channel layer, cache or server process `pure`:
    bin/test's second pass (PostgreSQL + Redis) leaves them out (`-m "not pure"`), as it would
    only repeat them. A test marked pure that asks for the database is an error, not a guess."""
    from django.test import TransactionTestCase

    for item in items:
        if any(d in item.path.parents for d in PURE_DIRECTORIES):
            item.add_marker(pytest.mark.pure)
        if not item.get_closest_marker("pure"):
            continue
        cls = getattr(item, "cls", None)
        if (
            item.get_closest_marker("django_db")
            or item.get_closest_marker("services")
            or SERVICE_FIXTURES & set(getattr(item, "fixturenames", ()))
            or (cls is not None and issubclass(cls, TransactionTestCase))
        ):
            raise pytest.UsageError(
                f"{item.nodeid} is marked pure (run on SQLite alone) but reaches the database"
            )


def pytest_sessionfinish(session, exitstatus):
    # The browser tests share one Playwright driver and chromium for the session
    # (tests/browser/shared_browser.py): closed once they are all done.
    shared = sys.modules.get("tests.browser.shared_browser")
    if shared is not None:
        shared.stop()


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    # whitenoise's manifest storage needs collectstatic; tests serve static files from the finders.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _offline_at_once(settings):
    # A friend's closed socket is said offline to the others at once, not after the few seconds a
    # reload is given (`presence.offline_after`): tests/test_presence_offline.py tests the wait.
    settings.SEVENS_OFFLINE_SECONDS = 0


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    # Each test gets its own channel layer object. channels-redis keeps per-layer state that
    # belongs to the event loop that made it: a message's backup-queue cleaner holds the lock of
    # the layer's one receive channel until it finishes, and a test whose loop closed first left
    # it locked there; the next test's socket then failed at its first receive ("Lock … is bound
    # to a different event loop"). A server process has one loop and one layer for its life.
    from channels.layers import channel_layers

    channel_layers.backends = {}


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
