// The replay viewer's keys: ← and → step, Home and End jump to the start and end of the round;
// and its Play button, which steps on by itself.
// Each key presses the matching link of the viewer, so the keys do what the buttons do (htmx swaps
// the viewer in place; without htmx the link loads the page). The arrows work anywhere on the page
// but in a form field; Home and End in the viewer or with nothing focused (on a link or a button
// elsewhere they do what the browser does).
//
// Every press counts: htmx sends one request of a link at a time and keeps only the last one waiting
// (the same step again), and between a swap and its processing the new links are plain links. So
// while the viewer loads, a press (a click on one of its links, or a key) waits in `presses`; when
// the viewer arrives the presses are applied to it together, and one more request goes straight
// to the step they lead to.
(function () {
  "use strict";
  var KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];
  var ORDER = { Home: ["Home", "ArrowRight", "End"], ArrowLeft: ["ArrowLeft", "ArrowRight"], ArrowRight: ["ArrowRight", "ArrowLeft"], End: ["End", "ArrowLeft", "Home"] };
  // Which control of the viewer has the focus (or had it when a swap took it away): given back to
  // the same control of the new viewer. Null once the focus is elsewhere on the page.
  var intent = null;
  var logOpen = false; // "Every move of the round" stays open across steps once opened
  var loading = false; // from a request for the viewer to htmx's processing of the new one
  var presses = []; // made while loading: {key: "ArrowRight"}, or a link's {round, step}

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (target && target.isContentEditable);
  }

  function lost() {
    var active = document.activeElement;
    return !active || active === document.body;
  }

  function intentOf(element) {
    if (element.dataset.key) return { key: element.dataset.key };
    if (element.closest(".replay-log")) return { step: element.getAttribute("href") };
    if (element.closest(".replay-rounds")) return { rounds: true };
    return { key: "ArrowRight" };
  }

  // The round and step a link of the viewer goes to (a round's link: its start).
  function placeOf(link) {
    var query = new URL(link.getAttribute("href"), window.location.href).searchParams;
    return { round: Number(query.get("round") || 1), step: Number(query.get("step") || 0) };
  }

  // Every step of the viewer's round, in order: the deal, then each entry of the list of moves.
  function stepsOf(viewer) {
    var steps = [0];
    viewer.querySelectorAll(".replay-log a").forEach(function (a) { steps.push(placeOf(a).step); });
    return steps;
  }

  function moved(steps, at, key) {
    var i = 0;
    while (i < steps.length - 1 && steps[i] < at) i++;
    if (key === "Home") return steps[0];
    if (key === "End") return steps[steps.length - 1];
    if (key === "ArrowLeft") return steps[Math.max(i - 1, 0)];
    return steps[steps[i] > at ? i : Math.min(i + 1, steps.length - 1)];
  }

  // The link of the arrived viewer that takes it on towards where the waiting presses lead, or
  // null when it is there. A press in another round waits for that round's link to be followed.
  function onward(viewer) {
    var round = Number(viewer.dataset.round);
    var here = Number(viewer.dataset.step);
    var steps = stepsOf(viewer);
    var at = here;
    while (presses.length) {
      var press = presses[0];
      if (!press.key && press.round !== round) {
        var other = viewer.querySelector('.replay-rounds a[href$="?round=' + press.round + '"]');
        if (at === here && other) return other;
        if (at === here) {
          presses.shift(); // no such round: the press goes nowhere
          continue;
        }
        break; // this round's step first, then that round
      }
      at = press.key ? moved(steps, at, press.key) : press.step;
      presses.shift();
    }
    if (at === here) return null;
    var links = viewer.querySelectorAll(".replay-nav a, .replay-log a");
    for (var i = 0; i < links.length; i++) {
      if (placeOf(links[i]).step === at) return links[i];
    }
    presses = [];
    return null;
  }

  // Play: the viewer steps on by itself, a step every STEP_MS, to the round's end. Any press of
  // the player's own (a key, a link of the viewer) takes over and stops it.
  var STEP_MS = 1500;
  var playing = false;
  var timer = null;
  var stepping = false; // the click is Play's own, not the player's

  function playButton() {
    return document.querySelector(".replay-play");
  }

  function setPlaying(on) {
    playing = on;
    clearTimeout(timer);
    timer = null;
    var button = playButton();
    if (!button) return;
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? button.dataset.pause : button.dataset.play;
  }

  function stepOn() {
    timer = null;
    var viewer = document.getElementById("replay");
    if (!playing || !viewer) return;
    if (loading) {
      timer = setTimeout(stepOn, STEP_MS);
      return;
    }
    var next = viewer.querySelector(".replay-nav .replay-next");
    if (next) pressOwn(next);
    else setPlaying(false); // the round's end
  }

  // A link of the viewer pressed by Play itself (not by the player: it goes on playing).
  function pressOwn(link) {
    stepping = true;
    try {
      link.click();
    } finally {
      stepping = false;
    }
  }

  var play = playButton();
  if (play) {
    play.hidden = false;
    play.addEventListener("click", function () {
      if (playing) {
        setPlaying(false);
        return;
      }
      var viewer = document.getElementById("replay");
      if (!viewer) return;
      setPlaying(true);
      // At the round's end Play starts it again from the deal.
      var start = viewer.querySelector(".replay-nav .replay-next") ? null : viewer.querySelector(".replay-nav .replay-first");
      if (start) pressOwn(start);
      else stepOn();
    });
  }

  document.addEventListener("focusin", function (event) {
    var viewer = document.getElementById("replay");
    intent = viewer && viewer.contains(event.target) ? intentOf(event.target) : null;
  });

  document.addEventListener("keydown", function (event) {
    if (KEYS.indexOf(event.key) < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (typing(event.target)) return;
    var viewer = document.getElementById("replay");
    if (!viewer) return;
    var active = document.activeElement;
    // in the viewer (its Play button too), or its focus just taken by a swap and about to come back
    var inside = viewer.contains(active) || active === playButton() || (intent !== null && lost());
    var free = lost() || active.id === "main";
    if ((event.key === "Home" || event.key === "End") && !inside && !free) return;
    event.preventDefault();
    if (playing) setPlaying(false); // the player steps: Play stops
    var link = viewer.querySelector('.replay-nav a[data-key="' + event.key + '"]');
    if (!link && !loading) return;
    if (inside) intent = { key: event.key };
    if (loading) presses.push({ key: event.key });
    else link.click();
  });

  // A link of the viewer pressed by the player stops Play.
  document.addEventListener("click", function (event) {
    if (playing && !stepping && event.target.closest && event.target.closest("#replay a[href]")) setPlaying(false);
  }, true);

  // A click on a link of the viewer while it loads waits too (before htmx sees it).
  document.addEventListener("click", function (event) {
    if (!loading || event.button !== 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var link = event.target.closest && event.target.closest("#replay a[href]");
    if (!link) return;
    event.preventDefault();
    event.stopPropagation();
    presses.push(link.dataset.key ? { key: link.dataset.key } : placeOf(link));
  }, true);

  function forViewer(event) {
    return event.detail.target && event.detail.target.id === "replay";
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (forViewer(event)) loading = true;
  });

  // No new viewer is coming (an error, no connection): the presses are dropped with the request.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (forViewer(event) && !event.detail.successful) {
      loading = false;
      presses = [];
      setPlaying(false);
    }
  });

  document.addEventListener("htmx:historyRestore", function () {
    loading = false;
    presses = [];
    setPlaying(false);
  });

  document.addEventListener("toggle", function (event) {
    if (event.target.classList && event.target.classList.contains("replay-log-box")) logOpen = event.target.open;
  }, true);

  // What a screen reader hears of a part of the viewer: its words, not what is shown beside them
  // for the eyes (aria-hidden: a move's cards as symbols).
  function heard(node) {
    if (!node) return "";
    var copy = node.cloneNode(true);
    copy.querySelectorAll('[aria-hidden="true"]').forEach(function (n) { n.remove(); });
    var lines = copy.querySelectorAll("p"); // the step's moves, one sentence each
    var text = lines.length ? [].map.call(lines, function (p) { return p.textContent; }).join(" ") : copy.textContent;
    return text.replace(/\s+/g, " ").trim();
  }

  // A swap replaces the viewer: the focus goes back to the same control of the new one (or the
  // nearest that is still there: at the end, End is gone and Back remains), and what changed is
  // read out from a live region that is not replaced (a new one would not be announced).
  document.addEventListener("htmx:load", function (event) {
    var viewer = event.target;
    if (!viewer || viewer.id !== "replay") return;
    loading = false;
    var box = viewer.querySelector(".replay-log-box");
    if (box && logOpen) box.open = true;
    var next = presses.length ? onward(viewer) : null;
    if (next) {
      next.click(); // the next swap reads the step out and gives the focus back
      return;
    }
    if (playing) {
      clearTimeout(timer);
      if (viewer.querySelector(".replay-nav .replay-next")) timer = setTimeout(stepOn, STEP_MS);
      else setPlaying(false); // the round's end
    }
    var live = document.getElementById("replay-live");
    if (live) {
      var parts = [viewer.querySelector(".replay-position"), viewer.querySelector(".replay-moves")];
      live.textContent = parts.map(heard).join(" ");
    }
    if (!intent || !lost()) return;
    var again = null;
    if (intent.step) again = viewer.querySelector('.replay-log a[href="' + intent.step + '"]');
    if (intent.rounds) again = viewer.querySelector('.replay-rounds a[aria-current="page"]');
    var order = intent.key ? ORDER[intent.key] : [];
    for (var i = 0; i < order.length && !again; i++) again = viewer.querySelector('.replay-nav a[data-key="' + order[i] + '"]');
    again = again || viewer.querySelector(".replay-nav a");
    if (again) again.focus({ preventScroll: true });
  });
})();
