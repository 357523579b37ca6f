// A match as one token sees it (referee, seat or spectator): its state, what may be entered next,
// undo, the whole round at once, the share links of a dealt match, the record at the end; kept
// live (live.js) and with entries that survive a network loss (outbox.js).
import { NetworkError, Problem, notNow, request, waitBefore } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { actionPanel, actionText, openRevokes, roundUntouched, rulingText, settlePanel } from "./actions.js";
import {
  bidsSection, columns, currentTrick, seatName, endSection, firstDraw, lastRoundTricks, revokesNow, scoreSection, statusSection,
  trickSection, tricksDoneSection,
} from "./board.js";
import { Live } from "./live.js";
import { Outbox } from "./outbox.js";
import { recordSection } from "./record.js";
import { canEnterRound, roundResultForm } from "./result_form.js";
import { chartSection } from "./chart.js";
import { finishPanel } from "./finish.js";
import { sharePanel } from "./share.js";
import { redrawn, tapButton } from "./taps.js";
import { parseRoute } from "./routes.js";
import { errorText } from "./start.js";
import { newScreen } from "./screen.js";
import { findMatch } from "./store.js";

let current = null;

// How long the page says that a tap was not entered (taps.js: the buttons under the finger had just changed).
const TAP_NOTICE_MS = 4000;

// A tap the page held back (taps.js) is said in the dock, where it moves nothing under the finger.
document.addEventListener("tap-ignored", () => {
  const m = current;
  if (!m) return;
  clearTimeout(m.tapNoticeTimer);
  m.tapNotice = true;
  m.tapNoticeTimer = setTimeout(() => { m.tapNotice = false; render(m); }, TAP_NOTICE_MS);
  render(m);
});

// How soon a match opened with no network is tried again (and at once when the browser says it is online);
// one the service cannot open now (``notNow``: a 503, its store unreachable or a game only another
// release of it offers, during an update; a proxy's 502 or 504; a 429) after its Retry-After, not
// sooner (``waitBefore``).
const REOPEN_MS = 2000;
// The last state this device saw of a match, per match (with the token it was seen with).
const LAST = "tr.last.";
let reopen = null;

function keepLast(m) {
  try {
    localStorage.setItem(`${LAST}${m.route.id}`, JSON.stringify({
      token: m.route.token, view: m.view, rounds: m.rounds, ruleName: m.ruleName,
    }));
  } catch {
    // a full storage keeps the older copy
  }
}

function lastKnown(route) {
  try {
    const last = JSON.parse(localStorage.getItem(`${LAST}${route.id}`) || "null");
    return last && last.token === route.token ? last : null;
  } catch {
    return null;
  }
}

// A match opened with no network, or that the service cannot open now (``unavailable``: its answer,
// ``notNow``): the last state this device saw of it (nothing can be entered on it), and the match
// opened again by itself, every REOPEN_MS (or after the answer's Retry-After) and as soon as the
// browser is online; the screen stays as it is while it is read again.
function waitForNetwork(app, route, net, unavailable = null) {
  const last = lastKnown(route);
  net.className = "net offline";
  net.textContent = unavailable ? t("net.unavailable") : t("net.offline");
  const notice = (text) => h("p", { class: "notice", id: "last-known", role: "status" }, text);
  if (last) {
    const v = last.view;
    clear(app, h("h1", { id: "status-h", "data-version": v.version }, `${last.ruleName} · ${t("match.round", { n: roundNumber(v) })}`),
      notice(unavailable ? t("match.last_known_unavailable") : t("match.last_known")),
      statusSection(v), endSection(v), trickSection(v), bidsSection(v), tricksDoneSection(v),
      lastRoundTricks(v, last.rounds), scoreSection(v, last.rounds), chartSection(last.rounds, columns(v, scoreCount(v))));
  } else {
    clear(app, h("h1", {}, t("match.title")), notice(unavailable ? t("match.waiting_service") : t("match.waiting_network")));
  }
  const again = () => {
    stopReopen();
    const now = parseRoute(location.hash);
    if (now.name === "match" && now.id === route.id && now.token === route.token) showMatch(app, route, net, true);
  };
  reopen = { timer: setTimeout(again, waitBefore(unavailable, REOPEN_MS)), again };
  window.addEventListener("online", again);
}

function stopReopen() {
  if (!reopen) return;
  clearTimeout(reopen.timer);
  window.removeEventListener("online", reopen.again);
  reopen = null;
}

export function leaveMatch() {
  stopReopen();
  current?.live.stop();
  current?.outbox.stop();
  clearTimeout(current?.tapNoticeTimer);
  current = null;
  clear(messages());
}

