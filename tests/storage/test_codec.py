"""The rows' JSON text: `codec.dumps` writes exactly what `json.dumps` writes with its options."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage import codec
from storage.base import SeatRecord

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
