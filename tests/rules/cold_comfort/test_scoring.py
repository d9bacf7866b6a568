"""Roll, landing and scoring: CX-4, CX-5, CX-8 – CX-10, CC-19 – CC-21, CC-27, CC-28."""

from __future__ import annotations

from rules.cold_comfort import GAME
from rules.cold_comfort.actions import End, Grow, Land
from rules.cold_comfort.rules_scoring import score_neighbourhoods, scoring_words, unscored_words
from rules.cold_comfort.state import (
    ColdComfortOptions,
    ColdComfortState,
    Landing,
    NeighbourhoodScore,
)
from rules.core import format_event
from tests.rules.cold_comfort.helpers import C05_EAST, C10, C13, act, make_state
from tests.rules.cold_comfort.test_turns import cx4


def test_cx4_roll_fills_the_new_tile_then_extras_go_to_hotels_before_lots() -> None:
    state = cx4()
    dice = state.dice_map()
    assert {s: dice.get(s) for s in [(3, 2), (3, 1), (4, 0)]} == {(3, 2): 3, (3, 1): 4, (4, 0): 6}
    assert dice[(-2, 2)] == 4
    assert state.last_roll == (3, 3, 4, 4, 6)


def test_cx4_landing_record_lists_new_tile_dice_then_extras_from_6_down() -> None:
    assert cx4().last_landing == (
        Landing(value=3, at=(3, 2)),
        Landing(value=4, at=(3, 1)),
        Landing(value=6, at=(4, 0)),
        Landing(value=4, at=(-2, 2)),
        Landing(value=3, at=(1, 0)),
    )


def test_cx4_the_new_tiles_street_edge_makes_column_5_streets() -> None:
    from rules.cold_comfort.rules_board import board_of

    assert {(5, 0), (5, 1), (5, 2)} <= board_of(cx4().tiles).streets


def test_cx5_street_gangs_strictly_highest_mean_nobody_scores() -> None:
    scores = cx4().last_scoring
    assert scores is not None
    c13, east = scores
    assert (c13.tiles, c13.value, c13.best, c13.gang, c13.winners) == (("C13",), 2, {}, 6, ())
    assert (east.tiles, east.value, east.best, east.gang, east.winners) == (
        ("C10", "C05"),
        3,
        {1: 3},
        24,
        (),
    )


def test_cx5_cc27_scoring_lines_name_the_tiles_their_worth_and_who_scores_in_words() -> None:
    lines = [format_event(line, ("Ana", "Bo")) for line in cx4().log]
    # where nobody scores is told in one line, after the scores (none here)
    said = "A street gang holds C13 (worth 2) and C10+C05 (worth 3): nobody scores there."
    assert said in lines and not [line for line in lines if line.startswith("C13 (")]
    hood = NeighbourhoodScore(
        tiles=("C03", "C04"), value=5, best={}, gang=0, winners=(), points_each=0
    )
    name = ("Ana", "Bo", "Cy").__getitem__
    assert scoring_words(hood, name) == "C03+C04 (worth 5): nobody scores"
    one = hood.model_copy(update={"winners": (1,), "points_each": 5})
    assert scoring_words(one, name) == "C03+C04 (worth 5): Bo scores 5"
    two = hood.model_copy(update={"winners": (0, 2), "points_each": 2})
    assert scoring_words(two, name) == "C03+C04 (worth 5): Ana and Cy score 2 each"
    gang = hood.model_copy(update={"tiles": ("C08",), "value": 2, "gang": 4})
    assert unscored_words([hood, one, gang]) == [
        "A street gang holds C08 (worth 2): nobody scores there.",
        "Nobody scores in C03+C04 (worth 5).",
    ]


def test_cx5_the_first_scoring_round_is_counted_and_gives_no_points() -> None:
    state = cx4()
    assert state.scoring_rounds == 1 and state.points == (0, 0)


def cx8_before_roll(extra_dice: tuple[int, ...] = ()) -> ColdComfortState:
    state = make_state(tiles=[C13, C10], dice={(1, 1): 6, (1, 2): 4}, pool=5, deck=["C05"])
    return act(state, 1, End())


def test_cx8_an_exact_tie_asks_the_next_seat() -> None:
    state = act(cx8_before_roll(), 1, Grow(x=0, y=4, rotation=0), dice=[5, 5, 6, 2, 2])
    assert state.phase == "land_tie" and GAME.to_act(state) == {1}
    pending = state.landing_pending
    assert pending is not None
    assert (pending.value, pending.remaining, pending.options) == (5, 1, ((-2, 0), (2, 0)))


def test_cx8_after_the_tie_the_next_extra_lands_at_the_nearest_lot() -> None:
    state = act(cx8_before_roll(), 1, Grow(x=0, y=4, rotation=0), dice=[5, 5, 6, 2, 2])
    state = act(state, 2, Land(x=2, y=0))
    dice = state.dice_map()
    assert dice[(2, 0)] == 5 and dice[(-1, 2)] == 2 and (2, 1) not in dice
    assert state.pool == 0


def test_cx8_gangs_win_all_three_neighbourhoods() -> None:
    state = act(cx8_before_roll(), 1, Grow(x=0, y=4, rotation=0), dice=[5, 5, 6, 2, 2])
    state = act(state, 2, Land(x=2, y=0))
    assert state.last_scoring is not None and len(state.last_scoring) == 3
    assert all(n.gang > 0 and not n.winners for n in state.last_scoring)
    assert state.phase == "manage" and state.active_seat == 1


