"""The Japanese and Chinese pages as their readers see them, with the CJK fonts a phone has (bin/setup
--test installs Noto CJK): each language's Han characters in a face of that language, and lines
that do not break inside a unit."""

import pytest
from browser_support import LiveRoomTestCase

pytestmark = pytest.mark.browser

FACES = {"ja": "Noto Sans CJK JP", "zh-hans": "Noto Sans CJK SC", "zh-hant": "Noto Sans CJK TC"}


def faces_of(page, selector: str) -> set[str]:
    """The installed fonts chromium drew the first element matching `selector` with."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return {font["familyName"] for font in fonts}


class TestCjkPages(LiveRoomTestCase):
    def test_each_language_draws_its_han_characters_in_its_own_face(self):
        """One font list for every language drew the Chinese pages in the Japanese face (直, 骨 and
        说 drawn the Japanese way, the Traditional ，。 in a corner rather than centred)."""
        drawn = {}
        for language in FACES:
            page = self.new_page(width=390, height=844)
            page.context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.live_server_url}]
            )
            page.goto(self.url("/rules/"))
            for selector in ("main h1", "main p", "header .site-name", "#language-select"):
                cjk = faces_of(page, selector) & {*FACES.values()}
                drawn[f"{language} {selector}"] = cjk
        assert drawn == {
            f"{language} {selector}": {face}
            for language, face in FACES.items()
            for selector in ("main h1", "main p", "header .site-name", "#language-select")
        }
