/**
 * The TypeScript client of the referee service: `paths`/`components` generated from openapi.yaml by
 * openapi-typescript (schema.ts, types only, so that tsc emits its .d.ts into dist), an openapi-fetch
 * client over them, and the `Match` helper, which keeps the ETag and sends If-Match, gives each action
 * a fresh Idempotency-Key and reuses it on a retry after a timeout or a 503 whose outcome is unknown,
 * throws `ProblemError` (code, detail, legal), and follows the live stream (Server-Sent Events read
 * with fetch, since the stream needs the Authorization header that a browser EventSource cannot send).
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type { components, paths } from "./schema.js";
export type Action = components["schemas"]["Action"];
export type MatchView = components["schemas"]["MatchView"];
export type MatchCreated = components["schemas"]["MatchCreated"];
export type CreateMatch = components["schemas"]["CreateMatch"];
export type Problem = components["schemas"]["Problem"];
export type Fetch = (input: Request) => Promise<Response>;

export interface Options {
  /** Milliseconds before one request is given up (then retried, for an action). */
  timeoutMs?: number;
  /** Retries of an action whose outcome is unknown (a timeout, or a 503 store_outcome_unknown). */
  retries?: number;
  /** The fetch to send with (the global one by default). */
  fetch?: Fetch;
}

const DEFAULTS = { timeoutMs: 10_000, retries: 3 };

/** A problem+json answer of the service: its status, stable code, detail and legal alternatives. */
export class ProblemError extends Error {
  readonly code: string;
  readonly detail: string;
  readonly legal: unknown;
  constructor(readonly status: number, readonly body: Partial<Problem>) {
    super(`${status} ${body.code ?? ""}: ${body.detail ?? ""}`);
    this.code = body.code ?? "";
    this.detail = body.detail ?? "";
    this.legal = body.legal;
  }
}

/** Every retry with the same Idempotency-Key still left the action's outcome unknown. */
export class OutcomeUnknown extends ProblemError {}

function problem(status: number, body: unknown): ProblemError {
  const data = (typeof body === "object" && body !== null ? body : { detail: String(body) }) as Partial<Problem>;
  return data.code === "store_outcome_unknown" ? new OutcomeUnknown(status, data) : new ProblemError(status, data);
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
}

function api(baseUrl: string, options: Options, token?: string): Client<paths> {
  return createClient<paths>({
    baseUrl,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** A fresh Idempotency-Key: Web Crypto's UUID (browsers, node 19+), else node:crypto's (node 18). */
async function newKey(): Promise<string> {
  const web = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (web?.randomUUID) return web.randomUUID();
  const { randomUUID } = await import("node:crypto");
  return randomUUID();
}

/** Start a match; resolves to the service's answer (every token) and the referee's Match. */
export async function createMatch(
  baseUrl: string,
  body: CreateMatch,
  options: Options = {},
): Promise<{ created: MatchCreated; referee: Match }> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const { data, error, response } = await api(baseUrl, options).POST("/v1/matches", {
    body,
    params: { header: { "Idempotency-Key": await newKey() } },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (error !== undefined || data === undefined) throw problem(response.status, error);
  const referee = new Match(baseUrl, data.id, data.referee_token, options);
  referee.etag = response.headers.get("ETag");
  return { created: data, referee };
}

/** One Server-Sent Event: `event` (action, view, end), its `id` (an action's seq) and JSON `data`. */
export interface StreamEvent {
  event: string;
  id: string | null;
  data: unknown;
}

/** One token's handle on one match (the referee's, a seat's or the spectator's). */
export class Match {
  etag: string | null = null;
  private readonly client: Client<paths>;
  private readonly timeoutMs: number;
  private readonly retries: number;

  constructor(
    readonly baseUrl: string,
    readonly id: string,
    private readonly token: string,
    private readonly options: Options = {},
  ) {
    this.client = api(baseUrl, options, token);
    this.timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
    this.retries = options.retries ?? DEFAULTS.retries;
  }

  /** This token's view of the match; keeps its ETag for the next action. */
  async view(): Promise<MatchView> {
    const { data, error, response } = await this.client.GET("/v1/matches/{match_id}", {
      params: { path: { match_id: this.id } },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (error !== undefined || data === undefined) throw problem(response.status, error);
    this.etag = response.headers.get("ETag");
    return data;
  }

  /** Post one action on the kept ETag, retried with the same Idempotency-Key while its outcome is unknown. */
  async act(action: Action): Promise<MatchView> {
    if (this.etag === null) await this.view();
    const key = await newKey();
    let last: unknown;
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await new Promise((done) => setTimeout(done, 200 * attempt));
      try {
        return await this.postOnce(action, key);
      } catch (err) {
        if (!(err instanceof OutcomeUnknown) && !isTimeout(err)) throw err;
        last = err;
      }
    }
    if (last instanceof ProblemError) throw last;
    throw new OutcomeUnknown(0, { code: "timeout", detail: String(last) });
  }

  private async postOnce(action: Action, key: string): Promise<MatchView> {
    const { data, error, response } = await this.client.POST("/v1/matches/{match_id}/actions", {
      params: { path: { match_id: this.id }, header: { "If-Match": this.etag ?? "", "Idempotency-Key": key } },
      body: action,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (error !== undefined || data === undefined) throw problem(response.status, error);
    this.etag = response.headers.get("ETag");
    return data;
  }

  /**
   * The match's live events; reconnects with Last-Event-ID when the server ends on timeout or unavailable.
   * With `after` (an action's seq) the first connect replays the events after it first.
   */
  async *stream(reconnects = 3, after?: number): AsyncGenerator<StreamEvent> {
    let lastId: string | null = null;
    for (let round = 0; round <= reconnects; round++) {
      let reason: unknown = null;
      for await (const event of this.oneStream(lastId, after)) {
        if (event.id !== null) lastId = event.id;
        if (event.event === "end") reason = (event.data as { reason?: unknown } | null)?.reason;
        yield event;
      }
      if (reason !== "timeout" && reason !== "unavailable") return;
    }
  }

  private async *oneStream(lastId: string | null, after?: number): AsyncGenerator<StreamEvent> {
    const headers: Record<string, string> = { Accept: "text/event-stream", Authorization: `Bearer ${this.token}` };
    if (lastId !== null) headers["Last-Event-ID"] = lastId;
    const send: Fetch = this.options.fetch ?? ((request) => fetch(request));
    const query = lastId === null && after !== undefined ? `?after=${after}` : "";
    const url = `${this.baseUrl}/v1/matches/${encodeURIComponent(this.id)}/stream${query}`;
    const response = await send(new Request(url, { headers }));
    if (!response.ok || response.body === null) throw problem(response.status, await response.json());
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parseEvent(block);
          if (event !== null) yield event;
        }
      }
    } finally {
      await reader.cancel();
    }
  }
}

function parseEvent(block: string): StreamEvent | null {
  const fields: Record<string, string> = {};
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const at = line.indexOf(":");
    const name = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
    fields[name] = name === "data" && name in fields ? `${fields[name]}\n${value}` : value;
  }
  if (!("event" in fields) && !("data" in fields)) return null;
  return { event: fields.event ?? "message", id: fields.id ?? null, data: fields.data ? JSON.parse(fields.data) : null };
}
