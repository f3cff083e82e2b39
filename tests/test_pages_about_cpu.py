"""The "About the CPU" page: the measured figures and why no CPU sees a hidden card."""

import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_it_shows_the_figures_and_the_no_peeking_statement(client):
    response = client.get(reverse("about_cpu"))
    assert response.status_code == 200
    text = response.content.decode()
    assert "No CPU ever sees a hidden card" in text
    assert "1.72 ± 0.03" in text
    assert "+0.50 ± 0.13" in text


@pytest.mark.django_db
def test_it_says_medium_keeps_a_pass_only_where_the_rules_allow_passing_while_able(client):
    # Under "must play when able" (the Chinese game) a pass is never a choice: nothing to keep.
    text = " ".join(client.get(reverse("about_cpu")).content.decode().split())
    assert "keeps a pass in reserve when the rules let it pass while able to play" in text
