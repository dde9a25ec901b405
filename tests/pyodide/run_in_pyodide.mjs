// Run the Coalitions command line inside Pyodide under Node, offline.
//
// Uses exactly what the site ships: Pyodide from dist/pyodide/ (with its
// rewritten lock file and vendored wheels) and the project's wheel from dist/.
//
//   node tests/pyodide/run_in_pyodide.mjs [options] -- play election-day --players 4 --seed 7 --json
//       prints what `coalitions.cli.main(argv)` printed and exits with its code.
//   node tests/pyodide/run_in_pyodide.mjs [options] --batch < argv-lists.json
//       reads a JSON array of argv arrays; prints one JSON array of
//       {"argv", "code", "stdout", "stderr"} objects (one Pyodide boot for all).
//
// Options:
//   --dist DIR          the built site (default: dist/ next to tests/)
//   --install zip       put the wheel on sys.path as it is, as the page does (default)
//   --install micropip  load micropip from dist/pyodide and install the wheel with it
//   --micropip          also check that micropip loads offline (reported on stderr)
//   --code PY           run this Python source instead of the command line; prints its stdout

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const options = { dist: resolve(here, "..", "..", "dist"), install: "zip", batch: false, micropip: false, code: null };
let argv = [];
{
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") { argv = args.slice(i + 1); break; }
    else if (arg === "--dist") options.dist = resolve(args[++i]);
    else if (arg === "--install") options.install = args[++i];
    else if (arg === "--batch") options.batch = true;
    else if (arg === "--micropip") options.micropip = true;
    else if (arg === "--code") options.code = args[++i];
    else { process.stderr.write(`unknown option ${arg}\n`); process.exit(2); }
  }
  if (!["zip", "micropip"].includes(options.install)) {
    process.stderr.write(`--install must be zip or micropip\n`);
    process.exit(2);
  }
}

const note = (text) => process.stderr.write(`[pyodide] ${text}\n`);
const readStdin = () => readFileSync(0, "utf-8");

const pyodideDir = join(options.dist, "pyodide");
const wheels = readdirSync(options.dist).filter((name) => /^coalitions-.+-py3-none-any\.whl$/.test(name));
if (wheels.length !== 1) {
  note(`expected one coalitions wheel in ${options.dist}, found ${JSON.stringify(wheels)}; run python build.py`);
  process.exit(2);
}
const wheelName = wheels[0];
const wheelBytes = new Uint8Array(readFileSync(join(options.dist, wheelName)));
// The games' parts (games/<game>-<hash>.zip beside the wheel), if the build made them.
const parts = existsSync(join(options.dist, "games"))
  ? readdirSync(join(options.dist, "games")).filter((name) => name.endsWith(".zip")).map((name) => `games/${name}`)
  : [];
const partBytes = (part) => new Uint8Array(readFileSync(join(options.dist, part)));

// The whole standard library the site keeps beside the shipped part
// (pyodide/python_stdlib_all-<hash>.zip, fetched by the page on demand).
const wholeStdlib = readdirSync(pyodideDir).filter((name) => /^python_stdlib_all-[0-9a-f]+\.zip$/.test(name));
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  // micropip (which the page does not load) needs parts of packages the shipped
  // library holds only in part (importlib.metadata): it gets the whole library
  ...(options.install === "micropip" || options.micropip) && wholeStdlib.length === 1
    ? { stdLibURL: join(pyodideDir, wholeStdlib[0]) } : {},
  stdout: (line) => process.stderr.write(`[python stdout] ${line}\n`),
  stderr: (line) => process.stderr.write(`[python stderr] ${line}\n`),
});
note(`Python ${pyodide.runPython("import sys; sys.version.split()[0]")} ready in ${(performance.now() - started).toFixed(0)} ms`);

