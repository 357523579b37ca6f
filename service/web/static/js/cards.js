// Cards as the API writes them (rank then suit: 10H, QS, AD), shown with suit symbols and named
// in the page's language for screen readers.
import { t } from "./i18n.js";

export const SUITS = ["S", "H", "D", "C"];
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS_52 = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANKS_32 = ["7", "8", "9", "10", "J", "Q", "K", "A"];

export function parse(card) {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

export function deck(ruleset) {
  const ranks = ruleset === "avinas" ? RANKS_32 : RANKS_52;
  return SUITS.flatMap((suit) => ranks.map((rank) => rank + suit));
}

export function isRed(card) {
  const { suit } = parse(card);
  return suit === "H" || suit === "D";
}

// "10♥"
export function short(card) {
  const { rank, suit } = parse(card);
  return rank + (SYMBOL[suit] || suit);
}

// "ten of hearts", in the page's language
export function spoken(card) {
  const { rank, suit } = parse(card);
  return t("card.name", { rank: t(`rank.${rank}`), suit: t(`suit.${suit}`) });
}

export function suitName(suit) {
  return `${SYMBOL[suit] || ""} ${t(`suit.${suit}`)}`.trim();
}
