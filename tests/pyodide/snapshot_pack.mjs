// The snapshot's packed form (dist/pyodide/start.mjs: packSnapshot and
// unpackSnapshot), under Node: made arrays round-trip, against zeros and
// against a base, damaged ones are refused without writing anything into the
// memory they were to fill, and so are those unpacked against another base;
// Python restored from a real snapshot that went through it, packed against
// Pyodide's memory before Python ran as the snapshot worker packs it, runs
// with what was imported before, also when Pyodide is handed the memory empty
// and it is filled only while Pyodide sets up its files (fsInit), from the
// new instance's memory, as the page does.
// Prints one JSON object.
//   node snapshot_pack.mjs DIST/pyodide/
import { pathToFileURL } from "node:url";

const folder = process.argv[2];
const { packSnapshot, unpackSnapshot, snapshotBase, watchMemories, OtherBase } = await import(pathToFileURL(folder + "start.mjs").href);
const { loadPyodide } = await import(pathToFileURL(folder + "pyodide.mjs").href);

function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Refused as damaged (or, with `other`, as packed against another base),
// whether unpacked into a new array or into zeros of the right length, which
// stay zeros.
function refused(packed, length, base = null, other = false) {
  const memory = new Uint8Array(length);
  for (const target of [null, memory]) {
    try {
      unpackSnapshot(packed, target, base);
      return false;
    } catch (error) {
      if (other ? !(error instanceof OtherBase) : !String(error.message).includes("damaged")) return false;
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
// Against a base: ten pages of "module data" placed after a 64-byte header,
// of which the snapshot changed one byte in one page, plus its own pages
// beyond the base. Only the pages that differ are kept.
const before = new Uint8Array(16 * 4096); // the memory before Python ran: data, then zeros
for (let i = 0; i < 10 * 4096; i++) before[i] = 1 + Math.floor(random() * 255);
const base = snapshotBase(before, 64);
const snapshot = new Uint8Array(64 + 20 * 4096);
snapshot.set(before.subarray(0, 10 * 4096), 64);
snapshot.fill(7, 0, 64); // Pyodide's header
snapshot[64 + 5 * 4096 + 9] ^= 0x55;
snapshot.fill(3, 12 * 4096, 13 * 4096); // (pages of the snapshot, which the base starts 64 bytes into)
const againstBase = packSnapshot(snapshot, base);
const intoBase = new Uint8Array(snapshot.length);
out.roundTrips.base = {
  same: same(unpackSnapshot(againstBase, intoBase, before), snapshot) && same(intoBase, snapshot),
  baseLength: base.bytes.length,
  memory: snapshot.length,
  packed: againstBase.length,
};

const good = packSnapshot(made.sparse);
const edited = (edit) => { const copy = good.slice(); edit(copy, new DataView(copy.buffer)); return copy; };
const length = made.sparse.length;
out.refused = {
  magic: refused(edited((b) => { b[0] ^= 0xff; }), length),
  short: refused(good.subarray(0, good.length - 1), length),
  long: refused(Uint8Array.from([...good, 0]), length),
  tiny: refused(good.subarray(0, 8), length),
  outside: refused(edited((b, v) => v.setUint32(24, made.sparse.length, true)), length),  // the first run's offset
  // the last run's bytes cut short: found before any run is written
  lastRun: refused(edited((b, v) => v.setUint32(20 + 8 * v.getUint32(8, true), 4097, true)), length),
  overlap: refused(edited((b, v) => v.setUint32(32, v.getUint32(24, true), true)), length),  // the second run's offset
  huge: refused(edited((b, v) => v.setUint32(4, 0xffffffff, true)), length),
};
// against another base: one byte of it changed, or a base too short, or none
const otherBefore = before.slice();
otherBefore[3 * 4096 + 1] ^= 1;
out.refused.otherBase = refused(againstBase, snapshot.length, otherBefore, true);
out.refused.shortBase = refused(againstBase, snapshot.length, before.subarray(0, 9 * 4096), true);
out.refused.noBase = refused(againstBase, snapshot.length, null, true);
// a base said to lie beyond the snapshot's end
out.refused.baseOutside = refused((() => {
  const copy = againstBase.slice();
  new DataView(copy.buffer).setUint32(12, snapshot.length, true);
  return copy;
})(), snapshot.length, before);
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

// The real thing, as the snapshot worker makes it: Pyodide's memory read at
// fsInit, before Python ran, is the base.
const watched = watchMemories();
let beforePython = null;
const maker = await loadPyodide({
  indexURL: folder,
  _makeSnapshot: true,
  fsInit: () => {
    watched.stop();
    beforePython = watched.all()[0].slice();
  },
});
maker.runPython("import json, dataclasses");
const memory = maker.makeMemorySnapshot();
const header = new DataView(memory.buffer, memory.byteOffset).getUint32(4, true);
const packed = packSnapshot(memory, snapshotBase(beforePython, header));
const zerosPacked = packSnapshot(memory);
const restored = await loadPyodide({ indexURL: folder, _loadSnapshot: unpackSnapshot(packed, null, beforePython) });
const IMPORTED = "import sys; 'dataclasses' in sys.modules and sys.modules['json'].dumps([1]) == '[1]'";
// As pyodide/start.mjs starts: an empty memory of the snapshot's length at
// once, filled a while later (the bytes read and checked meanwhile) from the
// new instance's own memory, before Pyodide restores it. Without the wait,
// Pyodide restores zeros and refuses.
const later = new Uint8Array(memory.length);
let filledBeforeRestore = false;
const watchedLater = watchMemories();
const late = await loadPyodide({
  indexURL: folder,
  _loadSnapshot: later,
  fsInit: async () => {
    watchedLater.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    unpackSnapshot(packed, later, watchedLater.all()[0]);
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
  packedAgainstZeros: zerosPacked.length,
  same: same(unpackSnapshot(packed, null, beforePython), memory),
  imported: restored.runPython(IMPORTED),
  filledLate: filledBeforeRestore && late.runPython(IMPORTED),
  empty,
};
console.log(JSON.stringify(out));
