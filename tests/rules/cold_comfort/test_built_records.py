"""Dice, hotels, landings, neighbourhood scores and the legal actions are built without validation
(`state.new_die`…, `rules_manage.shared`). Each such record along seeded random games must equal
a validated copy of itself, and every state must round-trip through JSON."""

from __future__ import annotations

import random

import pytest
from pydantic import BaseModel

from rules.cold_comfort import GAME
from rules.cold_comfort.actions import action_model
from rules.cold_comfort.state import ColdComfortState
from rules.engine import Engine
from rules.playout import next_actor

ENGINE = Engine(GAME)


def records(state: ColdComfortState) -> list[BaseModel]:
    return [
        *state.dice,
        *state.hotels,
        *(state.last_landing or ()),
        *(state.last_scoring or ()),
    ]


@pytest.mark.parametrize("seed", range(4))
def test_records_and_actions_built_without_validation_equal_validated_copies(seed: int) -> None:
    players = 2 + seed
    state = ENGINE.setup(players, None, seed)
    rng = random.Random(seed)
    ply = scored = 0
    while (seat := next_actor(GAME, state)) is not None:
        ply += 1
        legal = list(GAME.legal_actions(state, seat))
        for offered in legal:
            assert action_model.validate_python(offered.model_dump()) == offered
        action = rng.choice(legal)
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply).state
        for record in records(state):
            assert type(record).model_validate(record.model_dump()) == record
        if state.last_scoring is not None:
            scored += 1
            again = ColdComfortState.model_validate_json(state.model_dump_json())
            assert again == state
    assert scored > 0
