"""/dev/table-demo/ is a page for development and the 3D table's tests: a site that runs without
DEBUG and without TABLE_DEMO answers it as a page not found."""

import pytest


@pytest.mark.parametrize(
    ("debug", "demo", "status"), [(False, False, 404), (False, True, 200), (True, False, 200)]
)
def test_it_answers_only_when_switched_on(client, settings, debug, demo, status):
    settings.DEBUG, settings.TABLE_DEMO = debug, demo
    assert client.get("/dev/table-demo/").status_code == status
