"""The rows' JSON text: `codec.dumps` writes exactly what `json.dumps` writes with its options."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from storage import codec
from storage.base import ChallengeEntry, RatingRecord, SeatRecord, TableRecord, WatcherRecord

VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=5) | st.integers(), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(VALUES)
def test_dumps_writes_what_json_dumps_writes(value: Any) -> None:
    assert codec.dumps(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("value", [{1, 2}, {"a": object()}, b"bytes", [codec]])
def test_dumps_refuses_what_json_cannot_hold(value: Any) -> None:
    with pytest.raises(TypeError):
        codec.dumps(value)


def test_the_seats_of_every_table_a_service_keeps_stay_encoded() -> None:
    """A move writes its table's seats as text; each tuple is encoded once while its table is among
    those kept (`keep_encodings`), not again on every move once more tables run than a fixed few."""
    codec.keep_encodings(5_000)
    tuples = [(SeatRecord(name=f"P{n}", user_id=n),) for n in range(4_500)]
    first = [codec.seats_text(seats) for seats in tuples]
    assert first[0] == '[{"name":"P0","user_id":0,"agent":null,"resigned":false,' + (
        '"resigned_by":null,"zombie_of":null,"handed_over":false}]'
    )
    assert all(codec.seats_text(s) is text for s, text in zip(tuples, first, strict=True))


@pytest.mark.parametrize(
    ("model", "columns"),
    [
        (TableRecord, codec.TABLE_COLUMNS),
        (WatcherRecord, codec.WATCHER_COLUMNS),
        (RatingRecord, codec.RATING_COLUMNS),
        (ChallengeEntry, codec.CHALLENGE_COLUMNS),
    ],
)
def test_every_field_of_a_stored_record_is_a_column(
    model: type[BaseModel], columns: tuple[str, ...]
) -> None:
    assert sorted(model.model_fields) == sorted(columns)


def test_the_flat_records_come_back_from_their_rows_as_they_went_in() -> None:
    watcher = WatcherRecord(table_id=1, user_id=2, seat=0, dm_closed=True, since=1.5)
    rating = RatingRecord(guild_id=0, game="winter", user_id=2, mu=25.0, sigma=8.3, trend=(1.0,))
    entry = ChallengeEntry(
        code="c", game="winter", table_id=1, names=("Ana", "❄ Bo"), won=True, assisted=True
    )
    assert codec.watcher_row(watcher)["dm_closed"] == 1
    assert codec.rating_row(rating)["trend"] == "[1.0]"
    assert codec.challenge_row(entry)["names"] == '["Ana","❄ Bo"]'
    assert codec.watcher_from_row(codec.watcher_row(watcher)) == watcher
    assert codec.rating_from_row(codec.rating_row(rating)) == rating
    assert codec.challenge_from_row(codec.challenge_row(entry)) == entry
