// What lights up and what a press means, from a seat view alone (no three.js, no DOM).
// A selection is an array of at most two card names: [card], [JK], or [JK, card].

import { JOKER } from "./layout.js";

export const LOW_CARDS = 2;

export function isMyTurn(view) {
  return view.seat !== null && view.seat !== undefined && !view.over && view.turn === view.seat;
}

/**
 * Whether the viewer still has moves to make this round: a seat of its own, still holding cards,
 * in a round that is not over. Watchers, a seat that went out or lost, and the end of a round
 * have no Play or Pass to show.
 */
export function playsThisRound(view) {
  if (view.seat === null || view.seat === undefined || view.over || view.status === "closed") return false;
  const seat = (view.seats || [])[view.seat] || {};
  return (seat.status || "playing") === "playing";
}

/**
 * Whether the viewer may choose cards in the hand: on their turn, and between their turns while
 * they still play the round, as in the panel, which keeps a card chosen ahead for the turn to
 * come. Not behind a hot-seat curtain.
 */
export function choosesCards(view) {
  const curtain = view.curtain !== undefined && view.curtain !== null;
  return playsThisRound(view) && !curtain && (view.hand || []).length > 0;
}

/** The selection kept across a new view: the cards still in the hand, while the viewer chooses. */
export function keptSelection(view, selection) {
  if (!choosesCards(view)) return [];
  const hand = new Set(view.hand);
  return selection.filter((c) => hand.has(c));
}

function legal(view) {
  return isMyTurn(view) ? view.legal || [] : [];
}

export function legalPlays(view) {
  return legal(view).filter((a) => a.type === "play");
}

export function jokerActions(view) {
  return legal(view).filter((a) => a.type === "joker");
}

export function canPass(view) {
  return legal(view).some((a) => a.type === "pass");
}

/** The hand cards shown bright: those playable now (the joker when it has a move). */
export function playableCards(view, selection = []) {
  const out = new Set(legalPlays(view).map((a) => a.card));
  const jokers = jokerActions(view);
  if (jokers.length) out.add(JOKER);
  // With the joker lifted, the cards that can follow it are playable too.
  if (selection.includes(JOKER)) for (const a of jokers) out.add(a.card);
  return out;
}

/**
 * The hand cards shown bright, as the panel shows them (rooms.table.hand), or null when no hand
 * is shown (a watcher, a hot-seat curtain): on the viewer's turn every card a move can play, with
 * the joker or not, and the joker when it has a move; between its turns, while it still plays the
 * round, the cards the rows need next (what it may choose ahead); a hand left when the round is
 * over or the seat is out of it (dropped out holding the joker) has nothing to play: all dimmed.
 */
export function brightCards(view, selection = []) {
  if (isMyTurn(view)) {
    const out = playableCards(view, selection);
    for (const a of jokerActions(view)) out.add(a.card);
    return out;
  }
  if (!view.hand || !view.hand.length) return null;
  if (!playsThisRound(view)) return new Set();
  const out = new Set();
  for (const row of view.rows || []) for (const cell of row.cells || []) if (cell.state === "next") out.add(cell.card);
  return out;
}

/**
 * Layout spots lit for this selection: where the lifted card(s) would land, or every target. With
 * the joker and a card lifted and the joker's spot chosen (`chosen`, pressSpot), that spot alone.
 */
export function litSpots(view, selection = [], chosen = null) {
  const plays = legalPlays(view);
  const jokers = jokerActions(view);
  const out = new Set();
  const [first, second] = selection;
  if (!selection.length) {
    for (const a of plays) out.add(a.card);
    for (const a of jokers) out.add(a.spot);
  } else if (first === JOKER && second) {
    const moves = jokers.filter((a) => a.card === second);
    const picked = moves.filter((a) => a.spot === chosen);
    for (const a of picked.length ? picked : moves) out.add(a.spot).add(a.card);
  } else if (first === JOKER) {
    for (const a of jokers) out.add(a.spot);
  } else {
    for (const a of plays) if (a.card === first) out.add(a.card);
  }
  return out;
}

/** The next selection after pressing `card` in the hand. */
export function pressCard(view, selection, card) {
  if (selection.includes(card)) return selection.filter((c) => c !== card);
  if (card === JOKER) {
    const other = selection.find((c) => c !== JOKER);
    const follows = other && jokerActions(view).some((a) => a.card === other);
    return follows ? [JOKER, other] : [JOKER];
  }
  if (selection.includes(JOKER)) return [JOKER, card];
  return [card];
}

