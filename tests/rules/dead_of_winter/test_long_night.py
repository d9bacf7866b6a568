"""The Long Night modules (§9): each module's rules, its rulings (DW-36, DW-37, DW-51), the worked
examples 14.18–14.20, and the degradation of §13.10 with the module off."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from rules.dead_of_winter import GAME, effects
from rules.dead_of_winter import actions as A
from rules.dead_of_winter.rules_core import Ctx, Ended
from rules.dead_of_winter.rules_flow import drive
from rules.dead_of_winter.rules_round import t_colony
from rules.dead_of_winter.state import MODULES, DeadOfWinterOptions, State
from rules.errors import IllegalActionError
from tests.rules.dead_of_winter.helpers import ENGINE, Script, act, clear_board, edit, put_survivor
from tests.rules.dead_of_winter.helpers import started as started_game

LONG = {"long_night": True}


def clear(w: dict[str, Any]) -> None:
    """The base board cleared, and the modules' pieces too: no bandits, traps or experiments."""
    clear_board(w)
    for loc in w["locations"].values():
        loc["traps"] = [0] * len(loc["zombies"])
        loc["experiments"] = [0] * len(loc["zombies"])
        loc["bandits"] = 0
        loc["unruly"] = 0
    w["ln"]["bandit_supply"] = 20 if "bandits" in w["modules"] else 0
    w["ln"]["stash"] = []
    w["ln"]["code_dice"] = []


def board(seats: int = 3, **options: Any) -> State:
    return edit(started_game(seats, options or None), clear)


def turn_of(state: State, group: int, dice: list[int]) -> State:
    def change(w: dict[str, Any]) -> None:
        w.update(active=group, phase="turn", pending=[], tasks=[], turns_taken=group)
        w["order"] = list(range(len(w["groups"])))
        w["groups"][group]["dice"] = dice
        w["twist"] = {"holder": None, "for_group": group, "card": None, "fired": None}
        w["ln"]["scrapped"] = False

    return edit(state, change)


def resolve(state: State, text: str, group: int, surv: str | None, rng: Script) -> State:
    """Run one effect list as its card would, then everything it queued."""
    w = state.model_dump(mode="json")
    w["tasks"] = [{"t": "effects", "data": effects.frame([text], group, surv, "test")}]
    ctx = Ctx(w, rng)
    with contextlib.suppress(Ended):
        drive(ctx)
    return State.model_validate(w)


def colony(state: State, steps: tuple[int, ...], rng: Script) -> State:
    w = state.model_dump(mode="json")
    ctx = Ctx(w, rng)
    try:
        for n in steps:
            t_colony(ctx, {"step": n})
        w["tasks"] = ctx.buffer + w["tasks"]
        ctx.buffer = []
        drive(ctx)
    except Ended:
        pass
    return State.model_validate(w)


# --- options and set-up (§8.0, §9.1) ----------------------------------------------------------
def test_long_night_turns_every_module_on_and_each_can_still_be_set() -> None:
    assert DeadOfWinterOptions(long_night=True).modules() == MODULES
    assert "lab" not in DeadOfWinterOptions(long_night=True, lab=False).modules()
    assert DeadOfWinterOptions(traps=True).modules() == ("traps",)
    assert DeadOfWinterOptions().modules() == ()
    with pytest.raises(ValueError):
        DeadOfWinterOptions.model_validate({"bandits": "lots"})


def test_the_long_night_set_up_adds_the_hideout_the_lab_and_their_decks() -> None:
    state = ENGINE.setup(4, LONG, 5)
    assert set(state.modules) == set(MODULES)
    assert {"lab", "hideout"} <= set(state.locations)
    assert len(state.locations["lab"].deck) == 20 and not state.locations["hideout"].deck
    assert state.ln.bandit_supply == 20 and state.ln.token_supply == 12
    assert len(state.ln.display) == 4 and len(state.ln.improvement_deck) == 6
    assert state.ln.experiment and len(state.ln.experiment_deck) == 11
    assert state.ln.experiment_supply == 19 and len(state.ln.side_effects) == 6
    base = ENGINE.setup(4, {}, 5)
    assert "lab" not in base.locations and not base.modules and base.ln.bandit_supply == 0


