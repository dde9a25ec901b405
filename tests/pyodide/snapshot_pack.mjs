// The snapshot's packed form (dist/pyodide/start.mjs: packSnapshot and
// unpackSnapshot), under Node: made arrays round-trip, damaged ones are
// refused, and Python restored from a real snapshot that went through it
// runs with what was imported before. Prints one JSON object.
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

function refused(packed) {
  try {
    unpackSnapshot(packed);
    return false;
  } catch (error) {
    return String(error.message).includes("damaged");
  }
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
  out.roundTrips[name] = { same: same(unpackSnapshot(packed), memory), memory: memory.length, packed: packed.length };
}

const good = packSnapshot(made.sparse);
const edited = (edit) => { const copy = good.slice(); edit(copy, new DataView(copy.buffer)); return copy; };
out.refused = {
  magic: refused(edited((b) => { b[0] ^= 0xff; })),
  short: refused(good.subarray(0, good.length - 1)),
  long: refused(Uint8Array.from([...good, 0])),
  tiny: refused(good.subarray(0, 8)),
  outside: refused(edited((b, v) => v.setUint32(12, made.sparse.length, true))),
  overlap: refused(edited((b, v) => v.setUint32(20, v.getUint32(12, true), true))),
  huge: refused(edited((b, v) => v.setUint32(4, 0xffffffff, true))),
};

const maker = await loadPyodide({ indexURL: folder, _makeSnapshot: true });
maker.runPython("import json, dataclasses");
const memory = maker.makeMemorySnapshot();
const packed = packSnapshot(memory);
const restored = await loadPyodide({ indexURL: folder, _loadSnapshot: unpackSnapshot(packed) });
out.real = {
  memory: memory.length,
  packed: packed.length,
  same: same(unpackSnapshot(packed), memory),
  imported: restored.runPython("import sys; 'dataclasses' in sys.modules and sys.modules['json'].dumps([1]) == '[1]'"),
};
console.log(JSON.stringify(out));
