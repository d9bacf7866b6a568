"""Grouped private panels (`cogs/panels.py`, issue 10 §3): Dead of Winter's moves by kind, inside
Discord's component limits, every move reachable, other games' panels unchanged."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.panels import DIRECT_MAX, Panel, grouped_panel, kinds_of, plan
from cogs.present import GROUPED, KindButton
from rules import GAMES
from rules.dead_of_winter import GAME
from rules.engine import Engine

BUTTON, SELECT = 2, 3


def grouped(game: Any, *args: Any, **kwargs: Any) -> Panel | None:
    """The grouped panel made of the bot's own components."""
    return grouped_panel(game, GROUPED, *args, **kwargs)


def components(view: discord.ui.View) -> list[dict[str, Any]]:
    return view.to_components()


def limits(view: discord.ui.View) -> None:
    """Discord's limits for one message's components (a breach is a 400 from Discord)."""
    rows = components(view)
    assert 1 <= len(rows) <= 5
    ids = []
    for row in rows:
        inner = row["components"]
        kinds = {c["type"] for c in inner}
        assert kinds in ({BUTTON}, {SELECT})
        assert len(inner) <= (5 if kinds == {BUTTON} else 1)
        for c in inner:
            ids.append(c["custom_id"])
            assert len(c["custom_id"]) <= 100
            if c["type"] == BUTTON:
                assert 1 <= len(c["label"]) <= 80
            else:
                assert 1 <= len(c["options"]) <= 25
                assert len(c.get("placeholder", "")) <= 150
                values = [o["value"] for o in c["options"]]
                assert len(set(values)) == len(values)
                for o in c["options"]:
                    assert 1 <= len(o["label"]) <= 100 and len(o["value"]) <= 100
    assert len(ids) == len(set(ids)) and len(ids) <= 25


def reached(view: discord.ui.View) -> tuple[set[int], list[tuple[str, int]]]:
    """The move indices a view plays in one click, and the (kind, page) its open buttons open."""
    moves: set[int] = set()
    opens: list[tuple[str, int]] = []
    for item in view.children:
        if isinstance(item, KindButton):
            opens.append((item.kind, item.page))
            continue
        inner = item.item  # type: ignore[attr-defined]
        if isinstance(inner, discord.ui.Select):
            moves |= {int(o.value.split(":")[0]) for o in inner.options}
        else:
            moves.add(int(str(inner.custom_id).split(":")[4]))
    return moves, opens


def check_everything(table_id: int, ply: int, labels: tuple[str, ...]) -> None:
    """The overview and every kind and page it opens keep the limits, and together offer every
    move exactly at its index."""
    panel = grouped(GAME, table_id, ply, labels)
    assert panel is not None
    limits(panel.view)
    seen, todo = reached(panel.view)
    done: set[tuple[str, int]] = set()
    while todo:
        kind, page = todo.pop()
        if (kind, page) in done or not kind:
            continue
        done.add((kind, page))
        opened = grouped(GAME, table_id, ply, labels, focus=kind, page=page)
        assert opened is not None
        limits(opened.view)
        more, further = reached(opened.view)
        seen |= more
        todo += further
    assert seen == set(range(len(labels)))


