// Taps on the buttons that enter something, decided by what the button means, not by which element
// the finger hit. The page redraws a match whenever its state changes (an answer, another device's
// entry through the stream, the score sheet arriving), and each redraw makes new buttons. A browser
// decides a click by elements: with a mouse, a button replaced between press and release gets no
// click at all (the tap is lost); with a finger, the click goes to whatever element is under it at
// release, which may be a new button meaning something else (the tap enters what the person never
// saw). So every such button carries data-tap="<meaning>" (tapKey: the action it posts, the same key
// for the same meaning in every drawing), and a tap is a press and a release on buttons of the same
// meaning: it lands on the button drawn now with that meaning, which is what the person pressed; a
// tap released on another meaning (the layout moved under the finger) or dragged away does nothing.
// A click with no pointer before it (the keyboard, a screen reader) works as a click.
// A finger's second tap on the spot of a tap just entered, on a button that now means something
// else (the entry's answer redrew the page under the finger: the last card of a round, then the next
// round's turn-up grid), is the same tap doubled or a tap on what the person has not seen yet: it
// does nothing while it comes within SEEN_MS of that tap or of the redraw after it, and the page
// says so ("tap-ignored" on the document). A mouse's pointer is precise and seen: not held back.
import { h } from "./dom.js";

// A press that moves farther than this before its release is a drag or a scroll, not a tap.
const MOVE_PX = 24;
// A click this soon after a pointer's release is that tap's own click (its fate was decided at
// the release): ignored.
const CLICK_AFTER_RELEASE_MS = 1000;

// How near the last tap's spot a press counts as a tap on the same spot.
const SAME_SPOT_PX = 32;
// How long a new meaning on the spot of the last tap must have been on screen before it is entered.
const SEEN_MS = 800;

let pressed = null;
let releasedAt = -Infinity;
let lastTap = null;
let redrawnAt = -Infinity;

// Called after every drawing of the page's buttons (match.js): the moment the meanings may have moved.
export function redrawn() {
  redrawnAt = performance.now();
}

// A finger's press on the spot of the last tap, on another meaning, too soon after it or after a redraw.
function doubled(ev, el) {
  if (!lastTap || ev.pointerType === "mouse" || el.dataset.tap === lastTap.key) return false;
  if (Math.hypot(ev.clientX - lastTap.x, ev.clientY - lastTap.y) > SAME_SPOT_PX) return false;
  return ev.timeStamp - Math.max(lastTap.at, redrawnAt) < SEEN_MS;
}

// The meaning of an action: its fields in a fixed order, so that the same action drawn again has the
// same key.
export function tapKey(prefix, value = {}) {
  const sorted = (v) => (Array.isArray(v) ? v.map(sorted)
    : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);
  return `${prefix}:${JSON.stringify(sorted(value))}`;
}

// A button that runs onTap(event) when tapped (or activated by keyboard): h("button") with data-tap.
export function tapButton(key, attrs, onTap, ...children) {
  const el = h("button", { type: "button", ...attrs, "data-tap": key }, ...children);
  el.onTap = onTap;
  return el;
}

function live(node) {
  const el = node?.closest?.("[data-tap]");
  return el && !el.disabled && !el.closest("[inert]") && el.isConnected ? el : null;
}

function activate(el) {
  el.onTap?.();
}

// Listens on the whole document once (main.js); every drawing's buttons are found by their key.
export function installTaps(doc = document) {
  doc.addEventListener("pointerdown", (ev) => {
    let el = ev.pointerType === "mouse" && ev.button !== 0 ? null : live(ev.target);
    if (el && doubled(ev, el)) {
      el = null;
      doc.dispatchEvent(new CustomEvent("tap-ignored"));
    }
    pressed = el ? { key: el.dataset.tap, id: ev.pointerId, x: ev.clientX, y: ev.clientY } : null;
  }, true);
  doc.addEventListener("pointercancel", (ev) => {
    if (pressed?.id === ev.pointerId) pressed = null;
  }, true);
  doc.addEventListener("pointerup", (ev) => {
    const start = pressed;
    pressed = null;
    releasedAt = ev.timeStamp;
    if (!start || start.id !== ev.pointerId) return;
    if (Math.hypot(ev.clientX - start.x, ev.clientY - start.y) > MOVE_PX) return;
    const el = live(doc.elementFromPoint(ev.clientX, ev.clientY));
    if (el && el.dataset.tap === start.key) {
      lastTap = { key: start.key, x: ev.clientX, y: ev.clientY, at: ev.timeStamp };
      activate(el);
    }
  }, true);
  doc.addEventListener("click", (ev) => {
    const el = ev.target?.closest?.("[data-tap]");
    if (!el) return;
    ev.preventDefault();
    if (ev.detail > 0 && ev.timeStamp - releasedAt < CLICK_AFTER_RELEASE_MS) return;
    if (live(el)) activate(el);
  }, true);
}
