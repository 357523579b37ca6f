/**
 * Example: the client on a network that drops connections and a service that rate-limits. Through
 * RESET_URL (a proxy that resets the connection of the first action after the service took it) a seat
 * plays a legal card: the helper retries with the same Idempotency-Key and gets the first answer, and
 * the play is applied once. On LIMITED_URL (a service limiting writes: one in three seconds in the test) a table referee
 * posts two rounds back to back: the second is refused 429 and sent again after its Retry-After; with
 * no retries left the ProblemError carries the answer's headers. Prints a JSON summary.
 * Usage: node unreliable_network.js DIRECT_URL RESET_URL LIMITED_URL
 */
import { createMatch, Match, ProblemError, seatToken } from "../src/index.js";

async function main(directUrl: string, resetUrl: string, limitedUrl: string): Promise<void> {
  const { created, referee } = await createMatch(directUrl, {
    ruleset: "boerenbridge",
    mode: "dealt",
    players: ["Ann", "Bob", "Cy", "Di"],
  });
  let view = await referee.view();
  // bids first, each by its seat, until the first play
  for (;;) {
    const seat = new Match(directUrl, created.id, seatToken(created, view.to_act[0]));
    const legal = (await seat.view()).legal_actions;
    if (legal.some((a) => a.type === "play")) break;
    view = await seat.act(legal[0]);
  }
  const playing = seatToken(created, view.to_act[0]);
  const direct = new Match(directUrl, created.id, playing);
  const before = await direct.view();
  const through = new Match(resetUrl, created.id, playing);
  through.etag = direct.etag;
  const afterReset = await through.act(before.legal_actions.find((a) => a.type === "play")!);
  const afterAll = await referee.view();

  const table = await createMatch(limitedUrl, {
    ruleset: "boerenbridge",
    mode: "table",
    players: ["Ann", "Bob", "Cy", "Di"],
    dealer: 3,
    options: { hand_size_schedule: [3] },
  });
  const started = Date.now();
  await table.referee.act({ type: "round_result", result: { bids: [1, 1, 1, 1], tricks: [1, 1, 1, 0] } });
  await table.referee.act({ type: "round_result", result: { bids: [0, 3, 0, 1], tricks: [0, 3, 0, 0] } });
  const waitedMs = Date.now() - started;
  const impatient = new Match(limitedUrl, table.created.id, table.created.referee_token, { retries: 0 });
  impatient.etag = table.referee.etag;
  let refused: { status: number; code: string; retryAfter: number | null } | null = null;
  try {
    await impatient.act({ type: "round_result", result: { bids: [1, 1, 0, 0], tricks: [2, 1, 0, 0] } });
  } catch (err) {
    if (!(err instanceof ProblemError)) throw err;
    refused = { status: err.status, code: err.code, retryAfter: err.retryAfter };
  }
  console.log(JSON.stringify({
    versions: [before.version, afterReset.version, afterAll.version],
    waitedMs,
    refused,
  }));
}

main(process.argv[2], process.argv[3], process.argv[4]).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
