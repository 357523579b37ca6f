"""What this worker knows of each match's event log, so that a compaction need not read it back.

A compaction (``event_log``) compresses the Stream's events against the text of the log's open
segment. Read from Redis (``redis_scripts.TAIL``), that costs a round trip and inflating up to a
segment's frames (0.2-0.4 ms at a few hundred events). But the worker that compacted a match last
and saved each event since holds all of it already: the open segment's text (the frames it wrote
itself) and the events after it (the texts it sent). ``OpenSegments`` keeps that, for the matches
this worker saved last, and hands it back only while it is provably what Redis holds:

* each save a worker records names the commit it was based on (``Store.save``'s ``expected_commit``),
  which the save script checks is the one in Redis; a record is kept only when that is the commit
  the worker's own last save or compaction trigger wrote. So no other writer (another worker, a
  replica promoted after losing a write) saved the match in between, and the Stream after the log
  holds exactly the texts recorded;
* the compaction script itself checks that the log still ends where the record says
  (``compacted``) and that the document is still at the record's commit (a failover that lost the
  last save after its reply refuses it), as it does for a compaction from a read.

Anything else (a save on a loaded state, a reply lost and retried, a refused compaction) forgets
the match, and its next compaction reads the log from Redis as before. The bytes written are the
same either way: the same frame of the same texts against the same segment text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.rules.bounded import Bounded
from service.store.event_log import WINDOW, frame_after

#: matches whose log a worker keeps: each at most the 32 KB a frame is compressed against, and the
#: texts of up to ``compact_every`` events (about 1.5 KB), so at most about 9 MB a worker
MOST = 256


@dataclass(frozen=True, slots=True)
class Known:
    """A match's log as a worker last wrote it: the log holds events 1 to ``compacted`` and its
    open segment ``frames`` frames, ending with ``text`` (its last ``WINDOW`` bytes); the Stream
    holds ``after`` (the texts of events ``compacted`` + 1 onwards) and nothing else as long as
    the document's commit is ``commit``."""

    compacted: int
    frames: int
    text: bytes
    after: tuple[bytes, ...]
    commit: str

    def next_frame(self) -> tuple[bytes, bool]:
        """The frame of every event after the log, and whether it starts the next segment
        (``event_log.frame_after``)."""
        return frame_after(self.after, self.frames, self.text)

    def compacted_into(self, appended_starts: bool) -> Known:
        """Known after the frame of ``after`` was appended to the log (``appended_starts``: it
        started the next segment)."""
        raw = b"".join(text + b"\n" for text in self.after)
        text = raw if appended_starts else self.text + raw
        frames = 1 if appended_starts else self.frames + 1
        return Known(self.compacted + len(self.after), frames, text[-WINDOW:], (), self.commit)


class OpenSegments:
    """``Known`` for up to ``most`` matches, the least recently saved forgotten first."""

    def __init__(self, most: int = MOST) -> None:
        self._known: Bounded[str, Known] = Bounded(most)

    def get(self, match_id: str) -> Known | None:
        return self._known.get(match_id)

    def put(self, match_id: str, known: Known) -> None:
        self._known.put(match_id, known)

    def forget(self, match_id: str) -> None:
        self._known.pop(match_id)

    def saved(
        self, match_id: str, texts: Sequence[bytes], *, based_on: str, commit: str, seq: int, compacted: int
    ) -> Known | None:
        """Record a save of ``texts`` as commit ``commit``, which the save script checked was based
        on commit ``based_on`` (empty: on a version alone), and which answered that the Stream now
        ends at ``seq`` and the log at ``compacted``. Returns what is known after it, or None (the
        match is forgotten) unless the save followed this worker's own last one."""
        known = self._known.get(match_id)
        if (
            known is None
            or not based_on
            or based_on != known.commit
            or known.compacted != compacted
            or compacted + len(known.after) + len(texts) != seq
        ):
            self.forget(match_id)
            return None
        after = Known(known.compacted, known.frames, known.text, (*known.after, *texts), commit)
        self.put(match_id, after)
        return after
