// Offline after one visit: registers the service worker (./sw.js, written by
// build.py) once the first screen is drawn, so that its downloads never compete
// with start-up, and says when a new version of the site is ready.
//
// The page never reloads by itself: a new version waits until the player
// clicks "Reload" in the notice; then the waiting worker takes over and the
// page reloads once, on the "controllerchange" that follows.
(function () {
  "use strict";

  var sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return;
  var boot = window.coalitionsBoot;
  // A walkthrough embedded in another site neither installs nor nags.
  if (boot && boot.embed && boot.embed()) return;
  if (window.top !== window) return;

  var asked = false; // the player clicked "Reload"
  var reloaded = false;
  var hadController = !!sw.controller;

  function quiet(promise) {
    return promise && promise.catch ? promise.catch(function () {}) : promise;
  }

  function reloadOnce() {
    if (!asked || reloaded) return;
    reloaded = true;
    location.reload();
  }

  function notice() {
    var area = document.querySelector("[data-notices]");
    if (!area) return null;
    var box = area.querySelector('[data-notice="update"]');
    if (box) return box;
    box = document.createElement("div");
    box.className = "notice notice-info notice-update";
    box.setAttribute("role", "status");
    box.setAttribute("data-notice", "update");
    var text = document.createElement("span");
    text.textContent = "A new version of Coalitions is ready. Your games are saved.";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "btn btn-small";
    button.setAttribute("data-ui", "update-reload");
    button.textContent = "Reload";
    box.appendChild(text);
    box.appendChild(button);
    area.appendChild(box);
    return box;
  }

  // Show the notice; its button activates the waiting worker, if any, and reloads.
  function offer(registration) {
    var box = notice();
    if (!box) return;
    var button = box.querySelector('[data-ui="update-reload"]');
    button.onclick = function (event) {
      event.preventDefault();
      if (asked) return;
      asked = true;
      button.disabled = true;
      var waiting = registration.waiting;
      if (waiting) {
        waiting.addEventListener("statechange", function () {
          if (waiting.state === "activated") reloadOnce();
        });
        waiting.postMessage({ type: "skip-waiting" });
        // The player asked: reload even if the switch is slow to be reported
        // (the new version then takes over as soon as the browser lets it).
        setTimeout(reloadOnce, 5000);
      } else {
        reloadOnce();
      }
    };
  }

  function watch(registration) {
    if (registration.waiting && sw.controller) offer(registration);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        // A first install (no controller yet) is no news: the page is that version.
        if (worker.state === "installed" && sw.controller) offer(registration);
      });
    });
    // Look for a new version now and then while the page stays open.
    setInterval(function () {
      if (navigator.onLine !== false) quiet(registration.update());
    }, 60 * 60 * 1000);
  }

  sw.addEventListener("controllerchange", function () {
    if (asked) {
      reloadOnce();
    } else if (hadController) {
      // Another tab switched to a new version: offer to reload this one too.
      quiet(sw.getRegistration().then(function (registration) {
        if (registration) offer(registration);
      }));
    }
    hadController = true;
  });

  function register() {
    quiet(sw.register("./sw.js", { scope: "./", updateViaCache: "none" }).then(watch));
  }

  if (boot && boot.onReady) boot.onReady(register);
  else window.addEventListener("load", register);
})();
