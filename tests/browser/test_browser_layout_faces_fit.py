"""Each card's face in the panel's layout reads whole on a small phone: at 320 px "10♦" was cut to
"10" and a sliver of its suit (a cell's border took two of its 18 pixels)."""

import pytest
from browser_support import LiveRoomTestCase, connected

# `layout`: how the page is laid out and drawn is the same on any database and channel layer, so
# bin/test runs it once, in its first pass.
pytestmark = [pytest.mark.browser, pytest.mark.layout]

# Every row full, so every face is drawn (panel.js drawRows, as a frame draws it); then each face
# that is wider than its cell's inside.
CUT_FACES = """() => {
  const state = JSON.parse(document.getElementById('table-state').textContent);
  state.rows = ['!', '!', '!', '!'].map((mark) => mark + 'r'.repeat(state.ranks.length));
  window.sevensPanel.drawRows(['0', '1', '2', '3'], state);
  return [...document.querySelectorAll('#layout .cells > li')].flatMap((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const face = range.getBoundingClientRect().width;
    return face > cell.clientWidth || cell.scrollWidth > cell.clientWidth
      ? [`${cell.textContent}: ${face.toFixed(1)} > ${cell.clientWidth}`] : [];
  });
}"""


class TestLayoutFacesFit(LiveRoomTestCase):
    def test_it_shows_every_face_whole_on_a_small_phone(self):
        cut = {}
        for width, height in ((320, 568), (360, 740), (390, 844)):
            page = self.phone_page(width, height)
            page.goto(self.url("/"))
            page.locator('button[value="cpu-easy"]').click()
            connected(page)
            faces = page.evaluate(CUT_FACES)
            if faces:
                cut[width] = faces
            assert page.locator("#layout .cells > li").count() == 52
        assert cut == {}
