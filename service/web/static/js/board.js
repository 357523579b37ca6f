// The public state of a match as sections of the page: whose deal and turn, trump and turn-up,
// bids, the trick in progress, finished tricks with their winners, proven revokes, the score sheet.
import { h } from "./dom.js";
import { has, t } from "./i18n.js";
import { short, spoken, suitName, isRed } from "./cards.js";
import { humanize } from "./options_form.js";

// An action type's name: the page's own word for it, else the API's id made readable.
export function actionName(type) {
  return has(`action.${type}`) ? t(`action.${type}`) : humanize(type);
}

export function seatName(view, seat) {
  return view.names?.[seat] ?? t("match.seat", { n: seat + 1 });
}

function cardText(card) {
  return h("span", { class: isRed(card) ? "red-text" : "", "aria-label": spoken(card), role: "img" }, short(card));
}

export function phaseName(phase) {
  return has(`phase.${phase}`) ? t(`phase.${phase}`) : humanize(phase);
}

export function statusSection(view) {
  const who = (seats) => seats.map((s) => seatName(view, s)).join(", ") || "—";
  const lines = [
    h("div", {}, t("match.dealer"), ": ", h("strong", { id: "dealer" }, view.dealer === null ? "—" : seatName(view, view.dealer))),
    h("div", {}, t("match.to_act"), ": ", h("strong", { id: "to-act" }, view.status === "finished" ? "—" : who(actingNow(view)))),
    h("div", {}, t("match.phase"), ": ", h("strong", { id: "phase" }, phaseName(view.phase))),
  ];
  if (view.trump !== undefined) {
    lines.push(h("div", {}, t("match.trump"), ": ", h("strong", { id: "trump" }, trumpText(view))));
  }
  if (view.turn_up) lines.push(h("div", {}, t("match.turn_up"), ": ", cardText(view.turn_up)));
  if (Array.isArray(view.exposures) && view.exposures.length) lines.push(exposedLine(view, view.exposures));
  if (view.viewer?.role === "seat") lines.unshift(h("div", {}, t("match.you_are", { name: seatName(view, view.viewer.seat) })));
  if (view.viewer?.role === "spectator") lines.unshift(h("div", {}, t("match.spectator")));
  return h("section", { class: "status", "aria-labelledby": "status-h" }, lines);
}

// Who the page names as acting: during play the one whose turn it is to play (the service lists
// first; at the opening lead it also lists a player who may still revise his bid, who does not
// play now); elsewhere every seat that may act (simultaneous bids).
function actingNow(view) {
  const seats = view.to_act || [];
  return view.phase === "play" ? seats.slice(0, 1) : seats;
}

// The phases in which the round's trump is still to be turned up, bid for or named.
const TRUMP_OPEN = new Set(["deal", "turn_up", "auction", "name_trump", "trump"]);

// The trump: its suit; "not yet chosen" while it is still to be turned up, bid for or named (those
// phases, a Boerenbridge trump the highest bidder names after the bids, an Avinas game not yet
// declared); else "no trump" (a round or game played without one).
function trumpText(view) {
  if (view.trump) return suitName(view.trump);
  const open = TRUMP_OPEN.has(view.phase) || view.game === null
    || (view.phase === "bidding" && view.options?.trump_mode === "highest_bidder_chooses");
  return open ? t("match.trump_unknown") : t("match.no_trump");
}

// The first dealer drawn by the service (its draw of virtual cards: each player's card, again for
// those tied), shown during the first round; null where he was given or chosen without a draw.
export function firstDraw(view, firstDealer) {
  const draws = firstDealer?.draws;
  if (!Array.isArray(draws) || !draws.length || typeof firstDealer.dealer !== "number") return null;
  return h("div", { id: "first-draw", class: "notice" }, t("match.first_draw", { name: seatName(view, firstDealer.dealer) }),
    h("ul", {}, draws.map((drawn) => h("li", {}, drawn.flatMap((d, i) => [i ? ", " : "", `${seatName(view, d.seat)} `, cardText(d.card)])))));
}

