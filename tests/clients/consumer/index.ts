/**
 * A project that installed the packed client (`npm install trick-referee-client-0.1.0.tgz`) and uses it
 * by its package name: compiled by tsc --strict against the packed declarations, then run by node.
 * Prints a JSON summary. Usage: node dist/index.js BASE_URL
 */
import { createMatch, Match, ProblemError, type MatchView } from "trick-referee-client";

declare const process: { argv: string[] };

const url = process.argv[2];
const { created, referee } = await createMatch(url, { ruleset: "forty_fives", mode: "dealt", players: ["A", "B", "C"] });
const seat = new Match(url, created.id, created.seats[(await referee.view()).to_act[0]].token);
const before: MatchView = await seat.view();
// @ts-expect-error a view's version is a number: the packed declarations carry the generated types
const typed: string = before.version;
const after = await seat.act(before.legal_actions[0]);
let refused = "";
try {
  await new Match(url, created.id, "not-a-token").view();
} catch (err) {
  if (err instanceof ProblemError) refused = err.code;
}
console.log(JSON.stringify({ before: before.version, after: after.version, refused, typed: typeof typed }));
