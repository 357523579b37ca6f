"""The compacted event log of the Redis stores: older events kept as compressed frames.

A match's events arrive in its Stream (``{match:<id>}:events``); once the Stream holds
``compact_every`` of them they are moved, in one atomic script, to one string (the doc hash's
field ``l``; ``{match:<id>}:log`` for a match stored before, until its next compaction) as a frame
appended to the ones before, and trimmed from the Stream. A
frame costs far less Redis memory an event than a Stream entry, because each frame is raw deflate
whose preset dictionary is the last 32 KB of all the events before it (so a round compresses
against the rounds before it, about as well as the whole log as one zlib stream; figures:
``bench/README.md``, "Small matches").

Frames follow each other from seq 1 with no gaps; each is ``varint(count) varint(length)`` then
``length`` bytes of raw deflate of the events' JSON texts, each followed by a newline (JSON text
never holds a raw newline). Reading any part of the log inflates it from the start; only reads of
events older than the Stream's (``events(after=...)`` below the compacted seq, undo of a round's
start, the record and the rounds) read it.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

#: deflate's window: the most of the preceding text a frame's dictionary can use
WINDOW = 32 * 1024
LEVEL = 9


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
    raw text of every event before them (``before``, as ``read_log`` returns it)."""
    raw = b"".join(text + b"\n" for text in texts)
    zdict = before[-WINDOW:]
    if zdict:
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
    else:
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9)
    body = packer.compress(raw) + packer.flush()
    return _varint(len(texts)) + _varint(len(body)) + body


def read_log(blob: bytes) -> tuple[list[bytes], bytes]:
    """The event texts of a log (seq 1 first), and their raw text (for the next ``frame``)."""
    texts: list[bytes] = []
    raw = bytearray()
    at = 0
    while at < len(blob):
        count, at = _read_varint(blob, at)
        length, at = _read_varint(blob, at)
        zdict = bytes(raw[-WINDOW:])
        unpacker = zlib.decompressobj(-15, zdict) if zdict else zlib.decompressobj(-15)
        part = unpacker.decompress(blob[at : at + length]) + unpacker.flush()
        at += length
        lines = part.split(b"\n")
        if len(lines) != count + 1 or lines[-1]:
            raise ValueError(f"a log frame says {count} events and holds {len(lines) - 1}")
        texts.extend(lines[:-1])
        raw += part
    return texts, bytes(raw)
