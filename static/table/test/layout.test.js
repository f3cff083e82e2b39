import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeRoom } from "../demo/fake_room.js";
import {
  CARD_H,
  CARD_W,
  cellIndex,
  contentBounds,
  farPitch,
  fullRows,
  handFan,
  HAND_ROW_STEP,
  handRows,
  handScale,
  handWidth,
  layoutCards,
  layoutCells,
  opponentFan,
  parseCard,
  revealedSpread,
  seatPlaces,
} from "../src/layout.js";

const hands = [
  ["AS", "6S", "7S", "TH", "5D", "7D", "8D", "KC", "2C", "QH", "9S", "3D", "JC"],
  ["2S", "3S", "4S", "5S", "8S", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"],
  ["TS", "JS", "QS", "KS", "9H", "JH", "KH", "AD", "2D", "4D", "6D", "9D", "TD"],
  ["JD", "QD", "KD", "AC", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "QC"],
];

test("it reads card names", () => {
  assert.deepEqual(parseCard("6D"), { joker: false, rank: "6", suit: "D", rankIndex: 5, suitIndex: 2 });
  assert.equal(parseCard("JK").joker, true);
  assert.throws(() => parseCard("1X"));
});

test("it lays the rows out spades to clubs, far to near, A left, 7 middle, K right", () => {
  const view = new FakeRoom({ hands }).view(0);
  const cells = cellIndex(view);
  assert.equal(layoutCells(view).length, 52);
  assert.ok(cells.get("AS").x < cells.get("7S").x && cells.get("7S").x < cells.get("KS").x);
  assert.equal(cells.get("7S").x, 0);
  assert.equal(cells.get("7H").x, 0);
  const z = ["7S", "7H", "7D", "7C"].map((c) => cells.get(c).z);
  assert.deepEqual([...z].sort((a, b) => a - b), z, "rows go ♠♥♦♣ from far to near");
  // Neighbouring spots do not overlap.
  assert.ok(cells.get("8S").x - cells.get("7S").x >= CARD_W);
});

test("it puts the ace right of the king when the ace is high", () => {
  const view = new FakeRoom({ hands, ace: "high" }).view(0);
  const cells = cellIndex(view);
  assert.equal(cells.get("2S").col, 0);
  assert.equal(cells.get("7S").col, 5);
  assert.equal(cells.get("AS").col, 12);
  assert.ok(cells.get("AS").x > cells.get("KS").x);
});

test("it shows the laid 7s and placed cards face up, and marks full rows", () => {
  const view = new FakeRoom({ hands }).view(0);
  assert.deepEqual(layoutCards(view).map((c) => c.card).sort(), ["7C", "7D", "7H", "7S"]);
  view.rows[1].cells[2].state = "placed"; // 3H of an eliminated seat
  const placed = layoutCards(view).find((c) => c.card === "3H");
  assert.equal(placed.state, "placed");
  assert.deepEqual(fullRows(view), []);
  view.rows[3].full = true;
  assert.deepEqual(fullRows(view), [3]);
});

test("it puts a joker lying on the layout in its spot", () => {
  const view = new FakeRoom({ hands }).view(0);
  view.rows[0].cells[5] = { card: "6S", state: "run", joker: true };
  const jk = layoutCards(view).find((c) => c.joker);
  assert.equal(jk.card, "6S");
});

test("it fans the hand centred, left over right, inside the table", () => {
  const fan = handFan(13);
  assert.equal(fan.length, 13);
  assert.ok(Math.abs(fan[0].x + fan[12].x) < 1e-9, "centred");
  for (let i = 1; i < 13; i++) {
    assert.ok(fan[i].x > fan[i - 1].x, "left to right");
    assert.ok(fan[i].y > fan[i - 1].y, "each card above the one on its left");
  }
  const [minX, maxX] = contentBounds();
  assert.ok(fan[0].x - CARD_W / 2 >= minX && fan[12].x + CARD_W / 2 <= maxX);
  assert.deepEqual(handFan(0), []);
  assert.equal(handFan(1)[0].x, 0);
  // 18 cards (3 players) still fit.
  const wide = handFan(18);
  assert.ok(wide[17].x + CARD_W / 2 <= maxX);
});

test("it draws the hand larger on a wide, short canvas, inside the bounds fitted", () => {
  assert.equal(handScale(1440 / 700), handScale(1440 / 700)); // a function of the shape alone
  assert.equal(handScale(1.5), 1, "a desktop's table: as it is");
  const upright = handScale(366 / 438);
  assert.ok(upright > 1.4 && upright <= 1.5, `a phone upright: ${upright}`);
  assert.equal(handScale(1.15), 1, "a square-ish canvas: as it is");
  const sideways = handScale(820 / 378);
  assert.ok(sideways > 1.8 && sideways <= 1.9, `a phone on its side: ${sideways}`);
  assert.equal(handScale(5), 1.9, "capped");
  for (const n of [1, 6, 13, 18]) {
    const plain = handFan(n);
    const big = handFan(n, { scale: sideways });
    assert.ok(big.every((s) => s.scale === sideways));
    if (n > 1) assert.ok(big[n - 1].x - big[0].x > plain[n - 1].x - plain[0].x, "spread wider");
    // The far edge stays where it was (the own name tag and the layout are not covered); the
    // cards grow towards the player, inside the box the camera is fitted to.
    const mid = Math.floor((n - 1) / 2);
    assert.ok(Math.abs(big[mid].z - (sideways * CARD_H) / 2 - (plain[mid].z - CARD_H / 2)) < 0.05);
    const [minX, maxX, , maxZ] = contentBounds(sideways);
    for (const s of big) {
      assert.ok(s.x - (sideways * CARD_W) / 2 >= minX && s.x + (sideways * CARD_W) / 2 <= maxX, "inside sideways");
      assert.ok(s.z + (sideways * CARD_H) / 2 <= maxZ, "inside towards the player");
    }
  }
  assert.ok(contentBounds(sideways)[3] > contentBounds()[3]);
  // Upright the cards grow, but the hand spreads no wider than the layout: the width is what
  // the table's size on such a screen depends on.
  const narrow = handWidth(upright, 366 / 438);
  const [layoutMin, layoutMax] = contentBounds();
  assert.ok(narrow <= layoutMax - layoutMin, `${narrow}`);
  assert.deepEqual(contentBounds(upright, narrow).slice(0, 2), contentBounds().slice(0, 2));
  for (const n of [13, 18]) {
    const big = handFan(n, { scale: upright, maxWidth: narrow });
    const plain = handFan(n);
    assert.ok(big[n - 1].x - big[0].x + upright <= narrow + 1e-9, "no wider than allowed");
    assert.ok(big[1].x - big[0].x > plain[1].x - plain[0].x, "each card shows more of itself");
  }
  assert.deepEqual(contentBounds(1), contentBounds());
});

test("on a phone upright a long hand takes two rows, each card showing more of itself", () => {
  const aspect = 340 / 446; // the canvas of a 360 px wide phone
  assert.equal(handRows(aspect, 3), 2, "three players: 17 or 18 cards");
  assert.equal(handRows(aspect, 4), 1, "four: 13, or 14 with the joker, show enough in one row");
  assert.equal(handRows(1.5, 3), 1, "a desktop: one row");
  assert.equal(handRows(820 / 378, 3), 1, "a phone on its side: one row");
  const scale = handScale(aspect);
  const maxWidth = handWidth(scale, aspect);
  const [minX, maxX, , maxZ] = contentBounds(scale, maxWidth, 2);
  const fitted = { scale, maxWidth, rows: 2 };
  assert.ok(maxZ > contentBounds(scale, maxWidth)[3], "room for a second row");
  const gap = (row) => Math.min(...row.slice(1).map((s, i) => s.x - row[i].x));
  for (const n of [15, 16, 17, 18]) {
    const one = handFan(n, { scale, maxWidth });
    const two = handFan(n, fitted);
    assert.equal(two.length, n);
    const back = two.filter((s) => s.behind);
    const front = two.filter((s) => !s.behind);
    // In hand order: the first half behind, the rest in front, each card above those before it.
    assert.equal(back.length, Math.ceil(n / 2));
    assert.ok(two.slice(0, back.length).every((s) => s.behind));
    for (let i = 1; i < n; i++) assert.ok(two[i].y > two[i - 1].y, "each card above the ones before it");
    for (const row of [back, front]) {
      assert.ok(Math.abs(row[0].x + row[row.length - 1].x) < 1e-9, "each row centred");
      assert.ok(gap(row) > gap(one) * 1.3, `${n} cards: ${gap(row)} against ${gap(one)} in one row`);
    }
    // The back row lies where one row does (the gap before the layout, where the name tag may
    // stand, stays); the front one nearer the player by the step, which leaves the back row's
    // index corners and a strip uncovered, inside the box the camera is fitted to (below).
    const mid = back[Math.floor((back.length - 1) / 2)];
    const plain = one[Math.floor((n - 1) / 2)];
    assert.ok(Math.abs(mid.z - plain.z) < 0.05);
    assert.ok(Math.abs(front[0].z - back[0].z - HAND_ROW_STEP * scale) < 0.05);
    for (const s of two) {
      assert.ok(s.x - (scale * CARD_W) / 2 >= minX && s.x + (scale * CARD_W) / 2 <= maxX, "inside");
      assert.ok(s.z + (scale * CARD_H) / 2 <= maxZ, "inside towards the player");
    }
  }
  // A hand that shows enough of each card in one row keeps it, and one row is one row.
  for (const n of [1, 6, 12]) assert.ok(handFan(n, fitted).every((s) => !s.behind), `${n} cards`);
  assert.ok(handFan(18, { scale, maxWidth }).every((s) => !s.behind));
});

test("a hand that fits loosely in one row keeps it, on a canvas only a little tall too", () => {
  // Between a phone upright and a desktop (a canvas a little taller than wide: a square window)
  // the cards are drawn a little larger, so one row's loosest spacing (0.78 of a card at that
  // scale) is itself under TWO_ROWS_BELOW: every hand of two cards or more was split, 2 cards into
  // 1 + 1, and four players' hands of 10 into two rows of 5.
  for (let aspect = 0.5; aspect < 1.15; aspect += 0.01) {
    const scale = handScale(aspect);
    const maxWidth = handWidth(scale, aspect);
    for (const players of [3, 4]) {
      const rows = handRows(aspect, players);
      for (let n = 1; n <= Math.ceil(53 / players); n++) {
        const two = handFan(n, { scale, maxWidth, rows });
        const behind = two.filter((s) => s.behind).length;
        if (!behind) continue;
        const one = handFan(n, { scale, maxWidth });
        const gap = (row) => Math.min(...row.slice(1).map((s, i) => s.x - row[i].x));
        const where = `${n} cards, ${players} players, aspect ${aspect.toFixed(2)}`;
        // Split only where one row is squeezed by the width, and two show clearly more of each.
        assert.ok(gap(two.slice(0, behind)) > gap(one) * 1.15, where);
        assert.ok(gap(two.slice(behind)) > gap(one) * 1.15 || n - behind === 1, where);
      }
    }
  }
  const square = 576 / 524; // the canvas of a 600 x 800 window
  assert.equal(handRows(square, 4), 1, "four players: 13 or 14 cards fit");
  assert.equal(handRows(square, 3), 2, "three: 18 cards do not");
  const scale = handScale(square);
  const fitted = { scale, maxWidth: handWidth(scale, square), rows: 2 };
  for (const n of [2, 5, 10, 13]) assert.ok(handFan(n, fitted).every((s) => !s.behind), `${n} cards`);
  assert.ok(handFan(18, fitted).some((s) => s.behind));
});

test("a hand in two rows keeps them as it shrinks while one row would show less of each card", () => {
  // At 14 cards the hand went back to one row, each card a strip of 20 px to press on a 360 px
  // phone, against 26 in two rows at 15 and 22 for 4 players' longest hand: the narrowest a
  // 3-player game showed. Two rows stay down to 13 cards; one row of 12 shows about 24 px.
  for (const aspect of [336 / 412, 366 / 438, 388 / 456]) { // the canvases of 360, 390, 412 px phones
    const scale = handScale(aspect);
    const fitted = { scale, maxWidth: handWidth(scale, aspect), rows: handRows(aspect, 3) };
    assert.equal(fitted.rows, 2);
    for (let n = 2; n <= 18; n++) {
      const fan = handFan(n, fitted);
      const narrowest = Math.min(...fan.slice(1).map((s, i) => (s.behind === fan[i].behind ? s.x - fan[i].x : Infinity)));
      assert.ok(narrowest >= 1, `${n} cards at ${aspect.toFixed(2)}: ${narrowest.toFixed(3)} of each card shown`);
      assert.equal(fan.some((s) => s.behind), n >= 13, `${n} cards: two rows from 13 up`);
    }
  }
});

test("it seats the viewer near and the others along the far side in turn order", () => {
  const places = seatPlaces(4, 2);
  assert.equal(places[2].near, true);
  const far = [3, 0, 1].map((s) => places[s]);
  assert.ok(far.every((p) => !p.near && p.z < places[2].z));
  assert.ok(far[0].x < far[1].x && far[1].x < far[2].x, "the next seat sits on the left");
  const three = seatPlaces(3, 0);
  assert.ok(three[1].x < 0 && three[2].x > 0);
  // A watcher sees seat 0 at the near edge.
  assert.equal(seatPlaces(4, null)[0].near, true);
});

test("every viewer's far seats are one pitch apart, the room each far tag has", () => {
  // Seat 1 of 4 sees seats 2, 3, 0 from left to right: the places come in seat order, so the
  // first two far ones (0 and 2) are the two ends. The tags were sized for twice the room and
  // overlapped on a phone upright.
  const pitch = farPitch(seatPlaces(4, 0));
  assert.ok(pitch > 0);
  for (const me of [0, 1, 2, 3]) assert.equal(farPitch(seatPlaces(4, me)), pitch, `seat ${me}`);
  for (const me of [0, 1, 2]) assert.equal(farPitch(seatPlaces(3, me)), farPitch(seatPlaces(3, 0)), `seat ${me} of 3`);
});

test("it stacks a far hand as a row of backs around its seat", () => {
  const place = seatPlaces(4, 0)[2];
  const backs = opponentFan(5, place);
  assert.equal(backs.length, 5);
  assert.ok(Math.abs((backs[0].x + backs[4].x) / 2 - place.x) < 1e-9);
  // A revealed hand is spread wider, so each index shows, and still inside the table.
  const shown = opponentFan(5, place, revealedSpread(5));
  assert.ok(shown[1].x - shown[0].x > backs[1].x - backs[0].x);
  const [minX, maxX] = contentBounds();
  const wide = opponentFan(13, seatPlaces(4, 0)[3], revealedSpread(13));
  assert.ok(wide[12].x + CARD_W / 2 <= maxX && wide[0].x - CARD_W / 2 >= minX);
});

test("it tells the four suits apart in the four-colour option", async () => {
  const { suitColour } = await import("../src/faces.js");
  const two = ["S", "H", "D", "C"].map((s) => suitColour(s, false));
  const four = ["S", "H", "D", "C"].map((s) => suitColour(s, true));
  assert.equal(new Set(two).size, 2, "two colours: black and red");
  assert.equal(two[0], two[3]);
  assert.equal(two[1], two[2]);
  assert.equal(new Set(four).size, 4, "four colours: one per suit");
});
