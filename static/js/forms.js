// A page's POST forms carry the CSRF token of the moment the page was made. Signing up or logging
// in, in another tab, gives the browser a new one, and a form sent from a page opened before it was
// refused ("The form expired": a room's "Leave my seat", the language menu, "Log out"). Each form
// takes the browser's current token, from its cookie, as it is sent.
(function () {
  "use strict";
  document.addEventListener(
    "submit",
    function (event) {
      const form = event.target;
      const input = form && form.querySelector ? form.querySelector("input[name=csrfmiddlewaretoken]") : null;
      if (!input) return;
      const found = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
      if (found) input.value = decodeURIComponent(found[1]);
    },
    true,
  );
})();