/**
 * A press on the layout's spot `spot`, as the next selection, whether it plays, and the joker's
 * spot it chose: a spot lit for the whole selection plays it (the lifted card, or the joker and
 * the card beyond it, goes where it glows); any other spot a move can fill chooses that move's
 * cards, to be played by a second press or by Play (the spots are small on a phone, and there is
 * no undo). A press on a joker's spot puts the joker there, where the card could follow it on two
 * (the rules' "Connect A and K"); a press on the card's own spot keeps the joker's spot chosen
 * before (`chosen`). Null for a spot no move fills.
 */
export function pressSpot(view, selection, spot, chosen = null) {
  const plays = legalPlays(view);
  const jokers = jokerActions(view);
  const [first, second] = selection;
  if (first && first !== JOKER && spot === first && plays.some((a) => a.card === first)) {
    return { selection, play: true, spot: null };
  }
  if (first === JOKER && second) {
    const moves = jokers.filter((a) => a.card === second);
    if (moves.some((a) => a.spot === spot)) return { selection, play: true, spot };
    if (moves.length && spot === second) return { selection, play: true, spot: chosen };
  }
  if (plays.some((a) => a.card === spot)) return { selection: [spot], play: false, spot: null };
  const onSpot = jokers.filter((a) => a.spot === spot);
  if (onSpot.length === 1) return { selection: [JOKER, onSpot[0].card], play: false, spot };
  if (onSpot.length) return { selection: [JOKER], play: false, spot: null };
  return null;
}

/**
 * The move the selection stands for, in the panel's terms ({action, card, spot}), or null when
 * nothing is selected. The joker's spot is `spot` when the player chose it (pressSpot) and the
 * card can follow the joker there, else the only one the card has; with two and none chosen it is
 * null, and the panel asks which. An illegal selection still maps to a move: the panel and the
 * server explain why it is refused, so the 3D view never invents its own messages.
 */
export function selectionAction(view, selection, spot = null) {
  const [first, second] = selection;
  if (!first) return null;
  if (first === JOKER) {
    if (!second) return { action: "joker", card: null, spot: null };
    const moves = jokerActions(view).filter((a) => a.card === second);
    const match = moves.find((a) => a.spot === spot) || (moves.length === 1 ? moves[0] : null);
    return { action: "joker", card: second, spot: match ? match.spot : null };
  }
  return { action: "play", card: first, spot: null };
}

// The words drawn on the table, in the page's language: the page gives them (#table3d-words, see
// setWords); these English ones stay when it does not (the node tests).
const WORDS = {
  pass: "Pass",
  passLeft: "Pass ({n} left)",
  you: "{name} (you)",
  away: "{name} (away)",
  offline: "{name} (offline)",
  free: "Free seat",
  finished: "finished",
  won: "won",
  out: "lost",
  dropped: "dropped",
  card: "{n} card",
  cards: "{n} cards",
  onePass: "{n} pass",
  passes: "{n} passes",
  place: "",
};

export function setWords(words) {
  for (const [key, value] of Object.entries(words || {})) {
    if (key in WORDS && typeof value === "string") WORDS[key] = value;
  }
}

