"""The compacted event log's frames and segments (``service.store.event_log``): a log made in
segments reads back whole as one chain (as a release from before segments reads it), a log made
before segments is one segment, and making the next frame inflates the open segment only."""

from __future__ import annotations

import json
import random
import zlib

import pytest

from service.store import event_log
from service.store.event_log import SEGMENT_FRAMES, next_frame, open_segment, read_log


def _events(count: int, seed: int = 7) -> list[bytes]:
    rng = random.Random(seed)
    cards = [f"{rank}{suit}" for rank in ("A", "K", "Q", "J", "10", "9", "5") for suit in "CDHS"]
    return [json.dumps({"seq": n, "kind": "action", "action": {"type": "play", "seat": rng.randrange(4),
                                                                "card": rng.choice(cards)}},
                       separators=(",", ":")).encode() for n in range(1, count + 1)]


def _raw(texts: list[bytes]) -> bytes:
    return b"".join(text + b"\n" for text in texts)


def _in_segments(texts: list[bytes], per_frame: int = 16) -> tuple[bytes, list[int]]:
    """The log compactions build frame by frame (each given the open segment only, as ``TAIL``
    reads it), and where each segment begins."""
    log, starts = b"", [0]
    for at in range(0, len(texts), per_frame):
        appended, new_segment = next_frame(texts[at : at + per_frame], log[starts[-1] :])
        if new_segment:
            starts.append(len(log))
        log += appended
    return log, starts


def _chained(texts: list[bytes], per_frame: int = 16) -> bytes:
    """A log as it was written before segments: every frame against all the text before it."""
    log = b""
    for at in range(0, len(texts), per_frame):
        log += event_log.frame(texts[at : at + per_frame], _raw(texts[:at]))
    return log


def test_a_log_in_segments_reads_back_whole_as_one_chain() -> None:
    """``read_log`` gives every frame the 32 KB of all the text before it, as a release from before
    segments does: a segment's first frame (no dictionary) and its later ones (against the end of
    that text) inflate the same."""
    texts = _events((3 * SEGMENT_FRAMES + 5) * 16)
    log, starts = _in_segments(texts)
    assert len(starts) == 4  # a new segment after every SEGMENT_FRAMES frames
    assert read_log(log) == (texts, _raw(texts))
    for number, start in enumerate(starts):  # each segment also reads alone, from its first frame
        end = starts[number + 1] if number + 1 < len(starts) else len(log)
        first = number * SEGMENT_FRAMES * 16
        assert read_log(log[start:end])[0] == texts[first : first + SEGMENT_FRAMES * 16]
    assert open_segment(log[starts[-1] :]) == (5, _raw(texts[-5 * 16 :]))


def test_the_next_frame_inflates_the_open_segment_only() -> None:
    """Whatever the earlier segments hold, garbled here, the next frame is the same: making it reads
    none of them (a compaction costs the same at the 50th frame as at the 5th)."""
    texts = _events((2 * SEGMENT_FRAMES + 8) * 16)
    log, starts = _in_segments(texts)
    spoiled = log[: starts[1] - 20] + bytes(b ^ 0x5A for b in log[starts[1] - 20 : starts[1]]) + log[starts[1] :]
    with pytest.raises((zlib.error, ValueError)):
        read_log(spoiled)
    more = _events(16, seed=8)
    assert next_frame(more, spoiled[starts[-1] :]) == next_frame(more, log[starts[-1] :])
    appended, new_segment = next_frame(more, log[starts[-1] :])
    assert not new_segment and read_log(log + appended)[0] == texts + more


def test_a_log_made_before_segments_is_one_segment() -> None:
    """An old log is one chain from seq 1: read whole, it is one segment; the frame after it starts a
    new segment when it holds SEGMENT_FRAMES frames or more, else joins it; either way the log still
    reads back whole."""
    more = _events(16, seed=9)
    for frames in (SEGMENT_FRAMES + 8, 4):
        texts = _events(frames * 16)
        old = _chained(texts)
        assert read_log(old) == (texts, _raw(texts)) and open_segment(old) == (frames, _raw(texts))
        appended, new_segment = next_frame(more, old)
        assert new_segment == (frames >= SEGMENT_FRAMES)
        assert read_log(old + appended)[0] == texts + more


def test_a_frame_that_says_more_events_than_it_holds_is_refused() -> None:
    log = event_log.frame(_events(3), b"")
    lying = event_log._varint(4) + log[1:]
    with pytest.raises(ValueError, match="says 4 events and holds 3"):
        read_log(lying)
