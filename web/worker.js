// The toy's interpreter, off the page's main thread: MicroPython (WebAssembly) runs py/web.py,
// which runs the Feather's code.py on the stand-ins and emulated chips, one step at a time.
// The site's worker.js is the port's micropython.mjs with this file after it, without the import
// below (knights-tour web build: sim/web.py's worker_script).
// Messages in: {type: "start", query, pack, wasm} (pack and wasm: py.pack's bytes and the port's
// compiled WebAssembly.Module, fetched by the page while this worker started; without them the
// worker fetches its own), "touch" {x, y}, "release", "key" {key}.
// Messages out: "started" {error, toml, screen: the TFT's [width, height]}, "frame" {data: the ILI9341's memory with a 4-byte header},
// "leds" {leds}, "state" {state}, "buttons" {buttons: the TFT's, [x1, y1, x2, y2, event] each},
// "line" {text}, "failed" {text}, "phases" {phases: [name, ms since the epoch] at the end of each
// part of the start, up to the first frame (the benchmark prints them)}.
import { loadMicroPython } from "./micropython/micropython.mjs";

let web = null;
let lastLeds = "";
let lastState = "";
let buttonsSent = false;

function out(text) {
  postMessage({ type: "line", text });
}

let phases = [["worker", performance.timeOrigin + performance.now()]]; // null once sent
function phase(name) {
  if (phases) phases.push([name, performance.timeOrigin + performance.now()]);
}

// The port and the toy's files: those the start message brings, or fetched here.
function load(given) {
  const pack = given.pack ? Promise.resolve(new Uint8Array(given.pack)) : fetch("py.pack").then(fetched);
  return Promise.all([pack, port(given.wasm)])
    .then(([pack, mp]) => {
      phase("port and py.pack");
      mp.registerJsModule("_frame_memory", { store_pages: storePages, compose });
      unpack(pack, mp);
      phase("files");
      const module = mp.pyimport("web");
      phase("import web");
      return { mp, module };
    });
}

// MicroPython, from the WebAssembly.Module the page compiled while this worker started: the port's
// loader fetches and compiles micropython.wasm itself (Emscripten's WebAssembly.instantiateStreaming),
// so for that one call instantiateStreaming instantiates the module given (and its fetch is of an
// empty data: URL, not the network). Without one, the loader's own way. Either way the port's
// memory is kept, for storePages.
let memory = null;
async function port(wasm) {
  const given = wasm instanceof WebAssembly.Module;
  const own = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const made = given ? { module: wasm, instance: await WebAssembly.instantiate(wasm, imports) }
      : await own.call(WebAssembly, source, imports);
    memory = made.instance.exports.memory || null;
    return made;
  };
  try {
    return await loadMicroPython({ heapsize: 16 * 1048576, stdout: out, stderr: out,
      url: given ? "data:application/wasm," : "micropython/micropython.wasm" });
  } finally {
    WebAssembly.instantiateStreaming = own;
  }
}

// The ILI9341 model's whole pages of pixels (web/py/ili9341.py, as the Python module
// _frame_memory): `pages` pages of `across` 16-bit pixels, big-endian, at address `from` of the
// port's memory, into the model's frame memory (16-bit cells, the machine's order, at address
// `to`), page p's pixel k into cell first + k * step + p * down. false without the port's memory
// (the model stores them itself).
function storePages(from, to, first, step, down, across, pages) {
  if (!memory) return false;
  const bytes = new Uint8Array(memory.buffer);
  const cells = new Uint16Array(memory.buffer, to);
  let at = from;
  for (let p = 0; p < pages; p++) {
    for (let k = 0, cell = first + p * down; k < across; k++, cell += step, at += 2) {
      cells[cell] = (bytes[at] << 8) | bytes[at + 1];
    }
  }
  return true;
}

// The display's refresh of screen area (x1, y1)-(x2, y2) (web/py/busdisplay.py, as _frame_memory's
// compose): RGB565 pixels, big-endian, into the bytes at address `to`, from `count` layers bottom
// first, each nine 32-bit numbers at address `layers`: its bitmap's bytes (address), bytes a row,
// bits a value (8 or fewer, read from a byte's low bits up), its palette's table (address: three
// bytes a value, the colour big-endian and 1 where opaque), its box on the screen (left, top,
// right, bottom) and its scale. false without the port's memory (the display composes it itself).
function compose(to, x1, y1, x2, y2, layers, count) {
  if (!memory) return false;
  const bytes = new Uint8Array(memory.buffer);
  const numbers = new Int32Array(memory.buffer, layers, 9 * count);
  const width = x2 - x1;
  for (let n = 0; n < 9 * count; n += 9) {
    const [data, row, bits, table, left, top, right, bottom, scale] = numbers.subarray(n, n + 9);
    const mask = (1 << bits) - 1;
    const first = Math.max(x1, left);
    const end = Math.min(x2, right);
    for (let y = Math.max(y1, top); y < Math.min(y2, bottom); y++) {
      const line = data + Math.floor((y - top) / scale) * row;
      for (let x = first, at = to + 2 * ((y - y1) * width + first - x1); x < end; x++, at += 2) {
        const bit = Math.floor((x - left) / scale) * bits;
        const entry = table + 3 * ((bytes[line + (bit >> 3)] >> (bit & 7)) & mask);
        if (bytes[entry + 2]) {
          bytes[at] = bytes[entry];
          bytes[at + 1] = bytes[entry + 1];
        }
      }
    }
  }
  return true;
}

