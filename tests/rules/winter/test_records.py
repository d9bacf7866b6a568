"""What the rules build by shortcuts, against the general way, in every state of seeded games:
`evolve` (a state copy with updates) must make what `model_copy` makes, a step's public events
what validation makes, and `origin` (a position's label frame) what `frame` of its anchors gives."""

from __future__ import annotations

from rules.core import Event
from rules.draft import evolve
from rules.engine import Engine
from rules.playout import play_out
from rules.winter import GAME
from rules.winter.rules_apply import resolve
from rules.winter.rules_geometry import frame
from rules.winter.rules_lake import origin
from rules.winter.state import WinterState


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


def test_a_positions_label_origin_is_the_frame_of_its_anchors() -> None:
    for n in range(5):
        game = play_out(GAME, 2, f"origin/{n}", GAME.agents["random"](), fast=False)
        engine = Engine(GAME)
        state: WinterState = engine.setup(2, None, f"origin/{n}")
        for ply, (seat, action) in enumerate(game.log, start=1):
            assert origin(state) == frame((c.row, c.col) for c in state.cards)
            state = engine.act(state, seat, action, seed=f"origin/{n}", ply=ply).state
    assert origin(state.model_copy(update={"cards": ()})) == frame(()) == (-2, -2)
