/**
 * Example: a table-mode referee app. People play Boerenbridge with real cards; the referee reports each
 * round whole (bids and tricks won), reads the score sheet and the history, takes the last round back,
 * and checks a trick with the rules endpoints. Prints a JSON summary. Usage: node table_referee.js BASE_URL
 */
import { createMatch, Rules, type MatchEvent } from "../src/index.js";

const ROUNDS: Array<[number[], number[]]> = [
  [[1, 1, 1, 1], [1, 1, 1, 0]],
  [[0, 3, 0, 1], [0, 3, 0, 0]],
  [[1, 1, 0, 0], [2, 1, 0, 0]],
];

async function main(baseUrl: string): Promise<void> {
  const { referee } = await createMatch(baseUrl, {
    ruleset: "boerenbridge",
    mode: "table",
    players: ["Ann", "Bob", "Cy", "Di"],
    dealer: 3,
    options: { hand_size_schedule: [3] },
  });
  let scores: unknown = null;
  for (const [bids, tricks] of ROUNDS) {
    scores = (await referee.act({ type: "round_result", result: { bids, tricks } })).scores;
  }
  const sheet = await referee.rounds();
  const kinds: string[] = [];
  for await (const event of referee.allEvents()) kinds.push((event as MatchEvent).kind);
  const csv = await referee.recordText("csv", "en");
  const undone = await referee.undo();
  const afterUndo = await referee.rounds();
  const rules = new Rules(baseUrl);
  const trick = await rules.trick("forty_fives", { plays: ["AH", "5H", "2C"], trump: "H" });
  await referee.delete();
  console.log(JSON.stringify({
    scores,
    rounds: sheet.rounds.length,
    roundsAfterUndo: afterUndo.rounds.length,
    undoneVersion: undone.version,
    kinds,
    csvHasNames: ["Ann", "Bob", "Cy", "Di"].every((name) => csv.includes(name)),
    trickWinner: trick.winner,
  }));
}

main(process.argv[2]).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
