"""The compacted event log of the Redis stores: older events kept as compressed frames.

A match's events arrive in its Stream (``{match:<id>}:events``); once the Stream holds
``compact_every`` of them they are moved, in one atomic script, to one string (the doc hash's
field ``l``; ``{match:<id>}:log`` for a match stored before, until its next compaction) as a frame
appended to the ones before, and trimmed from the Stream. A
frame costs far less Redis memory an event than a Stream entry, because each frame is raw deflate
whose preset dictionary is the last 32 KB of the events before it in its **segment** (so a round
compresses against the rounds before it; figures: ``bench/README.md``, "Small matches").

Frames follow each other from seq 1 with no gaps; each is ``varint(count) varint(length)`` then
``length`` bytes of raw deflate of the events' JSON texts, each followed by a newline (JSON text
never holds a raw newline). A segment is ``SEGMENT_FRAMES`` frames: the frame after a full segment
is compressed with no dictionary, and marked so by a zero byte before it (a frame's count is never
0). So making the next frame (``next_frame``) inflates the open segment only, never the whole log:
a compaction costs the same at the 50th event and the 5,000th. A log written before segments has no
mark: it is one segment, read as before, and the next frame after it starts a new one.

Reading the log (``read_log``) inflates it from the start; only reads of events older than the
Stream's (``events(after=...)`` below the compacted seq, undo of a round's start, the record and the
rounds) read it.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

#: deflate's window: the most of the preceding text a frame's dictionary can use
WINDOW = 32 * 1024
LEVEL = 9
#: frames in a segment: the next frame starts a new one, compressed with no dictionary. 32 frames
#: (about 500 events) keep a log within about 8% of one unbroken chain and bound what making a frame
#: inflates to 31 frames' text (``bench/compaction.py``; 16 frames cost as much CPU and 16% bytes)
SEGMENT_FRAMES = 32
#: the byte before a frame that starts a segment (a frame's own first byte, its count, is never 0)
SEGMENT_MARK = b"\x00"


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _read_varint(blob: bytes, at: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        byte = blob[at]
        at += 1
        n |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return n, at


def frame(texts: Sequence[bytes], before: bytes) -> bytes:
    """One frame holding ``texts`` (event JSON texts, no newline in any), compressed against the
    raw text of the events before them in their segment (``before``; empty: the frame begins its
    segment)."""
    raw = b"".join(text + b"\n" for text in texts)
    zdict = before[-WINDOW:]
    if zdict:
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
    else:
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9)
    body = packer.compress(raw) + packer.flush()
    return _varint(len(texts)) + _varint(len(body)) + body


def next_frame(texts: Sequence[bytes], log: bytes) -> bytes:
    """The bytes to append to ``log`` to hold ``texts`` after its events: a frame compressed
    against the open segment's text, or, once that segment holds ``SEGMENT_FRAMES`` frames, the
    mark and a frame that starts the next (the first frame of a log needs no mark)."""
    frames, raw = open_segment(log)
    if frames >= SEGMENT_FRAMES:
        return SEGMENT_MARK + frame(texts, b"")
    return frame(texts, raw)


def _frames(blob: bytes) -> list[tuple[bool, int, int, int]]:
    """Each frame of a log: whether it starts a segment, its event count, and where its deflate
    body begins and ends (headers only: nothing is inflated)."""
    found: list[tuple[bool, int, int, int]] = []
    at = 0
    while at < len(blob):
        fresh = blob[at] == 0
        if fresh:
            at += 1
        count, at = _read_varint(blob, at)
        length, at = _read_varint(blob, at)
        found.append((fresh or not found, count, at, at + length))
        at += length
    return found


def _inflate(blob: bytes, frames: Sequence[tuple[bool, int, int, int]]) -> tuple[list[bytes], bytes]:
    """The event texts of ``frames`` (consecutive, the first of them starting a segment), and the
    raw text of the segment the last one is in."""
    texts: list[bytes] = []
    raw = bytearray()
    for fresh, count, start, end in frames:
        if fresh:
            raw = bytearray()
        zdict = bytes(raw[-WINDOW:])
        unpacker = zlib.decompressobj(-15, zdict) if zdict else zlib.decompressobj(-15)
        part = unpacker.decompress(blob[start:end]) + unpacker.flush()
        lines = part.split(b"\n")
        if len(lines) != count + 1 or lines[-1]:
            raise ValueError(f"a log frame says {count} events and holds {len(lines) - 1}")
        texts.extend(lines[:-1])
        raw += part
    return texts, bytes(raw)


def read_log(blob: bytes, after: int = 0) -> tuple[int, list[bytes]]:
    """The event texts of a log from the segment that holds seq ``after + 1`` on (the earlier
    segments are not inflated), with the seq before the first of them (0: from seq 1)."""
    frames = _frames(blob)
    first = seq = start = 0
    for index, (fresh, count, _, _) in enumerate(frames):
        if fresh and seq <= after:
            first, start = seq, index
        seq += count
    texts, _ = _inflate(blob, frames[start:])
    return first, texts


def open_segment(blob: bytes) -> tuple[int, bytes]:
    """How many frames the log's last segment holds, and their raw text (what the next frame of
    that segment is compressed against): only that segment is inflated."""
    frames = _frames(blob)
    starts = [index for index, (fresh, *_) in enumerate(frames) if fresh]
    segment = frames[starts[-1]:] if starts else frames
    return len(segment), _inflate(blob, segment)[1]
