"""The engine accepts a system move only when it is exactly what the game's running clock says."""

from __future__ import annotations

import pytest

from rules import GAMES
from rules.core import SYSTEM_SEAT, rng_for
from rules.engine import Engine, TracedRandom
from rules.errors import IllegalActionError, OptionsError
from rules.tenth_night.actions import EndDay, Ready

GAME = GAMES["tenth_night"]
ENGINE = Engine(GAME)


def test_tn_day_seconds_the_day_clock_names_end_day_for_the_system() -> None:
    state = ENGINE.setup(2, {"day_seconds": 45}, "s")
    timer = GAME.timer(state)
    assert timer is not None and timer.seconds == 45
    assert timer.moves == ((SYSTEM_SEAT, EndDay()),)


def test_a_system_move_is_refused_when_no_clock_runs() -> None:
    state = ENGINE.setup(2, None, "s")
    assert GAME.timer(state) is None
    with pytest.raises(IllegalActionError, match="clock"):
        ENGINE.act(state, SYSTEM_SEAT, EndDay(), seed="s", ply=1)


def test_a_system_move_other_than_the_clocks_is_refused() -> None:
    state = ENGINE.setup(2, {"day_seconds": 45}, "s")
    with pytest.raises(IllegalActionError):
        ENGINE.act(state, SYSTEM_SEAT, Ready(), seed="s", ply=1)


def test_tn_day_seconds_players_cannot_end_the_day_for_everyone() -> None:
    state = ENGINE.setup(2, {"day_seconds": 45}, "s")
    with pytest.raises(IllegalActionError, match="Only the day timer"):
        ENGINE.act(state, 0, EndDay(), seed="s", ply=1)


def test_games_without_clocks_have_no_timer() -> None:
    for key in ("coldest_night", "winter", "cold_comfort"):
        state = Engine(GAMES[key]).setup(GAMES[key].max_seats, None, "s")
        assert GAMES[key].timer(state) is None


def test_an_options_refusal_stays_one_short_sentence_however_many_keys_are_wrong() -> None:
    """Hundreds of bad keys typed at `/game new` name the first three, not all (a message limit)."""
    engine = Engine(GAMES["winter"])
    with pytest.raises(OptionsError) as err:
        engine.options({f"{i:03}": i for i in range(300)})
    text = str(err.value)
    assert len(text) <= 300
    assert "000" in text and "(and 297 more)" in text


@pytest.mark.parametrize(("seed", "ply"), [("abc", 0), ("abc", 1), (17, 99), ("a/b", 3)])
def test_the_traced_generator_draws_what_rng_for_draws_and_seeds_only_when_used(
    seed: str | int, ply: int
) -> None:
    traced, plain = TracedRandom(seed, ply), rng_for(seed, ply)
    assert not traced.used
    decks = [list(range(30)), list(range(30))]
    traced.shuffle(decks[0])
    plain.shuffle(decks[1])
    assert traced.used and decks[0] == decks[1]
    fresh = TracedRandom(seed, ply)
    again = rng_for(seed, ply)
    draws = [
        (r.random(), r.randint(1, 6), r.choice("abcdef"), r.sample(range(50), 5), r.gauss(0, 1))
        for r in (fresh, again)
    ]
    assert draws[0] == draws[1]
    assert fresh.getrandbits(70) == again.getrandbits(70)
    assert TracedRandom(seed, ply).getstate() == rng_for(seed, ply).getstate()
