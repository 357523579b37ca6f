"""The match record printed: a score sheet as CSV, and a score sheet with the trick-by-trick record as
plain text, in the caller's language (``GET /v1/matches/{id}/record?format=csv|text``).

Both are made from the record itself (``service.matches.record``), whatever the game: a round's
numbers are the round record's lists of integers with one entry per seat (or per team), in the
record's own order (bids, tricks, points, scores ... as the game names them).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

from service.api.i18n import catalog, current_language, page_word, render
from service.rules.facts import is_json_int
from service.rules.messages import Msg
from service.rules.registry import RULESETS


def _number(record: Mapping[str, Any], index: int) -> Any:
    return record.get("round", record.get("number", index + 1))


def _columns(rounds: Sequence[Mapping[str, Any]], players: int, teams: int) -> list[tuple[str, int]]:
    """The per-seat or per-team integer lists of the round records: (key, width), in first-seen order."""
    out: list[tuple[str, int]] = []
    for record in rounds:
        for key, value in record.items():
            if (isinstance(value, list) and len(value) in (players, teams) and value
                    and all(is_json_int(v) for v in value)
                    and (key, len(value)) not in out):
                out.append((key, len(value)))
    return out


def _label(key: str) -> str:
    """A round record's list (``tricks_won``) as the reader says it ("tricks won", "trik dimenangkan")."""
    known = f"record.column.{key}"
    if known in catalog(current_language()) or known in catalog("en"):
        return render(Msg(known))
    return key.replace("_", " ")


def _heads(names: Sequence[str], columns: Sequence[tuple[str, int]], players: int) -> list[str]:
    heads = [render(Msg("record.round")), render(Msg("record.dealer"))]
    for key, width in columns:
        label = _label(key)
        if width == players:
            heads += [f"{name}: {label}" for name in names]
        else:
            heads += [render(Msg("record.team_column", team=t, key=label)) for t in range(width)]
    return heads


def _rows(record: Mapping[str, Any]) -> tuple[list[str], list[list[Any]]]:
    names: list[str] = list(record["players"])
    rounds: list[Mapping[str, Any]] = list(record["rounds"])
    teams = 2 if len(names) >= 4 else 0
    columns = _columns(rounds, len(names), teams)
    rows = []
    for i, r in enumerate(rounds):
        dealer = r.get("dealer")
        row: list[Any] = [_number(r, i), names[dealer] if isinstance(dealer, int) and 0 <= dealer < len(names) else ""]
        for key, width in columns:
            value = r.get(key)
            row += list(value) if isinstance(value, list) and len(value) == width else [""] * width
        rows.append(row)
    return _heads(names, columns, len(names)), rows


def as_csv(record: Mapping[str, Any]) -> str:
    """The score sheet: one row per finished round (its number, dealer, and each seat's numbers)."""
    heads, rows = _rows(record)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(heads)
    writer.writerows(rows)
    return out.getvalue()


