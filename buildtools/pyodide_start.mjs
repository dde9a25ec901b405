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
// proxies, which the page's Python must not see), and kept in Cache Storage,
// as its differences from Pyodide's memory before Python ran, with its SHA-256
// and the memory's length (also kept in localStorage, as a hint). A start
// hands Pyodide a memory of that length at once and fills it when Pyodide has
// fetched and compiled its own files (fsInit): the snapshot's bytes, found,
// read and checked meanwhile, hold back only the restore itself. Anything
// wrong falls back to the usual start, and the snapshot goes: no Cache
// Storage, no entry, a digest that does not match or no memory length (a
// damaged entry), or a restore that throws or a base that is not this
// Pyodide's (another Pyodide's snapshot). Another build's entry and hint are
// deleted once Python has started. A build whose snapshot failed once makes
// no other.
//
// <html data-python-snapshot> says what happened, for tests and benchmarks:
// "used", "none" (none yet: one is made after the start), "damaged", "failed"
// (restoring threw), "unavailable" (no Cache Storage here); and once the worker
// is done, "made" or "not-made". <html data-python-snapshot-hint> says whether
// the memory's length was known at once ("used"), looked up ("none"), or
// looked up after the one kept was found wrong ("wrong").
// <html data-python-start> says whether PyScript
// was handed the start begun when the page was parsed ("early", see the end
// of this module) or started Python when it asked ("asked").
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export * from "./pyodide.mjs";
export { version };

// Python runs without WebAssembly's stack switching (JSPI). Where the browser
// has WebAssembly.Suspending, Pyodide runs each call from JavaScript into
// Python (PyScript's main, every event handler and timer) on a stack of its
// own, and Chromium 156 now and then crashes the page there: a garbage
// collection during such a call scans the switched stack past its end
// ("Stability: Python without stack switching" in docs/performance.md).
// The app uses nothing that needs it (run_sync, or awaiting in synchronous
// code). Pyodide looks when it loads, so this goes
// before any start, here and in the snapshot maker (which imports this
// module); static/bot-worker.js does the same.
function withoutStackSwitching() {
  for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];
}
withoutStackSwitching();

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

function hex(digest) {
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function sha256(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

// A snapshot is kept as its differences from what Pyodide's memory holds
// before Python first runs (its "base": the WebAssembly module's data, read
// from the new instance at fsInit), page by page, so that a reload reads and
// hashes about two thirds of its pages of Python's memory (7.4 of 31 MB, where
// the pages that are not all zeros are 11 MB): "CPS2", then unsigned 32-bit
// little-endian words: the snapshot's length, the number of runs, where in it
// the base goes (after Pyodide's own header), the base's length, and the
// base's checksum (FNV-1a over its 32-bit words); then each run of pages that
// differ from the base (zeros outside it) as its offset and length, then the
// runs' bytes one after the other. A base of length 0 packs against zeros.
const PAGE = 4096;
const PACKED = 0x32535043; // "CPS2"
const HEAD = 24;
const MAX_MEMORY = 2 ** 31; // no Python memory of this app comes near

// FNV-1a over the 32-bit words of `bytes` (its length a multiple of 4).
export function checksum(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i], 16777619);
  return hash >>> 0;
}

// The base a snapshot is packed against: `memory` (Pyodide's memory before
// Python ran) up to its last page that is not all zeros, placed at `offset`
// (the length of Pyodide's header) in the snapshot.
export function snapshotBase(memory, offset) {
  let end = memory.length - (memory.length % PAGE);
  while (end > 0 && zeros(memory, end - PAGE, end)) end -= PAGE;
  return { offset, bytes: memory.subarray(0, end) };
}

