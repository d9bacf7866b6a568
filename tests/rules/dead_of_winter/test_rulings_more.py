"""Rulings that had no scenario of their own yet (DW-1, 3, 6, 11, 13, 15, 16, 25, 30, 39–45, 48,
49, 53). None of them is a §9 Long Night ruling; the parts that speak of module pieces (bandits,
experiment zombies, advancement tokens in DW-3 and DW-44, unruly helpless in DW-53) are not
tested here because no module is offered yet."""

from __future__ import annotations

from typing import Any

from rules.dead_of_winter import GAME, effects
from rules.dead_of_winter import actions as A
from rules.dead_of_winter.content import ITEMS, TWISTS, parse_effects
from rules.dead_of_winter.rules_bodies import kill_zombie_at, overrun, place_barricades
from rules.dead_of_winter.rules_core import Ctx
from rules.dead_of_winter.rules_pending import tie_breaker
from rules.dead_of_winter.rules_setup import resolve_mode
from rules.dead_of_winter.state import DeadOfWinterOptions
from tests.rules.dead_of_winter.helpers import ENGINE, Script, act, edit, put_survivor
from tests.rules.dead_of_winter.test_scenarios import board, turn_of


def run_effects(w: dict[str, Any], text: str, group: int, surv: str | None, *answers: str) -> Ctx:
    """Resolve one effect list on the working state `w`, answering its choices in order."""
    ctx = Ctx(w, Script())
    f = effects.frame([text], group, surv, "test")
    todo = list(answers)
    while effects.run(ctx, f):
        assert w["pending"] and w["pending"][0]["kind"] == "choose", w["pending"]
        f["answer"] = {"value": todo.pop(0)}
        w["pending"] = []
    assert not todo, f"unused answers {todo}"
    return ctx


def test_dw_1_the_seat_count_picks_the_mode_and_the_two_group_set_up() -> None:
    options = DeadOfWinterOptions()
    assert resolve_mode(1, options) == "coop"
    assert resolve_mode(2, options) == "coop"
    assert resolve_mode(2, DeadOfWinterOptions(mode="prisoners_dilemma")) == "prisoners_dilemma"
    for seats in (3, 4, 5):
        assert resolve_mode(seats, options) == "standard"
    two = ENGINE.setup(2, None, 3)
    assert two.mode == "coop" and all(len(g.hand) == 6 for g in two.groups)
    keep = [a for a in GAME.legal_actions(two, 0) if isinstance(a, A.Draft)]
    assert keep and all(len(a.keep) == 3 for a in keep)
    three = ENGINE.setup(3, None, 3)
    assert three.mode == "standard" and all(len(g.hand) == 5 for g in three.groups)
    keep = [a for a in GAME.legal_actions(three, 0) if isinstance(a, A.Draft)]
    assert keep and all(len(a.keep) == 2 for a in keep)


def test_dw_3_dw_2_food_and_helpless_have_no_supply_limit_only_colony_space() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S09", 0, "colony")

    w = edit(board(), setup).model_dump(mode="json")
    run_effects(w, "gain_food 40", 0, "S09")
    run_effects(w, "gain_food 40", 0, "S09")
    assert w["food"] == 80
    helpless = w["locations"]["colony"]["helpless"]
    run_effects(w, "add_helpless 30", 0, "S09")
    # only the colony's 24 spaces (DW-2) limit helpless survivors, never a token supply
    assert w["locations"]["colony"]["helpless"] == helpless + 23


def test_dw_6_effect_barricades_go_to_the_lowest_entrance_among_the_fewest() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["locations"]["colony"]["barricades"] = [1, 0, 1, 0, 0, 0]
        w["locations"]["colony"]["zombies"] = [0, 3, 0, 0, 0, 0]  # entrance 2 is full

    w = edit(board(), setup).model_dump(mode="json")
    assert place_barricades(Ctx(w, Script()), "colony", 3) == 3
    assert w["locations"]["colony"]["barricades"] == [1, 0, 1, 1, 1, 1]


