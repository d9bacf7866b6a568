"""Winter's random-agent games replay exactly as they did before the package moved to the house
layout (issue 8 §3): the table below was recorded from main before the move.

Each row is (seed number, winners, reason, scores by seat, plies) for `play_out` with random agents
on 2 seats and seed `f"base{n}"`. A changed row means a rule changed, not only a module.
"""

from __future__ import annotations

from rules.agents import RandomAgent
from rules.playout import play_out
from rules.winter import GAME

SEATS = 2

BASELINE: list[tuple[int, tuple[int, ...], str, tuple[int, ...] | None, int]] = [
    (0, (0,), "frozen_out", (3, 0), 37),
    (1, (), "both_frozen_out", (0, 0), 34),
    (2, (1,), "frozen_out", (0, 1), 35),
    (3, (0,), "frozen_out", (2, 0), 36),
    (4, (1,), "frozen_out", (0, 1), 54),
    (5, (0,), "frozen_out", (1, 0), 35),
    (6, (), "both_frozen_out", (0, 0), 34),
    (7, (1,), "frozen_out", (0, 2), 36),
    (8, (1,), "frozen_out", (0, 1), 35),
    (9, (0,), "frozen_out", (1, 0), 35),
    (10, (0,), "frozen_out", (3, 0), 56),
    (11, (), "both_frozen_out", (0, 0), 34),
    (12, (0,), "frozen_out", (1, 0), 35),
    (13, (), "both_frozen_out", (0, 0), 34),
    (14, (0,), "frozen_out", (1, 0), 35),
    (15, (), "both_frozen_out", (0, 0), 34),
    (16, (), "both_frozen_out", (0, 0), 34),
    (17, (), "both_frozen_out", (0, 0), 34),
    (18, (), "both_frozen_out", (0, 0), 34),
    (19, (), "both_frozen_out", (0, 0), 34),
    (20, (), "both_frozen_out", (0, 0), 34),
    (21, (), "both_frozen_out", (0, 0), 34),
    (22, (0,), "frozen_out", (1, 0), 35),
    (23, (), "both_frozen_out", (0, 0), 34),
    (24, (), "both_frozen_out", (0, 0), 34),
    (25, (1,), "frozen_out", (0, 2), 36),
    (26, (), "both_frozen_out", (0, 0), 34),
    (27, (1,), "frozen_out", (0, 1), 35),
    (28, (), "both_frozen_out", (0, 0), 34),
    (29, (0,), "frozen_out", (2, 0), 36),
    (30, (), "both_frozen_out", (0, 0), 34),
    (31, (0,), "frozen_out", (3, 0), 42),
    (32, (0,), "frozen_out", (1, 0), 35),
    (33, (0,), "frozen_out", (3, 0), 37),
    (34, (1,), "frozen_out", (0, 3), 40),
    (35, (0,), "frozen_out", (1, 0), 35),
    (36, (), "both_frozen_out", (0, 0), 34),
    (37, (1,), "frozen_out", (0, 1), 35),
    (38, (0,), "frozen_out", (2, 0), 51),
    (39, (1,), "frozen_out", (0, 2), 36),
    (40, (), "both_frozen_out", (0, 0), 34),
    (41, (1,), "frozen_out", (0, 1), 35),
    (42, (0,), "frozen_out", (1, 0), 35),
    (43, (), "both_frozen_out", (0, 0), 34),
    (44, (), "both_frozen_out", (0, 0), 34),
    (45, (1,), "frozen_out", (0, 2), 47),
    (46, (), "both_frozen_out", (0, 0), 34),
    (47, (0,), "frozen_out", (1, 0), 35),
    (48, (1,), "frozen_out", (0, 1), 35),
    (49, (), "both_frozen_out", (0, 0), 34),
    (50, (1,), "frozen_out", (0, 1), 35),
    (51, (1,), "frozen_out", (0, 2), 57),
    (52, (), "both_frozen_out", (0, 0), 34),
    (53, (), "both_frozen_out", (0, 0), 34),
    (54, (0,), "frozen_out", (2, 0), 36),
    (55, (0,), "frozen_out", (1, 0), 35),
    (56, (1,), "frozen_out", (0, 1), 35),
    (57, (0,), "frozen_out", (1, 0), 35),
    (58, (), "both_frozen_out", (0, 0), 34),
    (59, (), "both_frozen_out", (0, 0), 34),
    (60, (0,), "frozen_out", (2, 0), 36),
    (61, (1,), "frozen_out", (0, 2), 36),
    (62, (), "both_frozen_out", (0, 0), 34),
    (63, (0,), "frozen_out", (1, 0), 35),
    (64, (), "both_frozen_out", (0, 0), 34),
    (65, (1,), "frozen_out", (0, 1), 35),
    (66, (), "both_frozen_out", (0, 0), 34),
    (67, (0,), "frozen_out", (1, 0), 35),
    (68, (), "both_frozen_out", (0, 0), 34),
    (69, (0,), "frozen_out", (1, 0), 35),
    (70, (1,), "frozen_out", (0, 1), 35),
    (71, (1,), "frozen_out", (0, 1), 35),
    (72, (0,), "frozen_out", (1, 0), 35),
    (73, (), "both_frozen_out", (0, 0), 34),
    (74, (0,), "frozen_out", (1, 0), 37),
    (75, (1,), "frozen_out", (0, 1), 41),
    (76, (), "both_frozen_out", (0, 0), 34),
    (77, (1,), "frozen_out", (0, 1), 35),
    (78, (), "both_frozen_out", (0, 0), 34),
    (79, (1,), "frozen_out", (0, 1), 35),
    (80, (), "both_frozen_out", (0, 0), 34),
    (81, (), "both_frozen_out", (0, 0), 34),
    (82, (), "both_frozen_out", (0, 0), 34),
    (83, (), "both_frozen_out", (0, 0), 34),
    (84, (), "both_frozen_out", (0, 0), 34),
    (85, (), "both_frozen_out", (0, 0), 34),
    (86, (0,), "frozen_out", (2, 0), 39),
    (87, (0,), "frozen_out", (2, 0), 54),
    (88, (), "both_frozen_out", (0, 0), 34),
    (89, (), "both_frozen_out", (0, 0), 34),
    (90, (0,), "frozen_out", (2, 0), 36),
    (91, (1,), "frozen_out", (0, 3), 50),
    (92, (0,), "frozen_out", (1, 0), 35),
    (93, (0,), "frozen_out", (1, 0), 35),
    (94, (1,), "frozen_out", (0, 1), 35),
    (95, (), "both_frozen_out", (0, 0), 34),
    (96, (0,), "frozen_out", (2, 0), 44),
    (97, (1,), "frozen_out", (0, 1), 48),
    (98, (0,), "frozen_out", (2, 0), 36),
    (99, (), "both_frozen_out", (0, 0), 34),
]


def test_a_hundred_seeded_random_games_end_as_they_did_before_the_layout_move() -> None:
    played = []
    for n, *_ in BASELINE:
        result = play_out(GAME, SEATS, f"base{n}", RandomAgent())
        outcome = result.outcome
        assert outcome is not None
        scores = (
            tuple(outcome.scores[s] for s in sorted(outcome.scores)) if outcome.scores else None
        )
        played.append((n, tuple(sorted(outcome.winners)), outcome.reason, scores, result.plies))
    assert played == BASELINE
    assert len(BASELINE) == 100
