// The page: the settings form and the URL, the worker that runs the toy (worker.js), the canvases
// that show the emulated chips' memory, and the touches and keys sent to the toy.
// window.knightstour holds what the tests and the benchmark read: firstFrame and tourAt (ms after
// the page started: the first frame painted, the first tour's first square), frames, state (the app's, from the worker), leds (the matrix's, 0/1 row by row, then
// "/" and the lit LEDs' cell in leds.png), matrixPainted, buttons (the TFT's on-screen buttons), error (the message shown) and notes (the toy's own lines),
// phases (the worker's start up to the first frame: [name, ms after the page started] each).

let TFT_WIDTH = 320; // the screen's size: the ILI9341's, or a board's own (setScreen)
let TFT_HEIGHT = 240;
let MEMORY_WIDTH = 240; // the ILI9341 stores the landscape screen's column x as memory row x
const LED_PITCH = 40; // as the simulator's screenshot of the matrix

const status = { phases: [], firstFrame: null, tourAt: null, frames: 0, state: null, leds: "", matrixPainted: false, buttons: [], error: "", notes: [], started: false, touches: 0 };
window.knightstour = status;

const tft = document.getElementById("tft");
const matrix = document.getElementById("matrix");
const form = document.getElementById("form");
const message = document.getElementById("message");
const notes = document.getElementById("notes");
let worker = null;

function fillForm(query) {
  for (const element of form.elements) {
    if (element.name) element.value = query[element.name] ?? (element.tagName === "SELECT" ? element.options[0].value : "");
  }
}

function queryFromForm() {
  const query = {};
  for (const element of form.elements) {
    if (element.name && element.value.trim() !== "") query[element.name] = element.value.trim();
  }
  return query;
}

function showError(text) {
  status.error = text;
  message.textContent = text;
  message.hidden = !text;
}

function scaleFor(width, height) {
  // Whole pixels: the largest whole scale that fits beside the form, at least 1.
  const room = Math.max(window.innerWidth - 480, width);
  return Math.max(1, Math.min(4, Math.floor(room / width), Math.floor((window.innerHeight - 120) / height)));
}

function sizeCanvas(canvas, width, height, most = 4) {
  const scale = Math.min(most, scaleFor(width, height));
  canvas.style.width = `${width * scale}px`;
  canvas.style.height = `${height * scale}px`;
}

let shown = "tft";

function sizeCanvases() {
  sizeCanvas(tft, TFT_WIDTH, TFT_HEIGHT);
  sizeCanvas(matrix, matrix.width, matrix.height, shown === "both" ? 1 : 4);
}

window.addEventListener("resize", sizeCanvases);

// A canvas pixel's four bytes as one number: red first in memory, whichever the machine's byte order.
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function paintTft(bytes) {
  const [on, swap, invert] = bytes;
  const memory = new Uint16Array(bytes.buffer, bytes.byteOffset + 4, (bytes.length - 4) >> 1);
  const context = tft.getContext("2d");
  const image = context.createImageData(TFT_WIDTH, TFT_HEIGHT);
  const pixels = new Uint32Array(image.data.buffer);
  let i = 0;
  for (let y = 0; y < TFT_HEIGHT; y++) {
    for (let x = 0, at = y; x < TFT_WIDTH; x++, at += MEMORY_WIDTH) {
      let value = on ? memory[at] : 0;
      if (swap) value = ((value & 0x1f) << 11) | (value & 0x7e0) | (value >> 11);
      if (invert) value ^= 0xffff;
      const r = value >> 11;
      const g = (value >> 5) & 0x3f;
      const b = value & 0x1f;
      const red = (r << 3) | (r >> 2);
      const green = (g << 2) | (g >> 4);
      const blue = (b << 3) | (b >> 2);
      pixels[i++] = LITTLE ? (0xff << 24) | (blue << 16) | (green << 8) | red : (red << 24) | (green << 16) | (blue << 8) | 0xff;
    }
  }
  context.putImageData(image, 0, 0);
}

const sprites = new Image(); // leds.png: one LED cell off, then lit at each brightness (sim/web.py)
sprites.src = "leds.png";
let pendingLeds = "";
sprites.onload = () => pendingLeds && paintMatrix(pendingLeds);

function paintMatrix(text) {
  if (!sprites.complete || !sprites.naturalWidth) {
    pendingLeds = text;
    return;
  }
  const [bits, level] = text.split("/");
  const context = matrix.getContext("2d");
  context.fillStyle = "#000";
  context.fillRect(0, 0, matrix.width, matrix.height);
  const margin = LED_PITCH / 2;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const cell = bits[y * 8 + x] === "1" ? Number(level) : 0;
      context.drawImage(sprites, cell * LED_PITCH, 0, LED_PITCH, LED_PITCH,
        margin + x * LED_PITCH, margin + y * LED_PITCH, LED_PITCH, LED_PITCH);
    }
  }
  if (status.matrixPainted === false) status.matrixPainted = true;
}

