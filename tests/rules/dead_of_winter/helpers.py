"""Building explicit Dead of Winter states for scenario tests (spec §14, seats from 0: DW-54)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from rules.dead_of_winter import GAME
from rules.dead_of_winter.actions import Action, Draft
from rules.dead_of_winter.state import State
from rules.engine import Engine
from rules.playout import next_actor

ENGINE = Engine(GAME)


class Script(random.Random):
    """An rng whose `randint` returns scripted results in order (then the lowest value), and whose
    shuffles keep order unless `shuffle_for_real` is set: scenario tests script the dice."""

    def __init__(self, *rolls: int, shuffle_for_real: bool = False) -> None:
        super().__init__(7)
        self.rolls = list(rolls)
        self.used = 0
        self.real = shuffle_for_real

    def randint(self, a: int, b: int) -> int:
        if self.rolls:
            self.used += 1
            return self.rolls.pop(0)
        return a

    def shuffle(self, x: Any, *args: Any) -> None:
        if self.real:
            super().shuffle(x)


def started(seats: int, options: dict[str, Any] | None = None, seed: int = 1) -> State:
    """A game past the draft: every group keeps its first legal choice."""
    state = ENGINE.setup(seats, options, seed)
    ply = 0
    while state.phase == "draft":
        seat = min(GAME.to_act(state))
        action = GAME.legal_actions(state, seat)[0]
        assert isinstance(action, Draft)
        ply += 1
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply).state
    return state


def edit(state: State, change: Callable[[dict[str, Any]], None]) -> State:
    w = state.model_dump(mode="json")
    change(w)
    return State.model_validate(w)


def put_survivor(w: dict[str, Any], sid: str, group: int, location: str, **tokens: int) -> None:
    """Give `sid` to `group` at `location` (taking it from wherever it was)."""
    for g in w["groups"]:
        if sid in g["survivors"]:
            g["survivors"].remove(sid)
    if sid in w["survivor_deck"]:
        w["survivor_deck"].remove(sid)
    w["survivors"][sid] = {
        "id": sid,
        "group": group,
        "location": location,
        "wounds": tokens.get("wounds", 0),
        "frostbite": tokens.get("frostbite", 0),
        "despair": 0,
        "equipped": [],
        "moved": False,
        "used": [],
    }
    w["groups"][group]["survivors"].append(sid)


def clear_board(w: dict[str, Any]) -> None:
    """No survivors, zombies, noise or helpless anywhere; leaders unset; no twist card held."""
    for sid in list(w["survivors"]):
        w["survivor_deck"].append(sid)
    w["survivors"] = {}
    for g in w["groups"]:
        g["survivors"] = []
        g["leader"] = None
        g["original_leader"] = None
        g["hand"] = []
    for loc in w["locations"].values():
        loc["zombies"] = [0] * len(loc["zombies"])
        loc["barricades"] = [0] * len(loc["barricades"])
        loc["noise"] = 0
        loc["helpless"] = 0
    w["twist"] = {
        "holder": None,
        "for_group": w["active"],
        "card": None,
        "fired": None,
        "chosen": None,
    }


def act(state: State, seat: int, action: Action, rng: random.Random) -> State:
    ENGINE.check(state, seat, action)
    return GAME.apply(state, seat, action, rng).state


def step(state: State, seat: int, action: Action, rng: random.Random) -> Any:
    ENGINE.check(state, seat, action)
    return GAME.apply(state, seat, action, rng)


def random_walks(
    name: str, seats: int, options: dict[str, Any], games: int
) -> Iterator[tuple[str, int, State, int, list[Action], random.Random]]:
    """The positions of `games` random walks (`random_walk`) seeded
    `<name>/<seats>/<options>/<n>`, each with its seed first."""
    for n in range(games):
        seed = f"{name}/{seats}/{sorted(options)}/{n}"
        for position in random_walk(seats, options, seed):
            yield (seed, *position)


def random_walk(
    seats: int, options: dict[str, Any], seed: str, plies: int = 600
) -> Iterator[tuple[int, State, int, list[Action], random.Random]]:
    """The positions of one seeded game of random moves, each before its move: (ply, state, the
    seat to move, its legal actions, the walk's rng); then the walk plays a random legal move."""
    state = ENGINE.setup(seats, options, seed)
    rng = random.Random(seed)
    for ply in range(1, plies):
        seat = next_actor(GAME, state)
        if seat is None or GAME.outcome(state) is not None:
            return
        legal = GAME.legal_actions(state, seat)
        yield ply, state, seat, legal, rng
        action = legal[rng.randrange(len(legal))]
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply, checked=True).state
