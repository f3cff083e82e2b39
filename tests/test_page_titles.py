"""Every page's title names the page and then the site, so a player with several tabs open can
tell them apart and see which site they are on; in Japanese the site's name is the translated one."""

import re

import pytest

pytestmark = pytest.mark.django_db

PAGES = {
    "/rules/": "Rules",
    "/about/": "About Sevens",
    "/help/": "Help",
    "/tips/": "Strategy tips",
    "/privacy/": "Privacy and play statistics",
    "/about/cpu/": "About the CPU",
    "/rankings/": "Rankings · Japanese rules",
    "/rankings/chinese/": "Rankings · Chinese rules",
    "/accounts/deleted/": "Account deleted",
    "/matches/": "My matches",
    "/deal/": "Play a deal again",
    "/replays/upload/": "Watch a match log",
    "/accounts/login/": "Log in",
    "/accounts/signup/": "Sign up",
}


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1).strip()


@pytest.mark.parametrize("url", PAGES)
def test_the_title_names_the_page_then_the_site(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert title(response.content.decode()) == f"{PAGES[url]} · Sevens"


def test_the_sites_name_in_the_title_is_translated(client):
    html = client.get("/rankings/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert title(html).endswith("· 七並べ")
