// A seat's invitation opened on a phone (routes.js "#/c/<id>/<seat>/<invite>"): the phone draws its
// entropy (docs/deals.md: mixed with the server's committed seed into every deal), claims the seat
// with it and keeps the token it gets (store.js), then shows the match as that seat sees it. The
// invitation works once: the same phone opening it again goes to the token it kept (or, when the
// answer was lost, claims again under the key it kept and gets the same token); another phone is
// told the seat is taken.
import { Problem, newKey, request } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { matchUrl, parseRoute } from "./routes.js";
import { newScreen } from "./screen.js";
import { errorText } from "./start.js";
import { claimAttempt, keepSeat, keptSeat } from "./store.js";

function entropy() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function sameClaim(route) {
  const now = parseRoute(location.hash);
  return now.name === "claim" && now.id === route.id && now.seat === route.seat;
}

export async function claimSeat(app, route) {
  const kept = keptSeat(route.id, route.seat);
  if (kept) {
    location.replace(matchUrl(route.id, kept));
    return;
  }
  const drawing = newScreen();
  clear(app, h("h1", { id: "claim-h" }, t("claim.title")), h("p", { role: "status" }, t("claim.working")));
  try {
    const path = `/v1/matches/${encodeURIComponent(route.id)}/seats/${route.seat}/claim`;
    const attempt = claimAttempt(route.id, route.seat, () => ({ key: newKey(), entropy: entropy() }));
    const claimed = (await request("POST", path, {
      body: { invite: route.invite, entropy: attempt.entropy }, idempotencyKey: attempt.key })).data;
    keepSeat(route.id, route.seat, claimed.token);
    // the seat is kept on the phone either way; the page goes to it unless it has moved on to
    // another place meanwhile (the same claim drawn again, after a language switch, still goes)
    if (drawing() || sameClaim(route)) location.replace(matchUrl(route.id, claimed.token));
  } catch (err) {
    if (!drawing()) return;
    const used = err instanceof Problem && err.body.code === "invite_used";
    clear(app, h("h1", { id: "claim-h" }, t("claim.title")),
      h("p", { class: "error", role: "alert", id: "claim-error" }, used ? t("claim.used") : errorText(err)),
      h("p", {}, h("a", { href: "#/" }, t("match.back"))));
  }
}
