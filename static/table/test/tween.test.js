import assert from "node:assert/strict";
import { test } from "node:test";

import { Tweens } from "../src/tween.js";

// A stand-in for a three.js mesh: what the tweens move.
function mesh() {
  return {
    position: { x: 0, y: 0, z: 0, set(x, y, z) { Object.assign(this, { x, y, z }); } },
    rotation: { y: 0 },
    scale: { x: 1, setScalar(v) { this.x = v; } },
  };
}

test("a move in two legs runs both: the leg a finished tween starts is not lost", () => {
  // The joker laid on a spot, then on to the seat that takes it back (scene.js setState).
  const tweens = new Tweens();
  const joker = mesh();
  const legs = [];
  const onward = () => tweens.to(joker, { x: 5, y: 0.3, z: -6, angle: 0 }, { duration: 100, done: () => legs.push("gone") });
  tweens.to(joker, { x: 1, y: 0.05, z: 0, angle: 0 }, { duration: 100, done: () => { legs.push("spot"); onward(); } });
  let now = 0;
  while (tweens.step(now) && now < 10000) now += 16;
  assert.deepEqual(legs, ["spot", "gone"]);
  assert.equal(joker.position.x, 5);
  assert.equal(joker.position.z, -6);
  assert.equal(tweens.active, false);
});

test("skipping finishes the legs that follow too", () => {
  const tweens = new Tweens();
  const joker = mesh();
  const legs = [];
  tweens.to(joker, { x: 1, y: 0, z: 0, angle: 0 }, {
    duration: 100,
    done: () => {
      legs.push("spot");
      tweens.to(joker, { x: 2, y: 0, z: 3, angle: 0, scale: 1.5 }, { duration: 100, done: () => legs.push("gone") });
    },
  });
  tweens.finish();
  assert.deepEqual(legs, ["spot", "gone"]);
  assert.equal(joker.position.x, 2);
  assert.equal(joker.scale.x, 1.5);
  assert.equal(tweens.active, false);
});
