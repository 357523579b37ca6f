/**
 * The TypeScript client of the referee service: `paths`/`components` generated from openapi.yaml by
 * openapi-typescript (schema.ts, types only, so that tsc emits its .d.ts into dist), an openapi-fetch
 * client over them, and the `Match` helper, which keeps the ETag and sends If-Match, gives each action
 * a fresh Idempotency-Key and keeps it until the outcome is known: it retries with the same key after
 * any transport error (a reset or refused connection, a timeout: the first post may have gone through,
 * and the service answers a retry with the first answer), a 503 whose outcome is unknown, and a 429 or
 * 503 after their Retry-After (at most MAX_RETRY_AFTER_S seconds), `retries` times; creates and reads
 * are retried the same way. It throws `ProblemError` (code, detail, legal, headers, retryAfter), or
 * `OutcomeUnknown` when no answer came, and follows the live stream (Server-Sent Events read with
 * fetch, since the stream needs the Authorization header that a browser EventSource cannot send).
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type { components, paths } from "./schema.js";
export type Action = components["schemas"]["Action"];
export type MatchView = components["schemas"]["MatchView"];
export type MatchCreated = components["schemas"]["MatchCreated"];
export type CreateMatch = components["schemas"]["CreateMatch"];
export type Problem = components["schemas"]["Problem"];
export type Events = components["schemas"]["Events"];
export type MatchEvent = components["schemas"]["MatchEvent"];
export type MatchRecord = components["schemas"]["MatchRecord"];
export type Rounds = components["schemas"]["Rounds"];
export type RulesetList = components["schemas"]["RulesetList"];
export type RulesetDetail = components["schemas"]["RulesetDetail"];
export type TrickRequest = components["schemas"]["TrickRequest"];
export type TrickAnswer = components["schemas"]["TrickAnswer"];
export type LegalPlaysRequest = components["schemas"]["LegalPlaysRequest"];
export type LegalPlaysAnswer = components["schemas"]["LegalPlaysAnswer"];
export type ScoreRequest = components["schemas"]["ScoreRequest"];
export type ScoreAnswer = components["schemas"]["ScoreAnswer"];
export type Fetch = (input: Request) => Promise<Response>;

export interface Options {
  /** Milliseconds before one request is given up (then retried, for an action). */
  timeoutMs?: number;
  /** Retries of a request: after a transport error, a 503 store_outcome_unknown, a 429 or a 503. */
  retries?: number;
  /** The fetch to send with (the global one by default). */
  fetch?: Fetch;
}

const DEFAULTS = { timeoutMs: 10_000, retries: 3 };
/** The pause before the n-th retry when the answer names none (milliseconds, times n). */
const RETRY_PAUSE_MS = 200;
/** A Retry-After longer than this (seconds) is not waited for: the problem is thrown at once. */
export const MAX_RETRY_AFTER_S = 30;
/** The statuses whose answer asks the client to come back later. */
const RETRY_LATER = [429, 503];

/** A problem+json answer of the service: its status, stable code, detail, legal alternatives and headers. */
export class ProblemError extends Error {
  readonly code: string;
  readonly detail: string;
  readonly legal: unknown;
  constructor(readonly status: number, readonly body: Partial<Problem>, readonly headers: Headers = new Headers()) {
    super(`${status} ${body.code ?? ""}: ${body.detail ?? ""}`);
    this.code = body.code ?? "";
    this.detail = body.detail ?? "";
    this.legal = body.legal;
  }

  /** The seconds the answer's Retry-After asks the client to wait (null: it names none). */
  get retryAfter(): number | null {
    const value = this.headers.get("Retry-After");
    if (value === null) return null;
    if (/^\s*\d+\s*$/.test(value)) return Number(value);
    const when = Date.parse(value);
    return Number.isNaN(when) ? null : Math.max(0, (when - Date.now()) / 1000);
  }
}

/** Every retry with the same Idempotency-Key still left the outcome unknown (code transport_error: no answer came). */
export class OutcomeUnknown extends ProblemError {}

