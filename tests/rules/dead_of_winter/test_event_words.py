"""What Dead of Winter's thread says in the colony phase, in players' words: the zombies of
colony step 6 arrive in one line, said before any lands (its counts are all computed first, so the
overruns they cause follow it, DW-17, DW-18), and a crisis says whether it was prevented and what
the revealed cards counted (§6.1 step 4) instead of "score -2 against 3: failed"."""

from __future__ import annotations

import re

from rules.dead_of_winter import GAME
from rules.dead_of_winter.content import LOCATIONS
from rules.dead_of_winter.rules_bodies import arrivals
from rules.dead_of_winter.rules_core import loc_name
from rules.dead_of_winter.rules_round import crisis_words
from rules.engine import Engine
from tests.support.seeded_games import seeded_steps

ARRIVE = re.compile(r"^(Zombies arrive: .+|\d+ zombies? arrives? at .+)\.$")
CRISIS = re.compile(
    r"^The crisis .+ is (not )?prevented( with \d+ to spare)?: .+ of the \d+ needed\)?\.$"
)


def test_colony_step_6_says_every_places_zombies_once_before_the_overruns_dw_17_dw_18() -> None:
    police, hospital, school = "the Police Station (1)", "the Hospital (5)", "the School (3)"
    assert arrivals([("the Colony", 1), (police, 2), (hospital, 2)]) == (
        "Zombies arrive: 1 at the Colony; 2 each at the Police Station (1) and the Hospital (5)."
    )
    assert arrivals([("the Colony", 0), (school, 1)]) == "1 zombie arrives at the School (3)."


def test_a_crisis_says_prevented_or_not_and_what_its_cards_counted() -> None:
    assert crisis_words("Hunters Hunted", ["Bag of Bottle Caps", "Walkie-Talkie"], -2, 3) == (
        "The crisis Hunters Hunted is not prevented: Bag of Bottle Caps and Walkie-Talkie "
        "count −2 of the 3 needed."
    )
    assert crisis_words("Cold Radiators", ["A", "B", "C", "D", "E"], 5, 3).startswith(
        "The crisis Cold Radiators is prevented with 2 to spare: A, B, C, D and E count 5"
    )
    assert crisis_words("Cold Radiators", [], 0, 2) == (
        "The crisis Cold Radiators is not prevented: nobody added a card (0 of the 2 needed)."
    )
    # a card named with an "and" is not listed with "and"s: the names stand apart
    cards = ["Butcher and an Old Neighbour", "Cold and Flu Capsules", "Multivitamins"]
    assert crisis_words("Blackened Toes", cards, 1, 3) == (
        "The crisis Blackened Toes is not prevented: the cards count 1 of the 3 needed "
        "(Butcher and an Old Neighbour; Cold and Flu Capsules; Multivitamins)."
    )


def places_in(text: str) -> set[str]:
    """The places a line names: "colony" for the colony or one of its entrances."""
    found = {loc for loc in LOCATIONS if loc_name(loc) in text}
    return found | ({"colony"} if "olony" in text else set())


def test_seeded_games_say_zombies_arrive_before_what_they_break_dw_17_dw_18() -> None:
    """Every barricade that breaks and every overrun follows a line saying zombies come there:
    the colony phase's arrivals, a crisis's zombies, noise."""
    colony_phases = 0
    for seed in (3, 4):
        agents = [GAME.agents["heuristic"]() for _ in range(3)]
        for step in seeded_steps(GAME, seed, agents):
            public = [e for e in step.events if e.visible_to is None]
            kinds = [e.kind for e in public]
            if "crisis_resolved" not in kinds:
                continue
            colony_phases += 1
            crisis = public[kinds.index("crisis_resolved")].text
            assert CRISIS.match(crisis), crisis
            coming: set[str] = set()
            arrivals_said = 0
            for event in public[kinds.index("crisis_resolved") :]:
                if ARRIVE.match(event.text) or event.text.startswith("Noise draws a zombie"):
                    arrivals_said += event.text.startswith(("Zombies arrive:", "1 zombie "))
                    coming |= places_in(event.text)
                elif event.kind == "overrun" or event.text.endswith("breaks."):
                    assert places_in(event.text) <= coming, (event.text, public)
            assert arrivals_said <= 2  # colony step 6, and a crisis's own zombies
    assert colony_phases >= 4


def test_dw9_a_survivors_ability_says_the_die_spent_and_what_it_does() -> None:
    """ "Yara uses their ability with a 4: kill 1 zombie here, no exposure." — not only "Yara
    uses their ability." (the other players never read Yara's card)."""
    said = []
    for seed in (3, 4):
        agents = [GAME.agents["heuristic"]() for _ in range(3)]
        for step in seeded_steps(GAME, seed, agents):
            said += [e.text for e in step.events if " uses their ability" in e.text]
    assert said
    for line in said:
        assert re.fullmatch(r"\w+ uses their ability( with a \d)?: [^.]+\.", line), line


def test_dw33_the_board_says_the_main_objectives_count_as_a_number() -> None:
    """P is the number of groups (DW-33): the board says "at least 12 zombies killed by
    everyone" at a three-player table, not "at least 2×players + 6"."""
    for seed in range(1, 40):
        state = Engine(GAME).setup(3, None, seed)
        obs = GAME.observe(state, 0)
        if "P" in obs.main_objective.goal:
            break
    else:
        raise AssertionError("no main objective counted by players in 40 deals")
    line = next(x for x in GAME.text.describe(obs).splitlines() if x.startswith("Main objective"))
    assert "players" not in line and "×" not in line, line
    need = {p.label: p.need for p in obs.main_objective.progress}
    assert any(f"at least {n} " in line for n in need.values()), line


def test_dw33_the_board_says_each_count_of_the_main_objective_once_with_its_value_now() -> None:
    """The board's main objective says each clause once, with its count now ("at least 6 Fuel
    cards in the stash, 4 now"), not the goal and then the same clauses again as counters."""
    for seed in range(1, 12):
        state = Engine(GAME).setup(3, None, seed)
        obs = GAME.observe(state, 0)
        line = next(
            x for x in GAME.text.describe(obs).splitlines() if x.startswith("Main objective")
        )
        progress = obs.main_objective.progress
        assert line.count(" now") == len(progress) > 0, line
        for p in progress:
            assert f", {p.have} now" in line, (p, line)
        assert "/" not in line and " (5) (" not in line, line


def test_a_card_committed_to_the_main_objective_is_added_to_the_stash_in_the_panels_words() -> None:
    """The panel's kind is "Add to the stash" and the board counts "Fuel cards in the stash": the
    thread says the same ("Ana adds Lamp Oil to the stash."), not "commits … to the objective"."""
    said = []
    agents = [GAME.agents["heuristic"]() for _ in range(3)]
    for step in seeded_steps(GAME, 7, agents):
        said += [e.text for e in step.events if e.kind == "committed"]
    assert said
    for line in said:
        assert re.fullmatch(r"\S+(?: 🤖)? adds [^.]+ to the stash\.", line), line
