"""Cold Comfort's event lines say what each number is (CC-11 – CC-13, CC-16, CC-20, CC-27): a
hotel is called a hotel and a camper a camper, a neighbourhood's scoring names its tiles, worth
and who scores, and a lone extra die is "an extra 6", not "1 extra 6". Seeded whole games of
heuristic players, every public line read."""

from __future__ import annotations

import re
from typing import Any

from rules import GAMES
from rules.core import Step, format_event
from tests.support.seeded_games import seeded_steps

GAME = GAMES["cold_comfort"]
NAMES = ("Ana", "Bo", "Cy", "Di")
WHO = "(Ana|Bo|Cy|Di)"
AT = r"\(-?\d+,-?\d+\)"
HOOD = r"C\d\d(\+C\d\d)* \(worth \d+\)"


def steps_of(seed: str, seats: int) -> list[Step[Any]]:
    """Every move of one seeded game of heuristic players."""
    return list(seeded_steps(GAME, seed, [GAME.agents["heuristic"]() for _ in range(seats)]))


def lines_of(seed: str, seats: int = 4) -> list[str]:
    """Every public event line of one seeded heuristic game, names filled in."""
    return [
        format_event(e.text, NAMES)
        for step in steps_of(seed, seats)
        for e in step.events
        if e.public
    ]


def misread(lines: list[str], word: str, pattern: str) -> list[str]:
    """The lines holding `word` that do not read as `pattern`; the seeded games must say `word`
    at least once."""
    picked = [line for line in lines if word in line]
    assert picked, f"no line says {word!r}"
    return [line for line in picked if not re.fullmatch(pattern, line)]


def test_cc11_cc13_cc20_cc27_lines_name_hotels_campers_and_neighbourhoods() -> None:
    lines = [line for n in range(2) for line in lines_of(f"words/{n}")]
    assert not [line for line in lines if re.search(r"\b1 extra|\[|\(value|\bseat\b", line)]
    built = (
        rf"{WHO} builds a \d hotel at {AT} for \$\d+( and the camper there becomes its guest)?\."
    )
    assert not misread(lines, " builds ", built)
    assert not misread(
        lines, " hosts ", rf"{WHO} hosts the \d camper from {AT} in the hotel at {AT}\."
    )
    changed = rf"{WHO} (up|down)grades the hotel at {AT} from \d to \d for \$\d+\."
    assert not misread(lines, "grades ", changed)
    scored = [line for line in lines if "(worth " in line]
    assert not misread(
        lines,
        "(worth ",
        rf"{HOOD}: ({WHO} scores \d+|{WHO}(, {WHO})* and {WHO} score \d+ each)\."
        rf"|A street gang holds {HOOD}((, {HOOD})* and {HOOD})?: nobody scores there\."
        rf"|Nobody scores in {HOOD}((, {HOOD})* and {HOOD})?\.",
    )
    assert any(re.search(r"scores? \d+", line) for line in scored)


def test_cc18_cc27_a_scoring_round_and_each_neighbourhood_open_lines_of_their_own() -> None:
    """In the thread a move's lines run on in one paragraph; a scoring round's start, each
    neighbourhood's score and the turn after them each open a line (`Event.heading`)."""
    heads: list[str] = []
    plain: list[str] = []
    for step in steps_of("words/heading", 3):
        for n, e in enumerate(step.events):
            (heads if e.heading else plain).append(format_event(e.text, NAMES))
            if e.heading and "(worth " in e.text and n + 1 < len(step.events):
                after = step.events[n + 1]
                assert after.heading, (e.text, after.text)  # the next score, or the next turn
    assert sum(line.startswith("The pool holds ") for line in heads) == 9
    assert sum("scores" in line or " score " in line for line in heads) >= 9
    assert heads[-1] == "That was scoring round 9 of 9: the game ends."
    assert not [line for line in plain if "(worth " in line or "scoring round" in line]
    assert any(" ends the turn." in line for line in plain)


def test_cc10_cc12_cc13_dice_that_land_together_are_told_together() -> None:
    """A move's dice that settle on the new tile are one line ("A 1 settles on the new tile at
    (5,-1) and a 2 at (4,0)."), extras of one value landing together another ("Extra 1s land as
    guests in (1,1), (-1,0) and (0,4)."), and guests that pay one more (`collected`)."""
    told: list[str] = []
    for n in range(2):
        for step in steps_of(f"words/{n}", 4):
            said = [format_event(e.text, NAMES) for e in step.events if e.public]
            assert sum(" settles on the new tile" in line for line in said) <= 1
            assert sum(" collects $" in line for line in said) <= 1
            told += said
    settled = rf"A \d settles on the new tile at {AT}((, a \d at {AT})* and a \d at {AT})?\."
    assert not misread(told, " settles ", settled)
    assert any(" and a " in line for line in told if " settles " in line)
    landed = (
        rf"(An extra \d lands (as a guest in|on) {AT}|Extra \ds land (as guests in|on) "
        rf"{AT}(, {AT})* and {AT}|{WHO} lands the extra \d on {AT})\."  # the last: a tie chosen
    )
    assert not misread(told, " land", landed)
    assert any(line.startswith("Extra ") for line in told)
    paid = (
        rf"{WHO} collects \$\d+ from (the guest at {AT}|\d guests: \$\d at {AT}(, \$\d at {AT})+)\."
    )
    assert not misread(told, " collects ", paid)
