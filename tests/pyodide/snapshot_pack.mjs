// The snapshot's packed form (dist/pyodide/start.mjs: packSnapshot and
// unpackSnapshot), under Node: made arrays round-trip, damaged ones are
// refused without writing anything into the memory they were to fill, and
// Python restored from a real snapshot that went through it runs with what
// was imported before, also when Pyodide is handed the memory empty and it is
// filled only while Pyodide sets up its files (fsInit), as the page does.
// Prints one JSON object.
//   node snapshot_pack.mjs DIST/pyodide/
import { pathToFileURL } from "node:url";

const folder = process.argv[2];
const { packSnapshot, unpackSnapshot } = await import(pathToFileURL(folder + "start.mjs").href);
const { loadPyodide } = await import(pathToFileURL(folder + "pyodide.mjs").href);

function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Refused as damaged, whether unpacked into a new array or into zeros of
// the right length, which stay zeros.
function refused(packed, length) {
  const memory = new Uint8Array(length);
  for (const target of [null, memory]) {
    try {
      unpackSnapshot(packed, target);
      return false;
    } catch (error) {
      if (!String(error.message).includes("damaged")) return false;
    }
  }
  return memory.every((byte) => byte === 0);
}

const out = { roundTrips: {}, refused: {} };
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const made = {
  zeros: new Uint8Array(5 * 4096),
  full: Uint8Array.from({ length: 3 * 4096 + 100 }, () => 1 + Math.floor(random() * 255)),
  sparse: new Uint8Array(40 * 4096 + 17),
  lastByte: new Uint8Array(8 * 4096 + 5),
};
for (let page = 0; page < 40; page += 3) made.sparse[page * 4096 + Math.floor(random() * 4096)] = 9;
made.sparse[made.sparse.length - 1] = 4;
made.lastByte[made.lastByte.length - 1] = 1;
for (const [name, memory] of Object.entries(made)) {
  const packed = packSnapshot(memory);
  const into = new Uint8Array(memory.length);
  out.roundTrips[name] = {
    same: same(unpackSnapshot(packed), memory) && unpackSnapshot(packed, into) === into && same(into, memory),
    memory: memory.length,
    packed: packed.length,
  };
}

const good = packSnapshot(made.sparse);
const edited = (edit) => { const copy = good.slice(); edit(copy, new DataView(copy.buffer)); return copy; };
const length = made.sparse.length;
out.refused = {
  magic: refused(edited((b) => { b[0] ^= 0xff; }), length),
  short: refused(good.subarray(0, good.length - 1), length),
  long: refused(Uint8Array.from([...good, 0]), length),
  tiny: refused(good.subarray(0, 8), length),
  outside: refused(edited((b, v) => v.setUint32(12, made.sparse.length, true)), length),
  // the last run's bytes cut short: found before any run is written
  lastRun: refused(edited((b, v) => v.setUint32(8 + 8 * v.getUint32(8, true), 4097, true)), length),
  overlap: refused(edited((b, v) => v.setUint32(20, v.getUint32(12, true), true)), length),
  huge: refused(edited((b, v) => v.setUint32(4, 0xffffffff, true)), length),
};
// a memory of another length than the packed form's
out.refused.length = (() => {
  const other = new Uint8Array(length + 4096);
  try {
    unpackSnapshot(good, other);
    return false;
  } catch (error) {
    return String(error.message).includes("damaged") && other.every((byte) => byte === 0);
  }
})();

const maker = await loadPyodide({ indexURL: folder, _makeSnapshot: true });
maker.runPython("import json, dataclasses");
const memory = maker.makeMemorySnapshot();
const packed = packSnapshot(memory);
const restored = await loadPyodide({ indexURL: folder, _loadSnapshot: unpackSnapshot(packed) });
const IMPORTED = "import sys; 'dataclasses' in sys.modules and sys.modules['json'].dumps([1]) == '[1]'";
// As pyodide/start.mjs starts: an empty memory of the snapshot's length at
// once, filled a while later (the bytes read and checked meanwhile), before
// Pyodide restores it. Without the wait, Pyodide restores zeros and refuses.
const later = new Uint8Array(memory.length);
let filledBeforeRestore = false;
const late = await loadPyodide({
  indexURL: folder,
  _loadSnapshot: later,
  fsInit: async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    unpackSnapshot(packed, later);
    filledBeforeRestore = true;
  },
});
let empty;
try {
  await loadPyodide({ indexURL: folder, _loadSnapshot: new Uint8Array(memory.length) });
  empty = "restored";
} catch (error) {
  empty = String(error.message);
}
out.real = {
  memory: memory.length,
  packed: packed.length,
  same: same(unpackSnapshot(packed), memory),
  imported: restored.runPython(IMPORTED),
  filledLate: filledBeforeRestore && late.runPython(IMPORTED),
  empty,
};
console.log(JSON.stringify(out));
