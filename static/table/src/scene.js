// The WebGL table: three.js meshes placed from layout.js, lit from play.js, moved by tween.js.
// It draws only when something changed or moves (render on demand).

import {
  AdditiveBlending,
  CanvasTexture,
  Group,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Plane,
  PlaneGeometry,
  Raycaster,
  SRGBColorSpace,
  Scene,
  Vector2,
  Vector3,
  WebGLRenderer,
} from "three";

import { drawBack, drawFace, drawFelt, drawGlow, drawSpots, faceWidth } from "./faces.js";
import {
  CARD_H,
  CARD_W,
  COL_PITCH,
  JOKER,
  ROW_PITCH,
  cellIndex,
  cellPosition,
  contentBounds,
  farPitch,
  fullRows,
  handFan,
  handRows,
  handScale,
  handWidth,
  HAND_Z,
  OPPONENT_Z,
  layoutCards,
  layoutCells,
  opponentFan,
  revealedSpread,
  seatPlaces,
} from "./layout.js";
import { arrivals, brightCards, isNewDeal, jokerSwap, litSpots } from "./play.js";
import { Tags } from "./tags.js";
import { Tweens, place } from "./tween.js";

// Every material is the same kind (a transparent, alpha-tested, textured basic material), so the
// whole table needs one shader program: compiling shaders is most of the first frame's cost with
// software WebGL.
function material(params) {
  return new MeshBasicMaterial({ transparent: true, alphaTest: 0.02, ...params });
}

function drawWhite() {
  const c = document.createElement("canvas");
  c.width = c.height = 4;
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 4, 4);
  return c;
}

// Everything is transparent (see material()), so the flat layers are drawn in this order, under
// the cards (renderOrder 0), whatever their distance to the camera.
const LAYER = { felt: -3, marks: -2, glow: -1 };

const VIEWS = { angled: (52 * Math.PI) / 180, top: (89.9 * Math.PI) / 180 };
// How far a drag turns the table (radians): slightly, as the rules say. At 0.35 a drag turned it
// 20°, and the hand slid under Play and Pass and off the canvas; 4° keeps the hands, the layout and
// the name tags on the canvas and clear of the bar, on a phone held either way too
// (tests/browser/test_table3d_tags.py).
export const TURN = { yaw: 0.07, pitch: 0.15 };
const DIM = 0.5;
// A chosen card slides up out of the fan, staying at its height in it: raised above its
// neighbours it hid the index of the card to its right (a touch there took the chosen card), and
// slid further it reached the player's own name tag.
const LIFT = { y: 0, z: -0.4 };
// The room the corner controls take at the canvas's top (CSS pixels): the table is fitted below it.
const MARGIN_TOP = 44;
// The room kept at the canvas's bottom for the bar of buttons (Play, Pass…) as one row, and the
// gap kept above the bar when it takes more (setBar): the table is fitted above it.
const MARGIN_BOTTOM = 60;
const BAR_GAP = 8;

