// The page's entry: loads the strings, wires the language switch, and draws the screen the URL's
// fragment names (routes.js): the start screen or a match.
import { language, loadStrings, setLanguage, translateStatic } from "./i18n.js";
import { claimSeat } from "./claim.js";
import { leaveMatch, showMatch } from "./match.js";
import { parseRoute } from "./routes.js";
import { showStart } from "./start.js";
import { installTaps } from "./taps.js";

const app = document.getElementById("app");
const net = document.getElementById("net");

async function route() {
  const r = parseRoute(location.hash);
  if (r.name === "match") {
    await showMatch(app, r, net);
  } else if (r.name === "claim") {
    leaveMatch();
    net.textContent = "";
    await claimSeat(app, r);
  } else {
    leaveMatch();
    net.textContent = "";
    await showStart(app);
  }
}

// main keeps room below its last line for the dock (fixed at the foot of the screen), as tall as it is
function roomForDock() {
  const dock = document.getElementById("dock");
  const fit = () => document.documentElement.style.setProperty("--dock-room", `${dock.offsetHeight + 12}px`);
  new ResizeObserver(fit).observe(dock);
  fit();
}

// The service worker that keeps the page for a reload with no network (../sw.js): browsers allow
// one only in a secure context (HTTPS, or localhost); over plain HTTP on a LAN address the page works
// without it.
function keepOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}

async function main() {
  keepOffline();
  installTaps();
  roomForDock();
  // Listened to before the strings arrive: a language chosen while they load is the one the page
  // starts in (it was lost before, the switch set back to the stored language).
  const select = document.getElementById("lang-switch");
  let loaded = false;
  let chosenWhileLoading = null;
  select.addEventListener("change", () => {
    if (!loaded) {
      chosenWhileLoading = select.value;
      return;
    }
    setLanguage(select.value);
    translateStatic();
    route();
  });
  await loadStrings();
  loaded = true;
  if (chosenWhileLoading !== null) setLanguage(chosenWhileLoading);
  translateStatic();
  select.value = language();
  window.addEventListener("hashchange", route);
  await route();
}

main();