def test_cx8_enough_dice_for_every_tied_spot_means_nobody_is_asked() -> None:
    state = act(cx8_before_roll(), 1, Grow(x=0, y=4, rotation=0), dice=[5, 5, 5, 6, 2])
    dice = state.dice_map()
    assert dice[(-2, 0)] == 5 and dice[(2, 0)] == 5
    assert state.phase == "manage" and state.active_seat == 1


def test_cc19_extras_with_no_spot_stay_in_the_pool() -> None:
    # Every 1-lot on C13/C10/C05 is taken, so an extra 1 has nowhere to go.
    state = make_state(
        tiles=[C13, C10], dice={(-1, 0): 1}, pool=5, deck=["C05"], hotels={(2, 1): (2, 2)}
    )
    state = act(state, 1, End())
    state = act(state, 1, Grow(x=3, y=0, rotation=180), dice=[1, 1, 3, 3, 3])
    assert state.dice_map()[(4, 1)] == 1
    assert state.last_landing is not None and Landing(value=1, at=None) in state.last_landing
    assert state.pool == 5 - 1 - 2  # one 1 on the new tile, the 3s fill (3,2) and (1,0)


def test_cc19_a_nearer_hotel_is_not_needed_any_empty_hotel_beats_every_lot() -> None:
    state = make_state(
        tiles=[C13, C10], pool=5, deck=["C05"], hotels={(-2, 2): (1, 6)}
    )  # a 6-hotel far west; C10's 6-lot (1,1) is much nearer the origin
    state = act(state, 1, End())
    state = act(state, 1, Grow(x=3, y=0, rotation=180), dice=[6, 6, 1, 1, 1])
    dice = state.dice_map()
    assert dice[(-2, 2)] == 6 and (1, 1) not in dice


def cx9(block_strength: str = "pips") -> ColdComfortState:
    return make_state(
        tiles=[C13, C10, C05_EAST],
        hotels={
            (1, 1): (1, 6),
            (1, 0): (1, 3),
            (-2, 1): (1, 6),
            (4, 2): (2, 5),
            (4, 1): (2, 1),
            (-2, 2): (2, 4),
        },
        dice={
            (1, 1): 6,
            (-2, 1): 6,
            (4, 2): 5,
            (4, 1): 1,
            (-2, 2): 4,
            (2, 0): 5,
            (-1, 2): 2,
            (-1, 0): 1,
            (-2, 0): 5,
        },
        options=ColdComfortOptions(block_strength=block_strength),  # type: ignore[arg-type]
    )


def test_cx9_a_seat_tying_a_street_gang_wins_the_neighbourhood() -> None:
    c13 = score_neighbourhoods(cx9())[0]
    assert (c13.best, c13.gang, c13.winners, c13.points_each) == ({0: 6, 1: 4}, 6, (0,), 2)


def test_cx9_tied_seats_share_the_value_rounded_down() -> None:
    east = score_neighbourhoods(cx9())[1]
    assert (east.best, east.gang, east.winners, east.points_each) == ({0: 6, 1: 6}, 5, (0, 1), 1)


def test_cx9_counting_dice_instead_of_pips_changes_the_winners() -> None:
    c13, east = score_neighbourhoods(cx9("dice"))
    assert (c13.best, c13.gang, c13.winners) == ({0: 1, 1: 1}, 2, ())
    assert (east.best, east.gang, east.winners, east.points_each) == ({0: 1, 1: 2}, 1, (1,), 3)


def test_cx9_a_scoring_round_adds_each_winners_points() -> None:
    state = cx9().model_copy(update={"pool": 5, "dice_total": 14, "deck": ("C20",)})
    state = act(state, 1, End())
    # C20 far south-west, one street away below C13; its dice all settle on it.
    state = act(state, 1, Grow(x=-2, y=-4, rotation=0), dice=[5, 4, 6, 2, 1])
    assert state.points == (3, 1)


def over(points: tuple[int, ...], gold: tuple[int, ...]) -> ColdComfortState:
    return make_state(players=3, points=points, gold=gold).model_copy(
        update={"phase": "over", "end_reason": "nine_scoring_rounds"}
    )


def test_cx10_gold_breaks_a_tie_in_final_score() -> None:
    outcome = GAME.outcome(over((14, 15, 13), (12, 4, 17)))
    assert outcome is not None
    assert outcome.scores == {0: 16, 1: 15, 2: 16} and outcome.winners == {2}
    assert outcome.reason == "nine_scoring_rounds"


def test_cx10_equal_score_and_gold_share_the_win() -> None:
    outcome = GAME.outcome(over((14, 15, 14), (12, 4, 12)))
    assert outcome is not None and outcome.winners == {0, 2}


def test_cc28_the_ninth_scoring_round_ends_the_game() -> None:
    state = make_state(tiles=[C13, C10], pool=5, deck=["C05"], scoring_rounds=8, gold=(7, 3))
    state = act(act(state, 1, End()), 1, Grow(x=3, y=0, rotation=180), dice=[1, 1, 1, 1, 1])
    outcome = GAME.outcome(state)
    assert state.phase == "over" and state.scoring_rounds == 9
    assert outcome is not None and outcome.reason == "nine_scoring_rounds"
    assert GAME.to_act(state) == frozenset()
    assert GAME.observe(state, None).outcome is not None