// Avinas: the exposures ({seat, face_up, card, played}), face-up cards by seat, face-down ones counted.
function exposedLine(view, exposures) {
  const bySeat = new Map();
  for (const e of exposures) {
    if (!bySeat.has(e.seat)) bySeat.set(e.seat, []);
    bySeat.get(e.seat).push(e);
  }
  return h("div", { id: "exposures" }, t("match.exposed"), ":", [...bySeat].map(([seat, list]) => h("div", {},
    `${seatName(view, seat)}: `,
    list.map((e) => (e.card ? [cardText(e.card), " "] : [t("actions.face_down"), " "])))));
}

// The trick in progress ("trick" in most views, "current_trick" in Avinas').
export function currentTrick(view) {
  return view.trick ?? view.current_trick ?? null;
}

// Auction Forty-Fives: the calls in order and the contract won.
function auctionSection(view) {
  const calls = view.auction?.calls || [];
  if (!calls.length && !view.contract) return null;
  return h("section", { "aria-labelledby": "bids-h" }, h("h2", { id: "bids-h" }, t("match.bids")),
    h("ol", { id: "auction-calls" }, calls.map((c) => h("li", {},
      `${seatName(view, c.seat)}: ${c.amount === null || c.amount === undefined ? actionName(c.call) : c.amount}`))),
    view.contract ? h("p", {}, t("match.contract", { name: seatName(view, view.contract.seat), n: view.contract.amount })) : null);
}

export function bidsSection(view) {
  if (view.auction) return auctionSection(view);
  const bids = view.bidding?.bids;
  if (!Array.isArray(bids) || bids.every((b) => b === null)) return null;
  return h("section", { "aria-labelledby": "bids-h" }, h("h2", { id: "bids-h" }, t("match.bids")),
    h("table", {}, h("tbody", {}, bids.map((b, seat) => h("tr", {},
      h("th", { scope: "row" }, seatName(view, seat)),
      h("td", { "data-bid-seat": seat }, b === null ? "—" : b === "sealed" ? t("match.sealed") : String(b)),
      h("td", {}, view.tricks_won ? t("match.tricks_won", { n: view.tricks_won[seat] ?? 0 }) : ""))))),
    hookLine(view));
}

// The bid the hook rule forbids the hook player, once the others are known.
function hookLine(view) {
  const forbidden = view.bidding.forbidden_bid ?? view.bidding.hook_forbidden;
  if (forbidden === null || forbidden === undefined || view.phase !== "bidding") return null;
  return h("p", { id: "hook" }, t("match.hook", { name: seatName(view, view.bidding.hook_player), n: forbidden }));
}

function playsList(view, plays) {
  return h("ul", { class: "plays" }, (plays || []).map((p) => h("li", {}, `${seatName(view, p.seat)}: `,
    p.card ? cardText(p.card) : t("actions.face_down"))));
}

export function trickSection(view) {
  const trick = currentTrick(view);
  const done = view.tricks || [];
  if (!trick || view.status === "finished") return null;
  if (!trick.plays?.length && view.phase !== "play") return null;
  return h("section", { "aria-labelledby": "trick-h", class: "current-trick" },
    h("h2", { id: "trick-h" }, t("match.trick", { n: trick.number ?? done.length + 1 })),
    trick.plays?.length ? playsList(view, trick.plays) : h("p", { id: "trick-empty" }, t("match.trick_empty")));
}

export function tricksDoneSection(view) {
  const done = view.tricks || [];
  const revokes = view.revokes || [];
  if (!done.length && !revokes.length) return null;
  return h("section", { "aria-labelledby": "tricks-done-h" },
    h("h2", { id: "tricks-done-h" }, t("match.tricks_done")),
    done.length ? h("ol", { class: "tricks", id: "tricks-done" }, done.map((tr, i) => h("li", {},
      playsList(view, tr.plays),
      h("div", {}, t("match.trick_won_by", { name: seatName(view, tr.winner) })),
      revokes.filter((r) => r.trick === (tr.number ?? i + 1)).map((r) => revokeLine(view, r))))) : null,
    revokes.filter((r) => r.trick > done.length).map((r) => revokeLine(view, r)));
}