def test_the_hidden_decks_of_the_modules_are_declared_and_their_order_is_never_public() -> None:
    state = ENGINE.setup(4, LONG, 5)
    hidden = GAME.hidden(state)
    assert set(state.ln.experiment_deck) <= hidden and set(state.ln.improvement_deck) <= hidden
    assert set(state.ln.side_effects) <= hidden and set(state.locations["lab"].deck) <= hidden
    public = GAME.observe(state, None).model_dump_json()
    assert not any(x in public for x in state.ln.experiment_deck)
    assert state.ln.experiment in public  # the face-up experiment is public


# --- despair (§9.2) ---------------------------------------------------------------------------
def test_despair_counts_toward_death_and_heal_never_removes_it_9_2() -> None:
    state = board(despair=True)
    state = edit(state, lambda w: put_survivor(w, "S17", 0, "colony", wounds=1))
    state = resolve(state, "despair acting 1; heal acting 2", 0, "S17", Script())
    assert state.survivors["S17"].despair == 1 and state.survivors["S17"].wounds == 0
    state = resolve(state, "wound acting 2", 0, "S17", Script())
    assert "S17" in state.graveyard


def test_remove_despair_takes_despair_tokens_only_9_2() -> None:
    state = edit(board(despair=True), lambda w: put_survivor(w, "S17", 0, "colony", wounds=1))
    state = resolve(state, "despair acting 1; remove_despair acting 2", 0, "S17", Script())
    assert (state.survivors["S17"].despair, state.survivors["S17"].wounds) == (0, 1)


# --- unruly helpless (§9.3) -------------------------------------------------------------------
def test_unruly_helpless_eat_and_attract_double_and_calm_turns_them_ordinary_9_3() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S01", 0, "colony")
        w["food"] = 10

    state = resolve(edit(board(unruly_helpless=True), setup), "add_unruly 2", 0, None, Script())
    assert state.locations["colony"].unruly == 2
    assert GAME.observe(state, None).locations[0].occupied == 3  # one space each
    fed = colony(state, (3,), Script())
    assert fed.food == 10 - 3  # headcount 1 + 2×2 = 5 → 3 food
    calmed = resolve(state, "calm 1", 0, None, Script())
    assert (calmed.locations["colony"].unruly, calmed.locations["colony"].helpless) == (1, 1)
    from rules.dead_of_winter.rules_conditions import met

    assert met(calmed.model_dump(mode="json"), "helpless_at_colony>=2", 0)


def test_an_overrun_and_lose_helpless_take_unruly_ones_first_9_3() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["locations"]["colony"].update(unruly=1, helpless=1, zombies=[3, 0, 0, 0, 0, 0])

    state = colony(edit(board(unruly_helpless=True), setup), (6,), Script())
    c = state.locations["colony"]
    assert (c.unruly, c.helpless) == (0, 1)


# --- traps (§9.4) -----------------------------------------------------------------------------
def test_rig_a_trap_spends_a_die_and_a_fuel_card_9_4() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S17", 0, "colony")
        w["groups"][0]["hand"] = ["ST11"]

    state = turn_of(edit(board(traps=True), setup), 0, [2])
    rig = A.RigTrap(survivor="S17", die=2, fuel_card="ST11", entrance=3)
    assert rig in GAME.legal_actions(state, 0)
    assert (
        GAME.text.label(state, rig)
        == "Rig a trap at colony 3 with Yara using 2 and Half-Full Jerrycan"
    )
    assert GAME.text.parse(state, 0, GAME.text.label(state, rig)) == rig
    after = act(state, 0, rig, Script())
    assert after.locations["colony"].traps == (0, 0, 1, 0, 0, 0)
    assert after.groups[0].hand == () and after.groups[0].dice == ()


