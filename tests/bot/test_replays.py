"""The replay file's builder (`bot.replays`, issue 35 §2): what it keeps of each position, which
pictures it draws, and that it stays one safe, self-contained file."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import bot.replays
from bot.replays import (
    EVERYTHING,
    PUBLIC,
    picture_positions,
    replay_data,
    replay_html,
)
from rules import GAMES
from rules.engine import Engine
from rules.playout import play_out
from tests.e2e.test_replay_browser import play_to_the_end
from tests.support.nim import NIM


def nim_log(stones: int, takes: list[int]) -> list[tuple[int, Any]]:
    return [(n % 2, {"type": "take", "count": take}) for n, take in enumerate(takes)]


def seeded_log(key: str, seats: int, seed: str, options: Any = None) -> list[tuple[int, Any]]:
    game = GAMES[key]
    played = play_out(
        game, seats, seed, [game.agents["heuristic"]() for _ in range(seats)], options=options
    )
    engine = Engine(game)
    return [(seat, engine.dump_action(action)) for seat, action in played.log]


def winter_replay(seed: str, draw: Callable[[Any], bytes]) -> dict[str, Any]:
    """The replay of a seeded Winter game between Ana and Bo, its pictures drawn by `draw`."""
    return replay_data(
        GAMES["winter"],
        names=["Ana", "Bo"],
        options=None,
        seed=seed,
        log_entries=seeded_log("winter", 2, seed),
        draw=draw,
    )


def text(data: dict[str, Any], step: int, view: str) -> str:
    keys = [v["key"] for v in data["views"]]
    return "\n".join(
        data["lines"][n] for n in data["texts"][data["steps"][step]["text"][keys.index(view)]]
    )


def embedded(html: str) -> dict[str, Any]:
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.S)
    assert found is not None
    result: dict[str, Any] = json.loads(found.group(1))
    return result


def test_every_move_is_a_position_with_its_mover_move_and_events_and_every_view() -> None:
    data = replay_data(
        NIM, names=["Ana", "Bo"], options={"stones": 5}, seed="s", log_entries=nim_log(5, [2, 3])
    )
    steps = data["steps"]
    assert [(s["mover"], s["move"]) for s in steps] == [
        (None, None),
        ("Ana", "Take 2"),
        ("Bo", "Take 3"),
    ]
    assert [s["turn"] for s in steps] == [0, 1, 2]
    assert [v["key"] for v in data["views"]] == [PUBLIC, "s0", "s1", EVERYTHING]
    assert "Bo wins" in data["summary"]
    assert all(s["pic"] is None for s in steps)  # Nim draws no picture


def test_each_seat_sees_its_own_secret_the_public_none_and_everything_all() -> None:
    data = replay_data(
        NIM, names=["Ana", "Bo"], options={"stones": 5}, seed="s", log_entries=nim_log(5, [1])
    )
    state = Engine(NIM).setup(2, {"stones": 5}, "s")
    ana, bo = state.secrets
    for step in range(len(data["steps"])):
        assert ana in text(data, step, "s0") and bo not in text(data, step, "s0")
        assert bo in text(data, step, "s1") and ana not in text(data, step, "s1")
        assert ana not in text(data, step, PUBLIC) and bo not in text(data, step, PUBLIC)
        everything = text(data, step, EVERYTHING)
        assert ana in everything and bo in everything
        assert "What only Ana could see" in everything


def test_dw_the_everything_view_reveals_objectives_and_the_betrayer_annotated() -> None:
    options = {"secret_deal": "betrayer"}
    log = seeded_log("dead_of_winter", 3, "reveal", options)
    data = replay_data(
        GAMES["dead_of_winter"],
        names=["Ana", "Bo", "Cy"],
        options=options,
        seed="reveal",
        log_entries=log[:40],
    )
    everything = text(data, len(data["steps"]) - 1, EVERYTHING)
    assert "— Hidden until the end —" in everything
    assert everything.count("objective:") >= 3
    assert re.search(r"🔓 (Ana|Bo|Cy) is the betrayer\.", everything)
    assert "is the betrayer" not in text(data, len(data["steps"]) - 1, PUBLIC)


def steps_of(turns: list[int]) -> list[dict[str, Any]]:
    return [{"turn": t} for t in turns]


def test_pictures_are_drawn_where_the_public_view_changed_while_few_enough() -> None:
    keys = [b"a", b"a", b"b", b"c", b"c"]
    assert picture_positions(steps_of([0, 1, 1, 2, 3]), keys, 10) == [0, 2, 3]


def test_a_long_game_keeps_the_end_of_each_turn_then_thins_them_evenly() -> None:
    turns = [0, 1, 1, 1, 2, 2, 3, 4, 4]
    keys = [bytes([i]) for i in range(len(turns))]
    # positions 0, 3 (turn 1 ends), 5, 6, 8
    assert picture_positions(steps_of(turns), keys, 6) == [0, 3, 5, 6, 8]
    thinned = picture_positions(steps_of(turns), keys, 3)
    assert len(thinned) == 3 and thinned[0] == 0 and thinned[-1] == 8


def noise_png(side: int) -> bytes:
    """A picture that compresses badly (every call a different one)."""
    out = io.BytesIO()
    Image.effect_noise((side, side), 100).convert("RGB").save(out, "PNG")
    return out.getvalue()


def test_a_game_of_large_pictures_keeps_as_many_as_the_byte_budget_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pictures a fifth of the budget each: at most five kept (more than the time allows would
    be drawn otherwise, and more than the minimum count), the first and the last among them."""
    size = len(bot.replays._encode(noise_png(300)))
    monkeypatch.setattr(bot.replays, "PICTURE_BYTES", size * 5)
    monkeypatch.setattr(bot.replays, "BUILD_SECONDS", 1000.0)
    data = winter_replay("budget", lambda observation: noise_png(300))
    assert 2 <= len(data["pics"]) <= 5
    assert sum(map(len, data["pics"])) <= size * 5 * 1.05
    steps = data["steps"]
    assert steps[0]["picAt"] == 0 and steps[-1]["picAt"] == len(steps) - 1