def as_text(record: Mapping[str, Any]) -> str:
    """A printable record: who played what, the score sheet, and each round's deal and actions."""
    names: list[str] = list(record["players"])
    ruleset = RULESETS.get(record["ruleset"])
    lines = [
        render(Msg("record.title", ruleset=ruleset.name if ruleset is not None else record["ruleset"],
                   mode=Msg(f"record.mode.{record['mode']}"))),
        render(Msg("record.players", players=", ".join(f"{i + 1}: {n}" for i, n in enumerate(names)))),
        render(Msg("record.status", status=Msg(f"record.status.{record['status']}"),
                   scores=" ".join(map(str, record["scores"])),
                   winners=", ".join(_who(names, w, record) for w in record["winners"]) or "-")),
        "",
    ]
    heads, rows = _rows(record)
    widths = [max(len(str(c)) for c in col) for col in zip(heads, *rows, strict=True)]
    lines.append("  ".join(str(h).ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    accounts = _round_accounts(record)
    if accounts:
        lines += ["", render(Msg("record.rounds_heading"))]
        lines += ["  " + line for line in accounts]
    by_deal: dict[Any, list[Mapping[str, Any]]] = {}
    for action in record["actions"]:
        by_deal.setdefault(action["deal"], []).append(action)
    if record.get("seed_commitment"):
        lines += ["", render(Msg("record.seed_commitment", commitment=record["seed_commitment"]))]
        lines += [render(Msg("record.entropy", name=names[seat], entropy=entropy))
                  for seat, entropy in enumerate(record.get("entropies") or []) if entropy is not None]
    for deal in record["deals"]:
        lines += ["", render(Msg("record.deal", number=deal["index"] + 1))]
        if "commitment" in deal:
            lines.append(render(Msg("record.commitment", commitment=deal["commitment"])))
        if "seed" in deal:
            lines.append(render(Msg("record.seed", seed=deal["seed"])))
        for seat, hand in enumerate(deal.get("hands") or []):
            if hand is not None:
                lines.append(f"  {names[seat]}: {' '.join(hand)}")
        for action in by_deal.get(deal["index"], []):
            lines.append("  " + _action_line(names, action))
    refused = record.get("refused") or []
    if refused:
        lines += ["", render(Msg("record.refused"))]
        lines += ["  " + _refused_line(names, entry) for entry in refused]
    if "match_seed" in record:
        lines += ["", render(Msg("record.match_seed", seed=record["match_seed"]))]
    return "\n".join(lines) + "\n"


SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
#: the round record's lists that say what each seat or team gained in the round, in the order shown
GAINS = ("points", "rams", "pips")


def _round_accounts(record: Mapping[str, Any]) -> list[str]:
    """One line per finished round, as a person tells it: "Round 2 — dealer Budi — trump ♥ — Ani +10,
    Citra +20" (each seat's or team's gain in the round; a unit named where it is not points)."""
    names: list[str] = list(record["players"])
    out = []
    for i, r in enumerate(record["rounds"]):
        dealer = r.get("dealer")
        trump = r.get("trump")
        gains = []
        for key in GAINS:
            value = r.get(key)
            if not (isinstance(value, list) and value and all(is_json_int(v) for v in value)):
                continue
            per_seat = len(value) == len(names)
            unit = "" if key == "points" else " " + render(Msg(f"record.unit.{key}"))
            for who, gained in enumerate(value):
                if gained:
                    name = names[who] if per_seat else render(Msg("record.team", team=who))
                    gains.append(f"{name} {gained:+d}{unit}")
        out.append(render(Msg(
            "record.round_account",
            number=_number(r, i),
            dealer=names[dealer] if isinstance(dealer, int) and 0 <= dealer < len(names) else "-",
            trump=render(Msg("record.trump", sign=SUIT_SIGNS[trump], suit=Msg(f"suit.{trump}")))
            if trump in SUIT_SIGNS else render(Msg("record.no_trump")),
            gains=", ".join(gains) or render(Msg("record.no_gains")),
        )))
    return out


def _who(names: Sequence[str], winner: int, record: Mapping[str, Any]) -> str:
    if len(record["scores"]) == len(names) and 0 <= winner < len(names):
        return names[winner]
    return render(Msg("record.team", team=winner))


def _refused_line(names: Sequence[str], entry: Mapping[str, Any]) -> str:
    by = entry.get("by")
    who = names[by] if isinstance(by, int) and 0 <= by < len(names) else render(Msg("record.referee"))
    action = entry.get("action")
    what = " ".join(_what(action)) if isinstance(action, Mapping) else "-"
    return render(Msg("record.refused_entry", seq=entry.get("seq_after"), who=who, action=what, code=entry.get("code")))


def _what(action: Mapping[str, Any]) -> list[str]:
    """An action (by the page's word for it) and its values, as the text record prints them."""
    what = [page_word("action", str(action.get("type")))]
    for key in ("card", "amount", "suit"):
        if key in action:
            what.append(str(action[key]))
    if "cards" in action and isinstance(action["cards"], list):
        what.append(" ".join(map(str, action["cards"])))
    if isinstance(action.get("result"), Mapping):
        what.append("; ".join(f"{_label(k)}: {_plain(v)}" for k, v in action["result"].items()))
    return what


def _plain(value: Any) -> str:
    """A reported fact in plain text: a list as its values, an object as its values, null as "-"."""
    if isinstance(value, Mapping):
        return " ".join(_plain(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return " ".join(_plain(v) for v in value)
    return "-" if value is None else str(value)


def _action_line(names: Sequence[str], entry: Mapping[str, Any]) -> str:
    action = entry["action"]
    seat = action.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else render(Msg("record.referee"))
    line = f"{entry['seq']:>4}  {who}: {' '.join(_what(action))}"
    return line + (f"  ({render(Msg('record.undone'))})" if entry["undone"] else "")
