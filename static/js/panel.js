// The button panel: choosing a card (or the joker and the card after it), keeping the choice and
// the keyboard focus across pushed frames, and asking for a full resync when frames were missed.
// No framework: htmx's ws extension does the sending and the out-of-band swaps.
(function () {
  "use strict";

  // `spot`: the joker's spot, once chosen, when its card could follow it on two (see askSpot).
  var choice = { card: null, joker: false, spot: null };
  var opened = false; // a socket has opened on this page before
  var reopened = false; // the socket is back: its first whole table says what was missed
  var missed = ""; // what that table's log adds, said before #live's last move
  var hintChoice = null; // the choice a hint made ("8D|false"), read out with the hint: not again under Play
  var version = null;
  var stateBefore = null;
  var synced = false; // a frame has come since the socket opened: the table in view is the server's
  var down = false; // the socket closed, and has not opened again yet
  // The last move sent, until the server answers anything: a second press of the same move on the
  // same table (a double click) would only come back as "the table changed before your move
  // arrived", when it was the first press that had played.
  var pending = null;
  // When this page last sent a move. A finger's double tap on Play or Pass spans the server's
  // answer (its two taps some 100-300 ms apart, the answer sooner): the second tap found the move
  // made and the turn gone, and said "Choose a card first, then press Play" (or, for Pass, that
  // the table had changed) just after the card was played. A press for which the seat has no
  // move, so soon after a move of its own, is that second tap: it is dropped without a word.
  var sentAt = 0;
  var DOUBLE_TAP_MS = 800;
  // Hot-seat: the curtain this tab lifted ("seat@version"), kept for the tab's life. The server
  // keeps a lifted curtain per socket, so a reload, a dropped connection or a server restart
  // brought it down again on the same turn, and its player had to show their hand again.
  var LIFTED = "sevens-lifted:" + window.location.pathname;
  var relifted = null;
  function lifted(value) {
    try {
      if (value === undefined) return window.sessionStorage.getItem(LIFTED);
      if (value === null) window.sessionStorage.removeItem(LIFTED);
      else window.sessionStorage.setItem(LIFTED, value);
    } catch (error) {
      return null; // no storage (a private window's quota): the curtain stays down
    }
    return null;
  }
  function curtainKey(form) {
    var seat = form.querySelector('input[name="seat"]');
    var at = form.querySelector('input[name="version"]');
    return seat && at ? seat.value + "@" + at.value : null;
  }
  // The curtain of the turn this tab had lifted comes back (a new socket): lifted again, once.
  // Any other curtain is a new turn: the lifted one is forgotten.
  function liftAgain() {
    var form = $("#hand .curtain-form");
    if (!form) return;
    var key = curtainKey(form);
    if (key && key === lifted() && relifted !== key) {
      relifted = key;
      send({ action: "reveal", seat: key.split("@")[0] });
    } else if (key !== lifted()) {
      lifted(null);
    }
  }
  var offline = false; // the browser went offline, and the socket has not answered since
  var logOpen = false; // the log was open before a frame that may replace it
  var socket = null;
  var focusKey = null;
  var focusWaiting = false; // restoreFocus found nothing to take the focus: the next update tries

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  // The hand's button of a card (`8D`, `JK`), or null.
  function handCard(code) { return $('#hand .card[data-card="' + code + '"]'); }

  function pageVersion() {
    var state = document.getElementById("table-state");
    var value = state && state.getAttribute("data-version");
    return value ? parseInt(value, 10) : null;
  }

  function frameVersion(message) {
    var match = /data-version="(\d+)"/.exec(message);
    return match ? parseInt(match[1], 10) : null;
  }

  // A delta (only what one move changed) names the version it applies to.
  function frameBase(message) {
    var match = /data-base="(\d+)"/.exec(message);
    return match ? parseInt(match[1], 10) : null;
  }

  // -- choosing cards -----------------------------------------------------------------------

  function showChoice() {
    $all("#hand .card").forEach(function (button) {
      var code = button.getAttribute("data-card");
      var pressed = code === choice.card || (code === "JK" && choice.joker);
      button.setAttribute("aria-pressed", pressed ? "true" : "false");
      button.classList.toggle("joker-target", choice.joker && button.hasAttribute("data-joker-spot"));
      // The joker's spot a hint chose, where the card could follow it on two: the 3D table
      // (static/table/src/panel.js watchPanelSelection) lights that one alone.
      if (code === "JK" && choice.joker && choice.spot) button.setAttribute("data-chosen-spot", choice.spot);
      else button.removeAttribute("data-chosen-spot");
    });
    sayChoice();
  }

  // A card gone from the hand, or only shown there (a round's cards left), is chosen no more.
  function forgetMissingChoice() {
    var card = choice.card && handCard(choice.card);
    if (choice.card && (!card || card.disabled)) choice.card = null;
    var joker = choice.joker && handCard("JK");
    if (choice.joker && (!joker || joker.disabled)) choice.joker = false;
  }

  // What Play will play, said and shown under the buttons (#play-choice, a live region that stays
  // in the page): a hint's joker stays chosen when another card is pressed, and aria-pressed
  // alone did not say that Play sends the joker with it. Only a change is written (and read).
  function sayChoice() {
    var line = document.getElementById("play-choice");
    var room = $(".room");
    if (!line || !room) return;
    var card = choice.card && handCard(choice.card);
    var shown = "", heard = "";
    if (card) {
      var face = card.textContent;
      var words = room.getAttribute(choice.joker ? "data-choice-joker" : "data-choice") || "";
      shown = words.replace("%(card)s", face);
      heard = words.replace("%(card)s", wordsFor(face));
    } else if (choice.joker) {
      shown = heard = room.getAttribute("data-joker-needs-card") || "";
    }
    // A hint's choice was just read out with its reason ("Hint: play 8 of diamonds: …"): shown
    // under Play, not read a second time.
    if (hintChoice && hintChoice === choice.card + "|" + choice.joker) heard = "";
    if (line.getAttribute("data-said") === heard + "|" + shown) return;
    line.setAttribute("data-said", heard + "|" + shown);
    line.replaceChildren();
    if (!shown) return;
    var eyes = document.createElement("span");
    eyes.setAttribute("aria-hidden", "true");
    eyes.textContent = shown;
    var ears = document.createElement("span");
    ears.className = "sr-only";
    ears.textContent = heard;
    line.appendChild(eyes);
    line.appendChild(ears);
  }

  function press(button) {
    var code = button.getAttribute("data-card");
    hintChoice = null;
    choice.spot = null;
    if (code === "JK") {
      choice.joker = !choice.joker;
      // As on the 3D table (its pressCard): the joker pressed after a card that cannot follow
      // it is chosen alone, and the card let go.
      var chosen = choice.joker && choice.card && handCard(choice.card);
      if (chosen && !chosen.hasAttribute("data-joker-spot")) choice.card = null;
    } else {
      choice.card = choice.card === code ? null : code;
    }
    showChoice();
  }

  // #messages is a live region: a refusal (`urgent`: the press was not sent) is read out at once,
  // a note or a question waits its turn (urgency).
  function say(text, urgent) {
    var box = document.getElementById("messages");
    if (!box || !text) return;
    urgency(box, !!urgent);
    box.innerHTML = "";
    var p = document.createElement("p");
    p.className = "message message-info message-local";
    p.textContent = text;
    box.appendChild(p);
  }

  // A refusal interrupts what a screen reader is saying; a routine note (a hint, "you are back at
  // your seat", fast-forward's) would cut off the move being read, so it waits (polite).
  function urgency(box, urgent) {
    box.setAttribute("aria-live", urgent ? "assertive" : "polite");
  }

  // The panel's fixed words, given once by the page (.room), not by every pushed #controls.
  function words(form, name) {
    var room = form.closest(".room") || $(".room");
    return room ? room.getAttribute(name) : "";
  }

  // Fills in the chosen card(s) of a Play; a Play with nothing chosen is explained, not sent.
  function configureSend(event) {
    var form = event.target;
    var params = event.detail.parameters;
    // The connection is down: the move is not kept to go once it is back (htmx would queue it),
    // when the table may have changed and the player pressed again meanwhile (the first press
    // played, each other one was told "the table changed"). Said, and not sent.
    if (down || offline) {
      say(words(form, "data-not-connected"), true);
      event.preventDefault();
      return;
    }
    if (params.action === "reveal" && form.classList.contains("curtain-form")) {
      var key = curtainKey(form);
      if (key) lifted(key);
    }
    // The move is made on the table this page shows: its version, never an older one in a form.
    if (!("version" in params) || form.classList.contains("panel-form")) params.version = pageVersion();
    if (form.classList.contains("panel-form") && secondTap(params.action)) {
      event.preventDefault();
      return;
    }
    if (form.classList.contains("panel-form") && params.action === "play") {
      if (choice.joker && !choice.card) {
        say(words(form, "data-joker-needs-card"), true);
        event.preventDefault();
        return;
      }
      if (!choice.card) {
        // Off turn, "choose a card first" would send the player looking for a card to choose.
        var note = $("#controls .turn-note");
        var offTurn = note && note.getAttribute("data-mine") === "false";
        // With no card that fits, there is none to choose: the turn note says to press Pass.
        var noCard = note && note.classList.contains("must-pass") && note.textContent.trim();
        say(noCard || words(form, offTurn ? "data-not-your-turn" : "data-choose-first"), true);
        event.preventDefault();
        return;
      }
      params.card = choice.card;
      if (choice.joker) {
        var target = handCard(choice.card);
        var spots = ((target && target.getAttribute("data-joker-spot")) || "").split(" ").filter(Boolean);
        if (!spots.length) {
          say(words(form, "data-joker-card"), true);
          event.preventDefault();
          return;
        }
        if (spots.length > 1 && spots.indexOf(choice.spot) < 0) {
          askSpot(form, target, spots);
          event.preventDefault();
          return;
        }
        params.action = "joker";
        params.spot = spots.length > 1 ? choice.spot : spots[0];
        choice.spot = null;
      }
    }
    if (params.action === "play" || params.action === "pass" || params.action === "joker") {
      var move = JSON.stringify([params.action, params.card, params.spot, params.seat, params.version]);
      if (move === pending) {
        event.preventDefault();
        return;
      }
      pending = move;
      sentAt = Date.now();
    }
    // The move goes: what the page itself said about making it ("choose a card first", the
    // joker's questions) is answered.
    var local = $("#messages .message-local");
    if (local) local.remove();
  }

  // The second tap of a double tap on Play or Pass (see sentAt): the seat has no such move now
  // (showAvailable marked the button), and its own move went moments ago.
  function secondTap(action) {
    if (action !== "play" && action !== "pass") return false;
    if (Date.now() - sentAt > DOUBLE_TAP_MS) return false;
    var button = action === "pass" ? document.getElementById("pass-button") : $("#controls .play-button");
    return !!button && button.getAttribute("aria-disabled") === "true";
  }

  // The card could follow the joker on two spots (A and K joined, with an eliminated player's cards
  // on the row): the spot decides who may later take the joker back, so the player chooses. A
  // button per spot, under the question; pressing one plays.
  function askSpot(form, target, spots) {
    var texts = (target.getAttribute("data-joker-spot-text") || "").split(" ");
    say(words(form, "data-joker-where"));
    var line = $("#messages .message");
    if (!line) return;
    spots.forEach(function (spot, i) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "joker-spot";
      button.setAttribute("data-spot", spot);
      button.textContent = texts[i] || spot;
      if (texts[i]) button.setAttribute("aria-label", labelFor(texts[i]));
      button.addEventListener("click", function () {
        choice.spot = spot;
        var play = $('#controls button[value="play"]');
        if (play) play.click();
      });
      line.appendChild(document.createTextNode(" "));
      line.appendChild(button);
    });
    // Asked for a Play pressed on the 3D table, the question is answered there too (its bar
    // repeats these buttons): the focus comes here without scrolling the table out of view.
    line.querySelector("button").focus({ preventScroll: fromTable });
  }

  // The 3D table (static/table/src/panel.js) presses Play and Pass through this panel: the joker's
  // spot the player pressed on its layout is the joker's, and no question is asked.
  var fromTable = false;
  function tableSubmit(event) {
    event.preventDefault(); // pressed here
    var spot = event.detail && event.detail.spot;
    if (spot) choice.spot = spot;
    fromTable = true;
    try {
      event.target.click();
    } finally {
      fromTable = false;
    }
  }

  // -- frames ---------------------------------------------------------------------------------

  function rememberFocus() {
    var active = document.activeElement;
    // The last update left nothing to take the focus (a hot-seat curtain for a seat that passes
    // has no button), so it fell to the page: the next update hands it on, as it was to be.
    if (focusWaiting && (!active || active === document.body)) return;
    focusWaiting = false;
    focusKey = null;
    if (!active || active === document.body) return;
    if (active.closest("#hand") && active.hasAttribute("data-card")) {
      focusKey = '#hand .card[data-card="' + active.getAttribute("data-card") + '"]';
    } else if (active.closest("#hand .curtain")) {
      // The curtain lifted: its player starts on a card they can play, as after a deal.
      focusKey = "#hand .card.playable";
    } else if (active.closest("#hand")) {
      focusKey = "#hand button";
    } else if (active.closest("#controls") && active.value) {
      focusKey = '#controls button[value="' + active.value + '"]';
    } else if (active.closest("#settlement")) {
      focusKey = "#settlement button, #settlement a";
    } else if (active.closest("#log")) {
      focusKey = "#log summary";
    }
  }

  function restoreFocus() {
    var active = document.activeElement;
    if (!focusKey || (active && active !== document.body && document.body.contains(active))) return;
    // At the end of a round the next step is in the settlement, not among the cards left.
    var candidates = [focusKey, "#hand .card.playable"];
    // No card to play where a pass is chosen by hand (rooms.table.server_passes): on to Pass.
    if (document.querySelector("#controls .must-pass")) candidates.push("#pass-button");
    candidates.push("#settlement button", "#hand button", "#controls button");
    for (var i = 0; i < candidates.length; i++) {
      // The first one shown: Play, Pass and Hint are hidden for a seat out of the round.
      // (A round's cards left are disabled: shown, never focused.)
      var target = $all(candidates[i]).filter(function (el) { return el.getClientRects().length && !el.disabled; })[0];
      if (target) {
        focusWaiting = false;
        target.focus({ preventScroll: true });
        showFocused(target);
        return;
      }
    }
    focusWaiting = true;
  }

  // The focus moved by the page must be seen: out of view (the settlement comes above the cards
  // a keyboard player was using), the view goes to it, the settlement's results from their top.
  function showFocused(target) {
    var box = target.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    var settlement = target.closest("#settlement");
    if (settlement && settlement.getBoundingClientRect().height <= window.innerHeight) {
      settlement.scrollIntoView({ block: "start" });
    } else {
      target.scrollIntoView({ block: "center" });
    }
  }

  function send(fields) {
    if (!socket) return;
    var body = Object.assign({ version: pageVersion() }, fields);
    socket.send(JSON.stringify(body));
  }

  // The browser signed up, logged in or logged out in another tab (rooms.consumers
  // ACCOUNT_CHANGED): the header's account links are fetched anew, from this room's page as the new
  // session sees it. The notice may come before the other tab's answer brought the new session
  // cookie: a header that has not changed yet is asked for again. A log-out leaves the browser
  // without its seat (the computer plays it, or a waiting room frees it): the page's seat forms
  // were drawn for a seated player ("Leave my seat", no "Take a free seat"), so a page seated
  // otherwise than the fresh one is loaded anew (a sign-up or log-in keeps the seats: no reload).
  var ACCOUNT_CHANGED = "<!-- account changed -->";
  function seated(root) {
    var room = root.querySelector(".room");
    return room && room.getAttribute("data-seated");
  }
  function refreshAccount(tries) {
    var nav = $(".site-header .history-nav");
    if (!nav || !window.fetch) return;
    fetch(window.location.pathname, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var page = html && new DOMParser().parseFromString(html, "text/html");
        var fresh = page && page.querySelector(".site-header .history-nav");
        if (fresh && fresh.textContent !== nav.textContent) {
          if (seated(page) !== seated(document)) window.location.reload();
          else nav.replaceWith(document.importNode(fresh, true));
        } else if (tries > 1) setTimeout(function () { refreshAccount(tries - 1); }, 1000);
      })
      .catch(function () {});
  }

  // This browser took a seat, or left it, in another tab (rooms.consumers SEATED, UNSEATED):
  // a page drawn the other way loads anew (before the deal no table says who is seated:
  // followSeat). The tab that pressed the button is on its way to the new page already.
  var SEATED = "<!-- seated -->";
  var UNSEATED = "<!-- unseated -->";

  function beforeMessage(event) {
    if (event.detail.message === ACCOUNT_CHANGED) {
      event.preventDefault();
      setTimeout(function () { refreshAccount(5); }, 300);
      return;
    }
    if (event.detail.message === SEATED || event.detail.message === UNSEATED) {
      event.preventDefault();
      var now = event.detail.message === SEATED ? "true" : "false";
      if (!reloading && $(".room") && seated(document) !== now) {
        reloading = true;
        window.location.reload();
      }
      return;
    }
    answered(); // the socket is alive
    var incoming = frameVersion(event.detail.message);
    var base = frameBase(event.detail.message);
    var current = pageVersion();
    if (incoming !== null && current !== null && incoming <= current && (base !== null || incoming < current)) {
      event.preventDefault(); // an older frame overtaken by a newer one: keep the newer
      markSynced(); // the page already shows a table at least as new
      return;
    }
    if (base !== null && base !== current) {
      event.preventDefault(); // a delta for a table this page does not show: a frame was missed
      send({ action: "resync" });
      return;
    }
    version = current;
    var state = document.getElementById("table-state");
    stateBefore = state ? state.textContent : null;
    missed = reopened ? missedMoves(event.detail.message) : "";
    reopened = false;
    logOpen = !!$("#log details[open]");
    rememberFocus();
  }

  // The moves made while the socket was down, said before the last one (which #live says): the
  // whole table the server sends on reconnecting carries them in its log, and #live only the last.
  // Up to MISSED_SAID lines read out (the note's data-missed-said, if it says otherwise); more are
  // counted, the log has them. Nothing on a page just opened (no log before) or when the round
  // changed (the new round's deal is said).
  var MISSED_SAID = 6;
  function missedMoves(message) {
    var list = $("#log ol.log-lines");
    if (!list || !stateBefore || !isFullFrame(message)) return "";
    var box = document.createElement("template");
    box.innerHTML = message;
    var incoming = box.content.querySelector("#log ol.log-lines");
    var state = box.content.querySelector("#table-state");
    var note = $("[data-connection]");
    if (!incoming || !state || !note) return "";
    try {
      if (JSON.parse(stateBefore).round !== JSON.parse(state.textContent).round) return "";
    } catch (e) { return ""; }
    var end = parseInt(list.getAttribute("start") || "1", 10) + list.children.length - 1;
    var start = parseInt(incoming.getAttribute("start") || "1", 10);
    var lines = Array.prototype.slice.call(incoming.children).filter(function (line, i) {
      return start + i > end;
    }).map(function (line) { return line.textContent.trim(); });
    // The last move and what it brought (a seat out, a joker taken back) end the log: #live says
    // them, as "Last move:" (#move) shows them. Those lines, matched from its end, are not missed.
    var move = box.content.querySelector("#move");
    var rest = move ? move.textContent.trim() : "";
    var last = 0;
    while (rest && lines.length) {
      var line = lines[lines.length - 1];
      if (!line || rest.slice(-line.length) !== line) break;
      rest = rest.slice(0, -line.length).trim();
      lines.pop();
      last += 1;
    }
    if (!lines.length) return "";
    // (the whole table's log holds its last LOG_TAIL lines: more may have been made)
    var made = start + incoming.children.length - 1 - end - last;
    var most = parseInt(note.getAttribute("data-missed-said") || MISSED_SAID, 10);
    if (made > most) {
      return (note.getAttribute("data-missed-many") || "").replace("%(n)s", made + 1);
    }
    var space = note.getAttribute("data-space") || " ";
    return (note.getAttribute("data-missed") || "").replace("%(moves)s", lines.map(spokenText).join(space));
  }

  // A delta's #table-state holds only what changed (and its base version): merged into the state
  // the page held, so #table-state is always the whole seat view.
  function mergeState(message) {
    var state = document.getElementById("table-state");
    if (!state || frameBase(message) === null || !stateBefore) return;
    try {
      var merged = JSON.parse(stateBefore);
      var patch = JSON.parse(state.textContent);
      Object.keys(patch).forEach(function (key) {
        var value = patch[key];
        if (Array.isArray(merged[key]) && value && typeof value === "object" && !Array.isArray(value)) {
          Object.keys(value).forEach(function (i) { merged[key][i] = value[i]; }); // rows, seats by index
        } else {
          merged[key] = value;
        }
      });
      state.textContent = JSON.stringify(merged);
      if (patch.rows) drawRows(Object.keys(patch.rows), merged);
    } catch (e) {
      send({ action: "resync" });
    }
  }

  // -- the layout, drawn from the state --------------------------------------------------------
  // A delta carries no layout: the rows that changed are in its #table-state (a letter per cell,
  // `rooms.table.compact_state`), and their cells and notes are drawn here as the `layout`
  // partial draws them, with the page's words (.room data-next, …). A cell's face is the same in
  // every language.

  var SUITS = "SHDC";
  var SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  function face(card) {
    return (card[0] === "T" ? "10" : card[0]) + SYMBOLS[card[1]];
  }

  function bold(cards) {
    var out = [];
    cards.forEach(function (card, i) {
      if (i) out.push(document.createTextNode(" "));
      var b = document.createElement("b");
      b.textContent = face(card);
      out.push(b);
    });
    return out;
  }

  function drawRows(indexes, state) {
    var room = $(".room");
    if (!room || !state.ranks) return;
    indexes.forEach(function (index) {
      var word = state.rows[index];
      var suit = SUITS[index];
      var row = $('#layout li.row[data-suit="' + suit + '"]');
      if (!row || typeof word !== "string") return;
      var full = word.charAt(0) === "!";
      var letters = word.replace("!", "");
      // Cells run in the row's order (state.ranks: A…K, or 2…A when the ace is high), so the next
      // cards come out low end first, as the server names them.
      var cells = [], next = [], placed = [], closed = [];
      for (var i = 0; i < letters.length; i++) {
        var card = state.ranks[i] + suit;
        var letter = letters[i];
        var cell = document.createElement("li");
        cell.id = "c" + card;
        if (letter !== "e") cell.className = letter;
        // Read aloud: the cards on the table only (the note under the row names the next ones).
        if (letter === "e" || letter === "n" || letter === "c") cell.setAttribute("aria-hidden", "true");
        if (letter !== "e" && letter !== "c") cell.textContent = face(card);
        cells.push(cell);
        if (letter === "n") next.push(card);
        if (letter === "p") placed.push(card);
        if (letter === "c") closed.push(card);
      }
      var open = letters[state.ranks.indexOf("7")] === "r"; // a row opens with its 7 on the table
      row.querySelector("ol.cells").replaceChildren.apply(row.querySelector("ol.cells"), cells);
      var note = row.querySelector("p.row-note");
      var parts = [];
      // After a label's colon: a space, or none where the colon is wide (次：8♦; .room data-label-space)
      var space = room.hasAttribute("data-label-space") ? room.getAttribute("data-label-space") : " ";
      if (full) {
        var mark = document.createElement("span");
        mark.className = "full-mark";
        mark.textContent = "\u2713 " + room.getAttribute("data-full");
        parts.push(mark);
      } else if (!open) {
        parts.push(document.createTextNode(room.getAttribute("data-not-open")));
      } else if (!state.over) { // once the round is over no card is next (as the server writes it)
        parts.push(document.createTextNode(room.getAttribute("data-next") + space));
        parts = parts.concat(next.length ? bold(next) : [document.createTextNode(room.getAttribute("data-none"))]);
      }
      if (placed.length) {
        parts.push(document.createTextNode((parts.length ? " \u00b7 " : "") + room.getAttribute("data-placed") + space));
        parts = parts.concat(bold(placed));
      }
      // "Continue from the other end": the spot the run reached, closed (as the server writes it).
      if (closed.length && !full && !state.over) {
        parts.push(document.createTextNode(" \u00b7 " + room.getAttribute("data-closed") + space));
        parts = parts.concat(bold(closed));
      }
      note.className = "row-note" + (full ? " full" : open ? "" : " closed");
      note.removeAttribute("data-spoken"); // its new words are given again (speakCards)
      note.replaceChildren.apply(note, parts);
    });
  }

  // A hint chooses its move for the player, who still has to press Play (or Pass).
  function takeHint(message) {
    if (message.indexOf("data-hint=") === -1) return;
    var hinted = $("#messages [data-hint]");
    var word = hinted && hinted.getAttribute("data-hint");
    if (!word) return;
    var star = word.indexOf("*");
    choice.joker = star !== -1;
    choice.card = word === "pass" ? null : word.slice(star + 1);
    choice.spot = star !== -1 ? word.slice(0, star) : null; // the hinted spot, when there are two
    hintChoice = choice.card + "|" + choice.joker;
  }

  // A friend's seat whose mark changed (`rooms.table.marked_seats`: offline, away, free, or none
  // again) is said in #presence-said, a live region that stays in the page: the seat lines and
  // the 3D tags show it, but they change at every move and are read by nobody unasked. The
  // viewer's own seat is never said; a page just opened (no table before) says nothing; nor does
  // a hot-seat room's own device (`device`: every seat is its own). A mark gone with a change of
  // status is no return: a finished match says nobody offline, a closed room nobody away.
  function sayPresence() {
    var box = document.getElementById("presence-said");
    var state = document.getElementById("table-state");
    if (!box || !state || !stateBefore) return;
    var before, after;
    try {
      before = JSON.parse(stateBefore);
      after = JSON.parse(state.textContent);
    } catch (e) { return; }
    if (!before || !after || !before.seats || !after.seats || after.device) return;
    var moved = before.status !== after.status;
    var said = [];
    after.seats.forEach(function (seat, i) {
      if (i === after.seat || !before.seats[i]) return;
      var was = before.seats[i][4] || "";
      var now = seat[4] || "";
      if (was === now || (now === "" && was !== "free" && moved)) return;
      var name = (after.names || [])[i];
      var mark = now || "back";
      // A seat left free and taken during the match (there is no lobby then to say it): by
      // someone else, or by its player again, who is back. "… until someone takes it" stood.
      if (now === "" && was === "free" && name !== (before.names || [])[i]) mark = "taken";
      var words = box.getAttribute("data-said-" + mark) || "";
      if (words && name) said.push(words.replace("%(name)s", name));
    });
    if (said.length) box.textContent = said.join(box.getAttribute("data-space") || " ");
  }

  function afterMessage(event) {
    pending = null;
    var incoming = frameVersion(event.detail.message);
    mergeState(event.detail.message);
    sayPresence();
    showAvailable();
    keepLogOpen();
    speakCards();
    takeHint(event.detail.message);
    forgetMissingChoice();
    showChoice();
    restoreFocus();
    followStatus();
    followSeat();
    showCurtain();
    liftAgain();
    if (incoming !== null && version !== null && incoming > version + 1 && !isFullFrame(event.detail.message)) {
      send({ action: "resync" });
    }
    version = pageVersion();
    markSynced();
    turnTitle();
  }

  // The room counts as connected once the first frame after an open has been shown: the server
  // sends the whole table on every connect, so from then on the table in view is the server's (an
  // open socket alone is not enough; a move made on the page's first render may be out of date).
  function markSynced() {
    if (synced) return;
    synced = true;
    connection(true);
  }

  // Pass and Play look unavailable unless the seat's legal moves now hold a pass, or a card
  // (off turn, Pass when the seat must play, Play when it has nothing to play), and Hint unless
  // the seat has a move to make (off turn, out of the round), as on the 3D
  // table. aria-disabled, not disabled: a button keeps the focus, and pressing it anyway gets the
  // server's reason. Read from the state: no byte on the wire.
  function showAvailable() {
    var state = document.getElementById("table-state");
    if (!state) return;
    var legal = [];
    var out = false;
    try {
      var view = JSON.parse(state.textContent);
      legal = view.legal || [];
      // A seat out of the round (gone out, knocked out) has no move left: only Fast-forward
      // stays, as on the 3D table. Hidden here, from the state: a frame carries no new buttons.
      var mine = view.seats && view.seat !== null && view.seat !== undefined && view.seats[view.seat];
      out = !!mine && mine[2] !== "playing";
    } catch (e) { /* an unreadable state: a resync is on its way */ }
    offer(document.getElementById("pass-button"), legal.indexOf("pass") !== -1, out);
    offer($("#controls .play-button"), legal.some(function (word) { return word !== "pass"; }), out);
    offer($("#controls .hint-button"), legal.length > 0, out);
  }

  function offer(button, available, out) {
    if (!button) return;
    button.hidden = !!out;
    if (available) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
  }

  // The log, the last move, the layout and the round's results write cards as the hand does
  // (8♦), which a screen reader spells out as a symbol ("8 black diamond suit"): each line gets
  // its words ("8 of diamonds", #card-words, in the page's language) in a copy for screen
  // readers, the symbols hidden from them. Done here, not on the wire: a frame stays as small as
  // it was. Cards in a row ("next: 6♠ 8♠") are heard with a pause between them.
  var cardWords = null;
  var CARD_TEXT = /(10|[2-9AJQK])[♠♥♦♣]/g;
  var CARD_THEN_CARD = /((?:10|[2-9AJQK])[♠♥♦♣]) (?=(?:10|[2-9AJQK])[♠♥♦♣])/g;
  var SPOKEN = "#log .log-lines li, #log-earlier li, #last-move #move, #layout .cells > li:not([aria-hidden]), " +
    "#layout .row-note";

  function wordsFor(card) {
    if (cardWords === null) {
      var source = document.getElementById("card-words");
      try {
        cardWords = source ? JSON.parse(source.textContent) : {};
      } catch (e) {
        cardWords = {};
      }
    }
    return cardWords[card] || card;
  }

  // A card button's name: its words, led by its face where they do not hold it ("A♠, ace of
  // spades", #card-labels): a voice-control user says what the button shows.
  var cardLabels = null;
  function labelFor(card) {
    if (cardLabels === null) {
      var source = document.getElementById("card-labels");
      try {
        cardLabels = source ? JSON.parse(source.textContent) : {};
      } catch (e) {
        cardLabels = {};
      }
    }
    return cardLabels[card] || wordsFor(card);
  }

  function spokenText(text) {
    var lang = (document.documentElement.getAttribute("lang") || "").slice(0, 2);
    var pause = lang === "ja" || lang === "zh" ? "\u3001" : ", ";
    return text.replace(CARD_THEN_CARD, "$1\u0000").replace(CARD_TEXT, wordsFor)
      .replace(/\u0000| \u00b7 /g, pause).replace(/\u2713 ?/g, "");
  }

  // `line` shown as it is but hidden from screen readers, and `heard` (hidden from the eyes) read.
  function giveWords(line, heard) {
    var shown = document.createElement("span");
    shown.setAttribute("aria-hidden", "true");
    while (line.firstChild) shown.appendChild(line.firstChild);
    var words = document.createElement("span");
    words.className = "sr-only";
    words.textContent = heard;
    line.appendChild(shown);
    line.appendChild(words);
    line.setAttribute("data-spoken", "");
  }

  function speakCards() {
    $all(SPOKEN).forEach(function (line) {
      if (line.hasAttribute("data-spoken")) return;
      var text = line.textContent;
      var card = CARD_TEXT.test(text);
      CARD_TEXT.lastIndex = 0;
      if (card || text.indexOf("\u2713") !== -1) giveWords(line, spokenText(text));
    });
    // A row's suit is its symbol and its name (hidden from the eyes): the name alone is read.
    $all("#layout .row-suit:not([data-spoken])").forEach(function (head) {
      var name = head.querySelector("i");
      if (name) giveWords(head, name.textContent);
    });
  }

  // The whole table replaces #log with its details closed: a player who was reading it keeps it
  // open.
  function keepLogOpen() {
    var details = $("#log details");
    if (logOpen && details && !details.open) details.open = true;
  }

  // A frame carrying the table state and no base version is the whole table: nothing is missing.
  function isFullFrame(message) {
    return message.indexOf('id="table-state"') !== -1 && frameBase(message) === null;
  }

  // A hot-seat curtain that comes up out of sight is brought into view, where the panel is the
  // game (no 3D table, or one that failed): the 3D table shows the curtain over itself.
  var curtainShown = false;
  function showCurtain() {
    var curtain = $("#hand .curtain");
    var table3d = document.getElementById("table3d");
    var panelOnly = !table3d || document.documentElement.getAttribute("data-table3d") === "failed";
    if (curtain && !curtainShown && panelOnly) {
      var box = curtain.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) curtain.scrollIntoView({ block: "nearest" });
    }
    if (!curtain && curtainShown && panelOnly) showHand();
    curtainShown = !!curtain;
  }

  // The curtain lifted: its hand and Play are brought into view together. A curtain scrolled up
  // only as far as needed sits at the screen's foot, and the hand that replaces it ran on below,
  // Play out of sight (the first turn of every round on a phone). Scrolled no further than the
  // hand's own top.
  function showHand() {
    var hand = $("#hand");
    var controls = $("#controls");
    if (!hand || !controls || controls.hidden || !$("#hand .card")) return;
    var below = controls.getBoundingClientRect().bottom - window.innerHeight;
    var above = hand.getBoundingClientRect().top;
    if (below > 0 && above > 0) window.scrollBy(0, Math.min(below, above));
  }

  function followStatus() {
    var lobby = document.getElementById("lobby");
    var status = lobby ? lobby.getAttribute("data-status") : null;
    var waiting = status === "waiting";
    $all('[data-while="waiting"]').forEach(function (box) { box.hidden = !waiting; });
    // And what only matters once the cards are dealt (no undo), the other way round.
    $all('[data-while="playing"]').forEach(function (box) { box.hidden = waiting; });
    // A match under way (a seat left is the computer's until someone takes it), or not.
    var live = status === "playing" || status === "between_rounds";
    $all('[data-while="live"]').forEach(function (box) { box.hidden = !live; });
    $all('[data-while="not-live"]').forEach(function (box) { box.hidden = live; });
    // A room closed while its page is open (an operator, the idle sweep) has no link to share.
    var closed = status === "closed";
    $all('[data-while="open"]').forEach(function (box) { box.hidden = closed; });
    // A visitor is offered a seat while one is free: one nobody took yet, or one its player left
    // during the match; once it is taken the offer goes.
    var free = !closed && !!$("#lobby [data-free], #seats [data-free]");
    $all('[data-while="free"]').forEach(function (box) { box.hidden = !free; });
    $all('[data-while="full"]').forEach(function (box) { box.hidden = free; });
    // A seated friend may start the match once its creator has left their seat.
    var creatorSeated = !lobby || lobby.getAttribute("data-creator-seated") !== "false";
    $all('[data-starter="seated"]').forEach(function (form) { form.hidden = !waiting || creatorSeated; });
    // Till then the friend is told who starts.
    $all('[data-starter="creator"]').forEach(function (note) { note.hidden = !waiting || !creatorSeated; });
  }

  // A friends' room's page is drawn for a visitor with a seat ("Leave my seat") or without one
  // ("Take a free seat"). Another tab of the browser that left the seat, or took one, changes
  // that: this page then showed a watcher "Leave my seat", and no seat to take while one was
  // free. Once the match is dealt, the table says whether the viewer is seated (its "you"): a page
  // drawn otherwise is loaded anew. (Before the deal the lobby is the same for every visitor.)
  var reloading = false;
  function followSeat() {
    var room = $(".room");
    var lobby = document.getElementById("lobby");
    var status = lobby ? lobby.getAttribute("data-status") : null;
    if (reloading || !room || room.getAttribute("data-mode") !== "friend" || !$("#seats")) return;
    if (["playing", "between_rounds", "finished"].indexOf(status) === -1) return;
    var seatedNow = !!$("#seats .you");
    if (seatedNow !== (seated(document) === "true")) {
      reloading = true;
      window.location.reload();
    }
  }

  // `final`: the server closed the socket for good (its own codes, 4000 and up: too many
  // messages, a message too large), and no reconnection is coming: the note says to reload.
  function connection(up, final) {
    var note = $("[data-connection]");
    var room = $(".room");
    if (note) {
      note.hidden = up;
      var text = note.getAttribute(final ? "data-final" : "data-lost");
      if (!up && text) note.textContent = text;
    }
    if (room) room.setAttribute("data-connected", up ? "true" : "false");
  }

  // htmx reconnects by itself only after an abnormal close (1006, 1011-1013); a server that restarts
  // cleanly closes with 1000 or 1001, and the game must continue then too. The server's own codes
  // (4000 and up: no such room, too many messages) are final.
  var RECONNECT_ON = [1000, 1001, 1005];
  var retries = 0;

  // The wait before the n-th retry: growing from a quarter of a second, never above ten seconds
  // (htmx's own waits grow to a minute), and spread so a restarted server is not hit by every
  // page at once. htmx uses it for the abnormal closes too.
  function reconnectDelay(n) {
    return Math.min(10000, 500 * Math.pow(2, n)) * (0.5 + Math.random() / 2);
  }
  if (window.htmx) htmx.config.wsReconnectDelay = reconnectDelay;

  // htmx's ws extension hands a socket's error event, as it is, to htmx's error log: a failed
  // reconnection logged "[object Event]". Its sockets are made here (as the extension makes them),
  // and its error handler gets an error that says which connection failed and what comes next.
  function createSocket(url) {
    var raw = new WebSocket(url, []);
    raw.binaryType = htmx.config.wsBinaryType;
    var handler = null; // the extension's (checkSocket may drop it)
    Object.defineProperty(raw, "onerror", {
      get: function () { return handler; },
      set: function (fn) { handler = fn; },
    });
    raw.addEventListener("error", function (event) {
      if (!handler) return;
      handler({
        type: "error",
        event: event,
        toString: function () { return "The room's connection failed (" + url + "): the page tries again."; },
      });
    });
    return raw;
  }
  if (window.htmx) htmx.createWebSocket = createSocket;

  function reconnectLater(detail) {
    var code = detail && detail.event ? detail.event.code : null;
    if (RECONNECT_ON.indexOf(code) === -1 || !detail.socketWrapper) return;
    var delay = reconnectDelay(retries);
    retries += 1;
    setTimeout(function () {
      if ($(".room")) detail.socketWrapper.reconnect();
    }, delay);
  }

  // -- a connection that died without a word -----------------------------------------------------
  // A device that slept, or a network that changed, can leave a socket that neither side closed:
  // the page would say "connected" and receive nothing until the server's pings give up (about a
  // minute). The browser's own signs (back online; the page shown again after half a minute
  // hidden) make the page ask for the whole table; with no answer within PROBE_MS it opens a new
  // socket, whose first frame is the whole table.
  var PROBE_MS = 5000;
  var HIDDEN_MS = 30000;
  var rawSocket = null; // the WebSocket of the last open
  var probe = null;
  var hiddenAt = null;

  function checkSocket() {
    if (!socket || down || !rawSocket || !$(".room")) return; // closed: it is being reopened
    clearTimeout(probe);
    var asked = rawSocket;
    probe = setTimeout(function () {
      probe = null;
      if (asked !== rawSocket || down) return;
      // The silent socket is dropped without a word: its close, when it comes, is no news (htmx
      // would open yet another socket on it, and this page would count a lost connection).
      asked.onclose = null;
      asked.onerror = null;
      rawSocket = null;
      socket.reconnect();
    }, PROBE_MS);
    send({ action: "resync" });
  }

  function answered() {
    offline = false;
    if (probe === null) return;
    clearTimeout(probe);
    probe = null;
  }

  // The browser says the network is gone. The socket still looks open (until the probe gives up,
  // or the server's pings do, a minute on): the page would say nothing, and a move pressed
  // meanwhile would wait in the socket and go once the network is back, on a table that may have
  // changed. Said at once, moves refused as for a closed socket; a server on this very machine
  // still answers the probe, and the note goes with its answer.
  function wentOffline() {
    if (!socket || down || !rawSocket || !$(".room")) return;
    checkSocket();
    offline = true;
    synced = false; // the next frame shown marks the room connected again
    connection(false);
  }

  window.addEventListener("online", checkSocket);
  window.addEventListener("offline", wentOffline);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      hiddenAt = Date.now();
    } else if (hiddenAt !== null) {
      if (Date.now() - hiddenAt > HIDDEN_MS) checkSocket();
      hiddenAt = null;
    }
  });

  // -- keyboard: arrows move along the hand -----------------------------------------------------

  // A key held down repeats its press: on a button that sends (Play, Pass, Hint, …) every repeat
  // would be one more message, and the server closes a socket that sends too many (a held Enter
  // spends the budget in seconds). One press, one message.
  function heldKey(event) {
    if (!event.repeat || (event.key !== "Enter" && event.key !== " ")) return;
    var form = event.target.closest && event.target.closest("form");
    if (form && form.hasAttribute("ws-send")) event.preventDefault();
  }

  function arrows(event) {
    var button = event.target.closest && event.target.closest("#hand .card");
    if (!button || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    var cards = $all("#hand .card");
    var next = cards[cards.indexOf(button) + (event.key === "ArrowRight" ? 1 : -1)];
    if (next) { next.focus(); event.preventDefault(); }
  }

  // -- home page: the hot-seat button names the number of players -------------------------------

  function homePlayers(event) {
    if (event.target.name !== "players") return;
    $all(".players-count").forEach(function (span) { span.textContent = event.target.value; });
    $all(".hotseat-names .name4").forEach(function (box) { box.hidden = event.target.value !== "4"; });
  }

  // -- home page: options that do not go together are not offered together ------------------------
  // The server refuses them with the same words (rooms.forms): the joker with 7s played in turn,
  // unlimited passes with passing while able. Here the menu says so before anything is sent.

  // The joker greyed out and unticked, or offered again as the player had left it.
  function offerJoker(joker, offered) {
    if (!offered && !joker.disabled) joker.setAttribute("data-chosen", joker.checked ? "true" : "false");
    if (offered && joker.disabled) joker.checked = joker.getAttribute("data-chosen") === "true";
    if (!offered) joker.checked = false;
    joker.disabled = !offered;
  }

  function homeRules() {
    var form = document.getElementById("rules-form");
    if (!form) return;
    var sevens = form.elements.sevens;
    var joker = form.elements.joker;
    var always = form.elements.pass_when_playable;
    var limit = form.elements.pass_limit;
    if (joker && sevens) {
      var noJoker = sevens.value === "played";
      offerJoker(joker, !noJoker);
      fieldNote(joker, "joker-note", noJoker ? form.getAttribute("data-joker-note") : "");
    }
    // The rows' ends are named by the rows chosen: A and K (A…7…K), or A and 2 (2…7…A).
    var ace = form.elements.ace;
    var ends = form.elements.ends;
    if (ace && ends && ends.getAttribute("data-label-" + ace.value)) {
      var endsLabel = form.querySelector('label[for="' + ends.id + '"]');
      if (endsLabel) endsLabel.textContent = ends.getAttribute("data-label-" + ace.value);
      var connect = ends.querySelector('option[value="connect"]');
      if (connect) connect.textContent = ends.getAttribute("data-connect-" + ace.value);
    }
    if (limit && always) {
      var unlimited = limit.querySelector('option[value="unlimited"]');
      if (unlimited) {
        unlimited.disabled = always.checked;
        unlimited.title = always.checked ? form.getAttribute("data-unlimited-note") : "";
      }
      var clash = always.checked && limit.value === "unlimited";
      // The greyed "no limit" says why once the player goes to the choice (a disabled option's
      // title is never shown).
      var asked = always.checked && limit.getAttribute("data-asked") === "true";
      fieldNote(limit, "unlimited-note", clash || asked ? form.getAttribute("data-unlimited-note") : "");
    }
  }

  function fieldNote(input, id, text) {
    var note = document.getElementById(id);
    if (!note) {
      note = document.createElement("p");
      note.id = id;
      note.className = "field-note";
      note.setAttribute("role", "status");
      input.closest(".field").appendChild(note);
      input.setAttribute("aria-describedby", id);
    }
    note.textContent = text;
    note.hidden = !text;
  }

  // -- the tab's title ---------------------------------------------------------------------------

  // A player who has gone to another tab sees in its title that it is their turn.
  var baseTitle = null; // the page's own title, read before the first change
  function turnTitle() {
    if (baseTitle === null) baseTitle = document.title;
    var room = $(".room");
    var label = room && room.getAttribute("data-your-turn");
    var mine = $('#controls .turn-note[data-mine="true"]');
    document.title = label && mine && document.hidden ? label + " · " + baseTitle : baseTitle;
  }

  // -- the friend room's link ------------------------------------------------------------------

  // Copied with one press: the clipboard API where the page may use it, else the selected text
  // and the older copy command; either way the link is left selected, to copy by hand if need be.
  function copyLink(button) {
    var input = $(".share-link");
    var status = $(".copy-status");
    if (!input) return;
    function done(ok) {
      if (status) status.textContent = button.getAttribute(ok ? "data-copied" : "data-copy-failed");
    }
    function legacy() {
      input.select();
      try { return document.execCommand("copy"); } catch (error) { return false; }
    }
    input.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(function () { done(true); }, function () { done(legacy()); });
    } else {
      done(legacy());
    }
  }

  window.sevensPanel = { drawRows: drawRows }; // for the browser tests

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#hand .card");
    if (button) press(button);
    var copy = event.target.closest && event.target.closest(".copy-link");
    if (copy) copyLink(copy);
  });
  document.addEventListener("keydown", heldKey, true);
  document.addEventListener("keydown", arrows);
  document.addEventListener("visibilitychange", turnTitle);
  document.addEventListener("change", homePlayers);
  document.addEventListener("focusin", function (event) {
    var limit = event.target;
    if (limit.name !== "pass_limit" || !limit.form || limit.form.id !== "rules-form") return;
    limit.setAttribute("data-asked", "true");
    homeRules();
  });
  document.addEventListener("change", function (event) {
    if (!event.target.form || event.target.form.id !== "rules-form") return;
    homeRules();
    // A rule of the player's own: the menu no longer holds a preset's rules as they are.
    if (["name", "name2", "name3", "name4", "players", "rounds"].indexOf(event.target.name) === -1) {
      $all(".presets button[aria-pressed]").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
    }
  });
  homeRules();
  // "Show the earlier lines" is replaced by them: the focus goes to them, not to the page's top.
  var earlierAsked = false;
  // In the page's own language (rooms.views.room_log): another tab may have changed the cookie's
  // since this page was drawn. Added here, not written in every pushed log (the whole table's
  // bytes).
  document.body.addEventListener("htmx:configRequest", function (event) {
    var asker = event.detail.elt;
    if (asker && asker.closest && asker.closest("button.log-earlier")) {
      event.detail.parameters.lang = document.documentElement.lang;
    }
  });
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (event.target.closest && event.target.closest("button.log-earlier")) earlierAsked = true;
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    var earlier = document.getElementById("log-earlier");
    var active = document.activeElement;
    speakCards();
    if (!earlierAsked || !earlier || earlier.querySelector("button")) return;
    earlierAsked = false;
    if (!active || active === document.body) earlier.focus({ preventScroll: true });
  });
  document.addEventListener("sevens:table-submit", tableSubmit);
  // A whole table puts #live back even when its words are the same (a friend offline and back
  // between rounds, a resync): swapped, a screen reader reads them out again, to every player at
  // each of a friend's reloads. A delta sends #live only when its words changed; so here.
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    // Back after the connection was down: the moves made meanwhile, then the last one.
    if (target && target.id === "live" && missed) {
      var space = ($("[data-connection]") || target).getAttribute("data-space") || " ";
      var last = event.detail.fragment.textContent.trim();
      event.detail.fragment.textContent = last ? missed + space + last : missed;
      missed = "";
      return;
    }
    // The server's note swaps only what #messages holds (innerHTML): its urgency is set here.
    if (target && target.id === "messages") {
      var fragment = event.detail.fragment;
      urgency(target, !!(fragment && fragment.querySelector && fragment.querySelector(".message-error")));
      return;
    }
    if (!target || target.id !== "live") return;
    var before = target.textContent.trim();
    var after = event.detail.fragment.textContent.trim();
    // (Or the words it ends with: the moves missed while the connection was down, then these,
    // and the table sent again at once, the browser back online and asking for it.)
    if (after === target.textContent || after === before || (after && before.slice(-after.length) === after)) {
      event.detail.shouldSwap = false;
      return;
    }
    // The same move said again with more after it: a hot-seat curtain lifted ("Aki played 8 of
    // hearts." then "Aki played 8 of hearts. Your turn."), a whole table after a reconnect. The
    // move was read out when it came; only what is new is said (a screen reader reads a live
    // region's new words whole, so the move came twice at every turn of a shared device).
    if (before && after.indexOf(before) === 0) {
      event.detail.fragment.textContent = after.slice(before.length).trim();
    }
  });
  document.body.addEventListener("htmx:wsConfigSend", configureSend);
  document.body.addEventListener("htmx:wsBeforeMessage", beforeMessage);
  document.body.addEventListener("htmx:wsAfterMessage", afterMessage);
  document.body.addEventListener("htmx:wsOpen", function (event) {
    reopened = opened; // a socket again: the page's table may have missed moves (missedMoves)
    opened = true;
    socket = event.detail.socketWrapper;
    rawSocket = event.detail.event ? event.detail.event.target : null;
    down = false;
    offline = false;
    pending = null;
    relifted = null;
    retries = 0;
    synced = false; // connection(true) waits for the whole table the server sends on connecting
  });
  document.body.addEventListener("htmx:wsClose", function (event) {
    var code = event.detail && event.detail.event ? event.detail.event.code : null;
    synced = false;
    down = true;
    connection(false, code >= 4000);
    reconnectLater(event.detail);
  });
  followStatus();
  showAvailable();
  speakCards();
  showChoice(); // the hand's buttons are toggles: aria-pressed is kept here, not sent by the server
})();
