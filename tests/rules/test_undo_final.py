"""`/game undo` never re-opens a decision after its result is public (issue 30 §2).

A move after which anything hidden became public (a vote revealed, a contribution pile revealed, a
card drawn or shown) is final (`Engine.final`). The seeded game of the report is replayed first;
then seeded games of every game are walked, and every sampled move the engine would let its player
take back is checked against views alone, with no word of the engine's rule:
- taking it back (replaying the log without it) gives the state before it, so the public view and
  every seat's view are those before the move;
- nothing it revealed is un-revealed: for every viewer (the public and each seat), the world could
  have differed before the move in ways that viewer could not see (a ballot cast the other way, a
  flag flipped, a pile in another order) and the viewer must see the same after the move in each
  of those worlds; if it does not, the move told that viewer something hidden, and taking it back
  would leave the viewer knowing it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import takewhile
from typing import Any

import pytest
from pydantic import ValidationError

from rules import GAMES
from rules.core import Seat, Step, rng_for
from rules.engine import MADE_PUBLIC, Engine
from rules.playout import next_actor

Move = tuple[int, Any, Seat, Any, Step[Any]]  # ply, state before, seat, action, step


def heuristic_game(
    key: str, seats: int, options: Mapping[str, Any], seed: str, *, random_seat: Seat | None = None
) -> Iterator[Move]:
    """Every move of a seeded game in which each seat plays its AI's move (the heuristic's, or
    the random agent's for `random_seat`), as the bot would choose it (`Engine.agent_rng`)."""
    game = GAMES[key]
    engine = Engine(game)
    state = engine.setup(seats, options, seed)
    agents = [game.agents["random" if s == random_seat else "heuristic"]() for s in range(seats)]
    ply = 0
    while game.outcome(state) is None and ply < 400:
        ply += 1
        seat = next_actor(game, state)
        assert seat is not None
        legal = engine.legal(state, seat)
        rng = engine.agent_rng(seed, ply, seat)
        action = agents[seat].choose(game.observe(state, seat), legal, rng)
        step = engine.act(state, seat, action, seed=seed, ply=ply, checked=True)
        yield ply, state, seat, action, step
        state = step.state


# the report's game ----------------------------------------------------------------------------

BETRAYER = {"secret_deal": "betrayer"}
SEED = "undo-16"  # four seats playing the heuristic's moves vote on a twist, and say yes


def twist_vote(seed: str = SEED) -> list[Move]:
    """The ballots of the first twist vote of a seeded game (four seats, a betrayer dealt, each
    playing the heuristic's move), up to the one after which the vote is revealed."""
    ballots: list[Move] = []
    for move in heuristic_game("dead_of_winter", 4, BETRAYER, seed):
        before, action, step = move[1], move[3], move[4]
        if action.type != "vote" or before.tasks[0].data.get("subject") != "twist":
            continue
        ballots.append(move)
        if any(e.text.startswith("Vote revealed:") for e in step.events):
            return ballots
    raise AssertionError(f"no twist vote was revealed in the seeded game {seed}")


def report_game(last: int, seed: str = SEED) -> dict[int, Move]:
    """The report's game to ply `last`."""
    moves = heuristic_game("dead_of_winter", 4, BETRAYER, seed)
    return {m[0]: m for m in takewhile(lambda m: m[0] <= last, moves)}


def test_dw_the_last_ballot_that_reveals_a_twist_vote_is_final_seed_undo_16() -> None:
    # §6.15: ballots are secret until the last one is cast, then all are revealed with the result
    engine = Engine(GAMES["dead_of_winter"])
    ply, before, seat, action, step = twist_vote()[-1]
    texts = [e.text for e in step.events]
    assert any(t.startswith("Vote revealed:") and t.endswith("Result: yes.") for t in texts)
    assert step.state.last_vote is not None and step.state.last_vote.subject == "twist"
    assert len(step.state.last_vote.votes) >= 3  # the ballots cast before were hidden till now
    why = engine.final(before, seat, action, step, seed=SEED, ply=ply, seats=4)
    assert why == MADE_PUBLIC


