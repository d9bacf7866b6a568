"""The private panel walks the seat's choice tree (`cogs/ui/steps.py`): over seeded games of every
game, every step of every panel is built from real discord.py components, stays inside Discord's
limits (the project's own guard), and every offered move is reached in at most the game's
`max_choice_depth` clicks from the opened panel, with no pages."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import discord
import pytest

from bot.guard import problems
from bot.records import label_mark
from cogs.present import BoardButton
from cogs.ui.step_layout import Step, inlined, layout, step_view
from cogs.ui.steps import BACK, ChoiceButton, ChoiceSelect, StepButton, reach, trail_mark
from rules import GAMES
from rules.choices import Choice, Node, build, named_path
from rules.engine import Engine
from rules.playout import next_actor

TABLE = 7
NAMES = ("Ana", "Bo", "Cy", "Di", "Eve", "Flo")
VARIANTS: dict[str, list[dict[str, Any]]] = {"dead_of_winter": [{}, {"long_night": True}]}
"""The options a game is walked with where not only its defaults."""
GAMES_WALKED = [(key, options) for key in GAMES for options in VARIANTS.get(key, [{}])]
"""Every registered game, in each of its variants."""
MAX_PLIES = 160
STRIDE = {"tenth_night": 4}  # its days offer a hundred steps a panel: every 4th move's panels


def clicks(
    step: Step, root: Node, labels: tuple[str, ...]
) -> tuple[dict[int, str], list[tuple[int, ...]]]:
    """What one click on a step does: the moves it plays (index → the mark it carries) and the
    steps it opens (addresses), read from the components as Discord would send them back."""
    played: dict[int, str] = {}
    opened: list[tuple[int, ...]] = []
    for item in step.view.children:
        if isinstance(item, ChoiceButton):
            played[item.index] = item.mark
        elif isinstance(item, StepButton):
            if item.item.label == BACK:
                continue
            assert reach(root, item.address, item.mark) is not None, item.custom_id
            opened.append(item.address)
        elif isinstance(item, ChoiceSelect):
            for option in item.item.options:
                head, _, mark = option.value.partition(":")
                if head.startswith("n"):
                    address = (*item.address, int(head[1:]))
                    assert reach(root, address, mark) is not None, option.value
                    opened.append(address)
                else:
                    played[int(head)] = mark
    return played, opened


def walk(root: Node, labels: tuple[str, ...], ply: int, max_depth: int, where: str) -> None:
    """Every panel step reachable from the top: limits, and every move within `max_depth`."""
    extra = [BoardButton(TABLE)]  # a DM panel: its last row also holds "My hand & moves"
    best: dict[int, int] = {}
    seen: set[tuple[int, ...]] = set()
    todo: deque[tuple[tuple[int, ...], int]] = deque([((), 0)])
    while todo:
        address, depth = todo.popleft()
        if address in seen:
            continue
        seen.add(address)
        step = step_view(TABLE, ply, root, address, labels, extra=extra)
        rows = step.view.to_components()
        found = problems({"components": rows})
        assert not found, f"{where} at {step.trail}: {found}"
        assert len(rows) <= 5
        selects = [c for row in rows for c in row["components"] if c["type"] == 3]
        for select in selects:
            assert not select.get("placeholder", "").startswith("Moves "), "no numbered menus"
        if address:  # below the top: a grey "◀ Back" to the step above
            backs = [
                i for i in step.view.children if isinstance(i, StepButton) and i.item.label == BACK
            ]
            assert len(backs) == 1 and backs[0].address == address[:-1]
            assert backs[0].item.style == discord.ButtonStyle.secondary
        if step.node is not None:  # places on the board: lettered on the step's picture
            places = {c.label: c.choice.at for c in step.node.children if c.choice and c.choice.at}
            assert step.spots == places, f"{where} at {step.trail}"
        played, opened = clicks(step, root, labels)
        for index, mark in played.items():
            assert mark == label_mark(labels[index]), f"{where}: move {index} carries its label"
            best[index] = min(best.get(index, 99), depth + 1)
        todo.extend((next_address, depth + 1) for next_address in opened)
    offered = set(root.moves())
    assert set(best) == offered, f"{where}: moves not reachable: {sorted(offered - set(best))}"
    worst = max(best.values(), default=0)
    assert worst <= max_depth, f"{where}: a move takes {worst} clicks (at most {max_depth})"


@pytest.mark.parametrize(("key", "options"), GAMES_WALKED, ids=lambda v: str(v))
def test_every_move_of_every_panel_is_within_the_games_click_budget_and_discords_limits(
    key: str, options: dict[str, Any]
) -> None:
    game = GAMES[key]
    engine = Engine(game)
    seats = min(game.max_seats, max(game.min_seats, 3))
    seed = f"panel-steps/{key}"
    state = engine.setup(seats, options, seed)
    rng = random.Random(seed)
    names = NAMES[:seats]
    for ply in range(MAX_PLIES):
        if game.outcome(state) is not None:
            break
        for seat in sorted(game.to_act(state)) if ply % STRIDE.get(key, 1) == 0 else ():
            legal = engine.legal(state, seat)
            labels = tuple(game.text.label(state, action) for action in legal)
            paths = game.choice_paths(state, seat, legal)
            root = build([named_path(path, names) for path in paths])
            walk(root, labels, ply, game.max_choice_depth, f"{key} ply {ply} seat {seat}")
        actor = next_actor(game, state)
        assert actor is not None
        legal = engine.legal(state, actor)
        state = engine.act(state, actor, rng.choice(list(legal)), seed=seed, ply=ply).state


def leaf(label: str, index: int, style: Any = "move") -> Node:
    return Node(Choice(label, style=style), index=index)


def test_a_turn_shows_its_quiet_move_as_a_grey_button_and_each_list_as_a_menu_of_its_own() -> None:
    cards = Node(Choice("Play a card"), [leaf(f"Card {n}", n) for n in range(6)])
    survivors = Node(Choice("Move a survivor"), [leaf(f"Ana to {n}", 6 + n) for n in range(3)])
    root = Node(None, [leaf("End turn", 9, "quiet"), cards, survivors])
    labels = tuple(f"move {n}" for n in range(10))
    step = step_view(1, 4, root, (), labels)
    rows = step.view.to_components()
    assert [c["label"] for c in rows[0]["components"]] == ["End turn"]
    assert rows[0]["components"][0]["style"] == discord.ButtonStyle.secondary.value
    assert [r["components"][0]["placeholder"] for r in rows[1:]] == [
        "Play a card…",
        "Move a survivor…",
    ]
    first = rows[1]["components"][0]["options"][0]
    assert first["value"] == f"0:{label_mark('move 0')}"  # a move: its index and label mark


def test_more_options_than_five_are_one_menu_whose_options_say_what_they_do() -> None:
    children = [Node(Choice(f"Card {n}", detail=f"heat {n}"), index=n) for n in range(9)]
    root = Node(None, children)
    step = step_view(1, 0, root, (), tuple(f"c{n}" for n in range(9)))
    (row,) = step.view.to_components()
    (select,) = row["components"]
    assert select["type"] == 3 and len(select["options"]) == 9
    assert [o["description"] for o in select["options"]][:2] == ["heat 0", "heat 1"]


def test_a_step_below_the_top_has_back_and_its_trail_and_a_gone_step_opens_nothing() -> None:
    tiles = Node(
        Choice("Place a tile"),
        [Node(Choice("C20"), [Node(Choice("turned 90°"), [leaf("Spot A", 0), leaf("Spot B", 1)])])],
    )
    root = Node(None, [tiles, leaf("Pass", 2, "quiet")])
    step = step_view(3, 9, root, (0, 0, 0), ("a", "b", "c"))
    assert step.trail == ["Place a tile", "C20", "turned 90°"]
    ids = [getattr(i, "custom_id", None) for i in step.view.children]
    assert f"sb:n:3:9:0.0:{trail_mark(root, (0, 0))}" in ids
    assert reach(root, (0, 0), trail_mark(root, (0, 0))) is not None
    assert reach(root, (0, 0), label_mark("something else")) is None  # the moves changed
    assert reach(root, (5,), trail_mark(root, (0,))) is None
    # an address that is no longer in the tree draws the top
    assert step_view(3, 9, root, (4, 2), ("a", "b", "c")).address == ()


def test_layout_keeps_every_option_within_the_rows_left() -> None:
    lists = [Node(Choice(f"Kind {n}"), [leaf("x", n)]) for n in range(5)]
    buttons, inline, menu = layout(lists, 4)
    assert len(inline) + (1 if buttons else 0) <= 4 and not menu
    assert sorted(buttons + inline) == list(range(5))
    many = [Node(Choice(f"Kind {n}"), [leaf("x", n)]) for n in range(9)]
    buttons, inline, menu = layout(many, 4)
    assert sorted(buttons + inline + menu) == list(range(9)) and len(menu) == 9


def test_a_menu_says_what_it_is_for_beside_the_buttons_winter_drawn_card_wi_1_wi_6() -> None:
    """A list shown inline as a menu has its detail under "Options" as a button has: Winter's
    player who just drew, with more spots than one step holds (a part of the lake first, as a
    menu), sees the drawn card's colours for each turn before opening a menu."""
    game = GAMES["winter"]
    engine = Engine(game)
    state = engine.setup(2, None, "menus")
    agents = [game.agents["heuristic"]() for _ in range(2)]
    ply = 0
    while (seat := next_actor(game, state)) is not None:
        legal = engine.legal(state, seat)
        root = build([named_path(p, NAMES) for p in game.choice_paths(state, seat, legal)])
        if any(inlined(child) and child.label == "Upright" for child in root.children):
            break
        ply += 1
        action = agents[seat].choose(
            game.observe(state, seat), legal, engine.agent_rng("menus", ply, seat)
        )
        state = engine.act(state, seat, action, seed="menus", ply=ply).state
    else:
        raise AssertionError("no placement with a part of the lake to choose first")
    step = step_view(TABLE, ply, root, (), tuple(str(n) for n in range(len(legal))))
    assert [type(item) for item in step.view.children][:2] == [ChoiceSelect, ChoiceSelect]
    details = dict(step.details)
    assert set(details) == {"Upright", "Turned down"}
    assert details["Upright"].startswith("The card reads ")
    assert details["Turned down"].startswith("The card turned down reads ")
