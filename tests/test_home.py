import pytest


@pytest.mark.django_db
def test_it_shows_the_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Sevens" in response.content.decode()
