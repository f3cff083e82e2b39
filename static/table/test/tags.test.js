import assert from "node:assert/strict";
import { test } from "node:test";

import { graphemes, tagBox } from "../src/tags.js";

const canvas = { width: 400, height: 600, bar: 60 };
const size = { w: 100, h: 40 };

test("a far tag sits in the gap between its hand and the layout when it fits", () => {
  const box = tagBox({ far: true, x: 200, backs: 100, row: 160, beyond: 80 }, size, canvas);
  assert.deepEqual(box, { left: 150, top: 110, beside: false });
});

test("where the gap is too small it goes beyond the hand, unless a corner control is there", () => {
  const at = { far: true, x: 60, backs: 100, row: 130, beyond: 80 };
  assert.deepEqual(tagBox(at, size, canvas), { left: 10, top: 37, beside: false });
  const control = { left: 0, top: 0, right: 120, bottom: 44 };
  // Then it keeps clear of the layout and covers the near edge of the face-down hand.
  assert.deepEqual(tagBox(at, size, canvas, [control]), { left: 10, top: 87, beside: false });
  // Beyond the canvas's top is no place either.
  assert.equal(tagBox({ ...at, beyond: 30 }, size, canvas).top, 87);
});

test("a tag never leaves the canvas sideways", () => {
  assert.equal(tagBox({ far: true, x: 390, backs: 100, row: 160, beyond: 80 }, size, canvas).left, 296);
  assert.equal(tagBox({ far: true, x: 0, backs: 100, row: 160, beyond: 80 }, size, canvas).left, 4);
});

test("the near tag: in the gap, else below the hand, else beside it, narrower, else below the layout", () => {
  const near = { far: false, x: 200, row: 300, hand: 360, below: 420, left: 150, middle: 390 };
  assert.deepEqual(tagBox(near, size, canvas), { left: 150, top: 310, beside: false });
  const tight = { ...near, hand: 320 };
  assert.deepEqual(tagBox(tight, size, canvas), { left: 150, top: 423, beside: false });
  // Below the hand would reach the bar of Play and Pass: beside the hand, on its left.
  const low = { ...tight, below: 500 };
  assert.deepEqual(tagBox(low, size, canvas, [], { w: 80, h: 50 }), { left: 64, top: 365, beside: true });
  // No room on the left either: clear of the layout all the same, over the far edge of a chosen
  // card (centred in the gap, it covered the layout's near row).
  assert.deepEqual(tagBox({ ...low, left: 60 }, size, canvas, [], { w: 80, h: 50 }), { left: 150, top: 303, beside: false });
  // A hand in two rows (a phone upright): low over the front row, just above the bar, where the
  // front row's index corners stay uncovered; where they would not, below the layout as before.
  const rows = { ...low, left: 60, corners: 440 };
  const bottom = canvas.height - (canvas.bar || 0) - 3 - size.h;
  assert.deepEqual(tagBox(rows, size, canvas), { left: 150, top: bottom, beside: false });
  assert.equal(tagBox({ ...rows, corners: bottom - 2 }, size, canvas).top, 303);
  // Where the hand has two rows, below the layout covers the back row's index corners, all that
  // shows of its cards (a 320 px phone: 6 of 8 ranks hidden): low over the front row all the same,
  // its indices' lower edge covered at most.
  assert.equal(tagBox({ ...rows, corners: bottom - 2, rows: 2 }, size, canvas).top, bottom);
  // Turned with the table (5 px of tilt at a 100 px tag's ends), the corners come
  // levelled along the tag's slope: the tag stays low while its top edge clears them. (Its box's
  // highest point was held against the row's lowest corner, both ends counted twice: it went
  // below the layout, over the back row's index corners.)
  const turned = { ...rows, angle: Math.asin(0.1), corners: bottom - 5 - 3 - 1 };
  assert.deepEqual(tagBox(turned, size, canvas), { left: 150, top: bottom - 5, beside: false });
  assert.equal(tagBox({ ...turned, corners: bottom - 5 - 2 }, size, canvas).top, 303);
});

test("a tag turned with the table keeps its ends on the canvas and clear of the bar", () => {
  // Turned by 0.1 rad, a tag 100 px wide rises and dips 5 px at its ends.
  const near = { far: false, x: 200, row: 300, hand: 320, left: 60, middle: 390, angle: 0.1 };
  assert.equal(tagBox({ ...near, below: 492 }, size, canvas).top, 495, "below the hand");
  assert.equal(tagBox({ ...near, below: 493 }, size, canvas).top, 303, "its dipping end would reach the bar");
  assert.equal(tagBox({ ...near, below: 497, angle: 0 }, size, canvas).top, 500, "straight, no end dips");
  const far = { far: true, x: 200, backs: 100, row: 130, angle: -0.1 };
  assert.equal(tagBox({ ...far, beyond: 52 }, size, canvas).top, 9, "beyond the hand");
  assert.equal(tagBox({ ...far, beyond: 51 }, size, canvas).top, 87, "its rising end would leave the canvas");
  assert.equal(tagBox({ ...far, beyond: 47, angle: 0 }, size, canvas).top, 4);
  // Nor may it reach a corner control.
  const control = { left: 0, top: 0, right: 400, bottom: 14 };
  assert.equal(tagBox({ ...far, beyond: 60, angle: 0 }, size, canvas, [control]).top, 17);
  assert.equal(tagBox({ ...far, beyond: 60 }, size, canvas, [control]).top, 87);
});

test("a name is cut between the characters a reader sees, never inside one", () => {
  const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}"; // one emoji of five code points
  const flag = "\u{1F1EF}\u{1F1F5}"; // two regional indicators: one flag
  assert.deepEqual(graphemes(`A${family}${flag}e\u0301`), ["A", family, flag, "e\u0301"]);
  assert.deepEqual(graphemes("龘龘"), ["龘", "龘"]);
});