def test_a_trap_fires_kills_normal_zombies_and_spares_experiments_14_19() -> None:
    def setup(w: dict[str, Any]) -> None:
        c = w["locations"]["colony"]
        c["zombies"][3], c["experiments"][3], c["traps"][3] = 1, 1, 1

    state = edit(board(traps=True, lab=True), setup)
    w = state.model_dump(mode="json")
    from rules.dead_of_winter import rules_bodies as bodies

    ctx = Ctx(w, Script())
    bodies.place_zombie(ctx, "colony", 3)
    c = w["locations"]["colony"]
    assert (c["zombies"][3], c["experiments"][3], c["traps"][3]) == (0, 1, 0)
    assert w["colony_kills"] == 0  # not counted as kills


def test_unbarricade_does_not_remove_traps_9_4() -> None:
    state = edit(board(traps=True), lambda w: w["locations"]["police"].update(traps=[2]))
    state = resolve(state, "unbarricade 1 2", 0, None, Script())
    assert state.locations["police"].traps == (2,)


# --- bandits and the Hideout (§9.5) -----------------------------------------------------------
def test_dw_36_random_bandits_reroll_until_a_location_has_room() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["locations"]["police"]["bandits"] = 3  # full
        w["crisis"] = {"id": "C01", "contributions": []}  # random 2

    state = edit(board(bandits=True), setup)
    w = state.model_dump(mode="json")
    from rules.dead_of_winter.rules_modules import t_bandits

    t_bandits(Ctx(w, Script(1, 1, 2, 1, 3)), {})
    assert w["locations"]["grocery"]["bandits"] == 1 and w["locations"]["school"]["bandits"] == 1
    assert w["ln"]["bandit_supply"] == 18


def test_dw_36_a_bandit_with_no_room_anywhere_stays_in_the_supply() -> None:
    def setup(w: dict[str, Any]) -> None:
        from rules.dead_of_winter.content import SURVIVOR_SPACES, TOWN

        for loc in TOWN:
            w["locations"][loc]["bandits"] = SURVIVOR_SPACES[loc]
        w["crisis"] = None  # no crisis → random 2

    w = edit(board(bandits=True), setup).model_dump(mode="json")
    from rules.dead_of_winter.rules_modules import t_bandits

    supply = w["ln"]["bandit_supply"]
    assert t_bandits(Ctx(w, Script()), {}) is False
    assert w["ln"]["bandit_supply"] == supply


def test_dw_51_a_fixed_bandit_on_a_full_location_is_placed_at_random() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["locations"]["grocery"]["bandits"] = 3  # C03: 1@2 1@3, the Grocery Store is full
        w["crisis"] = {"id": "C03", "contributions": []}

    w = edit(board(bandits=True), setup).model_dump(mode="json")
    from rules.dead_of_winter.rules_modules import t_bandits

    t_bandits(Ctx(w, Script(2, 6)), {})
    assert w["locations"]["gas"]["bandits"] == 1 and w["locations"]["school"]["bandits"] == 1


def test_bandits_attract_zombies_and_scavenge_into_the_public_stash_14_20() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S18", 0, "grocery")
        w["locations"]["grocery"]["bandits"] = 2
        w["locations"]["grocery"]["deck"][:2] = ["G07", "G11"]

    state = edit(board(bandits=True), setup)
    deck = len(state.locations["grocery"].deck)
    after = colony(state, (6, 7), Script())
    assert after.locations["grocery"].zombies == (3,)
    assert after.ln.stash == ("G07", "G11")
    assert len(after.locations["grocery"].deck) == deck - 2
    assert "G07" in GAME.observe(after, None).model_dump_json()


def test_an_overrun_with_no_survivor_sends_a_bandit_away_14_20_variant() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["locations"]["grocery"].update(bandits=2, zombies=[4])
        w["morale"] = 6

    w = edit(board(bandits=True), setup).model_dump(mode="json")
    from rules.dead_of_winter import rules_bodies as bodies

    bodies.place_zombie(Ctx(w, Script()), "grocery", 0)
    assert w["locations"]["grocery"]["bandits"] == 1 and w["morale"] == 6
    assert w["ln"]["bandit_supply"] == 21 and not w["graveyard"]


