// Compile Python sources to bytecode with the Pyodide the site ships, so the
// browser does not compile them on every start (build.py runs this).
//
// Pyodide's python_stdlib.zip holds the standard library as .py sources: each
// start compiles every module it imports (asyncio for PyScript, json, html,
// dataclasses... for the app), which costs more than importing them. Bytecode
// must come from the same Python as the one that runs it (the magic number
// changes with each minor version), hence Pyodide under Node.
//
//   node scripts/pyodide_compile.mjs --pyodide DIR --in SRC.zip --out OUT.zip [--stdlib [--only LIST] | --checked]
//
// Reads every *.py of SRC.zip and writes OUT.zip with, for each, the bytecode
// as an unchecked hash-based .pyc (PEP 552: never compared with a source file):
//   --stdlib   in the zip importer's layout, json/decoder.pyc in place of
//              json/decoder.py (a file that does not compile, should there be
//              one, stays as source); every other entry is copied as it is.
//              Code objects name the file as /lib/python3XY.zip/<name>, where
//              Pyodide mounts the library. With --only, just the .py files
//              named in LIST (one per line; # starts a comment) are compiled;
//              the others stay as they are.
//   otherwise  only the .pyc files, in the layout of packages on disk,
//              pkg/__pycache__/mod.cpython-3XY.pyc (import fixes the file
//              name recorded in them when it loads them).
//   --checked  as without --stdlib, but each .pyc is compiled from the source
//              exactly as it is (docstrings and annotations kept) and is a
//              checked hash-based one: import uses it only while the source
//              beside it has the hash it was compiled from (PyScript's own
//              package, which PyScript writes as source at every start).
// Prints one JSON line: {"python": "3.14", "compiled": N, "kept": [names],
// "missing": [names]}; a name of LIST that SRC.zip lacks (Pyodide was upgraded,
// say) is an error: run scripts/list_stdlib_modules.py again.

import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const options = { pyodide: null, input: null, output: null, stdlib: false, only: null, checked: false };
{
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--pyodide") options.pyodide = resolve(args[++i]);
    else if (arg === "--in") options.input = resolve(args[++i]);
    else if (arg === "--out") options.output = resolve(args[++i]);
    else if (arg === "--stdlib") options.stdlib = true;
    else if (arg === "--only") options.only = resolve(args[++i]);
    else if (arg === "--checked") options.checked = true;
    else { process.stderr.write(`unknown option ${arg}\n`); process.exit(2); }
  }
  if (!options.pyodide || !options.input || !options.output) {
    process.stderr.write("usage: pyodide_compile.mjs --pyodide DIR --in SRC.zip --out OUT.zip [--stdlib]\n");
    process.exit(2);
  }
}

const { loadPyodide } = await import(pathToFileURL(join(options.pyodide, "pyodide.mjs")).href);
// PYTHONNODEBUGRANGES: code objects keep line numbers but not the columns of
// each instruction (PEP 657), which are most of a .pyc's size once compressed;
// tracebacks still name file and line, without the ^^^ under the expression.
const pyodide = await loadPyodide({
  indexURL: options.pyodide + "/", env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
});
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(options.input)));
pyodide.globals.set("STDLIB", options.stdlib);
pyodide.globals.set("CHECKED", options.checked && !options.stdlib);
const only = options.only === null ? null
  : readFileSync(options.only, "utf-8").split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
pyodide.globals.set("ONLY", only === null ? undefined : pyodide.toPy(only));
const report = pyodide.runPython(`
import ast
import importlib.util
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

# Docstrings of functions and modules are left out of the bytecode (nothing
# reads them at run time but help(); each source keeps them); a class keeps a
# docstring, cut to one space (dataclasses, enum and typing look at whether a
# class's __doc__ is set: dataclasses writes one from inspect.signature if
# not). Pyodide's own docstring helper (_pyodide/docstring.py) takes a missing
# one as empty. The annotations of function parameters and return values go
# too (nothing the site runs reads them; in 3.14 each annotated function
# carries an __annotate__ function of its own); those of classes and modules
# stay (dataclasses, NamedTuple and core/plain.py read a class's). Line
# numbers do not move: only the docstring's statement goes.
def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                if isinstance(node, ast.ClassDef):
                    body[0].value.value = " "
                else:
                    node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
            arguments = node.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             arguments.vararg, arguments.kwarg):
                if argument is not None:
                    argument.annotation = None
    return tree

def compile_lean(data, filename):
    return compile(without_docstrings(ast.parse(data, filename)), filename, "exec", dont_inherit=True)

tag = sys.implementation.cache_tag
mount = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
compiled, kept = 0, []
only = None if ONLY is None else set(ONLY)
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for info in src.infolist():
        data = src.read(info)
        name = info.filename
        if not name.endswith(".py") or (only is not None and name not in only):
            if STDLIB:  # kept as it is
                out.writestr(info, data)
            continue
        try:
            if CHECKED:
                code = compile(data, name, "exec", dont_inherit=True)
            else:
                code = compile_lean(data, f"{mount}/{name}" if STDLIB else name)
        except SyntaxError:
            kept.append(name)
            if STDLIB:
                out.writestr(info, data)
            continue
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=CHECKED)
        if STDLIB:
            target = name[:-3] + ".pyc"
        else:
            folder, _, module = name.rpartition("/")
            target = (folder + "/" if folder else "") + f"__pycache__/{module[:-3]}.{tag}.pyc"
        entry = zipfile.ZipInfo(target, date_time=info.date_time)
        entry.external_attr = 0o644 << 16
        out.writestr(entry, pyc, zipfile.ZIP_DEFLATED)
        compiled += 1
missing = sorted(only - {i.filename for i in zipfile.ZipFile("/tmp/in.zip").infolist()}) if only else []
json.dumps({"python": f"{sys.version_info[0]}.{sys.version_info[1]}", "compiled": compiled, "kept": kept,
            "missing": missing})
`);
process.stdout.write(report + "\n");
const { missing } = JSON.parse(report);
if (missing.length) {
  process.stderr.write(`not in ${options.input}: ${missing.join(", ")} (run scripts/list_stdlib_modules.py again)\n`);
  process.exit(1);
}
writeFileSync(options.output, pyodide.FS.readFile("/tmp/out.zip"));
