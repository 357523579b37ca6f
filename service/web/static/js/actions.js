// What may be entered next, from the view's legal_actions (each postable as is): per seat to
// act, a card picker (in table mode the whole pack, every card not allowed greyed out; a seat sees
// its own hand), the bids (a bid the rules forbid is marked, and entering it anyway shows the
// rule's reason from the service), and a button for every other action.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { SUITS, deck, isRed, parse, short, spoken, suitName } from "./cards.js";
import { actionName, columns, currentTrick, seatName } from "./board.js";
import { tapButton, tapKey } from "./taps.js";

const CARD_TYPES = new Set(["play", "turn_up", "draw", "expose"]);
const SETTLE = "settle_revoke";

// The one card an action names (``card``, or a one-card ``cards`` as Avinas' exposures have).
function oneCard(a) {
  if (a.card) return a.card;
  return Array.isArray(a.cards) && a.cards.length === 1 ? a.cards[0] : null;
}

function pickable(a) {
  return CARD_TYPES.has(a.type) && oneCard(a) && !a.face_down;
}

function bySeat(view) {
  const groups = new Map();
  for (const seat of view.to_act || []) groups.set(seat, []);
  for (const a of view.legal_actions || []) {
    if (a.type === "round_result") continue; // entered with its facts in the round form (result_form.js)
    const seat = a.seat ?? view.viewer?.seat ?? -1;
    if (!groups.has(seat)) groups.set(seat, []);
    groups.get(seat).push(a);
  }
  return groups;
}

export function seenCards(view) {
  const seen = new Set();
  for (const tr of view.tricks || []) for (const p of tr.plays || []) seen.add(p.card);
  for (const p of currentTrick(view)?.plays || []) if (p.card) seen.add(p.card);
  if (view.turn_up) seen.add(view.turn_up);
  for (const e of Array.isArray(view.exposures) ? view.exposures : []) if (e.card) seen.add(e.card);
  return seen;
}

// send(action): post it. Returns the panel, or null when nothing may be entered.
export function actionPanel(view, send) {
  const own = view.viewer?.role === "seat" && Array.isArray(view.hand);
  const groups = [...bySeat(view)].filter(([, list]) => list.length);
  if (!groups.length && !own) return null;
  const playing = groups.some(([, list]) => list.some(pickable));
  return h("section", { class: "actions", "aria-labelledby": "actions-h" },
    h("h2", { id: "actions-h" }, own ? t("actions.your_hand") : t("actions.title")),
    own && !playing ? cardPicker(view, view.viewer.seat, "play", [], send) : null,
    groups.map(([seat, list]) => seatActions(view, seat, list, send)));
}

function seatActions(view, seat, list, send) {
  const byType = new Map();
  const others = [];
  for (const a of list) {
    const kind = pickable(a) ? `card:${a.type}` : a.type === "bid" && typeof a.amount === "number" ? "bid" : null;
    if (!kind) others.push(a);
    else {
      if (!byType.has(kind)) byType.set(kind, []);
      byType.get(kind).push(a);
    }
  }
  const parts = [];
  for (const [kind, actions] of byType) {
    if (kind === "bid") parts.push(bidPicker(view, seat, actions, send));
    else parts.push(cardPicker(view, seat, actions[0].type, actions, send));
  }
  if (others.length) parts.push(h("div", { class: "row" }, others.map((a) => otherButton(view, a, send))));
  const label = seat >= 0 ? seatName(view, seat) : t("actions.anyone");
  return h("div", { class: "seat-actions", role: "group", "aria-label": label, "data-seat": seat },
    h("h3", {}, label), parts);
}


function cardPicker(view, seat, type, actions, send) {
  const legal = new Map(actions.map((a) => [oneCard(a), a]));
  const own = view.viewer?.role === "seat" && Array.isArray(view.hand);
  const cards = own ? view.hand : deck(view.ruleset);
  const seen = seenCards(view);
  const rows = SUITS.map((suit) => {
    const ofSuit = cards.filter((c) => parse(c).suit === suit);
    if (!ofSuit.length) return null;
    return h("div", { class: "suit-row" }, h("h4", { class: "visually-hidden" }, suitName(suit)),
      h("div", { class: "grid" }, ofSuit.map((card) => {
        const action = legal.get(card);
        const classes = ["card-btn", isRed(card) ? "red" : "", seen.has(card) ? "seen" : ""].join(" ");
        return tapButton(action ? tapKey("action", action) : `none:${type}:${card}`, {
          class: classes, disabled: !action, "data-card": card, "data-type": type,
        }, () => send(action), h("span", { "aria-hidden": "true" }, short(card)),
        h("span", { class: "visually-hidden" },
          `${actionName(type)}: ${spoken(card)}${seen.has(card) ? ` (${t("actions.seen")})` : ""}`));
      })));
  });
  // Its own hand: "your turn" while the seat is to act (also for an action entered below the hand,
  // as the dealer's rob of a turned-up ace), else "waiting for the others"
  const below = (view.to_act || []).includes(seat);
  const title = !own ? actionName(type) : actions.length ? t("actions.your_turn")
    : below ? t("actions.your_turn_below") : t("actions.wait");
  return h("div", { class: "picker", id: own ? "hand" : undefined }, h("p", {}, title), rows);
}

