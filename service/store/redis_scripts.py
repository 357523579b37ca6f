"""The Lua scripts of the Redis stores: each commit is one of them, so one atomic step in one slot.

They declare themselves with a ``#!lua`` shebang (Redis 7 or later), so Redis refuses a whole
script up front, before any write, when it is out of memory or a read-only replica, instead of
failing or passing half-way through it.

Every commit carries a random id stored with the document (``c``). An attempt that finds its own
id there already (its reply was lost and the call was retried, or the first attempt ran after the
retry) reports success without writing again, so a commit is never applied twice. It still
refreshes the match's expiry there: that is a write, so a ``WAIT`` after the retry waits for the
replicas to reach the first attempt's write too (replication keeps the master's order).
"""

from __future__ import annotations

# Where the compacted log (``event_log``) is kept: in the doc hash, field 'l', which 'lh' marks (on
# every match created since), so that it expires and is deleted with the document by construction
# and a save refreshes two expiries, not three. A match stored before has no 'lh' and its log (if
# any) at the key ``{match:<id>}:log``: its saves refresh that key's expiry too, its reads read it,
# its delete unlinks it, and its next compaction moves the log into the hash and unlinks the key,
# after which it is a match like any other (nothing to migrate by hand).

#: what a script answers, before it has written anything, when the match's compacted log is at its
#: own key (a match stored before the log moved into the doc hash) and the caller did not name that
#: key: the caller runs it again naming it (``RedisStore``). A script may only touch the keys it is
#: given, and the store names the log key only then: a key named that does not exist would make a
#: Cluster node refuse every call on the match while its slot migrates (TRYAGAIN).
LOG_KEY_NEEDED = -4

#: the Lua that reads a match's compacted log into ``log`` (``cur[3]``: the doc hash's 'lh'), from
#: the hash, or from the log key a match stored before names (``KEYS[3]``), or asks for that key
_READ_LOG = """if cur[3] then
  log = redis.call('HGET', KEYS[1], 'l') or ''
elseif KEYS[3] then
  log = redis.call('GET', KEYS[3]) or ''
else
  return LOG_KEY_NEEDED
end"""

# KEYS: doc, events[, record]. ARGV: document, ttl ms, commit id, record ttl ms, record, log frame
# ('' for none), events in the frame (0, or all of them), events...
# The Stream exists from here on (an empty one whose last id is the last seq, when the events went
# to the log), so that a script never finds only some of its keys on a Cluster node in the middle
# of a slot's migration (TRYAGAIN); the log is a field of the doc hash, so never such a key.
# The idempotency record is written first, by SET NX, which is also the check that its key is free
# (one command, where a check and a write would be two), before anything else is written.
# Returns 1 (created), -1 (exists), -3 (idempotency key taken).
CREATE = """#!lua
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'c') == ARGV[3] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1
  end
  return -1
end
if KEYS[3] and not redis.call('SET', KEYS[3], ARGV[5], 'NX', 'PX', ARGV[4]) then return -3 end
redis.call('DEL', KEYS[2])
local seq = 0
for i = 8, #ARGV do
  seq = seq + 1
  redis.call('XADD', KEYS[2], seq .. '-0', 'd', ARGV[i])
end
if seq > 0 and tonumber(ARGV[7]) == seq then
  redis.call('XTRIM', KEYS[2], 'MAXLEN', 0)
end
redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[1], 's', seq, 'c', ARGV[3], 'k', ARGV[7], 'l', ARGV[6], 'lh', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
"""

