// The toy's interpreter, off the page's main thread: MicroPython (WebAssembly) runs py/web.py,
// which runs the Feather's code.py on the stand-ins and emulated chips, one step at a time.
// Messages in: {type: "start", query}, "touch" {x, y}, "release", "key" {key}.
// Messages out: "started" {error, toml}, "frame" {data: the ILI9341's memory with a 4-byte header},
// "leds" {leds}, "state" {state}, "line" {text}, "failed" {text}.
import { loadMicroPython } from "./micropython/micropython.mjs";

let web = null;
let pressedAt = -1;
let releaseTimer = null;
let lastLeds = "";
let lastState = "";

function out(text) {
  postMessage({ type: "line", text });
}

async function boot(query) {
  const files = await (await fetch("py.json")).json();
  const mp = await loadMicroPython({ heapsize: 16 * 1048576, stdout: out, stderr: out });
  for (const [path, text] of Object.entries(files)) {
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
    mp.FS.writeFile(path, text);
  }
  mp.runPython('import os, sys\nsys.path[0:0] = ["/stand_ins", "/", "/lib"]\nos.chdir("/")');
  const module = mp.pyimport("web");
  const error = module.start(JSON.stringify(query));
  if (error) {
    postMessage({ type: "started", error, toml: "" });
    return;
  }
  web = { mp, module };
  postMessage({ type: "started", error: "", toml: module.toml() });
  loop();
}

function loop() {
  let wait = 1000;
  try {
    wait = web.module.step(performance.now());
    if (web.module.frame()) {
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
      postMessage({ type: "state", state: JSON.parse(state) });
    }
  } catch (error) {
    postMessage({ type: "failed", text: String(error.message || error) });
    return;
  }
  setTimeout(loop, Math.max(0, Math.min(wait, 50)));
}

function release() {
  releaseTimer = null;
  if (web) web.module.release();
}

onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    boot(message.query).catch((error) => postMessage({ type: "failed", text: String(error.message || error) }));
  } else if (!web) {
    return;
  } else if (message.type === "touch") {
    if (releaseTimer !== null) clearTimeout(releaseTimer);
    releaseTimer = null;
    pressedAt = performance.now();
    web.module.touch(message.x, message.y);
  } else if (message.type === "release") {
    // The device polls the touch controller about 50 times a second: a click shorter than a few
    // polls is held until the toy has seen it, as a finger would be.
    const held = performance.now() - pressedAt;
    if (releaseTimer === null) releaseTimer = setTimeout(release, Math.max(0, 120 - held));
  } else if (message.type === "key") {
    web.module.key(message.key);
  }
};