def test_dw_a_ballot_that_is_not_the_last_reveals_nothing_and_may_be_taken_back() -> None:
    engine = Engine(GAMES["dead_of_winter"])
    earlier = twist_vote()[:-1]
    assert len(earlier) >= 2
    for ply, before, seat, action, step in earlier:
        assert action.type == "vote"
        assert [e.text for e in step.events] == [f"{{s{seat}}} has voted."]
        assert engine.final(before, seat, action, step, seed=SEED, ply=ply, seats=4) is None


# every game -----------------------------------------------------------------------------------

LONG = {"long_night": True}
SETTINGS_OF: dict[str, list[tuple[int, dict[str, Any], str]]] = {
    "winter": [(2, {}, "fin-1"), (2, {}, "fin-2")],
    "coldest_night": [(3, {}, "fin-1"), (4, {}, "fin-2")],
    "tenth_night": [(4, {}, "fin-1"), (3, {}, "fin-2")],
    "cold_comfort": [(3, {}, "fin-1"), (2, {}, "fin-2")],
    "dead_of_winter": [
        (3, {}, "fin-1"),
        (4, BETRAYER, "undo-2"),
        (3, LONG, "fin-1"),
        (4, {**LONG, **BETRAYER}, "fin-2"),
    ],
}
"""(seats, options, seed) of each game's games, where not the generic two (three seats where the
game allows them, seeds "fin-1" and "fin-2")."""


def settings_of(key: str) -> list[tuple[int, dict[str, Any], str]]:
    game = GAMES[key]
    seats = max(game.min_seats, min(3, game.max_seats))
    return SETTINGS_OF.get(key, [(seats, {}, "fin-1"), (seats, {}, "fin-2")])


SETTINGS = [(key, *setting) for key in GAMES for setting in settings_of(key)]
"""Every registered game's games: (key, seats, options, seed)."""
# One move in STRIDE, one secret move (a ballot, a hidden contribution) in STRIDE (if undo refuses
# it, the next of its kind that undo would take back), and the first RESOLVING secret moves of each
# kind that set off more than their own line (the last ballot of a vote, the last contribution) are
# checked: every kind of move is met, in a few seconds a game.
RESOLVING = 3
STRIDE = {
    "dead_of_winter": 16,
    "tenth_night": 6,
    "cold_comfort": 5,
    "coldest_night": 2,
    "winter": 2,
}


