// The shell's part of start-up: runs before Python, shows how far loading got,
// and gives Python a small API (window.coalitionsBoot) to report the last steps.
(function () {
  "use strict";

  var root = document.documentElement;
  var STAGES = ["download", "start", "rules", "ready"];
  var current = -1;
  var finished = false;
  var started = Date.now();

  // A walkthrough embedded in a wiki hides the header from the first paint.
  function embedFromHash() {
    return /[?&]embed=1(?:&|$)/.test(location.hash || "");
  }
  if (embedFromHash()) root.setAttribute("data-embed", "");

  function panel() {
    return document.querySelector("[data-loading]");
  }

  function stage(name) {
    var index = STAGES.indexOf(name);
    if (index < 0 || index <= current || finished) return;
    current = index;
    root.setAttribute("data-boot", name);
    var box = panel();
    if (!box) return;
    var items = box.querySelectorAll("[data-stage]");
    for (var i = 0; i < items.length; i++) {
      var at = STAGES.indexOf(items[i].getAttribute("data-stage"));
      items[i].classList.toggle("done", at < index);
      items[i].classList.toggle("active", at === index);
      if (at === index) items[i].setAttribute("aria-current", "step");
      else items[i].removeAttribute("aria-current");
    }
  }

  function fail(message) {
    if (finished) return;
    var box = panel();
    if (!box) return;
    var out = box.querySelector("[data-loading-failed]");
    if (out) {
      out.textContent = message;
      out.hidden = false;
    }
    root.setAttribute("data-boot", "failed");
  }

  // Work that must not compete with start-up (static/pwa.js registers the
  // service worker this way): runs once the first screen is drawn.
  var waiting = [];
  function onReady(fn) {
    if (finished) setTimeout(fn, 0);
    else waiting.push(fn);
  }

  // Called by Python once the first screen is drawn.
  function ready() {
    if (finished) return;
    stage("ready");
    finished = true;
    root.removeAttribute("data-boot");
    if (window.console && console.info) {
      console.info("Coalitions ready in " + (Date.now() - started) + " ms");
    }
    var queued = waiting;
    waiting = [];
    for (var i = 0; i < queued.length; i++) setTimeout(queued[i], 0);
  }

  window.coalitionsBoot = { stage: stage, ready: ready, fail: fail, embed: embedFromHash, onReady: onReady };

  // PyScript reports its own progress as "py:progress" events on window.
  window.addEventListener("py:progress", function (event) {
    var what = String((event && event.detail) || "");
    if (/Loaded Pyodide/i.test(what)) stage("start");
    else if (/Loading|Loaded/i.test(what)) stage("download");
  });
  // The interpreter is up and the entry script is about to run.
  window.addEventListener("py:ready", function () {
    stage("start");
  });
  // The entry script ran; if no screen follows, something went wrong.
  window.addEventListener("py:done", function () {
    setTimeout(function () {
      if (!finished) {
        fail("Python started but the game did not. Reload the page to try again.");
      }
    }, 30000);
  });

  document.addEventListener("DOMContentLoaded", function () {
    stage("download");
    setTimeout(function () {
      var slow = document.querySelector("[data-loading-slow]");
      if (!finished && slow) slow.hidden = false;
    }, 20000);
  });

  var hasWasm = typeof WebAssembly === "object";
  if (!hasWasm) {
    document.addEventListener("DOMContentLoaded", function () {
      fail("This browser cannot run WebAssembly, which Coalitions needs to run its rules.");
    });
  }
})();
