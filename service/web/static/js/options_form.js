// A form for a ruleset's house rules, generated from its options JSON Schema (GET
// /v1/rulesets/{id} -> options_schema): a select for an enum, a number box for an integer (empty
// for "none" where null is allowed), a checkbox for a boolean, a comma-separated list for an array
// of integers (empty for "none" where null is allowed). Defaults are filled in (a preset's values
// where one is chosen), each option's description is shown beside it. Each option is named by its
// schema "title" and each value of a select by its title in "oneOf" ({const, title}), both in the
// page's language (the schema is asked for in it); humanize(machine id) only where a title is absent.
import { h } from "./dom.js";
import { t } from "./i18n.js";

// Options the rest of the start screen sets (the player count comes from the names entered).
const HANDLED_ELSEWHERE = new Set(["players"]);

export function humanize(word) {
  const text = String(word).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The title of one value of an enum option (its "oneOf" entry), else its machine id humanized.
function valueTitle(prop, value) {
  const choice = (prop.oneOf || []).find((c) => c && Object.hasOwn(c, "const") && c.const === value);
  if (choice?.title) return choice.title;
  return value === null ? t("options.none") : humanize(value);
}

function types(prop) {
  return Array.isArray(prop.type) ? prop.type : [prop.type];
}

// The value an option starts at: the chosen preset's, else the schema's default.
function base(name, prop, values) {
  return Object.hasOwn(values, name) ? values[name] : prop.default;
}

function field(name, prop, start) {
  const id = `opt-${name}`;
  const hint = h("span", { class: "hint", id: `${id}-hint` }, prop.description || "");
  const title = prop.title || humanize(name);
  const label = h("label", { for: id }, title);
  let input;
  if (prop.enum) {
    input = h("select", { id, name, "aria-describedby": `${id}-hint` },
      prop.enum.map((v) => h("option", { value: String(v), selected: v === start }, valueTitle(prop, v))));
  } else if (types(prop).includes("boolean")) {
    input = h("input", { id, name, type: "checkbox", checked: start, "aria-describedby": `${id}-hint` });
    return h("div", { class: "field" }, h("label", { for: id }, input, " ", title), hint);
  } else if (types(prop).includes("array")) {
    input = h("input", { id, name, type: "text", inputmode: "numeric", value: (start || []).join(", "),
      placeholder: types(prop).includes("null") ? t("options.none") : undefined, "aria-describedby": `${id}-hint` });
  } else {
    input = h("input", { id, name, type: "number", inputmode: "numeric", min: prop.minimum, max: prop.maximum,
      value: start ?? "", placeholder: types(prop).includes("null") ? t("options.none") : undefined,
      "aria-describedby": `${id}-hint` });
  }
  return h("div", { class: "field" }, label, input, hint);
}

// values: the chosen preset's options ({} for none).
export function optionsForm(schema, values = {}) {
  const props = Object.entries(schema?.properties || {}).filter(([name]) => !HANDLED_ELSEWHERE.has(name));
  if (!props.length) return h("p", {}, t("options.empty"));
  return h("div", { class: "options" }, props.map(([name, prop]) => field(name, prop, base(name, prop, values))));
}

// The options that differ from where they started (the preset's values, else the defaults), typed
// as the schema says: a preset and the options changed on top of it.
export function readOptions(container, schema, values = {}) {
  const out = {};
  for (const [name, prop] of Object.entries(schema?.properties || {})) {
    const input = container.querySelector(`[name="${name}"]`);
    if (!input) continue;
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (prop.enum) value = prop.enum.find((v) => String(v) === input.value);
    else if (types(prop).includes("array")) {
      const items = input.value.split(/[\s,;]+/).filter(Boolean);
      value = !items.length && types(prop).includes("null") ? null : items.map(Number);
    } else if (input.value.trim() === "") value = types(prop).includes("null") ? null : base(name, prop, values);
    else value = Number(input.value);
    if (JSON.stringify(value) !== JSON.stringify(base(name, prop, values))) out[name] = value;
  }
  return out;
}
