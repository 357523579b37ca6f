/**
 * Example: a dealt Forty-Fives match through the client. The seat to lead reads its dealt view and plays
 * a legal card from its legal_actions; the next seat's first answer is lost (a timeout after the server applied
 * the play), the helper retries with the same Idempotency-Key, and the play is applied once; the
 * referee's stream opens on the current view. Prints a JSON summary. Usage: node dealt_match.js BASE_URL
 */
import { createMatch, Match, seatToken, type Fetch, type StreamEvent } from "../src/index.js";

async function main(baseUrl: string): Promise<void> {
  const { created, referee } = await createMatch(baseUrl, {
    ruleset: "forty_fives",
    mode: "dealt",
    players: ["Ann", "Bob", "Cy"],
  });
  // A rob or decline of the turned-up card comes before the first lead when the deal calls for one.
  let first: Match | null = null;
  while (first === null) {
    const seat = new Match(baseUrl, created.id, seatToken(created, (await referee.view()).to_act[0]));
    const legal = (await seat.view()).legal_actions;
    if (legal.some((a) => a.type === "play")) first = seat;
    else await seat.act(legal[0]);
  }
  const dealt = await first.view();
  const card = dealt.legal_actions.find((a) => a.type === "play")!;
  const afterFirst = await first.act(card);

  const keys: string[] = [];
  const losesFirstAnswer: Fetch = async (request) => {
    const response = await fetch(request);
    if (request.url.endsWith("/actions")) {
      keys.push(request.headers.get("Idempotency-Key") ?? "");
      if (keys.length === 1) throw new DOMException("the answer was lost", "TimeoutError");
    }
    return response;
  };
  const nextSeat = afterFirst.to_act[0];
  const second = new Match(baseUrl, created.id, seatToken(created, nextSeat), { fetch: losesFirstAnswer });
  const before = await second.view();
  const afterRetry = await second.act(before.legal_actions.find((a) => a.type === "play")!);
  const final = await referee.view();

  const events = referee.stream(0);
  const opened: StreamEvent = (await events.next()).value as StreamEvent;
  await events.return(undefined);

  console.log(JSON.stringify({
    hand: dealt.hand,
    played: card.card,
    legal: dealt.legal_actions.filter((a) => a.type === "play").map((a) => a.card),
    versions: [dealt.version, afterFirst.version, before.version, afterRetry.version, final.version],
    keys,
    streamFirst: { event: opened.event, version: (opened.data as { version: number }).version },
  }));
}

main(process.argv[2]).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
