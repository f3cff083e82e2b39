// The deal page (history/deal.html): the joker is greyed out, with the reason under it, for the
// rules that play without it (the preset list's data-no-joker, from the engine). Without this
// script the server refuses the combination in the same words.
(function () {
  "use strict";

  function dealRules() {
    var preset = document.getElementById("id_preset");
    var joker = document.getElementById("id_joker");
    var note = document.getElementById("joker-note");
    if (!preset || !joker || !note) return;
    var none = (preset.getAttribute("data-no-joker") || "").split(" ");
    var noJoker = none.indexOf(preset.value) !== -1;
    // Greyed out and unticked; offered again as the player had left it.
    if (noJoker && !joker.disabled) joker.setAttribute("data-chosen", joker.checked ? "true" : "false");
    if (!noJoker && joker.disabled) joker.checked = joker.getAttribute("data-chosen") === "true";
    if (noJoker) joker.checked = false;
    joker.disabled = noJoker;
    note.hidden = !noJoker;
    if (noJoker) joker.setAttribute("aria-describedby", note.id);
    else joker.removeAttribute("aria-describedby");
  }

  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "id_preset") dealRules();
  });
  window.addEventListener("pageshow", dealRules); // a form the browser filled in again
  dealRules();
})();
