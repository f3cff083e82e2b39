// The 3D table never talks to the server: it drives the button panel, so the panel and the table
// always agree and every move takes the one path the panel takes.
//
// The panel's contract (templates/rooms/…): `#hand` holds buttons with `data-card="6D"` that
// select a card (pressed ones carry aria-pressed="true"); `#controls` is (or holds) the form whose
// submit buttons carry name="action" and value "play" / "pass" (and "joker" when the form has a
// separate joker action), with optional `card` and `spot` fields. A panel may take a move's
// submit button press itself: a cancelable `sevens:table-submit` event on the button, whose
// detail names the joker's spot the player chose on the table (or null).

function panelForm(doc) {
  const controls = doc.getElementById("controls");
  if (!controls) return null;
  return controls.tagName === "FORM" ? controls : controls.querySelector("form");
}

function handButton(doc, card) {
  const hand = doc.getElementById("hand");
  return hand ? hand.querySelector(`[data-card="${card}"]`) : null;
}

// The pressed cards as a selection: the joker first, as the table's selections have it (in the
// hand the joker may come after the card that follows it, and [card, joker] would be a Play).
export function pressedCards(doc = document) {
  const hand = doc.getElementById("hand");
  if (!hand) return [];
  const cards = [...hand.querySelectorAll('[data-card][aria-pressed="true"]')].map((b) => b.dataset.card);
  return cards.includes("JK") ? ["JK", ...cards.filter((c) => c !== "JK")] : cards;
}

function setField(form, name, value) {
  const field = form.elements.namedItem(name);
  if (field && "value" in field) field.value = value ?? "";
}

/** Presses the panel's hand buttons until exactly `cards` are pressed (the joker first). */
export function selectCards(cards, doc = document) {
  for (const card of pressedCards(doc)) if (!cards.includes(card)) handButton(doc, card)?.click();
  for (const card of cards) {
    const button = handButton(doc, card);
    if (button && button.getAttribute("aria-pressed") !== "true") button.click();
  }
}

/** Whether the page has a panel the table can drive. */
export function hasPanel(doc = document) {
  return Boolean(panelForm(doc));
}

/**
 * Makes the panel's selection the given cards (pressing its own buttons, in order: the joker
 * first), then presses its submit button for `move.action`. Returns whether it found one.
 */
export function submitMove(move, doc = document) {
  const form = panelForm(doc);
  if (!form) return false;
  const wanted = move.action === "pass" ? [] : [move.action === "joker" ? "JK" : null, move.card].filter(Boolean);
  selectCards(wanted, doc);
  if (move.action !== "pass") {
    setField(form, "card", move.card);
    setField(form, "spot", move.spot);
  }
  const submitters = [...form.querySelectorAll('[name="action"]')].filter((b) => b.type === "submit");
  const submitter =
    submitters.find((b) => b.value === move.action) ||
    (move.action === "joker" ? submitters.find((b) => b.value === "play") : null);
  if (!submitter) return false;
  if (move.action === "joker" && submitter.value !== "joker") setField(form, "spot", move.spot);
  // The room's panel (static/js/panel.js) presses the button itself when told the move comes from
  // the table: it takes the joker's spot chosen there, and a question it asks then is answered on
  // the table (main.js shows it) without scrolling the page to the panel. Elsewhere, a plain click.
  const detail = { spot: move.action === "joker" ? (move.spot ?? null) : null };
  const pressed = !submitter.dispatchEvent(new CustomEvent("sevens:table-submit", { bubbles: true, cancelable: true, detail }));
  // A real click: htmx records the clicked button and sends its name and value.
  if (!pressed) submitter.click();
  return true;
}

/** The panel's submit button for `action` ("hint", "fast_forward"…), or null. */
export function panelButton(action, doc = document) {
  const form = panelForm(doc);
  if (!form) return null;
  return [...form.querySelectorAll('[name="action"]')].find((b) => b.type === "submit" && b.value === action) || null;
}

/** The joker's spot the panel chose with its pressed cards (a hint's, where there are two), or null. */
export function chosenSpot(doc = document) {
  return handButton(doc, "JK")?.getAttribute("data-chosen-spot") || null;
}

/**
 * Calls back with the panel's pressed cards and its chosen joker's spot whenever they change (the
 * player used the panel, or took a hint).
 */
export function watchPanelSelection(callback, doc = document) {
  let last = "";
  const check = () => {
    const cards = pressedCards(doc);
    const spot = chosenSpot(doc);
    const key = `${cards.join(",")}@${spot ?? ""}`;
    if (key !== last) {
      last = key;
      callback(cards, spot);
    }
  };
  new MutationObserver(check).observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["aria-pressed", "data-chosen-spot"],
  });
}
