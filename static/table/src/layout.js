// Where everything lies on the table, computed from a seat view alone (no three.js, no DOM), so
// node can test it. World units: a card is 1 wide and 1.4 long; the table is the x–z plane, the
// near edge (the player's side) is +z, the far side is -z.

export const CARD_W = 1;
export const CARD_H = 1.4;
export const COL_PITCH = 1.08;
export const ROW_PITCH = 1.5;
export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
export const JOKER = "JK";

// The layout sits a little towards the far side, leaving the near band for the hand.
const LAYOUT_Z = -0.9;
export const HAND_Z = 4.3;
const HAND_MAX_WIDTH = 11;
const LAYOUT_WIDTH = 12 * COL_PITCH + CARD_W;
// Below this width/height a canvas is "tall": the table's width fills it (handScale, handWidth).
const TALL = 1.15;
export const OPPONENT_Z = -6.1;
const OPPONENT_SPREAD = 0.17;

/** "6D" -> {rank: "6", suit: "D", rankIndex: 5, suitIndex: 2}; the joker -> {joker: true}. */
export function parseCard(name) {
  if (name === JOKER) return { joker: true, rank: null, suit: null, rankIndex: -1, suitIndex: -1 };
  const rank = name[0];
  const suit = name[1];
  const rankIndex = RANKS.indexOf(rank);
  const suitIndex = SUITS.indexOf(suit);
  if (name.length !== 2 || rankIndex < 0 || suitIndex < 0) throw new Error(`not a card: ${name}`);
  return { joker: false, rank, suit, rankIndex, suitIndex };
}

/** Centre of the layout spot in row `row` (0..3, ♠♥♦♣) and column `col` (0..12, row order). */
export function cellPosition(row, col) {
  return { x: (col - 6) * COL_PITCH, z: LAYOUT_Z + (row - 1.5) * ROW_PITCH };
}

/**
 * Every spot of the layout with its position: the view's rows already list their 13 cells in row
 * order (A…K, or 2…A when the ace is high), so a cell's column is its index.
 */
export function layoutCells(view) {
  const out = [];
  (view.rows || []).forEach((row, r) => {
    const rowIndex = rowOf(row, r);
    row.cells.forEach((cell, col) => {
      const { x, z } = cellPosition(rowIndex, col);
      out.push({
        card: cell.card,
        state: cell.state,
        joker: Boolean(cell.joker) || cell.state === "joker",
        row: rowIndex,
        col,
        x,
        z,
      });
    });
  });
  return out;
}

// Rows are drawn ♠♥♦♣ from far to near whatever order the view lists them in.
function rowOf(row, index) {
  const i = SUITS.indexOf(row.suit);
  return i >= 0 ? i : index;
}

/** card name -> its spot {row, col, x, z}, for the layout of this view. */
export function cellIndex(view) {
  const index = new Map();
  for (const cell of layoutCells(view)) index.set(cell.card, cell);
  return index;
}

/** Cards lying face up on the layout (the run and eliminated seats' placed cards). */
export function layoutCards(view) {
  return layoutCells(view).filter((c) => c.state === "run" || c.state === "placed" || c.joker);
}

/** Rows that are complete, by row index (0..3). */
export function fullRows(view) {
  const out = [];
  (view.rows || []).forEach((row, r) => {
    if (row.full) out.push(rowOf(row, r));
  });
  return out;
}

/**
 * How much larger the near hand is drawn on a canvas of this width/height. A wide, short canvas
 * (a phone on its side) is filled by the table's depth and leaves its sides empty: there the hand
 * grows into them, up to 1.9 times. A tall one (a phone upright) is filled by the table's width
 * and leaves room above and below: there the cards grow towards the player, up to 1.5 times, the
 * hand no wider than the layout (handWidth). In between (a desktop) the hand is drawn as it is.
 */
export function handScale(aspect) {
  if (!(aspect > 0)) return 1;
  if (aspect < TALL) return Math.min(1.5, 1 + (TALL - aspect) * 1.6);
  return Math.min(1.9, Math.max(1, 1 + (aspect - 1.6) * 1.6));
}

/** The widest the near hand may spread at this scale, on a canvas of this width/height. */
export function handWidth(scale, aspect) {
  const wide = HAND_MAX_WIDTH * scale;
  return aspect < TALL ? Math.min(wide, LAYOUT_WIDTH - 0.6) : wide;
}

// A game's hands may take two rows (handRows) when its longest one, in one row, would show less
// of each card than this (world units, whatever the scale), and two rows would show at least
// TWO_ROWS_GAIN times as much of each (crowded): 3 players' 17 or 18 cards on a phone upright,
// not 4 players' 13 or 14.
const TWO_ROWS_BELOW = 0.9;
const TWO_ROWS_GAIN = 1.15;
// A hand allowed two rows takes them while one row would show less of each card than this (and
// two would show clearly more): the first half of the hand behind, the rest in front of it. Down
// to 13 cards (0.99 on a phone upright): at 0.9, 14 cards went back to one row, a strip of 20 px
// to press at 360 px, narrower than two rows had given 15 cards (26) and than 4 players' longest
// hand (22); one row of 12 shows about 24.
const KEEP_TWO_ROWS_BELOW = 1;
// How far the front row lies in front of the back one, at scale 1: the back row's cards keep the
// upper part of their face, their index and a strip as tall as a finger, uncovered. The back row
// lies where a single row does, the front one nearer the player (contentBounds makes room).
export const HAND_ROW_STEP = 0.66 * CARD_H;

/** How much of each card a row of n shows, at this scale, spread at most this wide. */
function rowSpacing(n, scale, maxWidth) {
  return n === 1 ? 0 : Math.min(0.78 * scale, (maxWidth - CARD_W * scale) / (n - 1));
}

