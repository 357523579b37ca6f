// Table mode: a whole round entered at once, as a round_result action whose result is the round's
// facts in the ruleset's own terms (those POST /v1/rulesets/{id}/score reads): Boerenbridge the
// bids and tricks of each seat; Forty-Fives and Auction Forty-Fives the tricks each seat took and
// the seat whose trick held the highest trump; Avinas the game, declarer, knocks, card points and
// tricks, the lie, and under rams_rule = "sevens" the sevens exposed (docs/rules/avinas.md §16.3).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./board.js";

const FORMS = {
  boerenbridge: boerenbridgeFields,
  forty_fives: fortyFivesFields,
  auction_forty_fives: fortyFivesFields,
  avinas: avinasFields,
};

const AVINAS_GAMES = ["sevens", "no_seven"];
const AVINAS_POINTS = 120;
const AVINAS_TRICKS = 8;

export function canEnterRound(view) {
  if (view.mode !== "table" || view.status !== "in_progress" || view.viewer?.role !== "referee") return false;
  if (!FORMS[view.ruleset]) return false;
  return view.accepts_round_result === true;
}

function numberInput(id, label, value, max) {
  return h("div", { class: "field" }, h("label", { for: id }, label),
    h("input", { id, type: "number", inputmode: "numeric", min: 0, max, value: value ?? "", required: true }));
}

// A seat at or past the no-bid threshold does not bid this round (bidding.active false): its bid is
// null, and the form asks only for its tricks (docs/rules/boerenbridge.md, no_bid_threshold).
function boerenbridgeFields(view) {
  const size = view.hand_size;
  const bids = view.bidding?.bids || [];
  const bidding = (seat) => view.bidding?.active?.[seat] !== false;
  const fields = view.names.map((_, seat) => h("fieldset", {}, h("legend", {}, seatName(view, seat)),
    bidding(seat) ? numberInput(`rr-bid-${seat}`, t("result.bid"), bids[seat], size)
      : h("p", { class: "hint", id: `rr-no-bid-${seat}` }, t("result.no_bid")),
    numberInput(`rr-tricks-${seat}`, t("result.tricks"), "", size)));
  const read = (form) => ({
    bids: view.names.map((_, s) => (bidding(s) ? Number(form.querySelector(`#rr-bid-${s}`).value) : null)),
    tricks: view.names.map((_, s) => Number(form.querySelector(`#rr-tricks-${s}`).value)),
  });
  return { fields, read };
}

function fortyFivesFields(view) {
  const fields = view.names.map((_, seat) => numberInput(`rr-tricks-${seat}`,
    t("result.tricks_of", { name: seatName(view, seat) }), "", 5));
  fields.push(h("div", { class: "field" }, h("label", { for: "rr-high" }, t("result.highest_trump")),
    h("select", { id: "rr-high" }, h("option", { value: "" }, t("result.no_trump_played")),
      view.names.map((_, s) => h("option", { value: String(s) }, seatName(view, s))))));
  const contract = needsContract(view);
  if (contract) fields.unshift(...contractFields(view));
  const read = (form) => {
    const high = form.querySelector("#rr-high").value;
    const result = {
      tricks_won: view.names.map((_, s) => Number(form.querySelector(`#rr-tricks-${s}`).value)),
      highest_trump_seat: high === "" ? null : Number(high),
    };
    if (contract) {
      result.bid = { team: Number(form.querySelector("#rr-bid-team").value),
        amount: Number(form.querySelector("#rr-bid-amount").value) };
    }
    return result;
  };
  return { fields, read };
}

// Auction Forty-Fives with trump by bidding, the auction not entered: the contract is one of the
// round's facts (the team that won the auction and its bid, one of the bid_values).
function needsContract(view) {
  return view.ruleset === "auction_forty_fives" && view.options?.trump_selection === "bidding" && !view.contract;
}

function contractFields(view) {
  const teams = Array.isArray(view.teams) ? view.teams : [[0, 2], [1, 3]];
  const values = view.options?.bid_values || [];
  return [
    h("div", { class: "field" }, h("label", { for: "rr-bid-team" }, t("result.contract_team")),
      h("select", { id: "rr-bid-team" }, teams.map((members, team) => h("option", { value: String(team) },
        t("match.team", { n: team + 1, names: members.map((s) => seatName(view, s)).join(" & ") }))))),
    h("div", { class: "field" }, h("label", { for: "rr-bid-amount" }, t("result.contract_amount")),
      h("select", { id: "rr-bid-amount" }, values.map((v) => h("option", { value: String(v) }, String(v))))),
  ];
}

function seatSelect(id, label, view, chosen) {
  return h("div", { class: "field" }, h("label", { for: id }, label),
    h("select", { id }, view.names.map((_, s) => h("option", { value: String(s), selected: s === chosen }, seatName(view, s)))));
}