function zeros(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

// The byte of the base at `i` of the snapshot (0 outside it).
function baseAt(base, i) {
  const at = i - base.offset;
  return at >= 0 && at < base.bytes.length ? base.bytes[at] : 0;
}

function sameAsBase(snapshot, base, start, end) {
  for (let i = start; i < end; i++) if (snapshot[i] !== baseAt(base, i)) return false;
  return true;
}

export function packSnapshot(snapshot, base = { offset: 0, bytes: new Uint8Array(0) }) {
  if (base.bytes.length % 4 || base.offset + base.bytes.length > snapshot.length) throw new Error("no such base");
  const runs = [];
  for (let start = 0; start < snapshot.length; start += PAGE) {
    const end = Math.min(start + PAGE, snapshot.length);
    if (sameAsBase(snapshot, base, start, end)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  const head = HEAD + 8 * runs.length;
  const packed = new Uint8Array(head + runs.reduce((sum, run) => sum + run[1], 0));
  const view = new DataView(packed.buffer);
  [PACKED, snapshot.length, runs.length, base.offset, base.bytes.length, checksum(base.bytes)]
    .forEach((word, i) => view.setUint32(4 * i, word, true));
  let at = head;
  runs.forEach(([offset, length], i) => {
    view.setUint32(HEAD + 8 * i, offset, true);
    view.setUint32(HEAD + 4 + 8 * i, length, true);
    packed.set(snapshot.subarray(offset, offset + length), at);
    at += length;
  });
  return packed;
}

// A packed snapshot whose base is not the memory it is unpacked against: it
// was made from another Pyodide than this page's, and is never restored.
export class OtherBase extends Error {}

// The snapshot from its packed form and `base` (Pyodide's memory before
// Python ran, at least as long as the base the packed form names), written
// into `memory` when given (zeros of the snapshot's length), else into a new
// array. Throws before writing anything: "damaged" on anything that is not a
// packed snapshot (runs out of order, outside the snapshot, or not exactly
// filling the bytes), OtherBase when `base` is not the one it was packed
// against.
export function unpackSnapshot(packed, memory = null, base = null) {
  const damaged = () => new Error("the snapshot is damaged");
  if (packed.length < HEAD) throw damaged();
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const [magic, length, count, baseOffset, baseLength, baseSum] = [0, 1, 2, 3, 4, 5]
    .map((i) => view.getUint32(4 * i, true));
  if (magic !== PACKED || !length || length > MAX_MEMORY || HEAD + 8 * count > packed.length
      || baseLength % 4 || baseOffset + baseLength > length || (memory && memory.length !== length)) {
    throw damaged();
  }
  const runs = [];
  let at = HEAD + 8 * count;
  let end = 0;
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(HEAD + 8 * i, true);
    const size = view.getUint32(HEAD + 4 + 8 * i, true);
    if (!size || offset < end || offset + size > length || at + size > packed.length) throw damaged();
    runs.push([offset, at, size]);
    at += size;
    end = offset + size;
  }
  if (at !== packed.length) throw damaged();
  const from = baseLength ? base && base.subarray(0, baseLength) : null;
  if (baseLength && (!from || from.length !== baseLength || checksum(from) !== baseSum)) {
    throw new OtherBase("the snapshot was made from another Pyodide's memory");
  }
  const target = memory || new Uint8Array(length);
  if (from) target.set(from, baseOffset);
  for (const [offset, start, size] of runs) target.set(packed.subarray(start, start + size), offset);
  return target;
}

// Fills `memory` from the packed snapshot `bytes` and the first of `bases`
// (the new instances' memories, newest first) that is the base it was packed
// against; says how that went: "filled", "damaged" or "other-base" (nothing
// written).
function fillFrom(bytes, memory, bases) {
  for (const base of bases.length ? bases : [null]) {
    try {
      unpackSnapshot(bytes, memory, base);
      return "filled";
    } catch (error) {
      if (!(error instanceof OtherBase)) return "damaged";
    }
  }
  return "other-base";
}

// The memories of the WebAssembly instances made from now on
// (Pyodide's is the one Python runs in; at fsInit it holds only what the
// module's data put there: a snapshot's base).
export function watchMemories() {
  const seen = [];
  const watch = (made) => {
    made.then((result) => {
      for (const value of Object.values((result.instance || result).exports || {})) {
        if (value instanceof WebAssembly.Memory) seen.push(value);
      }
    }, () => {});
    return made;
  };
  watchers.push(watch);
  if (!watching) {
    watching = true;
    for (const name of ["instantiate", "instantiateStreaming"]) {
      const original = WebAssembly[name];
      if (typeof original !== "function") continue;
      WebAssembly[name] = function (...args) {
        const made = original.apply(this, args);
        for (const watcher of watchers) watcher(made);
        return made;
      };
    }
  }
  return {
    all: () => seen.map((value) => new Uint8Array(value.buffer)).reverse(),
    stop: () => watchers.splice(watchers.indexOf(watch) >>> 0, 1),
  };
}
const watchers = [];
let watching = false;

// The length of Python's memory a snapshot entry says it holds, or 0 if it
// says none that could be.
function memoryLength(entry) {
  const length = Number(entry.length);
  return Number.isInteger(length) && length > 0 && length <= MAX_MEMORY ? length : 0;
}

// This build's snapshot, as index.html's first script describes the entry it
// looked up (a reload starts reading it before this module loads): {url,
// bytes, digest, expected, length}, promises of its packed bytes and their
// SHA-256, and the digest and memory length stored with it; null if there is
// none; rejects where Cache Storage is missing or blocked (an embed in
// another site).
async function findSnapshot() {
  if (!globalThis.caches || !globalThis.crypto?.subtle) throw new Error("no Cache Storage here");
  const early = await Promise.resolve(globalThis.coalitionsSnapshot).catch(() => undefined);
  globalThis.coalitionsSnapshot = null; // its bytes are not kept once Python holds them
  if (early && early.url === SNAPSHOT_URL) return early.missing ? null : early;
  // not looked up (a page of another build: a deploy under way), or it failed
  const response = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_URL);
  if (!response) return null;
  const bytes = response.arrayBuffer();
  const digest = bytes.then((buffer) => crypto.subtle.digest("SHA-256", buffer));
  digest.catch(() => {});
  return { url: SNAPSHOT_URL, bytes, digest, expected: response.headers.get("x-sha256"),
    length: response.headers.get("x-memory-length") };
}

// The snapshot's packed bytes, once read and found to match their digest;
// rejects if they do not.
async function readPacked(entry) {
  const bytes = new Uint8Array(await entry.bytes);
  const digest = hex(await entry.digest);
  if (!bytes.length || digest !== entry.expected) throw new Error("the snapshot is damaged");
  return bytes;
}

// The snapshot's memory length, kept in localStorage beside it once it is
// made or used (no Cache Storage lookup is needed to know it), so that a
// start hands Pyodide its memory at once, before the snapshot is even found.
// Only a hint: a length that is not the entry's, or an entry that is gone,
// is found before anything is restored. Nothing where localStorage is blocked.
const HINT_PREFIX = "coalitions-python-snapshot-length:";
const HINT = HINT_PREFIX + SNAPSHOT_URL;

function hintedLength() {
  try {
    return memoryLength({ length: globalThis.localStorage?.getItem(HINT) });
  } catch (error) {
    return 0;
  }
}

function hint(length) {
  try {
    if (!length) globalThis.localStorage?.removeItem(HINT);
    else if (globalThis.localStorage?.getItem(HINT) !== String(length)) globalThis.localStorage?.setItem(HINT, String(length));
  } catch (error) { /* storage blocked or full: the next start looks the length up */ }
}

// Deletes this site's snapshots of other builds (once Python has started,
// with or without a snapshot).
async function forgetOtherBuilds() {
  try {
    const store = globalThis.localStorage;
    for (let i = store ? store.length - 1 : -1; i >= 0; i--) {
      const key = store.key(i);
      if (key && key.startsWith(HINT_PREFIX + SNAPSHOT_PREFIX) && key !== HINT) store.removeItem(key);
    }
  } catch (error) { /* storage blocked */ }
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const request of await cache.keys()) {
    if (request.url.startsWith(SNAPSHOT_PREFIX) && request.url !== SNAPSHOT_URL && request.url !== FAILED_URL) {
      await cache.delete(request);
    }
  }
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
      if (data && data.ok) hint(data.memory);
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

// PyScript's package as bytecode (build.py: buildtools/pyscript_bytecode.py),
// put where import looks before PyScript writes the package's sources and
// imports it. <html data-pyscript-bytecode> says how many files, or "none".
function withPyScriptBytecode(pyodide) {
  let put = "none";
  try {
    // one expression: nothing is left in __main__, nor the module in sys.modules
    put = String(pyodide.runPython(
      "(__import__('_coalitions_pyscript').put(), __import__('sys').modules.pop('_coalitions_pyscript'))[0]"));
  } catch (error) {
    console.warn("Coalitions: PyScript's package will be compiled from source:", error);
  }
  globalThis.document?.documentElement.setAttribute("data-pyscript-bytecode", put);
  return pyodide;
}

function start(options) {
  const started = startPython(options).then(withPyScriptBytecode);
  started.finally(() => forgetOtherBuilds().catch(() => {})).catch(() => {});
  return started;
}

// Cache Storage's entry of this build's snapshot deleted; with `failed`, a
// mark left that this build makes no other.
async function dropSnapshot(failed) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.delete(SNAPSHOT_URL);
  if (failed) await cache.put(FAILED_URL, new Response("failed"));
}