async function fetched(response) {
  if (!response.ok) throw new Error(`py.pack: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

// py.pack (sim/web_pack.py): a line of JSON, [[path, bytes], ...], then the files' bytes in that
// order. It goes into the port's filesystem whole; web/py/packfs.py (written out first, the one
// module the pack itself cannot serve) mounts its module folders from it.
function unpack(bytes, mp) {
  const end = bytes.indexOf(10);
  let at = end + 1;
  for (const [path, size] of end < 0 ? [] : JSON.parse(new TextDecoder().decode(bytes.subarray(0, end)))) {
    if (path === PACKFS) {
      mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      mp.FS.writeFile(path, bytes.subarray(at, at + size));
    }
    at += size;
  }
  if (end < 0 || at !== bytes.length) throw new Error("py.pack is damaged: build the site again");
  mp.FS.writeFile("/py.pack", bytes);
  mp.runPython(`import sys\nsys.path[:] = ${JSON.stringify(SYS_PATH)}\nimport os, packfs\n`
    + `packfs.mount("/py.pack", ${JSON.stringify(MOUNTED)})\nos.chdir("/")`);
}
const SYS_PATH = ["/stand_ins", "/", "/lib"]; // the page's sys.path (sim/web_pack.py's ROOTS)
const MOUNTED = ["/stand_ins", "/lib"]; // served from py.pack; "/" holds code.py, written out
const PACKFS = "/stand_ins/packfs.mpy";

async function boot(message) {
  phase("message");
  const { mp, module } = await load(message);
  const error = module.start(JSON.stringify(message.query));
  phase("code.py");
  if (error) {
    postMessage({ type: "started", error, toml: "" });
    return;
  }
  web = { mp, module };
  postMessage({ type: "started", error: "", toml: module.toml(), screen: JSON.parse(module.screen()) });
  buttonsSent = false;
  loop();
}

let steps = 0;
function loop() {
  let wait = 1000;
  try {
    // The start's phases (they wait 0) run back to back: a timer between two costs more than most.
    do wait = pass(); while (wait === 0 && !buttonsSent);
  } catch (error) {
    postMessage({ type: "failed", text: String(error.message || error) });
    return;
  }
  setTimeout(loop, Math.max(0, Math.min(wait, 50)));
}

// One step of the toy, and what it changed sent to the page; the ms it may wait.
function pass() {
  const wait = web.module.step(performance.now());
  if (steps < 20) phase(`step ${++steps}`);
  if (web.module.frame()) {
    if (phases) {
      phase("frame");
      postMessage({ type: "phases", phases });
      phases = null;
    }
    const data = web.mp.FS.readFile("/frame");
    postMessage({ type: "frame", data }, [data.buffer]);
  }
  const leds = web.module.leds();
  if (leds && leds !== lastLeds) {
    lastLeds = leds;
    postMessage({ type: "leds", leds });
  }
  const state = web.module.state();
  if (state !== lastState) {
    lastState = state;
    const parsed = JSON.parse(state);
    if (!buttonsSent && parsed.state) { // the app is built: its buttons are there, if any
      buttonsSent = true;
      postMessage({ type: "buttons", buttons: JSON.parse(web.module.buttons()) });
    }
    postMessage({ type: "state", state: parsed });
  }
  return wait;
}

// A finger as the toy sees it: the device polls the touch controller about 50 times a second and
// takes a new press only after the finger has been up for two polls. So a press is held until the
// device has read it SEEN times and at least HOLD ms (a quick click is seen), and a new press waits
// until the finger has been up as long: counted in the device's reads, not in time, so a slow frame
// on a loaded machine loses nothing (MOST ms at most, should the toy stop reading).
const HOLD = 120;
const GAP = 80;
const SEEN = 3;
const MOST = 10000;
let fingerDown = false;
let downAt = -Infinity;
let upAt = -Infinity;
let downPolls = 0;
let upPolls = -Infinity;
let touches = Promise.resolve();
const after = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

let touchesDone = 0;

async function polled(since, count) {
  const end = performance.now() + MOST;
  while (web.module.polls() - since < count && performance.now() < end) await after(10);
}

async function seen(since, at, ms) {
  await after(at + ms - performance.now());
  await polled(since, SEEN);
}

function lift() {
  if (fingerDown) web.module.release();
  fingerDown = false;
  upAt = performance.now();
  upPolls = web.module.polls();
}

function press(x, y) {
  touches = touches.then(async () => {
    if (fingerDown) {
      await seen(downPolls, downAt, HOLD);
      lift();
    }
    await seen(upPolls, upAt, GAP);
    web.module.touch(x, y);
    fingerDown = true;
    downAt = performance.now();
    downPolls = web.module.polls();
  });
}

// Once the device has read the lift, what the touch did is on the page (the state is sent first).
function release() {
  touches = touches.then(async () => {
    await seen(downPolls, downAt, HOLD);
    lift();
    await polled(upPolls, 1);
    postMessage({ type: "touches", done: ++touchesDone });
  });
}

onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    boot(message).catch((error) => postMessage({ type: "failed", text: String(error.message || error) }));
  } else if (!web) {
    return;
  } else if (message.type === "touch") {
    press(message.x, message.y);
  } else if (message.type === "release") {
    release();
  } else if (message.type === "key") {
    web.module.key(message.key);
  }
};