export class Table {
  constructor(canvas, { fourColour = false, reducedMotion = false, onFrame = null, onPlace = null, tagLayer = null } = {}) {
    this.canvas = canvas;
    this.renderer = new WebGLRenderer({ canvas, antialias: true, powerPreference: "high-performance" });
    this.renderer.setClearColor(0x13261c, 1);
    this.dpr = Math.min(window.devicePixelRatio || 1, 2);
    this.renderer.setPixelRatio(this.dpr);
    this.anisotropy = Math.min(4, this.renderer.capabilities.getMaxAnisotropy());
    this.fourColour = fourColour;
    this.reducedMotion = reducedMotion;
    this.onFrame = onFrame;
    // Places what stands over the canvas beside the tags (main.js: the message) on every frame
    // drawn, between the near tag and the far ones (Tags.place): given the near tag's box, it
    // returns its own, which the far tags keep clear of, or null.
    this.onPlace = onPlace;
    this.frames = 0;
    this.tweens = new Tweens();
    this.scene = new Scene();
    this.world = new Group();
    this.scene.add(this.world);
    this.camera = new PerspectiveCamera(34, 1, 0.5, 400);
    this.viewName = "angled";
    this.yaw = 0;
    this.pitch = 0;
    this.margins = { top: MARGIN_TOP, bottom: MARGIN_BOTTOM };
    this.band = 0; // the band kept free at the canvas's top (resize)
    this.handScale = 1; // the near hand's size on this canvas (handScale of its width/height)
    this.handWidth = handWidth(1, 1.5); // the widest it spreads (handWidth)
    this.handRows = 1; // the rows a long hand may take (handRows)
    this.cardGeo = new PlaneGeometry(CARD_W, CARD_H).rotateX(-Math.PI / 2);
    this.textures = new Map();
    this.cards = new Map(); // card name -> face-up mesh
    this.backs = new Map(); // seat -> array of face-down meshes
    this.spots = null; // one mesh carrying every empty spot of the layout
    this.tags = new Tags(tagLayer); // the seats' name tags, page elements over the canvas
    this.glows = [];
    this.rowMarks = [];
    this.view = null;
    this.selection = [];
    this.jokerSpot = null; // the joker's spot the player pressed, for this selection (main.js)
    this.raycaster = new Raycaster();
    this.buildTable();
  }

  texture(key, draw) {
    let t = this.textures.get(key);
    if (!t) {
      t = new CanvasTexture(draw());
      t.colorSpace = SRGBColorSpace;
      t.anisotropy = this.anisotropy;
      this.textures.set(key, t);
    }
    return t;
  }

  faceTexture(name) {
    const width = faceWidth(this.dpr);
    return this.texture(`face:${name}:${this.fourColour}`, () =>
      drawFace(name, { width, fourColour: this.fourColour }),
    );
  }

  buildTable() {
    this.felt = new Mesh(new PlaneGeometry(1, 1).rotateX(-Math.PI / 2), material({ map: this.texture("felt", drawFelt), depthWrite: false }));
    this.felt.renderOrder = LAYER.felt;
    this.world.add(this.felt);
    this.fitFelt();
    const rowWidth = 12 * COL_PITCH + CARD_W + 0.3;
    for (let r = 0; r < 4; r++) {
      const mark = new Mesh(
        new PlaneGeometry(rowWidth, CARD_H + 0.14).rotateX(-Math.PI / 2),
        material({ map: this.texture("white", drawWhite), color: 0xd4af37, opacity: 0.45, depthWrite: false }),
      );
      const { z } = cellPosition(r, 6);
      mark.position.set(0, -0.004, z);
      mark.visible = false;
      mark.renderOrder = LAYER.marks;
      this.world.add(mark);
      this.rowMarks.push(mark);
    }
    this.backMaterial = material({
      map: this.texture("back", () => drawBack({ width: 128 })),
      alphaTest: 0.5,
    });
    this.glowMaterial = material({
      map: this.texture("glow", drawGlow),
      blending: AdditiveBlending,
      depthWrite: false,
    });
  }

  /** The box everything drawn lies in (contentBounds), for the near hand as this canvas draws it. */
  bounds() {
    return contentBounds(this.handScale, this.handWidth, this.handRows);
  }

  /** The felt under everything drawn, the near hand at its present size included. */
  fitFelt() {
    const [minX, maxX, minZ, maxZ] = this.bounds();
    this.felt.scale.set(maxX - minX + 1.2, 1, maxZ - minZ + 0.6);
    this.felt.position.set(0, -0.01, (minZ + maxZ) / 2);
  }

  // ---- the state --------------------------------------------------------------------------