// A snapshot is made later unless one failed here before (asked while Python starts).
function makeUnlessFailed() {
  caches.open(SNAPSHOT_CACHE).then((cache) => cache.match(FAILED_URL)).then((failed) => {
    if (!failed) makeLater();
  }, () => {});
}

// The usual start, this build's snapshot being damaged (unreadable, not what
// was stored, or without its memory length): it goes, and a new one is made.
async function withoutDamaged(options) {
  hint(0);
  await dropSnapshot(false).catch(() => {});
  mark("damaged");
  makeUnlessFailed();
  return loadPlain(options);
}

async function startPython(options, hinted = null) {
  const found = findSnapshot();
  found.catch(() => {});
  let length = hintedLength();
  globalThis.document?.documentElement.setAttribute("data-python-snapshot-hint", hinted || (length ? "used" : "none"));
  if (!length) {
    let entry;
    try {
      entry = await found;
    } catch (error) { // no Cache Storage, or storage blocked
      mark("unavailable");
      return loadPlain(options);
    }
    if (!entry) return withoutSnapshot(options);
    length = memoryLength(entry);
    if (!length) return withoutDamaged(options);
  }
  return fromSnapshot(options, found, length);
}

// A start without a snapshot, none being kept for this build: one is made later.
function withoutSnapshot(options) {
  hint(0);
  const root = globalThis.document?.documentElement;
  if (root && !root.hasAttribute("data-python-snapshot")) mark("none");
  makeUnlessFailed();
  return loadPlain(options);
}