def test_attacking_a_bandit_removes_it_and_wounds_on_a_one_or_two_9_5() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "school")
        w["locations"]["school"]["bandits"] = 1

    state = turn_of(edit(board(bandits=True), setup), 0, [4, 3])
    attack = A.Attack(survivor="S02", die=4, bandit=True)
    assert GAME.text.label(state, attack) == "Attack bandit at 3 (School) with Bram using 4"
    assert GAME.text.parse(state, 0, "attack bandit at 3 with Bram using 4") == attack
    after = act(state, 0, attack, Script(2))
    assert after.locations["school"].bandits == 0 and after.survivors["S02"].wounds == 1
    assert after.colony_kills == 0
    unhurt = act(state, 0, attack, Script(5))
    assert unhurt.survivors["S02"].wounds == 0


def test_a_food_card_bribes_a_bandit_where_you_have_a_survivor_9_5() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "school")
        w["locations"]["school"]["bandits"] = 2
        w["locations"]["police"]["bandits"] = 1
        w["groups"][0]["hand"] = ["ST01"]

    state = turn_of(edit(board(bandits=True), setup), 0, [1])
    bribe = A.Bribe(card="ST01", location="school")
    assert bribe in GAME.legal_actions(state, 0)
    assert A.Bribe(card="ST01", location="police") not in GAME.legal_actions(state, 0)
    assert GAME.text.parse(state, 0, "bribe 3 with Tin of Beans") == bribe
    after = act(state, 0, bribe, Script())
    assert after.locations["school"].bandits == 1 and after.groups[0].hand == ()
    with pytest.raises(IllegalActionError, match="survivor where the bandit is"):
        ENGINE.check(state, 0, A.Bribe(card="ST01", location="police"))


def test_a_raid_rolls_on_the_hideout_table_and_takes_from_the_stash_9_5() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "hideout")
        w["ln"]["stash"] = ["G07", "G11", "P01"]
        w["locations"]["school"]["bandits"] = 1

    state = turn_of(edit(board(bandits=True), setup), 0, [4])
    raid = A.Raid(survivor="S02", die=4, how="attack")
    assert GAME.text.label(state, raid) == "Raid the hideout by attack with Bram using 4"
    assert GAME.text.parse(state, 0, "raid attack with Bram") == raid
    assert GAME.text.parse(state, 0, "raid with Bram") == A.Raid(
        survivor="S02", die=4, how="search"
    )
    after = act(state, 0, raid, Script(5))  # 5 + 1 for an attack raid = 6: Rout
    assert after.pending[0].kind == "choose"
    for _ in range(2):
        after = act(after, 0, GAME.legal_actions(after, 0)[0], Script())
    assert len(after.groups[0].hand) == 2 and len(after.ln.stash) == 1
    after = act(after, 0, A.Choose(value="school"), Script())  # remove_bandits any 1
    assert after.locations["school"].bandits == 0


def test_the_bandit_leader_places_arriving_bandits_privately_9_5() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["groups"][2]["exiled"] = True
        w["groups"][2]["was_betrayer"] = False
        w["crisis"] = {"id": "C09", "contributions": []}  # 2@6

    w = edit(board(4, bandits=True), setup).model_dump(mode="json")
    w["tasks"] = [{"t": "bandits", "data": {}}]
    ctx = Ctx(w, Script())
    drive(ctx)
    state = State.model_validate(w)
    assert state.pending[0].kind == "place_bandit" and GAME.to_act(state) == {2}
    assert GAME.is_secret(state, A.PlaceBandit(location="police"))
    public = GAME.observe(state, None).pending[0]
    assert public.options_count is None and not public.fields  # the choice is the leader's
    assert GAME.observe(state, 2).pending_private  # …who sees the places with room
    state = act(state, 2, A.PlaceBandit(location="police"), Script())
    state = act(state, 2, GAME.text.parse(state, 2, "bandit 3"), Script())
    assert state.locations["police"].bandits == 1 and state.locations["school"].bandits == 1
    assert state.locations["gas"].bandits == 0 and not state.pending


