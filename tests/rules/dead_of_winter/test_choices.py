"""Dead of Winter's choice paths (`rules/dead_of_winter/choices.py`): every move a few short steps
from the top of the panel — kind, then the survivor or card with its facts, then the target and die
— the draft showing each survivor's influence, attack, search and ability, votes in yes/no colours,
and players named by `{sN}`, never by seat number."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from rules.choices import MAX_CHOICES, MAX_DETAIL, Path, build, check
from rules.dead_of_winter import GAME
from rules.dead_of_winter import actions as A
from rules.dead_of_winter.choice_parts import harmful, survivor_words
from rules.dead_of_winter.choices import KIND
from rules.dead_of_winter.content import (
    CRISES,
    SURVIVORS,
    all_effect_texts,
    effects_of,
    parse_ability,
)
from rules.dead_of_winter.state import State
from rules.dead_of_winter.words import ability_words, effects_words
from rules.engine import Engine
from rules.playout import next_actor
from tests.rules.dead_of_winter.helpers import ENGINE, Script, act, started
from tests.rules.dead_of_winter.test_rulings_issue_fixes import kill_board, lure_board
from tests.support.seeded_games import seeded_steps

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b\w+=\w+|\bseat \d")


def paths_of(state: State, seat: int) -> list[Path | None]:
    return list(GAME.choice_paths(state, seat, GAME.legal_actions(state, seat)))


def path_to(state: State, seat: int, action: A.Action) -> Path:
    legal = list(GAME.legal_actions(state, seat))
    found = paths_of(state, seat)[legal.index(action)]
    assert found is not None
    return found


def words(path: Path) -> list[str]:
    return [text for step in path for text in (step.label, step.detail)]


@pytest.mark.parametrize(
    ("options", "seats"),
    [
        ({}, 3),
        ({"mode": "coop"}, 2),
        ({"mode": "standard", "secret_deal": "betrayer"}, 5),
        ({"long_night": True}, 4),
        ({"long_night": True}, 1),
    ],
    ids=["standard", "coop", "betrayer", "long-night", "long-night-solo"],
)
def test_every_move_of_seeded_games_is_offered_once_in_at_most_three_short_plain_steps(
    options: dict[str, Any], seats: int
) -> None:
    engine = Engine(GAME)
    decisions = 0
    for n in range(2):
        seed = f"dow-choices/{n}"
        state = engine.setup(seats, options, seed)
        rng = random.Random(seed)
        agent = GAME.agents["heuristic"]()
        for ply in range(1, 500):
            if GAME.outcome(state) is not None:
                break
            seat = next_actor(GAME, state)
            assert seat is not None
            legal = GAME.legal_actions(state, seat)
            paths = paths_of(state, seat)
            assert len(paths) == len(legal)
            assert all(p is not None for p in paths), "every move is offered in the panel"
            tree = build(paths)
            assert check(tree, len(legal), 3) == [], f"{seed} ply {ply}"
            assert sorted(tree.moves()) == list(range(len(legal)))
            for path in paths:
                assert path is not None
                for text in words(path):
                    assert not IDENTIFIER.search(text), text
            decisions += 1
            if rng.random() < 0.6:
                action = agent.choose(
                    GAME.observe(state, seat), legal, engine.agent_rng(seed, ply, seat)
                )
            else:
                action = legal[rng.randrange(len(legal))]
            state = engine.act(state, seat, action, seed=seed, ply=ply).state
    assert decisions > 100


def test_the_draft_picks_a_leader_then_who_else_to_keep_each_with_stats_and_ability() -> None:
    state = ENGINE.setup(3, {}, "dow-choices/draft")
    seat = min(GAME.to_act(state))
    group = next(g for g in state.groups if g.seat == seat)
    tree = build(paths_of(state, seat))
    assert [c.label for c in tree.children] == [
        f"{SURVIVORS[s].short} as leader" for s in sorted(group.dealt)
    ]
    for top, sid in zip(tree.children, sorted(group.dealt), strict=True):
        card = SURVIVORS[sid]
        assert top.choice is not None
        detail = top.choice.detail
        assert f"influence {card.influence}" in detail
        assert f"attack {card.attack}+" in detail and f"search {card.search}+" in detail
        assert ability_words(card.parsed)[:20] in detail
        others = [s for s in sorted(group.dealt) if s != sid]
        assert len(top.children) == len(others) == 3
        for keep, other in zip(top.children, others, strict=True):
            assert keep.leaf and keep.label == f"Keep {SURVIVORS[other].short}"
            assert keep.choice is not None
            assert f"influence {SURVIVORS[other].influence}" in keep.choice.detail


def test_a_turn_is_grouped_by_kind_with_end_turn_grey_and_discards_red() -> None:
    state = started(3, None, 5)
    seat = next_actor(GAME, state)
    assert seat is not None
    tree = build(paths_of(state, seat))
    kinds = {c.label: c for c in tree.children}
    assert {"Move", "End turn"} <= set(kinds)
    assert len(kinds) <= MAX_CHOICES
    end = kinds["End turn"]
    assert end.leaf and end.choice is not None and end.choice.style == "quiet"
    if "Discard" in kinds:
        assert kinds["Discard"].choice is not None
        assert kinds["Discard"].choice.style == "danger"
    moves = kinds["Move"]
    group = next(g for g in state.groups if g.group == state.active)
    shorts = {SURVIVORS[s].short for s in group.survivors}
    assert {c.label.split(" ")[0] for c in moves.children} <= shorts


def test_section_4_2_end_turn_says_which_unused_dice_are_lost() -> None:
    """Dice left at a turn's end are lost (§4.2): "End turn" says so with the dice, and says only
    that the turn ends once none are left."""
    said = set()
    agents = [GAME.agents["heuristic"]() for _ in range(3)]
    for step in seeded_steps(GAME, 7, agents):
        seat = next_actor(GAME, step.state)
        if seat is None or step.state.phase != "turn":
            continue
        group = next(g for g in step.state.groups if g.group == step.state.active)
        end = [p for p in paths_of(step.state, seat) if p and p[0].label == "End turn"]
        if not end:
            continue
        dice = sorted(group.dice, reverse=True)
        want = "your turn ends"
        if len(dice) == 1:
            want += f" and your unused die is lost: a {dice[0]}"
        elif dice:
            want += (
                f" and your unused dice are lost: {', '.join(map(str, dice[:-1]))} and {dice[-1]}"
            )
        assert end[0][0].detail == want
        said.add(len(dice))
    assert {0, 1, 2} <= said, said


def test_an_option_does_not_repeat_the_place_its_label_names_or_the_roll_its_survivor_needs() -> (
    None
):
    """ "Hattie at the Hospital with a 5 — attack 3+; 1 zombie; spends your 5, dice left: 1", not
    "… — at the Hospital, attack 3+; 1 zombie; needs 3+; spends your 5, …" (clipped at 100)."""
    checked = 0
    agents = [GAME.agents["heuristic"]() for _ in range(3)]
    for step in seeded_steps(GAME, 7, agents):
        seat = next_actor(GAME, step.state)
        if seat is None:
            continue
        for path in paths_of(step.state, seat):
            for option in path or ():
                head = option.detail.split("; ")[0].split(", ")[0]
                assert not (head.startswith("at ") and head in option.label), option
                for need in re.findall(r"(?:attack|search|die) (\d)\+", option.detail):
                    assert f"needs {need}+" not in option.detail, option
                checked += "spends your" in option.detail
    assert checked > 100


def test_a_die_option_says_which_die_it_spends_and_what_is_left() -> None:
    state = started(2, None, 3)
    seat = next_actor(GAME, state)
    assert seat is not None
    legal = GAME.legal_actions(state, seat)
    spends = [a for a in legal if isinstance(a, A.Barricade | A.Attack | A.Search | A.Clean)]
    assert spends
    for a in spends:
        assert isinstance(a, A.Barricade | A.Attack | A.Search | A.Clean)
        last = path_to(state, seat, a)[-1]
        text = f"{last.label} {last.detail}"
        assert f"with a {a.die}" in text.lower() and f"spends your {a.die}" in text


def test_a_crisis_contribution_says_what_the_crisis_needs_and_what_the_card_counts() -> None:
    state = started(3, None, 8)
    seat = next_actor(GAME, state)
    assert seat is not None and state.crisis is not None
    crisis = CRISES[state.crisis.id]
    legal = GAME.legal_actions(state, seat)
    added = [a for a in legal if isinstance(a, A.Contribute)]
    assert added
    for a in added:
        path = path_to(state, seat, a)
        assert len(path) == 2  # even a single card: the crisis's need is on the kind
        kind, card = path
        assert crisis.name in kind.detail and crisis.prevent in kind.detail
        assert "+1" in card.detail or "−1" in card.detail


def test_dw_13_and_section_6_7_the_entrance_choices_are_one_step_saying_what_stands_there() -> None:
    state = lure_board(zombies=[0, 2, 0, 0, 0, 0], barricades=[0, 1, 0, 0, 0, 0])
    state = act(state, 0, A.Attract(survivor="S10", die=6), Script())
    state = act(state, 0, A.AttractFrom(location="school"), Script())
    paths = paths_of(state, 0)
    assert [p[0].label if p else "" for p in paths] == [f"Entrance {n}" for n in range(1, 7)]
    assert all(p is not None and len(p) == 1 for p in paths)
    second = path_to(state, 0, A.LureTo(entrance=2))[0]
    assert second.detail == "2 zombies, 1 barricade; full: a barricade breaks"
    assert second.style == "danger"
    assert path_to(state, 0, A.LureTo(entrance=1))[0].style == "move"

    state = kill_board([1, 2, 0, 1, 0, 0])
    state = act(state, 0, A.Attack(survivor="S10", die=6, entrance=1), Script())
    assert [p[0].label if p else "" for p in paths_of(state, 0)] == ["Entrance 2", "Entrance 4"]
    assert path_to(state, 0, A.KillAt(entrance=2))[0].detail == "2 zombies"


def _exile_vote() -> tuple[State, int, int]:
    state = started(4, {"mode": "standard", "secret_deal": "betrayer"}, 2)
    seat = next_actor(GAME, state)
    assert seat is not None
    call = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, A.CallExile))
    assert isinstance(call, A.CallExile)
    path = path_to(state, seat, call)
    assert f"{{s{call.target}}}" in " ".join(words(path))
    assert "seat" not in " ".join(words(path)).lower()
    assert path[-1].style == "danger"
    state = ENGINE.act(state, seat, call, seed=2, ply=99).state
    assert state.pending and state.pending[0].kind == "vote"
    return state, seat, call.target


def test_an_exile_vote_names_the_player_and_offers_yes_in_green_and_no_in_red() -> None:
    state, _, target = _exile_vote()
    voter = min(GAME.to_act(state))
    paths = paths_of(state, voter)
    assert [(p[0].label, p[0].style) for p in paths if p] == [("Yes", "yes"), ("No", "no")]
    for path in paths:
        assert path is not None and len(path) == 1
        assert f"exile {{s{target}}}" in path[0].detail
        assert GAME.is_secret(state, GAME.legal_actions(state, voter)[0])


def test_requests_name_players_by_their_seat_reference_never_a_seat_number() -> None:
    state = started(3, None, 4)
    seat = next_actor(GAME, state)
    assert seat is not None
    tree = build(paths_of(state, seat))
    ask = next(c for c in tree.children if c.label == "Ask for a card")
    labels = [c.label for c in ask.children]
    assert labels and all(re.fullmatch(r"From \{s\d\}", label) for label in labels)
    assert all(f"{{s{seat}}}" not in label for label in labels)


def test_every_effect_and_ability_of_the_content_is_said_in_words_without_engine_terms() -> None:
    for ref, text in all_effect_texts():
        head = text.partition(": ")[0]
        ability = head in ("passive", "spent", "round", "built", "free 1/turn")
        ability = ability or re.fullmatch(r"\d\+( 1/turn)?", head) is not None
        said = ability_words(parse_ability(text)) if ability else effects_words(effects_of(text))
        assert said and not IDENTIFIER.search(said), (ref, text, said)


def test_options_that_hurt_the_colony_or_a_survivor_are_red_and_helpful_ones_are_not() -> None:
    assert harmful(effects_of("morale -1; lose_food 2"))
    assert harmful(effects_of("kill lowest_colony"))
    assert harmful(effects_of("add_zombies colony 2"))
    assert not harmful(effects_of("gain_food 2"))
    assert not harmful(effects_of("morale +1"))
    assert not harmful(effects_of("kill_zombies here 2"))


def test_every_survivors_stats_and_ability_fit_one_option_detail_uncut() -> None:
    for sid in SURVIVORS:
        said = survivor_words(sid, influence=True)
        assert len(said) <= MAX_DETAIL and not IDENTIFIER.search(said), said


def test_a_turns_kinds_are_listed_in_one_order_every_turn_moves_dice_cards_others() -> None:
    """The turn's menu does not follow the legal list (whose order changes with the turn): Move,
    the die actions, the cards, then asking others, every turn the same."""
    order = [kind.label for kind in KIND.values()]
    turns = 0
    for seed in (1, 2):
        agents = [GAME.agents["heuristic"]() for _ in range(3)]
        state = ENGINE.setup(3, None, seed)
        ply = 0
        while (seat := next_actor(GAME, state)) is not None:
            legal = ENGINE.legal(state, seat)
            top = [c.label for c in build(GAME.choice_paths(state, seat, legal)).children]
            if "End turn" in top:
                turns += 1
                assert top == sorted(top, key=order.index), top
            ply += 1
            action = agents[seat].choose(GAME.observe(state, seat), legal, random.Random(ply))
            state = ENGINE.act(state, seat, action, seed=seed, ply=ply).state
    assert turns > 20
