"""Rulings found broken in use (§6.10 step 3, DW-47, DW-13, §6.7): each test sets the ruling's
situation up and plays it through the game's own moves."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rules.dead_of_winter import GAME
from rules.dead_of_winter import actions as A
from rules.dead_of_winter.state import State
from tests.rules.dead_of_winter.helpers import ENGINE, Script, act, edit, put_survivor
from tests.rules.dead_of_winter.test_long_night import board as ln_board
from tests.rules.dead_of_winter.test_long_night import colony, resolve
from tests.rules.dead_of_winter.test_scenarios import board, turn_of

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\w+=\w+")


def labels(state: State, seat: int) -> list[str]:
    return [GAME.text.label(state, a) for a in ENGINE.legal(state, seat)]


def plain(text: str) -> bool:
    """A label a player reads: no code identifier (snake_case, key=value)."""
    return IDENTIFIER.search(text) is None


# --- §6.10 step 3: a survivor who dies at the Hideout -----------------------------------------
def test_section_6_10_step_3_items_of_a_survivor_who_dies_at_the_hideout_go_to_its_stash() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "hideout")
        w["groups"][0]["leader"] = "S02"
        put_survivor(w, "S03", 0, "colony")
        w["survivors"]["S02"]["equipped"] = ["P13"]  # Cruiser Shotgun
        w["locations"]["police"]["deck"].remove("P13")
        w["locations"]["hideout"]["zombies"] = [3]  # full: the next zombie overruns

    state = edit(ln_board(bandits=True), setup)
    after = resolve(state, "add_zombies hideout 1", 0, None, Script())
    assert "S02" in after.graveyard
    assert after.ln.stash == ("P13",) and not after.locations["hideout"].deck
    public = GAME.observe(after, None).long_night or {}
    assert [c["id"] for c in public["hideout_stash"]] == ["P13"]  # face up, for everyone
    assert "P13" not in GAME.hidden(after)
    assert "Cruiser Shotgun" in GAME.text.describe(GAME.observe(after, None))


def test_section_6_10_step_3_an_item_left_in_the_hideout_stash_can_be_raided_back() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S02", 0, "hideout")
        put_survivor(w, "S03", 0, "hideout")  # Lucia: the lowest influence, the overrun's victim
        w["groups"][0]["leader"] = "S02"
        w["survivors"]["S03"]["equipped"] = ["P13"]
        w["locations"]["police"]["deck"].remove("P13")
        w["locations"]["hideout"]["zombies"] = [3]

    state = resolve(edit(ln_board(bandits=True), setup), "add_zombies hideout 1", 0, None, Script())
    assert "S03" in state.graveyard and state.ln.stash == ("P13",)
    state = edit(state, lambda w: w.update(active=0, phase="turn", pending=[], tasks=[]))
    state = edit(state, lambda w: w["groups"][0].update(dice=[5]))
    state = act(state, 0, A.Raid(survivor="S02", die=5, how="search"), Script(4))  # Grab and Go
    assert A.Choose(value="P13") in GAME.legal_actions(state, 0)
    state = act(state, 0, A.Choose(value="P13"), Script())
    assert "P13" in state.groups[0].hand and state.ln.stash == ()


# --- DW-47: an exiled first player cannot call the first-player vote -------------------------
def test_dw_47_an_exiled_first_player_is_not_asked_and_the_token_simply_passes() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["first_player"] = 1
        w["groups"][1]["exiled"] = True
        w["groups"][1]["was_betrayer"] = True

    state = colony(edit(ln_board(3, first_player_vote=True), setup), (10,), Script())
    assert not any(p.kind in ("first_player", "vote") for p in state.pending)
    assert state.first_player == 2 and state.round_number == 2
    assert 1 not in GAME.to_act(state) or A.FirstPlayer(vote=True) not in GAME.legal_actions(
        state, 1
    )


def test_dw_47_a_first_player_who_is_not_exiled_still_chooses() -> None:
    state = edit(ln_board(3, first_player_vote=True), lambda w: w.update(first_player=1))
    state = colony(state, (10,), Script())
    assert state.pending[0].kind == "first_player" and GAME.to_act(state) == {1}


# --- DW-13: the lured zombie goes into the colony entrance the player names ------------------
def lure_board(**colony: list[int]) -> State:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "colony")
        put_survivor(w, "S03", 1, "colony")
        w["groups"][0]["leader"] = "S10"
        w["groups"][1]["leader"] = "S03"
        w["locations"]["school"]["zombies"] = [2]
        for key, values in colony.items():
            w["locations"]["colony"][key] = values

    return turn_of(edit(board(), setup), 0, [6])


def test_dw_13_the_player_names_the_colony_entrance_a_lured_zombie_goes_into() -> None:
    state = lure_board(zombies=[0, 1, 0, 0, 0, 0])
    state = act(state, 0, A.Attract(survivor="S10", die=6), Script())
    state = act(state, 0, A.AttractFrom(location="school"), Script())
    assert state.pending[0].kind == "lure_entrance" and GAME.to_act(state) == {0}
    assert list(ENGINE.legal(state, 0)) == [A.LureTo(entrance=e) for e in range(1, 7)]
    shown = labels(state, 0)
    assert shown[0] == "Send the lured zombie to colony entrance 1 (empty)"
    assert shown[1] == "Send the lured zombie to colony entrance 2 (1 zombie)"
    assert all(plain(label) for label in shown)
    assert {GAME.text.move_kind(label) for label in shown} == {"Lure"}
    assert state.locations["school"].zombies == (2,)  # it moves only once its entrance is named
    panel = GAME.text.describe(GAME.observe(state, 0))
    assert "Kasimir lures a zombie from the School (3): choose the colony entrance it goes" in panel
    assert GAME.text.parse(state, 0, "lure 5") == A.LureTo(entrance=5)
    assert GAME.text.parse(state, 0, shown[4]) == A.LureTo(entrance=5)
    state = act(state, 0, A.LureTo(entrance=5), Script())
    assert state.locations["colony"].zombies == (0, 1, 0, 0, 1, 0)
    assert state.locations["school"].zombies == (1,)
    assert state.pending[0].kind == "attract"  # the second zombie of "up to 2"


def test_dw_13_naming_a_full_barricaded_entrance_breaks_its_barricade() -> None:
    state = lure_board(zombies=[0, 2, 0, 0, 0, 0], barricades=[0, 1, 0, 0, 0, 0])
    state = act(state, 0, A.Attract(survivor="S10", die=6), Script())
    state = act(state, 0, A.AttractFrom(location="school"), Script())
    full = GAME.text.label(state, A.LureTo(entrance=2))
    assert full == (
        "Send the lured zombie to colony entrance 2 (2 zombies, 1 barricade; full: a barricade "
        "breaks)"
    )
    result = GAME.apply(state, 0, A.LureTo(entrance=2), Script())
    after = result.state
    assert after.locations["colony"].barricades == (0, 0, 0, 0, 0, 0)
    assert after.locations["colony"].zombies == (0, 2, 0, 0, 0, 0)
    public = [e.text for e in result.events if e.public]
    assert "Kasimir lures a zombie from the School (3) into colony entrance 2." in public
    assert "A barricade at colony entrance 2 breaks." in public


def test_dw_13_naming_a_full_open_entrance_overruns_the_colony() -> None:
    state = lure_board(zombies=[0, 0, 3, 0, 0, 0])
    state = act(state, 0, A.Attract(survivor="S10", die=6), Script())
    state = act(state, 0, A.AttractFrom(location="school"), Script())
    assert GAME.text.label(state, A.LureTo(entrance=3)).endswith("(3 zombies; full: overrun)")
    after = act(state, 0, A.LureTo(entrance=3), Script())
    assert "S03" in after.graveyard  # the lowest influence at the colony dies (§6.1)


def test_dw_13_luring_away_from_the_colony_asks_no_entrance() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "library")
        w["groups"][0]["leader"] = "S10"
        w["locations"]["colony"]["zombies"] = [0, 2, 0, 0, 0, 0]

    state = turn_of(edit(board(), setup), 0, [6])
    state = act(state, 0, A.Attract(survivor="S10", die=6), Script())
    state = act(state, 0, A.AttractFrom(location="colony", entrance=2), Script())
    assert state.locations["library"].zombies == (1,)
    assert state.locations["colony"].zombies == (0, 1, 0, 0, 0, 0)
    assert not state.pending or state.pending[0].kind == "attract"


# --- §6.7: extra kills at the colony come from the entrances the player picks ----------------
def kill_board(zombies: list[int]) -> State:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S10", 0, "colony")  # Kasimir: attack 2, attack_kills 2
        w["groups"][0]["leader"] = "S10"
        w["locations"]["colony"]["zombies"] = zombies

    return turn_of(edit(board(), setup), 0, [6])


def test_section_6_7_the_player_picks_the_entrance_of_an_extra_kill_at_the_colony() -> None:
    state = kill_board([1, 2, 0, 1, 0, 0])
    state = act(state, 0, A.Attack(survivor="S10", die=6, entrance=1), Script())
    assert state.locations["colony"].zombies == (0, 2, 0, 1, 0, 0)
    assert state.pending[0].kind == "extra_kill" and GAME.to_act(state) == {0}
    assert list(ENGINE.legal(state, 0)) == [A.KillAt(entrance=2), A.KillAt(entrance=4)]
    shown = labels(state, 0)
    assert shown == [
        "Kill a zombie at colony entrance 2 (2 zombies)",
        "Kill a zombie at colony entrance 4 (1 zombie)",
    ]
    assert {GAME.text.move_kind(label) for label in shown} == {"Kill"}
    panel = GAME.text.describe(GAME.observe(state, 0))
    assert "Kasimir may kill 1 more zombie at the colony: choose the entrance." in panel
    assert GAME.text.parse(state, 0, "kill 4") == A.KillAt(entrance=4)
    result = GAME.apply(state, 0, A.KillAt(entrance=4), Script())
    after = result.state
    assert after.locations["colony"].zombies == (0, 2, 0, 0, 0, 0)  # not the fullest entrance
    assert after.groups[0].kills == 2 and after.colony_kills == 2 and not after.pending
    public = [e.text for e in result.events if e.public]
    assert "Kasimir kills 2 zombies at colony entrances 1, 4." in public
    assert "Kasimir rolls exposure: blank." in public  # after the kills, as before


def test_section_6_7_dw_56_a_single_place_for_the_extra_kill_is_taken_without_asking() -> None:
    state = kill_board([1, 2, 0, 0, 0, 0])
    state = act(state, 0, A.Attack(survivor="S10", die=6, entrance=1), Script())
    assert not state.pending
    assert state.locations["colony"].zombies == (0, 1, 0, 0, 0, 0)
    assert state.groups[0].kills == 2


def test_section_6_7_an_entrance_with_no_zombie_is_refused_as_an_extra_kill() -> None:
    state = kill_board([1, 2, 0, 1, 0, 0])
    state = act(state, 0, A.Attack(survivor="S10", die=6, entrance=1), Script())
    try:
        GAME.text.parse(state, 0, "kill 3")
    except Exception as error:  # a ParseError naming the choices
        assert "entrance 3 is not one of the choices" in str(error)
        assert "colony entrance 2" in str(error)
    else:
        raise AssertionError("kill 3 was accepted")


def test_the_heuristic_agent_answers_both_entrance_choices() -> None:
    agent = GAME.agents["heuristic"]()
    state = lure_board(zombies=[0, 2, 0, 0, 0, 0], barricades=[1, 1, 0, 0, 0, 0])
    state = act(state, 0, A.Attract(survivor="S10", die=6), Script())
    state = act(state, 0, A.AttractFrom(location="school"), Script())
    pick = agent.choose(GAME.observe(state, 0), ENGINE.legal(state, 0), Script())
    assert pick in (A.LureTo(entrance=e) for e in (3, 4, 5, 6))  # an entrance with most room
    state = kill_board([1, 2, 0, 1, 0, 0])
    state = act(state, 0, A.Attack(survivor="S10", die=6, entrance=1), Script())
    pick = agent.choose(GAME.observe(state, 0), ENGINE.legal(state, 0), Script())
    assert pick == A.KillAt(entrance=2)  # where the zombies stand thickest


# --- the player guide --------------------------------------------------------------------------
def test_the_player_guides_options_table_is_one_table_with_a_row_for_every_option() -> None:
    """A blank line ends a Markdown table: every row after it would show as plain text."""
    doc = (Path(__file__).resolve().parents[3] / "docs" / "games" / "dead_of_winter.md").read_text()
    options = doc[doc.index("\n## Options\n") :]
    options = options[: options.index("\n## ", 1)]
    lines = options.splitlines()
    start = lines.index("| option | values | effect |")
    table = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        table.append(line)
    named = {m.group(1) for line in table if (m := re.match(r"\| `(\w+)`", line))}
    assert named == set(GAME.options_model.model_fields)


def test_dw_the_board_names_the_phase_in_words_not_its_code() -> None:
    from rules.dead_of_winter.text import PHASE_WORDS

    state = ENGINE.setup(2, {"mode": "coop"}, "phase-words")
    head = GAME.text.describe(GAME.observe(state, None)).split("\n")[0]
    assert head.endswith("left on the track, choosing survivors."), head
    assert "phase draft" not in head
    assert set(PHASE_WORDS) == {"draft", "turn", "colony", "ended"}
