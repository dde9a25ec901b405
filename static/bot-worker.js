// The bot worker: bots think here, off the page's thread.
//
// A module worker (new Worker(url, {type: "module"})) with a Pyodide of its
// own, loaded from the site (../pyodide/), and the game's wheel, whose URL the
// page sends. It fetches nothing from any other origin. py/app/botworker.py is
// the page's side.
//
// Messages from the page:
//   {type: "init", wheel: URL of coalitions-<version>-py3-none-any.whl}
//       once, first; answered {ready: true, ms} (ms: from the worker's start
//       to loaded) or {ready: false, error}.
//   {id, game, level, view, seat, step, seed}
//       a bot decision: `view` is the seat's view as JSON text (never the
//       full state), `seed` an integer or its decimal text (64-bit seeds do
//       not fit a JavaScript number), `level` a bot level or null/"" for the
//       game's default. Answered {id, action} or {id, error}. Requests sent
//       before the worker is ready wait for it, then are answered in order.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const SITE = new URL("../", import.meta.url);

// Without WebAssembly's stack switching, as on the page (pyodide/start.mjs,
// withoutStackSwitching, says why): Pyodide looks when it loads.
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];

// The Python side: coalitions.core.bots.choose on the decoded view.
const PYTHON = `
import json
from coalitions import registry
from coalitions.core import bots

def preload(game_id):
    if game_id:  # the table's game now; any other when it is first asked for
        registry.get_game(game_id)

def decide(game_id, level, view_json, seat, step, seed):
    game = registry.get_game(game_id)
    view = json.loads(view_json)
    seed = int(seed) if seed not in (None, "") else None
    return str(bots.choose(game, level or None, view, int(seat), int(step), seed))
`;

function sameOrigin(url) {
  const resolved = new URL(url, SITE);
  if (resolved.origin !== self.location.origin) {
    throw new Error(`bot worker: ${resolved.href} is not on this site`);
  }
  return resolved;
}

async function load(wheel, game) {
  const started = performance.now();
  const wheelURL = sameOrigin(wheel);
  const [pyodide, archive] = await Promise.all([
    loadPyodide({ indexURL: new URL("pyodide/", SITE).href }),
    fetch(wheelURL).then((response) => {
      if (!response.ok) throw new Error(`bot worker: ${wheelURL.href}: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  // As the page does it (pyscript.toml, py/main.py): the wheel as it is, on
  // sys.path, each module read once when first imported (app/wheel.py).
  pyodide.FS.writeFile("coalitions.whl", new Uint8Array(archive));
  // The standard library beyond the shipped part is fetched if ever imported (app/stdlib.py).
  pyodide.runPython("import os, sys\nwheel = os.path.abspath('coalitions.whl')\nsys.path.insert(0, wheel)\n"
    + "from app.wheel import install\ninstall(wheel)\n"
    + `from app import stdlib\nlibrary = stdlib.install(${JSON.stringify(new URL("pyodide/", SITE).href)})`);
  await pyodide.runPythonAsync("if library is not None:\n    await library.restore()");
  probeChannel(pyodide);
  const ns = pyodide.globals.get("dict")();
  pyodide.runPython(PYTHON, { globals: ns });
  ns.get("preload")(typeof game === "string" ? game : ""); // the table's game now, not at the first decision
  return { decide: ns.get("decide"), ms: performance.now() - started };
}

// Tests and scripts/list_stdlib_modules.py ask which standard-library modules
// this Python imported: {type: "stdlib-modules"} on this channel, answered
// {stdlibModules: JSON of app.stdlib.imported_modules(), fetched, stackSwitching}
// (whether this Pyodide uses WebAssembly's stack switching: it must not).
function probeChannel(pyodide) {
  const channel = new BroadcastChannel("coalitions-bot-worker-probe");
  channel.onmessage = (event) => {
    if ((event.data || {}).type !== "stdlib-modules") return;
    const stdlib = pyodide.pyimport("app.stdlib");
    channel.postMessage({ stdlibModules: stdlib.imported_modules(), fetched: stdlib.fetched(),
                          stackSwitching: Boolean(pyodide._module.jspiSupported) });
  };
}

let loaded = null;

function nullable(value) {
  return value === undefined || value === null ? "" : value;
}

self.addEventListener("message", async (event) => {
  const msg = event.data || {};
  if (msg.type === "init") {
    if (loaded === null) {
      loaded = load(msg.wheel, msg.game);
      loaded.then(
        ({ ms }) => self.postMessage({ ready: true, ms }),
        (error) => self.postMessage({ ready: false, error: String(error && error.message || error) }),
      );
    }
    return;
  }
  if (msg.id === undefined) return;
  try {
    if (loaded === null) throw new Error("bot worker: not initialised (send {type: 'init', wheel} first)");
    const { decide } = await loaded;
    const action = decide(msg.game, nullable(msg.level), msg.view, msg.seat, msg.step,
                          typeof msg.seed === "bigint" ? String(msg.seed) : nullable(msg.seed));
    self.postMessage({ id: msg.id, action });
  } catch (error) {
    self.postMessage({ id: msg.id, error: String(error && error.message || error) });
  }
});
