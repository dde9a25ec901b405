// The shell's part of start-up: runs before Python (deferred, but before
// PyScript's module script, which comes after it), shows how far loading got,
// and gives Python a small API (window.coalitionsBoot) to report the last steps.
(function () {
  "use strict";

  var root = document.documentElement;
  var STAGES = ["download", "start", "rules", "ready"];
  var current = -1;
  var finished = false;
  var started = Date.now();

  // A walkthrough embedded in a wiki (index.html marks <html data-embed> before the first paint).
  function embedFromHash() {
    return /[?&]embed=1(?:&|$)/.test(location.hash || "");
  }

  // PyScript opens IndexedDB as it loads (a cache of Python packages, which the
  // app does not use) and waits for it. Where storage is blocked, as in a
  // third-party iframe, a browser may refuse IndexedDB by throwing, from the
  // property or from open(); PyScript would then never start. It gets instead
  // a small in-memory stand-in, forgotten with the page.
  function memoryIndexedDB() {
    var databases = {};
    function request(compute) {
      var req = {
        readyState: "pending", result: undefined, error: null, transaction: null,
        onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null,
        addEventListener: function () {}, removeEventListener: function () {},
      };
      setTimeout(function () {
        req.result = compute();
        req.readyState = "done";
        if (typeof req.onsuccess === "function") req.onsuccess({ type: "success", target: req });
      }, 0);
      return req;
    }
    function store(data) {
      return {
        get: function (key) { return request(function () { return data.get(key); }); },
        getKey: function (key) { return request(function () { return data.has(key) ? key : undefined; }); },
        getAll: function () { return request(function () { return Array.from(data.values()); }); },
        getAllKeys: function () { return request(function () { return Array.from(data.keys()); }); },
        put: function (value, key) { return request(function () { data.set(key, value); return key; }); },
        add: function (value, key) { return request(function () { data.set(key, value); return key; }); },
        delete: function (key) { return request(function () { data.delete(key); }); },
        clear: function () { return request(function () { data.clear(); }); },
        count: function () { return request(function () { return data.size; }); },
      };
    }
    function database(name) {
      var stores = {};
      function named(storeName) {
        if (!stores[storeName]) stores[storeName] = new Map();
        return store(stores[storeName]);
      }
      return {
        name: name,
        version: 1,
        objectStoreNames: { get length() { return Object.keys(stores).length; },
                            contains: function (n) { return n in stores; } },
        createObjectStore: named,
        transaction: function () { return { objectStore: named, abort: function () {}, commit: function () {} }; },
        close: function () {},
      };
    }
    return {
      open: function (name) {
        return request(function () { return databases[name] || (databases[name] = database(name)); });
      },
      deleteDatabase: function (name) { return request(function () { delete databases[name]; }); },
      cmp: function (a, b) { return a < b ? -1 : a > b ? 1 : 0; },
    };
  }
  (function guardIndexedDB() {
    var idb;
    try {
      idb = window.indexedDB;
    } catch (error) {
      idb = null;
    }
    var memory = null;
    function standIn() {
      root.setAttribute("data-idb", "memory");
      return memory || (memory = memoryIndexedDB());
    }
    if (!idb) {
      try {
        Object.defineProperty(window, "indexedDB", { configurable: true, value: standIn() });
      } catch (error) { /* nothing more to do: PyScript will report it */ }
      return;
    }
    // A browser that blocks a third-party frame's storage reports it late:
    // open() returns a request that fails afterwards ("The user denied
    // permission"). So the page's handlers get a request of our own, which
    // passes on what the real one does, and turns to the stand-in if the real
    // one fails or has said nothing after OPEN_WAIT_MS.
    var OPEN_WAIT_MS = 3000;
    var open = idb.open;
    idb.open = function (name, version) {
      var args = arguments;
      var real;
      try {
        real = open.apply(idb, args);
      } catch (error) {
        return standIn().open(name);
      }
      var relay = {
        readyState: "pending", result: undefined, error: null, transaction: null, source: null,
        onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null,
        addEventListener: function (type, listener) {
          if (typeof listener === "function") relay["on" + type] = listener;
        },
        removeEventListener: function () {},
      };
      var settled = false;
      var repaired = false;
      function pass(type, from) {
        return function (event) {
          relay.readyState = from.readyState || "done";
          try { relay.result = from.result; } catch (error) { relay.result = undefined; }
          relay.transaction = from.transaction || null;
          var handler = relay["on" + type];
          if (typeof handler === "function") handler.call(relay, { type: type, target: from, oldVersion: event && event.oldVersion });
        };
      }
      function fallBack() {
        if (settled) return;
        settled = true;
        var memoryRequest = standIn().open(name);
        memoryRequest.onsuccess = pass("success", memoryRequest);
      }
      // A database opened without a version that has no store at all is one
      // whose creation lost its stores (see onupgradeneeded below, and a
      // profile from before that): nothing is in it, and its opener cannot
      // use it. It is deleted and opened afresh, once.
      function lostItsStores(db) {
        return version === undefined && db && db.objectStoreNames.length === 0;
      }
      function reopen() {
        if (settled) return;
        try {
          watch(open.apply(idb, args));
        } catch (error) {
          fallBack();
        }
      }
      function watch(request) {
        request.onupgradeneeded = function (event) {
          if (settled) {
            // The page went on with the stand-in. Left to commit, this upgrade
            // would leave a database without the stores its opener makes here,
            // and every later start would fail on it: it is undone.
            try { request.transaction.abort(); } catch (error) { /* already over */ }
            return;
          }
          clearTimeout(timer);
          pass("upgradeneeded", request)(event);
        };
        request.onblocked = function (event) {
          if (!settled) pass("blocked", request)(event);
        };
        request.onsuccess = function (event) {
          var db = request.result;
          if (settled) {
            try { db.close(); } catch (error) { /* nothing to close */ }
            return;
          }
          if (!repaired && lostItsStores(db)) {
            repaired = true;
            try { db.close(); } catch (error) { /* nothing to close */ }
            try {
              var deleting = idb.deleteDatabase(name);
              deleting.onsuccess = deleting.onerror = reopen;
            } catch (error) {
              fallBack();
            }
            return;
          }
          clearTimeout(timer);
          settled = true;
          pass("success", request)(event);
        };
        request.onerror = function (event) {
          clearTimeout(timer);
          if (event && event.preventDefault) event.preventDefault();
          fallBack();
        };
      }
      var timer = setTimeout(fallBack, OPEN_WAIT_MS);
      watch(real);
      return relay;
    };
  })();

  // An embedded walkthrough tells the page around it how tall it is, so the
  // host can size the iframe: window.parent gets
  // {type: "coalitions:height", height: <CSS pixels>} whenever it changes.
  // The page keeps the tallest height it has had at this width (its body's
  // min-height), so stepping through a walkthrough never makes the frame, and
  // the wiki page under it, jump up and down; a new width starts afresh.
  function reportHeight() {
    if (window.parent === window || !window.ResizeObserver) return;
    var last = -1;
    var width = -1;
    function send() {
      var body = document.body;
      if (!body) return;
      if (window.innerWidth !== width) {
        width = window.innerWidth;
        body.style.minHeight = "";
        last = -1;
      }
      var style = getComputedStyle(body);
      var inner = Math.ceil(body.getBoundingClientRect().height);
      var height = inner + Math.ceil(parseFloat(style.marginTop || "0") + parseFloat(style.marginBottom || "0"));
      if (height === last) return;
      if (height > last) body.style.minHeight = inner + "px";
      else if (last >= 0) return; // shorter content at the same width keeps the reserved height
      last = height;
      try {
        window.parent.postMessage({ type: "coalitions:height", height: height }, "*");
      } catch (error) { /* a host that cannot be told */ }
    }
    new ResizeObserver(send).observe(document.body);
    window.addEventListener("resize", send);
    send();
  }

  function panel() {
    return document.querySelector("[data-loading]");
  }

  function stage(name) {
    var index = STAGES.indexOf(name);
    if (index < 0 || index <= current || finished) return;
    current = index;
    moved();
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

  // A failure the player can act on: what failed, then how to recover. A
  // "soft" one (a long wait) goes away if loading moves on after all.
  var RECOVER = "Reload the page to try again. If it happens again, the site may be in the middle of an update:" +
    " wait a few minutes and reload. If it persists, clear this site's data in the browser's settings" +
    " (note that this also deletes the games saved in this browser).";
  var failed = false; // a hard failure was shown
  var stalled = false; // a soft one is showing
  function show(message, soft) {
    if (finished || failed) return;
    var box = panel();
    if (!box) return;
    var out = box.querySelector("[data-loading-failed]");
    if (out) {
      out.textContent = "";
      var text = document.createElement("span");
      text.setAttribute("data-loading-failed-text", "");
      text.textContent = message;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn btn-small";
      button.setAttribute("data-ui", "boot-reload");
      button.textContent = "Reload";
      button.addEventListener("click", function () { location.reload(); });
      out.appendChild(text);
      out.appendChild(document.createTextNode(" "));
      out.appendChild(button);
      out.hidden = false;
    }
    var slow = box.querySelector("[data-loading-slow]");
    if (slow) slow.hidden = true;
    if (soft) stalled = true;
    else failed = true;
    root.setAttribute("data-boot", "failed");
  }
  function fail(message) {
    show(message, false);
  }

  // Start-up must keep moving: a stage, PyScript's progress or a file that
  // arrives resets the clock; after STALL_MS without any, say where it stuck.
  // (window.coalitionsBootStallMs, set before this script runs, shortens it
  // for a test.)
  var STALL_MS = typeof window.coalitionsBootStallMs === "number" ? window.coalitionsBootStallMs : 90000;
  var LABELS = { download: "downloading the Python runtime", start: "starting Python", rules: "loading the rules" };
  var stallTimer = null;
  function moved() {
    if (finished || failed) return;
    if (stalled) {
      stalled = false;
      var out = panel() && panel().querySelector("[data-loading-failed]");
      if (out) out.hidden = true;
      root.setAttribute("data-boot", STAGES[Math.max(current, 0)]);
    }
    clearTimeout(stallTimer);
    stallTimer = setTimeout(function () {
      if (finished || failed) return;
      var at = LABELS[STAGES[current]] || "loading";
      var pending = Object.keys(loading).map(describe);
      show("Coalitions has not finished starting after " + Math.round(STALL_MS / 1000) + " seconds: it stopped at " +
        at + (pending.length ? ", waiting for " + pending.join(", ") : "") + ". " +
        (navigator.onLine === false ? "This device seems to be offline. " : "") + RECOVER, true);
    }, STALL_MS);
  }

  // What a file of the site is, for a message.
  function describe(url) {
    var path = url;
    try {
      path = new URL(url, location.href).pathname;
    } catch (error) { /* keep it as is */ }
    var name = path.slice(path.lastIndexOf("/") + 1) || path;
    if (/\.whl$/.test(name)) return "the game's code (" + name + ")";
    if (name === "pyscript.toml") return "the page's settings (pyscript.toml)";
    if (/^(pyodide|python_stdlib)/.test(name)) return "the Python runtime (" + name + ")";
    return name;
  }

  // Until the first screen, every file of this site that the page fetches
  // (the config, the wheel, Pyodide's files) must arrive: a failure is final,
  // and says which file and why. After that, fetch is the browser's again.
  var loading = {}; // url -> number of fetches under way
  var nativeFetch = window.fetch;
  function watchedFetch(input) {
    var url = "";
    try {
      url = new URL(typeof input === "string" ? input : (input && input.url) || String(input), location.href).href;
    } catch (error) { /* not a URL this watch follows */ }
    var ours = !finished && url && url.indexOf(location.origin + "/") === 0;
    var result = nativeFetch.apply(window, arguments);
    if (!ours) return result;
    loading[url] = (loading[url] || 0) + 1;
    function done() {
      if (!--loading[url]) delete loading[url];
      moved();
    }
    return result.then(function (response) {
      count(url, response);
      done();
      if (!response.ok && !finished) {
        fail("Could not load " + describe(url) + " (HTTP " + response.status + "). " + RECOVER);
      }
      return response;
    }, function (error) {
      done();
      if (!finished) {
        fail("Could not load " + describe(url) + " (" + (navigator.onLine === false ? "offline" :
          String((error && error.message) || error)) + "). " + RECOVER);
      }
      throw error;
    });
  }
  if (typeof nativeFetch === "function") window.fetch = watchedFetch;

  // Download progress in bytes, against the size of the Python runtime that
  // build.py writes on the loading panel (data-download-bytes): files still
  // arriving through fetch are counted as their bytes come (from a copy of
  // the response), finished ones from the browser's Resource Timing entries.
  // The page's own static/ files, there before the runtime, do not count.
  var received = {}; // url -> bytes
  var progressObserver = null;
  var drawQueued = false;
  function runtimeFile(url) {
    try {
      var path = new URL(url, location.href).pathname;
      var base = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
      return url.indexOf(location.origin + "/") === 0 && path.indexOf(base) === 0 &&
        path !== location.pathname && path.slice(base.length).indexOf("static/") !== 0;
    } catch (error) {
      return false;
    }
  }
  function note(url, bytes) {
    if (finished || !runtimeFile(url) || !(bytes > (received[url] || 0))) return;
    received[url] = bytes;
    if (!drawQueued) {
      drawQueued = true;
      requestAnimationFrame(drawProgress);
    }
  }
  function megabytes(n) {
    return (n / 1e6).toFixed(1);
  }
  function drawProgress() {
    drawQueued = false;
    var box = panel();
    if (!box || finished) return;
    var total = Number(box.getAttribute("data-download-bytes")) || 0;
    var sum = 0;
    for (var url in received) sum += received[url];
    var line = box.querySelector("[data-boot-bytes]");
    var text = box.querySelector("[data-boot-bytes-text]");
    var bar = box.querySelector("[data-boot-progress]");
    if (!line || !text) return;
    line.hidden = false;
    var shown = total ? Math.min(sum, total) : sum;
    text.textContent = total ? megabytes(shown) + " of " + megabytes(total) + " MB" : megabytes(shown) + " MB";
    root.setAttribute("data-boot-bytes", String(Math.round(shown)));
    if (bar && total) {
      bar.max = total;
      bar.value = shown;
    }
  }
  function count(url, response) {
    if (finished || !runtimeFile(url) || !response || !response.ok || !response.body || !response.clone) return;
    var reader;
    try {
      reader = response.clone().body.getReader();
    } catch (error) {
      return;
    }
    var bytes = 0;
    function pump() {
      reader.read().then(function (chunk) {
        if (chunk.done || finished) return;
        bytes += chunk.value.byteLength;
        note(url, bytes);
        pump();
      }, function () { /* the original reports its own failure */ });
    }
    pump();
  }
  if (window.PerformanceObserver) {
    try {
      progressObserver = new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var i = 0; i < entries.length; i++) {
          note(entries[i].name, entries[i].decodedBodySize || entries[i].encodedBodySize || 0);
        }
      });
      progressObserver.observe({ type: "resource", buffered: true });
    } catch (error) { /* no Resource Timing: fetched files are still counted */ }
  }

  // Before Python is ready, a link to another page drawn at build time (the
  // rules from the home page) shows it (index.html's coalitionsPrerendered:
  // the home page at once, a rules page once its file has arrived), then
  // scrolls to its top; a link to any other page shows the loading panel in
  // full. Python reads the address itself when it starts.
  window.addEventListener("hashchange", function () {
    if (finished || typeof window.coalitionsPrerendered !== "function") return;
    var hash = location.hash || "";
    if (hash && hash.indexOf("#/") !== 0) return;
    window.coalitionsPrerendered(hash, function () {
      window.scrollTo(0, 0);
      var app = document.getElementById("app");
      if (app) app.focus({ preventScroll: true });
    });
  });
  document.addEventListener("click", function (event) {
    var el = event.target && event.target.closest ? event.target.closest("a") : null;
    if (!el) return;
    var app = document.getElementById("app");
    if (el.classList.contains("skip-link")) { // to the page's content, without changing the address
      event.preventDefault();
      if (app) app.focus();
      return;
    }
    // The rules' contents before Python is ready (Python handles them afterwards)
    if (!finished && el.getAttribute("data-ui") === "jump") {
      event.preventDefault();
      var dest = document.getElementById(el.getAttribute("data-target") || "");
      if (dest) dest.scrollIntoView();
    }
  });

  // A script of the page that fails to load (PyScript's, say) or an error
  // nothing caught before the first screen: start-up cannot go on.
  window.addEventListener("error", function (event) {
    var el = event && event.target;
    if (el && el.tagName === "SCRIPT" && el.src) fail("Could not load " + describe(el.src) + ". " + RECOVER);
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event && event.reason;
    fail("Coalitions could not start (" + String((reason && reason.message) || reason) + "). " + RECOVER);
  });

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
    clearTimeout(stallTimer);
    if (window.fetch === watchedFetch) window.fetch = nativeFetch;
    root.removeAttribute("data-boot");
    root.removeAttribute("data-prerendered");
    var box = panel();
    if (box) box.remove(); // Python has drawn the page: the loading panel (outside <main>) goes
    if (progressObserver) progressObserver.disconnect();
    if (window.console && console.info) {
      console.info("Coalitions ready in " + (Date.now() - started) + " ms");
    }
    if (embedFromHash()) reportHeight();
    readySoon();
    var queued = waiting;
    waiting = [];
    for (var i = 0; i < queued.length; i++) setTimeout(queued[i], 0);
  }

  // A screen is ready (html[data-ready], which tests and scripts wait for)
  // once the browser has laid it out and painted it: Python marks it
  // data-ready-soon, and this turns that into data-ready after the next
  // animation frame (the keyed patch draws in one), then a task. The first
  // screen also waits for PyScript to finish starting.
  var asked = 0; // the latest call wins: it promotes only after its own frame
  function readySoon() {
    var mine = ++asked;
    afterStart(function () {
      requestAnimationFrame(function () {
        setTimeout(function () {
          if (mine === asked && root.hasAttribute("data-ready-soon")) {
            root.removeAttribute("data-ready-soon");
            root.setAttribute("data-ready", "");
          }
        }, 0);
      });
    });
  }
  // Runs `fn` once PyScript has finished running the entry script ("py:done").
  var pyDone = false;
  var afterDone = [];
  function afterStart(fn) {
    if (pyDone) {
      fn();
      return;
    }
    afterDone.push(fn);
    // PyScript says "py:done" as the entry script's first await returns; if
    // it ever did not, the screen is ready all the same.
    setTimeout(function () {
      pyDone = true;
      var queued = afterDone;
      afterDone = [];
      for (var i = 0; i < queued.length; i++) queued[i]();
    }, 2000);
  }
  window.addEventListener("py:done", function () {
    pyDone = true;
    var queued = afterDone;
    afterDone = [];
    for (var i = 0; i < queued.length; i++) queued[i]();
  });

  window.coalitionsBoot = {
    stage: stage, ready: ready, fail: fail, embed: embedFromHash, onReady: onReady, readySoon: readySoon,
  };

  // PyScript reports its own progress as "py:progress" events on window.
  window.addEventListener("py:progress", function (event) {
    var what = String((event && event.detail) || "");
    moved();
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
        fail("Python started but the game did not. " + RECOVER);
      }
    }, 30000);
  });

  document.addEventListener("DOMContentLoaded", function () {
    stage("download");
    moved();
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