// Pyodide is handed a memory of the snapshot's `length` at once, so that it
// fetches and compiles its own files while the snapshot is found, read and
// checked; it restores that memory only once Python's files are in place,
// which waits for fsInit, where the memory is filled: the base read from
// Pyodide's new memory, then the snapshot's pages. A snapshot that is gone,
// damaged, of another length than the hint, or of another base leaves the
// memory all zeros, which Pyodide refuses to restore (no magic number).
async function fromSnapshot(options, found, length) {
  const memory = new Uint8Array(length);
  let outcome = "unread";
  const packed = found.then((entry) => {
    if (!entry) outcome = "gone";
    else if (memoryLength(entry) !== length) outcome = "resized";
    else return readPacked(entry);
    return null;
  }, () => {
    outcome = "unavailable";
    return null;
  }).catch(() => {
    outcome = "damaged";
    return null;
  });
  const memories = watchMemories();
  const fsInit = options.fsInit;
  try {
    const pyodide = await loadPlain({
      ...options,
      _loadSnapshot: memory,
      fsInit: async (fs, info) => {
        memories.stop();
        const bytes = await packed;
        outcome = bytes ? fillFrom(bytes, memory, memories.all()) : outcome;
        if (fsInit) await fsInit(fs, info);
      },
    });
    pyodide.runPython(AFTER_RESTORE);
    hint(length);
    mark("used");
    return pyodide;
  } catch (error) {
    memories.stop();
    await packed;
    hint(0); // looked up again next time
    if (outcome === "gone") return withoutSnapshot(options);
    if (outcome === "unavailable") {
      mark("unavailable");
      return loadPlain(options);
    }
    if (outcome === "resized") return startPython(options, "wrong"); // the entry's own length, looked up
    if (outcome === "damaged") return withoutDamaged(options); // never restored
    console.warn("Coalitions: the Python snapshot could not be restored; starting without it:", error);
    mark("failed");
    await dropSnapshot(true).catch(() => {});
  }
  return loadPlain(options);
}

// The page's first module script (index.html) is this one: Python starts as
// soon as the page is parsed, while PyScript loads and reads its config, and
// PyScript's own call below is handed the start under way. Its output goes to
// the console until PyScript gives its own (the options it passes: where
// Python prints, and this folder). Not in a worker (the snapshot maker imports
// sha256 from here), nor where the page said window.coalitionsEarlyStart = false.
const printers = { stdout: null, stderr: null };
let early = null;
if (globalThis.document && globalThis.coalitionsEarlyStart !== false) {
  early = start({
    indexURL: FOLDER,
    stdout: (line) => (printers.stdout || console.log)(line),
    stderr: (line) => (printers.stderr || console.warn)(line),
  });
  early.catch(() => {}); // PyScript sees it, or starts again
}

function sameFolder(indexURL) {
  try {
    return new URL(String(indexURL).replace(/\/?$/, "/"), globalThis.document?.baseURI).href === FOLDER;
  } catch (error) {
    return false;
  }
}

export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...others } = options;
  if (early && !Object.keys(others).length && sameFolder(indexURL)) {
    const started = early;
    early = null;
    printers.stdout = stdout || null;
    printers.stderr = stderr || null;
    try {
      const pyodide = await started;
      globalThis.document.documentElement.setAttribute("data-python-start", "early");
      return pyodide;
    } catch (error) { // started again below, as PyScript asked
      console.warn("Coalitions: Python's early start failed; starting again:", error);
    }
  }
  early = null;
  globalThis.document?.documentElement.setAttribute("data-python-start", "asked");
  return start(options);
}
