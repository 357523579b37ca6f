/**
 * Example: a bot that plays a whole dealt match to its end. One Match per seat; the seat the referee's
 * view names takes a random one of its own legal actions (a small seeded generator, so a run repeats).
 * The helpers retry through a flaky network with the same Idempotency-Key and wait out a 429.
 * Prints a JSON summary. Usage: node bot.js BASE_URL [RULESET] [SEED]
 */
import { createMatch, Match, seatToken } from "../src/index.js";

const PLAYERS: Record<string, number> = { forty_fives: 3, auction_forty_fives: 4, boerenbridge: 4, avinas: 4 };
const MAX_ACTIONS = 5000;

/** mulberry32: a tiny seeded generator, enough to choose among legal actions. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(baseUrl: string, ruleset: string, seed: number): Promise<void> {
  const random = seeded(seed);
  const n = PLAYERS[ruleset] ?? 4;
  const { created, referee } = await createMatch(baseUrl, {
    ruleset,
    mode: "dealt",
    players: Array.from({ length: n }, (_, i) => `Bot ${i + 1}`),
  });
  const seats = created.seats.map((_, i) => new Match(baseUrl, created.id, seatToken(created, i)));
  let posted = 0;
  for (let i = 0; i < MAX_ACTIONS; i++) {
    const table = await referee.view();
    if (table.status === "finished") {
      console.log(JSON.stringify({ winners: table.winners, posted }));
      return;
    }
    const seat = seats[table.to_act[0]];
    const legal = (await seat.view()).legal_actions;
    await seat.act(legal[Math.floor(random() * legal.length)]);
    posted++;
  }
  throw new Error(`the match did not end in ${MAX_ACTIONS} actions`);
}

main(process.argv[2], process.argv[3] ?? "boerenbridge", Number(process.argv[4] ?? "1")).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
