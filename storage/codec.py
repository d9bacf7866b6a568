"""Records ⇄ flat rows of SQL-ready values (ints, floats, text; JSON as text).

Both stores keep rows in exactly this form, so `MemoryStore` gives back what `SqliteStore` would
(dict keys become strings, tuples lists) and no caller can mutate stored data by reference.
"""

from __future__ import annotations

import json
import typing
from collections import OrderedDict
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from storage.base import (
    ActionRecord,
    ChallengeEntry,
    PanelRecord,
    RatingRecord,
    ResultRecord,
    SeatRecord,
    TableRecord,
    WatcherRecord,
)


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


# One encoder for every row: `json.dumps` with these options builds a new one per call, and even a
# kept `JSONEncoder` makes its C encoder afresh each time; this one is made once (where the C
# accelerator is missing, the kept encoder's pure-Python path does the same job).
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
_MAKE_C = getattr(json.encoder, "c_make_encoder", None)
_C_STRING = getattr(json.encoder, "c_encode_basestring", None)
# (no markers: no circular check, as nothing stored refers to itself; the rest as `_ENCODER`)
_C_ENCODER = (
    None
    if _MAKE_C is None or _C_STRING is None
    else _MAKE_C(None, _ENCODER.default, _C_STRING, None, ":", ",", False, False, True)
)


def dumps(value: Any) -> str:
    """Compact JSON; raises TypeError for anything JSON cannot hold (sets, models, bytes)."""
    if not value and type(value) in (dict, list, tuple):  # most options and clocks: no encoder
        return "{}" if type(value) is dict else "[]"
    if _C_ENCODER is None or isinstance(value, str):
        return _ENCODER.encode(value)
    return "".join(_C_ENCODER(value, 0))


# State dicts `with_state` made, by id, with their JSON text: a few moves' worth (a move's record
# is written right after it is made). Each entry holds its dict, so an id is not reused meanwhile.
_ENCODED: OrderedDict[int, tuple[dict[str, Any], str]] = OrderedDict()
_ENCODED_KEEP = 64


def with_state(table: TableRecord, state: BaseModel, **update: Any) -> TableRecord:
    """`table` with `update` and the game state `state`, encoded once.

    The record's `state` is the JSON-ready dict as before; the JSON text made straight from the
    model (`model_dump_json`) is kept beside it, so the store writes that text instead of running
    `json.dumps` over the dict again."""
    data = state.model_dump(mode="json")
    _ENCODED[id(data)] = (data, state.model_dump_json())
    if len(_ENCODED) > _ENCODED_KEEP:
        _ENCODED.popitem(last=False)
    return table.model_copy(update={**update, "state": data})


def encoded(table: TableRecord) -> str | None:
    """The JSON text `with_state` made for this record's state dict, if it still has it."""
    if table.state is None:
        return None
    kept = _ENCODED.get(id(table.state))
    return kept[1] if kept is not None and kept[0] is table.state else None


# Seat tuples encoded lately, by id: a table's moves copy its record with the same tuple, so its
# seats are encoded once per change of seats instead of once per move (each entry holds its tuple).
# It must hold every running table's seats, or a move among more tables than it holds encodes its
# seats anew each time (≈5 µs): 4,096 at least, raised by `keep_encodings` to what the service's
# caches hold.
_SEATS: OrderedDict[int, tuple[tuple[SeatRecord, ...], str]] = OrderedDict()
_SEATS_KEEP = 4_096


def keep_encodings(tables: int) -> None:
    """Keep the seats and options of at least `tables` tables encoded (`TableService` calls this
    with its cache size, so every table it keeps in memory writes a move without encoding them)."""
    global _SEATS_KEEP
    _SEATS_KEEP = max(_SEATS_KEEP, tables)


def seats_text(seats: tuple[SeatRecord, ...]) -> str:
    kept = _SEATS.get(id(seats))
    if kept is not None and kept[0] is seats:
        _SEATS.move_to_end(id(seats))
        return kept[1]
    text = dumps([seat.model_dump(mode="json") for seat in seats])
    _SEATS[id(seats)] = (seats, text)
    if len(_SEATS) > _SEATS_KEEP:
        _SEATS.popitem(last=False)
    return text


# The options dicts encoded lately, by id, as for seats: a record's copies share its dict (a
# table's options never change once it started, and nothing edits a record's dict in place).
_OPTIONS: OrderedDict[int, tuple[dict[str, Any], str]] = OrderedDict()


