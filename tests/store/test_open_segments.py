"""What a worker knows of a match's event log (``service.store.open_segments``): a save is recorded
only when it followed the worker's own last write, commit for commit and seq for seq; the frame made
from what is known is the one a read of the log would make; and a worker keeps a bounded number."""

from __future__ import annotations

from service.store.event_log import SEGMENT_FRAMES, WINDOW, frame_after, next_frame, open_segment
from service.store.open_segments import Known, OpenSegments

TEXTS = [b'{"seq":%d,"kind":"action"}' % n for n in range(1, 41)]


def _known_after_create() -> Known:
    return Known(0, 0, b"", (TEXTS[0],), "c0")


def test_a_save_following_this_workers_last_write_is_recorded() -> None:
    segments = OpenSegments()
    segments.put("m", _known_after_create())
    known = segments.saved("m", TEXTS[1:3], based_on="c0", commit="c1", seq=3, compacted=0)
    assert known == Known(0, 0, b"", tuple(TEXTS[:3]), "c1") and segments.get("m") == known


def test_a_save_that_may_not_follow_it_forgets_the_match() -> None:
    refused = {
        "based on a version alone (a loaded state)": {"based_on": "", "seq": 2, "compacted": 0},
        "based on another commit (another writer saved between)": {"based_on": "cX", "seq": 2, "compacted": 0},
        "the log moved on (another worker compacted)": {"based_on": "c0", "seq": 2, "compacted": 1},
        "the Stream holds events this worker did not send": {"based_on": "c0", "seq": 3, "compacted": 0},
    }
    for why, save in refused.items():
        segments = OpenSegments()
        segments.put("m", _known_after_create())
        assert segments.saved("m", TEXTS[1:2], commit="c1", **save) is None, why  # type: ignore[arg-type]
        assert segments.get("m") is None, why
    assert OpenSegments().saved("m", TEXTS[1:2], based_on="c0", commit="c1", seq=2, compacted=0) is None


def test_the_frame_made_from_what_is_known_is_the_one_a_read_of_the_log_makes() -> None:
    log, known = b"", Known(0, 0, b"", (), "c")
    segment_start = 0
    for at in range(0, 16 * (SEGMENT_FRAMES + 4), 16):
        texts = tuple(b'{"seq":%d,"pad":"%s"}' % (n, b"x" * (n % 50)) for n in range(at + 1, at + 17))
        known = Known(known.compacted, known.frames, known.text, texts, "c")
        made = known.next_frame()
        assert made == next_frame(texts, log[segment_start:])
        frames, text = open_segment(log[segment_start:])
        assert made == frame_after(texts, frames, text)
        appended, starts = made
        if starts:
            segment_start = len(log)
        log += appended
        known = known.compacted_into(starts)
        frames, text = open_segment(log[segment_start:])
        assert (known.frames, known.text, known.compacted) == (frames, text[-WINDOW:], at + 16)
        assert known.after == ()


def test_a_worker_keeps_the_most_recently_saved_matches() -> None:
    segments = OpenSegments(most=2)
    for match_id in ("a", "b", "c"):
        segments.put(match_id, _known_after_create())
    assert segments.get("a") is None and segments.get("b") and segments.get("c")
    segments.put("b", _known_after_create())  # b used again: c is now the oldest
    segments.put("d", _known_after_create())
    assert segments.get("c") is None and segments.get("b") and segments.get("d")
    segments.forget("b")
    assert segments.get("b") is None
