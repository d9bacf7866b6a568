"""Scenario tests of spec §14, one per ruling or worked example (seats and groups from 0, DW-54)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.dead_of_winter import GAME
from rules.dead_of_winter import actions as A
from rules.dead_of_winter.state import State
from rules.errors import IllegalActionError, RuleError
from tests.rules.dead_of_winter.helpers import (
    ENGINE,
    Script,
    act,
    clear_board,
    edit,
    put_survivor,
    started,
    step,
)


def turn_of(state: State, group: int, dice: list[int], **extra: Any) -> State:
    """`group` is active with `dice`, nothing pending, no twist card held."""

    def change(w: dict[str, Any]) -> None:
        w["active"] = group
        w["phase"] = "turn"
        w["pending"] = []
        w["tasks"] = []
        w["order"] = list(range(len(w["groups"])))
        w["turns_taken"] = group
        w["groups"][group]["dice"] = dice
        w["groups"][group]["exile_called"] = False
        w["twist"] = {
            "holder": None,
            "for_group": group,
            "card": None,
            "fired": None,
            "chosen": None,
        }
        for key, value in extra.items():
            w[key] = value

    return edit(state, change)


def public_text(state: State) -> str:
    return json.dumps(GAME.observe(state, None).model_dump(mode="json"))


def board(seats: int = 3, **options: Any) -> State:
    return edit(started(seats, options or None), clear_board)


def test_dw_19_dw_20_search_keeps_one_card_however_much_noise_14_1() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 1, "school")
        deck = w["locations"]["school"]["deck"]
        for cid in ("SC10", "SC07", "SC04"):
            deck.remove(cid)
            deck.insert(0, cid)

    state = turn_of(edit(board(), setup), 1, [5, 2])
    state = act(state, 1, A.Search(survivor="S02", die=5), Script())
    assert [c.id for c in GAME.observe(state, 1).search.looked] == ["SC04"]
    state = act(state, 1, A.Noise(), Script())
    result = step(state, 1, A.Keep(card="SC07"), Script())
    state = result.state
    assert "SC07" in state.groups[1].hand
    deck = state.locations["school"].deck
    assert len(deck) == 19 and deck[0] == "SC10" and deck[-1] == "SC04"
    assert state.locations["school"].noise == 1
    assert state.groups[1].dice == (2,)
    public = [e.text for e in result.events if e.public]
    assert "Bram searches the School (3): looks at 2 cards, keeps 1 and makes 1 noise." in public
    assert "SC04" not in public_text(state) and "SC07" not in public_text(state)


def test_attack_at_a_colony_entrance_rolls_exposure_14_2() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 1, "colony")
        w["locations"]["colony"]["zombies"][1] = 2

    state = turn_of(edit(board(), setup), 1, [4, 1])
    with pytest.raises(IllegalActionError, match="too low"):
        ENGINE.check(state, 1, A.Attack(survivor="S02", die=1, entrance=2))
    state = act(state, 1, A.Attack(survivor="S02", die=4, entrance=2), Script(8))
    assert state.locations["colony"].zombies[1] == 1
    assert state.survivors["S02"].wounds == 1
    assert state.groups[1].dice == (1,)
    assert state.groups[1].kills == 1 and state.colony_kills == 1


def test_dw_21_several_kills_one_exposure_roll_14_3() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "library")
        w["locations"]["library"]["zombies"] = [3]

    state = turn_of(edit(board(), setup), 0, [2])
    rng = Script(3)
    state = act(state, 0, GAME.text.parse(state, 0, "Attack 4 (Library) with Kasimir using 2"), rng)
    assert state.locations["library"].zombies == (1,)
    assert state.groups[0].kills == 2
    assert rng.used == 1 and state.survivors["S10"].wounds == 0


def test_dw_23_a_bite_spreads_while_bites_are_rolled_14_4() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S06", 1, "hospital")
        put_survivor(w, "S03", 2, "hospital")
        put_survivor(w, "S15", 0, "hospital")
        put_survivor(w, "S13", 1, "hospital")
        put_survivor(w, "S01", 0, "colony")
        put_survivor(w, "S02", 2, "colony")
        for g, leader in ((0, "S01"), (1, "S13"), (2, "S02")):
            w["groups"][g]["leader"] = leader
        w["locations"]["hospital"]["zombies"] = [2]
        w["morale"] = 6

    state = turn_of(edit(board(), setup), 1, [5])
    state = act(state, 1, A.Attack(survivor="S06", die=5), Script(12))
    assert state.pending[0].kind == "bite" and state.pending[0].seats == (2,)
    state = act(state, 2, A.Bite(roll=True), Script(12))
    assert state.pending[0].kind == "bite" and state.pending[0].seats == (1,)
    state = act(state, 1, A.Bite(roll=False), Script())
    assert state.graveyard == ("S06", "S03", "S13")
    assert state.morale == 3
    assert state.locations["hospital"].zombies == (1,)
    assert state.deaths == 3


def test_dw_23_a_wound_rolled_in_the_spread_stops_it_14_4_variant() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S06", 1, "hospital")
        put_survivor(w, "S03", 2, "hospital")
        put_survivor(w, "S13", 1, "hospital")
        w["groups"][1]["leader"] = "S13"
        w["locations"]["hospital"]["zombies"] = [2]
        w["morale"] = 6

    state = turn_of(edit(board(), setup), 1, [5])
    state = act(state, 1, A.Attack(survivor="S06", die=5), Script(12))
    state = act(state, 2, A.Bite(roll=True), Script(7))
    assert state.graveyard == ("S06",)
    assert state.survivors["S03"].wounds == 1
    assert state.morale == 5
    assert not state.pending


def colony_phase(state: State, steps: tuple[int, ...], rng: Script) -> State:
    from rules.dead_of_winter.rules_core import Ctx, Ended
    from rules.dead_of_winter.rules_round import t_colony

    w = state.model_dump(mode="json")
    ctx = Ctx(w, rng)
    try:
        for n in steps:
            t_colony(ctx, {"step": n})
    except Ended:
        pass
    w["tasks"] = []
    return State.model_validate(w)


def test_dw_17_dw_18_colony_zombies_cycle_break_barricades_and_overrun_14_5() -> None:
    survivors = ["S16", "S01", "S02", "S03", "S04", "S05", "S06"]

    def setup(w: dict[str, Any]) -> None:
        for sid in survivors:
            put_survivor(w, sid, 0, "colony")
        c = w["locations"]["colony"]
        c["helpless"] = 2
        c["zombies"] = [0, 2, 3, 1, 0, 0]
        c["barricades"] = [0, 1, 0, 0, 0, 0]
        w["morale"] = 6

    state = colony_phase(edit(board(), setup), (6,), Script())
    c = state.locations["colony"]
    assert c.zombies == (1, 2, 3, 2, 1, 0)
    assert c.barricades == (0, 0, 0, 0, 0, 0)
    assert "S16" in state.graveyard and state.morale == 5


def test_location_zombies_come_before_noise_and_noise_is_cleared_14_6() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S19", 0, "school")
        put_survivor(w, "S29", 0, "school")
        w["locations"]["school"]["zombies"] = [1]
        w["locations"]["school"]["noise"] = 3
        w["morale"] = 6

    state = colony_phase(edit(board(), setup), (6,), Script(2, 5, 3))
    assert state.locations["school"].zombies == (4,)
    assert state.locations["school"].noise == 0
    assert "S29" in state.graveyard and "S19" not in state.graveyard
    assert state.morale == 5


@pytest.mark.parametrize(
    ("food", "after_food", "starvation", "morale"), [(3, 3, 2, 4), (4, 0, 1, 6)]
)
def test_dw_27_starvation_costs_the_tokens_in_play_14_7(
    food: int, after_food: int, starvation: int, morale: int
) -> None:
    def setup(w: dict[str, Any]) -> None:
        for sid in ("S01", "S02", "S03", "S04", "S05", "S06", "S07"):
            put_survivor(w, sid, 0, "colony")
        w["locations"]["colony"]["helpless"] = 1
        w["food"] = food
        w["starvation"] = 1
        w["morale"] = 6

    state = colony_phase(edit(board(), setup), (3,), Script())
    assert (state.food, state.starvation, state.morale) == (after_food, starvation, morale)


@pytest.mark.parametrize(("waste", "morale"), [(23, 4), (9, 6)])
def test_waste_costs_one_morale_per_full_ten_and_stays_14_8(waste: int, morale: int) -> None:
    state = edit(board(), lambda w: w.update(waste=waste, morale=6))
    state = colony_phase(state, (4,), Script())
    assert state.morale == morale and state.waste == waste


def crisis_state(cards: list[tuple[int, str]], exiled: int | None = 2) -> State:
    def setup(w: dict[str, Any]) -> None:
        w["crisis"] = {"id": "C06", "contributions": [{"group": g, "card": c} for g, c in cards]}
        w["morale"] = 6
        w["waste"] = 10
        put_survivor(w, "S16", 0, "colony")
        if exiled is not None:
            w["groups"][exiled]["exiled"] = True

    return edit(board(4), setup)


def test_dw_28_crisis_scores_anonymously_and_leaves_the_game_14_9() -> None:
    cards = [(0, "ST11"), (0, "ST12"), (1, "P04"), (1, "G05"), (3, "ST14")]
    state = crisis_state(cards)
    public = GAME.observe(state, None)
    assert [(c.group, c.count) for c in public.crisis.contributions] == [(0, 2), (1, 2), (3, 1)]
    assert public.crisis.card_count == 5
    for seat in (None, 2):
        text = json.dumps(GAME.observe(state, seat).model_dump(mode="json"))
        assert not any(card in text for _, card in cards)
    after = colony_phase(state, (5,), Script(shuffle_for_real=True))
    assert after.last_crisis.result == "prevented" and after.last_crisis.score == 3
    assert after.morale == 6 and after.waste == 10
    assert sorted(after.last_crisis.revealed) == sorted(c for _, c in cards)


def test_dw_28_the_reveal_order_is_shuffled_by_the_engine_rng() -> None:
    cards = [(0, "ST11"), (0, "ST12"), (1, "P04"), (1, "G05"), (3, "ST14")]
    orders = {
        colony_phase(crisis_state(cards), (5,), _seeded(seed)).last_crisis.revealed
        for seed in range(12)
    }
    assert len(orders) > 1


def _seeded(seed: int) -> Script:
    rng = Script(shuffle_for_real=True)
    rng.seed(seed)
    return rng


def test_dw_28_five_matching_cards_prevent_with_a_bonus_variant_a() -> None:
    cards = [(0, "ST11"), (0, "ST12"), (1, "P04"), (1, "ST13"), (3, "ST14")]
    after = colony_phase(crisis_state(cards), (5,), Script())
    assert after.last_crisis.result == "prevented_bonus" and after.morale == 7


def test_dw_28_a_failed_crisis_resolves_its_consequence_variant_b() -> None:
    cards = [(0, "ST11"), (0, "ST12"), (1, "ST21")]
    state = colony_phase(crisis_state(cards), (5,), Script())
    from rules.dead_of_winter import rules_flow
    from rules.dead_of_winter.rules_core import Ctx

    w = state.model_dump(mode="json")
    assert state.last_crisis.result == "failed"
    w2 = crisis_state(cards).model_dump(mode="json")
    ctx = Ctx(w2, Script())
    from rules.dead_of_winter.rules_round import crisis_step

    crisis_step(ctx, 0)
    rules_flow.start(ctx)
    assert w2["survivors"]["S16"]["frostbite"] == 1 and w2["morale"] == 5
    assert w["last_crisis"]["score"] == 1


def test_dw_29_dw_31_secret_exile_ballots_and_the_first_players_tie_break_14_10() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["first_player"] = 0
        w["groups"][1]["objectives"] = ["O05"]
        w["groups"][3]["objectives"] = ["O10"]
        put_survivor(w, "S02", 1, "colony")
        put_survivor(w, "S09", 1, "colony")
        w["groups"][1]["leader"] = "S02"
        w["morale"] = 6

    state = turn_of(edit(board(4), setup), 2, [3])
    state = act(state, 2, A.CallExile(target=1), Script())
    assert GAME.to_act(state) == frozenset({0, 1, 2, 3})
    state = act(state, 0, A.Vote(yes=True), Script())
    state = act(state, 1, A.Vote(yes=False), Script())
    state = act(state, 2, A.Vote(yes=True), Script())
    public = GAME.observe(state, None)
    assert public.pending[0].fields["cast"] == [0, 1, 2]
    assert '"yes"' not in public_text(state) and '"no"' not in public_text(state)
    with pytest.raises(RuleError, match="You have already voted"):
        ENGINE.check(state, 0, A.Vote(yes=True))  # a second ballot names its reason
    with pytest.raises(RuleError, match="You have already voted"):
        ENGINE.parse(state, 0, "vote no")
    assert GAME.text.why_illegal(state, 0, A.Vote(yes=True)) == "You have already voted."
    state = act(state, 3, A.Vote(yes=False), Script())
    assert state.last_vote.votes == {0: "yes", 1: "no", 2: "yes", 3: "no"}
    assert state.groups[1].exiled and state.groups[1].revealed == ("O05",)
    assert state.groups[1].objectives[0].startswith("E")
    assert state.exiled_non_betrayers == 1
    assert state.pending[0].kind == "place" and state.pending[0].data["survivor"] == "S02"
    state = act(state, 1, A.Place(survivor="S02", location="library"), Script())
    state = act(state, 1, A.Place(survivor="S09", location="gas"), Script(3))
    assert state.survivors["S02"].location == "library"
    assert state.survivors["S09"].location == "gas"
    state = turn_of(state, 2, [3], morale=6)
    state = act(state, 2, A.CallExile(target=3), Script())
    for seat in (0, 2, 3):
        state = act(state, seat, A.Vote(yes=True), Script())
    assert state.phase == "ended" and state.morale == 0
    outcome = GAME.outcome(state)
    assert outcome.reason == "exile" and not outcome.details["main_objective_complete"]


def test_dw_22_frostbite_wounds_once_per_survivor_at_turn_start_14_11() -> None:
    from rules.dead_of_winter.rules_core import Ctx
    from rules.dead_of_winter.rules_round import t_turn_start

    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S17", 1, "colony", frostbite=2)
        put_survivor(w, "S02", 1, "colony")
        w["groups"][1]["leader"] = "S02"
        w["morale"] = 6

    w = edit(board(), setup).model_dump(mode="json")
    t_turn_start(Ctx(w, Script()), {"group": 1})
    assert "S17" in w["graveyard"] and w["morale"] == 5


def test_dw_7_a_twist_card_fires_on_a_move_14_12() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S03", 1, "colony")
        w["groups"][1]["leader"] = "S03"
        w["twist_deck"].remove("T17")
        w["twist_deck"].insert(0, "T17")
        deck = w["locations"]["hospital"]["deck"]
        deck.remove("H09")
        deck.insert(0, "H09")

    from rules.dead_of_winter import rules_flow
    from rules.dead_of_winter.rules_core import Ctx

    w = edit(board(), setup).model_dump(mode="json")
    w.update(active=1, phase="turn", pending=[], tasks=[], order=[0, 1, 2], turns_taken=1)
    ctx = Ctx(w, Script())
    ctx.push("turn_start", group=1)
    rules_flow.start(ctx)
    state = State.model_validate(w)
    assert state.twist.holder == 0 and GAME.observe(state, 0).twist_card.id == "T17"
    assert GAME.observe(state, 2).twist_card is None and "T17" not in public_text(state)
    count = len(state.twist_deck)
    result = step(state, 1, A.Move(survivor="S03", to="hospital"), Script(2))
    assert any(e.kind == "twist_fired" and "Open Ambulance" in e.text for e in result.events)
    state = result.state
    assert state.pending[0].kind == "twist_option"
    state = act(state, 1, A.Option(n=1), Script())
    assert "H09" in state.groups[1].hand
    assert state.locations["hospital"].noise == 2
    assert len(state.twist_deck) == count


def test_dw_7_an_unfired_twist_card_returns_unseen_14_12_variant() -> None:
    state = turn_of(board(), 1, [3])
    state = edit(state, lambda w: w["twist"].update(holder=0, card="T17"))
    result = step(state, 1, A.Pass(), Script())
    returned = [e for e in result.events if e.kind == "twist_returned"]
    assert returned and "T17" not in returned[0].text and "Ambulance" not in returned[0].text
    assert result.state.twist_deck[-1] == "T17" or "T17" in result.state.twist_deck


def test_dw_14_food_raises_one_die_by_one_never_above_six_14_14() -> None:
    state = turn_of(board(), 0, [6, 5, 3], food=2)
    legal = GAME.legal_actions(state, 0)
    assert A.SpendFood(die=6) not in legal
    state = act(state, 0, GAME.text.parse(state, 0, "Spend food: raise a 5 to 6"), Script())
    assert sorted(state.groups[0].dice) == [3, 6, 6] and state.food == 1
    exiled = edit(state, lambda w: w["groups"][0].update(exiled=True))
    assert not any(isinstance(a, A.SpendFood) for a in GAME.legal_actions(exiled, 0))


def test_dw_24_dw_2_an_outsider_needs_colony_room_14_15() -> None:
    def fill(n: int) -> Any:
        def setup(w: dict[str, Any]) -> None:
            put_survivor(w, "S01", 0, "colony")
            w["groups"][0]["leader"] = "S01"
            w["locations"]["colony"]["helpless"] = n - 1
            w["groups"][0]["hand"] = ["P19", "SC20"]

        return setup

    full = turn_of(edit(board(), fill(24)), 0, [3])
    plays = [a for a in GAME.legal_actions(full, 0) if isinstance(a, A.Play)]
    assert not any(a.card == "P19" for a in plays)
    with pytest.raises(IllegalActionError, match="colony is full"):
        ENGINE.check(full, 0, A.Play(card="P19"))
    room = turn_of(edit(board(), fill(23)), 0, [3])
    state = act(room, 0, A.Play(card="SC20"), Script())
    assert len(state.groups[0].survivors) == 2
    assert state.locations["colony"].helpless == 22


def test_dw_26_the_last_survivor_is_replaced_from_the_deck_14_16() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S29", 2, "gas")
        w["groups"][2]["leader"] = "S29"
        w["groups"][2]["hand"] = ["ST01", "ST02", "ST03"]
        w["survivor_deck"].remove("S12")
        w["survivor_deck"].insert(0, "S12")
        w["locations"]["gas"]["zombies"] = [3]
        w["waste"] = 5
        w["morale"] = 6

    from rules.dead_of_winter.rules_bodies import place_zombie
    from rules.dead_of_winter.rules_core import Ctx

    w = edit(board(), setup).model_dump(mode="json")
    place_zombie(Ctx(w, Script()), "gas", 0)
    assert w["morale"] == 5 and w["waste"] == 8
    assert w["groups"][2]["leader"] == "S12" and w["survivors"]["S12"]["location"] == "colony"


def test_player_elimination_puts_the_group_out_14_16() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S29", 2, "gas")
        w["groups"][2]["leader"] = "S29"
        w["locations"]["gas"]["zombies"] = [3]

    from rules.dead_of_winter.rules_bodies import place_zombie
    from rules.dead_of_winter.rules_core import Ctx

    w = edit(board(3, player_elimination=True), setup).model_dump(mode="json")
    place_zombie(Ctx(w, Script()), "gas", 0)
    assert w["groups"][2]["eliminated"]


def test_the_main_objective_ends_the_game_with_individual_results_14_17() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["main"] = "M01"
        w["side"] = "standard"
        w["food"] = 13
        w["groups"][0]["objectives"] = ["O01"]
        w["groups"][0]["hand"] = ["ST01", "G03"]
        w["groups"][1]["objectives"] = ["B01"]
        w["groups"][1]["hand"] = ["ST11", "ST12"]
        w["groups"][2]["objectives"] = ["O12"]
        w["groups"][2]["original_leader"] = "S99"
        w["groups"][3]["objectives"] = ["E04"]
        w["groups"][3]["exiled"] = True
        w["groups"][3]["hand"] = ["ST13", "ST14", "ST15", "ST16", "ST17"]

    state = colony_phase(edit(board(4), setup), (8,), Script())
    outcome = GAME.outcome(state)
    assert outcome.reason == "main_objective" and outcome.details["main_objective_complete"]
    assert [(r.seat, r.met) for r in outcome.results] == [
        (0, True),
        (1, False),
        (2, False),
        (3, True),
    ]
    assert outcome.winners == frozenset({0, 3})
    revealed = GAME.observe(state, None).groups
    assert all(g.revealed_objective for g in revealed)


def test_dw_34_two_player_setup_14_23() -> None:
    state = ENGINE.setup(2, {}, 5)
    assert state.mode == "coop" and state.side == "hardcore"
    assert all(len(g.hand) == 6 for g in state.groups)
    assert all(not g.objectives for g in state.groups)
    draft = GAME.legal_actions(state, 0)[0]
    assert isinstance(draft, A.Draft) and len(draft.keep) == 3
    every_card = set(state.survivor_deck) | {s for g in state.groups for s in g.dealt}
    assert not {"S22", "S23"} & every_card
    assert not {"T15", "T29", "T31"} & set(state.twist_deck)


def test_prisoners_dilemma_results_14_22() -> None:
    from rules.core import SeatResult
    from rules.dead_of_winter.rules_end import winners

    def r(seat: int, kind: str, met: bool) -> SeatResult:
        return SeatResult(seat=seat, kind=kind, met=met)

    w = {"mode": "prisoners_dilemma"}
    table = [
        ((True, True, True, True), set()),
        ((True, False, False, True), {0}),
        ((False, False, True, True), {0, 1}),
        ((False, False, True, False), {0}),
        ((False, False, False, False), set()),
    ]
    for (ba, bb, sa, sb), want in table:
        rs = [r(0, "betrayal", ba), r(1, "betrayal", bb), r(0, "secret", sa), r(1, "secret", sb)]
        assert winners(w, rs) == frozenset(want)


def test_dw_10_an_exiled_players_food_card_raises_dice_14_25() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["groups"][1]["exiled"] = True
        w["groups"][1]["hand"] = ["G03"]
        w["food"] = 4
        w["waste"] = 6
        put_survivor(w, "S02", 1, "gas")

    state = turn_of(edit(board(), setup), 1, [2, 5])
    state = act(state, 1, A.Play(card="G03"), Script())
    state = act(state, 1, A.Choose(value="die:2"), Script())
    state = act(state, 1, A.Choose(value="die:3"), Script())
    assert sorted(state.groups[1].dice) == [4, 5]
    assert state.food == 4 and state.waste == 6


def test_dw_8_no_room_no_newcomer_card_14_26() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 1, "grocery")
        w["groups"][1]["leader"] = "S02"
        w["locations"]["colony"]["helpless"] = 24
        w["twist"] = {"holder": 0, "for_group": 1, "card": "T01", "fired": None, "chosen": None}

    state = turn_of(edit(board(), setup), 1, [5])
    state = edit(state, lambda w: w["twist"].update(holder=0, card="T01"))
    state = act(state, 1, A.Search(survivor="S02", die=5), Script())
    state = act(state, 1, GAME.legal_actions(state, 1)[-1], Script())
    assert state.twist.fired is None and state.twist.card == "T01"


@pytest.mark.parametrize(
    ("barricades", "zombies", "survivors", "complete"),
    [
        (4, 0, 3, True),
        (3, 0, 3, False),
        (4, 0, 4, False),
    ],
)
def test_m09_the_objective_is_checked_after_the_zombies_arrive_14_27(
    barricades: int, zombies: int, survivors: int, complete: bool
) -> None:
    def setup(w: dict[str, Any]) -> None:
        w["main"] = "M09"
        w["side"] = "hardcore"
        for sid in ("S01", "S02", "S03", "S04")[:survivors]:
            put_survivor(w, sid, 0, "hospital")
        w["locations"]["hospital"]["barricades"] = [barricades]
        w["locations"]["hospital"]["zombies"] = [zombies]
        w["morale"] = 6

    state = colony_phase(edit(board(), setup), (6, 8), Script())
    assert (state.phase == "ended" and state.main_done) == complete


def test_dw_52_a_private_choice_publishes_no_option_count_14_28() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 1, "colony")
        w["groups"][1]["leader"] = "S02"
        w["groups"][1]["hand"] = ["ST01", "ST02", "ST03"]
        w["twist"] = {"holder": 0, "for_group": 1, "card": None, "fired": "T19", "chosen": None}
        w["tasks"] = [{"t": "twist_option", "data": {"card": "T19", "surv": "S02"}}]

    from rules.dead_of_winter import rules_flow
    from rules.dead_of_winter.rules_core import Ctx

    state = turn_of(edit(board(), setup), 1, [3])
    w = state.model_dump(mode="json")
    w["tasks"] = [{"t": "twist_option", "data": {"card": "T19", "surv": "S02"}}]
    w["twist"]["fired"] = "T19"
    rules_flow.start(Ctx(w, Script()))
    state = act(State.model_validate(w), 1, A.Option(n=1), Script())
    public = GAME.observe(state, None).pending[0]
    assert public.kind == "choose" and public.options_count is None
    mine = GAME.observe(state, 1).pending_private[0]
    assert sorted(mine["options"]) == ["ST01", "ST02", "ST03"]


def test_dw_32_a_requested_card_must_be_played_at_once_14_21() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "colony", wounds=1)
        w["groups"][0]["leader"] = "S02"
        w["groups"][2]["hand"] = ["ST16"]

    state = turn_of(edit(board(), setup), 0, [3])
    state = act(state, 0, GAME.text.parse(state, 0, "Request Medicine card from seat 3"), Script())
    state = act(state, 2, A.Give(card="ST16"), Script())
    legal = GAME.legal_actions(state, 0)
    assert state.pending[0].kind == "given_card"
    assert all(getattr(a, "card", None) == "ST16" for a in legal)
    assert not any(isinstance(a, A.Contribute) for a in legal)
    state = act(state, 0, A.Play(card="ST16", target="S02"), Script())
    assert state.survivors["S02"].wounds == 0


def test_dw_32_an_unplayable_gift_goes_back_secretly() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "colony")
        w["groups"][0]["leader"] = "S02"
        w["groups"][2]["hand"] = ["P19"]
        w["locations"]["colony"]["helpless"] = 23

    state = turn_of(edit(board(), setup), 0, [3])
    state = act(state, 0, A.Request(target=2, symbol=None), Script())
    result = step(state, 2, A.Give(card="P19"), Script())
    assert "P19" in result.state.groups[2].hand
    assert not any("P19" in e.text or "Dispatcher" in e.text for e in result.events if e.public)
