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
// with its SHA-256 and the memory's length. A start hands Pyodide a memory of
// that length at once and fills it while Pyodide fetches and compiles its own
// files: the snapshot's bytes, read and checked meanwhile, hold back only the
// restore itself. Anything wrong falls back to the usual start, and the
// snapshot goes: no Cache Storage, no entry, a digest that does not match or
// no memory length (a damaged entry), or a restore that throws (another
// Pyodide's snapshot: its build id differs). Another build's entry is deleted
// once Python has started. A build whose snapshot failed once makes no other.
//
// <html data-python-snapshot> says what happened, for tests and benchmarks:
// "used", "none" (none yet: one is made after the start), "damaged", "failed"
// (restoring threw), "unavailable" (no Cache Storage here); and once the worker
// is done, "made" or "not-made". <html data-python-start> says whether PyScript
// was handed the start begun when the page was parsed ("early", see the end
// of this module) or started Python when it asked ("asked").
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

function hex(digest) {
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function sha256(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

// A snapshot is kept without its pages of zeros (about two thirds of Python's
// memory at the start), so that a reload reads and hashes a third of it:
// "CPS1", the memory's length and the number of runs (unsigned 32-bit, little
// endian), then each run of pages that are not all zeros as its offset and
// length, then the runs' bytes one after the other.
const PAGE = 4096;
const PACKED = 0x31535043; // "CPS1"
const MAX_MEMORY = 2 ** 31; // no Python memory of this app comes near

function zeros(memory, start, end) {
  for (let i = start; i < end; i++) if (memory[i] !== 0) return false;
  return true;
}

export function packSnapshot(memory) {
  const runs = [];
  for (let start = 0; start < memory.length; start += PAGE) {
    const end = Math.min(start + PAGE, memory.length);
    if (zeros(memory, start, end)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  const head = 12 + 8 * runs.length;
  const packed = new Uint8Array(head + runs.reduce((sum, run) => sum + run[1], 0));
  const view = new DataView(packed.buffer);
  view.setUint32(0, PACKED, true);
  view.setUint32(4, memory.length, true);
  view.setUint32(8, runs.length, true);
  let at = head;
  runs.forEach(([offset, length], i) => {
    view.setUint32(12 + 8 * i, offset, true);
    view.setUint32(16 + 8 * i, length, true);
    packed.set(memory.subarray(offset, offset + length), at);
    at += length;
  });
  return packed;
}

// Python's memory from a packed snapshot, written into `memory` when given
// (zeros of the snapshot's length), else into a new array; throws on anything
// that is not one (runs out of order, outside the memory, or not exactly
// filling the bytes), before writing anything.
export function unpackSnapshot(packed, memory = null) {
  const damaged = () => new Error("the snapshot is damaged");
  if (packed.length < 12) throw damaged();
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(4, true);
  const count = view.getUint32(8, true);
  if (view.getUint32(0, true) !== PACKED || !length || length > MAX_MEMORY || 12 + 8 * count > packed.length
      || (memory && memory.length !== length)) {
    throw damaged();
  }
  const runs = [];
  let at = 12 + 8 * count;
  let end = 0;
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(12 + 8 * i, true);
    const size = view.getUint32(16 + 8 * i, true);
    if (!size || offset < end || offset + size > length || at + size > packed.length) throw damaged();
    runs.push([offset, at, size]);
    at += size;
    end = offset + size;
  }
  if (at !== packed.length) throw damaged();
  const target = memory || new Uint8Array(length);
  for (const [offset, from, size] of runs) target.set(packed.subarray(from, from + size), offset);
  return target;
}

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

// Writes the snapshot's memory into `memory` once its stored bytes are read
// and match their digest; rejects, having written nothing, if they do not.
async function fill(entry, memory) {
  const bytes = new Uint8Array(await entry.bytes);
  const digest = hex(await entry.digest);
  if (!bytes.length || digest !== entry.expected) throw new Error("the snapshot is damaged");
  unpackSnapshot(bytes, memory);
}

// Deletes this site's snapshots of other builds (once Python has started,
// with or without a snapshot).
async function forgetOtherBuilds() {
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
  await dropSnapshot(false).catch(() => {});
  mark("damaged");
  makeUnlessFailed();
  return loadPlain(options);
}

async function startPython(options) {
  let entry;
  try {
    entry = await findSnapshot();
  } catch (error) { // no Cache Storage, or storage blocked
    mark("unavailable");
    return loadPlain(options);
  }
  if (!entry) {
    const root = globalThis.document?.documentElement;
    if (root && !root.hasAttribute("data-python-snapshot")) mark("none");
    makeUnlessFailed();
    return loadPlain(options);
  }
  // Pyodide is handed a memory of the snapshot's length at once, so that it
  // fetches and compiles its own files while the snapshot is read and
  // checked; it restores that memory only once Python's files are in place,
  // which waits for `filled` (fsInit). A damaged snapshot leaves the memory
  // all zeros, which Pyodide refuses to restore (no magic number).
  const length = memoryLength(entry);
  if (!length) return withoutDamaged(options);
  const memory = new Uint8Array(length);
  let damaged = false;
  const filled = fill(entry, memory).catch(() => {
    damaged = true;
  });
  const fsInit = options.fsInit;
  try {
    const pyodide = await loadPlain({
      ...options,
      _loadSnapshot: memory,
      fsInit: async (fs, info) => {
        await filled;
        if (fsInit) await fsInit(fs, info);
      },
    });
    pyodide.runPython(AFTER_RESTORE);
    mark("used");
    return pyodide;
  } catch (error) {
    await filled;
    if (damaged) return withoutDamaged(options); // never restored
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
