// The demo page of the 3D table (templates/rooms/table_demo.html): a fake room in the browser plays
// the server's part. A file of its own, not an inline script, as the site's Content-Security-Policy
// runs none. A module is deferred: it runs once the page is parsed, before the table's bundle
// (a deferred script later in the page), as the inline module did.
import { FakeRoom } from "./fake_room.js";

const q = new URLSearchParams(location.search);
const room = new FakeRoom({
  players: Number(q.get("players") || 4),
  seed: Number(q.get("seed") || 13), // seat 0 holds the 7 of diamonds: the viewer starts
  ace: q.get("ace") || "low",
  // ?names=a,b,c: the seats' names (long ones, names in other scripts).
  names: q.get("names") ? q.get("names").split(",") : null,
});
// ?marks=,offline,away: a seat's mark as the server sends it (a friend offline, a seat away, free).
const marks = q.get("marks") ? q.get("marks").split(",") : [];
const cpu = q.get("cpu") !== "0";
window.fakeRoom = room;
// ?warm=N: N moves already made (a page opened mid-round: no deal), then on to the viewer.
for (let i = 0; i < Number(q.get("warm") || 0) && !room.over; i++) room.cpuMove();
while (q.has("warm") && !room.over && room.turn !== 0) room.cpuMove();

function escape(s) {
  return s.replace(/[<>&]/g, (c) => ({ "<": "\\u003C", ">": "\\u003E", "&": "\\u0026" })[c]);
}

// Like the server's out-of-band swaps: whole elements replaced, never patched in place.
function render() {
  const view = room.view(0);
  marks.forEach((mark, seat) => {
    if (mark && view.seats[seat]) view.seats[seat].mark = mark;
  });
  const state = document.createElement("script");
  state.type = "application/json";
  state.id = "table-state";
  state.dataset.version = String(view.version);
  state.textContent = escape(JSON.stringify(view));
  document.getElementById("table-state").replaceWith(state);
  const playable = new Set(view.legal.filter((a) => a.type === "play").map((a) => a.card));
  const hand = document.createElement("section");
  hand.id = "hand";
  const cards = document.createElement("div");
  cards.className = "cards";
  for (const c of view.hand) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.card = c;
    b.textContent = c;
    b.className = playable.has(c) ? "playable" : "dimmed";
    b.setAttribute("aria-pressed", "false");
    cards.append(b);
  }
  hand.append(cards);
  document.getElementById("hand").replaceWith(hand);
  document.querySelector("#controls .pass-button").textContent =
    view.seats[0].passes_left === null ? "Pass" : `Pass (${view.seats[0].passes_left} left)`;
  document.getElementById("version").value = view.version;
  document.getElementById("moves").textContent = String(room.history.length - 1);
}

document.addEventListener("click", (e) => {
  const b = e.target.closest("#hand [data-card]");
  if (!b) return;
  const on = b.getAttribute("aria-pressed") !== "true";
  const isJoker = b.dataset.card === "JK";
  for (const o of document.querySelectorAll('#hand [aria-pressed="true"]')) {
    if (o !== b && !(on && !isJoker && o.dataset.card === "JK")) o.setAttribute("aria-pressed", "false");
  }
  b.setAttribute("aria-pressed", String(on));
});

document.getElementById("panel-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const action = e.submitter ? e.submitter.value : "play";
  const pressed = [...document.querySelectorAll('#hand [aria-pressed="true"]')].map((b) => b.dataset.card);
  const card = pressed.find((c) => c !== "JK") || null;
  if (action === "play" && !card) {
    document.getElementById("messages").textContent = "Choose a card first, then press Play.";
    return;
  }
  const error = room.apply(0, { action, card });
  document.getElementById("messages").textContent = error ? `Refused: ${error}` : "";
  window.demoSubmits = (window.demoSubmits || 0) + 1;
  render();
  if (cpu) {
    const step = () => {
      if (room.over || room.turn === 0) return;
      room.cpuMove();
      render();
      setTimeout(step, Number(q.get("cpuDelay") || 250));
    };
    setTimeout(step, Number(q.get("cpuDelay") || 250));
  }
});
render();
