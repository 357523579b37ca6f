// The scores by round as a line chart the page draws itself (inline SVG, no library): one line per
// player or team, from 0 before the first round to each round's score, drawn to fit a 360 px phone.
// The chart is an image with a title and a description that say every number, and a key under it
// names each line (its pattern and its latest score) in text.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
// the drawing's own units (it is scaled to the width of the screen)
const W = 320;
const H = 180;
const LEFT = 34;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 24;
// how many line styles there are (app.css: .line-0 … .line-5), reused beyond that
const STYLES = 6;

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) el.setAttribute(name, String(value));
  el.append(...children.flat(Infinity));
  return el;
}

// A round record's score of every side after it: its scores, or in Avinas its pips (what an
// Avinas view's scores are).
const after = (r) => r.scores ?? r.pips;

// Each side's running score: 0, then its score after each round whose record has every side's.
export function chartSeries(rounds, sides) {
  const kept = (rounds || []).filter((r) => Array.isArray(after(r)) && after(r).length === sides
    && after(r).every((s) => typeof s === "number"));
  return { rounds: kept.map((r) => r.round ?? r.number), series: Array.from({ length: sides }, (_, i) => [0, ...kept.map((r) => after(r)[i])]) };
}

// heads: the sides' names (columns of the score sheet); null where no round has been scored yet.
export function chartSection(rounds, heads) {
  const { rounds: numbers, series } = chartSeries(rounds, heads.length);
  if (!numbers.length) return null;
  const all = series.flat();
  const low = Math.min(0, ...all);
  const high = Math.max(1, ...all);
  const x = (k) => LEFT + (k * (W - LEFT - RIGHT)) / numbers.length;
  const y = (v) => TOP + ((high - v) * (H - TOP - BOTTOM)) / (high - low);
  const grid = [...new Set([low, 0, high])].map((v) => [
    svg("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid" }),
    svg("text", { x: LEFT - 4, y: y(v) + 4, "text-anchor": "end" }, String(v)),
  ]);
  // round numbers under the lines: every one where they fit, else about eight of them
  const every = Math.max(1, Math.ceil(numbers.length / 8));
  const ticks = numbers.map((n, k) => ((k + 1) % every === 0 || k + 1 === numbers.length
    ? svg("text", { x: x(k + 1), y: H - 8, "text-anchor": "middle" }, String(n)) : null)).filter(Boolean);
  const lines = series.map((points, i) => svg("g", { class: `line-${i % STYLES}` },
    svg("polyline", { points: points.map((v, k) => `${x(k)},${y(v)}`).join(" "), "data-side": i,
      "data-scores": points.join(",") }),
    svg("circle", { cx: x(points.length - 1), cy: y(points.at(-1)), r: 3.5 })));
  const described = heads.map((name, i) => t("chart.side", { name, scores: series[i].slice(1).join(", ") })).join("; ");
  const chart = svg("svg", { id: "score-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "chart-title chart-desc" },
    svg("title", { id: "chart-title" }, t("chart.title")),
    svg("desc", { id: "chart-desc" }, `${t("chart.rounds", { rounds: numbers.join(", ") })}. ${described}.`),
    grid, ticks, lines);
  return h("section", { "aria-labelledby": "chart-h", class: "chart" },
    h("h2", { id: "chart-h" }, t("chart.title")), chart,
    h("ul", { class: "chart-key", id: "chart-key" }, heads.map((name, i) => h("li", {},
      keyLine(i), h("span", {}, t("chart.key", { name, score: series[i].at(-1) }))))));
}

// A short piece of a side's line, as the key shows it (its colour and dashes).
function keyLine(i) {
  return svg("svg", { viewBox: "0 0 28 10", class: `key-line line-${i % STYLES}`, "aria-hidden": "true" },
    svg("line", { x1: 1, x2: 27, y1: 5, y2: 5 }));
}
