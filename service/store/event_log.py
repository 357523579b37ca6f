"""The compacted event log of the Redis stores: older events kept as compressed frames.

A match's events arrive in its Stream (``{match:<id>}:events``); once the Stream holds
``compact_every`` of them they are moved, in one atomic script, to one string (the doc hash's
field ``l``; ``{match:<id>}:log`` for a match stored before, until its next compaction) as a frame
appended to the ones before, and trimmed from the Stream. A
frame costs far less Redis memory an event than a Stream entry, because each frame is raw deflate
whose preset dictionary is the last 32 KB of the events before it (so a round compresses against
the rounds before it; figures: ``bench/README.md``, "Small matches").

Frames follow each other from seq 1 with no gaps; each is ``varint(count) varint(length)`` then
``length`` bytes of raw deflate of the events' JSON texts, each followed by a newline (JSON text
never holds a raw newline). Reading the log (``read_log``) inflates it from the start, each frame
given the 32 KB of text before it; only reads of events older than the Stream's
(``events(after=...)`` below the compacted seq, undo of a round's start, the record and the rounds)
read it.

**Segments.** Making the next frame needs the text it is compressed against, and inflating the
whole log for it made a compaction cost more the longer the match (0.4 ms a saved event at 6,000
events). So the log is written in segments of ``SEGMENT_FRAMES`` frames: the frame after a full
segment is compressed with no dictionary, and each later frame against the text of its own segment
only. The Redis store keeps where the open segment begins (``redis_scripts.TAIL``), and a compaction
reads and inflates that segment alone (``open_segment``, ``next_frame``): the same work at the 50th
event and the 5,000th. A worker that wrote the segment and every event since keeps its text and
makes the frame from that (``open_segments``, ``frame_after``): the same bytes, nothing read back.
Nothing in the bytes marks a segment, and none needs to: a frame compressed with no dictionary, or
against the end of the text before it, inflates the same when given the whole 32 KB before it, so
``read_log`` (and a release from before segments) reads every log as one chain, and a log written
before segments is one segment.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Sequence

#: deflate's window: the most of the preceding text a frame's dictionary can use
WINDOW = 32 * 1024
LEVEL = 9
#: frames in a segment: the next frame starts a new one, compressed with no dictionary. 48 frames
#: (about 770 events) keep a log within about 3-5% of one unbroken chain (a Forty-Fives match of
#: 1,000 actions: 23.4 KB of Redis against 23.3; 32 frames made it 25.5 KB, its log crossing an
#: allocation size) and bound what making a frame inflates to 47 frames' text (``bench/compaction.py``)
SEGMENT_FRAMES = 48


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
    raw text before them (``before``: that of their segment; empty: the frame begins one)."""
    raw = b"".join(text + b"\n" for text in texts)
    zdict = before[-WINDOW:]
    if zdict:
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
    else:
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9)
    body = packer.compress(raw) + packer.flush()
    return _varint(len(texts)) + _varint(len(body)) + body


def _inflated(blob: bytes) -> Iterator[bytes]:
    """Each frame of a log (or of a segment, from its first frame) inflated, in order, given the
    32 KB of text before it; ValueError for a frame that holds another number of events than it says."""
    raw = bytearray()
    at = 0
    while at < len(blob):
        count, at = _read_varint(blob, at)
        length, at = _read_varint(blob, at)
        zdict = bytes(raw[-WINDOW:])
        unpacker = zlib.decompressobj(-15, zdict) if zdict else zlib.decompressobj(-15)
        part = unpacker.decompress(blob[at : at + length]) + unpacker.flush()
        at += length
        held = part.count(b"\n")
        if held != count or not part.endswith(b"\n"):
            raise ValueError(f"a log frame says {count} events and holds {held}")
        raw += part
        yield part


def read_log(blob: bytes) -> tuple[list[bytes], bytes]:
    """The event texts of a log (or of a segment, from its first frame), and their raw text."""
    raw = b"".join(_inflated(blob))
    return raw.split(b"\n")[:-1], raw


def next_frame(texts: Sequence[bytes], segment: bytes) -> tuple[bytes, bool]:
    """The frame that holds ``texts`` after the log's open ``segment`` (its bytes, from the
    segment's first frame; empty for a new log), and whether it starts the next segment: it does,
    compressed with no dictionary, once ``segment`` holds ``SEGMENT_FRAMES`` frames; else it is
    compressed against the segment's text. Only ``segment`` is inflated."""
    return frame_after(texts, *open_segment(segment))


def frame_after(texts: Sequence[bytes], frames: int, text: bytes) -> tuple[bytes, bool]:
    """The frame that holds ``texts`` after an open segment of ``frames`` frames whose text ends
    with ``text`` (at least its last ``WINDOW`` bytes), and whether it starts the next segment."""
    if frames >= SEGMENT_FRAMES:
        return frame(texts, b""), True
    return frame(texts, text), False


def open_segment(segment: bytes) -> tuple[int, bytes]:
    """How many frames a segment (its bytes from its first frame) holds, and their raw text."""
    parts = list(_inflated(segment))
    return len(parts), b"".join(parts)
