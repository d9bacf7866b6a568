"""JSON text for the stores' rows, made once: one kept encoder, and the text of a table's state,
seats and options remembered while the same objects come back with each move.

`storage.codec` re-exports these; the stores and the service use them through it.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from pydantic import BaseModel

from storage.models import SeatRecord, TableRecord

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
