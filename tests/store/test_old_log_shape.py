"""Matches stored before the compacted log moved into the doc hash keep working, with no migration.

The previous store kept a match's compacted log at a key of its own (``{match:<id>}:log``), whose
expiry each save refreshed. Such a match is made here exactly as the previous store made it (its
create script, kept below as it was), then read, saved, compacted and deleted by this store: its
saves keep refreshing the log key and its reads read it, until its next compaction moves the log
into the doc hash (``l``, marked by ``lh``) and unlinks the key. Each runs on one Redis and on a
Cluster (the second run of a script, naming the log key, goes to the same slot).
"""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from service.store import event_log
from service.store.base import IdempotencyRecord, MatchNotFound, idempotency_scope
from service.store.encoding import dump_record, dumps, pack_document
from service.store.keys import doc_key, events_key, log_key
from service.store.redis_store import RedisStore
from tests.redis_server import LocalRedisCluster, RedisServer

REC = IdempotencyRecord(fingerprint="sha256:x", answer={"status": 200, "view": {"hand": ["5H"]}, "version": 2})

# the previous store's create script (service/store/redis_scripts.py before the log moved into the
# doc hash), verbatim: KEYS doc, events, log[, record]
PREVIOUS_CREATE = """#!lua
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'c') == ARGV[3] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1
  end
  return -1
end
if KEYS[4] and not redis.call('SET', KEYS[4], ARGV[5], 'NX', 'PX', ARGV[4]) then return -3 end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('SET', KEYS[3], ARGV[6], 'PX', ARGV[2])
local seq = 0
for i = 8, #ARGV do
  seq = seq + 1
  redis.call('XADD', KEYS[2], seq .. '-0', 'd', ARGV[i])
end
if seq > 0 and tonumber(ARGV[7]) == seq then
  redis.call('XTRIM', KEYS[2], 'MAXLEN', 0)
end
redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[1], 's', seq, 'c', ARGV[3], 'k', ARGV[7])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
"""


def create_old_shape(
    client: redis.Redis,
    match_id: str,
    document: Any,
    events: list[Any],
    *,
    ttl_ms: int,
    record: tuple[str, IdempotencyRecord] | None = None,
    record_ttl_ms: int = 86_400_000,
) -> None:
    """Store a match as the previous store's create did (its first events in the log key)."""
    texts = [dumps(event) for event in events]
    keys = [doc_key(match_id), events_key(match_id), log_key(match_id), *([record[0]] if record else [])]
    args = [pack_document(document), ttl_ms, secrets.token_hex(8), record_ttl_ms,
            dump_record(record[1]) if record else "", event_log.frame(texts, b"") if texts else "", len(texts), *texts]
    assert client.eval(PREVIOUS_CREATE, len(keys), *keys, *args) == 1


@pytest.fixture(params=["redis", "redis_cluster"])
def shaped(request: pytest.FixtureRequest) -> Iterator[tuple[RedisStore, redis.Redis]]:
    """This store, and a plain client to the node that holds match ``old`` (every test's match)."""
    store: RedisStore = request.getfixturevalue(f"{request.param}_store")
    if request.param == "redis":
        server: RedisServer = request.getfixturevalue("redis_server")
        client = server.client()
    else:
        cluster: LocalRedisCluster = request.getfixturevalue("redis_cluster")
        client = cluster.node_for(doc_key("old")).client()
    with contextlib.closing(client):
        yield store, client


def calls(client: redis.Redis) -> dict[str, int]:
    """The commands the node ran since its last ``CONFIG RESETSTAT``, by name."""
    stats = client.info("commandstats")
    return {name.removeprefix("cmdstat_"): value["calls"] for name, value in stats.items()}


