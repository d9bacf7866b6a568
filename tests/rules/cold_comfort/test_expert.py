"""Cold Comfort's worlds for a search agent (`determinize`) and its `expert` level.

CC-30: the City Deck's order (and dice not yet rolled, which no state holds) is the only secret.
A world dealt from an observation must show that very observation, hold the unseen tiles in its
deck, and be read from the observation alone: two states that differ only in their deck order
give the same worlds.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

from rules.cold_comfort import GAME
from rules.cold_comfort.agents import HotelierAgent
from rules.cold_comfort.determinize import unseen_tiles
from rules.cold_comfort.expert import ColdComfortExpert
from rules.cold_comfort.state import ColdComfortState
from rules.engine import Engine
from rules.playout import next_actor

ENGINE = Engine(GAME)


def seeded_states(seed: int, seats: int) -> Iterator[ColdComfortState]:
    """Every state of a seeded game of heuristic and random players."""
    agents = [
        HotelierAgent() if (s + seed) % 2 == 0 else GAME.agents["random"]() for s in range(seats)
    ]
    state = ENGINE.setup(seats, None, seed)
    ply = 0
    while True:
        yield state
        seat = next_actor(GAME, state)
        if seat is None:
            return
        legal = ENGINE.legal(state, seat)
        action = agents[seat].choose(
            GAME.observe(state, seat), legal, ENGINE.agent_rng(seed, ply + 1, seat)
        )
        ply += 1
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply, checked=True).state


def test_cc_30_a_world_shows_the_same_observation_and_deals_only_unseen_tiles() -> None:
    checked = 0
    phases: Counter[str] = Counter()
    for seed in range(8):
        for state in seeded_states(seed, 2 + seed % 4):
            seat = state.active_seat
            obs = GAME.observe(state, seat)
            world = GAME.determinize(obs, seat, random.Random(f"{seed}/{checked}"))
            assert world is not None
            assert GAME.observe(world, seat) == obs
            assert sorted(world.deck) == sorted(state.deck)
            assert set(world.deck) <= set(unseen_tiles(obs))
            assert world.extras_left == state.extras_left
            assert world.origin == state.origin
            assert sorted(world.hotels, key=lambda h: (h.x, h.y)) == sorted(
                state.hotels, key=lambda h: (h.x, h.y)
            )
            if ENGINE.outcome(state) is None:
                for actor in GAME.to_act(state):
                    assert list(GAME.legal_actions(world, actor)) == list(
                        GAME.legal_actions(state, actor)
                    )
            phases[state.phase] += 1
            checked += 1
    assert checked > 1000
    assert {"manage", "grow", "land_tie", "fire_spread", "over"} <= set(phases)


def test_cc_30_a_world_reads_only_the_observation_not_the_real_deck_order() -> None:
    decks_seen: set[tuple[str, ...]] = set()
    for seed in range(4):
        for state in seeded_states(seed, 3):
            if len(state.deck) < 2:
                continue
            swapped = state.model_copy(update={"deck": tuple(reversed(state.deck))})
            obs, obs_swapped = GAME.observe(state, 1), GAME.observe(swapped, 1)
            assert obs == obs_swapped
            one = GAME.determinize(obs, 1, random.Random(seed))
            two = GAME.determinize(obs_swapped, 1, random.Random(seed))
            assert one == two
            assert one is not None
            decks_seen.add(one.deck)
    assert len(decks_seen) > 20


def test_cc_30_the_expert_chooses_the_same_whatever_the_hidden_deck_order() -> None:
    assert isinstance(GAME.agents["expert"](), ColdComfortExpert)
    expert = ColdComfortExpert(GAME, iterations=4)
    compared = 0
    for ply, state in enumerate(seeded_states(5, 3)):
        if ENGINE.outcome(state) is not None or ply % 7 or len(state.deck) < 2:
            continue
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        if len(legal) < 2:
            continue
        swapped = state.model_copy(update={"deck": tuple(reversed(state.deck))})
        one = expert.choose(GAME.observe(state, seat), legal, random.Random(ply))
        two = expert.choose(GAME.observe(swapped, seat), legal, random.Random(ply))
        assert one == two
        assert one in legal
        compared += 1
        if compared >= 8:
            break
    assert compared >= 8


def test_the_expert_explains_its_pick_in_plain_words_with_a_chance_of_winning() -> None:
    expert = ColdComfortExpert(GAME, iterations=4)
    kinds: set[str] = set()
    said = 0
    for ply, state in enumerate(seeded_states(6, 4)):
        if ENGINE.outcome(state) is not None or ply % 5:
            continue
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        if len(legal) < 2:
            continue
        obs = GAME.observe(state, seat)
        s = expert.suggest(obs, legal, random.Random(ply))
        assert s.action in legal
        assert s.action == expert.choose(obs, legal, random.Random(ply))
        assert s.win_chance is not None and 0.0 <= s.win_chance <= 1.0
        assert s.reason.endswith(".") and s.reason[0].isupper()
        assert not re.search(r"\b[a-z]+_[a-z_]+\b|seat \d|=", s.reason)
        kinds.add(type(s.action).__name__)
        said += 1
        if len(kinds) >= 3 and said >= 6:
            break
    assert len(kinds) >= 3
