"""How good a position of The 10th Night is, for the `expert`'s short rollouts (`expert.py`).

`chance(table)` estimates the chance that the heuristic players win from a table at dawn (a new
day, its draw made): a logistic model of a few facts per seat — people, injured people, how
often a random attack card harms the row at its best arrangement (with the raid's bonus of the
coming night, TN-29), the modifiers, Jokers, ♥ and people cards in hand, divine protection —
fitted on heuristic games (`COEFFICIENTS`, one model a seat count and a night). At two seats
the weaker seat's facts come first: the game is lost as soon as any seat has nobody (TN-31).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any

from rules.cards import card
from rules.tenth_night.state import raid_bonus, row_index, zigzag

_SUITS = ("S", "H", "D", "C")
_RED = frozenset({"H", "D"})


def _hurts(value: int, suit: str, k: int, attack_suit: str, extra: int) -> bool:
    """Whether a bare attack card `k` of `attack_suit` (plus `extra` damage) harms a person."""
    if value == 1:
        return attack_suit == suit  # TN-24
    if k == 1 and attack_suit == suit:
        return True  # an Ace of its suit is deadly
    bonus = 2 if attack_suit == suit else (1 if (attack_suit in _RED) == (suit in _RED) else 0)
    return k + bonus + extra > value


@lru_cache(maxsize=65_536)
def exposure(row: tuple[tuple[str, bool], ...], extra: int = 0) -> float:
    """Expected harm one random attack card does to the row at its best arrangement: an injury
    counts 1, a death (an injured person harmed) 2. `row` is sorted (id, injured) pairs."""
    n = len(row)
    if n == 0:
        return 0.0
    people = [(card(i).number, card(i).suit or "S", 2.0 if hurt else 1.0) for i, hurt in row]
    cost = [[0.0] * n for _ in row]
    for k in range(1, 11):
        pos = zigzag(k, n)
        for s in _SUITS:
            idx = row_index(pos, n, s in _RED)
            for i, (v, suit, w) in enumerate(people):
                if _hurts(v, suit, k, s, extra):
                    cost[i][idx] += w
    best = min(sum(cost[p[j]][j] for j in range(n)) for p in permutations(range(n)))
    return best / 40


FEATURES = 8
"""A seat's facts, in this order: people, injured, exposure, modifier points, Jokers, ♥,
people cards in hand, divine protection."""


def seat_facts(row: Sequence[Any], hand: Sequence[str], protected: bool, extra: int) -> list[float]:
    key = tuple(sorted((p.id, p.injured) for p in row))
    mods = jokers = hearts = people = 0
    for c in hand:
        x = card(c)
        if x.is_joker:
            jokers += 1
        elif x.is_face:
            mods += {"J": 1, "Q": 2, "K": 3}[x.rank]
        else:
            people += 1
        hearts += x.suit == "H"
    return [
        float(len(row)),
        float(sum(p.injured for p in row)),
        exposure(key, extra),
        float(mods),
        float(jokers),
        float(hearts),
        float(people),
        float(protected),
    ]


def facts(table: Any) -> list[float]:
    """The model's inputs for a table (a `rules_table.Table` or a state): every seat's facts,
    weakest seat first, then whether the raid is on."""
    extra = raid_bonus(table.round, table.raid_active)
    seats = [seat_facts(p.row, p.hand, p.divine_protection, extra) for p in table.players]
    seats.sort(key=lambda f: (f[0] - f[1], -f[2]))
    out = [x for f in seats for x in f]
    out.append(float(table.raid_active))
    return out


COEFFICIENTS: dict[tuple[int, int], tuple[float, ...]] = {
    (1, 2): (-1.858, 0.271, 0.066, -4.273, 0.115, 0.421, 0.097, 0.190, 0.000, 0.000),
    (1, 3): (-2.172, 0.319, -0.025, -3.836, 0.110, 0.418, 0.116, 0.109, 0.000, 0.000),
    (1, 4): (-2.159, 0.297, -0.117, -3.065, 0.102, 0.435, 0.119, 0.103, 0.000, 0.000),
    (1, 5): (-2.316, 0.297, -0.167, -2.447, 0.119, 0.493, 0.137, 0.130, -0.096, 0.000),
    (1, 6): (-1.388, 0.766, -0.190, -3.279, 0.102, 0.422, 0.200, 0.048, 0.208, -1.971),
    (1, 7): (-0.629, 0.677, -0.048, -4.013, 0.108, 0.544, 0.307, 0.007, 0.340, -1.287),
    (1, 8): (-0.156, 0.748, -0.066, -4.146, 0.126, 0.296, 0.515, -0.010, 0.233, -0.733),
    (1, 9): (-0.150, 0.901, -0.266, -2.935, 0.088, 0.842, 0.994, 0.016, 0.301, -0.465),
    (1, 10): (0.816, 1.768, -1.299, -2.528, 0.057, 0.865, 3.261, -0.052, -0.100, -0.303),
    (2, 2): (
        -5.228,
        0.642,
        0.004,
        -4.467,
        0.150,
        0.765,
        0.184,
        0.196,
        0.000,
        0.683,
        0.262,
        -2.378,
        0.036,
        0.422,
        0.155,
        -0.110,
        0.000,
        0.000,
    ),
    (2, 3): (
        -3.252,
        0.558,
        -0.130,
        -3.696,
        0.104,
        0.695,
        0.236,
        0.101,
        0.000,
        0.342,
        -0.110,
        -2.430,
        0.067,
        0.464,
        0.008,
        0.017,
        0.000,
        0.000,
    ),
    (2, 4): (
        -3.827,
        0.713,
        -0.257,
        -3.078,
        0.079,
        0.497,
        0.192,
        0.082,
        0.000,
        0.339,
        -0.077,
        -2.778,
        0.064,
        0.540,
        0.129,
        0.019,
        0.000,
        0.000,
    ),
    (2, 5): (
        -4.895,
        0.856,
        -0.361,
        -2.885,
        0.118,
        0.504,
        0.191,
        0.140,
        0.000,
        0.442,
        -0.136,
        -1.978,
        0.041,
        0.361,
        0.133,
        -0.011,
        0.000,
        0.000,
    ),
    (2, 6): (
        -2.866,
        0.881,
        -0.276,
        -3.278,
        0.113,
        0.516,
        0.239,
        0.048,
        -0.005,
        0.488,
        -0.007,
        -2.015,
        0.057,
        0.365,
        0.105,
        0.021,
        0.000,
        -1.297,
    ),
    (2, 7): (
        -1.231,
        1.018,
        -0.293,
        -3.294,
        0.107,
        0.444,
        0.328,
        0.046,
        0.280,
        0.308,
        0.013,
        -2.358,
        0.039,
        0.365,
        0.027,
        -0.019,
        -0.125,
        -1.072,
    ),
    (2, 8): (
        -1.338,
        1.112,
        -0.357,
        -3.195,
        0.123,
        0.724,
        0.413,
        0.080,
        0.527,
        0.332,
        0.097,
        -1.294,
        0.031,
        0.252,
        0.066,
        -0.004,
        -0.127,
        -0.852,
    ),
    (2, 9): (
        -1.179,
        1.287,
        -0.476,
        -2.553,
        0.118,
        0.748,
        0.668,
        0.072,
        0.523,
        0.416,
        -0.087,
        -1.001,
        0.030,
        0.070,
        -0.028,
        -0.015,
        0.642,
        -0.400,
    ),
    (2, 10): (
        -0.622,
        2.097,
        -1.091,
        -2.328,
        0.186,
        1.547,
        2.571,
        0.047,
        0.735,
        0.413,
        -0.139,
        -0.587,
        0.029,
        -0.012,
        0.071,
        -0.003,
        -0.002,
        -0.514,
    ),
}
"""(seats, round) → intercept, then one weight a fact (`facts`)."""


def chance(table: Any) -> float | None:
    """The estimated chance of a win from this table at dawn; None where no model was fitted."""
    w = COEFFICIENTS.get((table.num_players, table.round))
    if w is None:
        return None
    z = w[0] + sum(a * b for a, b in zip(w[1:], facts(table), strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
