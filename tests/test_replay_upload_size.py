"""An uploaded log over the size limit is refused with a message that names the limit as a player
reads a file's size: a round number ("1.0 MB"), not the "976.6 KB" that a limit of a million bytes
is in the binary units Django's `filesizeformat` uses (and a file manager shows)."""

import io

import pytest

from history.forms import UPLOAD_LIMIT
from history.models import UploadedReplay

pytestmark = pytest.mark.django_db


def upload(client, size: int, language: str = "en"):
    file = io.BytesIO(b"{" + b" " * (size - 2) + b"}")
    file.name = "match.json"
    return client.post("/replays/upload/", {"file": file}, headers={"accept-language": language})


def test_it_names_the_limit_as_a_round_number(client):
    response = upload(client, UPLOAD_LIMIT + 1)
    assert response.status_code == 400
    assert "The file is too large: a log may be up to 1.0\xa0MB." in response.content.decode()
    assert not UploadedReplay.objects.exists()


def test_it_names_it_so_in_japanese_too(client):
    response = upload(client, UPLOAD_LIMIT + 1, "ja")
    assert "記録は\xa01.0\xa0MB\xa0までです。" in response.content.decode()


def test_it_reads_a_file_of_exactly_the_limit(client):
    # not refused for its size: read, and refused for what it holds (spaces are no log)
    response = upload(client, UPLOAD_LIMIT)
    assert "too large" not in response.content.decode()
    assert "not a sevens-log/1 document" in response.content.decode()