  /** Draws a new seat view: every card slides from where it was to where the view puts it. */
  setState(view, selection = []) {
    const prev = this.view;
    this.view = view;
    if (selection.join() !== this.selection.join()) this.jokerSpot = null; // a new selection forgets it
    this.selection = selection;
    const deal = isNewDeal(prev, view);
    const from = new Map(arrivals(prev, view).map((a) => [a.card, a.seat]));
    // The viewer's seat at the near edge; behind a hot-seat curtain, the seat it waits for.
    const places = (this.places = seatPlaces(view.players, view.seat ?? view.curtain ?? null));
    const sourceOf = (seat) => {
      const p = places.find((q) => q.seat === seat);
      return p ? { x: p.x, y: 0.3, z: p.z, angle: 0 } : { x: 0, y: 0.3, z: -0.9, angle: 0 };
    };
    if (view.players !== prev?.players && this.fitHand()) this.fitCamera(); // handRows: by players
    this.updateSpots(view);
    const targets = this.cardTargets(view, places);
    // The first view of a round already under way (a reload, a watcher arriving) is laid out at
    // once: only the deal and the moves that follow are animated.
    const instant = this.reducedMotion || (!prev && !deal);
    const duration = instant ? 0 : this.tweens.duration;
    let stagger = 0;

    // A joker swap: the joker lands on its spot first, then the redeemed card takes its place
    // and the joker goes to the seat that held that card.
    const swap = jokerSwap(prev, view);
    const cells = cellIndex(view);
    const spotPos = swap && cells.has(swap.spot) ? { ...cells.get(swap.spot), y: 0.05, angle: 0 } : null;
    const later = duration;

    // Face-up cards.
    for (const [name, target] of targets.faces) {
      let mesh = this.cards.get(name);
      let delay = 0;
      if (!mesh) {
        mesh = new Mesh(this.cardGeo, material({ map: this.faceTexture(name), alphaTest: 0.5 }));
        mesh.userData.card = name;
        this.world.add(mesh);
        this.cards.set(name, mesh);
        // A hand turned face up (a hot-seat curtain lifted, a watcher seated) turns over where it
        // lies: such a card came from no seat, and flew in from the layout's middle.
        let start = deal && target.inHand ? { x: 0, y: 0.5, z: -0.9, angle: 0 } : target.inHand && !from.has(name) ? { ...target, y: target.y + 0.4 } : sourceOf(from.get(name));
        if (deal && target.inHand) delay = stagger++ * 20;
        else if (from.has(name)) delay = stagger++ * 60;
        if (spotPos && name === JOKER) {
          start = spotPos; // the viewer redeemed: the joker comes from the spot to the hand
          delay = later;
        }
        place(mesh, start);
      }
      if (spotPos && name === swap.spot) delay = later;
      mesh.userData.inHand = target.inHand;
      mesh.material.color.setScalar(target.dim ? DIM : 1);
      this.tweens.to(mesh, target, { delay, duration });
    }
    for (const [name, mesh] of this.cards) {
      if (targets.faces.has(name)) continue;
      this.cards.delete(name);
      const dispose = () => this.remove(mesh);
      if (name === JOKER && spotPos) {
        // The viewer laid the joker: to the spot, then on to the seat that redeemed it.
        const onward = () => this.tweens.to(mesh, sourceOf(swap.holder), { duration, done: dispose });
        this.tweens.to(mesh, spotPos, { duration, done: onward });
      } else dispose();
    }
    if (spotPos && !this.cards.has(JOKER) && swap.seat !== view.seat && swap.holder !== view.seat) {
      // Between two other seats: a joker crosses the table for the swap.
      const jk = new Mesh(this.cardGeo, material({ map: this.faceTexture(JOKER), alphaTest: 0.5 }));
      this.world.add(jk);
      place(jk, sourceOf(swap.seat));
      const gone = () => this.remove(jk);
      const onward = () => this.tweens.to(jk, sourceOf(swap.holder), { duration, done: gone });
      this.tweens.to(jk, spotPos, { duration, done: onward });
    }

    // Face-down hands.
    for (const [seat, list] of targets.backs) {
      const meshes = this.backs.get(seat) || [];
      while (meshes.length > list.length) this.remove(meshes.pop());
      list.forEach((target, i) => {
        let mesh = meshes[i];
        let delay = 0;
        if (!mesh) {
          mesh = new Mesh(this.cardGeo, this.backMaterial);
          this.world.add(mesh);
          meshes.push(mesh);
          place(mesh, deal ? { x: 0, y: 0.5, z: -0.9, angle: 0 } : target);
          if (deal) delay = i * 20;
        }
        this.tweens.to(mesh, target, { delay, duration });
      });
      this.backs.set(seat, meshes);
    }
    for (const [seat, meshes] of this.backs) {
      if (!targets.backs.has(seat)) {
        meshes.forEach((m) => this.remove(m));
        this.backs.delete(seat);
      }
    }

    this.tags.update(view, places);
    this.updateGlows(view);
    const full = new Set(fullRows(view));
    this.rowMarks.forEach((m, r) => (m.visible = full.has(r)));
    this.requestRender();
  }

