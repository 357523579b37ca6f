// The page's addresses, in the URL's fragment (never sent to the server, so a token in it is not
// logged anywhere): "#/" the start screen, "#/m/<match id>/<token>" a match as that token sees it
// (the referee's, a seat's or the spectator's).
import { language } from "./i18n.js";

export function matchUrl(id, token) {
  return `#/m/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
}

// A link to give another device: it opens the page in the language it was made in (i18n.js).
export function absoluteMatchUrl(id, token) {
  return `${location.origin}/?lang=${language()}${matchUrl(id, token)}`;
}

export function parseRoute(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "m" && parts.length === 3) return { name: "match", id: parts[1], token: parts[2] };
  return { name: "start" };
}