// The tricks of the round just finished (its record's, where the game keeps them: Forty-Fives;
// else those read from the log, ``logged``), each with its cards and winner, kept reviewable after
// the next deal until that round's first trick is complete; null otherwise.
export function lastRoundTricks(view, rounds, logged = null) {
  if ((view.tricks || []).length) return null;
  const last = (rounds || []).at(-1);
  const kept = Array.isArray(last?.tricks) ? last.tricks.filter((tr) => Array.isArray(tr?.plays)) : [];
  const tricks = kept.length ? kept : logged || [];
  if (!tricks.length) return null;
  return h("section", { "aria-labelledby": "last-tricks-h", id: "last-round-tricks" },
    h("h2", { id: "last-tricks-h" }, t("match.last_round_tricks", { n: last.round ?? last.number })),
    h("ol", { class: "tricks" }, tricks.map((tr) => h("li", {},
      playsList(view, tr.plays), h("div", {}, t("match.trick_won_by", { name: seatName(view, tr.winner) }))))));
}

// The revokes proven in the round being played, shown at the top of the buttons the referee taps
// next and kept on screen while any of them is (they are listed with the finished tricks too, far
// below on a phone); null when there are none.
export function revokesNow(view) {
  const revokes = view.revokes || [];
  if (!revokes.length || view.status !== "in_progress") return null;
  return h("div", { id: "revokes-now", class: "revokes-now", role: "group", "aria-labelledby": "revokes-now-h" },
    h("h3", { id: "revokes-now-h" }, t("match.revokes_now")), revokes.map((r) => revokeLine(view, r)));
}

function revokeLine(view, r) {
  const rule = typeof r.rule === "string" ? r.rule : r.code;
  const ruling = r.ruling ? ` (${t(`match.ruling.${r.ruling}`)})` : "";
  return h("span", { class: "revoke", role: "note", "data-ruling": r.ruling || "" },
    t("match.revoke", { name: seatName(view, r.seat), n: r.trick }), " ", cardText(r.card), ` — ${rule}${ruling}`);
}

// The score sheet's columns: the seats, or the teams (the view's "teams", else alternate seats).
export function columns(view, count) {
  if (count === view.names.length) return view.names;
  const members = (team) => (Array.isArray(view.teams) ? view.teams[team] || [] : view.names.map((_, s) => s).filter((s) => s % count === team));
  return Array.from({ length: count }, (_, team) => t("match.team", {
    n: team + 1, names: members(team).map((s) => seatName(view, s)).join(" & "),
  }));
}