function avinasFields(view) {
  const fields = [
    h("div", { class: "field" }, h("label", { for: "rr-game" }, t("result.game")),
      h("select", { id: "rr-game" }, AVINAS_GAMES.map((g) => h("option", { value: g, selected: g === view.game }, t(`result.game.${g}`))))),
    seatSelect("rr-declarer", t("result.declarer"), view, view.declarer ?? 0),
    numberInput("rr-knocks", t("result.knocks"), view.knock_count ?? 0, 4),
    numberInput("rr-points", t("result.declarer_points"), "", AVINAS_POINTS),
    numberInput("rr-dtricks", t("result.declarer_tricks"), "", AVINAS_TRICKS),
    h("div", { class: "field" }, h("label", { for: "rr-lied" }, h("input", { id: "rr-lied", type: "checkbox" }), " ", t("result.lied"))),
  ];
  const bySevens = view.options?.rams_rule === "sevens";
  if (bySevens) {
    const shown = (view.exposures || []).filter((e) => e.face_up && String(e.card || "").startsWith("7")).length;
    fields.push(h("div", { class: "field" }, h("label", { for: "rr-sevens" }, t("result.sevens_exposed")),
      h("input", { id: "rr-sevens", type: "number", inputmode: "numeric", min: 1, max: 4, value: shown || "" })));
  }
  const read = (form) => {
    const result = {
      game: form.querySelector("#rr-game").value,
      declarer: Number(form.querySelector("#rr-declarer").value),
      knocks: Number(form.querySelector("#rr-knocks").value),
      declarer_points: Number(form.querySelector("#rr-points").value),
      declarer_tricks: Number(form.querySelector("#rr-dtricks").value),
      lied: form.querySelector("#rr-lied").checked,
    };
    const sevens = bySevens ? form.querySelector("#rr-sevens").value.trim() : "";
    if (result.game === "sevens" && sevens !== "") result.sevens_exposed = Number(sevens);
    return result;
  };
  return { fields, read };
}

// The field of each fact a refusal can name (its problem's `fact`, or a fact its detail quotes:
// 'tricks_won'), and the fact of the codes that name none.
const FACT_FIELDS = {
  tricks_won: "rr-tricks-0", tricks: "rr-tricks-0", highest_trump_seat: "rr-high", bid: "rr-bid-team",
  game: "rr-game", declarer: "rr-declarer", knocks: "rr-knocks", declarer_points: "rr-points",
  declarer_tricks: "rr-dtricks", lied: "rr-lied", sevens_exposed: "rr-sevens",
};
const CODE_FACTS = {
  tricks_do_not_add_up: "tricks", bid_forbidden_by_hook: "hook", bid_out_of_range: "bids",
  zero_bid_not_allowed: "bids", non_bidder_bid: "bids",
};

// The form's field a refusal is about, or null (then its reason shows above the form's buttons).
function fieldOf(view, form, body) {
  const quoted = /'(\w+)'/.exec(body.detail || "")?.[1];
  const named = body.fact || quoted;
  const fact = CODE_FACTS[body.code] || (named in FACT_FIELDS || named === "bids" ? named : null);
  if (fact === "hook") return form.querySelector(`#rr-bid-${view.bidding?.hook_player}`) || form.querySelector("input[id^='rr-bid-']:not(#rr-bid-team)");
  if (fact === "bids") return form.querySelector("input[id^='rr-bid-']");
  return fact ? form.querySelector(`#${FACT_FIELDS[fact]}`) : null;
}

// send(action) posts the round_result; onCancel() closes the form. The form stays open until the
// service has scored the round: a refusal (showProblem(problem body)) keeps every value typed and
// shows the reason beside the field it is about.
export function roundResultForm(view, send, onCancel) {
  const { fields, read } = FORMS[view.ruleset](view);
  const general = h("p", { class: "field-error", id: "rr-error", role: "alert", hidden: true });
  const form = h("form", {
    id: "round-result",
    onsubmit: (ev) => {
      ev.preventDefault();
      clearProblem(form);
      send({ type: "round_result", result: read(form) });
    },
  }, h("h2", {}, t("result.title")), fields, general,
  h("div", { class: "row" },
    h("button", { type: "submit", class: "primary" }, t("result.submit")),
    h("button", { type: "button", onclick: onCancel }, t("result.cancel"))));
  const section = h("section", { "aria-label": t("result.title") }, form);
  section.showProblem = (body, text) => {
    clearProblem(form);
    const field = fieldOf(view, form, body);
    if (!field) {
      general.textContent = text;
      general.hidden = false;
      return;
    }
    const reason = h("p", { class: "field-error", id: `${field.id}-error`, role: "alert" }, text);
    const box = field.closest(".field") || field;
    box.after(reason);
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", [field.getAttribute("aria-describedby"), reason.id].filter(Boolean).join(" "));
    field.focus();
  };
  return section;
}

function clearProblem(form) {
  for (const el of form.querySelectorAll("[aria-invalid]")) {
    el.removeAttribute("aria-invalid");
    const rest = (el.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== `${el.id}-error`);
    if (rest.length) el.setAttribute("aria-describedby", rest.join(" "));
    else el.removeAttribute("aria-describedby");
  }
  for (const el of form.querySelectorAll(".field-error")) {
    if (el.id === "rr-error") {
      el.hidden = true;
      el.textContent = "";
    } else el.remove();
  }
}
