// The public API, as any client calls it: JSON, bearer tokens, ETags, the page's language.
import { language } from "./i18n.js";

export class NetworkError extends Error {}

export class Problem extends Error {
  constructor(status, body, retryAfter = null) {
    super(body?.detail || body?.title || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    // the seconds its Retry-After header asks to wait (a 429 or a 503), else null
    this.retryAfter = retryAfter;
  }
}

// request("POST", "/v1/matches/x/actions", {token, body, ifMatch, idempotencyKey, ifNoneMatch})
// -> {status, data, etag}; a refusal throws Problem, no answer at all throws NetworkError.
export async function request(method, path, opts = {}) {
  const headers = { "Accept-Language": language(), Accept: opts.accept || "application/json" };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.ifMatch !== undefined) headers["If-Match"] = `"${opts.ifMatch}"`;
  if (opts.ifNoneMatch !== undefined) headers["If-None-Match"] = `"${opts.ifNoneMatch}"`;
  if (opts.idempotencyKey) headers["Idempotency-Key"] = opts.idempotencyKey;
  let answer;
  try {
    answer = await fetch(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      cache: "no-store",
      signal: opts.signal,
    });
  } catch (err) {
    if (err?.name === "AbortError") throw err;
    throw new NetworkError(String(err));
  }
  const etag = (answer.headers.get("ETag") || "").replace(/"/g, "");
  if (answer.status === 304) return { status: 304, data: null, etag };
  const type = answer.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await answer.json().catch(() => null) : await answer.text();
  if (!answer.ok) {
    const wait = Number.parseInt(answer.headers.get("Retry-After") || "", 10);
    throw new Problem(answer.status, typeof data === "object" ? data : { detail: data }, Number.isFinite(wait) ? wait : null);
  }
  return { status: answer.status, data, etag };
}

// Answers that leave nothing refused: the service (or a proxy before it) cannot take the request now
// (429, 502, 503, 504), and it is asked again later, after the answer's Retry-After.
const NOT_NOW = new Set([429, 502, 503, 504]);

export function notNow(err) {
  return err instanceof Problem && NOT_NOW.has(err.status);
}

// How long to wait before asking again after ``err`` (no network, or ``notNow``): its Retry-After
// within ``least`` and WAIT_MOST_MS, else ``least`` milliseconds.
const WAIT_MOST_MS = 30000;

export function waitBefore(err, least) {
  return notNow(err) && err.retryAfter ? Math.min(WAIT_MOST_MS, Math.max(least, err.retryAfter * 1000)) : least;
}

export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