# KEYS: doc, events[, log][, record] (the log key named only when the match's log is at its own key,
# the record's only when ARGV[6] is a record). ARGV: expected version (followed by '/' and the id of
# the commit that must have written it, when the caller names one), document, ttl ms, commit id,
# record ttl ms, record ('' for none), events... Returns {new version, last seq, compacted seq},
# {-1} (no match), {-2, version} (conflict: another version, or the expected one by another commit
# than the one named, as after a failover that lost a write and moved on), {-3} (key taken),
# LOG_KEY_NEEDED (nothing written). A retry of an applied commit returns {version}. Once the version
# (and commit) are the expected ones, the record is written first (SET NX, as in CREATE). It
# refreshes the expiry of the document and the Stream (the log in the hash shares the document's),
# and of the log key for a match whose log is still there.
SAVE = """#!lua
local cur = redis.call('HMGET', KEYS[1], 'v', 's', 'c', 'k', 'lh')
if not cur[1] then return {-1} end
local version = tonumber(cur[1])
local expected, held = string.match(ARGV[1], '^(-?%d+)/?(.*)$')
expected = tonumber(expected)
if version ~= expected or (held ~= '' and cur[3] ~= held) then
  if version == expected + 1 and cur[3] == ARGV[4] then
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
    return {version}
  end
  return {-2, version}
end
local record = ARGV[6] ~= '' and KEYS[#KEYS] or nil
local log = #KEYS == (record and 4 or 3) and KEYS[3] or nil
if not cur[5] and not log then return LOG_KEY_NEEDED end
if record and not redis.call('SET', record, ARGV[6], 'NX', 'PX', ARGV[5]) then return {-3} end
local seq = tonumber(cur[2])
for i = 7, #ARGV do
  seq = seq + 1
  redis.call('XADD', KEYS[2], seq .. '-0', 'd', ARGV[i])
end
version = version + 1
redis.call('HSET', KEYS[1], 'v', version, 'd', ARGV[2], 's', seq, 'c', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if not cur[5] then redis.call('PEXPIRE', log, ARGV[3]) end
return {version, seq, tonumber(cur[4] or 0)}
""".replace("READ_LOG", _READ_LOG).replace("LOG_KEY_NEEDED", str(LOG_KEY_NEEDED))

# KEYS: doc, events[, log]. ARGV: compacted seq expected, last seq of the new frame, the frame,
# 1 when it starts a segment (else 0: ``event_log``), and the commit the document is expected at
# (the one whose events the frame ends with: '' or none, not checked). Appends the frame to the log
# (HSET of the joined text: allocated to fit, where APPEND would leave up to as much again spare;
# the log is not sent back whole) and trims the frame's events from the stream, if nobody compacted
# since the log was read and the document is still at that commit (so the Stream still holds the
# events the frame holds: a failover that lost the last save since the caller read, or saved,
# them refuses it). 'ls' is where in the log the open segment begins, set by the frame that starts it (none:
# at 0); 'lc' the compacted seq this script wrote last, so that a compaction by a release from
# before segments (which leaves 'lc' behind 'k') makes the next read take the whole log as one
# segment (``TAIL``). A match whose log was at its own key gets it in the hash from here on, and
# the key is unlinked. Returns 1 (compacted), 0 (the log moved on, or the match is gone),
# LOG_KEY_NEEDED.
COMPACT = """#!lua
local cur = redis.call('HMGET', KEYS[1], 'v', 'k', 'lh', 'l', 'c')
if not cur[1] or tonumber(cur[2] or 0) ~= tonumber(ARGV[1]) then return 0 end
if ARGV[5] and ARGV[5] ~= '' and cur[5] ~= ARGV[5] then return 0 end
if not cur[3] and not KEYS[3] then return LOG_KEY_NEEDED end
local log = cur[4]
if not cur[3] then log = redis.call('GET', KEYS[3]) end
log = log or ''
redis.call('XTRIM', KEYS[2], 'MINID', (tonumber(ARGV[2]) + 1) .. '-0')
redis.call('HSET', KEYS[1], 'k', ARGV[2], 'l', log .. ARGV[3], 'lh', 1, 'lc', ARGV[2])
if ARGV[4] == '1' then redis.call('HSET', KEYS[1], 'ls', #log) end
if not cur[3] then redis.call('UNLINK', KEYS[3]) end
return 1
""".replace("READ_LOG", _READ_LOG).replace("LOG_KEY_NEEDED", str(LOG_KEY_NEEDED))

# KEYS: doc, events[, log]. What a compaction reads: the log's open segment (from 'ls', when the
# last compaction was this release's: 'lc' is 'k'), else the whole log, which is then one segment.
# Reads only. Returns nil when there is no match, LOG_KEY_NEEDED when the log is at its own key and
# not named, else {compacted seq, the log from its open segment on ('' for none), the stream's
# entries, the document's commit}.
TAIL = """#!lua flags=no-writes
local cur = redis.call('HMGET', KEYS[1], 'v', 'k', 'lh', 'ls', 'lc', 'c')
if not cur[1] then return false end
local log
READ_LOG
local from = 0
if cur[4] and cur[5] == cur[2] then from = tonumber(cur[4]) end
return {cur[2] or '0', string.sub(log, from + 1), redis.call('XRANGE', KEYS[2], '-', '+'), cur[6] or ''}
""".replace("READ_LOG", _READ_LOG).replace("LOG_KEY_NEEDED", str(LOG_KEY_NEEDED))

