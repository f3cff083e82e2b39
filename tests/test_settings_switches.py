"""A switch from the environment (`DEBUG`, `SECURE_COOKIES`, `SECURE_SSL_REDIRECT`,
`SEVENS_RATELIMIT`, `SEVENS_CPU_IN_SERVER`, `TABLE_DEMO`) is 1 or 0, or true/false, yes/no, on/off
in any case; unset or an empty line is its default. Any other word stops the process at start with
a line naming it: every word the site did not know was read as off, so `SECURE_COOKIES=enabled`,
or an empty `SECURE_COOKIES=` line in an environment file, sent the session cookie in clear and
turned HSTS and the HTTPS redirect off without a word."""

import pytest

from tests.settings_support import settings_json
from tests.test_settings_bad_environment import refusal

# Settings read in a process of their own, which opens no connection: the same on any database.
pytestmark = pytest.mark.pure

READ = (
    "import json, django; django.setup(); from django.conf import settings as s; print(json.dumps("
    "[getattr(s, 'SESSION_COOKIE_SECURE', False), getattr(s, 'SECURE_SSL_REDIRECT', False), "
    "s.DEBUG, s.RATELIMIT_ENABLE, getattr(s, 'SEVENS_CPU_IN_SERVER', 'default')]))"
)


def read(**env) -> list:
    names = ("DEBUG", "SECURE_COOKIES", "SECURE_SSL_REDIRECT", "SEVENS_RATELIMIT")
    env = {
        "DATABASE_URL": "sqlite:////tmp/sevens-settings-test.sqlite3",
        "ALLOWED_HOSTS": "sevens.example",
        **env,
    }
    return settings_json(READ, env, drop=names, drop_prefixes=("SEVENS_",))


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("SECURE_COOKIES", "enabled"),
        ("SECURE_SSL_REDIRECT", "y"),
        ("DEBUG", "yes-please"),
        ("SEVENS_RATELIMIT", "disable"),
        ("SEVENS_CPU_IN_SERVER", "nope"),
        ("TABLE_DEMO", "maybe"),
    ],
)
def test_a_word_a_switch_does_not_know_stops_the_process(name, value):
    message = refusal(ALLOWED_HOSTS="sevens.example", **{name: value})
    assert message == (
        f"{name}={value!r}: 1 or 0 (true or false, yes or no, on or off) is expected"
    )


def test_an_empty_line_is_the_default_not_off():
    # cookies secure, the redirect on, DEBUG off, the limits on, the CPU in the servers
    assert read(SECURE_COOKIES="", SECURE_SSL_REDIRECT=" ", SEVENS_RATELIMIT="") == [
        True,
        True,
        False,
        True,
        "default",
    ]
    assert read(SEVENS_CPU_IN_SERVER=" ")[4] == "default"


def test_the_words_it_knows_still_read_as_before():
    assert read(SECURE_COOKIES="On", SECURE_SSL_REDIRECT="false", SEVENS_RATELIMIT="NO") == [
        True,
        False,
        False,
        False,
        "default",
    ]
    assert read(SECURE_COOKIES="0", DEBUG="1", SEVENS_CPU_IN_SERVER="off")[:3] == [
        False,
        False,
        True,
    ]
    assert read(SEVENS_CPU_IN_SERVER="TRUE", SEVENS_RATELIMIT="yes")[3:] == [True, True]
