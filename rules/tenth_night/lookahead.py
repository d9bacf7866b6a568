"""How good a position of The 10th Night is, for the `expert`'s short rollouts (`expert.py`).

`chance(table)` estimates the chance that the heuristic players win from a table at dawn (a new
day, its draw made): a logistic model of a few facts per seat — people, injured people, how
often a random attack card harms the row at its best arrangement (with the raid's bonus of the
coming night, TN-29), the modifiers, Jokers, ♥ and people cards in hand, divine protection —
fitted on heuristic games with the standard schedule (`COEFFICIENTS`, one model a seat count
and a dawn: 6,000 solo games, 4,000 at two seats, 1,500 at three and four). The weakest seat's
facts come first: the game is lost as soon as any seat has nobody (TN-31).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any

from rules.cards import card
from rules.tenth_night.agents import harm_costs
from rules.tenth_night.state import raid_bonus


@lru_cache(maxsize=65_536)
def exposure(row: tuple[tuple[str, bool], ...], extra: int = 0) -> float:
    """Expected harm one random attack card does to the row at its best arrangement: an injury
    counts 1, a death (an injured person harmed) 2. `row` is sorted (id, injured) pairs."""
    n = len(row)
    if n == 0:
        return 0.0
    cost = harm_costs([(card(i).number, card(i).suit or "S", hurt) for i, hurt in row], extra)
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


_FITTED = """
1/2 -1.858 0.271 0.066 -4.273 0.115 0.421 0.097 0.190 0.000 0.000 1/3 -2.172 0.319 -0.025 -3.836
0.110 0.418 0.116 0.109 0.000 0.000 1/4 -2.159 0.297 -0.117 -3.065 0.102 0.435 0.119 0.103 0.000
0.000 1/5 -2.316 0.297 -0.167 -2.447 0.119 0.493 0.137 0.130 -0.096 0.000 1/6 -1.388 0.766
-0.190 -3.279 0.102 0.422 0.200 0.048 0.208 -1.971 1/7 -0.629 0.677 -0.048 -4.013 0.108 0.544
0.307 0.007 0.340 -1.287 1/8 -0.156 0.748 -0.066 -4.146 0.126 0.296 0.515 -0.010 0.233 -0.733
1/9 -0.150 0.901 -0.266 -2.935 0.088 0.842 0.994 0.016 0.301 -0.465 1/10 0.816 1.768 -1.299
-2.528 0.057 0.865 3.261 -0.052 -0.100 -0.303 2/2 -5.228 0.642 0.004 -4.467 0.150 0.765 0.184
0.196 0.000 0.683 0.262 -2.378 0.036 0.422 0.155 -0.110 0.000 0.000 2/3 -3.252 0.558 -0.130
-3.696 0.104 0.695 0.236 0.101 0.000 0.342 -0.110 -2.430 0.067 0.464 0.008 0.017 0.000 0.000 2/4
-3.827 0.713 -0.257 -3.078 0.079 0.497 0.192 0.082 0.000 0.339 -0.077 -2.778 0.064 0.540 0.129
0.019 0.000 0.000 2/5 -4.895 0.856 -0.361 -2.885 0.118 0.504 0.191 0.140 0.000 0.442 -0.136
-1.978 0.041 0.361 0.133 -0.011 0.000 0.000 2/6 -2.866 0.881 -0.276 -3.278 0.113 0.516 0.239
0.048 -0.005 0.488 -0.007 -2.015 0.057 0.365 0.105 0.021 0.000 -1.297 2/7 -1.231 1.018 -0.293
-3.294 0.107 0.444 0.328 0.046 0.280 0.308 0.013 -2.358 0.039 0.365 0.027 -0.019 -0.125 -1.072
2/8 -1.338 1.112 -0.357 -3.195 0.123 0.724 0.413 0.080 0.527 0.332 0.097 -1.294 0.031 0.252
0.066 -0.004 -0.127 -0.852 2/9 -1.179 1.287 -0.476 -2.553 0.118 0.748 0.668 0.072 0.523 0.416
-0.087 -1.001 0.030 0.070 -0.028 -0.015 0.642 -0.400 2/10 -0.622 2.097 -1.091 -2.328 0.186 1.547
2.571 0.047 0.735 0.413 -0.139 -0.587 0.029 -0.012 0.071 -0.003 -0.002 -0.514 3/2 1.736 0.382
-0.386 -2.767 0.178 0.653 0.239 0.264 0.000 0.014 0.131 -1.921 0.040 0.333 0.135 -0.142 0.000
-0.385 -0.020 -1.907 0.116 0.375 -0.084 0.100 0.000 0.000 3/3 -5.064 0.791 -0.654 -2.506 0.132
0.829 0.112 0.332 0.000 0.263 0.098 -1.763 0.071 0.284 -0.026 0.046 0.000 0.325 -0.160 -1.215
0.065 0.378 -0.075 0.021 0.000 0.000 3/4 -4.475 0.892 -0.425 -2.366 0.180 0.729 0.251 0.288
0.000 0.132 0.035 -2.035 0.038 0.559 0.036 -0.006 0.000 0.180 -0.151 -0.650 0.056 0.242 -0.161
0.081 0.000 0.000 3/5 -4.157 0.965 -0.551 -1.751 0.194 0.933 0.064 0.343 0.000 0.429 -0.155
-1.761 0.089 0.288 -0.156 0.101 0.000 -0.256 -0.047 -0.915 0.024 0.349 -0.042 0.019 0.000 0.000
3/6 -5.360 1.139 -0.287 -2.812 0.178 0.530 0.241 0.235 0.000 0.166 -0.133 -1.520 0.033 0.345
0.111 0.049 0.000 0.250 0.202 0.328 0.053 0.214 -0.095 0.072 0.000 -0.000 3/7 -4.657 1.262
-0.499 -1.995 0.193 0.894 0.262 0.338 -0.079 0.284 -0.062 -0.899 0.068 0.279 0.033 0.058 0.000
0.037 0.010 -0.094 -0.011 -0.064 -0.098 0.011 0.000 0.000 3/8 -3.321 1.532 -0.538 -2.549 0.205
0.786 0.395 0.199 0.990 0.331 0.059 -1.178 0.085 0.066 0.045 -0.056 -0.052 -0.041 0.063 0.391
-0.004 0.284 -0.049 0.055 0.000 -0.000 3/9 -2.699 1.739 -0.742 -2.376 0.092 1.527 0.913 0.098
0.811 0.231 0.066 -1.261 0.043 0.428 0.042 0.034 0.000 0.141 0.121 0.883 0.035 -0.113 -0.050
0.041 -0.028 0.000 3/10 -1.204 2.663 -1.103 -2.113 -0.046 1.186 2.452 -0.028 0.225 0.224 -0.129
-0.002 0.069 0.535 0.345 0.049 0.529 -0.047 0.392 -0.533 0.088 -0.169 0.108 0.001 0.000 0.000
4/2 -1.996 0.674 -0.507 -1.593 0.090 0.838 0.412 0.257 0.000 -0.594 -0.260 -0.423 -0.025 0.972
0.381 -0.095 0.000 1.112 -0.775 -0.480 0.128 0.446 0.152 0.128 0.000 -0.426 0.115 -0.050 -0.072
0.399 0.019 -0.134 0.000 0.000 4/3 -6.934 0.655 -0.326 -1.055 0.054 0.803 0.475 0.045 0.000
0.626 -0.273 -1.212 0.157 0.793 0.082 0.308 0.000 0.399 0.243 -0.400 0.050 0.422 -0.034 0.168
0.000 -0.007 0.406 -0.027 -0.045 0.218 0.443 -0.326 0.000 0.000 4/4 -3.440 0.938 -0.679 -1.173
0.155 1.089 0.398 0.400 0.000 -0.208 0.363 -0.728 0.141 0.729 0.115 0.066 0.000 0.384 -0.172
-0.666 0.004 0.283 0.073 -0.019 0.000 0.039 -0.557 -0.112 -0.143 0.345 0.146 -0.310 0.000 0.000
4/5 -3.343 1.350 -0.968 -0.897 0.234 1.117 0.223 0.282 0.000 0.360 -0.136 -1.514 0.126 0.472
-0.013 0.177 0.000 0.064 0.421 -0.086 0.035 0.377 0.123 -0.149 0.000 -0.370 0.243 -0.504 -0.113
0.031 -0.057 -0.168 0.000 0.000 4/6 -4.339 1.522 -0.903 -1.179 0.305 1.066 -0.111 0.355 0.000
0.453 -0.147 -1.039 0.092 0.054 -0.061 0.028 0.000 0.257 -0.013 -0.673 0.075 0.526 -0.054 -0.011
0.000 -0.333 0.085 0.421 -0.114 0.126 0.050 -0.279 0.000 0.000 4/7 -7.268 1.929 -0.582 -1.321
0.359 0.757 0.682 0.272 -0.041 0.282 0.024 -0.254 0.068 0.607 0.130 0.077 -0.133 0.470 0.018
0.019 0.001 0.099 -0.115 -0.085 0.000 -0.249 0.039 0.371 0.015 -0.031 -0.165 -0.139 0.000 0.000
4/8 -2.296 2.221 -0.910 -1.806 0.232 0.968 -0.053 0.179 0.355 0.374 -0.448 -0.376 0.009 0.040
-0.147 0.041 0.000 0.084 0.497 -1.307 0.159 0.451 -0.180 0.160 0.000 -0.318 -0.132 0.735 -0.041
-0.156 -0.080 -0.316 0.000 -0.000 4/9 -1.783 2.215 -0.753 -1.347 0.132 0.426 0.303 0.076 0.034
0.356 0.307 -0.823 0.027 -0.158 -0.133 -0.032 0.000 0.284 -0.272 -0.910 0.015 0.009 -0.024 0.099
0.000 -0.329 0.199 0.302 0.011 0.122 0.104 -0.211 0.000 0.000 4/10 1.821 2.524 -0.587 -2.011
0.050 0.698 2.563 0.010 -0.684 0.409 -0.019 -0.608 -0.009 0.665 0.111 0.098 -0.552 0.089 0.238
-0.600 -0.051 -0.186 0.010 0.218 -0.357 -0.773 0.061 0.298 -0.013 0.048 0.261 -0.283 0.000 0.000
"""
"""Each model: `seats/round`, then its intercept and one weight a fact (`facts`)."""


def _models(text: str) -> dict[tuple[int, int], tuple[float, ...]]:
    found: dict[tuple[int, int], list[float]] = {}
    weights: list[float] = []
    for token in text.split():
        if "/" in token:
            seats, night = token.split("/")
            weights = found[int(seats), int(night)] = []
        else:
            weights.append(float(token))
    return {key: tuple(w) for key, w in found.items()}


COEFFICIENTS = _models(_FITTED)
"""(seats, round) → intercept, then one weight a fact (`facts`)."""


def chance(table: Any) -> float | None:
    """The estimated chance of a win from this table at dawn; None where no model was fitted."""
    w = COEFFICIENTS.get((table.num_players, table.round))
    if w is None:
        return None
    z = w[0] + sum(a * b for a, b in zip(w[1:], facts(table), strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