  /** Where every visible card goes: face-up cards by name, face-down hands by seat. */
  cardTargets(view, places) {
    const faces = new Map();
    const backs = new Map();
    for (const cell of layoutCards(view)) {
      const name = cell.joker ? JOKER : cell.card;
      // Placed cards of an eliminated seat lie a little askew: apart from the run.
      const askew = cell.state === "placed" ? 0.14 : 0;
      faces.set(name, { x: cell.x, y: 0.01 + (cell.joker ? 0.01 : 0), z: cell.z, angle: askew, inHand: false, dim: false });
    }
    const bright = brightCards(view, this.selection);
    const hand = view.hand || [];
    const scale = this.handScale;
    const fan = { scale, maxWidth: this.handWidth, rows: this.handRows };
    handFan(hand.length, fan).forEach((slot, i) => {
      const name = hand[i];
      const lifted = this.selection.includes(name);
      faces.set(name, {
        x: slot.x,
        y: slot.y + (lifted ? LIFT.y : 0),
        z: slot.z + (lifted ? LIFT.z : 0),
        angle: slot.angle,
        scale,
        inHand: true,
        dim: bright !== null && !bright.has(name),
      });
    });
    for (const p of places) {
      const count = (view.seats?.[p.seat]?.cards) ?? 0;
      if (p.near && view.hand) continue;
      // A cards_left round is over: the losers' hands lie face up where they sat.
      const shown = view.revealed?.[String(p.seat)];
      if (shown && shown.length) {
        const slots = p.near ? handFan(shown.length, fan) : opponentFan(shown.length, p, revealedSpread(shown.length));
        shown.forEach((name, i) => faces.set(name, { ...slots[i], inHand: false, dim: false }));
        continue;
      }
      backs.set(p.seat, p.near ? handFan(count, fan) : opponentFan(count, p));
    }
    return { faces, backs };
  }

  /** The layout's empty spots: one canvas, redrawn only when the row order or a closed side changes. */
  updateSpots(view) {
    const rows = view.rows || [];
    const key = JSON.stringify([this.fourColour, rows.map((r) => [r.suit, r.cells.map((c) => c.card + (c.state === "closed" ? "x" : ""))])]);
    if (!this.spots) {
      const w = 13 * COL_PITCH;
      const d = 4 * ROW_PITCH;
      this.spots = new Mesh(
        new PlaneGeometry(w, d).rotateX(-Math.PI / 2),
        material({ depthWrite: false }),
      );
      const first = cellPosition(0, 0);
      const last = cellPosition(3, 12);
      this.spots.position.set((first.x + last.x) / 2, 0.001, (first.z + last.z) / 2);
      this.spots.renderOrder = LAYER.marks;
      this.world.add(this.spots);
    }
    if (this.spots.userData.key === key) return;
    this.spots.userData.key = key;
    const old = this.spots.material.map;
    const t = new CanvasTexture(
      drawSpots(rows, {
        pxPerUnit: this.dpr > 1.5 ? 140 : 96,
        colPitch: COL_PITCH,
        rowPitch: ROW_PITCH,
        cardW: CARD_W,
        cardH: CARD_H,
        fourColour: this.fourColour,
      }),
    );
    t.colorSpace = SRGBColorSpace;
    t.anisotropy = this.anisotropy;
    this.spots.material.map = t;
    this.spots.material.needsUpdate = true;
    if (old) old.dispose();
  }