# --- improvements (§9.6) ----------------------------------------------------------------------
def improvements_board() -> State:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S17", 0, "colony")
        w["ln"]["display"] = ["I04", "I02", "I07", "I10"]
        w["ln"]["improvement_deck"] = ["I01", "I03"]
        w["ln"]["tokens"] = {"I04": 1, "I02": 0, "I07": 0, "I10": 0}
        w["ln"]["token_supply"] = 11
        w["groups"][0]["hand"] = ["ST21", "ST22"]
        w["food"] = 0

    return turn_of(edit(board(improvements=True), setup), 0, [4, 2])


def test_work_builds_an_improvement_its_tokens_return_and_the_display_refills_9_6() -> None:
    state = improvements_board()
    work = A.Work(survivor="S17", die=4, improvement="I04")
    assert GAME.text.label(state, work) == "Work on Iron Gate with Yara using 4"
    assert A.Work(survivor="S17", die=2, improvement="I04") not in GAME.legal_actions(state, 0)
    after = act(state, 0, work, Script())
    assert after.ln.built == ("I04",) and after.ln.token_supply == 12
    assert after.ln.display == ("I02", "I07", "I10", "I01")
    rounds = colony(after, (2,), Script())
    assert sum(rounds.locations["colony"].barricades) == 1  # round: barricade colony 1


def test_scrap_is_free_once_a_turn_and_built_effects_resolve_at_once_9_6() -> None:
    state = improvements_board()
    scrap = A.Scrap(card="ST21", improvement="I02")
    assert GAME.text.parse(state, 0, "Scrap Tangled Wire for Root Cellar") == scrap
    after = act(state, 0, scrap, Script())
    assert after.ln.built == ("I02",) and after.food == 3  # built: gain_food 3
    assert not [a for a in GAME.legal_actions(after, 0) if isinstance(a, A.Scrap)]
    with pytest.raises(IllegalActionError, match="already scrapped"):
        ENGINE.check(after, 0, A.Scrap(card="ST22", improvement="I07"))


def test_a_built_improvements_passive_applies_to_every_survivor_9_6() -> None:
    state = edit(improvements_board(), lambda w: w["ln"].update(built=["I10"]))
    from rules.dead_of_winter import rules_core as core

    assert core.mod_sum(state.model_dump(mode="json"), "S17", "search_look") == 1


def test_advance_lets_the_chooser_place_each_token_9_6() -> None:
    state = resolve(improvements_board(), "advance 2", 0, None, Script())
    assert state.pending[0].kind == "choose"
    state = act(state, 0, A.Choose(value="I07"), Script())
    state = act(state, 0, A.Choose(value="I07"), Script())
    assert "I07" in state.ln.built and state.morale >= 1


# --- the Lab (§9.7) ---------------------------------------------------------------------------
def lab_board(code_dice: list[int] | None = None) -> State:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S17", 0, "lab")
        w["ln"]["experiment"] = "EX03"  # code 3 4 6
        w["ln"]["experiment_deck"] = ["EX01", "EX02"]
        w["ln"]["code_dice"] = code_dice or []
        w["locations"]["lab"]["zombies"] = [1]

    return edit(board(lab=True), setup)


def test_dw_37_a_die_covers_a_code_value_only_if_it_shows_it_exactly() -> None:
    state = turn_of(lab_board([3]), 1, [])
    state = edit(state, lambda w: put_survivor(w, "S18", 1, "lab"))
    state = edit(state, lambda w: w["groups"][1].update(dice=[5, 4]))
    legal = GAME.legal_actions(state, 1)
    assert A.Contain(survivor="S18", die=4) in legal  # dice of several players combine
    assert A.Contain(survivor="S18", die=5) not in legal  # a 5 cannot cover the 6
    with pytest.raises(IllegalActionError, match="exact"):
        ENGINE.check(state, 1, A.Contain(survivor="S18", die=5))
    after = act(state, 1, GAME.text.parse(state, 1, "contain with Moses using 4"), Script())
    assert after.ln.code_dice == (3, 4) and after.groups[1].dice == (5,)