function firstFrame() {
  if (status.firstFrame === null) {
    status.firstFrame = performance.now();
    document.getElementById("loading").hidden = true;
  }
  status.frames += 1;
}

function start(query) {
  const early = knightstourBoot.worker; // the first start: index.html's worker, started with the URL's settings
  knightstourBoot.worker = null;
  const next = early || new Worker("worker.js", { type: "module" });
  const lines = [];
  next.onmessage = (event) => {
    const data = event.data;
    if (data.type === "line") {
      lines.push(data.text);
      if (next === worker) showLine(data.text);
    } else if (data.type === "started") {
      if (data.error) {
        showError(data.error);
        next.terminate();
        if (!worker) document.getElementById("loading").hidden = true;
        return;
      }
      if (worker) worker.terminate();
      worker = next;
      showError("");
      notes.textContent = "";
      lines.forEach(showLine);
      status.state = null;
      status.started = true;
      const display = query.display || "tft";
      tft.hidden = display === "matrix";
      matrix.hidden = display === "tft";
      shown = display;
      setScreen(data.screen);
      sizeCanvases();
      document.getElementById("toml").textContent = data.toml;
      const url = new URL(location.href);
      url.search = new URLSearchParams(query).toString();
      history.replaceState(null, "", url);
      document.getElementById("share").href = url.href;
      fillForm(query);
    } else if (data.type === "failed" && next !== worker) { // the start failed: say so, not a blank page
      showError(`the toy failed: ${data.text}`);
      next.terminate();
      if (!worker) document.getElementById("loading").hidden = true;
    } else if (next !== worker) {
      return;
    } else if (data.type === "frame") {
      paintTft(new Uint8Array(data.data));
      firstFrame();
    } else if (data.type === "leds") {
      status.leds = data.leds;
      paintMatrix(data.leds);
      if ((query.display || "tft") === "matrix") firstFrame();
    } else if (data.type === "phases") {
      status.phases = data.phases.map(([name, at]) => [name, Math.round(at - performance.timeOrigin)]);
    } else if (data.type === "touches") {
      status.touches = data.done;
    } else if (data.type === "buttons") {
      status.buttons = data.buttons;
    } else if (data.type === "state") {
      status.state = data.state;
      if (status.tourAt === null && data.state.length > 0) status.tourAt = performance.now();
      if (data.state.stopped) showError(data.state.stopped);
    } else if (data.type === "failed") {
      showError(`the toy failed: ${data.text}`);
    }
  };
  next.onerror = (event) => showError(`the toy failed to load: ${event.message || "see the browser's console"}`);
  if (early) knightstourBoot.sent.splice(0).forEach((event) => next[`on${event.type}`](event));
  else knightstourBoot.start(next, query);
}

// The TFT canvas at the screen's native size: the ILI9341's 320x240, or a board's own screen.
function setScreen([width, height]) {
  TFT_WIDTH = tft.width = width;
  TFT_HEIGHT = tft.height = height;
  MEMORY_WIDTH = height;
}

// Picking a board restarts the toy on it at once.
form.elements.board.addEventListener("change", () => {
  if (form.elements.board.value) form.elements.display.value = "tft"; // the board's own screen
  form.requestSubmit();
});

function showLine(text) {
  const line = text.startsWith("knightstour: ") ? text.slice("knightstour: ".length) : text;
  if (!line.trim()) return;
  status.notes.push(line);
  const item = document.createElement("li");
  item.textContent = line;
  notes.appendChild(item);
}

function screenPixel(event) {
  const box = tft.getBoundingClientRect();
  const x = Math.floor(((event.clientX - box.left) * TFT_WIDTH) / box.width);
  const y = Math.floor(((event.clientY - box.top) * TFT_HEIGHT) / box.height);
  return { x: Math.min(TFT_WIDTH - 1, Math.max(0, x)), y: Math.min(TFT_HEIGHT - 1, Math.max(0, y)) };
}

tft.addEventListener("pointerdown", (event) => {
  if (!worker) return;
  tft.setPointerCapture(event.pointerId);
  worker.postMessage({ type: "touch", ...screenPixel(event) });
});
for (const name of ["pointerup", "pointercancel"]) {
  tft.addEventListener(name, () => worker && worker.postMessage({ type: "release" }));
}

const KEYS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", Enter: "enter",
  " ": "space", Backspace: "backspace", Escape: "escape" };

document.addEventListener("keydown", (event) => {
  if (!worker || event.target.closest("form") || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = KEYS[event.key] || (event.key.length === 1 ? event.key : null);
  if (key === null || key.toLowerCase() === "q") return; // the page has no quit
  event.preventDefault();
  worker.postMessage({ type: "key", key });
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  document.activeElement.blur(); // the keys go to the toy again
  start(queryFromForm());
});

const initial = knightstourBoot.query; // the URL's settings (index.html)
fillForm(initial);
if (location.protocol === "file:") {
  // A browser runs no module worker from a file: the folder must be served.
  showError("open this page through a web server: knights-tour web serve, or python3 -m http.server in its folder");
  document.getElementById("loading").hidden = true;
} else {
  start(initial);
}