  updateGlows(view) {
    const cells = cellIndex(view);
    const lit = [...litSpots(view, this.selection, this.jokerSpot)].filter((c) => cells.has(c));
    while (this.glows.length < lit.length) {
      const g = new Mesh(this.cardGeo, this.glowMaterial);
      g.scale.set(1.22, 1, 1.18);
      g.renderOrder = LAYER.glow;
      this.world.add(g);
      this.glows.push(g);
    }
    this.glows.forEach((g, i) => {
      g.visible = i < lit.length;
      if (g.visible) {
        const c = cells.get(lit[i]);
        g.position.set(c.x, 0.002, c.z);
        g.userData.card = lit[i];
      }
    });
    this.lit = lit;
  }

  /** Where the name tags go on the screen (tags.js tagBox): called on every frame drawn. */
  placeTags() {
    if (!this.size || !this.places || !this.view) return void this.onPlace?.();
    const on = (x, z) => this.screenOf(x, 0, z);
    const rowFar = cellPosition(0, 0).z - CARD_H / 2;
    const rowNear = cellPosition(3, 0).z + CARD_H / 2;
    const n = this.view.hand ? this.view.hand.length : (this.view.seats?.[this.places.find((p) => p.near)?.seat]?.cards ?? 0);
    const fan = handFan(Math.max(1, n), { scale: this.handScale, maxWidth: this.handWidth, rows: this.handRows });
    const handLeft = fan[0].x - (CARD_W * this.handScale) / 2;
    const front = fan[fan.length - 1]; // a card of the front row (the only row, or the second: handRows)
    // The hand going from two rows to one (or back) moves its cards over a tween; the near tag,
    // placed from where they end, glides there with them instead of jumping ahead.
    const twoRows = fan.some((c) => c.behind);
    if (this.tagRows !== undefined && twoRows !== this.tagRows) this.tags.glide(this.tweens.duration);
    this.tagRows = twoRows;
    const pitch = farPitch(this.places);
    const spread = Math.abs(on(pitch, OPPONENT_Z).x - on(0, OPPONENT_Z).x);
    // A table turned by a drag has its edges sloping on the screen: each tag lies along the edge
    // of the layout it stands by, so it stays between the same cards as when straight (level, it
    // covered the layout at one end).
    const slope = (x, z) => {
      const a = on(x - 1, z);
      const b = on(x + 1, z);
      return Math.atan2(b.y - a.y, b.x - a.x);
    };
    const at = (seat, near) => {
      // Tags.update keeps a tag for exactly the seats of this.places.
      const p = this.places.find((q) => q.seat === seat);
      if (!near) {
        return {
          far: true,
          x: on(p.x, p.z).x,
          backs: on(p.x, p.z + CARD_H / 2).y,
          beyond: on(p.x, p.z - CARD_H / 2).y,
          row: on(p.x, rowFar).y,
          angle: slope(p.x, rowFar),
        };
      }
      const angle = slope(0, rowNear);
      const centre = on(0, HAND_Z).x;
      return {
        far: false,
        angle,
        x: centre,
        row: on(0, rowNear).y,
        // With no cards in hand (gone out, or a watcher's empty seat) the gap reaches the hand's middle.
        hand: on(0, n ? HAND_Z - CARD_H / 2 + LIFT.z : HAND_Z).y,
        below: Math.max(on(0, front.z + (CARD_H * this.handScale) / 2).y, on(fan[0].x, front.z + (CARD_H * this.handScale) / 2 + 0.1).y),
        left: on(handLeft, fan[0].z).x,
        middle: on(0, HAND_Z + ((this.handScale - 1) * CARD_H) / 2).y,
        // A card's index (rank over suit: faces.js) takes its top 40%: the lowest the front row's
        // reach, levelled along the tag's slope through the hand's centre (a turned table: the
        // tag is turned as the row is, and the row's lower end is not under the tag's higher one).
        corners: Math.max(
          ...fan.filter((c) => !c.behind).map((c) => {
            const p = on(c.x - CARD_W * c.scale * 0.3, c.z - CARD_H * c.scale * 0.1);
            return p.y - (p.x - centre) * Math.tan(angle);
          }),
        ),
        rows: fan.some((c) => c.behind) ? 2 : 1,
      };
    };
    // The band of the near hand on the screen, its cards' corners as the fan turns them (a card
    // lifted: higher), the layout's near edge above it, across their width (a turned table
    // slopes), and the layout's box: main.js keeps the table's message out of the hand and the
    // layout (onPlace, called as the tags are placed).
    let top = Infinity;
    let bottom = -Infinity;
    let left = Infinity;
    let right = -Infinity;
    for (const c of fan) {
      const cos = Math.cos(c.angle);
      const sin = Math.sin(c.angle);
      for (const [dx, dz] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
        const lx = (dx * CARD_W * c.scale) / 2;
        const lz = (dz * CARD_H * c.scale) / 2;
        const x = c.x + lx * cos + lz * sin;
        const z = c.z - lx * sin + lz * cos;
        for (const p of [on(x, z + LIFT.z), on(x, z)]) {
          top = Math.min(top, p.y);
          bottom = Math.max(bottom, p.y);
          left = Math.min(left, p.x);
          right = Math.max(right, p.x);
        }
      }
    }
    const ends = [cellPosition(3, 0).x - CARD_W / 2, cellPosition(3, 12).x + CARD_W / 2];
    const corners = [on(ends[0], rowFar), on(ends[1], rowFar), on(ends[0], rowNear), on(ends[1], rowNear)];
    const layout = {
      left: Math.min(...corners.map((p) => p.x)),
      right: Math.max(...corners.map((p) => p.x)),
      top: Math.min(...corners.map((p) => p.y)),
      bottom: Math.max(...corners.map((p) => p.y)),
    };
    this.handBand = n ? { row: Math.max(...ends.map((x) => on(x, rowNear).y)), top, bottom, left, right, layout } : null;
    this.tags.place(at, { ...this.size, bar: this.margins.bottom, band: this.band }, spread, this.onPlace);
  }

