// The replay viewer's keys: ← and → step, Home and End jump to the start and end of the round.
// Each key presses the matching link of the viewer, so the keys do what the buttons do (htmx swaps
// the viewer in place; without htmx the link loads the page). The arrows work anywhere on the page
// but in a form field; Home and End in the viewer or with nothing focused (on a link or a button
// elsewhere they do what the browser does).
(function () {
  "use strict";
  var KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];
  var ORDER = { Home: ["Home", "ArrowRight", "End"], ArrowLeft: ["ArrowLeft", "ArrowRight"], ArrowRight: ["ArrowRight", "ArrowLeft"], End: ["End", "ArrowLeft", "Home"] };
  // Which control of the viewer has the focus (or had it when a swap took it away): given back to
  // the same control of the new viewer. Null once the focus is elsewhere on the page.
  var intent = null;
  var logOpen = false; // "Every move of the round" stays open across steps once opened
  // Between a swap and htmx's processing of the new viewer its links are plain links (pressing
  // one would load the whole page): a key pressed then waits for it.
  var swapping = false;
  var queued = null;

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
    // in the viewer, or its focus just taken by a swap and about to come back
    var inside = viewer.contains(active) || (intent !== null && lost());
    var free = lost() || active.id === "main";
    if ((event.key === "Home" || event.key === "End") && !inside && !free) return;
    event.preventDefault();
    var link = viewer.querySelector('.replay-nav a[data-key="' + event.key + '"]');
    if (!link && !swapping) return;
    if (inside) intent = { key: event.key };
    if (swapping) {
      queued = event.key;
      return;
    }
    if (link) link.click();
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.shouldSwap && event.detail.target && event.detail.target.id === "replay") swapping = true;
  });

  document.addEventListener("toggle", function (event) {
    if (event.target.classList && event.target.classList.contains("replay-log-box")) logOpen = event.target.open;
  }, true);

  // A swap replaces the viewer: the focus goes back to the same control of the new one (or the
  // nearest that is still there: at the end, End is gone and Back remains), and what changed is
  // read out from a live region that is not replaced (a new one would not be announced).
  document.addEventListener("htmx:load", function (event) {
    var viewer = event.target;
    if (!viewer || viewer.id !== "replay") return;
    swapping = false;
    if (queued) {
      var key = queued;
      queued = null;
      var link = viewer.querySelector('.replay-nav a[data-key="' + key + '"]');
      if (link) {
        link.click(); // the next swap gives the focus back
        return;
      }
    }
    var box = viewer.querySelector(".replay-log-box");
    if (box && logOpen) box.open = true;
    var live = document.getElementById("replay-live");
    if (live) {
      var parts = [viewer.querySelector(".replay-position"), viewer.querySelector(".replay-moves")];
      live.textContent = parts.map(function (n) { return n ? n.textContent.trim() : ""; }).join(" ");
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