def _flips(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Each single change that could be hidden from someone: a flag flipped, a yes/no ballot
    cast the other way, a list of plain values in another order (its first value put last)."""
    if isinstance(value, bool):
        yield path, not value
    elif value in ("yes", "no"):
        yield path, "no" if value == "yes" else "yes"
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _flips(item, (*path, key))
    elif isinstance(value, list):
        if len(value) >= 2 and all(isinstance(i, (str, int)) for i in value):
            if len(set(value)) > 1:
                yield path, [*value[1:], value[0]]
        else:
            for index, item in enumerate(value):
                yield from _flips(item, (*path, index))


def _put(dump: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    if isinstance(dump, dict):
        return {k: _put(v, path[1:], new) if k == path[0] else v for k, v in dump.items()}
    return [_put(v, path[1:], new) if i == path[0] else v for i, v in enumerate(dump)]


def _sorted_lists(value: Any) -> Any:
    """A view with its lists of plain values sorted: the order of a list of seats is no secret."""
    if isinstance(value, dict):
        return {k: _sorted_lists(v) for k, v in value.items()}
    if isinstance(value, list):
        if all(isinstance(i, (str, int)) for i in value):
            return sorted(value, key=lambda i: (isinstance(i, str), i))
        return [_sorted_lists(v) for v in value]
    return value


def _seen(game: Any, state: Any, viewer: Seat | None) -> Any:
    return game.observe(state, viewer).model_dump(mode="json")


def _told(step: Step[Any], viewer: Seat | None) -> list[str]:
    return [e.text for e in step.events if e.seen_by(viewer)]


def revealed(game: Any, move: Move, seed: str, seats: int) -> list[str]:
    """What the move let a viewer learn about the world before it: each way the world could
    have differed unseen by that viewer after which the viewer sees something else."""
    ply, before, seat, action, step = move
    viewers: list[Seat | None] = [None, *range(seats)]
    seen_before = {v: _seen(game, before, v) for v in viewers}
    seen_after = {v: _seen(game, step.state, v) for v in viewers}
    dump = before.model_dump(mode="json")
    found: list[str] = []
    for path, new in _flips(dump):
        try:
            other = game.state_model.model_validate(_put(dump, path, new))
        except ValidationError:
            continue
        if _seen(game, other, None) != seen_before[None]:
            continue  # a seat sees the public view and its own secrets: everyone sees this
        blind = [v for v in viewers if v is None or _seen(game, other, v) == seen_before[v]]
        try:
            moved = game.apply(other, seat, action, rng_for(seed, ply))
        except Exception:  # the move cannot be made in that world: the mover's view tells
            continue
        for v in blind:
            after = _seen(game, moved.state, v)
            who = "the public" if v is None else f"seat {v}"
            if after != seen_after[v] and _sorted_lists(after) != _sorted_lists(seen_after[v]):
                found.append(f"{who} sees {path} at ply {ply}: {game.text.label(before, action)}")
            elif _told(moved, v) != _told(step, v):
                found.append(
                    f"{who} is told {path} at ply {ply}: {game.text.label(before, action)}"
                )
    return found


@pytest.mark.parametrize(("key", "seats", "options", "seed"), SETTINGS)
def test_a_move_undo_accepts_revealed_nothing_and_taking_it_back_restores_every_view(
    key: str, seats: int, options: dict[str, Any], seed: str
) -> None:
    game = GAMES[key]
    engine = Engine(game)
    log: list[tuple[Seat, Any]] = []
    checked = secret = 0
    resolving: dict[str, int] = {}
    due = {True: False, False: False}  # a secret / an open move is due: the next that undo takes
    stride = STRIDE.get(key, 1)
    for move in heuristic_game(key, seats, options, seed, random_seat=seats - 1):
        ply, before, seat, action, step = move
        log.append((seat, engine.dump_action(action)))
        hidden = game.is_secret(before, action)
        if hidden:
            secret += 1
            due[hidden] = due[hidden] or secret % stride == 1 % stride
            sampled = due[hidden]
            if len(step.events) > 1:
                kind = str(getattr(action, "type", ""))
                resolving[kind] = resolving.get(kind, 0) + 1
                sampled = sampled or resolving[kind] <= RESOLVING
        else:
            due[hidden] = due[hidden] or ply % stride == 0
            sampled = due[hidden]
        if not sampled or step.final is not None or game.outcome(step.state) is not None:
            continue
        if engine.final(before, seat, action, step, seed=seed, ply=ply, seats=seats) is not None:
            continue
        checked += 1
        due[hidden] = False
        undone = engine.replay(seats, options, seed, log[:-1])  # what `/game undo` writes
        assert undone == before
        for viewer in [None, *range(seats)]:
            assert _seen(game, undone, viewer) == _seen(game, before, viewer)
        assert revealed(game, move, seed, seats) == []
    assert checked >= 2, f"only {checked} moves of the seeded {key} game could be taken back"


def test_the_check_finds_a_revealed_vote_when_the_ballots_are_not_declared() -> None:
    # the report's last ballot, with the view check alone: the other ballots were out of the
    # mover's sight, and the revealed vote shows them
    game = GAMES["dead_of_winter"]
    last = twist_vote()[-1]
    found = revealed(game, last, SEED, 4)
    seat = last[2]
    assert any(
        line.startswith(f"seat {seat} sees ('tasks', 0, 'data', 'ballots'") for line in found
    )
    # a barricade reveals nothing: the check is not always alarmed
    quiet = next(m for m in report_game(last[0]).values() if m[3].type == "barricade")
    assert revealed(game, quiet, SEED, 4) == []