function bidPicker(view, seat, actions, send) {
  const legal = new Map(actions.map((a) => [a.amount, a]));
  let amounts = [...legal.keys()];
  if (typeof view.hand_size === "number") amounts = Array.from({ length: view.hand_size + 1 }, (_, i) => i);
  amounts.sort((a, b) => a - b);
  const grid = h("div", { class: "grid" }, amounts.map((amount) => {
      const action = legal.get(amount) || null;
      const sent = action || { type: "bid", seat, amount };
      return tapButton(tapKey(action ? "action" : "forbidden", sent), {
        class: action ? "bid-btn" : "bid-btn forbidden", "data-bid": amount,
        "aria-label": action ? t("actions.bid_n", { n: amount }) : t("actions.bid_forbidden", { n: amount }),
      }, () => send(sent), String(amount));
    }));
  // A bid changed after the bidding (Boerenbridge's hook player until the opening lead): folded away
  if (view.phase !== "bidding" && view.phase !== "auction") {
    return h("details", { class: "picker revise" }, h("summary", {}, t("actions.change_bid")), grid);
  }
  return h("div", { class: "picker" }, h("p", {}, actionName("bid")), grid);
}

function otherButton(view, action, send) {
  return tapButton(tapKey("action", action), { "data-type": action.type }, () => send(action), actionText(action));
}

// An action as a person reads it: its name and what it names (suit, amount, cards).
export function actionText(action) {
  const extra = [];
  if (action.suit) extra.push(suitName(action.suit));
  if (typeof action.amount === "number") extra.push(String(action.amount));
  if (action.card) extra.push(short(action.card));
  if (Array.isArray(action.cards) && action.cards.length) extra.push(action.cards.map(short).join(" "));
  if (action.face_down || (Array.isArray(action.cards) && !action.cards.length)) extra.push(t("actions.face_down"));
  return [actionName(action.type), ...extra].join(" ");
}

// The referee's ruling on each revoke the last finished round proved (settle_revoke, "apply" or
// "waive"; the view's legal_actions does not list it: the revokes are the last history entry's).
// Offered in table mode under a revoke_penalty that costs something, after that round and before
// the next one's first entry (also when it ended the match): docs/rules/*, revoke_penalty.
export const RULINGS = ["apply", "waive"];

// What a ruling changed, said after the service took it: the scores that moved (before -> after),
// or why none did. before/after: the views before and after it; action: the settle_revoke.
export function rulingText(before, after, action) {
  const params = { name: seatName(after, action.seat), n: action.trick };
  if (action.ruling === "waive") return t("settle.waived", params);
  const old = scoreList(before);
  const now = scoreList(after);
  const heads = columns(after, now.length);
  const changes = now.map((s, i) => (s !== old[i] ? `${heads[i]} ${old[i]} → ${s}` : null)).filter(Boolean);
  if (changes.length) return t("settle.applied", { ...params, changes: changes.join(", ") });
  return after.options?.revoke_penalty === "hand_void" ? t("settle.same_void", params) : t("settle.same_lost", params);
}

function scoreList(view) {
  return Array.isArray(view.scores) ? view.scores : Object.values(view.scores || {});
}

export function openRevokes(view) {
  if (view.mode !== "table" || view.viewer?.role !== "referee") return [];
  if ((view.options?.revoke_penalty ?? "flag_only") === "flag_only") return [];
  const last = (view.history || []).at(-1);
  const revokes = (last?.revokes || []).filter((r) => r.ruling === null || r.ruling === undefined);
  return revokes.length && roundUntouched(view) ? revokes : [];
}

// Nothing entered yet in the round the match is in (or the match is over).
export function roundUntouched(view) {
  if (view.status === "finished") return true;
  if ((view.tricks || []).length || currentTrick(view)?.plays?.length) return false;
  if (view.turn_up || (Array.isArray(view.exposures) && view.exposures.length)) return false;
  if ((view.bidding?.bids || []).some((b) => b !== null) || view.auction?.calls?.length) return false;
  return true;
}

export function settlePanel(view, send) {
  const revokes = openRevokes(view);
  if (!revokes.length) return null;
  return h("section", { class: "actions", id: "settle", "aria-labelledby": "settle-h" },
    h("h2", { id: "settle-h" }, t("actions.settle_title")),
    h("p", { id: "settle-first" }, t("actions.settle_first")),
    revokes.map((r) => h("div", { class: "row" }, RULINGS.map((ruling) => {
      const action = { type: SETTLE, seat: r.seat, trick: r.trick, ruling };
      return tapButton(tapKey("action", action), {
        "data-type": SETTLE, "data-ruling": ruling, "data-trick": r.trick, "data-offender": r.seat,
      }, () => send(action), t(`actions.settle.${ruling}`, { name: seatName(view, r.seat), n: r.trick }));
    }))));
}
