// A stand-in for the server, for the table's demo page and its tests only: a tiny Sevens round
// (7s laid out, unlimited-free passes counted, no joker, no elimination) that produces seat views
// in the shape of games.sevens' seat_view(...).to_dict() plus the room facts of #table-state.
// The real rules live in games/sevens; this only has to look like them.

const SUITS = ["S", "H", "D", "C"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

function rankOrder(ace) {
  return ace === "high" ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0] : RANKS.map((_, i) => i);
}

function sortKey(card) {
  return SUITS.indexOf(card[1]) * 13 + RANKS.indexOf(card[0]);
}

export function sortCards(cards) {
  return [...cards].sort((a, b) => sortKey(a) - sortKey(b));
}

// A small seeded generator, so a demo deal is the same on every load.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export function deal(seed, players = 4) {
  const deck = [];
  for (const s of SUITS) for (const r of RANKS) deck.push(r + s);
  const rand = rng(seed);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const hands = Array.from({ length: players }, () => []);
  deck.forEach((c, i) => hands[i % players].push(c));
  return hands.map(sortCards);
}

export class FakeRoom {
  constructor({ players = 4, seed = 7, hands = null, passLimit = 3, ace = "low", names = null } = {}) {
    this.players = players;
    this.ace = ace;
    this.passLimit = passLimit;
    this.hands = (hands || deal(seed, players)).map(sortCards);
    this.names = names || ["Ann", "Aki", "Bea", "Chen"].slice(0, players);
    this.placed = new Map(); // card -> "run" | "placed"
    this.passesUsed = Array(players).fill(0);
    this.places = Array(players).fill(null);
    this.history = [];
    this.version = 1;
    const laid = {};
    this.turn = 0;
    this.hands.forEach((hand, seat) => {
      const sevens = hand.filter((c) => c[0] === "7");
      if (sevens.length) laid[seat] = sevens;
      for (const c of sevens) this.placed.set(c, "run");
      if (sevens.includes("7D")) this.turn = seat;
      this.hands[seat] = hand.filter((c) => c[0] !== "7");
    });
    this.history.push({ type: "sevens_laid", cards: laid });
  }

  get over() {
    return this.places.filter((p) => p === null).length <= 1;
  }

  rowCells(suit) {
    const order = rankOrder(this.ace);
    const cards = order.map((r) => RANKS[r] + suit);
    const run = cards.map((c) => this.placed.get(c) === "run");
    const seven = cards.findIndex((c) => c[0] === "7");
    let lo = seven;
    let hi = seven;
    if (run[seven]) {
      while (lo > 0 && run[lo - 1]) lo--;
      while (hi < 12 && run[hi + 1]) hi++;
    }
    const next = new Set();
    if (run[seven]) {
      if (lo > 0) next.add(cards[lo - 1]);
      if (hi < 12) next.add(cards[hi + 1]);
    }
    const cells = cards.map((card) => ({
      card,
      state: this.placed.get(card) || (next.has(card) ? "next" : "empty"),
    }));
    return { suit, open: run[seven], full: run.every(Boolean), cells, next: [...next] };
  }

  legalFor(seat) {
    if (this.over || this.turn !== seat) return [];
    const next = new Set(SUITS.flatMap((s) => this.rowCells(s).next));
    const plays = this.hands[seat].filter((c) => next.has(c)).map((card) => ({ type: "play", card }));
    const canPass = this.passLimit === null || this.passesUsed[seat] < this.passLimit;
    return canPass || !plays.length ? [...plays, { type: "pass" }] : plays;
  }

  view(seat) {
    const rules = { players: this.players, sevens: "laid_out", ace: this.ace, pass_limit: this.passLimit, joker: false };
    return {
      seat,
      players: this.players,
      rules,
      dealer: this.players - 1,
      turn: this.over ? null : this.turn,
      over: this.over,
      hand: seat === null ? null : [...this.hands[seat]],
      legal: seat === null ? [] : this.legalFor(seat),
      rows: SUITS.map((s) => this.rowCells(s)),
      seats: this.hands.map((h, i) => ({
        seat: i,
        cards: h.length,
        passes_used: this.passesUsed[i],
        passes_left: this.passLimit === null ? null : Math.max(0, this.passLimit - this.passesUsed[i]),
        status: this.places[i] ? "finished" : "playing",
        place: this.places[i],
      })),
      history: this.history.map((e) => ({ ...e })),
      revealed: null,
      result: null,
      joker_removed: false,
      version: this.version,
      names: this.names,
      kinds: this.names.map((_, i) => (i === seat ? "human" : "cpu")),
      mode: "cpu",
    };
  }

  /** Applies {action, card} for `seat`; returns an error code or null. */
  apply(seat, { action, card }) {
    const legal = this.legalFor(seat);
    if (!legal.length) return "not_your_turn";
    if (action === "pass") {
      if (!legal.some((a) => a.type === "pass")) return "must_play";
      this.passesUsed[seat] += 1;
      this.history.push({ seat, type: "pass" });
    } else {
      if (!legal.some((a) => a.type === "play" && a.card === card)) return "not_next_to_row";
      this.hands[seat] = this.hands[seat].filter((c) => c !== card);
      this.placed.set(card, "run");
      this.history.push({ seat, type: "play", card });
      if (!this.hands[seat].length) {
        this.places[seat] = this.places.filter(Boolean).length + 1;
        this.history.push({ seat, type: "finish", place: this.places[seat] });
      }
    }
    this.version += 1;
    this.advance();
    return null;
  }

  advance() {
    if (this.over) return;
    do this.turn = (this.turn + 1) % this.players;
    while (this.places[this.turn] !== null);
  }

  /** The seat to act plays its first playable card, or passes. */
  cpuMove() {
    const seat = this.turn;
    const legal = this.legalFor(seat);
    const play = legal.find((a) => a.type === "play");
    return this.apply(seat, play ? { action: "play", card: play.card } : { action: "pass" });
  }
}
