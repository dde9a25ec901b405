// Makes this build's Python memory snapshot (see start.mjs beside it) in a
// Pyodide of its own: started as the page's is, with the standard library the
// app imports imported (build.py stamps their names below), then kept in Cache
// Storage, packed (start.mjs's packSnapshot), with the packed bytes' SHA-256
// and the memory's length.
// Answers {ok: true, memory, bytes} (their lengths) or {ok: false, error}.
import { loadPyodide } from "./pyodide.mjs";
import { packSnapshot, sha256 } from "./start.mjs";

const MODULES = "__SNAPSHOT_MODULES__"; // a Python list of module names

self.onmessage = async ({ data }) => {
  try {
    const pyodide = await loadPyodide({ indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true });
    pyodide.runPython(
      `import importlib\nfor _name in ${MODULES}:\n    try:\n        importlib.import_module(_name)\n`
      + "    except Exception:\n        pass\ndel _name, importlib");
    const memory = pyodide.makeMemorySnapshot();
    const bytes = packSnapshot(memory);
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
