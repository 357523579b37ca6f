// Dealt mode: a link and a QR code for each seat's phone (and one for a shared spectator screen),
// each opening this page with that seat's invitation in the URL fragment (the phone that opens it
// claims the seat: claim.js), or its token for a match created before invitations. A seat claimed
// shows that it is, and no code. The QR codes are drawn on a
// canvas by the vendored qrcode-generator (MIT, ../vendor/qrcode/LICENSE).
import qrcode from "../vendor/qrcode/qrcode.mjs";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { absoluteClaimUrl, absoluteMatchUrl } from "./routes.js";

const QR_SCALE = 4;
const QR_MARGIN = 4;

export function qrCanvas(text, label) {
  const code = qrcode(0, "M");
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const size = (count + 2 * QR_MARGIN) * QR_SCALE;
  const canvas = h("canvas", { width: size, height: size, role: "img", "aria-label": label, "data-text": text });
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = "#000";
  for (let r = 0; r < count; r += 1) {
    for (let c = 0; c < count; c += 1) {
      if (code.isDark(r, c)) ctx.fillRect((c + QR_MARGIN) * QR_SCALE, (r + QR_MARGIN) * QR_SCALE, QR_SCALE, QR_SCALE);
    }
  }
  return canvas;
}

function linkBlock(title, url, attrs) {
  return h("div", { class: "seat-link", ...attrs }, h("h3", {}, title),
    qrCanvas(url, t("share.qr_for", { name: title })),
    h("a", { href: url, target: "_blank", rel: "noopener" }, url));
}

function seatBlock(view, s) {
  if (view.claimed?.[s.seat]) {
    return view.computers?.[s.seat] ? null : h("div", { class: "seat-link", "data-seat": s.seat, "data-claimed": "" },
      h("h3", {}, s.name), h("p", {}, t("share.claimed")));
  }
  if (s.invite) return linkBlock(s.name, absoluteClaimUrl(view.id, s.seat, s.invite), { "data-seat": s.seat });
  return s.token ? linkBlock(s.name, absoluteMatchUrl(view.id, s.token), { "data-seat": s.seat }) : null;
}

// stored: what this device remembers of the match (store.findMatch), or null.
export function sharePanel(view, stored) {
  if (view.mode !== "dealt" || view.viewer?.role !== "referee") return null;
  if (!stored) return h("section", {}, h("h2", {}, t("share.title")), h("p", {}, t("share.unknown")));
  const blocks = stored.seats.map((s) => seatBlock(view, s)).filter(Boolean);
  if (stored.spectator) {
    blocks.push(linkBlock(t("share.spectator"), absoluteMatchUrl(view.id, stored.spectator), { "data-spectator": "" }));
  }
  return h("details", { class: "share", id: "share", open: view.version <= 1 },
    h("summary", {}, t("share.title")), h("p", {}, t("share.help")), blocks);
}