# KEYS: doc, events[, log]. Returns 1 when the match existed, else 0, or LOG_KEY_NEEDED (nothing
# deleted).
DELETE = """#!lua
local cur = redis.call('HMGET', KEYS[1], 'v', 'lh')
if cur[1] and not cur[2] and not KEYS[3] then return LOG_KEY_NEEDED end
redis.call('UNLINK', unpack(KEYS))
return cur[1] and 1 or 0
""".replace("READ_LOG", _READ_LOG).replace("LOG_KEY_NEEDED", str(LOG_KEY_NEEDED))

# KEYS: doc, events[, log]. ARGV: events after this seq, count ('' for all). Reads only (it runs on
# a replica or a full Redis too). Returns nil when there is no match, LOG_KEY_NEEDED when the log is
# wanted and at its own key, else {compacted seq, the log ('' when every event asked for is in the
# stream), the stream's entries after both}.
EVENTS = """#!lua flags=no-writes
local cur = redis.call('HMGET', KEYS[1], 'v', 'k', 'lh')
if not cur[1] then return false end
local kept = cur[2] or '0'
local k = tonumber(kept)
local after = tonumber(ARGV[1])
local log = ''
if after < k then
READ_LOG
end
-- the entries after both, exclusive of the larger: its text as given, never a Lua number written
-- back (a number past 10^14 would be written as 9.0071992547409e+15, no stream id)
local start = '(' .. (after < k and kept or ARGV[1]) .. '-0'
local entries
if ARGV[2] == '' then
  entries = redis.call('XRANGE', KEYS[2], start, '+')
elseif ARGV[2] == '0' then
  entries = {}
else
  entries = redis.call('XRANGE', KEYS[2], start, '+', 'COUNT', ARGV[2])
end
return {k, log, entries}
""".replace("READ_LOG", _READ_LOG).replace("LOG_KEY_NEEDED", str(LOG_KEY_NEEDED))

# KEYS: doc. ARGV: the entry, the limit, an id of this append. Appends a refused action to the
# match's refusal log, kept in the doc hash itself (so it shares the document's expiry, its delete
# and its slot, and no key is ever made for a match that does not exist): field 'rn' counts the
# entries ever appended, 'r<n>' holds entry n, the one 'limit' before it is dropped; 'ri' is the id
# of the last append, so a retry of an append that did run does not append again. The expiry is
# left as it is. Returns the entry's number, or 0 when there is no match.
APPEND_REFUSAL = """#!lua
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local cur = redis.call('HMGET', KEYS[1], 'rn', 'ri')
if cur[2] == ARGV[3] then return tonumber(cur[1]) end
local n = tonumber(cur[1] or 0) + 1
redis.call('HSET', KEYS[1], 'rn', n, 'r' .. n, ARGV[1], 'ri', ARGV[3])
local old = n - tonumber(ARGV[2])
if old > 0 then redis.call('HDEL', KEYS[1], 'r' .. old) end
return n
"""

# KEYS: doc. ARGV: the limit. Reads only. Returns nil when there is no match, else the entries of
# the refusal log, oldest first.
REFUSALS = """#!lua flags=no-writes
local cur = redis.call('HMGET', KEYS[1], 'v', 'rn')
if not cur[1] then return false end
local n = tonumber(cur[2] or 0)
local fields = {}
for i = math.max(1, n - tonumber(ARGV[1]) + 1), n do fields[#fields + 1] = 'r' .. i end
if #fields == 0 then return {} end
return redis.call('HMGET', KEYS[1], unpack(fields))
"""

# KEYS: record. Sets the record's expiry to what it is: a write that changes nothing, so that a
# WAIT after it waits for the replicas to hold the record (and everything written before it).
# Returns the record's expiry (ms since the epoch), or a negative number when it is gone.
CONFIRM = """#!lua
local at = redis.call('PEXPIRETIME', KEYS[1])
if at > 0 then redis.call('PEXPIREAT', KEYS[1], at) end
return at
"""
