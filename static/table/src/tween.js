// Slides of meshes from one place to another. A tween list that is empty means nothing moves, and
// then no frame is drawn (the table renders on demand).

const ease = (t) => 1 - (1 - t) ** 3;

export class Tweens {
  constructor() {
    this.list = [];
    this.duration = 380;
  }

  get active() {
    return this.list.length > 0;
  }

  /** Moves `obj` to {x, y, z, angle, scale} over the duration, after `delay` ms; done() at the end. */
  to(obj, target, { delay = 0, done = null, duration = this.duration } = {}) {
    this.list = this.list.filter((t) => t.obj !== obj);
    if (duration <= 0) {
      place(obj, target);
      if (done) done();
      return;
    }
    const from = { x: obj.position.x, y: obj.position.y, z: obj.position.z, angle: obj.rotation.y, scale: obj.scale.x };
    const dx = target.x - from.x;
    const dz = target.z - from.z;
    const still =
      Math.abs(dx) + Math.abs(dz) + Math.abs(target.y - from.y) + Math.abs((target.angle ?? 0) - from.angle) +
      Math.abs((target.scale ?? 1) - from.scale);
    if (still < 1e-6) {
      if (done) done();
      return;
    }
    // A card in flight rises a little, so it passes over the others; a short move barely does.
    const hop = Math.min(0.6, Math.hypot(dx, dz) * 0.08);
    // The clock starts at the first frame that shows the tween: a slow first frame (shaders,
    // textures) must not eat the animation.
    this.list.push({ obj, from, target, start: null, delay, duration, done, hop });
  }

  /**
   * Advances every tween to time `now`; returns whether any is still running. A finished tween's
   * done() may start the next leg of a move (the joker to its spot, then on to the seat that takes
   * it back): that tween is kept, not lost with the finished ones.
   */
  step(now) {
    const still = [];
    const finished = [];
    for (const t of this.list) {
      if (t.start === null) t.start = now + t.delay;
      const k = Math.min(1, Math.max(0, (now - t.start) / t.duration));
      const e = ease(k);
      const { from, target } = t;
      const hop = Math.sin(Math.PI * k) * t.hop;
      t.obj.position.set(
        from.x + (target.x - from.x) * e,
        from.y + (target.y - from.y) * e + hop,
        from.z + (target.z - from.z) * e,
      );
      t.obj.rotation.y = from.angle + ((target.angle ?? 0) - from.angle) * e;
      t.obj.scale.setScalar(from.scale + ((target.scale ?? 1) - from.scale) * e);
      if (k < 1) still.push(t);
      else finished.push(t);
    }
    this.list = still;
    for (const t of finished) if (t.done) t.done(); // after: a leg it starts joins the list
    return this.list.length > 0;
  }

  /** Jumps every tween to its end (skip the deal, fast-forward), the legs that follow included. */
  finish() {
    for (let rounds = 0; this.list.length && rounds < 10; rounds++) {
      const list = this.list;
      this.list = [];
      for (const t of list) {
        place(t.obj, t.target);
        if (t.done) t.done();
      }
    }
  }
}

export function place(obj, target) {
  obj.position.set(target.x, target.y, target.z);
  obj.rotation.y = target.angle ?? 0;
  obj.scale.setScalar(target.scale ?? 1);
}
