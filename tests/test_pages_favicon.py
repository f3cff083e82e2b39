"""`/favicon.ico`, asked for by browsers on pages that name no icon (the admin's), leads to the
site's icon instead of a 404 in the log."""

import pytest

pytestmark = pytest.mark.django_db


def test_it_leads_to_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    icon = client.get(response["Location"])
    assert icon.status_code == 200
    assert b"<svg" in b"".join(icon.streaming_content)
