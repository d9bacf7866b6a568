"""The rows' JSON text: `codec.dumps` writes exactly what `json.dumps` writes with its options."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage import codec

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
