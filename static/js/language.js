// The language menu: a choice made with the mouse (or a touch) switches at once; with the keys,
// the arrows only move through the languages, and Enter or the Change button switches, so a
// keyboard user can reach the fourth language without a reload at every step.
(function () {
  const select = document.getElementById("language-select");
  if (!select) return;
  const form = select.form;
  const button = form.querySelector("[data-language-change]");
  const current = select.value;
  let keys = false;
  const show = () => {
    if (button) button.hidden = select.value === current;
  };
  select.addEventListener("pointerdown", () => (keys = false));
  select.addEventListener("keydown", (event) => {
    keys = true;
    if (event.key === "Enter" && select.value !== current) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  select.addEventListener("change", () => {
    if (keys) show();
    else form.requestSubmit();
  });
  show();
})();
