"""A request naming a host the site does not serve (a scanner of the server's address, a probe
without the site's Host) is a client's mistake: answered 400 and logged as one warning line, not
as an ERROR with Django's traceback."""

import logging

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def test_another_host_is_one_warning_line(caplog):
    with caplog.at_level(logging.INFO):
        response = Client(HTTP_HOST="203.0.113.7").get("/")
    assert response.status_code == 400
    records = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert len(records) == 1
    record = records[0]
    assert record.levelname == "WARNING" and record.exc_info is None
    line = logging.Formatter(settings.LOGGING["formatters"]["plain"]["format"]).format(record)
    assert "203.0.113.7" in line and "Traceback" not in line and "\n" not in line