// The score sheet, made for a 360 px phone: a column per seat (or team) with its name shortened to
// fit, each cell the round's numbers (bid/tricks, +points) and "= score" on a line of its own, no
// number broken over lines; a one-line legend of what the numbers are; a score that is not the
// previous one plus the round's points (over 100, capped or bounced) is starred and explained
// below. Up to four columns fit a phone's width; more scroll sideways with the round column kept in
// place and a sign saying that it scrolls. optionTitle(name): the title and chosen value's title of
// an option (the ruleset's schema in the page's language), or null.
export function scoreSection(view, rounds, optionTitle = () => null) {
  const scores = Array.isArray(view.scores) ? view.scores : Object.values(view.scores || {});
  const heads = columns(view, scores.length);
  const notes = [];
  const previous = scores.map(() => 0);
  const rows = (rounds || []).map((r) => {
    const n = r.round ?? r.number ?? "";
    const cells = heads.map((name, i) => {
      const note = adjusted(r, i, previous[i]);
      if (note) notes.push(noteText(view, n, name, note, optionTitle));
      if (Array.isArray(r.scores) && typeof r.scores[i] === "number") previous[i] = r.scores[i];
      return h("td", {}, cell(r, i, Boolean(note)));
    });
    return h("tr", {}, h("th", { scope: "row" }, String(n)), cells);
  });
  const sign = h("p", { class: "scroll-sign", id: "score-scroll-sign", hidden: true }, t("score.scroll_sign"));
  const scroller = h("div", { class: "scroll", tabindex: 0, role: "region", "aria-labelledby": "score-h" },
    h("table", { id: "score-sheet", class: `sheet cols-${heads.length}` },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "round-col" }, h("span", { class: "name" }, t("match.round_col"))),
        shortNames(heads).map((short, i) => h("th", { scope: "col" },
          h("span", { class: "name", "aria-hidden": "true" }, short), h("span", { class: "visually-hidden" }, heads[i]))))),
      h("tbody", {}, rows,
        h("tr", {}, h("th", { scope: "row" }, h("span", { class: "name" }, t("match.total"))),
          scores.map((s, i) => h("td", {}, totalCell(view, s, i)))))));
  watchOverflow(scroller, sign);
  return h("section", { "aria-labelledby": "score-h" }, h("h2", { id: "score-h" }, t("match.score_sheet")),
    sign, scroller, legend(rounds || []),
    avinasNotes(view, rounds || [], heads),
    notes.length ? h("ul", { id: "score-notes", class: "score-notes" }, notes.map((text) => h("li", {}, text))) : null,
    roundRevokes(view, rounds));
}

// The names as a column's head shows them: each one's first word where those are all different
// (the whole name is read out), else the whole names, cut to the column's width by the style.
function shortNames(names) {
  const first = names.map((n) => String(n).trim().split(/\s+/)[0]);
  return new Set(first).size === first.length ? first : names;
}

// A total: the score, and in Avinas the rams and pips each side holds (what decides the match).
function totalCell(view, score, i) {
  const rams = Array.isArray(view.rams) ? view.rams[i] : undefined;
  const pips = Array.isArray(view.pips) ? view.pips[i] : undefined;
  if (rams === undefined && pips === undefined) return h("strong", { class: "num" }, String(score));
  return h("strong", { class: "num" }, t("score.rams_pips", { rams: rams ?? 0, pips: pips ?? 0 }));
}

// Avinas: why each hand's rams or pips went where they did (who declared, the card points and
// tricks of the declaring side, who lost and what is due).
function avinasNotes(view, rounds, heads) {
  const lines = rounds.filter((r) => Array.isArray(r.card_points) && typeof r.loser === "number" && r.due)
    .map((r) => {
      const side = r.declarer === null || r.declarer === undefined ? 0 : sideOf(view, r.declarer);
      return h("li", {}, t("score.declared_note", {
        n: r.number ?? r.round, declarer: seatName(view, r.declarer), points: r.card_points[side],
        tricks: Array.isArray(r.tricks_won) ? r.tricks_won[side] : "—", loser: heads[r.loser], due: r.due,
        unit: r.unit === "pips" ? t("score.unit_pips") : t("score.unit_rams"),
      }));
    });
  return lines.length ? h("ul", { id: "hand-notes", class: "score-notes" }, lines) : null;
}

function sideOf(view, seat) {
  if (Array.isArray(view.teams)) return Math.max(0, view.teams.findIndex((members) => members.includes(seat)));
  return seat % 2;
}

// Shows the sign (and the scroller's edge shadow) while the sheet is wider than its box.
function watchOverflow(scroller, sign) {
  const check = new ResizeObserver(() => {
    if (!scroller.isConnected) {
      check.disconnect();
      return;
    }
    const more = scroller.scrollWidth > scroller.clientWidth + 1;
    sign.hidden = !more;
    scroller.classList.toggle("more", more);
  });
  check.observe(scroller);
}