def test_dw_37_placed_dice_are_spent_and_an_open_code_breaks_out_14_18() -> None:
    state = lab_board([3, 4])
    after = colony(state, (1,), Script())
    assert after.ln.experiment == "EX01" and after.ln.code_dice == ()
    assert after.locations["lab"].experiments == (2,)
    assert after.locations["colony"].experiments == (1, 0, 0, 0, 0, 0)
    assert after.ln.broke_out == 1 and after.ln.experiment_supply == 19 - 3
    # step 6 adds a normal zombie for Yara: the Lab holds 2 normal and 2 experiment zombies
    after = colony(after, (6,), Script())
    assert after.locations["lab"].zombies == (2,) and after.locations["lab"].experiments == (2,)
    # Yara's ability (kill_zombies here 1 safe) skips experiment zombies; an attack takes one
    turn = turn_of(after, 0, [4, 3])
    turn = act(turn, 0, A.UseAbility(survivor="S17", die=4), Script())
    assert turn.locations["lab"].zombies == (1,) and turn.locations["lab"].experiments == (2,)
    turn = act(turn, 0, A.Attack(survivor="S17", die=3), Script(1))
    assert turn.locations["lab"].zombies == (1,) and turn.locations["lab"].experiments == (1,)


def test_a_complete_code_contains_the_experiment_9_7() -> None:
    state = edit(lab_board([3, 4, 6]), lambda w: w.update(morale=5, food=0))
    after = colony(state, (1,), Script())
    assert after.ln.contained == 1 and after.morale == 6 and after.food == 1


def test_an_attack_at_the_colony_must_target_experiment_zombies_first_9_7() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "colony")
        w["locations"]["colony"]["zombies"] = [2, 0, 0, 0, 0, 0]
        w["locations"]["colony"]["experiments"] = [0, 0, 1, 0, 0, 0]

    state = turn_of(edit(board(lab=True), setup), 0, [5])
    attacks = [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.Attack)]
    assert attacks == [A.Attack(survivor="S02", die=5, entrance=3)]


def test_a_lab_search_rolls_exposure_and_a_pill_draws_a_side_effect_9_7() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "lab")
        w["locations"]["lab"]["deck"] = ["LB06", "LB09"]
        w["ln"]["side_effects"] = ["SE2", "SE1", "SE3", "SE4", "SE5", "SE6"]

    state = turn_of(edit(board(lab=True), setup), 0, [6])
    after = act(state, 0, A.Search(survivor="S02", die=6), Script(8))  # exposure 8: wound
    after = act(after, 0, A.Keep(card="LB06"), Script(8))
    assert after.survivors["S02"].wounds == 1 and "LB06" in after.groups[0].hand
    pill = A.Play(card="LB06", survivor="S02")
    assert pill in GAME.legal_actions(after, 0)
    taken = act(after, 0, pill, Script())
    assert taken.survivors["S02"].wounds == 1  # healed 3, then SE2 The Shakes: wound 1
    assert sorted(taken.ln.side_effects) == ["SE1", "SE2", "SE3", "SE4", "SE5", "SE6"]


# --- first-player vote (§9.8) -----------------------------------------------------------------
def test_the_first_player_keeps_the_token_after_a_yes_vote_9_8() -> None:
    state = edit(board(3, first_player_vote=True), lambda w: w.update(first_player=1))
    state = colony(state, (10,), Script())
    assert state.pending[0].kind == "first_player" and GAME.to_act(state) == {1}
    assert GAME.text.parse(state, 1, "keep token") == A.FirstPlayer(vote=True)
    state = act(state, 1, A.FirstPlayer(vote=True), Script())
    for seat in (0, 1, 2):
        state = act(state, seat, A.Vote(yes=seat != 2), Script())
    assert state.first_player == 1 and state.round_number == 2


def test_passing_the_token_moves_it_on_9_8() -> None:
    state = edit(board(3, first_player_vote=True), lambda w: w.update(first_player=1))
    state = colony(state, (10,), Script())
    state = act(state, 1, GAME.text.parse(state, 1, "pass token"), Script())
    assert state.first_player == 2


