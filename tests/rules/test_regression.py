"""Each game with a recorded baseline (`data/regression/<game>.json`, read by
`tests.rules.regression`) plays its hundred seeded random-agent games exactly as it did before its
package moved to the house layout. A changed row means a rule changed, not only a module."""

from __future__ import annotations

import pytest

from tests.rules.regression import KEYS, assert_baseline


def test_every_game_the_layout_moves_touched_has_a_baseline() -> None:
    assert KEYS == ("cold_comfort", "coldest_night", "tenth_night", "winter")


@pytest.mark.parametrize("key", KEYS)
def test_a_hundred_seeded_random_games_end_exactly_as_recorded_before_the_layout_move(
    key: str,
) -> None:
    assert_baseline(key)