function problem(status: number, body: unknown, headers?: Headers): ProblemError {
  const data = (typeof body === "object" && body !== null ? body : { detail: String(body) }) as Partial<Problem>;
  return data.code === "store_outcome_unknown"
    ? new OutcomeUnknown(status, data, headers)
    : new ProblemError(status, data, headers);
}

/** One answer of openapi-fetch: the parsed body or the problem, and the response. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * `send()`'s data, sent again (the same request: the same Idempotency-Key) after a transport error
 * (fetch throws: reset, refused, timed out), an outcome the service did not know, or a 429 or 503
 * (after their Retry-After), at most `retries` times; then the last problem, or OutcomeUnknown.
 */
async function sent<T>(send: () => Promise<Answer<T>>, retries: number): Promise<{ data: T; response: Response }> {
  let last: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    let pause = RETRY_PAUSE_MS * (attempt + 1);
    try {
      const { data, error, response } = await send();
      if (error === undefined && data !== undefined) return { data, response };
      throw problem(response.status, error, response.headers);
    } catch (err) {
      if (err instanceof ProblemError) {
        if (!(err instanceof OutcomeUnknown) && !RETRY_LATER.includes(err.status)) throw err;
        const waited = err.retryAfter;
        if (waited !== null && waited > MAX_RETRY_AFTER_S) throw err;
        if (waited !== null) pause = waited * 1000;
      }
      last = err;
    }
    if (attempt < retries) await new Promise((done) => setTimeout(done, pause));
  }
  if (last instanceof ProblemError) throw last;
  throw new OutcomeUnknown(0, { code: "transport_error", detail: String(last) });
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

/**
 * Start a match; resolves to the service's answer (every token) and the referee's Match. Retried with
 * its Idempotency-Key (`idempotencyKey`, or a fresh one) as an action is: one match however many retries.
 */
export async function createMatch(
  baseUrl: string,
  body: CreateMatch,
  options: Options & { idempotencyKey?: string } = {},
): Promise<{ created: MatchCreated; referee: Match }> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const client = api(baseUrl, options);
  const key = options.idempotencyKey ?? (await newKey());
  const { data, response } = await sent(
    () => client.POST("/v1/matches", {
      body,
      params: { header: { "Idempotency-Key": key } },
      signal: AbortSignal.timeout(timeoutMs),
    }),
    options.retries ?? DEFAULTS.retries,
  );
  const referee = new Match(baseUrl, data.id, data.referee_token, options);
  referee.etag = response.headers.get("ETag");
  return { created: data, referee };
}

/**
 * A seat's token from a create's answer. A match created with `seats: "claim"` answers an invitation
 * per seat instead, which the seat's own player claims (POST /v1/matches/{id}/seats/{seat}/claim).
 */
export function seatToken(created: MatchCreated, seat: number): string {
  const token = created.seats[seat]?.token;
  if (!token) {
    throw new Error(`seat ${seat + 1} has no token in this answer: its player claims it by invitation`);
  }
  return token;
}

/**
 * The rules endpoints (no match, no token): the catalogue, a trick's winner, the legal plays, a round's
 * score; retried after a transport error or a 429/503 like the match helpers.
 */
export class Rules {
  private readonly client: Client<paths>;
  private readonly timeoutMs: number;
  private readonly retries: number;

  constructor(readonly baseUrl: string, options: Options = {}) {
    this.client = api(baseUrl, options);
    this.timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
    this.retries = options.retries ?? DEFAULTS.retries;
  }

  async rulesets(): Promise<RulesetList> {
    return (await sent(() => this.client.GET("/v1/rulesets", { signal: AbortSignal.timeout(this.timeoutMs) }),
      this.retries)).data;
  }

