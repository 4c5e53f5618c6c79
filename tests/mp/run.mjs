// Runs the project's plain-function test modules under real MicroPython: the
// WebAssembly port from npm (@micropython/micropython-webassembly-pyscript,
// pinned in package.json / package-lock.json), on Node 20.
//
//   npm ci --prefix tests/mp            (once)
//   node tests/mp/run.mjs --root . --path firmware --tests tests/engine [--tests other/dir ...]
//   node tests/mp/run.mjs --path firmware --tests tests/engine --script FILE.py   (run one script)
//
// Every .py file under each --path and --tests dir (recursively) is copied into
// MicroPython's in-memory filesystem at the same relative place (/firmware/...,
// /tests/engine/...), and all of those dirs go on sys.path.  runner.py (beside
// this file) is then run with every test_*.py of each tests dir (not recursive),
// sorted by name.  --root defaults to the repo root two levels above this file;
// relative --path/--tests are resolved against it.
//
// Exit code: 0 if at least one test ran and none failed; 1 on any failing test,
// module import error, or Python error escaping the runner; 2 on bad usage.
// (The package's bundled CLI exits 0 even when Python raises, so it is not used.)

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));

function usage(msg) {
  process.stderr.write(`run.mjs: ${msg}\n` +
    "usage: node tests/mp/run.mjs [--root DIR] --path DIR [--path DIR ...] --tests DIR [--tests DIR ...]\n");
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      root: { type: "string", default: path.resolve(here, "..", "..") },
      path: { type: "string", multiple: true, default: [] },
      tests: { type: "string", multiple: true, default: [] },
      script: { type: "string" },
    },
  }).values;
} catch (e) {
  usage(e.message);
}
if (args.tests.length === 0 && !args.script) usage("at least one --tests dir (or a --script) is required");

const root = path.resolve(args.root);

// Host dir -> absolute path inside MicroPython's FS (same path relative to root).
function toMp(dir) {
  const abs = path.resolve(root, dir);
  const rel = path.relative(root, abs);
  if (rel.startsWith("..") || path.isAbsolute(rel)) usage(`${dir} is outside --root ${root}`);
  if (!fs.statSync(abs, { throwIfNoEntry: false })?.isDirectory()) usage(`${abs} is not a directory`);
  return { abs, mp: "/" + rel.split(path.sep).join("/") };
}

function copyTree(mp, hostDir, mpDir) {
  for (const ent of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const host = path.join(hostDir, ent.name);
    const target = mpDir + "/" + ent.name;
    if (ent.isDirectory()) {
      if (ent.name.startsWith(".") || ent.name === "__pycache__" || ent.name === "node_modules") continue;
      copyTree(mp, host, target);
    } else if (ent.name.endsWith(".py")) {
      mp.FS.mkdirTree(mpDir);
      mp.FS.writeFile(target, fs.readFileSync(host));
    }
  }
}

const dirs = [...args.path.map(toMp), ...args.tests.map(toMp)];

// Test module names: test_*.py directly in each tests dir, sorted, no duplicates.
const modules = [];
for (const dir of args.tests.map(toMp)) {
  for (const name of fs.readdirSync(dir.abs)) {
    if (!/^test_\w*\.py$/.test(name)) continue;
    const mod = name.slice(0, -3);
    if (modules.includes(mod)) usage(`test module ${mod} appears in more than one tests dir`);
    modules.push(mod);
  }
}
modules.sort();

let loadMicroPython;
try {
  ({ loadMicroPython } = await import("@micropython/micropython-webassembly-pyscript"));
} catch (e) {
  process.stderr.write(`run.mjs: cannot load MicroPython (${e.message}); run: npm ci --prefix ${here}\n`);
  process.exit(2);
}

// The package line-buffers output and calls us once per line, without the "\n".
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function flushPartialLines() {
  const m = mp._module;
  const dec = new TextDecoder();
  if (m._stdoutBuffer?.length) process.stdout.write(dec.decode(new Uint8Array(m._stdoutBuffer)) + "\n");
  if (m._stderrBuffer?.length) process.stderr.write(dec.decode(new Uint8Array(m._stderrBuffer)) + "\n");
  m._stdoutBuffer = [];
  m._stderrBuffer = [];
}

let code = 0;
try {
  for (const dir of dirs) copyTree(mp, dir.abs, dir.mp);
  const mpDirs = [...new Set(dirs.map((d) => d.mp))];
  mp.runPython(
    "import sys\n" +
    `sys.path[0:0] = ${JSON.stringify(mpDirs)}\n` +
    `sys.argv[:] = ${JSON.stringify(["runner.py", ...modules])}\n`);
  if (args.script) {
    // A plain script (a benchmark): it succeeds when no Python error escapes it. If it defines
    // STEPS, a list of functions, each runs in a call of its own after two gc.collect() calls
    // of their own: this port's GC only frees reliably what earlier calls left behind (it scans
    // the stack conservatively), so that is how a step measures the live heap.
    const source = fs.readFileSync(path.resolve(root, args.script), "utf8");
    mp.runPython(`exec(compile(${JSON.stringify(source)}, ${JSON.stringify(args.script)}, 'exec'))`);
    mp.runPython("import gc\n_steps = len(globals().get('STEPS', ()))");
    for (let i = 0; i < mp.globals.get("_steps"); i++) {
      mp.runPython("gc.collect()");
      mp.runPython("gc.collect()");
      mp.runPython(`STEPS[${i}]()`);
    }
    flushPartialLines();
    process.exit(0);
  }
  // exec with a real filename so the runner's own frames show up as such in tracebacks.
  mp.FS.mkdirTree("/_mp_runner");
  mp.FS.writeFile("/_mp_runner/runner.py", fs.readFileSync(path.join(here, "runner.py")));
  mp.runPython("exec(compile(open('/_mp_runner/runner.py').read(), 'tests/mp/runner.py', 'exec'))");
  const passed = mp.globals.get("passed");
  const failed = mp.globals.get("failed");
  if (typeof passed !== "number" || typeof failed !== "number") {
    process.stderr.write("run.mjs: runner.py did not report its counts\n");
    code = 1;
  } else if (failed > 0) {
    code = 1;
  } else if (passed === 0) {
    process.stderr.write("run.mjs: no tests ran\n");
    code = 1;
  }
} catch (e) {
  flushPartialLines();  // so the traceback below follows the output it belongs to
  // An uncaught Python exception arrives as a JS error named PythonError whose
  // .message is the full traceback; nothing has been printed for it yet.
  if (e?.name === "PythonError") process.stderr.write(`run.mjs: Python error escaped the runner:\n${e.message}`);
  else process.stderr.write(`run.mjs: ${e?.stack ?? e}\n`);
  code = 1;
}
flushPartialLines();
process.exitCode = code;
