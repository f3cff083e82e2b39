// Boots the 3D table inside #table3d: reads the seat view from #table-state after every swap,
// turns presses on the canvas into a selection, and plays through the button panel. Where WebGL
// is missing or fails, it says so once and leaves the game to the panel.

import { JOKER } from "./layout.js";
import {
  canPass,
  choosesCards,
  isMyTurn,
  jokerActions,
  keptSelection,
  passLabel,
  playsThisRound,
  pressCard,
  pressSpot,
  selectionAction,
  setWords,
} from "./play.js";
import { hasPanel, panelButton, pressedCards, selectCards, submitMove, watchPanelSelection } from "./panel.js";
import { Table } from "./scene.js";
import { expand } from "./wire.js";

const api = (window.sevensTable = window.sevensTable || {});
api.failed = false;
api.ready = false;

// Without a WebGL constructor there is no point trying; whether a context can really be made is
// learnt from the renderer itself (a probe context would cost a second, slow, context).
function webglAvailable() {
  return typeof WebGLRenderingContext !== "undefined" || typeof WebGL2RenderingContext !== "undefined";
}

function fail(root, reason) {
  if (api.failed) return;
  api.failed = true;
  api.failReason = String(reason && reason.message ? reason.message : reason);
  root.classList.add("table3d--failed");
  document.documentElement.dataset.table3d = "failed";
  const notice = root.querySelector("[data-table3d-notice]");
  if (notice) notice.hidden = false;
  window.dispatchEvent(new CustomEvent("sevens:webgl-failed", { detail: { reason: api.failReason } }));
}

function readState(prev) {
  const el = document.getElementById("table-state");
  if (!el) return null;
  try {
    const view = expand(JSON.parse(el.textContent), prev);
    if (view && view.version === undefined && el.dataset.version) view.version = Number(el.dataset.version);
    return view;
  } catch {
    return null;
  }
}

function readWords() {
  const el = document.getElementById("table3d-words");
  if (!el) return;
  try {
    setWords(JSON.parse(el.textContent));
  } catch {
    // English words stay
  }
}

