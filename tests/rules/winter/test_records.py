"""Records the rules build without pydantic's generic machinery: `evolve` (a state copy with
updates) must make what `model_copy` makes, and the public events of a step what validation
makes, in every state of seeded games."""

from __future__ import annotations

from rules.core import Event
from rules.engine import Engine
from rules.playout import play_out
from rules.winter import GAME
from rules.winter.rules_apply import resolve
from rules.winter.state import WinterState, evolve


def test_evolve_is_model_copy_and_events_are_validated_records() -> None:
    states = events = 0
    for n in range(10):
        seed = f"records/{n}"
        game = play_out(GAME, 2, seed, GAME.agents["random"](), fast=False)
        engine = Engine(GAME)
        state: WinterState = engine.setup(2, None, seed)
        for seat, action in game.log:
            before = state.model_dump()
            update = {"thaw_turns": state.thaw_turns + 1, "log": ("x",), "active": 1 - seat}
            made, copied = evolve(state, update), state.model_copy(update=update)
            assert made == copied and made.model_fields_set == copied.model_fields_set
            assert made.model_dump() == copied.model_dump() and made != state
            assert state.model_dump() == before  # the original is left as it was
            step = resolve(state, seat, action)
            for e in step.events:
                valid = Event.model_validate({"text": e.text})
                assert e == valid and e.model_dump() == valid.model_dump() and e.public
                events += 1
            assert step.state == WinterState.model_validate(step.state.model_dump())
            state = step.state
            states += 1
    assert states > 300 and events > states