function messages() {
  return document.getElementById("messages");
}

// ``again``: the match read again from its waiting screen (waitForNetwork), which stays until the answer.
export async function showMatch(app, route, net, again = false) {
  leaveMatch();
  const drawing = newScreen();
  if (!again) clear(app, h("p", {}, t("app.loading")));
  const base = `/v1/matches/${encodeURIComponent(route.id)}`;
  let view;
  let ruleName;
  let schema;
  let lastSeq = 0;
  let log = [];
  let firstDealer = null;
  let created = null;
  try {
    view = (await request("GET", base, { token: route.token })).data;
    const rs = (await request("GET", `/v1/rulesets/${view.ruleset}`).catch((err) => {
      // the match was read and its game not: during an update, a pod of a release without the game
      throw err instanceof Problem && err.body.code === "unknown_ruleset" ? new Problem(503, {}) : err;
    })).data;
    ruleName = rs.name;
    schema = rs.options_schema;
    ({ last: lastSeq, entries: log, firstDealer, created } = await readLog(base, route.token));
  } catch (err) {
    if (!drawing()) return;
    if (err instanceof NetworkError) {
      waitForNetwork(app, route, net);
      return;
    }
    if (notNow(err)) {  // nothing wrong with the match: tried again
      waitForNetwork(app, route, net, err);
      return;
    }
    clear(app, h("h1", {}, t("match.title")), h("p", { class: "error", role: "alert" }, errorText(err)),
      h("p", {}, h("a", { href: "#/" }, t("match.back"))));
    return;
  }
  if (!drawing()) return;  // a newer screen began while the match was read (a language switched, a link followed)
  const m = {
    app, net, route, base, view, ruleName, schema, rounds: null, roundsKey: null, error: "", resultOpen: false,
    stored: findMatch(route.id, route.token), liveState: "poll", newRound: null, tapNotice: false,
    rulingNotice: "", settleBefore: null, log, firstDealer, created, finishNode: null,
  };
  m.outbox = new Outbox(route.id, route.token, {
    onView: (v, entry) => {
      if (isRoundResult(entry)) {
        closeResult(m);
        render(m);
      }
      if (entry?.body?.type === SETTLE && m.settleBefore) m.rulingNotice = rulingText(m.settleBefore, v, entry.body);
      accept(m, v);
    },
    onRefused: (err, entry) => refused(m, err, entry),
    onChange: () => render(m),
  });
  m.live = new Live(route.id, route.token, {
    onView: (v) => accept(m, v),
    onEvents: (events) => noteEvents(m, events),
    onState: (state, detail) => liveState(m, state, detail),
  });
  current = m;
  if (!m.stored) m.stored = await linksAgain(m);
  await loadRounds(m);
  if (current !== m) return;  // left while its rounds were read: no stream for a match not shown
  render(m);
  m.live.start(view.version, lastSeq);
}

// A dealt match opened with the referee's link on a device that did not create it: the seat links
// read again (GET /links, the referee's token only); null where they cannot be (a match made before
// they could, a network loss: the panel says that only the creating device has them).
async function linksAgain(m) {
  if (m.view.mode !== "dealt" || m.view.viewer?.role !== "referee") return null;
  try {
    const links = (await request("GET", `${m.base}/links`, { token: m.route.token })).data;
    return { seats: links.seats, spectator: links.spectator_token };
  } catch {
    return null;
  }
}

// The match's log as undo needs it (its entries and undos, each with its version), the seq of
// its newest event, where the live updates start from, how the first dealer was chosen (the
// create event's record: a draw's cards, shown during the first round) and the create event itself
// (a rematch asks for the same match again).
async function readLog(base, token) {
  let after = 0;
  const entries = [];
  let created = null;
  let started = null;
  for (;;) {
    const page = (await request("GET", `${base}/events?after=${after}&limit=1000`, { token })).data;
    entries.push(...page.events.filter(logged));
    created ??= page.events.find((e) => e.kind === "create") ?? null;
    // a match whose seats were claimed draws its first dealer when it starts
    started ??= page.events.find((e) => e.kind === "start") ?? null;
    after = page.last_seq;
    if (!page.more) {
      // a match whose seats were claimed: its first dealer as drawn when it started
      if (created && started) created = { ...created, first_dealer: started.first_dealer };
      return { last: after, entries, firstDealer: created?.first_dealer ?? null, created };
    }
  }
}

function logged(event) {
  return event.kind === "action" || event.kind === "undo";
}

