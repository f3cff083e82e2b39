// The replay viewer's keys: ← and → step, Home and End jump to the start and end of the round.
// Each key presses the matching link of the viewer, so the keys do what the buttons do (htmx swaps
// the viewer in place; without htmx the link loads the page).
(function () {
  "use strict";
  var KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];
  var pressed = null; // the data-key of the viewer's button last pressed, to give it the focus back

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (target && target.isContentEditable);
  }

  document.addEventListener("keydown", function (event) {
    if (KEYS.indexOf(event.key) < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (typing(event.target)) return;
    var viewer = document.getElementById("replay");
    if (!viewer) return;
    event.preventDefault();
    var link = viewer.querySelector('.replay-nav a[data-key="' + event.key + '"]');
    if (link) link.click();
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#replay .replay-nav a");
    pressed = link && document.activeElement === link ? link.dataset.key : null;
  });

  // A swap replaces the pressed button: put the focus on the same button of the new viewer.
  // (htmx:load fires on the new content; events on the replaced element never reach document.)
  document.addEventListener("htmx:load", function (event) {
    var viewer = event.target;
    if (!viewer || viewer.id !== "replay" || !pressed) return;
    var again =
      viewer.querySelector('.replay-nav a[data-key="' + pressed + '"]') ||
      viewer.querySelector(".replay-nav a");
    pressed = null;
    if (again) again.focus({ preventScroll: true });
  });
})();