  /** A new selection: lifts the pressed cards, relights the spots (`spot`: the joker's, chosen). */
  setSelection(selection, spot = null) {
    if (!this.view) return;
    // Set first, so that setState keeps the spot and lights the glows once.
    this.selection = selection;
    this.jokerSpot = spot;
    this.setState(this.view, selection);
  }

  setFourColour(on) {
    this.fourColour = on;
    for (const [name, mesh] of this.cards) {
      mesh.material.map = this.faceTexture(name);
      mesh.material.needsUpdate = true;
    }
    if (this.view) this.setState(this.view, this.selection);
  }

  remove(mesh) {
    this.world.remove(mesh);
    if (mesh.material !== this.backMaterial && mesh.material !== this.glowMaterial) mesh.material.dispose();
  }

  // ---- camera and input -------------------------------------------------------------------

  /** A view by name, set straight: a turn given by dragging is undone. */
  setView(name) {
    this.viewName = name;
    this.pitch = 0;
    this.yaw = 0;
    this.world.rotation.y = 0;
    this.fitCamera();
    this.requestRender();
  }

  /** Turns the table a little (dragging); both angles are clamped (TURN). */
  turn(yaw, pitch) {
    this.yaw = Math.max(-TURN.yaw, Math.min(TURN.yaw, yaw));
    this.pitch = Math.max(-TURN.pitch, Math.min(TURN.pitch, pitch));
    this.world.rotation.y = this.yaw;
    this.placeCamera(this.distance);
    this.requestRender();
  }