// Events from the stream or a poll: the log follows them (an undo marks what it took back).
function noteEvents(m, events) {
  if (current !== m) return;
  let changed = false;
  for (const e of events) {
    if (e.kind === "start") {
      m.firstDealer = e.first_dealer ?? null;
      changed = true;
    }
    if (!logged(e) || m.log.some((x) => x.seq === e.seq)) continue;
    m.log.push({ ...e });
    if (e.kind === "undo") for (const x of m.log) if ((e.undone || []).includes(x.seq)) x.undone = true;
    changed = true;
  }
  if (changed) render(m);
}

// The entry an undo takes back now, or null where the log is not known up to the version shown
// (then the button names none: it never names one it does not take back).
function lastEntry(m) {
  const newest = Math.max(0, ...m.log.map((e) => e.version));
  if (newest !== m.view.version) return null;
  return m.log.filter((e) => e.kind === "action" && !e.undone).at(-1) ?? null;
}

function entryText(view, event) {
  const a = event.action || {};
  const what = actionText(a);
  return typeof a.seat === "number" ? `${seatName(view, a.seat)}: ${what}` : what;
}

// The tricks of the round just finished as the log holds them, where its record keeps only how
// many each seat took (Boerenbridge): its plays in order (the last hand size × players plays before
// those of the trick in progress), each trick won by the seat that led the next, the last by the
// seat whose count is not yet accounted for; null where the log does not add up to the record.
function loggedTricks(m) {
  const last = (m.rounds || []).at(-1);
  const n = m.view.names?.length || 0;
  if (!last || last.reported || !Number.isInteger(last.hand_size) || !Array.isArray(last.tricks) || !n) return null;
  if (last.tricks.length !== n || last.tricks.some((x) => typeof x !== "number")) return null;
  const undone = new Set(m.log.flatMap((e) => (e.kind === "undo" ? e.undone || [] : [])));
  const plays = m.log.filter((e) => e.kind === "action" && !e.undone && !undone.has(e.seq) && e.action?.type === "play");
  const count = last.hand_size * n;
  const mine = plays.slice(0, plays.length - (currentTrick(m.view)?.plays?.length ?? 0)).slice(-count);
  if (!count || mine.length !== count) return null;
  const tricks = [];
  for (let i = 0; i < count; i += n) {
    tricks.push({ plays: mine.slice(i, i + n).map((e) => ({ seat: e.action.seat, card: e.action.card })) });
  }
  const won = new Array(n).fill(0);
  tricks.forEach((tr, i) => {
    if (i + 1 === tricks.length) return;
    tr.winner = tricks[i + 1].plays[0].seat;
    won[tr.winner] += 1;
  });
  const rest = last.tricks.map((c, s) => c - won[s]);
  const winner = rest.indexOf(1);
  if (winner < 0 || rest.some((r, s) => r !== (s === winner ? 1 : 0))) return null;
  tricks.at(-1).winner = winner;
  return tricks;
}

// The sheet is read again when a round closes or is reopened, and when a finished round's record
// changes (a revoke's ruling rescores it).
function roundsKey(view) {
  const history = view.history || [];
  return `${roundNumber(view)}|${view.status}|${history.length}|${JSON.stringify(history.at(-1) ?? null)}`;
}

// The round (a hand, in Avinas) the match is in.
export function roundNumber(view) {
  return view.round ?? view.hand_number ?? 1;
}

// Reads the sheet when the view's key says it changed; true when it did (then the page is redrawn).
async function loadRounds(m) {
  const key = roundsKey(m.view);
  if (key === m.roundsKey) return false;
  try {
    const answer = await request("GET", `${m.base}/rounds`, { token: m.route.token });
    if (key !== roundsKey(m.view)) return false;  // the match moved on meanwhile: its own read follows
    m.rounds = answer.data.rounds;
    m.roundsKey = key;
    return true;
  } catch {
    return false;  // the sheet is read again at the next change
  }
}

// A newer view is drawn at once (the entries it allows with it); the sheet follows when it is read.
async function accept(m, view) {
  if (current !== m || !view || view.version <= m.view.version) return;  // not newer: a stream's first view, a poll
  // a round that began since the page last drew the match is announced until its first entry
  if (roundNumber(view) > roundNumber(m.view) && view.status === "in_progress") m.newRound = roundNumber(view);
  else if (roundNumber(view) < roundNumber(m.view)) m.newRound = null;
  m.view = view;
  m.live.seen(view);
  render(m);
  if (await loadRounds(m)) render(m);
}

function isRoundResult(entry) {
  return entry?.body?.type === "round_result";
}

function closeResult(m) {
  m.resultOpen = false;
  m.resultNode = null;
}