// {before, points, raw, score} where a round's score is not the one before plus its points.
function adjusted(record, i, before) {
  const points = Array.isArray(record.points) ? record.points[i] : undefined;
  const score = Array.isArray(record.scores) ? record.scores[i] : undefined;
  if (typeof points !== "number" || typeof score !== "number" || record.void) return null;
  const raw = before + points;
  return raw === score ? null : { before, points: points >= 0 ? points : `(${points})`, raw, score };
}

function noteText(view, round, name, note, optionTitle) {
  const rule = optionTitle("overshoot_rule");
  const params = { round, name, ...note };
  return rule ? t("score.note_rule", { ...params, rule: rule.title, value: rule.value }) : t("score.note", params);
}

function legend(rounds) {
  const has = (test) => rounds.some(test);
  const items = [];
  if (has((r) => Array.isArray(r.bids) && Array.isArray(r.tricks) && r.tricks.some((x) => typeof x === "number"))) {
    items.push(t("score.legend.bid_made"));
  }
  if (has((r) => Array.isArray(r.points))) items.push(t("score.legend.points"));
  if (has((r) => Array.isArray(r.scores))) items.push(t("score.legend.total"));
  return items.length ? h("p", { class: "legend", id: "score-legend" }, items.join(" · ")) : null;
}

// The revokes proven in finished rounds, each where it happened (round and trick).
function roundRevokes(view, rounds) {
  const lines = (rounds || []).flatMap((r) => (r.revokes || []).map((rv) => h("li", {},
    `${t("match.round", { n: r.round ?? r.number })}: `, revokeLine(view, rv))));
  return lines.length ? h("ul", { class: "revokes", id: "round-revokes" }, lines) : null;
}

// A cell's numbers, each unbroken (class "num"): bid/tricks and +points, then "= score" on its own
// line, starred when it is not the score before plus the points (explained below the sheet).
function cell(record, i, starred) {
  const points = Array.isArray(record.points) ? record.points[i] : undefined;
  const score = Array.isArray(record.scores) ? record.scores[i] : undefined;
  const bid = Array.isArray(record.bids) ? record.bids[i] : undefined;
  const tricks = Array.isArray(record.tricks) && typeof record.tricks[i] === "number" ? record.tricks[i] : undefined;
  const parts = [];
  if (bid !== undefined && tricks !== undefined) parts.push(t("score.bid_made", { bid: bid ?? "—", tricks }));
  if (points !== undefined) parts.push(`${points > 0 ? "+" : ""}${points}`);
  if (Array.isArray(record.card_points) && typeof record.card_points[i] === "number") {
    parts.push(t("score.card_points", { n: record.card_points[i] }));
  }
  if (Array.isArray(record.rams) && Array.isArray(record.pips)) {
    parts.push(t("score.rams_pips", { rams: record.rams[i], pips: record.pips[i] }));
  }
  const detail = parts.flatMap((text, n) => [n ? " " : "", h("span", { class: "num" }, text)]);
  return [detail.length ? h("span", { class: "detail" }, detail) : null,
    score !== undefined ? h("span", { class: "num total-n" }, `= ${score}${starred ? "*" : ""}`) : null];
}

// Who won, in words: the winners name what the scores are kept for (seats, or teams in a
// partnership game).
export function winnersText(view) {
  const scores = Array.isArray(view.scores) ? view.scores : Object.values(view.scores || {});
  const teams = scores.length < view.names.length ? columns(view, scores.length) : null;
  const names = (view.winners || []).map((s) => (teams ? teams[s] : seatName(view, s)));
  return names.length ? t("match.winners", { names: names.join(", ") }) : t("match.no_winner");
}

export function endSection(view) {
  if (view.status !== "finished") return null;
  return h("section", { "aria-labelledby": "end-h", id: "match-end" }, h("h2", { id: "end-h" }, t("match.over")),
    h("p", { class: "winners" }, winnersText(view)));
}
