/**
 * A project that installed the packed client (`npm install trick-referee-client-0.1.0.tgz`) and uses it
 * by its package name: compiled by tsc --strict against the packed declarations, then run by node on a
 * dealt Forty-Fives match. It plays a legal card, meets the service's refusals as ProblemErrors (a stale
 * ETag, a card not held, a bad token), follows a seat's stream across the server's end of it and
 * replays it from a seq, and retries an action the service answered 503 store_outcome_unknown with the
 * same Idempotency-Key.
 * Prints a JSON summary. Usage: node dist/index.js BASE_URL
 */
import { createMatch, Match, ProblemError, seatToken, type Fetch, type MatchView, type StreamEvent } from "trick-referee-client";

declare const process: { argv: string[] };

const url = process.argv[2];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const DECK = ["C", "D", "H", "S"].flatMap((suit) => RANKS.map((rank) => rank + suit));

async function refusal(attempt: Promise<unknown>): Promise<{ status: number; code: string; detail: string; legal: unknown }> {
  try {
    await attempt;
  } catch (err) {
    if (err instanceof ProblemError) return { status: err.status, code: err.code, detail: err.detail, legal: err.legal };
    throw err;
  }
  throw new Error("not refused");
}

async function next(events: AsyncGenerator<StreamEvent>, wanted: string): Promise<StreamEvent> {
  for (;;) {
    const { value, done } = await events.next();
    if (done) throw new Error(`the stream ended before ${wanted}`);
    if (value.event === wanted) return value;
  }
}

const { created, referee } = await createMatch(url, { ruleset: "forty_fives", mode: "dealt", players: ["A", "B", "C"] });
const toAct = async (): Promise<Match> => new Match(url, created.id, seatToken(created, (await referee.view()).to_act[0]));

// A rob or decline of the turned-up card comes before the first lead when the deal calls for one.
let seat = await toAct();
while (!(await seat.view()).legal_actions.some((a) => a.type === "play")) {
  await seat.act((await seat.view()).legal_actions[0]);
  seat = await toAct();
}
const before: MatchView = await seat.view();
// @ts-expect-error a view's version is a number: the packed declarations carry the generated types
const typed: string = before.version;
const playable = before.legal_actions.filter((a) => a.type === "play").map((a) => a.card);

const kept = seat.etag;
seat.etag = '"999"';
const stale = await refusal(seat.act(before.legal_actions[0]));
seat.etag = kept;
const notHeld = DECK.find((card) => !(before.hand ?? []).includes(card))!;
const illegal = await refusal(seat.act({ type: "play", card: notHeld }));
const unauthorised = await refusal(new Match(url, created.id, "not-a-token").view());

const events = seat.stream(1);
const opened = await next(events, "view");
const after = await seat.act(before.legal_actions.find((a) => a.type === "play")!);
const played = await next(events, "action");
const ended = await next(events, "end");
const reopened = await next(events, "view");

// The next seat's first answer is the one the service gives when the store's reply was lost (the play
// itself reached the store): the helper retries with the same key and the play is applied once.
const keys: string[] = [];
const outcomeUnknownOnce: Fetch = async (request) => {
  const response = await fetch(request);
  if (!request.url.endsWith("/actions") || keys.push(request.headers.get("Idempotency-Key") ?? "") > 1) return response;
  await response.arrayBuffer();
  const problem = { type: "about:blank", title: "Service Unavailable", status: 503, code: "store_outcome_unknown" };
  const headers = { "Content-Type": "application/problem+json" };
  return new Response(JSON.stringify({ ...problem, detail: "lost" }), { status: 503, headers });
};
const secondToken = seatToken(created, (await referee.view()).to_act[0]);
const second = new Match(url, created.id, secondToken, { fetch: outcomeUnknownOnce });
const secondBefore = await second.view();
const secondCard = secondBefore.legal_actions.find((a) => a.type === "play")!;
const secondAfter = await second.act(secondCard);
const followed = await next(events, "action");
await events.return(undefined);
const final = await referee.view();
const replay = seat.stream(0, Number(played.id) - 1);  // ?after=: the events after that seq come first
const replayed = (await replay.next()).value as StreamEvent;
await replay.return(undefined);

const card = (event: StreamEvent): unknown => (event.data as { action: { card: unknown } }).action.card;
console.log(JSON.stringify({
  typed: typeof typed,
  before: before.version,
  after: after.version,
  playable,
  stale,
  illegal,
  unauthorised,
  stream: {
    opened: (opened.data as { version: number }).version,
    played: card(played),
    playedId: played.id,
    ended: ended.data,
    reopened: (reopened.data as { version: number }).version,
    followed: card(followed),
    replayed: { event: replayed.event, id: replayed.id },
  },
  cards: [before.legal_actions.find((a) => a.type === "play")!.card, secondCard.card],
  retried: { keys, versions: [secondBefore.version, secondAfter.version, final.version] },
}));