def test_the_same_picture_of_two_views_is_stored_once() -> None:
    png = noise_png(64)
    data = winter_replay("once", lambda observation: png)
    assert len(data["pics"]) == 1
    assert all(step["pic"] == 0 for step in data["steps"])


def test_every_position_shows_a_picture_and_says_which_move_it_shows() -> None:
    drawn: list[Any] = []

    def draw(observation: Any) -> bytes:
        drawn.append(observation)
        image = Image.new("RGB", (8, 8), (len(drawn) % 256, 0, 0))
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()

    data = winter_replay("captions", draw)
    steps = data["steps"]
    assert all(step["pic"] is not None and step["picAt"] <= i for i, step in enumerate(steps))
    assert steps[-1]["picAt"] == len(steps) - 1  # the end is always drawn
    assert len(drawn) <= len(steps)


def test_a_name_cannot_close_the_script_or_inject_markup() -> None:
    evil = "</script><script>alert(1)</script>"
    data = replay_data(
        NIM, names=[evil, "Bo"], options={"stones": 3}, seed="s", log_entries=nim_log(3, [3])
    )
    html = replay_html(data)
    assert "<script>alert(1)" not in html
    assert embedded(html)["names"] == [evil, "Bo"]


def test_the_file_fetches_nothing_from_the_network() -> None:
    data = replay_data(
        NIM, names=["Ana", "Bo"], options={"stones": 3}, seed="s", log_entries=nim_log(3, [3])
    )
    html = replay_html(data)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)|url\(|@import|fetch\(""", html)


def test_the_terminal_writes_a_finished_tables_replay_and_refuses_others_in_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    from bot.cli import main
    from storage import SqliteStore
    from storage.base import TableRecord

    db = tmp_path / "tables.db"
    asyncio.run(play_to_the_end("winter", SqliteStore(str(db))))
    out = tmp_path / "winter.html"
    capsys.readouterr()
    assert main(["replay", "1", "--db", str(db), "--out", str(out)]) == 0
    assert f"to {out}" in capsys.readouterr().out
    data = embedded(out.read_text())
    assert data["seed"] == "browser-w" and data["pics"]  # the pictures, loaded by module name
    assert data["steps"][-1]["mover"] is not None

    async def running() -> int:
        store = SqliteStore(str(db))
        await store.connect()
        made = await store.create_table(TableRecord(game="winter", status="active", state={}))
        await store.close()
        return made.id

    running_id = asyncio.run(running())
    assert main(["replay", str(running_id), "--db", str(db)]) == 2
    assert "only once the game has ended" in capsys.readouterr().err
    assert main(["replay", "99", "--db", str(db)]) == 2
    assert "There is no table 99" in capsys.readouterr().err


def test_a_challenge_tables_replay_leaves_its_seed_out_until_the_challenge_closes() -> None:
    from bot.challenges import current
    from bot.replays import build_table_replay
    from storage.base import ActionRecord, SeatRecord, TableRecord

    now = 1_800_000_000.0
    chosen = current("coldest_night", "daily", now)
    log = seeded_log("coldest_night", 2, "secret-deal")
    table = TableRecord(
        id=7,
        game="coldest_night",
        status="finished",
        seats=(SeatRecord(name="Ana", user_id=1), SeatRecord(name="Bo", user_id=2)),
        seed="secret-deal",
        state={},
        challenge=chosen.code,
    )
    actions = [
        ActionRecord(table_id=7, ply=n, seat=seat, action=action, at=0.0)
        for n, (seat, action) in enumerate(log, start=1)
    ]
    game = GAMES["coldest_night"]
    open_file = build_table_replay(table, actions, game, now=now).decode()
    data = embedded(open_file)
    assert data["seed"] == "" and "secret-deal" not in open_file
    assert "revealed when the challenge closes" in data["seedNote"]
    closed = embedded(build_table_replay(table, actions, game, now=chosen.closes).decode())
    assert closed["seed"] == "secret-deal"
