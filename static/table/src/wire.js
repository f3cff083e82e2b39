// The room sends the seat view in few bytes (rooms.table.compact_state); the table works on the
// full view. A view that is already full (the replay and demo pages) passes through unchanged.

const STATES = { e: "empty", r: "run", p: "placed", n: "next", c: "closed" };
const SUITS = "SHDC";

/**
 * The full view of a compact one. The history comes from entry `hs` on: the entries before it are
 * those of the previous view of the same round, or placeholders when there is none (a reload).
 */
export function expand(wire, prev = null) {
  if (!wire || typeof wire !== "object" || !("hs" in wire)) return wire;
  if (!("ranks" in wire)) return null; // a delta's part: panel.js merges it into the whole state
  const ranks = wire.ranks;
  const rows = (wire.rows || []).map((word, r) => ({
    suit: SUITS[r],
    full: word.startsWith("!"),
    cells: [...word.replace("!", "")].map((letter, i) => ({ card: ranks[i] + SUITS[r], state: STATES[letter] || "empty" })),
  }));
  // A fifth word only for a seat the computer holds for someone: "away" (its player may come
  // back) or "free" (its player left it, anyone may take it); or "offline" for a friend whose
  // connection went, the game waiting a moment for them.
  const seats = (wire.seats || []).map(([cards, passesLeft, status, place, mark], seat) => ({
    seat,
    cards,
    passes_left: passesLeft,
    status,
    place,
    ...(mark ? { mark } : {}),
  }));
  const hs = wire.hs || 0;
  const known = prev && prev.round === wire.round && (prev.history || []).length >= hs;
  const earlier = known ? prev.history.slice(0, hs) : Array.from({ length: hs }, () => ({ type: "earlier" }));
  const legal = (wire.legal || []).map(move);
  return { ...wire, rows, seats, legal, history: earlier.concat(wire.history || []) };
}

/** A legal move of the compact view (rooms.table.legal_words) as an action. */
export function move(word) {
  if (word === "pass") return { type: "pass" };
  const [spot, card] = word.split("*");
  return card ? { type: "joker", spot, card } : { type: "play", card: word };
}
