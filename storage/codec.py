"""Records ⇄ flat rows of SQL-ready values (ints, floats, text; JSON as text), and the checks every
store makes before it writes.

Every store keeps rows in exactly this form, so `MemoryStore` gives back what `SqliteStore` would
(dict keys become strings, tuples lists) and no caller can mutate stored data by reference.
"""

from __future__ import annotations

import json
import typing
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from storage.json_text import (
    dumps,
    encoded,
    keep_encodings,
    options_text,
    seats_text,
    state_text,
    with_state,
)
from storage.models import (
    ActionRecord,
    ChallengeEntry,
    PanelRecord,
    RatingRecord,
    ResultRecord,
    SeatRecord,
    TableRecord,
    UndoRecord,
    WatcherRecord,
)

__all__ = [
    "dumps",
    "encoded",
    "keep_encodings",
    "options_text",
    "seats_text",
    "state_text",
    "with_state",
]


class Row(Protocol):
    """A dict or a `sqlite3.Row`."""

    def __getitem__(self, key: str, /) -> Any: ...


TABLE_COLUMNS: tuple[str, ...] = (
    "id",
    "game",
    "status",
    "guild_id",
    "channel_id",
    "thread_id",
    "lobby_message_id",
    "board_message_id",
    "host_id",
    "options",
    "seats",
    "seed",
    "version",
    "ply",
    "state",
    "created_at",
    "updated_at",
    "deadline",
    "pace",
    "clocks",
    "wake_at",
    "ai_turn",
    "challenge",
    "suggestions",
)
ACTION_COLUMNS: tuple[str, ...] = ("table_id", "ply", "seat", "action", "at", "events")
PANEL_COLUMNS: tuple[str, ...] = (
    "table_id",
    "seat",
    "user_id",
    "channel_id",
    "message_id",
    "digest",
    "dm_closed",
)
RESULT_COLUMNS: tuple[str, ...] = ("table_id", "game", "outcome", "finished_at")


def written(record: TableRecord, row: dict[str, Any], created_at: float) -> TableRecord:
    """The record a store returns after writing `row` (made from `record`), without reading it
    back: a state `with_state` made is already what decoding the row would give; any other is
    decoded from the row, so the caller never shares a dict with what was stored."""
    if encoded(record) is not None:
        if record.created_at == created_at:
            return record
        return record.model_copy(update={"created_at": created_at})
    return table_from_row({**row, "created_at": created_at})


def open_places(rows: Any) -> list[tuple[int, int | None, int | None]]:
    """(table id, channel id, thread id) of each lobby or active table among `rows`."""
    return [
        (row["id"], row["channel_id"], row["thread_id"])
        for row in rows
        if row["status"] in ("lobby", "active")
    ]


def table_row(table: TableRecord) -> dict[str, Any]:
    return {
        "id": table.id,
        "game": table.game,
        "status": table.status,
        "guild_id": table.guild_id,
        "channel_id": table.channel_id,
        "thread_id": table.thread_id,
        "lobby_message_id": table.lobby_message_id,
        "board_message_id": table.board_message_id,
        "host_id": table.host_id,
        "options": options_text(table.options),
        "seats": seats_text(table.seats),
        "seed": table.seed,
        "version": table.version,
        "ply": table.ply,
        "state": state_text(table),
        "created_at": table.created_at,
        "updated_at": table.updated_at,
        "deadline": table.deadline,
        "pace": table.pace,
        "clocks": dumps(table.clocks),
        "wake_at": table.wake_at,
        "ai_turn": int(table.ai_turn),
        "challenge": table.challenge,
        "suggestions": None if table.suggestions is None else int(table.suggestions),
    }


# The columns a table row holds as the record does (the rest are JSON text, or 0 and 1).
_PLAIN = tuple(
    name
    for name in TABLE_COLUMNS
    if name not in ("options", "seats", "state", "clocks", "ai_turn", "suggestions")
)


def table_from_row(row: Row) -> TableRecord:
    state, suggestions = row["state"], row["suggestions"]
    return TableRecord(
        **{name: row[name] for name in _PLAIN},
        options=json.loads(row["options"]),
        seats=tuple(SeatRecord.model_validate(s) for s in json.loads(row["seats"])),
        state=None if state is None else json.loads(state),
        clocks=json.loads(row["clocks"]),
        ai_turn=bool(row["ai_turn"]),
        suggestions=None if suggestions is None else bool(suggestions),
    )


def seat_users(table: TableRecord) -> frozenset[int]:
    """The Discord users seated at a table (AI seats have none)."""
    return frozenset(seat.user_id for seat in table.seats if seat.user_id is not None)


def action_row(action: ActionRecord) -> dict[str, Any]:
    return {
        "table_id": action.table_id,
        "ply": action.ply,
        "seat": action.seat,
        "action": dumps(action.action),
        "at": action.at,
        "events": None if action.events is None else dumps(list(action.events)),
    }


def action_from_row(row: Row) -> ActionRecord:
    return ActionRecord(
        table_id=row["table_id"],
        ply=row["ply"],
        seat=row["seat"],
        action=json.loads(row["action"]),
        at=row["at"],
        events=None if row["events"] is None else tuple(json.loads(row["events"])),
    )


def panel_row(panel: PanelRecord) -> dict[str, Any]:
    return flat_row(panel, PANEL_COLUMNS)


def panel_from_row(row: Row) -> PanelRecord:
    return from_flat(PanelRecord, row, PANEL_COLUMNS)


