import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeRoom } from "../demo/fake_room.js";
import {
  arrivals,
  brightCards,
  choosesCards,
  isNewDeal,
  jokerSwap,
  keptSelection,
  litSpots,
  ordinal,
  passLabel,
  playableCards,
  playsThisRound,
  pressCard,
  pressSpot,
  seatTag,
  selectionAction,
  tagLine,
  tagName,
} from "../src/play.js";

const hands = [
  ["AS", "6S", "7S", "TH", "5D", "7D", "8D", "KC", "2C", "QH", "9S", "3D", "JC"],
  ["2S", "3S", "4S", "5S", "8S", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"],
  ["TS", "JS", "QS", "KS", "9H", "JH", "KH", "AD", "2D", "4D", "6D", "9D", "TD"],
  ["JD", "QD", "KD", "AC", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "QC"],
];

function jokerView() {
  // Seat 0 holds the joker and 4D; 5D is the next diamond below the 6D.
  const view = new FakeRoom({ hands }).view(0);
  view.hand = ["6S", "4D", "JK"];
  view.legal = [
    { type: "play", card: "6S" },
    { type: "joker", spot: "5D", card: "4D" },
    { type: "pass" },
  ];
  return view;
}

test("it lights only the cards playable now, and their spots", () => {
  const view = new FakeRoom({ hands }).view(0);
  assert.equal(view.turn, 0, "seat 0 laid the 7 of diamonds");
  assert.deepEqual([...playableCards(view)].sort(), ["6S", "8D"]);
  assert.deepEqual([...litSpots(view)].sort(), ["6S", "8D"]);
});

test("it lights nothing when it is not the viewer's turn", () => {
  const room = new FakeRoom({ hands });
  room.apply(0, { action: "pass" });
  const view = room.view(0);
  assert.equal(playableCards(view).size, 0);
  assert.equal(litSpots(view).size, 0);
  assert.equal(litSpots(room.view(null)).size, 0, "a watcher sees nothing lit");
});

test("it dims the hand as the panel does: on the turn, what a move plays; else, what the rows need next", () => {
  const room = new FakeRoom({ hands });
  const view = room.view(0);
  assert.deepEqual([...brightCards(view)].sort(), ["6S", "8D"]);
  // The joker and a card only it can bring in are both bright, before the joker is lifted.
  assert.deepEqual([...brightCards(jokerView())].sort(), ["4D", "6S", "JK"]);
  // Between its turns: the cards of its hand the rows take next (what it may choose ahead).
  room.apply(0, { action: "pass" });
  const waiting = room.view(0);
  const next = waiting.rows.flatMap((r) => r.cells).filter((c) => c.state === "next").map((c) => c.card);
  assert.ok(next.length > 0);
  const bright = brightCards(waiting);
  assert.deepEqual([...bright].sort(), [...next].sort());
  assert.ok(bright.has("6S") && bright.has("8D") && !bright.has("KC"), "6S and 8D fit next; KC does not");
  // A watcher has no hand to dim; a hand left at the round's end, or by a seat out of the round
  // (dropped out holding the joker), has nothing to play: all dimmed, as in the panel.
  assert.equal(brightCards(room.view(null)), null);
  assert.equal(brightCards({ ...waiting, over: true }).size, 0);
  const seats = waiting.seats.map((s, i) => (i === 0 ? { ...s, status: "dropped" } : s));
  assert.equal(brightCards({ ...waiting, seats }).size, 0);
});

test("it lights the one spot where the lifted card lands", () => {
  const view = new FakeRoom({ hands }).view(0);
  assert.deepEqual([...litSpots(view, ["8D"])], ["8D"]);
  assert.deepEqual([...litSpots(view, ["KC"])], [], "an unplayable card lights no spot");
});

test("it lifts one card at a time, and a second press puts it back", () => {
  const view = new FakeRoom({ hands }).view(0);
  let sel = pressCard(view, [], "6S");
  assert.deepEqual(sel, ["6S"]);
  sel = pressCard(view, sel, "8D");
  assert.deepEqual(sel, ["8D"]);
  assert.deepEqual(pressCard(view, sel, "8D"), []);
  assert.deepEqual(selectionAction(view, ["8D"]), { action: "play", card: "8D", spot: null });
  assert.equal(selectionAction(view, []), null);
});

test("it presses the joker together with the card that follows it", () => {
  const view = jokerView();
  assert.ok(playableCards(view).has("JK"));
  assert.ok(!playableCards(view).has("4D"), "4D alone cannot be played");
  let sel = pressCard(view, [], "JK");
  assert.deepEqual(sel, ["JK"]);
  assert.ok(playableCards(view, sel).has("4D"), "with the joker lifted, 4D can follow");
  assert.deepEqual([...litSpots(view, sel)], ["5D"]);
  sel = pressCard(view, sel, "4D");
  assert.deepEqual(sel, ["JK", "4D"]);
  assert.deepEqual([...litSpots(view, sel)].sort(), ["4D", "5D"]);
  assert.deepEqual(selectionAction(view, sel), { action: "joker", card: "4D", spot: "5D" });
  // Card first, then the joker: the same pair.
  assert.deepEqual(pressCard(view, ["4D"], "JK"), ["JK", "4D"]);
  // Dropping the joker keeps the card.
  assert.deepEqual(pressCard(view, ["JK", "4D"], "JK"), ["4D"]);
});

test("a press on a spot chooses the move that fills it, and a second press plays it", () => {
  const view = new FakeRoom({ hands }).view(0);
  assert.deepEqual(pressSpot(view, [], "8D"), { selection: ["8D"], play: false, spot: null });
  assert.deepEqual(pressSpot(view, ["8D"], "8D"), { selection: ["8D"], play: true, spot: null });
  // Another spot a move fills: that move instead, not played yet.
  assert.deepEqual(pressSpot(view, ["8D"], "6S"), { selection: ["6S"], play: false, spot: null });
  // A spot no move fills changes nothing.
  assert.equal(pressSpot(view, [], "KC"), null);
  assert.equal(pressSpot(view, ["8D"], "9D"), null);
  // Not the viewer's turn: no spot does anything.
  const room = new FakeRoom({ hands });
  room.apply(0, { action: "pass" });
  assert.equal(pressSpot(room.view(0), [], "8D"), null);
});

test("a press on a joker's spot chooses the joker and the card beyond it", () => {
  const view = jokerView();
  assert.deepEqual(pressSpot(view, [], "5D"), { selection: ["JK", "4D"], play: false, spot: "5D" });
  assert.deepEqual(pressSpot(view, ["JK"], "5D"), { selection: ["JK", "4D"], play: false, spot: "5D" });
  // Both spots of the pair are lit: either plays it.
  assert.deepEqual(pressSpot(view, ["JK", "4D"], "5D"), { selection: ["JK", "4D"], play: true, spot: "5D" });
  assert.deepEqual(pressSpot(view, ["JK", "4D"], "4D"), { selection: ["JK", "4D"], play: true, spot: null });
  assert.deepEqual(selectionAction(view, ["JK", "4D"]), { action: "joker", card: "4D", spot: "5D" });
});

// Clubs 7…8 and A…6 on the table, 10♣ and Q♣ placed by an eliminated seat, A and K joined: J♣
// can follow the joker on 9♣ (then 10♣) or on K♣ (then Q♣).
function twoSpotView() {
  const view = jokerView();
  view.hand = ["JC", "JK", "9S"];
  view.legal = [
    { type: "joker", spot: "9C", card: "JC" },
    { type: "joker", spot: "KC", card: "JC" },
    { type: "pass" },
  ];
  return view;
}

test("where the card could follow the joker on two spots, the spot pressed is the joker's", () => {
  const view = twoSpotView();
  assert.deepEqual([...litSpots(view)].sort(), ["9C", "KC"]);
  // The first press chooses the joker, the card and the joker's spot; a second press there plays.
  const first = pressSpot(view, [], "KC");
  assert.deepEqual(first, { selection: ["JK", "JC"], play: false, spot: "KC" });
  assert.deepEqual(selectionAction(view, first.selection, first.spot), { action: "joker", card: "JC", spot: "KC" });
  // The spot chosen is the one lit, with the card's own; chosen from the hand, both are.
  assert.deepEqual([...litSpots(view, first.selection, first.spot)].sort(), ["JC", "KC"]);
  assert.deepEqual([...litSpots(view, first.selection)].sort(), ["9C", "JC", "KC"]);
  assert.deepEqual([...litSpots(view, first.selection, "5D")].sort(), ["9C", "JC", "KC"], "not a spot of this card");
  assert.deepEqual(pressSpot(view, first.selection, "KC", first.spot), { selection: ["JK", "JC"], play: true, spot: "KC" });
  // The other spot, pressed next, plays there instead; the card's own spot keeps the one chosen.
  assert.deepEqual(pressSpot(view, first.selection, "9C", first.spot), { selection: ["JK", "JC"], play: true, spot: "9C" });
  assert.deepEqual(pressSpot(view, first.selection, "JC", first.spot), { selection: ["JK", "JC"], play: true, spot: "KC" });
  // Chosen from the hand, nothing says where: no spot, and the panel asks.
  assert.deepEqual(selectionAction(view, ["JK", "JC"]), { action: "joker", card: "JC", spot: null });
  assert.deepEqual(selectionAction(view, ["JK", "JC"], "5D"), { action: "joker", card: "JC", spot: null });
});

test("it shows the passes left on the Pass button", () => {
  const view = new FakeRoom({ hands }).view(0);
  assert.equal(passLabel(view), "Pass (3 left)");
  view.seats[0].passes_left = null;
  assert.equal(passLabel(view), "Pass");
});

test("it offers Play and Pass only to a seat still holding cards in a round not over", () => {
  const view = new FakeRoom({ hands }).view(0);
  assert.equal(playsThisRound(view), true);
  view.turn = 1; // waiting for another seat still counts: the buttons stay, disabled
  assert.equal(playsThisRound(view), true);
  view.seats[0].status = "finished";
  assert.equal(playsThisRound(view), false);
  view.seats[0].status = "eliminated";
  assert.equal(playsThisRound(view), false);
  view.seats[0].status = "playing";
  view.over = true;
  assert.equal(playsThisRound(view), false);
  view.over = false;
  view.status = "closed"; // an operator or the idle sweep closed the room
  assert.equal(playsThisRound(view), false);
  const watcher = new FakeRoom({ hands }).view(null);
  assert.equal(playsThisRound(watcher), false);
});

test("it tags each seat with colour, name, count, passes, place, the glow and the low flag", () => {
  const room = new FakeRoom({ hands });
  const view = room.view(0);
  const tag = seatTag(view, 0);
  assert.equal(tag.name, "Ann");
  assert.equal(tag.you, true);
  assert.equal(tag.acting, true);
  assert.equal(seatTag(view, 1).acting, false);
  assert.equal(tag.low, false);
  view.seats[2].cards = 2;
  assert.equal(seatTag(view, 2).low, true);
  assert.equal(tagLine(seatTag(view, 1)), "12 cards · 3 passes");
  view.seats[3].place = 1;
  view.seats[3].status = "finished";
  assert.equal(tagLine(seatTag(view, 3)), "finished");
  assert.equal(seatTag(view, 3).place, 1);
  // at the round's end the seats that did not go out have places too, and say what became of them
  Object.assign(view.seats[1], { place: 4, status: "eliminated" });
  Object.assign(view.seats[2], { place: 3, status: "playing", cards: 1, passes_left: 0 });
  assert.equal(tagLine(seatTag(view, 1)), "lost");
  assert.equal(tagLine(seatTag(view, 2)), "1 card · 0 passes");
  view.seats[2].passes_left = null; // no limit: nothing to count
  assert.equal(tagLine(seatTag(view, 2)), "1 card");
  assert.equal(seatTag(view, 2).low, true);
  view.over = true; // the place badge, not the low-card flag, once the round is over
  assert.equal(seatTag(view, 2).low, false);
  assert.equal(seatTag(view, 2).place, 3);
  assert.deepEqual([1, 2, 3, 4, 11, 22].map(ordinal), ["1st", "2nd", "3rd", "4th", "11th", "22nd"]);
});

test("where the first out wins and the others pay for their cards, the winner's tag says won", () => {
  const room = new FakeRoom({ hands });
  const view = room.view(0);
  Object.assign(view.seats[3], { place: 1, status: "finished", cards: 0 });
  view.rules = { sevens: "played", players: 4, rounds: 1, round_end: "first_out", scoring: "cards_left" };
  assert.equal(tagLine(seatTag(view, 3)), "won");
  assert.equal(seatTag(view, 3).place, 1);
  view.rules = { ...view.rules, scoring: "rank_points" }; // places give the points: "finished"
  assert.equal(tagLine(seatTag(view, 3)), "finished");
  view.rules = { ...view.rules, scoring: "cards_left", round_end: "last_player" };
  assert.equal(tagLine(seatTag(view, 3)), "finished");
});

test("it knows which seat each new layout card came from", () => {
  const room = new FakeRoom({ hands });
  const first = room.view(0);
  assert.equal(isNewDeal(null, first), true, "a fresh round is dealt");
  room.apply(0, { action: "play", card: "8D" });
  room.cpuMove();
  const second = room.view(0);
  assert.equal(isNewDeal(first, second), false);
  const got = arrivals(first, second);
  assert.deepEqual(got.find((a) => a.card === "8D"), { card: "8D", seat: 0 });
  assert.equal(got.length, 2);
  assert.ok(got.filter((a) => a.card !== "8D").every((a) => a.seat === 1));
  // A resync with no common history: cards come from the centre.
  assert.deepEqual(arrivals(null, first).map((a) => a.seat).sort(), [0, 0, 1, 3]);
});

test("it finds the joker swap: laid on a spot, the card beyond, the holder redeeming", () => {
  const room = new FakeRoom({ hands });
  const prev = room.view(0);
  const next = structuredClone(prev);
  next.history.push(
    { seat: 0, type: "joker", spot: "6D", card: "5D" },
    { seat: 2, type: "redeem", card: "6D" },
  );
  assert.deepEqual(jokerSwap(prev, next), { seat: 0, spot: "6D", card: "5D", holder: 2 });
  assert.equal(jokerSwap(prev, prev), null);
  assert.equal(jokerSwap(null, next), null);
});

test("between the viewer's turns a card may be chosen ahead, as in the panel, and is kept", () => {
  const view = new FakeRoom({ hands }).view(0);
  const theirs = { ...view, turn: 1, legal: [] };
  assert.equal(choosesCards(theirs), true);
  // A card chosen ahead stays chosen across the others' moves, while it is still in the hand.
  assert.deepEqual(keptSelection(theirs, ["6S"]), ["6S"]);
  assert.deepEqual(keptSelection({ ...theirs, hand: theirs.hand.filter((c) => c !== "6S") }, ["6S"]), []);
  // Nothing to choose for a watcher, at a round's end, behind a hot-seat curtain, or out of cards.
  for (const other of [
    { ...theirs, seat: null, hand: null },
    { ...theirs, over: true },
    { ...theirs, curtain: 0 },
    { ...theirs, hand: [] },
    { ...theirs, seats: theirs.seats.map((s, i) => (i === 0 ? { ...s, status: "eliminated" } : s)) },
  ]) {
    assert.equal(choosesCards(other), false);
    assert.deepEqual(keptSelection(other, ["6S"]), []);
  }
});

test("a seat the computer holds for someone says so on its tag: away, or a free seat", () => {
  const room = new FakeRoom({ hands });
  const view = room.view(0);
  view.seats[1].mark = "away";
  view.seats[2].mark = "free";
  assert.equal(tagName(seatTag(view, 1)), "Aki (away)");
  assert.equal(tagName(seatTag(view, 2)), "Free seat");
  assert.equal(tagName(seatTag(view, 3)), view.names[3]);
  assert.equal(tagName(seatTag(view, 0)), "Ann (you)");
});

test("a friend whose connection went is said offline on their tag, never to themselves", () => {
  const room = new FakeRoom({ hands });
  const view = room.view(0);
  view.seats[3].mark = "offline";
  assert.equal(tagName(seatTag(view, 3)), `${view.names[3]} (offline)`);
  assert.equal(seatTag(view, 3).away, false);
  view.seats[0].mark = "offline";
  assert.equal(tagName(seatTag(view, 0)), "Ann (you)");
});

test("a tag's name may be given shortened, the words around it kept", () => {
  const room = new FakeRoom({ hands });
  const view = room.view(0);
  view.seats[3].mark = "offline";
  view.seats[2].mark = "away";
  assert.equal(tagName(seatTag(view, 3), "Benj…"), "Benj… (offline)");
  assert.equal(tagName(seatTag(view, 2), "Cai…"), "Cai… (away)");
  assert.equal(tagName(seatTag(view, 0), "An…"), "An… (you)");
  assert.equal(tagName(seatTag(view, 1), "Bo…"), "Bo…");
});
