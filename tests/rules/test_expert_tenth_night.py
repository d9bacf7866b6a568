"""The 10th Night's expert (`rules/tenth_night/expert.py`): its rollouts stop at the next dawn,
where a model fitted on heuristic games (`rules/tenth_night/lookahead.py`) scores the position,
and it plays the move whose positions scored best."""

from __future__ import annotations

import random
import re

from rules.cards import deck_ids
from rules.search import SearchAgent
from rules.tenth_night import GAME
from rules.tenth_night.actions import Ready
from rules.tenth_night.expert import TUNING
from rules.tenth_night.lookahead import chance, exposure
from rules.tenth_night.state import TenthNightState
from tests.rules.tenth_night.helpers import ids, make

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\w+=\w+")


def day_five_with_a_trio_in_hand() -> TenthNightState:
    """Solo, Day 5: two healthy people (10♦ 9♣) and three 2s in hand, the other cards in a
    seeded order."""
    row, hand = "10D 9C", "2S 2H 2C"
    used = set(ids(f"{row} {hand}"))
    rest = [c for c in deck_ids(1) if c not in used]
    random.Random(0).shuffle(rest)
    return make([row], [hand], draw=" ".join(rest), round=5)


def test_tn_29_the_expert_keeps_a_trio_for_day_6_so_the_fifth_night_raid_does_not_begin() -> None:
    """Three people alive at the dawn of Night 5 start the raid (2 × 3 ≥ 5 at one seat, TN-29),
    which adds +1 to +5 damage on Nights 6–10. The heuristic plays the trio at once (TN-10); the
    expert says ready and keeps the three 2s for Day 6, after the raid check. Measured outside the
    tests on 1,000 deals of the unseen cards, the heuristic playing on from either move: ready
    then wins 34.7 % of games, the trio first 22.5 %."""
    state = day_five_with_a_trio_in_hand()
    seen = GAME.observe(state, 0)
    legal = GAME.legal_actions(state, 0)
    assert GAME.agents["heuristic"]().choose(seen, legal, random.Random(0)).type == "trio"
    for k in range(3):
        expert = SearchAgent(GAME, tuning=TUNING, iterations=48)
        assert expert.choose(seen, legal, random.Random(k)) == Ready()


def test_the_expert_explains_a_tenth_night_move_in_plain_words_with_its_chance_of_winning() -> None:
    state = day_five_with_a_trio_in_hand()
    advice = SearchAgent(GAME, tuning=TUNING, iterations=48).suggest(
        GAME.observe(state, 0), GAME.legal_actions(state, 0), random.Random(0)
    )
    assert advice.action == Ready()
    assert advice.win_chance is not None and 0.0 < advice.win_chance < 1.0
    assert "chance that everyone survives the 10th night" in advice.reason
    assert not IDENTIFIER.search(advice.reason)


def test_tn_24_an_ace_is_harmed_only_by_attack_cards_of_its_own_suit() -> None:
    """A lone A♠ is harmed by the ten ♠ attack cards of the forty (A–10 of each suit)."""
    assert exposure((("AS-1", False),)) == 10 / 40
    # an injured person harmed dies: it counts double
    assert exposure((("AS-1", True),)) == 20 / 40


def test_tn_29_the_model_scores_a_row_lower_when_the_raid_is_on() -> None:
    calm = make(["10D 9C 8S"], ["KS"], round=7)
    raided = make(["10D 9C 8S"], ["KS"], round=7, raid=True)
    found_calm, found_raided = chance(calm), chance(raided)
    assert found_calm is not None and found_raided is not None
    assert found_raided < found_calm
