// The seats' name tags: page elements over the canvas, not textures on the table, so their words
// keep a readable size on every screen (drawn on the felt they were 4 to 7 pixels high on phones
// and laptops). Each tag follows its seat's place on the screen; where it lies is worked out from
// the screen positions alone (tagBox), so node can test it.

import { ordinal, tagName, tagParts, seatTag } from "./play.js";

const EDGE = 4; // the least space kept between a tag and the canvas's edge, in CSS pixels
const CLEAR = 3; // and between a tag and the cards it sits beside
// How far the badge reaches past the end of the tag's words (its overhang, the tag's right padding
// and border), less a small gap: the room the words beside it leave is the badge's width less this.
const BADGE_OVERHANG = 12;

/**
 * Where a tag goes on the canvas (CSS pixels, its top-left corner), given its size ({w, h}), the
 * canvas's ({width, height}) and the screen positions of what is around its seat:
 * - a far seat (`far: true`): `x` the seat's centre; `backs` the near edge of its hand, `row` the
 *   far edge of the layout, `beyond` the hand's far edge. The tag sits in the gap between hand and
 *   layout; where the gap is too small (a phone), beyond the hand, if that is on the canvas and
 *   clear of the `obstacles` (the controls in its corners: rectangles {left, top, right, bottom});
 *   where it is not, it keeps clear of the layout and covers the hand's near edge.
 * - the near seat: `x` the hand's centre, `row` the layout's near edge, `hand` the far edge of a
 *   chosen card (the hand's far edge, less the lift), `below` the hand's near edge, `left` its
 *   left edge, `middle` its centre's height, `corners` the lowest its front row's index corners
 *   reach, levelled along `at.angle` through `x` (the tag is turned as the row is), and `rows`
 *   its rows (layout.handRows). In the gap if it fits; else below the hand, above the canvas's
 *   bottom bar (`canvas.bar` pixels high), where the screen is tall (a phone upright); else beside
 *   the hand, on its left, where it is wide (a phone on its side); else low over the hand, just
 *   above the bar, where the front row's index corners stay uncovered, or with two rows all the
 *   same (below the layout it would cover the back row's corners, all that shows of its cards: a
 *   320 px phone); else just below the layout all the same, over the far edge of a chosen card.
 * A table turned by a drag slopes on the screen: `at.angle` is the slope of the edge a tag stands
 * by, and the tag is drawn turned by it, along the edge (Tags.place).
 */
export function tagBox(at, size, canvas, obstacles = [], besideSize = size) {
  const { w, h } = size;
  const clampX = (left) => Math.max(EDGE, Math.min(canvas.width - EDGE - w, left));
  // Turned with the table (`at.angle`), a tag's ends rise above its box and dip below it.
  const tilt = (w / 2) * Math.abs(Math.sin(at.angle || 0));
  if (at.far) {
    const left = clampX(at.x - w / 2);
    const gap = at.row - at.backs;
    if (gap >= h + 2 * CLEAR) return { left, top: at.backs + (gap - h) / 2, beside: false };
    const top = at.beyond - CLEAR - h;
    const beyond = { left, top: top - tilt, right: left + w, bottom: top + h + tilt };
    if (beyond.top >= EDGE && !obstacles.some((o) => overlap(o, beyond))) return { left, top, beside: false };
    return { left, top: Math.max(EDGE + tilt, at.row - CLEAR - h), beside: false };
  }
  const gap = at.hand - at.row;
  if (gap >= h + 2 * CLEAR) return { left: clampX(at.x - w / 2), top: at.row + (gap - h) / 2, beside: false };
  if (at.below + CLEAR + h + tilt <= canvas.height - (canvas.bar || 0)) return { left: clampX(at.x - w / 2), top: at.below + CLEAR, beside: false };
  // Beside the hand the tag's two lines stand one above the other (besideSize), to be narrow.
  const right = at.left - 2 * CLEAR;
  if (right - besideSize.w >= EDGE) return { left: right - besideSize.w, top: at.middle - besideSize.h / 2, beside: true };
  const low = canvas.height - (canvas.bar || 0) - CLEAR - h - tilt;
  if (low >= (at.corners ?? Infinity) + CLEAR || at.rows > 1) return { left: clampX(at.x - w / 2), top: low, beside: false };
  // No room: clear of the layout all the same, over the far edge of a chosen card.
  return { left: clampX(at.x - w / 2), top: at.row + CLEAR, beside: false };
}

