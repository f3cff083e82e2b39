"""A setting from the environment that the site cannot use stops the process at start with a line
naming the variable and what is expected, instead of a bare "could not convert string to float"
(which named none), a KeyError, or a value that fails later, out of sight (a fill level that
refused every friends' room's start, a takeover level no computer plays). A DATABASE_URL's
password never appears in the message."""

import subprocess

import pytest

from tests.settings_support import settings_process

# Settings read in a process of their own, which opens no connection: the same on any database.
pytestmark = pytest.mark.pure

READ = "import django; django.setup(); print('started')"
SQLITE = "sqlite:////tmp/sevens-settings-test.sqlite3"


def start(**env) -> subprocess.CompletedProcess:
    return settings_process(
        READ, {"DATABASE_URL": SQLITE, **env}, drop_prefixes=("SEVENS_", "LOG_LEVEL")
    )


def refusal(**env) -> str:
    out = start(**env)
    assert out.returncode != 0 and "started" not in out.stdout
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("django.core.exceptions.ImproperlyConfigured: "), out.stderr
    return last.split(": ", 1)[1]


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("SEVENS_CPU_DELAY", "abc", "a number of 0 or more"),
        ("SEVENS_CPU_DELAY", "-1", "a number of 0 or more"),
        ("SEVENS_CPU_DELAY", "nan", "a number of 0 or more"),
        ("SEVENS_ROOM_IDLE_SECONDS", "inf", "a number of 0 or more"),
        ("SEVENS_CPU_WORKERS", "0", "a whole number of 1 or more"),
        ("SEVENS_CPU_WORKERS", "2.5", "a whole number of 1 or more"),
        ("SEVENS_SWEEP_SECONDS", "0", "a number of 0.1 or more"),
        ("SEVENS_FILL_LEVEL", "godlike", "one of easy, medium, hard, random"),
        ("SEVENS_TAKEOVER_LEVEL", "ultra", "one of easy, medium, hard, random"),
        ("SEVENS_CPU_EXECUTOR", "gpu", "one of process, thread"),
        ("LOG_LEVEL", "loud", "one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
        ("LOG_LEVEL", "30", "one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
        # django-ratelimit could not read these: every request raised, config.limits took it for
        # a cache outage, and nothing was limited
        ("SEVENS_RATE_STATS", "lots", "N/s, N/m, N/h or N/d"),
        ("SEVENS_RATE_SEAT", "10 per minute", "N/s, N/m, N/h or N/d"),
        ("SEVENS_RATE_UPLOAD", "0/m", "N/s, N/m, N/h or N/d"),
        ("SEVENS_RATE_NEW_ROOM", "10/0m", "N/s, N/m, N/h or N/d"),  # a window of no time
        ("SEVENS_RATE_SEAT", "30/M", "N/s, N/m, N/h or N/d"),  # django-ratelimit: 30 a second
    ],
)
def test_a_knob_it_cannot_use_is_named_with_what_it_expects(name, value, expected):
    message = refusal(**{name: value})
    assert message.startswith(f"{name}=")
    assert expected in message


def test_numbers_in_the_database_and_channel_settings_are_checked_too():
    pg = "postgres://sevens@127.0.0.1:5432/sevens"
    assert refusal(DATABASE_URL=pg, SEVENS_DB_POOL_MAX="x").startswith("SEVENS_DB_POOL_MAX='x'")
    assert refusal(DATABASE_URL=pg, SEVENS_DB_POOL_MAX="0").endswith("1 or more is expected")
    redis = {"REDIS_URL": "redis://127.0.0.1:6379/9"}
    assert refusal(**redis, CHANNEL_CAPACITY="lots").startswith("CHANNEL_CAPACITY=")
    assert refusal(**redis, CHANNEL_EXPIRY="-5").startswith("CHANNEL_EXPIRY=")
    assert refusal(**redis, REDIS_MAX_CONNECTIONS="1e3").startswith("REDIS_MAX_CONNECTIONS=")


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("mysql://sevens:hunter2secret@db/sevens", "(scheme 'mysql')"),
        ("hunter2secret", "(no scheme)"),
        ("postgres://sevens:hunter2secret@db:port/sevens", "cannot be read"),
        ("", "is empty"),
    ],
)
def test_a_database_url_it_cannot_use_says_so_without_its_password(url, expected):
    message = refusal(DATABASE_URL=url)
    assert message.startswith("DATABASE_URL ")
    assert expected in message
    assert "postgres://USER:PASSWORD@HOST:PORT/NAME" in message
    assert "hunter2secret" not in start(DATABASE_URL=url).stderr


def test_good_values_still_start_and_are_read_as_before():
    out = start(
        SEVENS_RATE_NEW_ROOM="10/5m",
        SEVENS_CPU_DELAY=" 0.3 ",
        SEVENS_TAKEOVER_LEVEL="Hard",
        SEVENS_CPU_EXECUTOR="thread",
        LOG_LEVEL="warning",
    )
    assert out.returncode == 0, out.stderr
    read = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SEVENS_CPU_DELAY, s.SEVENS_TAKEOVER_LEVEL, s.LOGGING['root']['level'])"
    )
    env = {"DATABASE_URL": SQLITE, "SEVENS_CPU_DELAY": " 0.3 ", "SEVENS_TAKEOVER_LEVEL": "Hard"}
    shown = settings_process(read, {**env, "LOG_LEVEL": "warning"})
    assert shown.stdout.split() == ["0.3", "hard", "WARNING"], shown.stderr


@pytest.mark.parametrize(
    "env",
    [
        # what Python's logging reads, and so did the site before the checks
        {"LOG_LEVEL": "warn"},
        {"LOG_LEVEL": "notset"},
    ],
)
def test_values_the_site_read_before_still_start(env):
    out = start(**env)
    assert out.returncode == 0, out.stderr