function say(key, values = {}) {
  return WORDS[key].replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

/** Text of the Pass button: "Pass (2 left)", or "Pass" when passes are unlimited. */
export function passLabel(view) {
  const seat = (view.seats || [])[view.seat];
  const left = seat ? seat.passes_left : null;
  return left === null || left === undefined ? say("pass") : say("passLeft", { n: left });
}

/**
 * A name tag's name: "Aki (you)" for the viewer's own seat, "Ben (away)" for a seat the computer
 * plays until its player comes back, "Ben (offline)" for a friend whose connection went (the
 * game waits a moment for them), "Free seat" for one its player left (as the panel's seats).
 * `name`: the seat's name shortened to fit its tag (tags.js), the words around it kept whole.
 */
export function tagName(tag, name = tag.name) {
  if (tag.you) return say("you", { name });
  if (tag.free) return say("free");
  if (tag.offline) return say("offline", { name });
  return tag.away ? say("away", { name }) : name;
}

export const SEAT_COLOURS = ["#d94040", "#3f7fd9", "#3aa35a", "#d9a520"];

/** What a seat's name tag says, from the view and the room facts it carries. */
export function seatTag(view, seat) {
  const s = (view.seats || [])[seat] || {};
  const names = view.names || [];
  const place = s.place ?? null;
  const cards = s.cards ?? 0;
  return {
    seat,
    colour: (view.colours || view.colors || SEAT_COLOURS)[seat] || SEAT_COLOURS[seat % 4],
    name: names[seat] || `Seat ${seat + 1}`,
    cards,
    passesLeft: s.passes_left ?? null,
    place,
    status: s.status || "playing",
    // Where the first out wins and the others pay for their cards, going out is winning the round
    // (rooms.narrate.unranked): the tag says "won", as the seat line does.
    won: s.status === "finished" && firstOutWins(view.rules),
    acting: !view.over && view.turn === seat,
    low: !view.over && (s.status || "playing") === "playing" && cards > 0 && cards <= LOW_CARDS,
    you: view.seat === seat,
    // the computer plays it meanwhile: for its player, who may come back, or until someone takes it
    away: s.mark === "away",
    free: s.mark === "free",
    // a friend whose connection went: the game waits a moment for them (rooms.presence.offline_shown)
    offline: s.mark === "offline",
  };
}

function firstOutWins(rules) {
  return !!rules && rules.round_end === "first_out" && rules.scoring === "cards_left";
}

/**
 * What a tag's second line says, in parts: ["5 cards", "2 passes"], or one word ("finished",
 * "lost"). A place is the tag's badge; at a round's end every seat has one, the seats that did not
 * go out included (but where the first out wins and the others pay for their cards, the winner
 * alone), and their line says what became of them (out of passes, or the cards still held).
 */
export function tagParts(tag) {
  if (tag.won) return [say("won")];
  if (tag.status === "finished") return [say("finished")];
  if (tag.status === "eliminated") return [say("out")];
  if (tag.status === "dropped") return [say("dropped")];
  const cards = say(tag.cards === 1 ? "card" : "cards", { n: tag.cards });
  const left = tag.passesLeft;
  // No limit: passes are then only for a seat that cannot play (rooms.forms), nothing to count.
  if (left === null) return [cards];
  return [cards, say(left === 1 ? "onePass" : "passes", { n: left })];
}

/** The same line as one text: "5 cards · 2 passes" ("5 cards" with no limit on passes). */
export function tagLine(tag) {
  return tagParts(tag).join(" · ");
}

export function ordinal(n) {
  if (WORDS.place) return say("place", { n });
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${tail}`;
}

/**
 * For each card that reached the layout since the previous view, the seat it came from (for the
 * slide animation): read from the history entries the new view added. Cards with no entry (a
 * resync) come from the centre (seat null).
 */
export function arrivals(prev, next) {
  const before = new Set(layoutNames(prev));
  const source = new Map();
  const start = prev && sameRound(prev, next) ? (prev.history || []).length : 0;
  for (const e of (next.history || []).slice(start)) {
    if (e.type === "play" || e.type === "redeem") source.set(e.card, e.seat);
    if (e.type === "joker") source.set(e.card, e.seat).set(JOKER, e.seat);
    if (e.type === "eliminate") for (const c of e.cards || []) source.set(c, e.seat);
    if (e.type === "sevens_laid") {
      for (const [seat, cards] of Object.entries(e.cards || {})) {
        for (const c of cards) source.set(c, Number(seat));
      }
    }
  }
  const out = [];
  for (const card of layoutNames(next)) {
    if (!before.has(card)) out.push({ card, seat: source.has(card) ? source.get(card) : null });
  }
  return out;
}

/**
 * The joker swap among the entries the new view added: who laid the joker on which spot, the card
 * played beyond it, and the seat that redeemed the spot card (taking the joker). Null if none.
 */
export function jokerSwap(prev, next) {
  if (!prev || !sameRound(prev, next)) return null;
  const added = (next.history || []).slice((prev.history || []).length);
  const i = added.findIndex((e) => e.type === "joker");
  if (i < 0) return null;
  const e = added[i];
  const redeem = added.slice(i + 1).find((r) => r.type === "redeem" && r.card === e.spot);
  return { seat: e.seat, spot: e.spot, card: e.card, holder: redeem ? redeem.seat : null };
}

/** A new round (or the first view): the deal is to be shown. */
export function isNewDeal(prev, next) {
  if (!next.hand && !next.seats) return false;
  if (!prev) return (next.history || []).every((e) => e.type === "sevens_laid");
  return !sameRound(prev, next) && (next.history || []).every((e) => e.type === "sevens_laid");
}

function sameRound(prev, next) {
  const a = prev.history || [];
  const b = next.history || [];
  if (b.length < a.length) return false;
  return a.every((e, i) => JSON.stringify(e) === JSON.stringify(b[i]));
}

function layoutNames(view) {
  const out = [];
  if (!view) return out;
  for (const row of view.rows || []) {
    for (const cell of row.cells) {
      if (cell.joker || cell.state === "joker") out.push(JOKER);
      else if (cell.state === "run" || cell.state === "placed") out.push(cell.card);
    }
  }
  return out;
}