def test_an_old_shape_matchs_log_key_is_still_refreshed_by_each_save(redis_server: RedisServer) -> None:
    """The expiry checks the store made before the log moved into the doc hash, on a match stored
    then: its log key carries the TTL and each save refreshes it, reads do not."""
    redis_server.flush()
    store = RedisStore.from_url(redis_server.url, ttl_seconds=2, idempotency_ttl_seconds=1)
    client = redis_server.client()
    try:
        create_scope = idempotency_scope("m1", "c")
        create_old_shape(client, "m1", {"n": 0}, [{"e": 1}], ttl_ms=2000, record=(create_scope, REC),
                         record_ttl_ms=1000)
        # a match's first events go straight to its compacted log; the Stream starts with the next
        match_keys = [b"{match:m1}:doc", b"{match:m1}:log"]
        for key in match_keys:
            assert 1000 < client.pttl(key) <= 2000
        assert 0 < client.pttl(create_scope) <= 1000
        time.sleep(0.6)
        before = [client.pttl(key) for key in match_keys]
        assert all(p <= 1400 for p in before)
        store.save("m1", 1, {"n": 1}, [{"e": 2}], (idempotency_scope("m1", "k"), REC))
        after = [client.pttl(key) for key in match_keys]
        assert all(b < a <= 2000 for a, b in zip(after, before, strict=True))  # refreshed by the save
        assert 1000 < client.pttl(b"{match:m1}:events") <= 2000  # the Stream the save started
        assert 0 < client.pttl(idempotency_scope("m1", "k")) <= 1000
        assert client.hmget(b"{match:m1}:doc", "l", "lh") == [None, None]  # a save moves no log
        # reads do not refresh: the TTLs only go down from what the save left
        time.sleep(0.05)
        store.load("m1")
        assert [e.data for e in store.events("m1")] == [{"e": 1}, {"e": 2}]
        assert all(client.pttl(key) < a for key, a in zip(match_keys, after, strict=True))
        time.sleep(2.1)
        with pytest.raises(MatchNotFound):
            store.load("m1")
        with pytest.raises(MatchNotFound):
            store.events("m1")
        assert store.get_idempotency(idempotency_scope("m1", "k")) is None
        assert client.keys("*") == []
    finally:
        client.close()
        store.close()


def test_an_old_shape_match_is_read_saved_and_compacted_into_its_hash(shaped: tuple[RedisStore, redis.Redis]) -> None:
    store, client = shaped
    doc, log = doc_key("old"), log_key("old")
    expected: list[Any] = [{"e": 0}, {"e": 1, "big": 2**70}, {"e": 2, "s": "é"}]
    create_old_shape(client, "old", {"n": 0}, expected, ttl_ms=store.ttl_seconds * 1000)
    assert client.hget(doc, "k") == b"3" and client.strlen(log) > 0 and client.hmget(doc, "l", "lh") == [None, None]
    # reads: the log from its key, then the Stream; every slice as from any other match
    assert [e.data for e in store.events("old")] == expected
    assert [(e.seq, e.data) for e in store.events("old", after=1, limit=1)] == [(2, expected[1])]
    # a save: the first run of the script, without the log key, wrote nothing; the second, naming
    # it, commits and refreshes the log key's expiry with the others
    client.pexpire(log, 60_000)
    client.config_resetstat()
    version = store.save("old", 1, {"n": 1}, [{"e": 3}])
    expected.append({"e": 3})
    used = calls(client)
    assert (used["evalsha"], used["hmget"], used["pexpire"], used["hset"]) == (2, 2, 3, 1), used
    assert client.pttl(log) > 60_000 and client.hmget(doc, "l", "lh") == [None, None]
    # saves up to the next compaction (16 events in the Stream), which moves the log into the hash
    while client.exists(log):
        assert [e.data for e in store.events("old")] == expected
        version = store.save("old", version, {"n": version}, [{"e": version + 2}])
        expected.append({"e": version + 1})
    assert client.hget(doc, "lh") == b"1" and client.hstrlen(doc, "l") > 0
    assert client.hget(doc, "k") == str(len(expected)).encode() and client.xlen(events_key("old")) == 0
    assert [e.data for e in store.events("old")] == expected
    for after in (0, 1, 3, 10, len(expected) - 1):
        assert [e.data for e in store.events("old", after=after, limit=4)] == expected[after : after + 4]
    # from here on a save is one script and two expiries, as for a match made by this store
    client.config_resetstat()
    version = store.save("old", version, {"n": version}, [{"e": version + 2}])
    expected.append({"e": version + 1})
    used = calls(client)
    assert (used["evalsha"], used["hmget"], used["pexpire"]) == (1, 1, 2), used
    assert [e.data for e in store.events("old")] == expected and not client.exists(log)
    assert store.delete("old") is True
    assert client.keys("{match:old}*") == []


def test_deleting_an_old_shape_match_unlinks_its_log_key(shaped: tuple[RedisStore, redis.Redis]) -> None:
    store, client = shaped
    scope = idempotency_scope("old", "k")
    create_old_shape(client, "old", {"n": 0}, [{"e": 0}, {"e": 1}], ttl_ms=store.ttl_seconds * 1000)
    store.save("old", 1, {"n": 1}, [{"e": 2}], (scope, REC))
    assert client.exists(doc_key("old"), events_key("old"), log_key("old")) == 3
    assert store.delete("old") is True
    assert client.exists(doc_key("old"), events_key("old"), log_key("old")) == 0
    assert client.keys("{match:old}*") == [scope.encode()]  # the record is left to its own expiry
    with pytest.raises(MatchNotFound):
        store.events("old")
    assert store.delete("old") is False
