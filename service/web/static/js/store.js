// What this device remembers: the matches it started (the referee's and the seats' tokens, which
// the service shows only once), so that a reload or a later visit finds them again.
const RECENT = "tr.recent";
const MAX_RECENT = 10;

export function recentMatches() {
  try {
    return JSON.parse(localStorage.getItem(RECENT) || "[]");
  } catch {
    return [];
  }
}

export function remember(created, ruleset, names) {
  const entry = {
    id: created.id,
    ruleset,
    names,
    mode: created.view.mode,
    token: created.referee_token,
    seats: created.seats.map((s) => ({ seat: s.seat, name: s.name, token: s.token ?? null, invite: s.invite ?? null })),
    spectator: created.spectator_token || null,
    at: new Date().toISOString(),
  };
  const rest = recentMatches().filter((m) => m.id !== entry.id);
  localStorage.setItem(RECENT, JSON.stringify([entry, ...rest].slice(0, MAX_RECENT)));
  return entry;
}

export function findMatch(id, token) {
  return recentMatches().find((m) => m.id === id && m.token === token) || null;
}

// The seats this phone claimed by invitation (claim.js): the token of each, by match and seat.
const SEATS = "tr.seats";

function keptSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS) || "{}");
  } catch {
    return {};
  }
}

export function keepSeat(id, seat, token) {
  localStorage.setItem(SEATS, JSON.stringify({ ...keptSeats(), [`${id}/${seat}`]: token }));
}

export function keptSeat(id, seat) {
  return keptSeats()[`${id}/${seat}`] || null;
}

// A claim in flight, kept before it is posted (its Idempotency-Key and entropy), so that a retry
// after a lost answer, even after a reload, asks with the same key and gets the same token again.
export function claimAttempt(id, seat, draw) {
  const name = `tr.claim.${id}/${seat}`;
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(name) || "null"); } catch { kept = null; }
  if (!kept || typeof kept.key !== "string" || typeof kept.entropy !== "string") {
    kept = draw();
    localStorage.setItem(name, JSON.stringify(kept));
  }
  return kept;
}