function overlap(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

export class Tags {
  constructor(layer) {
    this.layer = layer;
    // seat -> {el, key, near, size, besideSize, beside, box}
    this.entries = new Map();
  }

  /** New words for the seats' tags, from a view: only a changed tag is written. */
  update(view, places) {
    if (!this.layer) return;
    for (const p of places) {
      const tag = seatTag(view, p.seat);
      let entry = this.entries.get(p.seat);
      if (!entry) {
        const el = document.createElement("div");
        el.className = "table3d-tag";
        el.dataset.seat = String(p.seat);
        el.innerHTML = '<span class="table3d-tag-text"><span class="table3d-tag-name"></span><span class="table3d-tag-line"></span></span><span class="table3d-tag-badge"></span>';
        this.layer.append(el);
        entry = { el, key: null, size: null, box: null };
        this.entries.set(p.seat, entry);
      }
      entry.near = p.near;
      const key = JSON.stringify([tag, p.near]);
      if (entry.key === key) continue;
      entry.key = key;
      const { el } = entry;
      el.classList.toggle("near", p.near);
      el.classList.toggle("acting", tag.acting);
      el.style.setProperty("--seat", tag.colour);
      entry.tag = tag;
      el.querySelector(".table3d-tag-name").textContent = tagName(tag);
      const line = el.querySelector(".table3d-tag-line");
      line.replaceChildren(
        ...tagParts(tag).map((part) => {
          const span = document.createElement("span");
          span.textContent = part;
          return span;
        }),
      );
      const badge = el.querySelector(".table3d-tag-badge");
      badge.className = `table3d-tag-badge${tag.low ? " low" : tag.place ? " place" : ""}`;
      badge.textContent = tag.low ? String(tag.cards) : tag.place ? ordinal(tag.place) : "";
      badge.hidden = !tag.low && !tag.place;
      entry.size = null; // measured again where it is placed
    }
    for (const [seat, entry] of this.entries) {
      if (!places.some((p) => p.seat === seat)) {
        entry.el.remove();
        this.entries.delete(seat);
      }
    }
  }

  /**
   * The near tag moves to its next place over `ms` (a CSS transition, none under reduced motion:
   * table3d.css) instead of at once: the hand's cards it stands by are moving there too.
   */
  glide(ms) {
    for (const entry of this.entries.values()) {
      if (!entry.near) continue;
      entry.el.style.setProperty("--glide", `${ms}ms`);
      entry.el.classList.add("gliding");
      clearTimeout(entry.glideEnd);
      entry.glideEnd = setTimeout(() => entry.el.classList.remove("gliding"), ms);
    }
  }

  /** Sizes change with the canvas (a far tag is never wider than its seat's share). */
  resized() {
    for (const entry of this.entries.values()) entry.size = null;
    this.obstacles = null;
  }

  /**
   * The controls in the table's corners, in the layer's coordinates: tags stay off them; and
   * under them, the band kept for the table's message (`band` pixels high, Table.resize).
   */
  findObstacles(canvas) {
    const root = this.layer.parentElement;
    const origin = this.layer.getBoundingClientRect();
    const corners = [...root.querySelectorAll(".table3d-views, .table3d-option")].map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left - origin.left, top: r.top - origin.top, right: r.right - origin.left, bottom: r.bottom - origin.top };
    });
    if (!canvas.band) return corners;
    const below = Math.max(0, ...corners.map((c) => c.bottom));
    return [...corners, { left: 0, top: 0, right: canvas.width, bottom: below + canvas.band }];
  }

  /**
   * Moves every tag to its place: `at(seat, near)` gives tagBox's screen positions for a seat,
   * `canvas` the canvas's size. The near tag is placed first; then `between(near)`, given its box
   * ({left, top, right, bottom}, or null), places what stands over the canvas beside the tags (the
   * table's message) and returns its box, or null: the far tags keep clear of it as of the corner
   * controls. Only a changed position is written.
   */
  place(at, canvas, spread, between = null) {
    if (!this.layer) return void between?.(null);
    if (!this.obstacles) this.obstacles = this.findObstacles(canvas);
    const entries = [...this.entries];
    let near = null;
    for (const [seat, entry] of entries.filter(([, e]) => e.near)) near = this.placeOne(seat, entry, at, canvas, spread, this.obstacles);
    const more = between ? between(near) : null;
    const obstacles = more ? [...this.obstacles, more] : this.obstacles;
    for (const [seat, entry] of entries.filter(([, e]) => !e.near)) this.placeOne(seat, entry, at, canvas, spread, obstacles);
  }

  /** Places one tag (Tags.place); returns its box, level (a turned tag's ends reach past it). */
  placeOne(seat, entry, at, canvas, spread, obstacles) {
    const { el } = entry;
    if (!entry.size) {
      el.style.maxWidth = entry.near ? "" : `${Math.max(64, Math.min(240, spread - 2 * CLEAR))}px`;
      // The badge stands over the tag's top-right corner: the words beside it keep clear of it
      // ("第 3 名" is twice as wide as "3rd" and covered the seat's name).
      const badge = el.querySelector(".table3d-tag-badge");
      const room = badge.hidden ? 0 : Math.max(0, badge.offsetWidth - BADGE_OVERHANG);
      el.style.setProperty("--badge-room", `${room}px`);
      // A far tag is no wider than its seat's share: a short name kept clear of the badge beside
      // it went onto two lines ("CPU" over "3", with "2nd" on a 360 px phone). Where it fits on
      // one line without that room, the badge stands above the words, the tag a little taller;
      // so too where the name is cut beside the badge and shows more without it (on a 320 px
      // phone "プレイヤー 3" read "プレ" over "イ…", and "CPU 2" "C" over "P…").
      el.classList.remove("badge-above");
      if (!entry.near && room) {
        const name = el.querySelector(".table3d-tag-name");
        const beside = name.offsetHeight;
        const besideWhole = name.scrollHeight;
        const cut = besideWhole > name.clientHeight + 1;
        el.style.setProperty("--badge-room", "0px");
        if (name.offsetHeight < beside || (cut && name.scrollHeight < besideWhole)) el.classList.add("badge-above");
        else el.style.setProperty("--badge-room", `${room}px`);
      }
      fitName(el.querySelector(".table3d-tag-name"), entry.tag);
      // A far tag's line may wrap between its parts: the second then starts a line, without "·".
      el.classList.remove("wrapped");
      const [first, second] = el.querySelector(".table3d-tag-line").children;
      if (second && second.offsetTop > first.offsetTop) el.classList.add("wrapped");
      el.classList.remove("beside");
      entry.size = { w: el.offsetWidth, h: el.offsetHeight };
      if (entry.near) {
        // The near tag may stand beside the hand, in two lines: measured that way too.
        el.classList.add("beside");
        entry.besideSize = { w: el.offsetWidth, h: el.offsetHeight };
      }
    }
    const where = at(seat, entry.near);
    const box = tagBox(where, entry.size, canvas, obstacles, entry.besideSize);
    entry.beside = box.beside;
    el.classList.toggle("beside", box.beside);
    const angle = Math.round((where.angle || 0) * 1000) / 1000;
    const turn = angle ? ` rotate(${angle}rad)` : "";
    const text = `translate(${Math.round(box.left)}px, ${Math.round(box.top)}px)${turn}`;
    if (entry.box !== text) {
      entry.box = text;
      el.style.transform = text;
    }
    const size = box.beside ? entry.besideSize : entry.size;
    return { left: box.left, top: box.top, right: box.left + size.w, bottom: box.top + size.h };
  }
}

/**
 * A name too long for its tag is cut at its end ("Benjamin-Okafor…"): with "(offline)" or
 * "(away)" after it, those words went, and a friend gone looked like one at the table. The name
 * itself is shortened instead, the words around it kept whole ("Benjam… (offline)").
 */
function fitName(el, tag) {
  if (!tag || !tag.name) return;
  el.textContent = tagName(tag);
  const cut = () => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  if (tagName(tag) === tag.name || tagName(tag, "") === tagName(tag) || !cut()) return;
  const chars = graphemes(tag.name);
  let low = 0; // the most characters known to fit
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    el.textContent = tagName(tag, `${chars.slice(0, mid).join("").trimEnd()}…`);
    if (cut()) high = mid - 1;
    else low = mid;
  }
  el.textContent = tagName(tag, `${chars.slice(0, Math.max(1, low)).join("").trimEnd()}…`);
}

/** `text` as the characters a reader sees (an emoji of several code points, a flag, a letter with
 * its marks), so that a cut name never ends in half of one. */
export function graphemes(text) {
  if (typeof Intl === "undefined" || !Intl.Segmenter) return [...text];
  return [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);
}