def test_dw_6_dw_44_an_effect_kills_colony_zombies_from_the_fullest_entrance_lowest_first() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["locations"]["colony"]["zombies"] = [1, 2, 0, 2, 0, 0]

    w = edit(board(), setup).model_dump(mode="json")
    assert kill_zombie_at(w, "colony")
    assert w["locations"]["colony"]["zombies"] == [1, 1, 0, 2, 0, 0]
    assert kill_zombie_at(w, "colony")
    assert w["locations"]["colony"]["zombies"] == [1, 1, 0, 1, 0, 0]
    run_effects(w, "kill_zombies colony 3 safe", 0, None)
    assert w["locations"]["colony"]["zombies"] == [0, 0, 0, 0, 0, 0]


def two_leaders_in_the_library(w: dict[str, Any]) -> None:
    """The first group led by S10 and the second by S02, both in the library."""
    put_survivor(w, "S10", 0, "library")
    put_survivor(w, "S02", 1, "library")
    w["groups"][0]["leader"] = "S10"
    w["groups"][1]["leader"] = "S02"


def test_dw_11_no_action_attacks_another_players_survivor() -> None:
    state = turn_of(edit(board(), two_leaders_in_the_library), 0, [6, 6])
    legal = GAME.legal_actions(state, 0)
    assert not [a for a in legal if isinstance(a, A.Attack)]  # no zombies, nothing to attack
    assert "survivor" in A.Attack.model_fields and "target" not in A.Attack.model_fields


def test_dw_13_attract_lures_up_to_two_zombies_from_elsewhere_one_source_at_a_time() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "library")
        w["groups"][0]["leader"] = "S10"
        w["locations"]["library"]["zombies"] = [1]
        w["locations"]["school"]["zombies"] = [2]
        w["locations"]["hospital"]["zombies"] = [1]

    state = turn_of(edit(board(), setup), 0, [6])
    state = act(state, 0, A.Attract(survivor="S10", die=6), Script())
    sources = [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.AttractFrom)]
    assert {a.location for a in sources} == {"school", "hospital"}  # never its own location
    state = act(state, 0, A.AttractFrom(location="school"), Script())
    assert state.locations["school"].zombies == (1,) and state.locations["library"].zombies == (2,)
    assert A.Stop() in GAME.legal_actions(state, 0)  # "up to": the player may stop
    state = act(state, 0, A.AttractFrom(location="hospital"), Script())
    assert state.locations["library"].zombies == (3,)
    assert not [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.AttractFrom)]


def test_dw_15_a_single_chosen_target_is_part_of_the_action() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "colony", wounds=1)
        put_survivor(w, "S02", 1, "colony")
        w["groups"][0]["leader"] = "S10"
        w["groups"][1]["leader"] = "S02"
        w["groups"][0]["hand"] = ["ST16"]  # Bandage Roll: heal any 1

    state = turn_of(edit(board(), setup), 0, [6])
    plays = [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.Play)]
    assert [a.target for a in plays] == ["S10"]  # only the wounded survivor: nothing wasted
    state = act(state, 0, plays[0], Script())
    assert state.survivors["S10"].wounds == 0 and not state.pending


def test_dw_16_the_next_non_exiled_player_breaks_a_tie_when_the_first_player_is_exiled() -> None:
    w = board(4).model_dump(mode="json")
    w["first"] = 1
    assert tie_breaker(w, [0, 1, 2, 3]) == 1
    w["groups"][1]["exiled"] = True
    assert tie_breaker(w, [0, 2, 3]) == 2


def test_dw_25_a_helpless_survivor_killed_by_an_overrun_costs_one_morale() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["locations"]["colony"]["helpless"] = 2
        w["morale"] = 5

    w = edit(board(), setup).model_dump(mode="json")
    overrun(Ctx(w, Script()), "colony", 0)
    assert w["locations"]["colony"]["helpless"] == 1
    assert w["morale"] == 4


def test_dw_41_vote_twist_cards_carry_no_cost_in_either_option() -> None:
    votes = [t for t in TWISTS.values() if t.kind == "vote"]
    assert votes
    for t in votes:
        for option in t.options:
            assert not [e for e in parse_effects(option.effects) if e.op.startswith("pay_")]