// The site's wheel leaves out the command line (coalitions/cli.py and
// __main__.py: the page never reads them), and its python_stdlib.zip holds
// only what the page imports (the page fetches the rest on demand over HTTP,
// which Node has not). This harness drives the wheel's rules through the
// command line, so it adds the command line from the sources and the site's
// whole standard library (python_stdlib_all-<hash>.zip) at the end of sys.path.
{
  const srcDir = resolve(here, "..", "..", "py", "coalitions");
  pyodide.FS.mkdirTree("/home/pyodide/cli/coalitions");
  for (const name of ["cli.py", "__main__.py"]) {
    pyodide.FS.writeFile(`/home/pyodide/cli/coalitions/${name}`, readFileSync(join(srcDir, name), "utf-8"));
  }
  if (wholeStdlib.length === 1) {
    pyodide.FS.writeFile("/home/pyodide/python_stdlib_all.zip", new Uint8Array(readFileSync(join(pyodideDir, wholeStdlib[0]))));
    pyodide.runPython("import sys; sys.path.append('/home/pyodide/python_stdlib_all.zip')");
  }
}

if (options.micropip || options.install === "micropip") {
  await pyodide.loadPackage("micropip", { messageCallback: note, errorCallback: note, checkIntegrity: true });
  note(`micropip ${pyodide.runPython("import micropip; micropip.__version__")} loaded offline`);
}

if (options.install === "micropip") {
  const path = `/tmp/${wheelName}`;
  pyodide.FS.writeFile(path, wheelBytes);
  await pyodide.runPythonAsync(`import micropip\nawait micropip.install("emfs:${path}")`);
  // The games' own modules are in parts beside the wheel (buildtools/wheel.py):
  // unpacked over the installed packages (pkg/mod.pyc imports without a source).
  for (const part of parts) pyodide.FS.writeFile(`/tmp/${part.split("/").pop()}`, partBytes(part));
  pyodide.globals.set("_harness_parts", pyodide.toPy(parts.map((part) => `/tmp/${part.split("/").pop()}`)));
  pyodide.runPython("import site, zipfile\nfor _part in _harness_parts:\n"
    + "    zipfile.ZipFile(_part).extractall(site.getsitepackages()[0])");
  note(`installed ${wheelName} with micropip, and ${parts.length} parts`);
} else {
  // As the page and the bot worker do it: the wheel on sys.path, imported
  // from as it is by Python's zip importer.
  pyodide.FS.writeFile("/home/pyodide/coalitions.whl", wheelBytes);
  // The games' own modules are in parts beside the wheel, put where the
  // page's finder would put them once fetched (app/wheel.py).
  pyodide.FS.mkdirTree("/home/pyodide/coalitions-parts");
  for (const part of parts) {
    pyodide.FS.writeFile(`/home/pyodide/coalitions-parts/${part.split("/").pop()}`, partBytes(part));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/coalitions.whl')\n"
    + "from app.wheel import install, install_parts\ninstall('/home/pyodide/coalitions.whl')\n"
    + "def _no_fetch(url):\n    raise OSError('nothing is fetched here: ' + url)\n"
    + "install_parts('http://localhost/', _no_fetch)");
  note(`${wheelName} on sys.path as /home/pyodide/coalitions.whl, ${parts.length} parts beside it`);
}


pyodide.globals.set("_harness_request", JSON.stringify({
  argvs: options.batch ? JSON.parse(readStdin()) : [argv],
  code: options.code,
}));
const resultJson = pyodide.runPython(`
import contextlib, io, json, traceback

_harness = json.loads(_harness_request)

def _harness_run(argv):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            if _harness["code"] is not None:
                exec(compile(_harness["code"], "<code>", "exec"), {"__name__": "__main__"})
            else:
                import coalitions
                if '/home/pyodide/cli/coalitions' not in coalitions.__path__:
                    coalitions.__path__.append('/home/pyodide/cli/coalitions')
                from coalitions.cli import main
                code = main(list(argv))
        except SystemExit as exit:
            code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
            if not isinstance(exit.code, (int, type(None))):
                print(exit.code, file=err)
        except BaseException:
            traceback.print_exc(file=err)
            code = 1
    return {"argv": list(argv), "code": code or 0, "stdout": out.getvalue(), "stderr": err.getvalue()}

json.dumps([_harness_run(a) for a in _harness["argvs"]])
`);
const results = JSON.parse(resultJson);

if (options.batch) {
  process.stdout.write(JSON.stringify(results) + "\n");
  process.exitCode = 0;
} else {
  const [result] = results;
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
}
