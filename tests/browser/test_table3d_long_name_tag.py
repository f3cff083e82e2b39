"""The player's own name tag on the 3D table grew with its name: 24 wide characters ran it off a
390 px phone's canvas, and its "(you)" and its cards and passes with it. The name is cut ("…"),
the tag stays on the canvas, its words after the name whole."""

# ruff: noqa: F811
import pytest
from table3d_support import (  # noqa: F401  (fixtures)
    demo_server,
    demo_url,
    open_table,
    playwright_driver,
    settle,
    webgl_browser,
)

pytestmark = [pytest.mark.browser, pytest.mark.pure]

NEAR = """() => {
  const canvas = document.querySelector('#table3d canvas').getBoundingClientRect();
  const el = document.querySelector('#table3d .table3d-tag.near');
  const r = el.getBoundingClientRect();
  const line = el.querySelector('.table3d-tag-line').getBoundingClientRect();
  return { left: r.left - canvas.left, right: r.right - canvas.left, width: canvas.width,
           lineRight: line.right - canvas.left, name: el.querySelector('.table3d-tag-name').textContent };
}"""


@pytest.mark.parametrize("width", [390, 320])
def test_a_long_name_is_cut_on_the_near_tag_which_stays_on_the_canvas(
    webgl_browser, demo_url, width
):
    names = ",".join(["龘" * 24, "Ben", "Chie", "Dan"])
    page = open_table(
        webgl_browser, demo_url + f"?cpu=0&warm=6&players=4&names={names}", width=width, height=844
    )
    settle(page)
    near = page.evaluate(NEAR)
    assert near["left"] >= 0 and near["right"] <= near["width"], near
    assert near["lineRight"] <= near["right"], near
    assert near["name"].endswith("… (you)"), near