def test_dw_42_a_fuel_card_is_never_played_alone_only_with_a_move() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "colony")
        w["groups"][0]["leader"] = "S10"
        w["groups"][0]["hand"] = ["ST11"]  # Half-Full Jerrycan: safe_move

    state = turn_of(edit(board(), setup), 0, [6])
    legal = GAME.legal_actions(state, 0)
    assert not [a for a in legal if isinstance(a, A.Play) and a.card == "ST11"]
    moves = [a for a in legal if isinstance(a, A.Move) and a.fuel_card == "ST11"]
    assert moves
    rng = Script(12)  # a bite, if exposure were rolled
    state = act(state, 0, moves[0], rng)
    assert rng.used == 0 and "S10" in state.survivors
    assert "ST11" not in state.groups[0].hand


def test_dw_45_an_empty_survivor_deck_adds_nobody_and_outsiders_cannot_be_played() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "colony")
        w["groups"][0]["leader"] = "S10"
        w["groups"][0]["hand"] = ["SC19"]  # Substitute Teacher: add_survivor 1
        w["survivor_deck"] = []

    state = turn_of(edit(board(), setup), 0, [6])
    assert not [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.Play)]
    refusal = GAME.text.why_illegal(state, 0, A.Play(card="SC19"))
    assert refusal
    w = state.model_dump(mode="json")
    run_effects(w, "add_survivor 1", 0, "S10")
    assert list(w["survivors"]) == ["S10"]


def test_dw_48_an_exiled_acting_player_adds_no_food_or_helpless() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "library")
        w["groups"][0]["exiled"] = True
        w["food"] = 1

    w = edit(board(), setup).model_dump(mode="json")
    helpless = w["locations"]["colony"]["helpless"]
    run_effects(w, "gain_food 3; add_helpless 2", 0, "S10")
    assert w["food"] == 1 and w["locations"]["colony"]["helpless"] == helpless
    run_effects(w, "gain_food 3", 1, None)
    assert w["food"] == 4  # a player still in the colony feeds it


def test_dw_49_solo_has_no_request_action() -> None:
    state = ENGINE.setup(1, None, 4)
    ply = 0
    while state.phase == "draft":
        ply += 1
        action = GAME.legal_actions(state, 0)[0]
        state = ENGINE.act(state, 0, action, seed=4, ply=ply).state
    legal = GAME.legal_actions(state, 0)
    assert legal and not [a for a in legal if isinstance(a, A.Request)]
    assert GAME.text.why_illegal(state, 0, A.Request(target=0, symbol=None)) == (
        "There is nobody to ask in a solo game: hand items between your groups' survivors instead."
    )


def test_dw_39_a_choosing_token_is_decided_once_per_effect_list() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "colony")
        put_survivor(w, "S02", 0, "colony")

    w = edit(board(), setup).model_dump(mode="json")
    run_effects(w, "wound chosen 1; frostbite chosen 1", 0, "S10", "S02")  # one answer only
    assert (w["survivors"]["S02"]["wounds"], w["survivors"]["S02"]["frostbite"]) == (1, 1)
    assert (w["survivors"]["S10"]["wounds"], w["survivors"]["S10"]["frostbite"]) == (0, 0)


def test_dw_53_here_is_read_after_a_move_and_a_move_to_where_one_stands_does_nothing() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "library")

    w = edit(board(), setup).model_dump(mode="json")
    ctx = run_effects(w, "move acting 4", 0, "S10")
    assert w["survivors"]["S10"]["location"] == "library" and not ctx.events
    run_effects(w, "move acting 5; noise here 1", 0, "S10")
    assert w["survivors"]["S10"]["location"] == "hospital"
    assert w["locations"]["hospital"]["noise"] == 1 and w["locations"]["library"]["noise"] == 0


