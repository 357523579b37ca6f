"""Redis memory per live match: fills a private redis-server through ``RedisStore`` and measures.

    .venv/bin/python bench/redis_memory.py [--matches 2000] [--events 40] [--records 0]
    .venv/bin/python bench/redis_memory.py --real boerenbridge --matches 200 --actions 40 [--no-keys]

Synthetic mode (the default) stores, per match, a ~2 KB document and ``--events`` events of the
size the service writes (plays, bids, deals), committed the way the service commits them (one
create, then one save per action), plus ``--records`` idempotency records with a ~1 KB stored
answer each. ``--real RULESET`` instead plays ``--actions`` random legal actions per match
through the service's own use cases (``service.matches``), each with an Idempotency-Key, so the
documents, events and records are exactly what the service keeps.

Reports ``used_memory`` growth divided by the number of matches (what a live match costs the
server, allocator overhead included) and ``MEMORY USAGE`` of each kind of key, as JSON. Needs
``redis-server`` on the PATH; nothing touches any other Redis.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import random
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.redis_server when run as a script

from service.store.base import IdempotencyRecord, idempotency_scope
from service.store.encoding import dump_record, dumps, unpack_document
from service.store.keys import doc_key, events_key, idempotency_prefix
from service.store.redis_store import RedisOptions, RedisStore
from tests.redis_server import RedisServer

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "CDHS" for r in RANKS]
NAMES = ["Ayu Lestari", "Budi Santoso", "Citra Dewi", "Dodong Reyes"]


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def synthetic_document(rng: random.Random, match_no: int) -> dict[str, Any]:
    """A match document of the size and shape the service keeps (~2 KB)."""
    deck = DECK[:]
    rng.shuffle(deck)
    return {
        "format": 1,
        "ruleset": "boerenbridge",
        "mode": "dealt",
        "options": {"overshoot_rule": "cap", "dealer_bids_last": True, "hook": "dealer_only", "rounds": "up_down"},
        "players": NAMES,
        "referee_hash": _hash(f"ref-{match_no}"),
        "seat_hashes": [_hash(f"seat-{match_no}-{i}") for i in range(4)],
        "created_at": "2026-11-30T06:20:01.123456Z",
        "state": {
            "phase": "play",
            "round": 7,
            "dealer": 2,
            "trump": "H",
            "hands": [deck[i * 7 : i * 7 + 7] for i in range(4)],
            "trick": deck[28:30],
            "leader": 3,
            "bids": [2, 1, 0, 3],
            "tricks_won": [1, 0, 0, 2],
            "scores": [34, 12, -6, 51],
            "history": [
                {"round": r, "dealer": r % 4, "trump": "CDHS"[r % 4], "bids": [1, 0, 2, 1], "tricks": [1, 1, 2, 0],
                 "points": [12, -2, 14, -2]}
                for r in range(1, 11)
            ],
        },
        "undone": [],
    }


def synthetic_events(rng: random.Random, count: int) -> list[dict[str, Any]]:
    """Events as the service records them: a deal, bids, then plays, stamped and attributed."""
    events: list[dict[str, Any]] = []
    for i in range(count):
        at = f"2026-11-30T06:{20 + i // 60:02d}:{i % 60:02d}.{rng.randrange(10**6):06d}Z"
        if i % 20 == 0:
            deck = DECK[:]
            rng.shuffle(deck)
            events.append({"type": "deal", "dealer": i % 4, "deck": deck[:28], "trump": "S", "at": at})
        elif i % 20 < 5:
            events.append({"type": "bid", "seat": i % 4, "bid": rng.randrange(4), "by": f"seat:{i % 4}", "at": at})
        else:
            events.append({"type": "play", "seat": i % 4, "card": rng.choice(DECK), "by": f"seat:{i % 4}", "at": at})
    return events


def synthetic_record(rng: random.Random) -> IdempotencyRecord:
    """A stored answer of about 1 KB (a seat's view after an action)."""
    return IdempotencyRecord(
        fingerprint=_hash(str(rng.random())),
        answer={
            "version": rng.randrange(100),
            "status": "in_progress",
            "phase": "play",
            "dealer": 2,
            "to_act": [1],
            "scores": [34, 12, -6, 51],
            "winners": [],
            "hand": rng.sample(DECK, 7),
            "trick": rng.sample(DECK, 2),
            "legal_actions": [{"type": "play", "seat": 1, "card": c} for c in rng.sample(DECK, 7)],
            "last_trick": {"leader": 0, "cards": rng.sample(DECK, 4), "winner": 2},
            "round_history": [{"round": r, "bids": [1, 0, 2, 1], "tricks": [1, 1, 2, 0]} for r in range(1, 4)],
            "bids": [2, 1, 0, 3],
            "tricks_won": [1, 0, 0, 2],
            "players": NAMES,
        },
    )


def fill_synthetic(store: RedisStore, matches: int, events: int, records: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    ids = []
    for m in range(matches):
        match_id = f"bench-{m:06d}"
        document = synthetic_document(rng, m)
        evs = synthetic_events(rng, events)
        store.create(match_id, document, evs[:1])
        version = 1
        for i, event in enumerate(evs[1:], start=1):
            record = (idempotency_scope(match_id, f"key-{i}"), synthetic_record(rng)) if i <= records else None
            version = store.save(match_id, version, document, [event], record)
        ids.append(match_id)
    return ids


def fill_real(
    store: RedisStore,
    ruleset: str,
    matches: int,
    actions: int,
    seed: int,
    rulesets: Mapping[str, Any] | None = None,
    keys: bool = True,
    options: Mapping[str, Any] | None = None,
) -> list[str]:
    """Real matches through the service's use cases, ``actions`` random legal actions each, every
    request with an Idempotency-Key (as a mobile client sends it) unless ``keys`` is false."""
    from service.matches.usecases import Matches
    from service.rules.registry import RULESETS

    rulesets = RULESETS if rulesets is None else rulesets
    players = [f"{NAMES[i % len(NAMES)]} {i}" for i in range(rulesets[ruleset].default_players)]
    rng = random.Random(seed)
    uses = Matches(store, rulesets, rng=random.Random(seed + 1))
    ids = []
    for m in range(matches):
        body: dict[str, Any] = {"ruleset": ruleset, "mode": "dealt", "players": players}
        if options:
            body["options"] = dict(options)
        created = uses.create(body, idempotency_key=f"c-{seed}-{m}" if keys else None)
        match_id = created.match_id
        tokens = {seat.seat: seat.token for seat in created.seats}
        for a in range(actions):
            view = uses.view(match_id, tokens[0]).view
            if view["status"] != "in_progress" or not view["to_act"]:
                break
            seat = rng.choice(view["to_act"])
            legal = uses.view(match_id, tokens[seat]).view["legal_actions"]
            uses.act(match_id, tokens[seat], rng.choice(legal), idempotency_key=f"a-{m}-{a}" if keys else None)
        ids.append(match_id)
    return ids


def key_usage(server: RedisServer, ids: list[str], sample: int = 50) -> dict[str, float]:
    """Average MEMORY USAGE per match of each kind of key, over a sample of matches (the doc hash
    holds the compacted log)."""
    totals: dict[str, int] = {"doc": 0, "events": 0, "idempotency": 0}
    chosen = ids[:: max(1, len(ids) // sample)][:sample]
    with contextlib.closing(server.client(decode_responses=True)) as client:
        for match_id in chosen:
            totals["doc"] += client.memory_usage(doc_key(match_id), samples=0) or 0
            totals["events"] += client.memory_usage(events_key(match_id), samples=0) or 0
            for key in client.scan_iter(match=f"{idempotency_prefix(match_id)}*", count=1000):
                totals["idempotency"] += client.memory_usage(key, samples=0) or 0
    return {kind: round(total / len(chosen)) for kind, total in totals.items()}


def payload_sizes(server: RedisServer, ids: list[str]) -> dict[str, int]:
    """JSON bytes of one match's document and events (read through the store, wherever they
    are kept: the Stream or the compacted log), and how many are in the Stream."""
    store = RedisStore.from_url(server.url)
    with contextlib.closing(server.client()) as client, contextlib.closing(store):
        doc = client.hget(doc_key(ids[0]), "d") or b""
        events = store.events(ids[0])
        in_stream = int(client.xlen(events_key(ids[0])))
        log = int(client.hstrlen(doc_key(ids[0]), "l"))
        records = [client.get(k) or b"" for k in client.scan_iter(match=f"{idempotency_prefix(ids[0])}*")]
    return {
        "document_bytes": len(dumps(unpack_document(doc))),
        "document_stored_bytes": len(doc),
        "events": len(events),
        "events_in_stream": in_stream,
        "log_bytes": log,
        "event_bytes_avg": round(sum(len(dumps(e.data)) for e in events) / max(1, len(events))),
        "records": len(records),
        "record_bytes_avg": round(sum(len(r) for r in records) / max(1, len(records))),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--events", type=int, default=40, help="synthetic: events per match")
    parser.add_argument("--records", type=int, default=0, help="synthetic: idempotency records per match")
    parser.add_argument("--real", metavar="RULESET", help="play real matches of this ruleset instead")
    parser.add_argument("--actions", type=int, default=40, help="real: actions per match")
    parser.add_argument("--no-keys", action="store_true", help="real: send no Idempotency-Key")
    parser.add_argument("--options", type=json.loads, default=None, help="real: match options, as JSON")
    parser.add_argument("--compact-every", type=int, default=RedisOptions.compact_every,
                        help="Stream entries at which a save compacts them into the log (0: never, as before)")
    parser.add_argument("--stream-node-max-bytes", type=int, default=None, help="the server setting, if any")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp, RedisServer(Path(tmp), appendonly=False) as server:
        options = RedisOptions(compact_every=args.compact_every)
        store = RedisStore.from_url(server.url, ttl_seconds=7 * 24 * 3600, options=options)
        with contextlib.closing(server.client()) as client, contextlib.closing(store):
            if args.stream_node_max_bytes is not None:
                client.config_set("stream-node-max-bytes", args.stream_node_max_bytes)
            client.memory_purge()
            before = int(client.info("memory")["used_memory"])
            if args.real:
                ids = fill_real(store, args.real, args.matches, args.actions, args.seed, keys=not args.no_keys,
                                options=args.options)
            else:
                ids = fill_synthetic(store, args.matches, args.events, args.records, args.seed)
            client.memory_purge()
            after = int(client.info("memory")["used_memory"])
            keys = int(client.dbsize())
        result = {
            "mode": f"real:{args.real}{':no-keys' if args.no_keys else ''}" if args.real else "synthetic",
            "matches": len(ids),
            "compact_every": args.compact_every,
            "stream_node_max_bytes": args.stream_node_max_bytes,
            "keys": keys,
            "bytes_per_match": round((after - before) / len(ids)),
            "memory_usage_per_match": key_usage(server, ids),
            **payload_sizes(server, ids),
            "example_record_bytes": len(dump_record(synthetic_record(random.Random(0)))) if not args.real else None,
            "example_document_bytes": len(dumps(synthetic_document(random.Random(0), 0))) if not args.real else None,
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