def options_text(options: dict[str, Any]) -> str:
    if not options:
        return "{}"
    kept = _OPTIONS.get(id(options))
    if kept is not None and kept[0] is options:
        _OPTIONS.move_to_end(id(options))
        return kept[1]
    text = dumps(options)
    _OPTIONS[id(options)] = (options, text)
    if len(_OPTIONS) > _SEATS_KEEP:
        _OPTIONS.popitem(last=False)
    return text


def state_text(table: TableRecord) -> str | None:
    """The state column: the text `with_state` kept, else the dict encoded now."""
    if table.state is None:
        return None
    text = encoded(table)
    return dumps(table.state) if text is None else text


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


def table_from_row(row: Row) -> TableRecord:
    return TableRecord(
        id=row["id"],
        game=row["game"],
        status=row["status"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        lobby_message_id=row["lobby_message_id"],
        board_message_id=row["board_message_id"],
        host_id=row["host_id"],
        options=json.loads(row["options"]),
        seats=tuple(SeatRecord.model_validate(s) for s in json.loads(row["seats"])),
        seed=row["seed"],
        version=row["version"],
        ply=row["ply"],
        state=None if row["state"] is None else json.loads(row["state"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        deadline=row["deadline"],
        pace=row["pace"],
        clocks=json.loads(row["clocks"]),
        wake_at=row["wake_at"],
        ai_turn=bool(row["ai_turn"]),
        challenge=row["challenge"],
        suggestions=None if row["suggestions"] is None else bool(row["suggestions"]),
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
    return {
        "table_id": panel.table_id,
        "seat": panel.seat,
        "user_id": panel.user_id,
        "channel_id": panel.channel_id,
        "message_id": panel.message_id,
        "digest": panel.digest,
        "dm_closed": int(panel.dm_closed),
    }


def panel_from_row(row: Row) -> PanelRecord:
    return PanelRecord(
        table_id=row["table_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        digest=row["digest"],
        dm_closed=bool(row["dm_closed"]),
    )


# The tables `create_table(channel_limit=…)` counts: a lobby, or a game played in the channel
# itself (a game in its own thread leaves the channel free for the next lobby).
CHANNEL_OPEN_SQL = "status = 'lobby' OR (status = 'active' AND thread_id IS NULL)"


def holds_channel(row: Row) -> bool:
    """`CHANNEL_OPEN_SQL` for a row in memory."""
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
# The statements SQLite and PostgreSQL share, with `{0}`, `{1}` for their parameters: fill them
# with `sql_params` (`?` or `$1`, `$2`…). The orders are the memory store's sort keys below.
WATCHERS_SQL = (
    f"SELECT {', '.join(WATCHER_COLUMNS)} FROM watchers WHERE table_id = {{0}} "
    "ORDER BY since, user_id"
)
REMOVE_WATCHER_SQL = "DELETE FROM watchers WHERE table_id = {0} AND user_id = {1}"
RATINGS_SQL = (
    f"SELECT {', '.join(RATING_COLUMNS)} FROM ratings WHERE guild_id = {{0}} AND game = {{1}} "
    "ORDER BY user_id"
)
MEMBER_RATINGS_SQL = (
    f"SELECT {', '.join(RATING_COLUMNS)} FROM ratings WHERE user_id = {{0}} AND guild_id = {{1}} "
    "ORDER BY game"
)
# Marks a table rated; no row comes back if it already was (`apply_ratings` then writes nothing).
RATE_TABLE_SQL = (
    "INSERT INTO rated_tables (table_id) VALUES ({0}) ON CONFLICT (table_id) DO NOTHING "
    "RETURNING table_id"
)
CLEAR_RATINGS_SQL = ("DELETE FROM ratings", "DELETE FROM rated_tables")
CHALLENGE_ENTRIES_SQL = (
    f"SELECT {', '.join(CHALLENGE_COLUMNS)} FROM challenge_entries WHERE code = {{0}} "
    "ORDER BY won DESC, score DESC, finished_at ASC, table_id ASC LIMIT {1}"
)


def sql_params(template: str, style: str) -> str:
    """`template` with its `{n}` parameters as SQLite's `?` (`style` "sqlite") or PostgreSQL's
    `$n+1` (any other `style`)."""
    count = template.count("{")
    if style == "sqlite":
        return template.format(*(["?"] * count))
    return template.format(*(f"${n}" for n in range(1, count + 1)))


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
    """The order of `WATCHERS_SQL` for a row in memory."""
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
    """The order of `CHALLENGE_ENTRIES_SQL` for a row in memory."""
    return (-row["won"], -row["score"], row["finished_at"], row["table_id"])
