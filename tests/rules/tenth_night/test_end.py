"""End of game, scores, record mode, solo, chat and visibility: TN-31…TN-40, TN-EX14."""

from __future__ import annotations

import pytest

from rules.core import FREE_CHAT
from rules.engine import Engine
from rules.errors import IllegalActionError
from rules.tenth_night import GAME
from rules.tenth_night.actions import Defend, EndDay, EndRecord, Ready
from rules.tenth_night.rules_night import dawn
from tests.rules.tenth_night.helpers import act, attack_on, dusk, make, night_table


def test_tn_ex14_tn31_a_seat_without_people_loses_the_game_for_everyone() -> None:
    t = night_table(make(["7H 10D 5C", "3D*"], ["", "8C"], round=4, draw="7D"))
    attack_on(t, 1)
    s = t.freeze()
    out = GAME.outcome(s)
    assert out is not None
    assert (out.winners, out.reason, out.group_score) == (frozenset(), "no_people", 3)


def test_tn_ex14_tn34_individual_scores_sum_the_rows() -> None:
    t = night_table(make(["7H 10D 5C", "3D*"], ["", "8C"], round=4, draw="7D"))
    attack_on(t, 1)
    obs = GAME.observe(t.freeze(), None)
    assert obs.outcome is not None and obs.outcome.individual_scores == {0: 22, 1: 0}
    assert obs.to_act == [] and GAME.to_act(t.freeze()) == frozenset()


def test_tn34_injured_people_and_aces_count_in_scores() -> None:
    t = night_table(make(["7H* AS 2C"], round=10, draw=""))
    dawn(t)
    assert t.result is not None and t.result.individual_scores == {0: 10}


def test_tn32_surviving_night_10_wins_for_every_seat() -> None:
    t = night_table(make(["7H", "8H"], round=10))
    dawn(t)
    out = GAME.outcome(t.freeze())
    assert out is not None
    assert (out.winners, out.reason, out.group_score) == (frozenset({0, 1}), "survived", 10)


def test_tn33_record_mode_plays_on_after_night_10() -> None:
    t = night_table(make(["7H", "8H"], round=10, record=True, draw="2C 3C"))
    dawn(t)
    assert t.result is None and (t.phase, t.round) == ("day", 11)


def test_tn33_end_record_is_offered_from_day_11_and_stops_as_a_win() -> None:
    s = make(["7H", "8H"], round=12, record=True)
    s = act(s, 1, EndRecord())
    out = GAME.outcome(s)
    assert out is not None
    assert (out.winners, out.reason, out.group_score) == (frozenset({0, 1}), "record_stopped", 11)


def test_tn33_end_record_is_refused_before_day_11() -> None:
    with pytest.raises(IllegalActionError, match="Day 11"):
        act(make(["7H"], round=10, record=True), 0, EndRecord())


def test_tn33_losing_a_row_on_night_11_or_later_ends_the_record_as_a_win() -> None:
    t = night_table(make(["3D*", "8H"], round=12, record=True, draw="7D"))
    attack_on(t, 0)
    assert t.result is not None
    assert (t.result.winners, t.result.reason, t.result.group_score) == ((0, 1), "record_ended", 11)


def test_tn33_losing_a_row_before_night_11_is_a_loss_even_in_record_mode() -> None:
    t = night_table(make(["3D*", "8H"], round=9, record=True, draw="7D"))
    attack_on(t, 0)
    assert t.result is not None and (t.result.reason, t.result.winners) == ("no_people", ())


def test_tn35_solo_nights_always_start_at_seat_1() -> None:
    from rules.tenth_night.state import start_seat

    assert {start_seat(n, 1) for n in range(1, 15)} == {0}


def test_tn36_during_the_night_every_seat_is_silenced_with_reason_night() -> None:
    s = dusk(make(["7H 10D 5C 2H", "9S"], ["JD KC", ""], draw="JH 4D"))
    assert s.phase == "night"
    for seat in (0, 1):
        policy = GAME.chat_policy(s, seat)
        assert (policy.mode, policy.reason) == ("silent", "night")


def test_tn38_day_chat_and_post_game_chat_are_free() -> None:
    day = make(["7H"])
    t = night_table(make(["7H"], round=10))
    dawn(t)
    assert GAME.chat_policy(day, 0) == FREE_CHAT
    assert GAME.chat_policy(t.freeze(), 0) == FREE_CHAT


def test_tn39_hands_and_draw_order_never_reach_the_public_observation() -> None:
    s = make(["7H", "8H"], ["QS 4D", "JK"], draw="2C 3C 4C")
    public = GAME.observe(s, None).model_dump_json()
    assert all(x not in public for x in ("QS-1", "4D-1", "JOKER-1a", "2C-1", "3C-1"))
    assert GAME.observe(s, None).players[0].hand_count == 2


def test_tn39_a_seat_sees_its_own_hand_in_holding_order() -> None:
    s = make(["7H", "8H"], ["QS 4D", "JK"])
    assert [c.id for c in GAME.observe(s, 0).hand] == ["QS-1", "4D-1"]  # type: ignore[union-attr]
    assert GAME.secrets(s, 0) == {"QS-1", "4D-1"}


def test_tn40_the_final_observation_still_hides_every_hand() -> None:
    t = night_table(make(["7H", "8H"], ["QS", "KD"], round=10))
    dawn(t)
    public = GAME.observe(t.freeze(), None).model_dump_json()
    assert "QS-1" not in public and "KD-1" not in public


def test_tn22_private_events_tell_only_the_drawer_what_was_drawn() -> None:
    s = make(["7H", "8H"], ready=[False, True], draw="9S 2C 3C 4C")
    step = GAME.apply(s, 0, Ready(), Engine(GAME).agent_rng(0, 1, 0))
    private = [e for e in step.events if e.visible_to is not None]
    assert private and all(len(e.visible_to or ()) == 1 for e in private)


def test_end_day_is_the_timers_action_and_never_offered_to_players() -> None:
    s = make(["7H", "8H"], draw="2C 3C 4C 5C")
    assert EndDay() not in GAME.legal_actions(s, 0)
    after = GAME.apply(s, 0, EndDay(), Engine(GAME).agent_rng(0, 1, 0)).state
    assert after.round == 2


def test_defending_when_no_attack_waits_is_refused_with_a_reason() -> None:
    with pytest.raises(IllegalActionError, match="no attack"):
        act(make(["7H"]), 0, Defend(mode="pass"))