/**
 * Whether n cards in one row show too little of each: less than `below`, where two rows would
 * show clearly more (TWO_ROWS_GAIN). On a canvas only a little tall (a square window) the cards
 * are drawn a little larger and even a loose row shows less than that: the rows of half as many
 * cards are no looser there, and two cards were split into two rows.
 */
function crowded(n, scale, maxWidth, below = TWO_ROWS_BELOW) {
  const one = rowSpacing(n, scale, maxWidth);
  return n > 2 && one < below && rowSpacing(Math.ceil(n / 2), scale, maxWidth) >= TWO_ROWS_GAIN * one;
}

/**
 * How many rows the near hand may take on a canvas of this width/height, with this many players:
 * two on a tall one (a phone upright), where the hand spreads no wider than the layout, when the
 * longest hand the game deals would show too little of each card in one row (3 players hold 17
 * or 18 cards: a strip of about 17 CSS pixels to press at 360 px). There the table leaves room
 * for the second row (contentBounds). One elsewhere.
 */
export function handRows(aspect, players = 4) {
  if (!(aspect > 0 && aspect < TALL)) return 1;
  const scale = handScale(aspect);
  const longest = Math.ceil(53 / players); // the joker included
  return crowded(longest, scale, handWidth(scale, aspect)) ? 2 : 1;
}

/**
 * The near hand, fanned: n card transforms along the near edge, centred, overlapping left over
 * right so every card's top-left index corner stays visible. At a `scale` above 1 (handScale)
 * the cards are that much larger, their far edge where it was, so they grow towards the player.
 * With `rows` 2 (handRows) a hand too long for one row is fanned in two, in hand order: the
 * first half where one row lies (`behind`), the second in front of it, each card above the ones
 * before it.
 */
export function handFan(n, { scale = 1, maxWidth = HAND_MAX_WIDTH * scale, z = HAND_Z, rows = 1 } = {}) {
  if (n <= 0) return [];
  const near = z + ((scale - 1) * CARD_H) / 2;
  const out = [];
  const row = (count, dz, behind) => {
    const step = rowSpacing(count, scale, maxWidth);
    const tilt = Math.min(0.045, 0.5 / count);
    for (let j = 0; j < count; j++) {
      const u = j - (count - 1) / 2;
      const x = u * step;
      const i = out.length;
      out.push({ x, y: 0.02 + i * 0.004, z: near + dz + (0.012 * x * x) / scale, angle: -u * tilt, scale, behind });
    }
  };
  if (rows > 1 && crowded(n, scale, maxWidth, KEEP_TWO_ROWS_BELOW)) {
    row(Math.ceil(n / 2), 0, true);
    row(Math.floor(n / 2), HAND_ROW_STEP * scale, false);
  } else {
    row(n, 0, false);
  }
  return out;
}

/** Where seat `seat` sits relative to the viewer: 0 is the viewer (or seat 0 for a watcher). */
export function relativeSeat(seat, mySeat, players) {
  const me = mySeat ?? 0;
  return (seat - me + players) % players;
}

/**
 * The seats around the table: the viewer at the near edge, the others in turn order along the
 * far side from left to right (the next seat to play sits to the viewer's left).
 */
export function seatPlaces(players, mySeat) {
  const others = players - 1;
  // Far seats as far apart with two as with three: their name tags need the room.
  const gap = 5.3;
  const out = [];
  for (let seat = 0; seat < players; seat++) {
    const rel = relativeSeat(seat, mySeat, players);
    if (rel === 0) {
      out.push({ seat, rel, near: true, x: 0, z: HAND_Z });
    } else {
      const x = (rel - 1 - (others - 1) / 2) * gap;
      out.push({ seat, rel, near: false, x, z: OPPONENT_Z });
    }
  }
  return out;
}

/**
 * The distance between two neighbouring far seats along the table (seatPlaces' x): the room one
 * far seat's name tag has. The places come in seat order, which is not the order along the table
 * for a viewer other than seat 0 (seat 1 of 4 sees seats 2, 3, 0 from left to right): the first
 * two of them may be the two ends, twice as far apart.
 */
export function farPitch(places) {
  const xs = places.filter((p) => !p.near).map((p) => p.x).sort((a, b) => a - b);
  if (xs.length < 2) return 6;
  return Math.min(...xs.slice(1).map((x, i) => x - xs[i]));
}

/** A hand of n cards at a far seat: a tight row of backs (wider when shown), centred on the seat. */
export function opponentFan(n, place, spread = OPPONENT_SPREAD) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const u = i - (n - 1) / 2;
    out.push({ x: place.x + u * spread, y: 0.02 + i * 0.003, z: place.z, angle: 0 });
  }
  return out;
}

/** Spacing of a far hand shown face up: as wide as the seat allows (the row at most 2.7 wide). */
export function revealedSpread(n) {
  return n > 1 ? Math.min(0.42, 2.7 / (n - 1)) : 0;
}

/**
 * The box every drawn thing lies in, for fitting the camera: [minX, maxX, minZ, maxZ], with the
 * near hand drawn at `handScale` times its size, in as many rows as `handRows` allows (the box
 * stays as the hand grows or shrinks: the table does not move).
 */
export function contentBounds(handScale = 1, handWidth = HAND_MAX_WIDTH * handScale, handRows = 1) {
  const layoutHalfW = LAYOUT_WIDTH / 2;
  const handHalfW = handWidth / 2;
  return [
    -Math.max(layoutHalfW, handHalfW) - 0.2,
    Math.max(layoutHalfW, handHalfW) + 0.2,
    OPPONENT_Z - CARD_H / 2 - 0.3,
    HAND_Z - CARD_H / 2 + CARD_H * handScale + (handRows - 1) * HAND_ROW_STEP * handScale + 0.6,
  ];
}
