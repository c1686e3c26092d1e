// Sets the page's theme before it is first drawn (the modules run after the first
// paint): a projector in a dark room gets no white flash. The rule is util.js's
// theme(): `theme=contrast` or `theme=normal` in the URL, else the system's
// `prefers-contrast: more`. main.js applies it again on every change.
(function () {
  var t = new URLSearchParams(location.search).get("theme");
  var more = !!(window.matchMedia && window.matchMedia("(prefers-contrast: more)").matches);
  var on = t === "contrast" || (t !== "normal" && more);
  document.documentElement.dataset.theme = on ? "contrast" : "normal";
})();