def holds_channel(row: Row) -> bool:
    """`storage.sql.CHANNEL_OPEN` for a row in memory."""
    return bool(
        row["status"] == "lobby" or (row["status"] == "active" and row["thread_id"] is None)
    )


def result_row(result: ResultRecord) -> dict[str, Any]:
    return {
        "table_id": result.table_id,
        "game": result.game,
        "outcome": dumps(result.outcome),
        "finished_at": result.finished_at,
    }


def result_from_row(row: Row) -> ResultRecord:
    return ResultRecord(
        table_id=row["table_id"],
        game=row["game"],
        outcome=json.loads(row["outcome"]),
        finished_at=row["finished_at"],
    )


def check_commit(table: TableRecord, action: ActionRecord, result: ResultRecord | None) -> None:
    """The `commit_action` contract every store shares: the action (and the result, if any)
    belong to the table being written, else ValueError before anything is written."""
    if action.table_id != table.id:
        raise ValueError(f"action for table {action.table_id} committed on table {table.id}")
    if result is not None and result.table_id != table.id:
        raise ValueError(f"result for table {result.table_id} committed on table {table.id}")


def check_take_back(table: TableRecord, undo: UndoRecord) -> None:
    """The `take_back` contract every store shares, checked before anything is written."""
    if undo.table_id != table.id:
        raise ValueError(f"take-back for table {undo.table_id} written on table {table.id}")
    if table.ply != undo.ply - 1:
        raise ValueError(f"taking back ply {undo.ply} leaves ply {undo.ply - 1}, not {table.ply}")


UNDO_COLUMNS: tuple[str, ...] = ("table_id", "seq", "ply", "seat", "action", "text", "at")


def undo_row(undo: UndoRecord, seq: int) -> dict[str, Any]:
    return {
        "table_id": undo.table_id,
        "seq": seq,
        "ply": undo.ply,
        "seat": undo.seat,
        "action": dumps(undo.action),
        "text": undo.text,
        "at": undo.at,
    }


def undo_from_row(row: Row) -> UndoRecord:
    action = row["action"]
    return UndoRecord(
        table_id=row["table_id"],
        ply=row["ply"],
        seat=row["seat"],
        action=json.loads(action) if isinstance(action, str) else action,
        text=row["text"],
        at=row["at"],
    )


# -- spectators, ratings, challenges ---------------------------------------------------------------

WATCHER_COLUMNS: tuple[str, ...] = (
    "table_id",
    "user_id",
    "name",
    "seat",
    "channel_id",
    "message_id",
    "digest",
    "dm_closed",
    "since",
)
RATING_COLUMNS: tuple[str, ...] = (
    "guild_id",
    "game",
    "user_id",
    "name",
    "mu",
    "sigma",
    "rated",
    "trend",
    "wins",
    "streak",
    "best_streak",
    "updated_at",
)
CHALLENGE_COLUMNS: tuple[str, ...] = (
    "table_id",
    "code",
    "game",
    "guild_id",
    "names",
    "players",
    "won",
    "score",
    "score_text",
    "assisted",
    "finished_at",
)


_Flat = TypeVar("_Flat", bound=BaseModel)
_TUPLE_FIELDS: dict[type[BaseModel], frozenset[str]] = {}


def flat_row(record: BaseModel, columns: tuple[str, ...]) -> dict[str, Any]:
    """A record of plain fields as a row: a bool as 0 or 1, a tuple as JSON text."""
    row: dict[str, Any] = {}
    for name in columns:
        value = getattr(record, name)
        if isinstance(value, bool):
            value = int(value)
        elif isinstance(value, tuple):
            value = dumps(list(value))
        row[name] = value
    return row


def from_flat(model: type[_Flat], row: Row, columns: tuple[str, ...]) -> _Flat:
    """`flat_row` back: the record of `model` a row holds (JSON text of a tuple field decoded;
    pydantic makes bools of the 0 and 1)."""
    tuples = _TUPLE_FIELDS.get(model)
    if tuples is None:
        tuples = _TUPLE_FIELDS[model] = frozenset(
            name
            for name, field in model.model_fields.items()
            if typing.get_origin(field.annotation) is tuple
        )
    return model.model_validate(
        {name: json.loads(row[name]) if name in tuples else row[name] for name in columns}
    )


def watcher_row(watcher: WatcherRecord) -> dict[str, Any]:
    return flat_row(watcher, WATCHER_COLUMNS)


def watcher_from_row(row: Row) -> WatcherRecord:
    return from_flat(WatcherRecord, row, WATCHER_COLUMNS)


def watcher_order(row: Row) -> tuple[float, int]:
    """The order of `storage.sql`'s watchers for a row in memory."""
    return (row["since"], row["user_id"])


def rating_row(rating: RatingRecord) -> dict[str, Any]:
    return flat_row(rating, RATING_COLUMNS)


def rating_from_row(row: Row) -> RatingRecord:
    return from_flat(RatingRecord, row, RATING_COLUMNS)


def challenge_row(entry: ChallengeEntry) -> dict[str, Any]:
    return flat_row(entry, CHALLENGE_COLUMNS)


def challenge_from_row(row: Row) -> ChallengeEntry:
    return from_flat(ChallengeEntry, row, CHALLENGE_COLUMNS)


def challenge_order(row: Row) -> tuple[int, float, float, int]:
    """The order of `storage.sql`'s challenge entries for a row in memory."""
    return (-row["won"], -row["score"], row["finished_at"], row["table_id"])
