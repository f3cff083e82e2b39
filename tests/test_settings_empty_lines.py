"""An empty or blank line in the environment file (`CHANNEL_PREFIX=`) is the setting's default, as
if the line were not there, for every setting read from the environment: an empty
`ALLOWED_HOSTS=` refused every request with a 400, an empty `CHANNEL_PREFIX=` shared Redis keys
with no prefix, an empty `LOG_LEVEL=` or `CHANNEL_CAPACITY=` stopped the process, and an empty
rate stopped it too."""

import pytest

from tests.settings_support import settings_json

# Settings read in a process of their own, which opens no connection: the same on any database.
pytestmark = pytest.mark.pure

READ = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "layer = s.CHANNEL_LAYERS['default']['CONFIG']; print(json.dumps({"
    "'hosts': s.ALLOWED_HOSTS, 'prefix': layer['prefix'], 'cache': s.CACHES['default']['KEY_PREFIX'],"
    "'capacity': layer['capacity'], 'expiry': layer['expiry'],"
    "'connections': layer['hosts'][0]['max_connections'], 'rates': s.SEVENS_RATES,"
    "'level': s.LOGGING['root']['level'], 'zone': s.TIME_ZONE, 'pool':"
    " s.DATABASES['default']['OPTIONS']['pool']['max_size'],"
    "'hsts': getattr(s, 'SECURE_HSTS_SECONDS', None),"
    "'csp': s.CONTENT_SECURITY_POLICY['DIRECTIVES'].get('report-uri')}))"
)
SETTINGS = (
    "ALLOWED_HOSTS",
    "CHANNEL_PREFIX",
    "CHANNEL_CAPACITY",
    "CHANNEL_EXPIRY",
    "REDIS_MAX_CONNECTIONS",
    "SEVENS_RATE_NEW_ROOM",
    "SEVENS_RATE_UPLOAD",
    "SEVENS_RATE_UPLOAD_DAY",
    "SEVENS_RATE_STATS",
    "SEVENS_RATE_ACCOUNT",
    "SEVENS_RATE_SEAT",
    "LOG_LEVEL",
    "TIME_ZONE",
    "SEVENS_DB_POOL_MAX",
    "SECURE_HSTS_SECONDS",
    "SEVENS_CSP_REPORT_URI",
)


def read(**env) -> dict:
    # PostgreSQL and Redis named, never reached: settings open no connection.
    env = {
        "DATABASE_URL": "postgres://sevens@127.0.0.1:5432/sevens",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
        "SECURE_COOKIES": "1",
        **env,
    }
    return settings_json(READ, env, drop=SETTINGS)


def test_it_reads_every_empty_or_blank_line_as_the_default():
    unset = read()
    empty = read(**{name: "" for name in SETTINGS})
    blank = read(**{name: "  " for name in SETTINGS})
    assert empty == unset
    assert blank == unset
    assert unset["hosts"] == ["127.0.0.1", "localhost", "[::1]"]
    assert unset["prefix"] == unset["cache"] == "sevens"
    assert unset["rates"]["new_room"] == "20/m"
    assert (unset["level"], unset["zone"], unset["csp"]) == ("INFO", "UTC", None)


def test_a_line_with_a_value_still_sets_it():
    set_ = read(ALLOWED_HOSTS="sevens.example", CHANNEL_PREFIX="blue", LOG_LEVEL="warning")
    assert set_["hosts"] == ["sevens.example"]
    assert set_["prefix"] == set_["cache"] == "blue"
    assert set_["level"] == "WARNING"
