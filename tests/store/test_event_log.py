"""The compacted event log's frames and segments (``service.store.event_log``): every event reads
back, from any seq, from a log made in segments or from one made before them as one chain; making
the next frame and reading from a later segment never inflate the earlier segments."""

from __future__ import annotations

import json
import random
import zlib

import pytest

from service.store import event_log
from service.store.event_log import SEGMENT_FRAMES, SEGMENT_MARK, next_frame, open_segment, read_log


def _events(count: int, seed: int = 7) -> list[bytes]:
    rng = random.Random(seed)
    cards = [f"{rank}{suit}" for rank in ("A", "K", "Q", "J", "10", "9", "5") for suit in "CDHS"]
    return [json.dumps({"seq": n, "kind": "action", "action": {"type": "play", "seat": rng.randrange(4),
                                                                "card": rng.choice(cards)}},
                       separators=(",", ":")).encode() for n in range(1, count + 1)]


def _log_in_frames(texts: list[bytes], per_frame: int = 16) -> tuple[bytes, list[int]]:
    """The log ``next_frame`` builds frame by frame, and where each frame's bytes begin."""
    log, starts = b"", []
    for at in range(0, len(texts), per_frame):
        starts.append(len(log))
        log += next_frame(texts[at : at + per_frame], log)
    return log, starts


def _chained(texts: list[bytes], per_frame: int = 16) -> bytes:
    """A log as it was written before segments: every frame against all the text before it."""
    log, raw = b"", b""
    for at in range(0, len(texts), per_frame):
        part = texts[at : at + per_frame]
        log += event_log.frame(part, raw)
        raw += b"".join(text + b"\n" for text in part)
    return log


def _spoil(log: bytes, start: int, end: int) -> bytes:
    """``log`` with the deflate bytes between ``start`` and ``end`` (one frame's body) garbled."""
    return log[:start] + bytes(b ^ 0x5A for b in log[start:end]) + log[end:]


def test_every_event_reads_back_from_every_seq() -> None:
    texts = _events(3 * SEGMENT_FRAMES * 16 + 5)
    log, _ = _log_in_frames(texts)
    assert read_log(log) == (0, texts)
    segment = SEGMENT_FRAMES * 16
    for after in (0, 1, 15, 16, segment - 1, segment, segment + 1, 2 * segment + 7, len(texts) - 1):
        first, part = read_log(log, after)
        assert first <= after and part[after - first :] == texts[after:]


def test_a_segment_starts_every_segment_frames_frames() -> None:
    count = 3 * SEGMENT_FRAMES + 5
    texts = _events(count * 16)
    log, starts = _log_in_frames(texts)
    marked = [index for index, start in enumerate(starts) if log[start : start + 1] == SEGMENT_MARK]
    assert marked == [SEGMENT_FRAMES, 2 * SEGMENT_FRAMES, 3 * SEGMENT_FRAMES]
    frames, raw = open_segment(log)
    assert frames == 5 and raw == b"".join(t + b"\n" for t in texts[-frames * 16 :])


def test_the_next_frame_inflates_the_open_segment_only() -> None:
    """Whatever is in the earlier segments, garbled here, the next frame is the same: making it
    reads none of them (a compaction costs the same at the 50th frame as at the 5th)."""
    texts = _events((2 * SEGMENT_FRAMES + 8) * 16)
    log, starts = _log_in_frames(texts)
    more = _events(16, seed=8)
    spoiled = _spoil(log, starts[1] + 3, starts[2])  # inside the first segment
    with pytest.raises(zlib.error):
        read_log(spoiled)
    assert next_frame(more, spoiled) == next_frame(more, log)
    after = SEGMENT_FRAMES * 16 + 5  # in the second segment: the first is skipped
    assert read_log(spoiled, after) == read_log(log, after)
    grown = log + next_frame(more, log)
    assert read_log(grown)[1] == texts + more


def test_a_log_made_before_segments_reads_as_before_and_grows_in_segments() -> None:
    """An old log is one chain from seq 1: it is one segment, read from the start, and the frame after
    it starts a new segment (it holds more than SEGMENT_FRAMES frames) or joins it (fewer)."""
    texts = _events((SEGMENT_FRAMES + 8) * 16)
    old = _chained(texts)
    assert read_log(old) == (0, texts) and read_log(old, 400) == (0, texts)
    assert open_segment(old) == (SEGMENT_FRAMES + 8, b"".join(t + b"\n" for t in texts))
    more = _events(16, seed=9)
    grown = old + next_frame(more, old)
    assert grown[len(old) : len(old) + 1] == SEGMENT_MARK
    assert read_log(grown) == (0, texts + more) and read_log(grown, len(texts)) == (len(texts), more)
    short = _chained(texts[:64])
    joined = short + next_frame(more, short)
    assert joined[len(short) : len(short) + 1] != SEGMENT_MARK and read_log(joined) == (0, texts[:64] + more)


def test_a_frame_that_says_more_events_than_it_holds_is_refused() -> None:
    log = event_log.frame(_events(3), b"")
    lying = event_log._varint(4) + log[1:]
    with pytest.raises(ValueError, match="says 4 events and holds 3"):
        read_log(lying)
