"""`ManageView` (a playout's management list, counted per group and read on demand) against
`legal_actions` on every management state of seeded random games: the same length, the same
actions in the same order, read one by one, by negative index and by slice."""

from __future__ import annotations

import random

import pytest

from rules.cold_comfort import GAME
from rules.cold_comfort.rules_legal import ManageView, legal_actions, legal_view
from rules.engine import Engine
from rules.playout import next_actor

ENGINE = Engine(GAME)


@pytest.mark.parametrize("seed", range(10))
def test_the_management_view_lists_the_same_actions_in_the_same_order(seed: int) -> None:
    state = ENGINE.setup(2 + seed % 5, None, seed)
    rng = random.Random(seed)
    ply = checked = 0
    kinds: set[str] = set()
    while (seat := next_actor(GAME, state)) is not None:
        listed = legal_actions(state, seat)
        if state.phase == "manage":
            view = legal_view(state, seat)
            assert isinstance(view, ManageView)
            assert len(view) == len(listed)
            assert [view[i] for i in range(len(view))] == listed
            assert list(view) == listed
            assert view[-1] == listed[-1] and view[1:4] == listed[1:4]
            with pytest.raises(IndexError):
                view[len(view)]
            kinds.update(a.type for a in listed)
            checked += 1
        action = rng.choice(listed)
        ply += 1
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply).state
    assert checked >= 50
    assert {"build", "change", "host", "fire", "mine", "end"} <= kinds
