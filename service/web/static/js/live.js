// Following a match live. First the stream (GET /v1/matches/{id}/stream, Server-Sent Events:
// `action` events with `id: <seq>`, then a `view` event with this caller's view, `end` when the
// match is gone), read with fetch so that the bearer token goes in the Authorization header (an
// EventSource cannot send one) and reconnected with Last-Event-ID. Where the service has no stream,
// it polls GET /events?after=<seq> about once a second and reloads the view (If-None-Match) when
// something happened. Either way, onView(view) is called within a second of a change. An end of
// the stream with reason "deleted" or "expired" stops it; any other is followed by a reconnect.
import { NetworkError, Problem, request } from "./api.js";
import { language } from "./i18n.js";

const POLL_MS = 1000;
const RECONNECT_MS = 1000;
// The end reasons after which a match is gone: no reconnecting.
const GONE = new Set(["deleted", "expired"]);

export class Live {
  // onView(view), onEvents(events), onState("stream" | "poll" | "offline" | "ended", detail)
  constructor(matchId, token, { onView, onEvents, onState }) {
    this.base = `/v1/matches/${encodeURIComponent(matchId)}`;
    this.token = token;
    this.onView = onView;
    this.onEvents = onEvents;
    this.onState = onState;
    this.lastSeq = 0;
    this.version = null;
    this.stopped = false;
    this.abort = null;
    this.timer = null;
  }

  start(version, lastSeq) {
    this.version = version;
    this.lastSeq = lastSeq;
    this.stream();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort?.abort();
  }

  // A view the page got by itself (an action's answer): a stream or poll need not fetch it again.
  seen(view) {
    if (this.version === null || view.version > this.version) this.version = view.version;
  }

  async stream() {
    if (this.stopped) return;
    this.abort = new AbortController();
    const headers = { Authorization: `Bearer ${this.token}`, Accept: "text/event-stream" };
    if (this.lastSeq) headers["Last-Event-ID"] = String(this.lastSeq);
    let answer;
    try {
      answer = await fetch(`${this.base}/stream?lang=${language()}`, {
        headers, cache: "no-store", signal: this.abort.signal,
      });
    } catch (err) {
      if (this.stopped) return;
      this.onState("offline");
      this.timer = setTimeout(() => this.stream(), RECONNECT_MS);
      return;
    }
    const type = answer.headers.get("Content-Type") || "";
    if (!answer.ok || !type.startsWith("text/event-stream")) {
      answer.body?.cancel();
      if (answer.status === 404 || answer.status === 410) {
        const gone = await this.matchGone();
        if (gone) return;
      }
      this.poll();
      return;
    }
    this.onState("stream");
    try {
      await this.read(answer.body.getReader());
    } catch (err) {
      if (this.stopped) return;
    }
    if (!this.stopped && !this.ended) this.timer = setTimeout(() => this.stream(), RECONNECT_MS);
  }

  async read(reader) {
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        this.dispatch(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
      }
    }
  }

  dispatch(block) {
    let event = "message";
    let id = null;
    const data = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
      else if (field === "id") id = value;
    }
    if (!data.length) return;
    const payload = JSON.parse(data.join("\n"));
    if (event === "action") {
      if (id !== null && Number(id) > this.lastSeq) this.lastSeq = Number(id);
      this.onEvents([payload]);
    } else if (event === "view") {
      this.seen(payload);
      this.onView(payload);
    } else if (event === "end" && GONE.has(payload.reason)) {
      this.ended = true;
      this.onState("ended", payload.reason);
      this.stop();
    }
    // any other end ("timeout": the stream's lifetime is up; "unavailable": the store is not read
    // now) closes the stream, and it is opened again with Last-Event-ID
  }

  async matchGone() {
    try {
      await request("GET", this.base, { token: this.token });
      return false;
    } catch (err) {
      if (err instanceof Problem && (err.status === 404 || err.status === 410)) {
        this.onState("ended", "deleted");
        return true;
      }
      return false;
    }
  }

  poll() {
    if (this.stopped) return;
    this.onState("poll");
    const tick = async () => {
      if (this.stopped) return;
      try {
        await this.pollOnce();
        this.onState("poll");
      } catch (err) {
        if (err instanceof NetworkError) this.onState("offline");
        else if (err instanceof Problem && (err.status === 404 || err.status === 410)) {
          this.onState("ended", "deleted");
          return;
        }
      }
      this.timer = setTimeout(tick, POLL_MS);
    };
    this.timer = setTimeout(tick, POLL_MS);
  }

  async pollOnce() {
    const page = await request("GET", `${this.base}/events?after=${this.lastSeq}`, { token: this.token });
    const events = page.data.events || [];
    if (events.length) {
      this.lastSeq = page.data.last_seq;
      this.onEvents(events);
    }
    if (this.version !== null && page.data.version <= this.version && !events.length) return;
    const view = await request("GET", this.base, { token: this.token, ifNoneMatch: this.version ?? undefined });
    if (view.status === 304) return;
    this.seen(view.data);
    this.onView(view.data);
  }
}