function boot(root) {
  performance.mark("table3d:boot");
  readWords();
  const canvas = root.querySelector("canvas");
  if (!canvas || !webglAvailable()) return fail(root, "WebGL is not available");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const fourColour = localStorage.getItem("sevens.fourColour") === "1";
  let table;
  try {
    table = new Table(canvas, {
      fourColour,
      reducedMotion,
      onFrame: (moving) => onFrame(moving),
      onPlace: (near) => {
        const message = placeMessage(near);
        placeCurtain();
        return message;
      },
      tagLayer: root.querySelector("[data-table3d-tags]"),
    });
    performance.mark("table3d:renderer");
  } catch (err) {
    return fail(root, err);
  }
  canvas.addEventListener("webglcontextlost", (e) => {
    e.preventDefault();
    fail(root, "WebGL context lost");
  });

  const playButton = root.querySelector('[data-table-action="play"]');
  const passButton = root.querySelector('[data-table-action="pass"]');
  const skipButton = root.querySelector('[data-table-action="skip"]');
  const hintButton = root.querySelector('[data-table-action="hint"]');
  const fastButton = root.querySelector('[data-table-action="fast_forward"]');
  const nextButton = root.querySelector('[data-table-action="next"]');
  const messageBox = root.querySelector("[data-table3d-message]");
  const curtainBox = root.querySelector("[data-table3d-curtain]");
  const viewButtons = [...root.querySelectorAll("[data-view]")];
  const fourBox = root.querySelector('[data-option="four-colour"]');
  let view = null;
  let selection = [];
  // The joker's spot the player pressed on the layout, for this selection (pressSpot): where the
  // card could follow the joker on two, it says which, and the panel need not ask.
  let jokerSpot = null;
  let stateText = null;

  function onFrame(moving) {
    api.frames = table.frames;
    if (skipButton) skipButton.hidden = !(moving && table.tweens.list.length > 4);
    rescueFocus();
    // Playable from the first frame that shows the state: input is live, and a press during the
    // deal ends it. `settledAt`: the first moment nothing moves.
    if (view && !api.ready) {
      api.ready = true;
      api.firstRenderMs = table.renderMs;
      api.readyAt = performance.now();
      performance.mark("table3d:ready");
      root.dataset.ready = "true";
      window.dispatchEvent(new CustomEvent("sevens:table-ready"));
    }
    if (view && !moving && !api.settledAt) api.settledAt = performance.now();
    root.dataset.moving = String(moving);
  }

  // On a short screen held sideways the table fills the screen's height; it is brought into view
  // when the viewer starts to play a round, and when the phone is turned while they play.
  const shortLandscape = window.matchMedia("(orientation: landscape) and (max-height: 540px)");
  let playing = false;
  // A phone held upright shows the header, the rules and the table from the page's top, Play and
  // Pass at the screen's foot; what stands above the table in a friends' room (the link to share)
  // pushed them below it on a 360 x 740 phone, and the first turn began with Play out of sight.
  // The page is scrolled just as far as the table's foot, never past the table's top.
  const phoneUpright = window.matchMedia("(max-width: 700px) and (orientation: portrait)");
  function bringIntoView() {
    if (!view || !(playsThisRound(view) || curtainUp())) return;
    if (shortLandscape.matches) return void root.scrollIntoView({ block: "center" });
    if (!phoneUpright.matches) return;
    const box = root.getBoundingClientRect();
    const below = box.bottom - window.innerHeight;
    if (below > 0 && box.top > 0) window.scrollBy(0, Math.min(below, box.top));
  }

  // The joker lifted alone, with a card that may follow it: that card is still to be chosen. The
  // panel says so only once Play is pressed; the table says it at once, in the panel's words.
  function jokerGuidance() {
    if (!view || !isMyTurn(view) || selection.join() !== JOKER || !jokerActions(view).length) return "";
    return document.querySelector(".room")?.getAttribute("data-joker-needs-card") || "";
  }

  // The player's turn with no card to play where a pass is chosen by hand (the server passes only
  // where a pass says that anyway): the panel's turn note, "press Pass", over the table too.
  function mustPassNote() {
    if (!view || !isMyTurn(view)) return "";
    return document.querySelector("#controls .turn-note.must-pass")?.textContent.trim() || "";
  }

  // The panel's latest message, over the table too (only a change is written, as below); while
  // the joker is lifted alone, what to do next; with no message, a turn that can only pass.
  function syncMessage() {
    if (!messageBox) return;
    const guidance = jokerGuidance();
    const message = guidance ? null : document.querySelector("#messages .message");
    const mustPass = guidance || message ? "" : mustPassNote();
    // A hint is shown with the cards' symbols and read out in words (a hidden copy): the shown one.
    const text = guidance || (message?.querySelector(".message-shown") || message)?.textContent.trim() || mustPass;
    // The panel asks where the joker goes (two spots): the question, and a button per spot that
    // presses the panel's own (looked up when pressed: the panel may have drawn them again).
    const spots = message ? [...message.querySelectorAll("button.joker-spot")] : [];
    const key = spots.length ? `spots:${text}` : text;
    if (messageBox.dataset.key !== key) {
      messageBox.dataset.key = key;
      messageBox.classList.toggle("choosing", spots.length > 0);
      if (spots.length) {
        const question = [...message.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
        const buttons = spots.map((original) => {
          const button = document.createElement("button");
          button.type = "button";
          button.tabIndex = -1; // the panel's buttons are the ones for the keyboard
          button.className = "table3d-spot";
          button.textContent = original.textContent;
          const spot = original.dataset.spot;
          button.dataset.spot = spot;
          button.addEventListener("click", () => document.querySelector(`#messages button.joker-spot[data-spot="${spot}"]`)?.click());
          return button;
        });
        messageBox.replaceChildren(document.createTextNode(`${question} `), ...buttons);
      } else {
        messageBox.textContent = text;
      }
    }
    messageBox.hidden = !text;
    // The server passed for the player (no card to play): seed 002 says so above the hand; so
    // does the note of a turn that can only pass.
    aboveHand = message?.dataset.note === "forced_pass" || Boolean(mustPass);
    // Placed now, and again with the tags on the next frame if it moved: they keep clear of it.
    const before = placed;
    placeMessage();
    if (placed !== before) table.requestRender();
  }

  // The message stands just above Play and Pass, where the eyes are, if the player's hand ends
  // above it; else just above the hand, below the layout, if it fits there; else right of the
  // layout and the hand, above the bar, or right of the layout, above the hand, where that
  // leaves it room (a phone on its side); else at the table's top, under its corner controls (a
  // phone upright: the canvas keeps a band there for it, --table3d-band, and the far seats' tags
  // keep clear of it, tags.js). It never covers the cards the player presses (it covered their
  // lower half on every screen), nor the layout, nor a name tag (at the top it covered the far
  // seats' on every phone), nor the player's own. Placed on every frame drawn (Table's onPlace),
  // after the near tag (`near`: its box) and before the far ones: it returns its box.
  const barButtons = [...root.querySelectorAll(".table3d-bar button")];
  const corners = [...root.querySelectorAll(".table3d-views, .table3d-option")];
  const SIDE = 160; // the narrowest the message stands beside the hand (CSS pixels)
  let placed = ""; // its box when placed last (a change calls for a frame, for the tags: syncMessage)
  let nearTag = null; // the near tag's box, as the tags were placed last
  let aboveHand = false; // the message is the forced pass's note: placed above the hand
  function placeMessage(near = nearTag) {
    nearTag = near;
    if (!messageBox || messageBox.hidden) {
      placed = "";
      return null;
    }
    const band = table.handBand;
    let spot = null; // {top, left, width}: null, where the stylesheet puts it (no hand)
    const box = root.getBoundingClientRect();
    if (band) {
      const gap = 6;
      const height = heightAt(messageBox, "");
      const shown = barButtons.filter((b) => !b.hidden).map((b) => b.getBoundingClientRect().top - box.top);
      const bar = (shown.length ? Math.min(...shown) : box.height) - gap;
      const ceiling = Math.max(0, ...corners.map((c) => c.getBoundingClientRect().bottom - box.top)) + gap;
      // Right of the layout, down to `floor`, if it is wide enough and the message fits there.
      // Whether a place leaves the near tag uncovered (centred: the stylesheet's place across).
      const width = messageBox.offsetWidth;
      const clear = (top, h = height, left = (box.width - width) / 2, w = width) =>
        !near || !(near.top < top + h && top < near.bottom && near.left < left + w && left < near.right);
      const beside = (left, floor) => {
        const room = Math.floor(box.width - 2 * gap - left);
        if (room < SIDE) return null;
        const h = heightAt(messageBox, `${room}px`);
        const top = floor - h;
        return top >= ceiling && clear(top, h, left, room) ? { top, left, width: room } : null;
      };
      const layoutEnd = band.layout.right + 2 * gap;
      const overHand = band.top - gap - height >= band.row + gap && clear(band.top - gap - height);
      // The forced pass's note only where it stands higher than the hand: just above it, right
      // of the layout above it, or at the table's top (the near tag stands just above the hand
      // on most screens).
      if (aboveHand) spot = overHand ? { top: band.top - gap - height } : beside(layoutEnd, band.top - gap);
      else if (bar - height >= band.bottom + gap && clear(bar - height)) spot = { top: bar - height };
      else if (overHand) spot = { top: band.top - gap - height };
      else spot = beside(Math.max(layoutEnd, band.right + 2 * gap), bar) || beside(layoutEnd, band.top - gap);
      if (!spot) spot = { top: ceiling };
    }
    setSpot(messageBox, spot);
    const r = messageBox.getBoundingClientRect();
    const rect = { left: r.left - box.left, top: r.top - box.top, right: r.right - box.left, bottom: r.bottom - box.top };
    placed = Object.values(rect).map(Math.round).join();
    return rect;
  }

  // The message's height at a width ("": the stylesheet's); the width stays set.
  function heightAt(el, width) {
    if (el.style.maxWidth !== width) el.style.maxWidth = width;
    return el.offsetHeight;
  }

  // Writes a place of the message (only a change: each write lays the page out again).
  // The hot-seat curtain stands over the hand, where the stylesheet puts it (its foot a tenth of
  // the table's height above the table's); where that covers the near tag (on a tablet or a
  // phone upright it hid the tag's lower half, or all of it), just below the tag if it fits there;
  // else just above it, over the layout, below the corner controls (a phone upright: below the
  // tag there is only the hand, and the curtain hid the whole tag).
  function placeCurtain() {
    if (!curtainBox || curtainBox.hidden) return;
    const height = root.clientHeight;
    const width = root.clientWidth;
    const h = curtainBox.offsetHeight;
    const w = curtainBox.offsetWidth;
    const top = height * 0.9 - h; // site's table3d.css: .table3d-curtain { bottom: 10% }
    const left = (width - w) / 2;
    const near = nearTag;
    const covers = near && near.top < top + h && top < near.bottom && near.left < left + w && left < near.right;
    let spot = null;
    if (covers) {
      const gap = 6;
      const box = root.getBoundingClientRect();
      const ceiling = Math.max(0, ...corners.map((c) => c.getBoundingClientRect().bottom - box.top)) + gap;
      if (near.bottom + gap + h <= height - gap) spot = { top: near.bottom + gap };
      else if (near.top - gap - h >= ceiling) spot = { top: near.top - gap - h };
    }
    setSpot(curtainBox, spot);
  }

  function setSpot(el, spot) {
    const style = {
      top: spot ? `${Math.round(spot.top)}px` : "",
      bottom: spot ? "auto" : "",
      left: spot?.left !== undefined ? `${Math.round(spot.left + spot.width / 2)}px` : "",
      maxWidth: spot?.width !== undefined ? `${spot.width}px` : "",
    };
    for (const [key, value] of Object.entries(style)) if (el.style[key] !== value) el.style[key] = value;
  }

  // At a round's end the settlement's button (deal the next round, or play the match again) is
  // below the table on a phone: the bar repeats it, with its words, and presses it.
  function settlementButton() {
    return document.querySelector("#settlement:not([hidden]) :is(.next-round-button, .rematch-button)");
  }
  function syncNext() {
    if (!nextButton) return;
    const button = settlementButton();
    nextButton.hidden = !button;
    const text = button ? button.textContent.trim() : "";
    if (nextButton.textContent !== text) nextButton.textContent = text; // only a change: see syncCurtain
  }
  nextButton?.addEventListener("click", () => settlementButton()?.click());

  // The hot-seat curtain: shown over the table as well as in the panel, whose button it presses.
  function panelCurtain() {
    return view && view.curtain !== undefined && view.curtain !== null ? document.querySelector("#hand .curtain") : null;
  }
  function curtainUp() {
    return Boolean(panelCurtain());
  }
  function syncCurtain() {
    if (!curtainBox) return;
    const curtain = panelCurtain();
    curtainBox.hidden = !curtain;
    if (!curtain) return;
    const className = `table3d-curtain ${[...curtain.classList].find((c) => c.startsWith("seat-")) || ""}`;
    if (curtainBox.className !== className) curtainBox.className = className;
    // A seat with no card to play has no button: the server passes for it in a moment.
    const button = curtain.querySelector(".curtain-button");
    const reveal = curtainBox.querySelector("button");
    if (reveal.hidden !== !button) reveal.hidden = !button;
    // Only a change is written: each write is a mutation, which calls this again.
    // The words are copied with their markup: the player's name is one unit (.name-unit).
    for (const [el, source] of [[curtainBox.querySelector("p"), curtain.querySelector("h2")], [reveal, button]]) {
      if (el.innerHTML !== (source?.innerHTML ?? "")) el.replaceChildren(...[...(source?.childNodes ?? [])].map((n) => n.cloneNode(true)));
    }
    placeCurtain();
  }
  curtainBox?.querySelector("button").addEventListener("click", () => {
    document.querySelector("#hand .curtain .curtain-button")?.click();
  });
  shortLandscape.addEventListener?.("change", bringIntoView);
  // There, the round's results (#settlement, in the panel below the table) are scrolled up into
  // view once they arrive, as far as they need: the end of the table stays in sight above them.
  let settlementDue = false;
  function showSettlement() {
    const box = document.getElementById("settlement");
    if (!settlementDue || !box || box.hidden) return;
    settlementDue = false;
    box.scrollIntoView({ block: "nearest" });
  }

  // Play, Pass and Hint are marked unavailable (aria-disabled), not disabled, as in the panel: a
  // disabled button drops the keyboard focus to the page's top, and a keyboard player who pressed
  // Pass here had to find the table again at every turn.
  const unavailable = (button) => button.getAttribute("aria-disabled") === "true";
  const setUnavailable = (button, off) => button.setAttribute("aria-disabled", String(off));

  // A button of the table that goes away under the keyboard focus (Skip once the cards have moved,
  // the next deal's button once it is dealt, the curtain's once it is lifted, Play and Pass at a
  // round's end) hands the focus on, as the panel does across its updates: to the button that
  // replaced it, else to the panel's cards and results. Never to the page's top.
  let focused = null;
  root.addEventListener("focusin", (e) => (focused = e.target));
  document.addEventListener("focusin", (e) => {
    if (!root.contains(e.target)) focused = null;
  });
  const shown = (el) => Boolean(el && el.isConnected && el.getClientRects().length && !el.disabled);
  function rescueFocus() {
    const active = document.activeElement;
    if (!focused || shown(focused) || (active && active !== focused && active !== document.body)) return;
    // At a round's end the panel's Play, Pass and Fast-forward are going too: the focus waits for
    // the next deal's button or the results (the panel's controls, then the results, took it, and
    // the panel scrolled the page away from the table to show it).
    const selectors = view?.over
      ? ["#settlement button", "#settlement a"]
      : ["#hand .card.playable", "#settlement button", "#hand button", "#controls button"];
    const panel = selectors.map((s) => [...document.querySelectorAll(s)].find(shown));
    // A seat out of cards keeps Fast-forward on the table while the others finish the round. A
    // seat still playing goes to Play (to Pass before Play stands): after the next deal, or a
    // Skip, it went to Fast-forward, where the next Enter gave the round to the computer.
    // With no card that fits, Pass: Play there only says to press Pass (the panel's Pass likewise).
    let own = [fastButton];
    if (view && playsThisRound(view)) own = mustPassNote() ? [passButton, playButton] : [playButton, passButton];
    const target = [nextButton, curtainBox?.querySelector("button"), ...own, ...panel].find(shown);
    if (!target) return; // `focused` is kept: the next change tries again
    focused = null;
    target.focus({ preventScroll: true });
  }

  function updateBar() {
    const mine = view && isMyTurn(view);
    // Play and Pass stand only while the viewer has moves to make this round: not before the
    // first deal (a room waiting for players), not for a watcher, a seat out of the round, or a
    // round that is over. They start hidden in the page.
    const idle = !view || !playsThisRound(view);
    for (const button of [playButton, passButton]) if (button) button.hidden = idle;
    if (playButton) setUnavailable(playButton, !mine || !selection.length || !hasPanel());
    // Fast-forward, as in the panel: for a seat of a round under way, out of cards or not.
    if (fastButton) fastButton.hidden = !view || view.seat === null || view.seat === undefined || view.over || !panelButton("fast_forward");
    if (hintButton) {
      hintButton.hidden = idle || !panelButton("hint");
      setUnavailable(hintButton, !mine);
    }
    if (passButton) {
      setUnavailable(passButton, !mine || !canPass(view) || !hasPanel());
      const label = view ? passLabel(view) : passLabel({});
      if (passButton.textContent !== label) passButton.textContent = label; // a write is a mutation: see below
    }
  }

  function setSelection(next, { syncPanel = true, spot = null } = {}) {
    selection = next;
    jokerSpot = spot;
    table.setSelection(selection, jokerSpot);
    if (syncPanel) selectCards(selection);
    updateBar();
    syncMessage();
  }

  // A new #table-state (an htmx out-of-band swap replaces the element): redraw from it.
  function refresh() {
    const el = document.getElementById("table-state");
    if (!el || el.textContent === stateText) return;
    stateText = el.textContent;
    const next = readState(view);
    if (!next) return;
    // A new version keeps the choice as the panel keeps its pressed cards: across a player's
    // presence or a friend's fast-forward (the table used to drop its own, the panel's staying
    // pressed, and Play went dead), and across the others' moves, for a card chosen ahead.
    const before = selection.join();
    if (view && next.version !== view.version) selection = hasPanel() ? pressedCards() : [];
    selection = keptSelection(next, selection);
    if (selection.join() !== before) jokerSpot = null;
    const previous = view;
    view = next;
    api.version = view.version;
    table.setState(view, selection);
    updateBar();
    syncCurtain();
    syncMessage();
    const nowPlaying = playsThisRound(view) || curtainUp();
    if (nowPlaying !== playing) {
      playing = nowPlaying;
      if (playing) bringIntoView();
    }
    if (view.over && previous && !previous.over) {
      settlementDue = shortLandscape.matches;
      showSettlement(); // when it came before the state in the same frame
    }
    if (!api.ready) {
      performance.mark("table3d:state");
      table.renderNow();
    }
  }

  // Stand-alone presses on the canvas: pick a hand card (a click), or turn the table (a drag).
  let drag = null;
  canvas.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY, yaw: table.yaw, pitch: table.pitch, moved: false };
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    if (!drag.moved) canvas.setPointerCapture?.(e.pointerId);
    drag.moved = true;
    // About 150 px of drag reach the turn's limits (scene.js TURN): the table follows the finger
    // slowly, not to a stop after a few pixels.
    table.turn(drag.yaw + dx * 0.0005, drag.pitch - dy * 0.001);
  });
  canvas.addEventListener("pointerup", (e) => {
    const wasDrag = drag && drag.moved;
    drag = null;
    if (wasDrag) return;
    // A press during an animation (the deal) ends it at once, then counts as a press.
    if (table.animating) table.skip();
    pressAt(e.clientX, e.clientY);
  });
  // Skip stands over the table (in the middle of a narrow one): a tap on it meant for the card or
  // spot beneath, as the player's turn comes during an animation, skips and counts there too.
  // (Pressed by keyboard, a click has no point: it only skips.)
  skipButton?.addEventListener("click", (e) => {
    table.skip();
    if (e.detail > 0) pressAt(e.clientX, e.clientY);
  });
  function pressAt(clientX, clientY) {
    const rect = canvas.getBoundingClientRect();
    const x = clientX - rect.left;
    const y = clientY - rect.top;
    // A card may be chosen ahead, between the viewer's turns, as in the panel (a press there
    // did nothing, the panel's own cards pressing); the layout plays, on the viewer's turn only.
    if (!view || !choosesCards(view)) return;
    const card = table.pick(x, y);
    if (card) return setSelection(pressCard(view, selection, card));
    if (!isMyTurn(view)) return;
    // A press on the layout: a spot a move fills chooses it, a second press there plays it.
    const spot = table.pickSpot(x, y);
    const pressed = spot && pressSpot(view, selection, spot, jokerSpot);
    if (!pressed) return;
    setSelection(pressed.selection, { spot: pressed.spot });
    if (pressed.play && hasPanel()) submitMove(selectionAction(view, pressed.selection, pressed.spot));
  }
  canvas.addEventListener("pointercancel", () => (drag = null));

  // Pressed while unavailable, Play and Pass say why, in the panel's words: its own buttons are
  // pressed (Play with nothing chosen is explained there; a Pass out of turn gets the server's reason).
  playButton?.addEventListener("click", () => {
    if (unavailable(playButton)) return void panelButton("play")?.click();
    const move = view && selectionAction(view, selection, jokerSpot);
    if (move) submitMove(move);
  });
  passButton?.addEventListener("click", () => {
    if (unavailable(passButton)) return void panelButton("pass")?.click();
    submitMove({ action: "pass" });
  });
  hintButton?.addEventListener("click", () => panelButton("hint")?.click());
  fastButton?.addEventListener("click", () => panelButton("fast_forward")?.click());
  for (const b of viewButtons) {
    b.addEventListener("click", () => {
      for (const o of viewButtons) o.setAttribute("aria-pressed", String(o === b));
      table.setView(b.dataset.view);
      api.viewName = b.dataset.view;
      localStorage.setItem("sevens.view", b.dataset.view);
    });
  }
  // The view chosen last time, on this device (like the four colours below).
  viewButtons.find((b) => b.dataset.view === localStorage.getItem("sevens.view") && b.dataset.view !== "angled")?.click();
  if (fourBox) {
    fourBox.checked = fourColour;
    fourBox.addEventListener("change", () => {
      localStorage.setItem("sevens.fourColour", fourBox.checked ? "1" : "0");
      table.setFourColour(fourBox.checked);
    });
  }

  // The table is fitted above the bar of buttons, one row high or two (Table.setBar): measured
  // as the bar's buttons come and go and as it wraps.
  const barBox = root.querySelector(".table3d-bar");
  const fitBar = () => barBox && table.setBar(root.getBoundingClientRect().bottom - barBox.getBoundingClientRect().top);
  new ResizeObserver(() => {
    fitBar();
    table.resize(canvas.clientWidth, canvas.clientHeight);
  }).observe(canvas);
  if (barBox) new ResizeObserver(fitBar).observe(barBox);
  fitBar();
  table.resize(canvas.clientWidth, canvas.clientHeight);
  document.body.addEventListener("htmx:oobAfterSwap", refresh);
  document.body.addEventListener("htmx:afterSettle", refresh);
  new MutationObserver(() => {
    refresh();
    updateBar(); // the panel's buttons (Hint, Fast-forward) may come after the state
    syncCurtain();
    syncMessage();
    syncNext();
    showSettlement();
    rescueFocus();
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  // The panel's choice, made there or by a hint: a joker's spot it chose (a hint's) is lit alone.
  // A spot pressed on the table stays when the panel has none (the panel forgets its own on a press).
  watchPanelSelection((cards, spot) => {
    if (!view || !choosesCards(view)) return;
    if (cards.join() !== selection.join() || (spot && spot !== jokerSpot)) setSelection(cards, { syncPanel: false, spot });
  });

  Object.defineProperties(api, {
    view: { get: () => view, configurable: true },
    selection: { get: () => selection, configurable: true },
  });
  Object.assign(api, {
    table,
    press: (card) => setSelection(pressCard(view, selection, card)),
    setView: (name) => viewButtons.find((b) => b.dataset.view === name)?.click(),
    spotOnScreen: (card, dx, dz) => table.screenOfSpot(card, dx, dz),
    handCardOnScreen: (card) => table.screenOfHandCard(card),
    cameraPosition: () => table.camera.position.toArray(),
    skip: () => table.skip(),
    refresh,
  });
  refresh();
}

function start() {
  const root = document.getElementById("table3d");
  if (root) boot(root);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
