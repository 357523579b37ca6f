// Entries (actions, undo) on their way to the service. Each gets its Idempotency-Key when it is
// made; one that finds no network, or that the service cannot take or confirm now (``notNow``: a 503,
// its store unreachable or the write's outcome unknown; a proxy's 502 or 504; a 429), stays here (and
// in localStorage, so a reload keeps it) and is sent again with the same key until the service
// answers, so it is applied exactly once.
import { NetworkError, newKey, notNow, request, waitBefore } from "./api.js";

// How soon an entry is sent again: after RETRY_MS with no network; after a 503's Retry-After, not
// sooner (``waitBefore``).
const RETRY_MS = 2000;

export class Outbox {
  // onView(view, entry): an answer's view; onRefused(problem, entry): a refusal; onChange(): the queue
  // changed. entry: {path, body, version, key}, what was sent.
  constructor(matchId, token, { onView, onRefused, onChange }) {
    this.key = `tr.outbox.${matchId}`;
    this.token = token;
    this.onView = onView;
    this.onRefused = onRefused;
    this.onChange = onChange;
    this.queue = JSON.parse(localStorage.getItem(this.key) || "[]");
    this.sending = false;
    this.timer = null;
    this.stopped = false;
    // whether the service's answer (``notNow``) holds the queue now, not the network
    this.held = false;
    this.wake = () => this.flush();
    window.addEventListener("online", this.wake);
    if (this.queue.length) this.flush();
  }

  get pending() {
    return this.queue.length;
  }

  // path: "/v1/matches/<id>/actions" or ".../undo"; body: the action (none for undo).
  send(path, body, version) {
    this.queue.push({ path, body, version, key: newKey() });
    this.save();
    return this.flush();
  }

  save() {
    this.persist();
    this.onChange();
  }

  persist() {
    if (this.queue.length) localStorage.setItem(this.key, JSON.stringify(this.queue));
    else localStorage.removeItem(this.key);
  }

  async flush() {
    if (this.sending || this.stopped) return;
    this.sending = true;
    clearTimeout(this.timer);
    try {
      while (this.queue.length && !this.stopped) {
        const entry = this.queue[0];
        try {
          const answer = await request("POST", entry.path, {
            token: this.token,
            body: entry.body,
            ifMatch: entry.version,
            idempotencyKey: entry.key,
          });
          // the view first: the page is drawn with the state the entry made, never with the state
          // before it and nothing pending (a moment of entries the service has moved past)
          this.held = false;
          this.queue.shift();
          this.persist();
          this.onView(answer.data, entry);
          this.onChange();
        } catch (err) {
          const later = notNow(err);
          if (err instanceof NetworkError || later) {
            this.held = later;
            this.timer = setTimeout(() => this.flush(), waitBefore(err, RETRY_MS));
            this.onChange();
            return;
          }
          this.held = false;
          this.queue.shift();
          this.save();
          this.onRefused(err, entry);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener("online", this.wake);
  }
}
