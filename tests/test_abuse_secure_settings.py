"""Secure cookies, HSTS and the HTTPS redirect: on by default once DEBUG is off and a real host is
served; off on the embedded default (loopback hosts) and in DEBUG; SECURE_COOKIES=0 opts out."""

import json
import re

import pytest

from tests.settings_support import settings_process

# Settings read in a process of their own, which opens no connection: the same on any database.
pytestmark = pytest.mark.pure

READ = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({k: getattr(s, k, None) for k in ("
    "'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SECURE_HSTS_SECONDS', "
    "'SECURE_SSL_REDIRECT', 'SECURE_PROXY_SSL_HEADER', 'SESSION_COOKIE_HTTPONLY', "
    "'SECURE_REDIRECT_EXEMPT', 'SECRET_KEY', 'CSRF_TRUSTED_ORIGINS', 'SECRET_KEY_FALLBACKS')}))"
)


def settings_with(**env) -> dict:
    out = settings_process(READ, env, drop=("DEBUG", "ALLOWED_HOSTS"))
    assert out.returncode == 0, out.stderr
    return {**json.loads(out.stdout.strip().splitlines()[-1]), "stderr": out.stderr}


def test_it_turns_secure_cookies_and_hsts_on_for_a_real_host():
    s = settings_with(ALLOWED_HOSTS="sevens.example", SECURE_COOKIES=None)
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"]
    assert s["SECURE_HSTS_SECONDS"] >= 31536000
    assert s["SECURE_SSL_REDIRECT"] is True
    assert s["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert s["SESSION_COOKIE_HTTPONLY"] is True


def test_it_leaves_them_off_on_the_embedded_default():
    s = settings_with(SECURE_COOKIES=None)
    assert not s["SESSION_COOKIE_SECURE"] and not s["SECURE_HSTS_SECONDS"]


@pytest.mark.parametrize(
    "env",
    [
        {"ALLOWED_HOSTS": "sevens.example", "DEBUG": "1"},
        {"ALLOWED_HOSTS": "sevens.example", "SECURE_COOKIES": "0"},
    ],
)
def test_it_leaves_them_off_in_debug_or_when_the_operator_says_so(env):
    s = settings_with(**env)
    assert not s["SESSION_COOKIE_SECURE"] and not s["SECURE_SSL_REDIRECT"]


def test_it_can_be_turned_on_for_loopback_too():
    s = settings_with(SECURE_COOKIES="1", SECURE_SSL_REDIRECT="0")
    assert s["SESSION_COOKIE_SECURE"] and s["SECURE_SSL_REDIRECT"] is False


def test_the_health_probe_is_not_redirected_to_https():
    s = settings_with(ALLOWED_HOSTS="sevens.example", SECURE_COOKIES=None)
    assert s["SECURE_SSL_REDIRECT"]
    assert any(re.match(p, "health/") for p in s["SECURE_REDIRECT_EXEMPT"])
    assert not any(re.match(p, "rules/") for p in s["SECURE_REDIRECT_EXEMPT"])


def test_a_real_host_without_a_secret_key_says_so_and_an_empty_one_is_none():
    s = settings_with(ALLOWED_HOSTS="sevens.example", SECRET_KEY="")
    assert "SECRET_KEY is not set" in s["stderr"]
    assert s["SECRET_KEY"]  # the embedded one, not an empty key every request would fail on
    quiet = settings_with(ALLOWED_HOSTS="sevens.example", SECRET_KEY="a real key for the test")
    assert "SECRET_KEY" not in quiet["stderr"]


def test_trusted_origins_are_read_as_the_hosts_are_spaces_and_all():
    s = settings_with(CSRF_TRUSTED_ORIGINS="https://sevens.example, https://www.sevens.example,")
    assert s["CSRF_TRUSTED_ORIGINS"] == ["https://sevens.example", "https://www.sevens.example"]
    assert settings_with(CSRF_TRUSTED_ORIGINS=None)["CSRF_TRUSTED_ORIGINS"] == []


def test_former_keys_are_read_from_the_environment():
    # Django reads what they signed (sessions, deal links) while the new key signs the rest.
    s = settings_with(SECRET_KEY="the new key of the site", SECRET_KEY_FALLBACKS="old one, older,")
    assert s["SECRET_KEY_FALLBACKS"] == ["old one", "older"]
    assert settings_with(SECRET_KEY_FALLBACKS=None)["SECRET_KEY_FALLBACKS"] == []
