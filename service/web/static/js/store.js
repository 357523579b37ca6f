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
    seats: created.seats.map((s) => ({ seat: s.seat, name: s.name, token: s.token })),
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
