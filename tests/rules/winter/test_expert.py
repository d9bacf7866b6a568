"""Winter's worlds for a search agent (`determinize`) and its `expert` level.

WI-23: the deck order is the only secret. A world dealt from an observation must show that very
observation, hold the unseen cards in its deck, and be read from the observation alone: two
states that differ only in their deck order give the same worlds.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from rules.engine import Engine
from rules.winter import GAME
from rules.winter.agents import HeuristicAgent
from rules.winter.expert import WinterExpert
from rules.winter.observation import unseen_cards
from rules.winter.state import WinterState
from tests.support import hidden_deck, seeded_games

ENGINE = Engine(GAME)


def seeded_states(seed: int) -> Iterator[WinterState]:
    """Every state of a seeded game between a heuristic and a random player."""
    agents = [HeuristicAgent(), GAME.agents["random"]()]
    return seeded_games.seeded_states(GAME, seed, [agents[seed % 2], agents[(1 + seed) % 2]])


def test_wi_23_a_world_shows_the_same_observation_and_deals_only_unseen_cards() -> None:
    checked = 0
    for seed in range(12):
        for state in seeded_states(seed):
            for seat in (0, 1):
                rng = random.Random(f"{seed}/{checked}")
                world = hidden_deck.dealt_world(GAME, state, seat, rng, unseen_cards)
                if ENGINE.outcome(state) is None:
                    assert GAME.to_act(world) == GAME.to_act(state)
                    active = min(GAME.to_act(state))
                    assert list(GAME.legal_actions(world, active)) == list(
                        GAME.legal_actions(state, active)
                    )
                checked += 1
    assert checked > 500


def test_wi_23_a_world_reads_only_the_observation_not_the_real_deck_order() -> None:
    decks_seen: set[tuple[int, ...]] = set()
    for seed in range(6):
        for state in seeded_states(seed):
            if len(state.deck) < 2:
                continue
            decks_seen.add(hidden_deck.world_whatever_the_deck_order(GAME, state, 0, seed).deck)
    # the deal really is random: many different deck orders came out
    assert len(decks_seen) > 20


def thawing_states(seeds: range) -> Iterator[WinterState]:
    for seed in seeds:
        for state in seeded_states(seed):
            if state.phase in ("thawing", "lake_choice", "move_counters"):
                yield state


def test_wi_23_the_expert_chooses_the_same_whatever_the_hidden_deck_order() -> None:
    assert isinstance(GAME.agents["expert"](), WinterExpert)
    expert = WinterExpert(nodes=120)
    compared = 0
    for seed in range(3):
        for ply, state, seat, legal in hidden_deck.choices_along(GAME, seeded_states(seed), 3):
            hidden_deck.assert_expert_ignores_the_deck_order(GAME, expert, state, seat, legal, ply)
            compared += 1
    assert compared > 20


def test_wi_21_the_expert_takes_a_winning_move_and_never_hands_the_opponent_one() -> None:
    """In the Thawing the expert searches the whole position: whenever a move wins at once it
    plays a winning move, and it never plays a move that lets the opponent win at once when
    another move does not."""
    from rules.winter.rules_apply import resolve

    expert = WinterExpert(nodes=150)
    checked = 0
    for state in thawing_states(range(5)):
        seat = state.active
        legal = list(GAME.legal_actions(state, seat))
        if len(legal) < 2:
            continue
        after = {a: resolve(state, seat, a).state for a in legal}

        def wins_now(s: WinterState, who: int) -> bool:
            return s.result is not None and who in s.result.winners and len(s.result.winners) == 1

        def loses_next(s: WinterState, me: int) -> bool:
            if s.result is not None:
                return not wins_now(s, me)
            if s.active == me:
                return False
            return any(
                wins_now(resolve(s, s.active, b).state, s.active)
                for b in GAME.legal_actions(s, s.active)
            )

        pick = expert.choose(GAME.observe(state, seat), legal, random.Random(0))
        if any(wins_now(s, seat) for s in after.values()):
            assert wins_now(after[pick], seat)
        elif not all(loses_next(s, seat) for s in after.values()):
            assert not loses_next(after[pick], seat)
        checked += 1
    assert checked > 15


def test_the_expert_explains_its_pick_in_plain_words_with_a_chance_of_winning() -> None:
    expert = WinterExpert(nodes=120)
    said = 0
    for state in thawing_states(range(8)):
        if said >= 12:
            break
        seat = state.active
        legal = list(GAME.legal_actions(state, seat))
        if len(legal) < 2:
            continue
        s = hidden_deck.plain_suggestion(expert, GAME.observe(state, seat), legal, 1)
        assert re.sub(r"\{s[01]\}", "", s.reason).count("{") == 0
        said += 1
    assert said >= 12


def test_the_expert_explains_a_freezing_move_in_plain_words_without_a_chance() -> None:
    expert = WinterExpert(nodes=120)
    kinds: set[str] = set()
    for seed in range(2):
        for state in seeded_states(seed):
            if state.stage != "freezing":
                continue
            seat = state.active
            legal = list(GAME.legal_actions(state, seat))
            if len(legal) < 2:
                continue
            s = expert.suggest(GAME.observe(state, seat), legal, random.Random(2))
            assert s.action in legal
            assert s.win_chance is None  # the deck is hidden: the expert gives no estimate
            hidden_deck.assert_plain_words(s.reason)
            kinds.add(s.action.type)
    assert {"choose_colour", "place", "counter"} <= kinds
