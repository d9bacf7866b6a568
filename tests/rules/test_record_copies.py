"""One record made from another that repeats its fields (`rules.record_copies`): a view from a
state record and a state record back from its view, as the observations and the search's worlds
make them."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.cold_comfort.observation import NeighbourhoodScoreView
from rules.cold_comfort.state import NeighbourhoodScore
from rules.record_copies import remade, shared_fields
from rules.tenth_night.observation_models import StepView
from rules.tenth_night.state import StepRecord

SCORE = NeighbourhoodScore(
    tiles=("C01", "C07"), value=5, best={0: 3, 1: 2}, gang=2, winners=(0,), points_each=4
)


def test_a_view_made_from_a_state_record_holds_its_values_with_lists_for_tuples() -> None:
    view = remade(NeighbourhoodScoreView, SCORE)

    assert view == NeighbourhoodScoreView(
        tiles=["C01", "C07"], value=5, best={0: 3, 1: 2}, gang=2, winners=[0], points_each=4
    )


def test_a_state_record_made_back_from_its_view_equals_the_one_the_view_was_made_from() -> None:
    assert remade(NeighbourhoodScore, remade(NeighbourhoodScoreView, SCORE)) == SCORE


def test_the_changed_fields_replace_what_the_source_holds_under_the_same_names() -> None:
    step = StepRecord(seat=1, index=2, person_id="H7", defence=3, result="pending")

    view = remade(StepView, step, defence_cards=[], result="tie")

    assert (view.seat, view.index, view.person_id, view.damage) == (1, 2, "H7", None)
    assert (view.defence, view.deadly, view.defence_cards, view.result) == (3, False, [], "tie")


def test_a_field_the_source_does_not_hold_must_be_given() -> None:
    step = StepRecord(seat=0, index=0, person_id="S2", result="hit")

    assert "defence_cards" in shared_fields(step, StepView)
    assert set(shared_fields(SCORE, StepView)) == set()
    with pytest.raises(ValidationError):
        remade(StepView, SCORE)


def test_the_shared_fields_come_in_the_made_record_s_order() -> None:
    step = StepRecord(seat=0, index=0, person_id="S2", result="hit")

    assert list(shared_fields(step, StepView)) == list(StepView.model_fields)
