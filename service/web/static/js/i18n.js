// The page's own strings (../strings.json: every key in en, id and tl) and the chosen language:
// the one the address asks for (?lang=id: a link made in that language), else the one stored on
// this device, else the browser's first supported language, else English. Choosing one keeps the
// address's ?lang in step, so that a reload or a link copied from it opens in that language.
export const LANGUAGES = ["en", "id", "tl"];
const STORE_KEY = "tr.lang";
let strings = {};
let lang = "en";

export async function loadStrings() {
  const answer = await fetch("/web/strings.json", { cache: "no-cache" });
  strings = await answer.json();
  lang = initialLanguage();
  document.documentElement.lang = lang;
}

function addressLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  return LANGUAGES.includes(asked) ? asked : null;
}

function initialLanguage() {
  const asked = addressLanguage();
  if (asked) return asked;
  const stored = localStorage.getItem(STORE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "fil") return "tl";
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export function language() {
  return lang;
}

export function setLanguage(next) {
  if (!LANGUAGES.includes(next)) return;
  lang = next;
  localStorage.setItem(STORE_KEY, next);
  document.documentElement.lang = next;
  if (addressLanguage() !== null) {
    const url = new URL(location.href);
    url.searchParams.set("lang", next);
    history.replaceState(history.state, "", url);
  }
}

// t(KEY, {name: "Ann"}): the string in the current language with {name} filled in.
export function t(key, params = {}) {
  const table = strings[lang] || {};
  let text = table[key] ?? strings.en?.[key];
  if (text === undefined) {
    console.error(`missing page string: ${key}`);
    text = key;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

// Whether the strings file has this key (action and phase names fall back to the API's own word).
export function has(key) {
  return key in (strings.en || {});
}

// Fills every [data-i18n] element under root with its string (the static parts of index.html).
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
