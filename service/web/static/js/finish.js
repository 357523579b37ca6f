// A finished match: its result shared as text (the phone's share sheet where it has one, else
// copied to the clipboard, else shown to copy by hand), and a rematch: a new match with the same
// game, rules, mode and players (computers too), the next seat dealing first.
import { newKey, request } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { columns, winnersText } from "./board.js";
import { matchUrl } from "./routes.js";
import { remember } from "./store.js";

// The result in words, in the page's language: the game, who won, each side's score by name.
export function resultText(view, ruleName) {
  const scores = Array.isArray(view.scores) ? view.scores : Object.values(view.scores || {});
  const heads = columns(view, scores.length);
  const score = (s, i) => (Array.isArray(view.rams)
    ? t("score.rams_pips", { rams: view.rams[i] ?? 0, pips: view.pips?.[i] ?? 0 }) : String(s));
  return t("result.share_text", {
    game: ruleName, winners: winnersText(view), scores: scores.map((s, i) => `${heads[i]} ${score(s, i)}`).join(", "),
  });
}

async function share(text, out) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return;
    } catch (err) {
      if (err?.name === "AbortError") return;  // the player closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    clear(out, h("p", { class: "notice", role: "status", id: "share-done" }, t("result.copied")));
  } catch {
    // no clipboard (a page over plain HTTP on a LAN address): the text to copy by hand
    const box = h("textarea", { id: "share-text", readonly: true, rows: 4 }, text);
    clear(out, h("label", { for: "share-text" }, t("result.copy_by_hand")), box);
    box.select();
  }
}

// The request for the same match again from its create event, the seat after its first dealer
// dealing first; null where the event is not known.
export function rematchBody(created) {
  if (!created || !Array.isArray(created.players)) return null;
  const n = created.players.length;
  const first = created.first_dealer?.dealer ?? created.dealer;
  const players = created.players.map((name, i) => (created.computers?.[i] ? { name, computer: created.computers[i] } : name));
  const body = { ruleset: created.ruleset, mode: created.mode, players, options: created.options };
  if (Number.isInteger(first)) body.dealer = (first + 1) % n;
  if (created.waiting) body.seats = "claim"; // its seats were claimed by invitation: so again
  return body;
}

async function rematch(body, key, button, onError) {
  button.disabled = true;
  try {
    const made = (await request("POST", "/v1/matches", { body, idempotencyKey: key })).data;
    remember(made, body.ruleset, made.view.names || body.players.map((p) => (typeof p === "string" ? p : p.name)));
    location.hash = matchUrl(made.id, made.referee_token);
  } catch (err) {
    button.disabled = false;
    onError(err);
  }
}

// The panel under the winner: share (everyone), play again (the referee, where the match's create
// event was read). Built once per finished match and kept across redraws (what it says stays).
export function finishPanel(view, ruleName, created, onError) {
  const out = h("div", { id: "share-out", "aria-live": "polite" });
  const buttons = [h("button", { type: "button", id: "share-result", onclick: () => share(resultText(view, ruleName), out) },
    t("result.share"))];
  const body = view.viewer?.role === "referee" ? rematchBody(created) : null;
  if (body) {
    const key = newKey();  // one new match however often it is tapped
    const next = Number.isInteger(body.dealer) ? created.players[body.dealer] : null;
    const button = h("button", { type: "button", id: "rematch", class: "primary",
      onclick: () => rematch(body, key, button, onError) },
    next === null ? t("match.rematch") : t("match.rematch_dealer", { name: next }));
    buttons.push(button);
  }
  return h("section", { id: "finish", "aria-label": t("match.over") }, h("div", { class: "row" }, buttons), out);
}