function refused(m, err, entry) {
  m.error = errorText(err);
  render(m);
  // the round's form, still open with what was typed, shows the reason beside the field it is about
  if (isRoundResult(entry) && m.resultNode && err instanceof Problem) m.resultNode.showProblem(err.body, m.error);
  if (err instanceof Problem && (err.status === 412 || err.status === 409)) {
    request("GET", m.base, { token: m.route.token }).then((a) => accept(m, a.data), () => {});
  }
}

function liveState(m, state, detail) {
  m.liveState = state;
  if (state === "ended") m.error = t(`live.ended`, { reason: detail || "" });
  renderNet(m);
  if (state === "ended") render(m);
}

function renderNet(m) {
  const pending = m.outbox.pending;
  const offline = m.liveState === "offline" || (pending && !navigator.onLine);
  const held = pending && m.outbox.held;  // entries the service could not take or confirm yet
  m.net.className = offline || held ? "net offline" : "net";
  let text = offline ? t("net.offline") : (held ? t("net.unavailable") : "");
  if (pending) text = `${text} ${t("net.pending", { n: pending })}`.trim();
  m.net.textContent = text;
  m.net.dataset.live = m.liveState;
  const state = document.getElementById("live-state");
  if (state) state.textContent = t(`live.${m.liveState}`);
}

const SETTLE = "settle_revoke";

function send(m, action) {
  m.error = "";
  // a ruling's answer is compared with the match as it was when it was made (what it changed);
  // any other entry ends what the last ruling's notice said
  if (action.type === SETTLE) m.settleBefore = m.view;
  else m.rulingNotice = "";
  m.outbox.send(`${m.base}/actions`, action, m.view.version);
}

function undo(m) {
  m.error = "";
  m.rulingNotice = "";
  m.outbox.send(`${m.base}/undo`, undefined, m.view.version);
}

// The focused control, found again after a redraw (by id, or by what it enters: taps.js).
function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body || !inApp(el)) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  if (el.dataset.tap) return `[data-tap="${CSS.escape(el.dataset.tap)}"]`;
  return null;
}

function inApp(el) {
  return document.getElementById("app")?.contains(el);
}

function render(m) {
  if (current !== m) return;
  const focused = focusKey();
  draw(m);
  const again = focused && m.app.querySelector(focused);
  if (again && !again.disabled) again.focus();
}

function draw(m) {
  const v = m.view;
  const referee = v.viewer?.role === "referee";
  const busy = m.outbox.pending > 0;
  const entering = m.resultOpen && canEnterRound(v);
  if (!entering) m.resultNode = null;
  if (m.newRound !== null && (v.status !== "in_progress" || !roundUntouched(v))) m.newRound = null;
  // While an entry is on its way the panels stay where they are, inert: the page does not jump under
  // the finger, and nothing more is entered on a state the entry changes.
  // a revoke ruling that must be made comes first: the next round's first entry would close it unseen
  const ruling = referee && openRevokes(v).length > 0;
  const panel = entering || ruling || v.status !== "in_progress" ? null : waiting(actionPanel(v, (a) => send(m, a)), busy);
  if (panel) panel.querySelector("h2")?.after(revokesNow(v) ?? "");
  m.app.setAttribute("aria-busy", String(busy));
  // the refusal and the entries waiting to be sent are shown in the dock at the foot of the screen,
  // out of the page's flow: their coming and going moves nothing under the finger
  clear(messages(),
    h("div", { class: "error", role: "alert", id: "error" }, m.error),
    m.rulingNotice ? h("p", { class: "notice", id: "ruling-notice", role: "status" }, m.rulingNotice) : null,
    m.tapNotice ? h("p", { class: "notice", id: "tap-notice", role: "status" }, t("taps.ignored")) : null,
    m.newRound !== null ? h("p", { class: "notice", id: "round-notice", role: "status" }, t("match.new_round", {
      n: m.newRound, name: v.dealer === null || v.dealer === undefined ? "—" : seatName(v, v.dealer) })) : null,
    busy ? h("p", { class: "notice", id: "pending" }, t("net.pending", { n: m.outbox.pending })) : null);
  if (m.resultNode) m.resultNode.inert = busy;  // kept across drawings: not usable while its entry is on its way
  clear(m.app,
    h("h1", { id: "status-h", "data-version": v.version }, `${m.ruleName} · ${t("match.round", { n: roundNumber(v) })}`),
    h("p", { class: "live", id: "live-state" }, t(`live.${m.liveState}`)),
    v.waiting_for_seats ? waitingSection(m, referee, busy) : statusSection(v),
    roundNumber(v) === 1 && !v.waiting_for_seats ? firstDraw(v, m.firstDealer) : null,
    endSection(v),
    finish(m),
    entering ? resultForm(m) : null,
    trickSection(v),
    panel ? null : revokesNow(v),
    referee && !entering ? waiting(settlePanel(v, (a) => send(m, a)), busy) : null,
    panel,
    tools(m, referee, busy, entering || ruling),
    bidsSection(v),
    tricksDoneSection(v),
    lastRoundTricks(v, m.rounds, loggedTricks(m)),
    scoreSection(v, m.rounds, (name) => optionTitle(m, name)),
    chartSection(m.rounds, columns(v, scoreCount(v))),
    sharePanel(v, m.stored),
    fairness(v),
    v.status === "finished" ? recordSection(v, m.route.token, (err) => { m.error = errorText(err); render(m); }) : null);
  renderNet(m);
  redrawn();
  keepLast(m);
}

