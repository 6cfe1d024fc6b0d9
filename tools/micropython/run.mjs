#!/usr/bin/env node
// Run a Python script under real MicroPython: the WebAssembly port from npm
// (@micropython/micropython-webassembly-pyscript), in node.
//
//   node tools/micropython/run.mjs [--heap BYTES] [--path DIR]... [--root DIR] SCRIPT.py
//
// The *.py and *.mpy files under the script's own directory and under each
// --path DIR are copied (keeping their package folders) into MicroPython's
// in-memory filesystem, and those folders go first on sys.path, as CPython
// puts the script's directory there: `--path device` makes `import
// knightstour` work. --root DIR copies DIR's files to the filesystem's root
// instead, as a board's CIRCUITPY drive is its root (the script adds it to
// sys.path). The script runs as __main__; its stdout and stderr go to ours.
// Exit status: 0 on success, SystemExit's code, or 1 after printing the
// traceback of an uncaught exception (MemoryError included).
//
// --heap BYTES (default 32 MB; k and m suffixes allowed) is the whole Python
// heap, fixed as on a board: this port would grow its heap on demand instead,
// so growth of the WebAssembly memory is switched off once it is loaded.
// Caveat: this port collects garbage only when control is back in JavaScript,
// i.e. after the script, or after each step of asyncio.run(main()) (below).
// Until then the heap must hold all that is allocated, garbage included.

import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function usage(message) {
  process.stderr.write(`run.mjs: ${message}\nusage: node run.mjs [--heap BYTES] [--path DIR]... [--root DIR] SCRIPT.py\n`);
  process.exit(2);
}

function parseBytes(text) {
  const match = /^(\d+)([km]?)$/i.exec(text ?? "");
  if (!match) usage(`bad --heap ${JSON.stringify(text)}: give bytes, e.g. 65536 or 64k`);
  return Number(match[1]) * { "": 1, k: 1024, m: 1048576 }[match[2].toLowerCase()];
}

let heap = 32 * 1048576;
const dirs = [];
let root = null;
let script = null;
const args = process.argv.slice(2);
while (args.length) {
  const arg = args.shift();
  if (arg === "--heap") heap = parseBytes(args.shift());
  else if (arg === "--path" && args.length) dirs.push(args.shift());
  else if (arg === "--root" && args.length) root = args.shift();
  else if (arg.startsWith("-") || script !== null) usage(`unexpected argument ${JSON.stringify(arg)}`);
  else script = arg;
}
if (script === null) usage("no script given");
if (heap < 32768) usage("--heap must be at least 32k");
dirs.unshift(path.dirname(script));
for (const file of [script, ...dirs, ...(root === null ? [] : [root])]) if (!fs.existsSync(file)) usage(`no such file or folder ${JSON.stringify(file)}`);

// The port reports failed memory growth on console.error, bound when it loads:
// that is expected once growth is off (we get a MemoryError instead), so hide it.
const consoleError = console.error;
console.error = (...items) => {
  if (!/^(growMemory|Failed to grow|Cannot enlarge)/.test(String(items[0]))) consoleError(...items);
};

// Output arrives one byte at a time; gather it and write it in blocks.
function sink(stream) {
  let bytes = [];
  const flush = () => {
    if (bytes.length) stream.write(Buffer.from(bytes));
    bytes = [];
  };
  const put = (data) => {
    for (const byte of data) bytes.push(byte);
    if (bytes.length >= 65536) flush();
  };
  return { put, flush };
}
const out = sink(process.stdout);
const err = sink(process.stderr);

const mp = await loadMicroPython({ heapsize: heap, stdout: out.put, stderr: err.put, linebuffer: false });

// Copy the Python files in.
const sysPath = [];
const join = (folder, name) => (folder === "/" ? `/${name}` : `${folder}/${name}`);
const copy = (from, to) => {
  mp.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory() && !/^(\.|__pycache__$|node_modules$)/.test(entry.name)
        && (root === null || path.resolve(source) !== path.resolve(root))) {
      copy(source, join(to, entry.name));
    } else if (entry.isFile() && /\.(m?py|toml)$/.test(entry.name)) {
      mp.FS.writeFile(join(to, entry.name), fs.readFileSync(source));
    }
  }
};
dirs.forEach((dir, i) => {
  sysPath.push(`/path${i}`);
  copy(dir, `/path${i}`);
});
if (root !== null) copy(root, "/");
const main = `/path0/${path.basename(script)}`;

// Fix the heap: stop the WebAssembly memory from growing, and take up what is
// left of it, so MicroPython cannot add heap areas. A reserve smaller than the
// heap (MicroPython only adds areas at least that big) is kept for the C side:
// the code to run and the traceback text.
const malloc = mp._module._malloc;
const reserve = malloc(16384);
WebAssembly.Memory.prototype.grow = () => {
  throw new RangeError("the MicroPython heap is fixed");
};
for (let size = 1 << 30; size >= 16; ) {
  if (!malloc(size)) size >>= 1;
}
mp._module._free(reserve);

// Run the script inside functions, so that an exception is caught without
// allocating (the heap may be full), and its garbage is collected (this port
// does so whenever control comes back to JavaScript) before it is reported.
// A script may end with asyncio.run(main()): asyncio is then a stand-in with
// run(), sleep() and sleep_ms() only, and main() is driven from here one step
// at a time, each `await asyncio.sleep(...)` ending a step (at once, without
// waiting), so that MicroPython collects garbage between steps as a board would.
// This port collects only when a collection is pending (16 KB allocated since the
// last, or gc.collect()) and control returns to JavaScript: _step asks for one
// after every step. _step is called through a proxy, not compiled anew each step,
// so the runner takes no heap of its own between steps.
mp.runPython(`
import gc
import sys
for d in reversed(${JSON.stringify(sysPath)}):
    sys.path.insert(0, d)
class _asyncio:
    def run(coroutine):
        global _main
        _main = coroutine
    def sleep(delay=0, result=None):
        yield
        return result
    sleep_ms = sleep
sys.modules["asyncio"] = _asyncio
def _run(path):
    try:
        exec(compile(open(path).read(), path, "exec"), {"__name__": "__main__", "__file__": path})
    except BaseException as e:
        return e
def _step():
    global _main, _exc
    try:
        _main.send(None)
        gc.collect()
        return 1
    except StopIteration:
        pass
    except BaseException as e:
        _exc = e
    _main = None
    return 0
_main = _exc = None
_going = 0
def _status(e):
    if e is None:
        return 0
    if isinstance(e, SystemExit):
        code = e.args[0] if e.args else None
        if code is None or isinstance(code, int):
            return (code or 0) & 255
        print(code, file=sys.stderr)
        return 1
    sys.print_exception(e, sys.stderr)
    return 1
def _finish():
    global _going
    _going = _status(_exc)
_exc = _run(${JSON.stringify(main)})
_going = int(_main is not None and _exc is None)
`);
// _status is compiled with the rest above, and _finish fetched now, while the heap has room:
// a program that ends in a full heap (a MemoryError handled by waiting) still gets its status.
const finish = mp.globals.get("_finish");
const step = mp.globals.get("_step");
if (mp.globals.get("_going")) while (step()) ;
finish();
out.flush();
err.flush();
process.exitCode = mp.globals.get("_going");
