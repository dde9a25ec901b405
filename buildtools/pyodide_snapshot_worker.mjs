// Makes this build's Python memory snapshot (see start.mjs beside it) in a
// Pyodide of its own: started as the page's is, with the standard library the
// app imports imported (build.py stamps their names below), then kept in Cache
// Storage, packed (start.mjs's packSnapshot) against what Pyodide's memory
// held before Python first ran (read at fsInit, as a start reads it), with the
// packed bytes' SHA-256 and the memory's length.
// Answers {ok: true, memory, bytes} (their lengths) or {ok: false, error}.
import { loadPyodide } from "./pyodide.mjs";
import { packSnapshot, sha256, snapshotBase, watchMemories } from "./start.mjs";

const MODULES = "__SNAPSHOT_MODULES__"; // a Python list of module names

self.onmessage = async ({ data }) => {
  try {
    const memories = watchMemories();
    let before = null;
    const pyodide = await loadPyodide({
      indexURL: new URL("./", import.meta.url).href,
      _makeSnapshot: true,
      fsInit: () => {
        memories.stop();
        before = memories.all()[0]?.slice();
      },
    });
    if (!before) throw new Error("Pyodide's memory was not seen before Python ran");
    pyodide.runPython(
      `import importlib\nfor _name in ${MODULES}:\n    try:\n        importlib.import_module(_name)\n`
      + "    except Exception:\n        pass\ndel _name, importlib");
    const memory = pyodide.makeMemorySnapshot();
    // (Pyodide's header comes first, its length in the header's second word)
    const header = new DataView(memory.buffer, memory.byteOffset).getUint32(4, true);
    const bytes = packSnapshot(memory, snapshotBase(before, header));
    const cache = await caches.open(data.cache);
    await cache.put(data.url, new Response(bytes, {
      headers: {
        "content-type": "application/octet-stream",
        "x-sha256": await sha256(bytes),
        "x-memory-length": String(memory.length), // Pyodide is handed a memory this long before the bytes are read
      },
    }));
    self.postMessage({ ok: true, memory: memory.length, bytes: bytes.length });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error && error.stack || error) });
  }
};