def test_the_token_vote_reads_as_such_on_the_panel_and_its_moves_group_together_9_8() -> None:
    """The private panel names the first-player vote (not "the twist card"), and the token's two
    moves share one kind on a grouped panel."""
    state = edit(board(3, first_player_vote=True), lambda w: w.update(first_player=1))
    state = colony(state, (10,), Script())
    labels = [GAME.text.label(state, a) for a in ENGINE.legal(state, 1)]
    assert {GAME.text.move_kind(label) for label in labels} == {"First player token"}
    state = act(state, 1, A.FirstPlayer(vote=True), Script())
    panel = GAME.text.describe(GAME.observe(state, 0))
    assert "Vote on keeping the first player token: you have not voted yet" in panel
    assert "twist card" not in panel.split("Vote on", 1)[1].split("\n", 1)[0]


# --- degradation (§13.10) ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "check"),
    [
        ("despair acting 1", lambda s: s.survivors["S17"].wounds == 2),
        ("remove_despair acting 1", lambda s: s.survivors["S17"].wounds == 0),
        ("add_unruly 2", lambda s: s.locations["colony"].helpless == 2),
        ("calm 2", lambda s: s.locations["colony"].helpless == 0),
        ("trap colony 1", lambda s: s.locations["colony"].barricades == (1, 0, 0, 0, 0, 0)),
        ("advance 2", lambda s: not s.ln.tokens and not s.pending),
        ("remove_bandits any 1; take_stash 2", lambda s: s.groups[0].hand == () and not s.pending),
        ("add_experiments colony 2", lambda s: s.locations["colony"].zombies[:2] == (1, 1)),
        ("side_effect acting", lambda s: s.survivors["S17"].wounds == 1),
    ],
)
def test_with_its_module_off_a_primitive_degrades_and_the_card_still_plays_13_10(
    text: str, check: Any
) -> None:
    state = edit(board(), lambda w: put_survivor(w, "S17", 0, "colony", wounds=1))
    assert not state.modules
    after = resolve(state, text, 0, "S17", Script())
    assert after.phase != "ended" and check(after)


def test_the_crisis_bandit_field_is_ignored_without_the_module_13_10() -> None:
    state = ENGINE.setup(3, {}, 2)
    assert "hideout" not in state.locations
    assert all(loc.bandits == 0 for loc in state.locations.values())


def test_every_module_move_has_one_sentence_when_its_module_is_off() -> None:
    state = turn_of(edit(board(), lambda w: put_survivor(w, "S17", 0, "colony")), 0, [4])
    for move in (
        A.Contain(survivor="S17", die=4),
        A.Work(survivor="S17", die=4, improvement="I01"),
        A.Raid(survivor="S17", die=4, how="search"),
        A.RigTrap(survivor="S17", die=4, fuel_card="ST11"),
        A.Attack(survivor="S17", die=4, bandit=True),
    ):
        reason = GAME.text.why_illegal(state, 0, move)
        assert reason and reason.endswith(".") and "\n" not in reason


def test_a_trap_effect_places_traps_like_barricades_with_the_module_on_dw_6() -> None:
    state = resolve(board(traps=True), "trap colony 2", 0, None, Script())
    assert state.locations["colony"].traps == (1, 1, 0, 0, 0, 0)
    assert state.locations["colony"].barricades == (0,) * 6


def test_the_public_view_has_the_long_night_shape_of_section_11_1() -> None:
    state = ENGINE.setup(5, LONG, 9)
    view = GAME.observe(state, None)
    ln = view.long_night or {}
    assert set(ln) >= {
        "improvements",
        "hideout_stash",
        "bandit_supply",
        "experiment",
        "experiments_contained",
    }
    assert set(ln["improvements"]) == {"display", "built", "advancement_supply"}
    assert set(ln["experiment"]) >= {"id", "name", "code", "covered", "breakout", "contained"}
    assert [loc.key for loc in view.locations][-2:] == ["lab", "hideout"]
    assert {"lab", "experiments", "improvements"} <= set(view.deck_counts)
    assert all(g.bandit_leader is False for g in view.groups)
    assert GAME.observe(ENGINE.setup(5, {}, 9), None).long_night is None
