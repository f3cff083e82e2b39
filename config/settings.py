"""Settings, read from the environment.

With nothing set, Sevens runs on its embedded default: SQLite, the in-memory channel layer, one
process. `DATABASE_URL` and `REDIS_URL` move it to PostgreSQL and channels-redis.
"""

import os
import re
import sys
import tempfile
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


SWITCH_ON = ("1", "true", "yes", "on")
SWITCH_OFF = ("0", "false", "no", "off")


def env_bool(name: str, default: bool) -> bool:
    """A switch: 1/0 (or true/false, yes/no, on/off, any case); unset or an empty line, `default`.
    Any other word stops the process: read as off, `SECURE_COOKIES=enabled` had sent the cookies
    in clear and turned HSTS and the HTTPS redirect off, and an empty `SECURE_COOKIES=` line too."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value not in SWITCH_ON + SWITCH_OFF:
        raise ImproperlyConfigured(
            f"{name}={os.environ[name]!r}: 1 or 0 (true or false, yes or no, on or off) is expected"
        )
    return value in SWITCH_ON


def env_text(name: str, default: str) -> str:
    """A setting's text from the environment: unset, an empty or a blank line (an environment
    file's `CHANNEL_PREFIX=`) is `default`, as for every setting (an empty `ALLOWED_HOSTS=` had
    refused every request, an empty `CHANNEL_PREFIX=` had shared Redis keys with no prefix)."""
    return os.environ.get(name, "").strip() or default


def number(name: str, raw: str, kind=float, least=0):
    """`raw`, the value of the environment variable `name`, as a number of `kind`, at least `least`. A
    value that is not one stops the process at start with a message naming the variable (a bare
    "could not convert string to float: 'abc'" named none), rather than running with it."""
    try:
        value = kind(raw.strip())
    except ValueError:
        value = None
    # NaN is not a number of anything; nor is infinity of seconds or rooms (a timedelta refuses it)
    if value is None or value < least or value != value or value == float("inf"):
        what = "a whole number" if kind is int else "a number"
        raise ImproperlyConfigured(f"{name}={raw!r}: {what} of {least} or more is expected")
    return value


def one_of(name: str, raw: str, allowed) -> str:
    if raw not in allowed:
        raise ImproperlyConfigured(f"{name}={raw!r}: one of {', '.join(allowed)} is expected")
    return raw


DEBUG = env_bool("DEBUG", False)
# The embedded default is for one machine; a deployment sets its own key.
EMBEDDED_SECRET_KEY = "sevens-embedded-default-not-for-production"
# An empty SECRET_KEY= line (an EnvironmentFile) counts as none, not as a key Django refuses.
SECRET_KEY = os.environ.get("SECRET_KEY") or EMBEDDED_SECRET_KEY
# Former keys, comma-separated, still accepted for what they signed (sessions, deal links) while a
# new SECRET_KEY signs everything new: a key can be changed without logging every account out.
SECRET_KEY_FALLBACKS = [
    k.strip() for k in os.environ.get("SECRET_KEY_FALLBACKS", "").split(",") if k.strip()
]
ALLOWED_HOSTS = [
    h.strip() for h in env_text("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",")
]
# Read as ALLOWED_HOSTS is: "https://a, https://b" names two origins (a space kept in one made it
# match no browser's Origin, and every form posted from there was refused).
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "daphne",
    "csp",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "django_ratelimit",
    "template_partials",
    "games",
    "rooms",
    "history",
    "stats",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.csp.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Only these two are run and tested. A message names the scheme, never the whole URL (it holds the
# database's password).
DATABASE_URL_FORM = "postgres://USER:PASSWORD@HOST:PORT/NAME or sqlite:////ABSOLUTE/PATH"
_url = os.environ.get("DATABASE_URL", "")
_scheme = f"scheme {_url.partition('://')[0]!r}" if "://" in _url else "no scheme"
try:
    DATABASES = {
        "default": dj_database_url.config(
            default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=0, conn_health_checks=True
        )
    }
except dj_database_url.UnknownSchemeError:
    DATABASES = {"default": {"ENGINE": ""}}
except ValueError as error:  # a port that is not a number
    raise ImproperlyConfigured(
        f"DATABASE_URL cannot be read ({str(error).split('. ')[0].rstrip('.')}): "
        f"{DATABASE_URL_FORM} is expected"
    ) from None
if "DATABASE_URL" in os.environ and not _url.strip():
    # dj_database_url reads an empty DATABASE_URL= line as no database at all (a KeyError below).
    raise ImproperlyConfigured(
        "DATABASE_URL is empty: remove the line to use the SQLite file db.sqlite3, or give "
        f"{DATABASE_URL_FORM}"
    )
if DATABASES["default"].get("ENGINE") not in (
    "django.db.backends.sqlite3",
    "django.db.backends.postgresql",
):
    raise ImproperlyConfigured(
        f"DATABASE_URL names no database Sevens runs on ({_scheme}): "
        f"{DATABASE_URL_FORM} is expected"
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers run beside the one writer; IMMEDIATE takes the write lock at BEGIN, so two
    # writers queue instead of failing halfway through a transaction.
    # One connection kept open per thread: opening one (and its PRAGMAs) for every socket's
    # frame cost a tenth of a loaded server's time. Channels and the views share one thread.
    DATABASES["default"]["CONN_MAX_AGE"] = None
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file (the live-server browser tests need one), named per test run so two runs on one
    # machine never share it.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get(
            "SEVENS_TEST_DB",
            str(Path(tempfile.gettempdir()) / f"sevens-test-{os.getpid()}.sqlite3"),
        )
    }
else:
    # A pool of open connections per process (psycopg_pool, through Django's "pool" option):
    # channels closes the connection around every database_sync_to_async call, and without a
    # pool each of those opened a new PostgreSQL connection (persistent connections are not for
    # ASGI). SEVENS_DB_POOL_MAX bounds each process's share of the server's max_connections.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": number("SEVENS_DB_POOL_MAX", env_text("SEVENS_DB_POOL_MAX", "8"), int, least=1),
        "timeout": 10,
    }
    # Name the test database outright: channels' live-server process derives it from TEST.NAME,
    # and without one it would prefix "test_" a second time to the name the runner already set.
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}"}

REDIS_URL = env_text("REDIS_URL", "")
if REDIS_URL:
    from redis.asyncio.retry import Retry
    from redis.backoff import ExponentialBackoff
    from redis.exceptions import ConnectionError as RedisConnectionError

    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # socket_timeout None: redis-py 8 otherwise kills idle consumers after ~5 s.
                # max_connections: the default pool fails a burst of a few hundred connects.
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_timeout": None,
                        "max_connections": number(
                            "REDIS_MAX_CONNECTIONS",
                            env_text("REDIS_MAX_CONNECTIONS", "1000"),
                            int,
                            least=1,
                        ),
                        # After a Redis restart the pool still holds sockets to the old server:
                        # a command on one reconnects and tries again instead of failing the
                        # player's connect; idle sockets are pinged before use.
                        "retry": Retry(ExponentialBackoff(cap=1.0, base=0.05), 3),
                        "retry_on_error": [RedisConnectionError],
                        "health_check_interval": 15,
                    }
                ],
                "capacity": number(
                    "CHANNEL_CAPACITY", env_text("CHANNEL_CAPACITY", "300"), int, least=1
                ),
                "expiry": number("CHANNEL_EXPIRY", env_text("CHANNEL_EXPIRY", "30"), int, least=1),
                "prefix": env_text("CHANNEL_PREFIX", "sevens"),
            },
        }
    }
else:
    # Channels' own, its expiry sweep once a second (rooms/layers.py).
    CHANNEL_LAYERS = {"default": {"BACKEND": "rooms.layers.InMemoryChannelLayer"}}

# The cache holds the rate limits' counters (config/limits.py). One process shares its memory;
# several processes share Redis (Django's own Redis cache, on the channel layer's server).
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_text("CHANNEL_PREFIX", "sevens"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Requests that create rows are limited per client address (daphne --proxy-headers makes that the
# player's address behind nginx): new tables, uploaded logs, statistics events. "N/m" = N a minute.
RATELIMIT_ENABLE = env_bool("SEVENS_RATELIMIT", True)
SEVENS_RATES = {
    "new_room": env_text("SEVENS_RATE_NEW_ROOM", "20/m"),
    "upload": env_text("SEVENS_RATE_UPLOAD", "10/m"),
    "upload_day": env_text("SEVENS_RATE_UPLOAD_DAY", "100/d"),
    "stats_event": env_text("SEVENS_RATE_STATS", "120/m"),
    # sign-up and log-in forms sent: each new account is a row, each password tried costs a hash
    "account": env_text("SEVENS_RATE_ACCOUNT", "10/m"),
    # seats taken in friends' rooms: each may make a session (a row)
    "seat": env_text("SEVENS_RATE_SEAT", "30/m"),
}
# A rate django-ratelimit cannot read ("lots", "10 per minute") raised on every request, which
# config/limits.py took for a cache outage: nothing was limited, and each request logged so.
RATE_VARIABLES = {
    "new_room": "SEVENS_RATE_NEW_ROOM",
    "upload": "SEVENS_RATE_UPLOAD",
    "upload_day": "SEVENS_RATE_UPLOAD_DAY",
    "stats_event": "SEVENS_RATE_STATS",
    "account": "SEVENS_RATE_ACCOUNT",
    "seat": "SEVENS_RATE_SEAT",
}
for _group, _rate in SEVENS_RATES.items():
    # a multiplier of 0 ("10/0m") divides by zero; "10/M" is read as 10 a second
    if not re.fullmatch(r"[1-9][0-9]*/(?:[1-9][0-9]*)?[smhd]", _rate.strip()):
        raise ImproperlyConfigured(
            f"{RATE_VARIABLES[_group]}={_rate!r}: N/s, N/m, N/h or N/d (N a second, a minute, an "
            "hour, a day; 10/5m: 10 in 5 minutes) is expected"
        )
    SEVENS_RATES[_group] = _rate.strip()
SILENCED_SYSTEM_CHECKS = [
    # Django's built-in Redis cache increments atomically; the check only knows django-redis.
    "django_ratelimit.W001",
    # A local-memory cache is shared by every request of the one process of the default mode.
    *([] if REDIS_URL else ["django_ratelimit.E003"]),
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "history.passwords.MinimumLengthValidator"},  # Django's, in our catalogue too
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("ja", "日本語"),
    ("zh-hans", "简体中文"),
    ("zh-hant", "繁體中文"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The time zone of what the server itself writes out: the admin's times and date filters, the
# statistics' days. Players see their own browser's time (static/js/times.js).
TIME_ZONE = env_text("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

SESSION_ENGINE = "config.sessions"  # the database's, reading only keys Django could have made
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
# Behind TLS by default once a real host is served: a deployment that names its host and turns
# DEBUG off gets secure cookies, HSTS and the HTTPS redirect unless it says SECURE_COOKIES=0.
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1", ""}
REAL_HOST = any(h not in LOOPBACK_HOSTS for h in ALLOWED_HOSTS)
if not DEBUG and REAL_HOST and SECRET_KEY == EMBEDDED_SECRET_KEY:
    # Logging is not set up yet: straight to the process's error stream (the service's journal).
    sys.stderr.write(
        "WARNING config.settings: SECRET_KEY is not set, so the site signs sessions with the key "
        "published in its source; set one SECRET_KEY, the same for every process "
        "(docs/deploy.md)\n"
    )
HEALTH_PROBES = [r"^health/(cpu/)?$"]  # rooms/health.py
if not DEBUG and env_bool("SECURE_COOKIES", REAL_HOST):
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = number(
        "SECURE_HSTS_SECONDS", env_text("SECURE_HSTS_SECONDS", "31536000"), int
    )
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # A load balancer probes a process directly, over plain HTTP: it gets the answer, not a redirect.
    SECURE_REDIRECT_EXEMPT = HEALTH_PROBES

# Content-Security-Policy (django-csp): every script, style, image and font comes from the site
# itself, and so does every connection (config/csp.py adds the room socket's ws:/wss: origin for
# the request's host). No inline script or style, no eval: the pages hold none (JSON data blocks
# are not run), and htmx is told to add no <style> of its own (the htmx-config meta of base.html).
# A view that needs more widens its own response with csp.decorators.csp_update (docs/deploy.md).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Where browsers report what the policy refused (a collector of the operator's; none by default).
_csp_report_uri = env_text("SEVENS_CSP_REPORT_URI", "")
if _csp_report_uri:
    CONTENT_SECURITY_POLICY["DIRECTIVES"]["report-uri"] = [_csp_report_uri]

# The live-play knobs (rooms/consumers.py, rooms/cpu.py, rooms/health.py), from the environment
# when set there; the code holds their defaults (docs/deploy.md lists them).
LIVE_KNOBS = {
    "SEVENS_CPU_IN_SERVER": env_bool,
    "SEVENS_CPU_DELAY": float,
    "SEVENS_CPU_EXECUTOR": str,
    "SEVENS_CPU_WORKERS": int,
    "SEVENS_CPU_NICE": int,
    "SEVENS_SWEEP_SECONDS": float,
    "SEVENS_STALL_SECONDS": float,
    "SEVENS_GRACE_SECONDS": float,
    "SEVENS_OFFLINE_SECONDS": float,  # a friend's connection down this long is said offline
    "SEVENS_ROOM_IDLE_SECONDS": float,
    "SEVENS_WS_MAX_FRAME": int,
    "SEVENS_WS_BUDGET": int,
    "SEVENS_WS_WINDOW_SECONDS": float,
    "SEVENS_HEALTH_TIMEOUT": float,
    "SEVENS_CPU_LATE_SECONDS": float,  # /health/cpu/ answers 503 past a server turn this old
    "SEVENS_FILL_LEVEL": str,  # the level of the computers that fill a friends' room's free seats
    "SEVENS_TAKEOVER_LEVEL": str,  # the level of the computer playing for a player who left
    "STATS_PURGE_SECONDS": float,  # how often each process deletes statistics past 30 days
    "TABLE_DEMO": env_bool,  # /dev/table-demo/ without DEBUG
}
# The knobs whose value is a word: anything else would fail only later, and out of sight (every
# friends' room refused its start, a dropped player's seat never played, a thread pool instead of
# the processes asked for).
LEVELS = ("easy", "medium", "hard", "random")
# A pool of no process, a sweep or a socket window of no time (a loop that never waits), a frame or
# a budget of nothing: refused like a word that is not a number.
KNOB_LEAST = {
    "SEVENS_CPU_WORKERS": 1,
    "SEVENS_SWEEP_SECONDS": 0.1,
    "SEVENS_WS_MAX_FRAME": 1,
    "SEVENS_WS_BUDGET": 1,
    "SEVENS_WS_WINDOW_SECONDS": 0.1,
    "STATS_PURGE_SECONDS": 1,
}
KNOB_WORDS = {
    "SEVENS_CPU_EXECUTOR": ("process", "thread"),
    "SEVENS_FILL_LEVEL": LEVELS,
    "SEVENS_TAKEOVER_LEVEL": LEVELS,
}
for _name, _kind in LIVE_KNOBS.items():
    if os.environ.get(_name, "").strip():  # unset, an empty or a blank line: the code's default
        _raw = os.environ[_name]
        if _kind is env_bool:
            globals()[_name] = _kind(_name, False)
        elif _kind is str and _name in KNOB_WORDS:
            globals()[_name] = one_of(_name, _raw.strip().lower(), KNOB_WORDS[_name])
        elif _kind is str:
            globals()[_name] = _raw
        else:
            globals()[_name] = number(_name, _raw, _kind, least=KNOB_LEAST.get(_name, 0))
# Python's own names, its aliases (WARN, FATAL) and NOTSET included: all read as before.
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL", "WARN", "FATAL", "NOTSET")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "filters": {"one_line_warning": {"()": "config.logs.OneLineWarning"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "loggers": {
        # A request for a host not in ALLOWED_HOSTS: answered 400, logged as one warning line.
        "django.security.DisallowedHost": {"filters": ["one_line_warning"]},
    },
    "root": {
        "handlers": ["console"],
        "level": one_of("LOG_LEVEL", env_text("LOG_LEVEL", "INFO").upper(), LOG_LEVELS),
    },
}

SITE_NAME = _("Sevens")
