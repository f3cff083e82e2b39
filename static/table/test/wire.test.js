import assert from "node:assert/strict";
import { test } from "node:test";

import { expand } from "../src/wire.js";

// As rooms.table.compact_state writes it: seat 1, mid-round, the last move Ben's 5♥.
const wire = {
  version: 23,
  seat: 1,
  players: 4,
  turn: 2,
  status: "playing",
  round: 1,
  names: ["Aki", "Ben", "Chie", "Dan"],
  hand: ["4H", "2D"],
  legal: [],
  ranks: "A23456789TJQK",
  rows: ["!rrrrrrrrrrrrr", "eeenrrrrrneee", "eeeeenrrneeee", "eeeeenrrrneee"],
  seats: [
    [7, 3, "playing", null],
    [7, 3, "playing", null],
    [9, 3, "playing", null],
    [0, 3, "finished", 1],
  ],
  hs: 18,
  history: [{ seat: 1, type: "play", card: "5H" }],
};

test("it expands the rows, the seats and the history of a compact view", () => {
  const view = expand(wire);
  assert.equal(view.rows.length, 4);
  assert.deepEqual(view.rows[0].suit, "S");
  assert.equal(view.rows[0].full, true);
  assert.deepEqual(view.rows[1].cells[3], { card: "4H", state: "next" });
  assert.deepEqual(view.rows[1].cells[6], { card: "7H", state: "run" });
  assert.deepEqual(view.rows[3].cells[12], { card: "KC", state: "empty" });
  assert.deepEqual(view.seats[3], { seat: 3, cards: 0, passes_left: 3, status: "finished", place: 1 });
  assert.equal(view.history.length, 19);
  assert.deepEqual(view.history[18], { seat: 1, type: "play", card: "5H" });
  assert.equal(view.over, undefined);
});

test("it keeps the earlier history from the previous view of the same round", () => {
  const prev = expand(wire);
  prev.history[0] = { type: "sevens_laid" };
  const next = expand({ ...wire, version: 24, hs: 19, history: [{ seat: 2, type: "pass" }] }, prev);
  assert.equal(next.history.length, 20);
  assert.deepEqual(next.history[0], { type: "sevens_laid" });
  assert.deepEqual(next.history[18], { seat: 1, type: "play", card: "5H" });
  const other = expand({ ...wire, round: 2, hs: 0, history: [] }, prev);
  assert.equal(other.history.length, 0);
});

test("it leaves a full view alone and waits for the whole state behind a delta", () => {
  const full = { seat: 0, rows: [{ suit: "S", cells: [] }], history: [] };
  assert.equal(expand(full), full);
  assert.equal(expand({ version: 24, hs: 19, history: [] }), null);
});

test("it reads the legal moves from their words", () => {
  // rooms.table.legal_words: a play is its card, a pass "pass", the joker "<spot>*<card>"
  const view = expand({ ...wire, turn: 1, legal: ["4H", "5D*4D", "pass"] });
  assert.deepEqual(view.legal, [
    { type: "play", card: "4H" },
    { type: "joker", spot: "5D", card: "4D" },
    { type: "pass" },
  ]);
  assert.deepEqual(expand(wire).legal, []);
});

test("a seat's fifth word marks a seat the computer holds for someone", () => {
  const view = expand({ ...wire, seats: [[7, 3, "playing", null, "away"], [7, 3, "playing", null], [9, 3, "playing", null, "free"], [0, 3, "finished", 1]] });
  assert.equal(view.seats[0].mark, "away");
  assert.equal(view.seats[1].mark, undefined);
  assert.equal(view.seats[2].mark, "free");
});
