"""Cold Comfort's random-agent games replay exactly as they did before the package moved to the
house layout (issue 8 §3): the table below was recorded from main before the move.

Each row is (seed number, winners, reason, scores by seat, plies) for `play_out` with random agents
on 4 seats and seed `f"base{n}"`. A changed row means a rule changed, not only a module.
"""

from __future__ import annotations

from rules.agents import RandomAgent
from rules.cold_comfort import GAME
from rules.playout import play_out

SEATS = 4

BASELINE: list[tuple[int, tuple[int, ...], str, tuple[int, ...] | None, int]] = [
    (0, (1,), "nine_scoring_rounds", (2, 11, 3, 5), 172),
    (1, (2,), "nine_scoring_rounds", (0, 2, 6, 2), 171),
    (2, (3,), "nine_scoring_rounds", (4, 4, 5, 13), 141),
    (3, (3,), "nine_scoring_rounds", (8, 5, 3, 23), 158),
    (4, (1,), "nine_scoring_rounds", (3, 14, 2, 12), 162),
    (5, (2,), "nine_scoring_rounds", (8, 6, 11, 1), 128),
    (6, (3,), "nine_scoring_rounds", (0, 1, 6, 28), 168),
    (7, (3,), "nine_scoring_rounds", (8, 9, 2, 14), 170),
    (8, (1,), "nine_scoring_rounds", (5, 10, 4, 2), 159),
    (9, (3,), "nine_scoring_rounds", (14, 11, 14, 17), 130),
    (10, (0,), "nine_scoring_rounds", (8, 1, 3, 4), 150),
    (11, (0,), "nine_scoring_rounds", (5, 1, 3, 4), 153),
    (12, (3,), "nine_scoring_rounds", (8, 2, 1, 14), 150),
    (13, (2,), "nine_scoring_rounds", (9, 8, 14, 8), 130),
    (14, (0,), "nine_scoring_rounds", (18, 3, 5, 15), 117),
    (15, (1,), "nine_scoring_rounds", (7, 15, 7, 6), 148),
    (16, (0,), "nine_scoring_rounds", (24, 14, 6, 7), 156),
    (17, (2,), "nine_scoring_rounds", (8, 7, 8, 3), 159),
    (18, (1,), "nine_scoring_rounds", (7, 9, 7, 3), 144),
    (19, (2,), "nine_scoring_rounds", (6, 2, 15, 5), 159),
    (20, (1,), "nine_scoring_rounds", (6, 16, 16, 3), 168),
    (21, (3,), "nine_scoring_rounds", (0, 3, 6, 23), 160),
    (22, (0,), "nine_scoring_rounds", (18, 3, 1, 3), 157),
    (23, (2,), "nine_scoring_rounds", (10, 6, 17, 12), 140),
    (24, (3,), "nine_scoring_rounds", (0, 1, 3, 4), 173),
    (25, (2,), "nine_scoring_rounds", (10, 4, 14, 3), 146),
    (26, (2,), "nine_scoring_rounds", (2, 7, 11, 4), 147),
    (27, (2,), "nine_scoring_rounds", (7, 3, 23, 2), 154),
    (28, (2,), "nine_scoring_rounds", (9, 4, 12, 12), 164),
    (29, (2,), "nine_scoring_rounds", (0, 2, 4, 0), 171),
    (30, (0,), "nine_scoring_rounds", (23, 17, 9, 3), 144),
    (31, (3,), "nine_scoring_rounds", (8, 0, 8, 22), 156),
    (32, (0,), "nine_scoring_rounds", (11, 9, 2, 6), 126),
    (33, (0,), "nine_scoring_rounds", (6, 2, 2, 1), 174),
    (34, (1,), "nine_scoring_rounds", (7, 14, 13, 12), 159),
    (35, (1,), "nine_scoring_rounds", (3, 6, 2, 4), 181),
    (36, (1,), "nine_scoring_rounds", (3, 13, 3, 1), 132),
    (37, (0,), "nine_scoring_rounds", (6, 4, 0, 5), 191),
    (38, (0,), "nine_scoring_rounds", (7, 0, 7, 4), 173),
    (39, (0,), "nine_scoring_rounds", (6, 1, 2, 2), 161),
    (40, (0,), "nine_scoring_rounds", (19, 2, 0, 9), 157),
    (41, (0,), "nine_scoring_rounds", (13, 10, 4, 2), 149),
    (42, (2,), "nine_scoring_rounds", (7, 9, 16, 4), 172),
    (43, (0,), "nine_scoring_rounds", (18, 7, 1, 17), 134),
    (44, (3,), "nine_scoring_rounds", (4, 7, 1, 21), 171),
    (45, (2,), "nine_scoring_rounds", (2, 8, 12, 4), 157),
    (46, (1,), "nine_scoring_rounds", (9, 17, 17, 3), 136),
    (47, (1,), "nine_scoring_rounds", (8, 34, 6, 9), 136),
    (48, (2,), "nine_scoring_rounds", (0, 3, 25, 22), 131),
    (49, (0,), "nine_scoring_rounds", (9, 8, 6, 4), 154),
    (50, (3,), "nine_scoring_rounds", (10, 5, 7, 11), 153),
    (51, (2,), "nine_scoring_rounds", (1, 1, 3, 1), 204),
    (52, (1,), "nine_scoring_rounds", (13, 22, 11, 5), 162),
    (53, (1,), "nine_scoring_rounds", (8, 20, 6, 4), 144),
    (54, (2,), "nine_scoring_rounds", (6, 10, 28, 6), 137),
    (55, (2,), "nine_scoring_rounds", (0, 3, 15, 10), 150),
    (56, (0,), "nine_scoring_rounds", (20, 19, 11, 7), 121),
    (57, (0,), "nine_scoring_rounds", (6, 4, 0, 5), 151),
    (58, (3,), "nine_scoring_rounds", (2, 10, 5, 11), 160),
    (59, (2,), "nine_scoring_rounds", (3, 6, 9, 4), 152),
    (60, (0,), "nine_scoring_rounds", (17, 2, 1, 4), 141),
    (61, (0,), "nine_scoring_rounds", (9, 8, 2, 5), 125),
    (62, (3,), "nine_scoring_rounds", (14, 3, 11, 21), 157),
    (63, (2,), "nine_scoring_rounds", (4, 2, 19, 7), 136),
    (64, (1,), "nine_scoring_rounds", (3, 19, 13, 7), 141),
    (65, (1,), "nine_scoring_rounds", (6, 8, 3, 4), 126),
    (66, (1,), "nine_scoring_rounds", (3, 5, 4, 0), 146),
    (67, (2,), "nine_scoring_rounds", (2, 5, 35, 4), 155),
    (68, (3,), "nine_scoring_rounds", (9, 8, 0, 29), 154),
    (69, (2,), "nine_scoring_rounds", (5, 2, 5, 4), 168),
    (70, (2,), "nine_scoring_rounds", (2, 7, 8, 7), 162),
    (71, (1,), "nine_scoring_rounds", (2, 30, 21, 0), 153),
    (72, (2,), "nine_scoring_rounds", (1, 4, 14, 12), 156),
    (73, (1,), "nine_scoring_rounds", (11, 13, 5, 9), 118),
    (74, (0,), "nine_scoring_rounds", (17, 16, 15, 17), 123),
    (75, (2,), "nine_scoring_rounds", (5, 9, 18, 9), 137),
    (76, (2,), "nine_scoring_rounds", (1, 8, 17, 17), 131),
    (77, (1,), "nine_scoring_rounds", (11, 14, 3, 11), 140),
    (78, (0,), "nine_scoring_rounds", (8, 5, 7, 8), 159),
    (79, (3,), "nine_scoring_rounds", (0, 12, 19, 30), 129),
    (80, (3,), "nine_scoring_rounds", (5, 5, 3, 8), 148),
    (81, (0,), "nine_scoring_rounds", (13, 10, 0, 4), 116),
    (82, (1,), "nine_scoring_rounds", (6, 10, 8, 3), 170),
    (83, (2,), "nine_scoring_rounds", (12, 1, 29, 19), 129),
    (84, (0,), "nine_scoring_rounds", (12, 7, 9, 3), 150),
    (85, (1,), "nine_scoring_rounds", (20, 27, 4, 1), 137),
    (86, (1,), "nine_scoring_rounds", (2, 25, 3, 1), 141),
    (87, (1,), "nine_scoring_rounds", (0, 5, 3, 2), 179),
    (88, (3,), "nine_scoring_rounds", (4, 4, 5, 8), 167),
    (89, (1,), "nine_scoring_rounds", (7, 8, 3, 3), 167),
    (90, (1,), "nine_scoring_rounds", (2, 8, 2, 8), 171),
    (91, (0,), "nine_scoring_rounds", (7, 2, 5, 2), 179),
    (92, (3,), "nine_scoring_rounds", (2, 1, 25, 37), 119),
    (93, (3,), "nine_scoring_rounds", (7, 1, 3, 12), 139),
    (94, (1,), "nine_scoring_rounds", (6, 18, 2, 9), 142),
    (95, (0,), "nine_scoring_rounds", (20, 13, 14, 14), 127),
    (96, (3,), "nine_scoring_rounds", (1, 8, 3, 9), 132),
    (97, (0,), "nine_scoring_rounds", (23, 10, 5, 6), 141),
    (98, (2,), "nine_scoring_rounds", (6, 8, 13, 4), 156),
    (99, (1,), "nine_scoring_rounds", (3, 8, 0, 3), 179),
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
