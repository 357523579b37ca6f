// The match record (GET /record?format=text|csv): shown as a printable sheet, or saved as CSV.
import { request } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

export function recordSection(view, token, onError) {
  const out = h("div", {});
  const base = `/v1/matches/${encodeURIComponent(view.id)}/record`;
  const show = async () => {
    try {
      const text = (await request("GET", `${base}?format=text`, { token, accept: "text/plain" })).data;
      clear(out, h("pre", { class: "record", id: "record-text", tabindex: 0, "aria-labelledby": "record-h" }, text),
        h("button", { type: "button", onclick: () => window.print() }, t("record.print")));
    } catch (err) {
      onError(err);
    }
  };
  const csv = async () => {
    try {
      const text = (await request("GET", `${base}?format=csv`, { token, accept: "text/csv" })).data;
      const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
      const link = h("a", { href: url, download: `match-${view.id}.csv` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (err) {
      onError(err);
    }
  };
  return h("section", { "aria-labelledby": "record-h", class: "no-print-buttons" },
    h("h2", { id: "record-h" }, t("record.title")),
    h("div", { class: "row" },
      h("button", { type: "button", id: "show-record", onclick: show }, t("record.show")),
      h("button", { type: "button", id: "csv-record", onclick: csv }, t("record.csv"))),
    out);
}