  resize(width, height) {
    if (!width || !height) return;
    this.renderer.setSize(width, height, false);
    // A band at the canvas's top may be kept free for the table's message (--table3d-band, set
    // where the canvas is made that much taller: a phone upright, where the message stands at the
    // top and covered the far seats' name tags). The table is drawn below it as on a canvas that
    // much shorter, the same size: the camera's picture is shifted down (a view offset).
    const band = Math.min(height / 4, parseFloat(getComputedStyle(this.canvas).getPropertyValue("--table3d-band")) || 0);
    const picture = height - band;
    this.band = band;
    this.margins.top = MARGIN_TOP + band;
    if (band) this.camera.setViewOffset(width, picture, 0, -band, width, height);
    else this.camera.clearViewOffset();
    this.camera.aspect = width / picture;
    this.camera.updateProjectionMatrix();
    this.size = { width, height };
    this.tags.resized();
    if (this.fitHand() && this.view) {
      this.setState(this.view, this.selection);
      this.tweens.finish();
    }
    this.fitCamera();
    this.requestRender();
  }

  /**
   * The bar of buttons reaches `height` CSS pixels up from the canvas's bottom. Where its buttons
   * go onto a second row (a phone upright: 360 px wide, or longer words), Play, Pass and Hint
   * stood over the lower half of the hand and the player's own name tag: the table is fitted
   * above the bar, whatever its height. One row keeps the margin it always had.
   */
  setBar(height) {
    const bottom = Math.max(MARGIN_BOTTOM, Math.ceil(height) + BAR_GAP);
    if (bottom === this.margins.bottom) return;
    this.margins.bottom = bottom;
    this.fitCamera();
    this.requestRender();
  }

  placeCamera(distance) {
    const [, , minZ, maxZ] = this.bounds();
    const e = Math.min(VIEWS.top, VIEWS[this.viewName] + this.pitch);
    const cz = (minZ + maxZ) / 2;
    this.camera.position.set(0, distance * Math.sin(e), cz + distance * Math.cos(e));
    this.camera.lookAt(0, 0, cz);
    // A tight depth range: software WebGL may give a 16-bit depth buffer, and the layers of the
    // table lie a hundredth of a unit apart.
    const near = Math.max(0.5, distance - 16);
    if (Math.abs(this.camera.near - near) > 1e-6) {
      this.camera.near = near;
      this.camera.far = distance + 16;
      this.camera.updateProjectionMatrix();
    }
    this.camera.updateMatrixWorld();
  }

  /**
   * The near hand's size, spread and rows for this canvas and the view's number of players
   * (handScale, handWidth, handRows); the felt follows. Whether they changed (the camera must be
   * fitted again).
   */
  fitHand() {
    if (!this.size) return false;
    const aspect = this.size.width / (this.size.height - this.band);
    const scale = handScale(aspect);
    const spread = handWidth(scale, aspect);
    const rows = handRows(aspect, this.view?.players);
    if (Math.abs(scale - this.handScale) <= 0.01 && Math.abs(spread - this.handWidth) <= 0.01 && rows === this.handRows) return false;
    this.handScale = scale;
    this.handWidth = spread;
    this.handRows = rows;
    this.fitFelt();
    return true;
  }

