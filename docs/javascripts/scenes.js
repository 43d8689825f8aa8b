// A dispute page draws its first scene; each other ruleset's scene lies in a file beside the page
// (cambio_ref/rulebook/disputes.py, scene_files) and is loaded when its block is opened, by hand or
// by the "we play..." picker. Same site, so it works offline. Without JavaScript the block links to it.
(function () {
  "use strict";

  function load(details) {
    var scene = details.querySelector(".scene[data-src]");
    if (!details.open || !scene || scene.getAttribute("data-loaded")) { return; }
    scene.setAttribute("data-loaded", "loading");
    fetch(scene.getAttribute("data-src")).then(function (reply) {
      if (!reply.ok) { throw new Error(reply.status); }
      return reply.text();
    }).then(function (html) {
      scene.innerHTML = html;
      scene.setAttribute("data-loaded", "yes");
    }).catch(function () {
      scene.removeAttribute("data-loaded");
    });
  }

  function start() {
    document.querySelectorAll(".scenes details").forEach(function (details) {
      details.addEventListener("toggle", function () { load(details); });
      load(details);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