// A dealt match: the commitment to its shuffle (seed_commitment, docs/deals.md), which a player notes
// to check the record against at the end (python -m service.verify RECORD --commitment SHA), and
// whether the referee sees every hand.
function fairness(v) {
  if (v.mode !== "dealt") return null;
  return h("section", { id: "fairness", class: "fairness" },
    v.referee_sees_hands ? h("p", { class: "notice", id: "referee-sees" }, t("match.referee_sees")) : null,
    v.seed_commitment ? h("p", {}, t("match.seal"), " ", h("code", { id: "seed-commitment" }, v.seed_commitment)) : null);
}

// A match whose seats are claimed, before it starts: who has joined; the referee may start it now
// (the seats not claimed then add nothing to the shuffle, docs/deals.md).
function waitingSection(m, referee, busy) {
  const v = m.view;
  const joined = (v.claimed || []).filter(Boolean).length;
  return h("section", { id: "waiting" },
    v.viewer?.role === "seat" ? h("p", {}, t("match.you_are", { name: seatName(v, v.viewer.seat) })) : null,
    h("p", { role: "status" }, t("match.waiting", { n: joined, of: v.names.length })),
    referee ? waiting(h("p", {}, tapButton(`start:${v.version}`, { id: "start-now" }, () => startNow(m),
      t("match.start_now"))), busy) : null);
}

function startNow(m) {
  m.error = "";
  m.outbox.send(`${m.base}/start`, undefined, m.view.version);
}

// The round-result form, built when it is opened and kept across redraws (what is typed stays); it
// closes when the service has scored the round, and stays open with a refusal's reason.
function resultForm(m) {
  m.resultNode ??= roundResultForm(m.view, (a) => send(m, a), () => { closeResult(m); render(m); });
  return m.resultNode;
}

// The finished match's panel (share the result, play again), kept across redraws while it is over.
function finish(m) {
  if (m.view.status !== "finished") {
    m.finishNode = null;
    return null;
  }
  m.finishNode ??= finishPanel(m.view, m.ruleName, m.created, (err) => { m.error = errorText(err); render(m); });
  return m.finishNode;
}

function scoreCount(view) {
  return (Array.isArray(view.scores) ? view.scores : Object.values(view.scores || {})).length;
}

// An option of the match as people read it: its title and its chosen value's (the ruleset's
// schema, asked for in the page's language when the match was opened), or null.
function optionTitle(m, name) {
  const prop = m.schema?.properties?.[name];
  if (!prop || !m.view.options || !(name in m.view.options)) return null;
  const chosen = (prop.oneOf || []).find((c) => c.const === m.view.options[name]);
  return prop.title && chosen?.title ? { title: prop.title, value: chosen.title } : null;
}

// hideRound: the round form is open, or a revoke ruling comes first
function tools(m, referee, busy, hideRound) {
  const v = m.view;
  if (!referee) return null;
  const buttons = [];
  if (!hideRound && canEnterRound(v)) {
    buttons.push(tapButton("open-round", { id: "enter-round" }, () => { m.resultOpen = true; m.error = ""; render(m); },
      t("result.open")));
  }
  // what undo takes back depends on the version: a redraw for another entry changes its meaning
  if (v.version > 1) {
    const entry = lastEntry(m);
    const label = entry ? t("match.undo_what", { what: entryText(v, entry) }) : t("match.undo");
    buttons.push(tapButton(`undo:${v.version}`, { id: "undo" }, () => undo(m), label));
  }
  if (!buttons.length) return null;
  return waiting(h("div", { class: "row tools" }, buttons), busy);
}

// A panel shown but not usable while an entry is on its way.
function waiting(el, busy) {
  if (el && busy) {
    el.inert = true;
    el.classList.add("waiting");
  }
  return el;
}