  async ruleset(id: string): Promise<RulesetDetail> {
    return (await sent(() => this.client.GET("/v1/rulesets/{id}", {
      params: { path: { id } }, signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries)).data;
  }

  /** Who wins a trick. */
  async trick(id: string, body: TrickRequest): Promise<TrickAnswer> {
    return (await sent(() => this.client.POST("/v1/rulesets/{id}/trick", {
      params: { path: { id } }, body, signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries)).data;
  }

  /** The cards a hand may play to a trick. */
  async legalPlays(id: string, body: LegalPlaysRequest): Promise<LegalPlaysAnswer> {
    return (await sent(() => this.client.POST("/v1/rulesets/{id}/legal-plays", {
      params: { path: { id } }, body, signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries)).data;
  }

  /** A round's score from its facts. */
  async score(id: string, body: ScoreRequest): Promise<ScoreAnswer> {
    return (await sent(() => this.client.POST("/v1/rulesets/{id}/score", {
      params: { path: { id } }, body, signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries)).data;
  }
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
    const { data, response } = await sent(
      () => this.client.GET("/v1/matches/{match_id}", {
        params: { path: { match_id: this.id } },
        signal: AbortSignal.timeout(this.timeoutMs),
      }),
      this.retries,
    );
    this.etag = response.headers.get("ETag");
    return data;
  }

  /** Post one action on the kept ETag, with an Idempotency-Key kept until its outcome is known. */
  async act(action: Action): Promise<MatchView> {
    if (this.etag === null) await this.view();
    const key = await newKey();
    const etag = this.etag ?? "";
    const { data, response } = await sent(
      () => this.client.POST("/v1/matches/{match_id}/actions", {
        params: { path: { match_id: this.id }, header: { "If-Match": etag, "Idempotency-Key": key } },
        body: action,
        signal: AbortSignal.timeout(this.timeoutMs),
      }),
      this.retries,
    );
    this.etag = response.headers.get("ETag");
    return data;
  }

  /** One page of the match's history after the event `after`, as this token may see it. */
  async events(after = 0, limit?: number): Promise<Events> {
    const query = limit === undefined ? { after } : { after, limit };
    return (await sent(() => this.client.GET("/v1/matches/{match_id}/events", {
      params: { path: { match_id: this.id }, query },
      signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries)).data;
  }

  /** Every event after `after`, page after page. */
  async *allEvents(after = 0): AsyncGenerator<MatchEvent> {
    for (;;) {
      const page = await this.events(after);
      yield* page.events;
      if (!page.more) return;
      after = page.last_seq;
    }
  }

  /** The score sheet: every finished round. */
  async rounds(): Promise<Rounds> {
    return (await sent(() => this.client.GET("/v1/matches/{match_id}/rounds", {
      params: { path: { match_id: this.id } },
      signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries)).data;
  }

  /** The whole match as one document (what this token may see of it). */
  async record(): Promise<MatchRecord> {
    return (await sent(() => this.client.GET("/v1/matches/{match_id}/record", {
      params: { path: { match_id: this.id }, query: { format: "json" } },
      signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries)).data as MatchRecord;
  }

  /** The record as a person reads it (`text`) or a spreadsheet does (`csv`), in `lang` when given. */
  async recordText(format: "text" | "csv" = "text", lang?: string): Promise<string> {
    const query = lang === undefined ? { format } : { format, lang };
    return (await sent(() => this.client.GET("/v1/matches/{match_id}/record", {
      params: { path: { match_id: this.id }, query },
      parseAs: "text",
      signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries)).data as unknown as string;
  }

  /** Take back the last action (the referee), on the kept ETag, with a key kept until the outcome is known. */
  async undo(): Promise<MatchView> {
    if (this.etag === null) await this.view();
    const key = await newKey();
    const etag = this.etag ?? "";
    const { data, response } = await sent(() => this.client.POST("/v1/matches/{match_id}/undo", {
      params: { path: { match_id: this.id }, header: { "If-Match": etag, "Idempotency-Key": key } },
      signal: AbortSignal.timeout(this.timeoutMs),
    }), this.retries);
    this.etag = response.headers.get("ETag");
    return data;
  }

  /** Remove the match (the referee). A retry that finds it gone already counts as done. */
  async delete(): Promise<void> {
    try {
      await sent(async () => {
        const answer = await this.client.DELETE("/v1/matches/{match_id}", {
          params: { path: { match_id: this.id } },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        return answer.error === undefined ? { data: true, response: answer.response } : answer;
      }, this.retries);
    } catch (err) {
      if (!(err instanceof ProblemError) || err.status !== 404) throw err;
    }
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
    if (!response.ok || response.body === null) {
      throw problem(response.status, await response.json(), response.headers);
    }
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