  /** The nearest camera from which the whole table fits between the overlay bars. */
  fitCamera() {
    if (!this.size) return;
    const [minX, maxX, minZ, maxZ] = this.bounds();
    const corners = [];
    for (const x of [minX, maxX]) for (const z of [minZ, maxZ]) for (const y of [0, 0.4]) corners.push(new Vector3(x, y, z));
    const top = 1 - (2 * this.margins.top) / this.size.height;
    const bottom = -1 + (2 * this.margins.bottom) / this.size.height;
    const fits = (d) => {
      this.placeCamera(d);
      return corners.every((c) => {
        const p = c.clone().project(this.camera);
        return p.x > -0.97 && p.x < 0.97 && p.y < top && p.y > bottom && p.z < 1;
      });
    };
    let lo = 2;
    let hi = 400;
    for (let i = 0; i < 32; i++) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) hi = mid;
      else lo = mid;
    }
    this.distance = hi;
    this.placeCamera(hi);
  }

  /** The hand card under a point of the canvas (CSS pixels), or null. */
  pick(x, y) {
    if (!this.size) return null;
    const hand = [...this.cards.values()].filter((m) => m.userData.inHand);
    const ndc = new Vector2((x / this.size.width) * 2 - 1, -(y / this.size.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const hits = this.raycaster.intersectObjects(hand, false);
    return hits.length ? hits[0].object.userData.card : null;
  }

  /**
   * The layout spot under a point of the canvas (CSS pixels), or null: the whole tile of the grid
   * around a spot counts, so a finger need not hit the card's own outline.
   */
  pickSpot(x, y) {
    if (!this.size || !this.view) return null;
    const ndc = new Vector2((x / this.size.width) * 2 - 1, -(y / this.size.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const hit = this.raycaster.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), 0), new Vector3());
    if (!hit) return null;
    const local = this.world.worldToLocal(hit);
    const cell = layoutCells(this.view).find(
      (c) => Math.abs(local.x - c.x) <= COL_PITCH / 2 && Math.abs(local.z - c.z) <= ROW_PITCH / 2,
    );
    return cell ? cell.card : null;
  }

  /** Where a world point shows on the canvas, in CSS pixels. */
  screenOf(x, y, z) {
    if (!this.size) return null;
    const v = new Vector3(x, y, z).applyMatrix4(this.world.matrixWorld).project(this.camera);
    return { x: ((v.x + 1) / 2) * this.size.width, y: ((1 - v.y) / 2) * this.size.height };
  }

  /** Screen point of a layout spot, or of a hand card's visible index corner. */
  screenOfSpot(card, dx = 0, dz = 0) {
    const c = this.view && cellIndex(this.view).get(card);
    return c ? this.screenOf(c.x + dx, 0.02, c.z + dz) : null;
  }

  screenOfHandCard(card) {
    const m = this.cards.get(card);
    if (!m || !m.userData.inHand) return null;
    // The top-left quarter of a fanned card is never covered by its neighbour on the right.
    const local = new Vector3(-CARD_W * 0.3 * m.scale.x, 0, -CARD_H * 0.3 * m.scale.z).applyAxisAngle(new Vector3(0, 1, 0), m.rotation.y);
    return this.screenOf(m.position.x + local.x, m.position.y, m.position.z + local.z);
  }

  // ---- drawing ----------------------------------------------------------------------------

  get animating() {
    return this.tweens.active;
  }

  skip() {
    if (!this.tweens.active) return;
    this.tweens.finish();
    this.requestRender();
  }

  /** Draws now rather than at the next animation frame (the first view: no frame to wait for). */
  renderNow() {
    if (this.pending) cancelAnimationFrame(this.pending);
    this.frame(performance.now());
  }

  requestRender() {
    if (this.pending) return;
    this.pending = requestAnimationFrame((t) => this.frame(t));
  }

  frame(now) {
    this.pending = null;
    const moving = this.tweens.step(now);
    this.world.updateMatrixWorld();
    this.placeTags();
    const t0 = performance.now();
    this.renderer.render(this.scene, this.camera);
    this.renderMs = performance.now() - t0; // the first one includes shader and texture set-up
    this.frames += 1;
    if (this.onFrame) this.onFrame(moving);
    if (moving) this.requestRender();
  }
}

