// Times are sent in UTC (the server knows no one's time zone): shown here in the reader's own
// zone, in the page's language. Without scripts the UTC time stays, marked as such.
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;
  var format;
  try {
    format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  } catch (e) {
    return;
  }
  document.querySelectorAll("time[data-local]").forEach(function (el) {
    var when = new Date(el.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    el.textContent = format.format(when);
  });
})();
