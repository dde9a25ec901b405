// The interpreter module PyScript loads (pyscript.toml's "interpreter"): Pyodide's
// own pyodide.mjs, with a loadPyodide that starts Python from a memory snapshot
// when this site's build has one in Cache Storage. build.py writes this file to
// dist/pyodide/start.mjs, stamping KEY (a hash of Pyodide's files, the shipped
// standard library and these two modules: a snapshot is only ever read by the
// build that made it) and writes snapshot-worker.mjs beside it.
//
// A snapshot is Python's memory just after Pyodide's start with the standard
// library the app imports already imported; restoring it skips both. It is made
// once per build, after the first start in which none was found, by a worker
// of its own (a Pyodide made with _makeSnapshot wraps the page's globals in
// proxies, which the page's Python must not see), and kept in Cache Storage
// with its SHA-256. Anything wrong falls back to the usual start, and the
// snapshot goes: no Cache Storage, no entry, a digest that does not match (a
// damaged entry), another build's entry (deleted on sight), or a restore that
// throws (another Pyodide's snapshot: its build id differs). A build whose
// snapshot failed once makes no other.
//
// <html data-python-snapshot> says what happened, for tests and benchmarks:
// "used", "none" (none yet: one is made after the start), "damaged", "failed"
// (restoring threw), "unavailable" (no Cache Storage here); and once the worker
// is done, "made" or "not-made".
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export * from "./pyodide.mjs";
export { version };

const KEY = "__SNAPSHOT_KEY__";
export const SNAPSHOT_CACHE = "coalitions-python-snapshot";
const FOLDER = new URL("./", import.meta.url).href;
export const SNAPSHOT_PREFIX = FOLDER + "python-snapshot-";
export const SNAPSHOT_URL = SNAPSHOT_PREFIX + KEY; // a key of Cache Storage only: never fetched
const FAILED_URL = SNAPSHOT_URL + "-failed";
// What the restored Python runs first: a module seeded at import (random) would
// otherwise start every visit from the snapshot's state.
const AFTER_RESTORE = "import sys\nif 'random' in sys.modules:\n    sys.modules['random'].seed()\nsys.version";

function mark(state) {
  globalThis.document?.documentElement.setAttribute("data-python-snapshot", state);
}

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The snapshot of this build, checked; null if there is none or it is unusable.
// Also deletes this site's snapshots of other builds.
async function cachedSnapshot(cache) {
  for (const request of await cache.keys()) {
    if (request.url.startsWith(SNAPSHOT_PREFIX) && request.url !== SNAPSHOT_URL && request.url !== FAILED_URL) {
      await cache.delete(request);
    }
  }
  const response = await cache.match(SNAPSHOT_URL);
  if (!response) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!bytes.length || (await sha256(bytes)) !== response.headers.get("x-sha256")) {
    await cache.delete(SNAPSHOT_URL);
    mark("damaged");
    return null;
  }
  return bytes;
}

// After the page is interactive (<html data-ready>) and ten seconds more, so
// that the worker's start does not compete with the page's or the bot
// worker's. Not where the page said window.coalitionsMakeSnapshot = false
// before its scripts ran (the browser tests do, but those of the snapshot).
function makeLater(delay = 10000) {
  const root = globalThis.document?.documentElement;
  if (!root || typeof Worker === "undefined" || globalThis.coalitionsMakeSnapshot === false) return;
  const start = () => setTimeout(() => {
    const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      root.setAttribute("data-python-snapshot-made", data && data.ok ? "made" : "not-made");
      if (!(data && data.ok)) console.warn("Coalitions: no Python snapshot made:", data && data.error);
    };
    worker.onerror = (event) => {
      worker.terminate();
      root.setAttribute("data-python-snapshot-made", "not-made");
      console.warn("Coalitions: no Python snapshot made:", event.message);
    };
    worker.postMessage({ url: SNAPSHOT_URL, cache: SNAPSHOT_CACHE });
  }, delay);
  if (root.hasAttribute("data-ready")) return start();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-ready")) return;
    observer.disconnect();
    start();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

export async function loadPyodide(options = {}) {
  let cache = null;
  let snapshot = null;
  try {
    if (globalThis.caches && globalThis.crypto?.subtle) {
      cache = await caches.open(SNAPSHOT_CACHE);
      snapshot = await cachedSnapshot(cache);
    }
  } catch (error) { // storage blocked (an embed in another site, say): the usual start
    cache = null;
  }
  if (snapshot) {
    try {
      const pyodide = await loadPlain({ ...options, _loadSnapshot: snapshot });
      pyodide.runPython(AFTER_RESTORE);
      mark("used");
      return pyodide;
    } catch (error) {
      console.warn("Coalitions: the Python snapshot could not be restored; starting without it:", error);
      mark("failed");
      try {
        await cache.delete(SNAPSHOT_URL);
        await cache.put(FAILED_URL, new Response("failed"));
      } catch (ignored) { /* storage gone meanwhile */ }
    }
  } else if (cache === null) {
    mark("unavailable");
  } else {
    const root = globalThis.document?.documentElement;
    if (root && !root.hasAttribute("data-python-snapshot")) mark("none");
    if (!(await cache.match(FAILED_URL))) makeLater();
  }
  return loadPlain(options);
}