def test_dw_40_an_exposure_trigger_matches_the_face_rolled_not_its_effect() -> None:
    from rules.dead_of_winter.rules_bodies import exposure
    from rules.dead_of_winter.rules_round import _event_matches

    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S14", 0, "library")  # Dmitri: frostbite faces wound him instead

    w = turn_of(edit(board(), setup), 0, [6]).model_dump(mode="json")
    w["tev"] = []
    exposure(Ctx(w, Script(10)), "S14")  # 10: the frostbite face
    assert (w["survivors"]["S14"]["wounds"], w["survivors"]["S14"]["frostbite"]) == (1, 0)
    ev = w["tev"][-1]
    assert ev["face"] == "frostbite"
    assert _event_matches(w, _trigger("on_exposure frostbite"), ev)
    assert not _event_matches(w, _trigger("on_exposure wound"), ev)


def _trigger(text: str) -> Any:
    from rules.dead_of_winter.content import parse_trigger

    return parse_trigger(text)[0]


def test_dw_43_bonus_keeps_are_optional_but_the_first_keep_is_not() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S12", 0, "grocery")
        w["survivors"]["S12"]["equipped"] = ["SC15"]  # keep +1 when searching at 2
        w["groups"][0]["leader"] = "S12"

    state = turn_of(edit(board(), setup), 0, [6])
    state = act(state, 0, A.Search(survivor="S12", die=6), Script())
    first = GAME.legal_actions(state, 0)
    keeps = [a for a in first if isinstance(a, A.Keep)]
    assert keeps and A.Stop() not in first
    state = act(state, 0, keeps[0], Script())
    second = GAME.legal_actions(state, 0)
    assert A.Stop() in second and [a for a in second if isinstance(a, A.Keep)]
    state = act(state, 0, A.Stop(), Script())
    assert not state.pending and len(state.groups[0].hand) == 1


def test_dw_30_exiled_survivors_leave_the_colony_for_a_location_with_room() -> None:
    from rules.dead_of_winter import rules_flow
    from rules.dead_of_winter.rules_pending import exile

    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 1, "colony")
        put_survivor(w, "S02", 1, "colony")
        w["groups"][1]["leader"] = "S10"

    w = turn_of(edit(board(), setup), 0, [6]).model_dump(mode="json")
    ctx = Ctx(w, Script())
    exile(ctx, 1)
    rules_flow.start(ctx)
    assert w["groups"][1]["exiled"]
    while w["pending"]:
        p = w["pending"][0]
        assert p["kind"] == "place" and p["seats"] == [1]
        legal = [a for a in GAME.legal_actions(_state(w), 1) if isinstance(a, A.Place)]
        assert legal and all(a.location != "colony" for a in legal)
        w = GAME.apply(_state(w), 1, legal[0], Script()).state.model_dump(mode="json")
    assert w["survivors"]["S10"]["location"] != "colony"
    assert w["survivors"]["S02"]["location"] != "colony"


def _state(w: dict[str, Any]) -> Any:
    from rules.dead_of_winter.state import State

    return State.model_validate(w)


def test_dw_42_fuel_items_all_have_safe_move_as_their_only_effect() -> None:
    fuel = [c for c in ITEMS.values() if c.symbol == "Fuel"]
    assert fuel and all(c.effect == "safe_move" for c in fuel if c.mode == "waste")


def test_dw_49_in_solo_a_hand_off_between_the_two_groups_needs_no_acceptance() -> None:
    def setup(w: dict[str, Any]) -> None:
        two_leaders_in_the_library(w)
        w["survivors"]["S10"]["equipped"] = ["P13"]

    state = turn_of(edit(edit(ENGINE.setup(1, None, 4), _clear), setup), 0, [6])
    assert state.solo
    hand_off = A.HandOff(card="P13", source="S10", to="S02")
    assert hand_off in GAME.legal_actions(state, 0)
    state = act(state, 0, hand_off, Script())
    assert not state.pending
    assert state.survivors["S02"].equipped == ("P13",) and state.survivors["S10"].equipped == ()


def _clear(w: dict[str, Any]) -> None:
    from tests.rules.dead_of_winter.helpers import clear_board

    w["phase"] = "turn"
    clear_board(w)
