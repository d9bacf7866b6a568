"""What the bot keeps of what it has shown: the last picture drawn per table (`Pictures`, so an
unchanged board is not drawn again) and each table's live board message (`Boards` of `Shown`).
Both are owned by the bot (`SnowboundBot.pictures`, `SnowboundBot.boards`)."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel


def observation_digest(observation: Any) -> bytes:
    """A digest of everything a picture is drawn from (the observation is all a renderer reads):
    what `Pictures` and a replay's pictures (`bot.replays`) tell two boards apart by."""
    if isinstance(observation, BaseModel):
        text = observation.model_dump_json()
    else:
        text = json.dumps(observation, sort_keys=True, default=repr)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


class Pictures:
    """The last picture of each (table, hints), with a digest of the observation it was drawn
    from: a board that did not change (a private move, a re-post, a second look) gets the same
    PNG instead of being drawn again. Least recently used first, `kept` tables at most. Pictures
    are drawn in worker threads, hence the lock. The bot owns one (`SnowboundBot.pictures`)."""

    def __init__(self, kept: int = 128) -> None:
        self.kept = kept
        self._drawn: OrderedDict[tuple[int, bool], tuple[bytes, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: int, hints: bool, source: bytes) -> bytes | None:
        """The PNG drawn last for this table from an observation with digest `source`, if any."""
        key = (table_id, hints)
        with self._lock:
            kept = self._drawn.get(key)
            if kept is None or kept[0] != source:
                return None
            self._drawn.move_to_end(key)
            return kept[1]

    def put(self, table_id: int, hints: bool, source: bytes, png: bytes) -> None:
        key = (table_id, hints)
        with self._lock:
            self._drawn[key] = (source, png)
            self._drawn.move_to_end(key)
            while len(self._drawn) > self.kept:
                self._drawn.popitem(last=False)

    def __len__(self) -> int:
        return len(self._drawn)


@dataclass
class Shown:
    """What the table's live board message shows now: its id, the feed lines above its board
    (one per move since it was posted), and the digest of the picture attached to it."""

    message_id: int
    lines: list[str] = field(default_factory=list)
    picture: bytes | None = None


class Boards:
    """Table id → its live board message (`Shown`), as this process last sent it; forgotten when
    the table closes. After a restart a table's entry is missing, and its next move posts a new
    board. The bot owns one (`SnowboundBot.boards`)."""

    def __init__(self) -> None:
        self._shown: dict[int, Shown] = {}

    def get(self, table_id: int) -> Shown | None:
        return self._shown.get(table_id)

    def set(self, table_id: int, shown: Shown) -> None:
        self._shown[table_id] = shown

    def forget(self, table_id: int) -> None:
        self._shown.pop(table_id, None)

    def clear(self) -> None:
        """Forget every board (what a restarted bot knows of them: nothing)."""
        self._shown.clear()
