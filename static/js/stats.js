// Play statistics (opt-out): sends the few facts the privacy page lists, and nothing when the
// footer's switch is off. The switch lives in the `sevens_stats` cookie (the server drops anything
// that arrives with it set to "off") mirrored in localStorage.
//
// Events: match_start / match_end (read from #table-state, the room page's seat view), the
// friend connection (opened or not, and how many times it reopened), the 3D table's failure
// (`sevens:webgl-failed`) and its first frame's render time (`sevens:table-ready`). The room's
// link stays in this browser: it only keys the local note that keeps a match from being counted
// twice across reloads.
(function () {
  "use strict";
  const root = document.getElementById("stats-switch");
  if (!root) return;
  const COOKIE = "sevens_stats";
  const STORE = "sevens.stats";
  const NOTE = "sevens.stats.match.";
  const box = root.querySelector("input[type=checkbox]");

  function cookieOff() {
    return /(?:^|;\s*)sevens_stats=off(?:;|$)/.test(document.cookie);
  }
  function stored() {
    try { return localStorage.getItem(STORE); } catch (e) { return null; }
  }
  function setEnabled(on) {
    document.cookie = COOKIE + "=" + (on ? "on" : "off") + "; path=/; max-age=31536000; SameSite=Lax";
    try { localStorage.setItem(STORE, on ? "on" : "off"); } catch (e) { /* private mode */ }
    if (box) box.checked = on;
    if (!on) dropNotes(); // the privacy page: while the switch is off, no note is kept
  }
  // Every note of a match (see watchMatch), or only those older than two days.
  function dropNotes(before) {
    try {
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const k = localStorage.key(i);
        if (!k || k.indexOf(NOTE) !== 0) continue;
        let t = 0;
        try { t = (JSON.parse(localStorage.getItem(k) || "null") || {}).t || 0; } catch (e) { /* unreadable: dropped */ }
        if (before === undefined || t < before) localStorage.removeItem(k);
      }
    } catch (e) { /* ignore */ }
  }
  function enabled() {
    return !cookieOff();
  }
  // The cookie can be cleared while localStorage remembers "off" (or the reverse): off wins.
  if (stored() === "off" && !cookieOff()) setEnabled(false);
  if (box) {
    box.checked = enabled();
    box.addEventListener("change", function () {
      setEnabled(box.checked);
      if (box.checked) joinedLate();
    });
  }

  // Device facts, as buckets and families only.
  function bucket(value, limits, names) {
    for (let i = 0; i < limits.length; i++) if (value <= limits[i]) return names[i];
    return names[names.length - 1];
  }
  function browserFamily(ua) {
    if (/Edg(e|A|iOS)?\//.test(ua)) return "edge";
    if (/OPR\/|Opera/.test(ua)) return "opera";
    if (/SamsungBrowser/.test(ua)) return "samsung";
    if (/Firefox\/|FxiOS/.test(ua)) return "firefox";
    if (/Chrome\/|CriOS|Chromium/.test(ua)) return "chrome";
    if (/Safari\//.test(ua)) return "safari";
    return "other";
  }
  function osFamily(ua) {
    if (/iPhone|iPad|iPod/.test(ua)) return "ios";
    if (/Android/.test(ua)) return "android";
    if (/CrOS/.test(ua)) return "chromeos";
    if (/Windows/.test(ua)) return "windows";
    if (/Macintosh|Mac OS X/.test(ua)) return "macos";
    if (/Linux/.test(ua)) return "linux";
    return "other";
  }
  function device() {
    const ua = navigator.userAgent || "";
    const facts = {
      phone: navigator.userAgentData ? !!navigator.userAgentData.mobile : /Mobi|iPhone/.test(ua),
      browser: browserFamily(ua),
      os: osFamily(ua),
    };
    if (navigator.deviceMemory) {
      facts.memory = bucket(navigator.deviceMemory, [1, 2, 4], ["le1gb", "2gb", "4gb", "ge8gb"]);
    }
    if (navigator.hardwareConcurrency) {
      facts.cores = bucket(navigator.hardwareConcurrency, [2, 4, 8], ["1to2", "3to4", "5to8", "ge9"]);
    }
    return facts;
  }

  // The CSRF token as of now: signing up or logging in (in this tab or another) gives the browser
  // a new one, and the page's own copy (`data-csrf`) is refused from then on (a 403: the match's
  // end went uncounted). The cookie always holds the current one; the page's copy is the fallback.
  function csrfToken() {
    const found = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
    return found ? decodeURIComponent(found[1]) : root.dataset.csrf;
  }

  function send(data) {
    if (!enabled()) return false;
    const body = JSON.stringify(Object.assign({}, data, device()));
    fetch(root.dataset.endpoint, {
      method: "POST",
      credentials: "same-origin",
      referrerPolicy: "no-referrer", // the page's address names the room: never sent
      keepalive: true,
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: body,
    }).catch(function () { /* statistics never get in the way */ });
    return true;
  }

  // The game, from the room page's seat view.
  const room = document.querySelector(".room[data-room]");
  function readView() {
    const el = document.getElementById("table-state");
    if (!el) return null;
    try { return JSON.parse(el.textContent); } catch (e) { return null; }
  }
  function game(view) {
    const rules = view.rules || {};
    const facts = { game_kind: rules.sevens === "played" ? "chinese" : "japanese", mode: view.mode };
    if ([3, 4].indexOf(rules.players) >= 0) facts.players = rules.players;
    if ([1, 3, 5].indexOf(rules.rounds) >= 0) facts.rounds = rules.rounds;
    if (view.mode === "cpu") {
      const level = (view.levels || []).filter(function (l) { return l && l !== "random"; })[0];
      if (level) facts.cpu_level = level;
    }
    return facts;
  }
  function duration(ms) {
    const minutes = ms / 60000;
    return bucket(minutes, [5, 15, 30, 60], ["lt5m", "5to15m", "15to30m", "30to60m", "gt60m"]);
  }
  function loadNote(key) {
    try { return JSON.parse(localStorage.getItem(NOTE + key) || "null"); } catch (e) { return null; }
  }
  function saveNote(key, note) {
    try { localStorage.setItem(NOTE + key, JSON.stringify(note)); } catch (e) { /* ignore */ }
  }
  function pruneNotes() {
    dropNotes(enabled() ? Date.now() - 2 * 86400000 : undefined);
  }
  const MOVES = { play: 1, pass: 1, joker: 1 };
  function watchMatch() {
    if (!enabled()) return; // switched off: nothing is sent, and nothing kept to send later
    const view = readView();
    if (!room || !view || !view.mode || !view.status || view.status === "waiting") return;
    // A hot-seat room's own device plays every seat, behind its curtain too (`device`); another
    // browser viewing the room only watches it.
    const playing = (view.seat !== null && view.seat !== undefined) || (view.mode === "hotseat" && view.device === true);
    if (!playing) return; // a watcher plays no match
    const key = room.dataset.room;
    let note = loadNote(key);
    if (note && note.ended && view.status !== "finished") note = null; // Play again: a new match
    if (!note) {
      if (view.status === "finished") return; // opened after the end: nothing seen
      note = { t: Date.now(), moves: {}, ended: false };
      send(Object.assign({ event: "match_start" }, game(view)));
    }
    const history = view.history || [];
    // The room's compact seat view counts the round's moves itself (its history is the last move).
    note.moves[view.round || 1] = typeof view.moves === "number" ? view.moves
      : history.filter(function (e) { return MOVES[e.type]; }).length;
    if (view.status === "finished" && !note.ended) {
      note.ended = true;
      if (note.late) return saveNote(key, note);
      let moves = 0;
      Object.keys(note.moves).forEach(function (r) { moves += note.moves[r]; });
      let result = "complete";
      if (view.mode !== "hotseat") result = view.winner === view.seat ? "win" : "loss";
      send(Object.assign({ event: "match_end", result: result, moves: Math.min(moves, 5000),
        duration: duration(Date.now() - note.t) }, game(view)));
    }
    saveNote(key, note);
  }

  // The switch turned on during a match: the notes went when it was turned off, so whether this
  // match's start was counted is no longer known. Nothing more is sent about it (`late`); the next
  // match counts as usual.
  function joinedLate() {
    const view = readView();
    if (!room || !view || !view.status || view.status === "waiting" || view.status === "finished") return;
    const key = room.dataset.room;
    if (!loadNote(key)) saveNote(key, { t: Date.now(), moves: {}, ended: false, late: true });
  }

  // The friend connection: opened at all, and how many times it reopened.
  let opens = 0;
  let connectionSent = false;
  function sendConnection(connected) {
    if (connectionSent || !room || room.dataset.mode !== "friend") return;
    connectionSent = true;
    const view = readView();
    const facts = view && view.mode ? game(view) : { mode: "friend" };
    send(Object.assign({ event: "friend_connection", connected: connected,
      reconnects: Math.min(Math.max(opens - 1, 0), 1000) }, facts));
  }
  if (room && room.dataset.mode === "friend") {
    document.body.addEventListener("htmx:wsOpen", function () { opens += 1; });
    setTimeout(function () { if (!opens) sendConnection(false); }, 15000);
    window.addEventListener("pagehide", function () { if (opens) sendConnection(true); });
  }

  // The 3D table: its failure, and how long its first frame took.
  let webglSent = false;
  function webglFailed() {
    if (webglSent) return;
    webglSent = true;
    const view = readView();
    send(Object.assign({ event: "webgl_failed" }, view && view.mode ? game(view) : {}));
  }
  let speedSent = false;
  function renderSpeed() {
    const ms = window.sevensTable && window.sevensTable.firstRenderMs;
    if (speedSent || typeof ms !== "number") return;
    speedSent = true;
    const view = readView();
    send(Object.assign({ event: "render_speed",
      render_speed: bucket(ms, [50, 150, 500], ["lt50ms", "50to150ms", "150to500ms", "gt500ms"]) },
      view && view.mode ? game(view) : {}));
  }
  window.addEventListener("sevens:webgl-failed", webglFailed);
  window.addEventListener("sevens:table-ready", renderSpeed);
  if (window.sevensTable && window.sevensTable.failed) webglFailed();
  if (window.sevensTable && window.sevensTable.ready) renderSpeed();

  pruneNotes();
  watchMatch();
  document.body.addEventListener("htmx:oobAfterSwap", function (e) {
    if (e.target && e.target.id === "table-state") watchMatch();
  });
  document.body.addEventListener("htmx:wsAfterMessage", watchMatch);

  window.sevensStats = { enabled: enabled, setEnabled: setEnabled, send: send, device: device };
})();
