// The page's addresses, in the URL's fragment (never sent to the server, so a token in it is not
// logged anywhere): "#/" the start screen, "#/m/<match id>/<token>" a match as that token sees it
// (the referee's, a seat's or the spectator's), "#/c/<match id>/<seat>/<invite>" a seat's invitation
// (claim.js: the phone that opens it claims the seat and keeps its token).
import { language } from "./i18n.js";

export function matchUrl(id, token) {
  return `#/m/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
}

// A link to give another device: it opens the page in the language it was made in (i18n.js).
export function absoluteMatchUrl(id, token) {
  return `${location.origin}/?lang=${language()}${matchUrl(id, token)}`;
}

// A seat's invitation, as a link for its player's phone (in the language it was made in).
export function absoluteClaimUrl(id, seat, invite) {
  return `${location.origin}/?lang=${language()}#/c/${encodeURIComponent(id)}/${seat}/${encodeURIComponent(invite)}`;
}

export function parseRoute(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "m" && parts.length === 3) return { name: "match", id: parts[1], token: parts[2] };
  if (parts[0] === "c" && parts.length === 4 && /^\d+$/.test(parts[2])) {
    return { name: "claim", id: parts[1], seat: Number(parts[2]), invite: parts[3] };
  }
  return { name: "start" };
}