def test_no_dead_of_winter_panel_in_twenty_seeded_heuristic_games_breaks_discords_limits() -> None:
    engine = Engine(GAME)
    checked = biggest = 0
    variants: list[dict[str, Any]] = [
        {"secret_deal": "betrayer"},
        {"mode": "coop"},
        {"hardcore": True, "player_elimination": True},
        {},
    ]
    for game in range(20):
        seats = 1 + game % 5
        options = variants[game // 5] if seats > 2 else {}
        if seats == 2 and game // 5 == 3:
            options = {"mode": "prisoners_dilemma"}
        seed = f"panels-{game}"
        state = engine.setup(seats, options, seed)
        agents = [GAME.agents["heuristic"]() for _ in range(seats)]
        ply = 0
        seen: set[tuple[str, ...]] = set()
        while GAME.outcome(state) is None:
            for seat in range(seats):
                labels = tuple(GAME.label(state, a) for a in GAME.legal_actions(state, seat))
                if labels and labels not in seen:
                    seen.add(labels)
                    check_everything(game + 1, ply, labels)
                    checked += 1
                    biggest = max(biggest, len(labels))
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            ply += 1
            rng = engine.agent_rng(seed, ply, seat)
            action = agents[seat].choose(GAME.observe(state, seat), legal, rng)
            state = engine.act(state, seat, action, seed=seed, ply=ply).state
    assert checked > 1000 and biggest > 100  # turns with over a hundred moves were laid out


def test_the_common_moves_come_first_as_buttons_and_other_kinds_get_a_menu_each() -> None:
    labels = (
        "Move Bram to 5 (Hospital)",
        "Move Bram to 2 (Grocery Store)",
        "Move Bram to 3 (School)",
        "Move Bram to 4 (Library)",
        "Search 2 (Grocery Store) with Lucia using 5",
        "Play Canned Stew",
        "Play Tin of Beans",
        "Play Medicine",
        "Request any card from seat 2",
        "Request any card from seat 3",
        "Request Fuel card from seat 2",
        "Contribute Tin of Beans",
        "End turn",
    )
    panel = grouped(GAME, 4, 9, labels)
    assert panel is not None
    limits(panel.view)
    rows = components(panel.view)
    first = [c["label"] for c in rows[0]["components"]]
    assert first == [
        "Move… (4)",
        "Search 2 (Grocery Store) with Lucia using 5",
        "Contribute Tin of Beans",
        "End turn",
    ]
    menus = [row["components"][0] for row in rows[1:]]
    assert [m["placeholder"] for m in menus] == ["Play (3)", "Request (3)"]
    assert [o["value"].split(":")[0] for o in menus[1]["options"]] == ["8", "9", "10"]
    assert menus[0]["custom_id"] == "sb:s:4:9:0"
    assert rows[0]["components"][0]["custom_id"] == "sb:o:4:move:0"
    assert rows[0]["components"][1]["custom_id"].startswith("sb:a:4:9:4:")


def test_a_pending_ballot_is_two_buttons() -> None:
    panel = grouped(GAME, 1, 3, ("Vote yes", "Vote no"))
    assert panel is not None
    (row,) = components(panel.view)
    assert [c["label"] for c in row["components"]] == ["Vote yes", "Vote no"]


def test_opening_a_kind_shows_its_moves_with_pages_and_a_way_back() -> None:
    barricades = [f"Barricade {1 + n % 6} with Bram using {n}" for n in range(130)]
    labels = (*barricades, "End turn")
    panel = grouped(GAME, 2, 5, labels)
    assert panel is not None
    row = components(panel.view)[0]["components"]
    ids = [c["custom_id"] for c in row]
    assert ids[0] == "sb:o:2:barricade:0" and ids[1].startswith("sb:a:2:5:130:")
    opened = grouped(GAME, 2, 5, labels, focus="barricade")
    assert opened is not None
    rows = components(opened.view)
    assert [len(r["components"][0]["options"]) for r in rows[:4]] == [25] * 4
    assert [c["label"] for c in rows[4]["components"]] == ["◀ All moves", "More ▶"]
    assert opened.footer.startswith("Barricade: moves 1–100 of 130")
    second = grouped(GAME, 2, 5, labels, focus="barricade", page=1)
    assert second is not None
    rows = components(second.view)
    assert rows[0]["components"][0]["options"][0]["value"].startswith("100:")
    assert [c["label"] for c in rows[-1]["components"]] == ["◀ All moves", "◀ Earlier"]


def test_a_kind_no_longer_offered_opens_the_overview_with_a_note() -> None:
    panel = grouped(GAME, 1, 3, ("Vote yes", "Vote no"), focus="move")
    assert panel is not None and panel.footer.startswith("Those moves are no longer offered")


def test_too_many_menus_become_opening_buttons_until_five_rows_hold_them() -> None:
    words = ["Play", "Equip", "Discard", "Request", "Use", "Commit", "Hand off"]
    labels = tuple(f"{w} thing {n}" for w in words for n in range(4))
    kinds = kinds_of(GAME, labels)
    assert kinds is not None
    parts = plan(kinds)
    assert parts is not None
    assert [p.form for p in parts] == ["select"] * 4 + ["open"] * 3
    panel = grouped(GAME, 1, 1, labels)
    assert panel is not None
    limits(panel.view)


def test_a_common_kind_of_a_few_moves_shows_each_move() -> None:
    labels = tuple(f"Contribute card {n}" for n in range(DIRECT_MAX))
    panel = grouped(GAME, 1, 1, labels)
    assert panel is not None
    assert [c["label"] for c in components(panel.view)[0]["components"]] == list(labels)


@pytest.mark.parametrize("key", sorted(k for k in GAMES if k != "dead_of_winter"))
def test_other_games_keep_their_plain_panels(key: str) -> None:
    assert grouped(GAMES[key], 1, 0, ("Take 1", "Take 2")) is None


def test_a_seats_panel_text_shows_everything_it_holds_in_secret_and_the_board_none_of_it() -> None:
    """Issue 10 §3: hand, survivors, objective (or betrayal objective), the held twist card, the
    seat's cards in the crisis and its ballot, in every state of five seeded betrayer games."""
    engine = Engine(GAME)
    shown: set[str] = set()
    for game in range(5):
        seed = f"panel-text-{game}"
        seats = 3 + game % 3
        state = engine.setup(seats, {"secret_deal": "betrayer"}, seed)
        agents = [GAME.agents["heuristic"]() for _ in range(seats)]
        ply = 0
        while GAME.outcome(state) is None:
            board = GAME.describe(GAME.observe(state, None))
            assert "Your " not in board and "you voted" not in board
            for seat in range(seats):
                o = GAME.observe(state, seat)
                text = GAME.describe(o)
                for gid, cards in (o.hand or {}).items():
                    assert f"Your hand (group {gid + 1})" in text
                    assert all(c.name in text for c in cards)
                    assert f"Your survivors (group {gid + 1})" in text
                for objectives in (o.objective or {}).values():
                    for ob in objectives:
                        word = "betrayal objective" if ob.kind == "betrayal" else "objective"
                        assert f"Your {word}" in text and ob.name in text
                        shown.add(ob.kind)
                if o.twist_card is not None:
                    assert f"You hold twist card {o.twist_card.name}" in text
                    shown.add("twist")
                if o.my_contributions:
                    assert "Your cards in the crisis" in text
                    assert all(c.name in text for c in o.my_contributions)
                    shown.add("crisis")
                if any(p.kind == "vote" and seat in p.fields["eligible"] for p in o.pending):
                    ballot = f"you voted {o.my_vote}" if o.my_vote else "you have not voted yet"
                    assert ballot in text
                    shown.add("voted" if o.my_vote else "ballot")
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            ply += 1
            rng = engine.agent_rng(seed, ply, seat)
            action = agents[seat].choose(GAME.observe(state, seat), legal, rng)
            state = engine.act(state, seat, action, seed=seed, ply=ply).state
    assert shown >= {"secret", "betrayal", "twist", "crisis", "ballot", "voted"}, shown
