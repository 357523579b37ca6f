// The start screen: choose a game (GET /v1/rulesets), enter the players, choose a named preset of
// rules (the ruleset's presets) and set the house rules (a form from the ruleset's options JSON
// Schema, starting at the preset's values), choose table or dealt mode, start the match.
import { Problem, NetworkError, newKey, request } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { optionsForm, readOptions } from "./options_form.js";
import { recentMatches, remember } from "./store.js";
import { matchUrl } from "./routes.js";
import { qrCanvas } from "./share.js";
import { latest, newScreen } from "./screen.js";

const MAX_NAME = 100;

export async function showStart(app) {
  const drawing = newScreen();
  clear(app, h("h1", {}, t("start.title")), h("p", {}, t("app.loading")));
  let list;
  try {
    list = (await request("GET", "/v1/rulesets")).data.rulesets;
  } catch (err) {
    if (!drawing()) return;
    clear(app, h("h1", {}, t("start.title")), h("p", { class: "error", role: "alert" }, errorText(err)));
    return;
  }
  if (!drawing()) return;  // a newer screen began while the list was on its way (a language switched)
  const state = { ruleset: null, detail: null, mode: "table", key: newKey() };
  const chosenLast = latest();
  const gamesBox = h("div", { class: "games", role: "group", "aria-labelledby": "games-h" });
  const details = h("div", {});
  for (const rs of list) {
    gamesBox.append(h("button", {
      type: "button", class: "game", "aria-pressed": "false", "data-ruleset": rs.id,
      onclick: (ev) => choose(rs, ev.currentTarget),
    }, rs.name, h("small", {}, t("start.players_range", { counts: rs.players.allowed.join(", ") })),
    h("small", {}, rs.description)));
  }
  const choose = async (rs, button) => {
    for (const b of gamesBox.children) b.setAttribute("aria-pressed", String(b === button));
    const last = chosenLast();
    const detail = (await request("GET", `/v1/rulesets/${rs.id}`)).data;
    if (!last()) return;  // another game was chosen while this one's rules were on their way
    state.ruleset = rs;
    state.detail = detail;
    clear(details, matchForm(state));
    details.querySelector("input")?.focus();
  };
  const lan = h("div", {});
  clear(app,
    h("h1", {}, t("start.title")),
    h("section", {}, h("h2", { id: "games-h" }, t("start.choose_game")), gamesBox),
    details,
    recentList(),
    lan);
  showLanAddress(lan);
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

// The page opened on the computer that runs the service (localhost): the address a phone on the
// same Wi-Fi opens, with its QR code (GET /v1/lan gives it to this computer only; none where the
// service listens on loopback only).
async function showLanAddress(box) {
  if (!LOOPBACK.has(location.hostname)) return;
  let url = null;
  try {
    url = (await request("GET", "/v1/lan")).data.url;
  } catch {
    return;  // no address to show: the page works without it
  }
  if (!url || !box.isConnected) return;
  clear(box, h("section", { class: "lan", id: "lan", "aria-labelledby": "lan-h" },
    h("h2", { id: "lan-h" }, t("lan.title")), h("p", {}, t("lan.help")),
    qrCanvas(url, t("lan.qr")),
    h("a", { href: url, id: "lan-url" }, url)));
}

function playersField(state, onCount) {
  const allowed = state.ruleset.players.allowed;
  const select = h("select", { id: "player-count", onchange: () => onCount(Number(select.value)) },
    allowed.map((n) => h("option", { value: String(n), selected: n === state.ruleset.players.default }, String(n))));
  return h("div", { class: "field" }, h("label", { for: "player-count" }, t("start.player_count")), select);
}

// Each seat's player: a person, or (dealt mode) a computer of one of the ruleset's levels.
function whoField(state, i, old) {
  const levels = state.detail?.computer_levels || [];
  if (!levels.length) return null;
  const select = h("select", { id: `who-${i}`, class: "who", "aria-label": t("start.seat_who", { n: i + 1 }) },
    h("option", { value: "" }, t("start.person")),
    levels.map((l) => h("option", { value: l.id, title: l.description, selected: old === l.id },
      t("start.computer", { level: l.title }))));
  return h("div", { class: "field who-field", hidden: state.mode !== "dealt" },
    h("label", { for: `who-${i}` }, t("start.seat_who", { n: i + 1 })), select);
}

function nameInputs(box, count, state) {
  const old = [...box.querySelectorAll("input")].map((i) => i.value);
  const oldWho = [...box.querySelectorAll("select.who")].map((s) => s.value);
  const dealer = h("select", { id: "first-dealer", "aria-describedby": "first-dealer-hint" },
    h("option", { value: "" }, t("start.dealer_by_rules")),
    Array.from({ length: count }, (_, i) => h("option", { value: String(i) }, t("start.default_name", { n: i + 1 }))));
  clear(box, Array.from({ length: count }, (_, i) => h("div", { class: "field" },
    h("label", { for: `player-${i}` }, t("start.seat_name", { n: i + 1 })),
    h("input", { id: `player-${i}`, type: "text", maxlength: MAX_NAME, autocomplete: "off", required: true,
      value: old[i] ?? t("start.default_name", { n: i + 1 }),
      oninput: (ev) => { dealer.options[i + 1].textContent = ev.target.value || t("start.default_name", { n: i + 1 }); } }),
    whoField(state, i, oldWho[i]))),
  h("div", { class: "field" }, h("label", { for: "first-dealer" }, t("start.first_dealer")), dealer,
    h("span", { class: "hint", id: "first-dealer-hint" }, "")));
  [...box.querySelectorAll("input")].forEach((input, i) => { dealer.options[i + 1].textContent = input.value; });
}

// The first dealer's field as the game is played: where the rules choose him by a draw of cards
// and the cards are real (table mode), the people draw them, so the field asks who drew the deal
// and names the service's own draw as what it is (virtual cards); elsewhere "as the rules choose".
function dealerWords(state, names, options) {
  const method = options.querySelector("#opt-first_dealer_method")?.value || "";
  const drawn = state.mode === "table" && method.includes("draw");
  const label = names.querySelector('label[for="first-dealer"]');
  const select = names.querySelector("#first-dealer");
  if (!label || !select) return;
  label.textContent = drawn ? t("start.first_dealer_drawn") : t("start.first_dealer");
  select.options[0].textContent = drawn ? t("start.dealer_virtual_draw") : t("start.dealer_by_rules");
  names.querySelector("#first-dealer-hint").textContent = drawn ? t("start.dealer_drawn_hint") : "";
}

// A select of the ruleset's presets (none: its defaults); choosing one starts the house rules at
// its values (onPreset(preset or null)).
function presetField(state, onPreset) {
  const presets = state.detail.presets || [];
  if (!presets.length) return null;
  const hint = h("span", { class: "hint", id: "preset-hint" }, "");
  const select = h("select", { id: "preset", "aria-describedby": "preset-hint", onchange: () => {
    const chosen = presets.find((p) => p.id === select.value) || null;
    hint.textContent = chosen?.description || "";
    onPreset(chosen);
  } }, h("option", { value: "" }, t("start.preset_none")), presets.map((p) => h("option", { value: p.id }, p.name)));
  return h("section", {}, h("h2", {}, h("label", { for: "preset" }, t("start.preset"))), select, hint);
}

function matchForm(state) {
  const names = h("div", { id: "names" });
  nameInputs(names, state.ruleset.players.default, state);
  state.preset = null;
  const options = h("div", {}, optionsForm(state.detail.options_schema));
  const words = () => dealerWords(state, names, options);
  options.addEventListener("change", words);
  words();
  const count = playersField(state, (n) => {
    nameInputs(names, n, state);
    words();
  });
  const presets = presetField(state, (chosen) => {
    state.preset = chosen;
    clear(options, optionsForm(state.detail.options_schema, chosen?.options || {}));
    // a preset for a number of players (codetojoy's two) sets the count; the names entered stay
    const players = chosen?.options?.players;
    if (state.ruleset.players.allowed.includes(players)) {
      count.querySelector("select").value = String(players);
      nameInputs(names, players, state);
    }
    words();
  });
  const error = h("div", { class: "error", role: "alert" });
  const modeButtons = ["table", "dealt"].map((mode) => h("button", {
    type: "button", class: "game", "aria-pressed": String(mode === state.mode), "data-mode": mode,
    onclick: (ev) => {
      state.mode = mode;
      for (const b of ev.currentTarget.parentElement.children) b.setAttribute("aria-pressed", String(b === ev.currentTarget));
      // a computer holds cards only when the service deals them
      for (const f of names.querySelectorAll(".who-field")) f.hidden = mode !== "dealt";
      words();
    },
  }, t(`mode.${mode}`), h("small", {}, t(`mode.${mode}.help`))));
  const form = h("form", {
    onsubmit: async (ev) => {
      ev.preventDefault();
      await start(state, form, names, options, error);
    },
  },
  h("section", {}, h("h2", {}, t("start.players")), count, names),
  h("section", {}, h("h2", {}, t("start.mode")), h("div", { class: "modes", role: "group" }, modeButtons)),
  presets,
  h("details", { class: "no-print" }, h("summary", {}, t("start.options")), h("section", {}, options)),
  error,
  h("p", {}, h("button", { type: "submit", class: "primary", id: "start-match" }, t("start.start"))));
  return form;
}

async function start(state, form, names, options, error) {
  const players = [...names.querySelectorAll("input[type=text]")].map((i) => i.value.trim());
  if (players.some((p) => !p)) {
    error.textContent = t("start.names_required");
    return;
  }
  const who = [...names.querySelectorAll("select.who")].map((sel) => (state.mode === "dealt" ? sel.value : ""));
  const seats = players.map((name, i) => (who[i] ? { name, computer: who[i] } : name));
  const body = { ruleset: state.ruleset.id, players: seats, mode: state.mode,
    options: readOptions(options, state.detail.options_schema, state.preset?.options || {}) };
  if (state.preset) body.preset = state.preset.id;
  // dealt: each seat gets an invitation its phone claims, so the creator holds no seat's token
  if (state.mode === "dealt") body.seats = "claim";
  const dealer = names.querySelector("#first-dealer").value;
  if (dealer !== "") body.dealer = Number(dealer);
  // the same key only for the same request sent again (after a network loss): a changed form is a new request
  const text = JSON.stringify(body);
  if (text !== state.lastBody) {
    state.key = newKey();
    state.lastBody = text;
  }
  const button = form.querySelector("#start-match");
  button.disabled = true;
  try {
    const created = (await request("POST", "/v1/matches", { body, idempotencyKey: state.key })).data;
    remember(created, state.ruleset.id, players);
    location.hash = matchUrl(created.id, created.referee_token);
  } catch (err) {
    error.textContent = errorText(err);
    button.disabled = false;
  }
}

export function errorText(err) {
  if (err instanceof NetworkError) return t("net.offline");
  if (err instanceof Problem) return err.body.detail || err.body.title || t("error.unknown");
  return String(err?.message || err);
}

function recentList() {
  const recent = recentMatches();
  if (!recent.length) return null;
  return h("section", { class: "recent" }, h("h2", {}, t("start.recent")),
    h("ul", {}, recent.map((m) => h("li", {},
      h("a", { href: matchUrl(m.id, m.token) }, `${m.names.join(", ")} · ${t(`mode.${m.mode}`)} · ${m.at.slice(0, 16).replace("T", " ")}`)))));
}
