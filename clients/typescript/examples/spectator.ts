/**
 * Example: a spectator screen on the live stream. It follows a dealt match with the spectator token
 * (public facts only: no hand, no legal actions) while the seats play, and reads each action as it
 * arrives. Prints a JSON summary. Usage: node spectator.js BASE_URL
 */
import { createMatch, Match, seatToken, type StreamEvent } from "../src/index.js";

const PLAYS = 6;

async function main(baseUrl: string): Promise<void> {
  const { created, referee } = await createMatch(baseUrl, {
    ruleset: "forty_fives",
    mode: "dealt",
    players: ["Ann", "Bob", "Cy"],
  });
  const screen = new Match(baseUrl, created.id, created.spectator_token!);
  const seen: StreamEvent[] = [];
  const events = screen.stream(0);
  seen.push((await events.next()).value as StreamEvent); // the stream is open: the current view
  const following = (async () => {
    for await (const event of events) {
      seen.push(event);
      if (seen.filter((e) => e.event === "action").length === PLAYS) return;
    }
  })();
  const seats = created.seats.map((_, i) => new Match(baseUrl, created.id, seatToken(created, i)));
  for (let i = 0; i < PLAYS; i++) {
    const seat = seats[(await referee.view()).to_act[0]];
    await seat.act((await seat.view()).legal_actions[0]);
  }
  await following;
  await events.return(undefined);
  const views = seen.filter((e) => e.event === "view").map((e) => e.data as { hand?: unknown; hands?: unknown });
  console.log(JSON.stringify({
    actions: seen.filter((e) => e.event === "action").length,
    sawAHand: views.some((v) => Boolean(v.hand) || Boolean(v.hands)),
  }));
}

main(process.argv[2]).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
