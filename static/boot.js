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
    var open = idb.open;
    idb.open = function (name) {
      try {
        return open.apply(idb, arguments);
      } catch (error) {
        return standIn().open(name);
      }
    };
  })();

  // An embedded walkthrough tells the page around it how tall it is, so the
  // host can size the iframe: window.parent gets
  // {type: "coalitions:height", height: <CSS pixels>} whenever it changes.
  function reportHeight() {
    if (window.parent === window || !window.ResizeObserver) return;
    var last = -1;
    function send() {
      var body = document.body;
      if (!body) return;
      var style = getComputedStyle(body);
      var height = Math.ceil(body.getBoundingClientRect().height +
        parseFloat(style.marginTop || "0") + parseFloat(style.marginBottom || "0"));
      if (height === last) return;
      last = height;
      try {
        window.parent.postMessage({ type: "coalitions:height", height: height }, "*");
      } catch (error) { /* a host that cannot be told */ }
    }
    new ResizeObserver(send).observe(document.body);
    send();
  }

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
    if (embedFromHash()) reportHeight();
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
