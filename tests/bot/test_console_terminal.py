"""The terminal table in-process (issue 9): quitting by Ctrl-C, end of input or `q`, the clock
running out at the prompt, one board per turn, Markdown for a terminal, grouped move lists and
stale moves — through the console's own reader and writer, on a real SQLite file."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from bot.console import (
    Console,
    Setup,
    choose_game,
    first_choices,
    kind_of,
    move_lines,
    render_markdown,
    terminal_words,
    use_ansi,
)
from bot.tables import TableService
from bot.terminal_turns import human_to_act
from rules import GAMES
from rules.engine import Engine
from storage import SqliteStore
from tests.support.advisor import Gate, expert_nim

TIMEOUT = object()
"""A script step: the reader's wait runs out (the clock is moved on first, see `ScriptReader`)."""


class ScriptReader:
    """Answers the console's reads from a script: a line, None (end of input), `TIMEOUT`, or an
    exception to raise (`KeyboardInterrupt` is Ctrl-C). Records each read's timeout."""

    def __init__(self, steps: Iterable[object], clock: FakeClock | None = None) -> None:
        self.steps = list(steps)
        self.clock = clock
        self.timeouts: list[float | None] = []

    async def __call__(self, timeout: float | None = None) -> str | None:
        self.timeouts.append(timeout)
        if not self.steps:
            return None
        step = self.steps.pop(0)
        if step is TIMEOUT:
            assert timeout is not None, "the console waited without a deadline"
            if self.clock is not None:
                self.clock.now += timeout
            raise TimeoutError
        if isinstance(step, BaseException):
            raise step
        return None if step is None else f"{step}\n"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def console_for(
    tmp_path: Path, steps: Iterable[object], clock: FakeClock | None = None
) -> tuple[Console, SqliteStore, list[str], ScriptReader]:
    store = SqliteStore(str(tmp_path / "terminal.db"))
    await store.connect()
    service = TableService(store, clock=clock or FakeClock())
    out: list[str] = []
    reader = ScriptReader(steps, clock)
    console = Console(
        service,
        read=reader,
        write=out.append,
        resume_hint=lambda n: f"`python -m bot play --resume {n}`",
        ansi=False,
    )
    return console, store, out, reader


def text(out: list[str]) -> str:
    return "\n".join(out)


@pytest.mark.parametrize("stop", [KeyboardInterrupt(), None, "q", "quit"])
async def test_ctrl_c_end_of_input_and_q_all_stop_at_once_with_the_resume_command(
    tmp_path: Path, stop: object
) -> None:
    console, store, out, _ = await console_for(tmp_path, ["scavenge", stop, "1", "1"])
    table = await console.new_table("coldest_night", seats=2, seed="9")
    table = await console.play(table)
    shown = text(out)
    assert shown.rstrip().endswith("Saved. Resume with: `python -m bot play --resume 1`")
    assert "Traceback" not in shown
    saved = await store.get_table(table.id)
    assert saved.status == "active" and saved.ply == table.ply > 0  # the first move was kept
    await store.close()


async def test_a_resumed_table_continues_where_ctrl_c_stopped_it(tmp_path: Path) -> None:
    console, store, out, _ = await console_for(tmp_path, ["scavenge", KeyboardInterrupt()])
    table = await console.play(await console.new_table("coldest_night", seats=2, seed="9"))
    ply = table.ply
    await store.close()
    again, store, out, _ = await console_for(tmp_path, ["1", "1", "1", "quit"])
    table = await again.play(await store.get_table(table.id))
    assert table.ply > ply and f"Table #{table.id}" in text(out)
    await store.close()


async def test_a_table_in_memory_gets_no_resume_hint(tmp_path: Path) -> None:
    console, store, out, _ = await console_for(tmp_path, ["quit"])
    console.resume_hint = lambda n: None
    await console.play(await console.new_table("winter", seats=2, seed="1"))
    assert "Resume with" not in text(out)
    assert "kept in memory only, so it cannot be resumed" in text(out)
    await store.close()


async def test_help_lists_the_commands_and_the_games_typing_guide(tmp_path: Path) -> None:
    console, store, out, _ = await console_for(tmp_path, ["help", "q"])
    await console.play(await console.new_table("tenth_night", seats=2, seed="4"))
    shown = text(out)
    assert "quit (or q)" in shown and "moves all" in shown
    assert "`arrange <cards in order>`" in shown  # The 10th Night's notation()
    await store.close()


async def test_the_day_clock_runs_out_while_the_player_sits_at_the_prompt_tn_7(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    console, store, out, reader = await console_for(tmp_path, [TIMEOUT, "quit"], clock)
    table = await console.new_table("tenth_night", seats=2, seed="4", options={"day_seconds": 90})
    table = await console.play(table)
    first = reader.timeouts[0]
    assert first is not None and 90 <= first <= 91  # read with a timeout up to the deadline
    state = console.service.state(table)
    assert state.phase != "day" or state.round > 1  # the day ended without any Enter
    assert table.ply >= 1
    assert text(out).count("• ⏰ The day is over.") == 1  # the clock's move, printed once
    assert text(out).count("Saved. Resume with") == 1
    await store.close()


async def test_a_table_without_a_clock_waits_without_a_timeout(tmp_path: Path) -> None:
    console, store, _out, reader = await console_for(tmp_path, ["quit"])
    await console.play(await console.new_table("coldest_night", seats=2, seed="9"))
    assert reader.timeouts == [None]
    await store.close()


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_each_turn_shows_the_board_once(tmp_path: Path, key: str) -> None:
    console, store, out, _ = await console_for(tmp_path, ["board", "quit"])
    game = GAMES[key]
    table = await console.new_table(key, seats=max(2, game.min_seats), seed="3")
    table = await console.play(table)
    head = render_markdown(console.service.board_text(table), ansi=False).splitlines()[0]
    shown = text(out)
    assert shown.count(head) == 2, shown  # once for the turn, once for `board`
    await store.close()


def test_discord_markdown_becomes_ansi_styles_on_a_terminal_and_plain_text_otherwise() -> None:
    source = "**Pit** ~~7H~~* __new__ `play 1` <t:1000060:R>\n```\nA B\n1 .\n```"
    styled = render_markdown(source, ansi=True, now=1_000_000)
    assert "\x1b[1mPit\x1b[22m" in styled and "\x1b[9m7H\x1b[29m*" in styled
    assert "\x1b[4mnew\x1b[24m" in styled
    plain = render_markdown(source, ansi=False, now=1_000_000)
    assert plain == "Pit 7H* new `play 1` in 1 min\nA B\n1 ."
    assert render_markdown("day_seconds a__b", ansi=False) == "day_seconds a__b"


def test_no_color_and_a_pipe_turn_ansi_off(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert use_ansi(Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_ansi(Tty())
    monkeypatch.delenv("NO_COLOR")
    assert not use_ansi(open(__file__))  # noqa: SIM115 - a file is not a terminal


async def test_a_long_move_list_is_a_short_first_step_typing_shows_kinds_and_moves_all_numbers(
    tmp_path: Path,
) -> None:
    console, store, out, _ = await console_for(tmp_path, ["typing", "moves all", "quit"])
    table = await console.new_table("tenth_night", seats=2, seed="4")
    table = await console.play(table)
    seat = human_to_act(console.service, table)
    assert seat is not None
    labels = console.service.labels(table, seat)
    assert len(labels) > 30
    shown = text(out)
    turn = shown.split("=" * 72)[1].split("your move:")[0]
    top = console.service.panel_update(table, seat).tree.children
    assert len(top) <= 25 and f"    1) {top[0].label}" in turn  # the panel's first step
    assert f"({len(labels)} moves in all, a few steps each" in turn
    assert turn.count("\n") < 40  # short, not one line a move
    typing = shown.split("your move:")[1]
    assert "`arrange <cards in order>` (" in typing and " moves), e.g. `Arrange row:" in typing
    assert "`propose <player> give <your card> for <their card>`" in typing
    assert "Cards as `7H`" in typing  # the first line of the game's typing guide
    assert f"  {len(labels):>3}. {labels[-1]}" in shown  # `moves all`
    await store.close()


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_numbers_walk_the_panels_steps_b_goes_back_and_the_last_number_plays_the_move(
    tmp_path: Path, key: str
) -> None:
    """The terminal shows the Discord panel's choice tree one step at a time: a number opens a
    step (its options numbered again), `b` goes back one step, and a move is played in at most
    the game's `max_choice_depth` numbers."""
    game = GAMES[key]
    console, store, out, _ = await console_for(tmp_path, [])
    table = await console.new_table(key, seats=max(2, game.min_seats), seed="5")
    table = (await console.service.start(table.id, 1)).table
    seat = human_to_act(console.service, table)
    assert seat is not None
    console.show_turn(table, seat)
    tree = console.panel(table, seat).tree
    path: list[int] = []
    node = tree
    while node.index is None:  # the first option at every step, down to a move
        path.append(0)
        node = node.children[0]
    assert len(path) <= game.max_choice_depth
    if len(path) > 1:
        assert await console.command(table, seat, "1") is False
        assert f"Your move so far: {tree.children[0].label}" in out[-1]
        assert "    b) back" in out[-1]
        assert await console.command(table, seat, "b") is False
        assert "Your move so far" not in out[-1] and "  1) " in out[-1]
        assert await console.command(table, seat, "b") is False
        assert "nothing to go back to" in out[-1]
    for number in path[:-1]:
        assert await console.command(table, seat, str(number + 1)) is False
    assert await console.command(table, seat, "99") is False
    assert "✗ There is no move 99" in out[-1]
    played = await console.command(table, seat, "1")
    assert not isinstance(played, bool), out[-3:]
    logged = await store.actions(table.id)
    engine = console.service.engine(table)
    legal = engine.legal(console.service.state(table), seat)
    (mine,) = [entry for entry in logged if entry.ply == table.ply + 1]
    assert mine.seat == seat and engine.parse_action(mine.action) == legal[node.index]
    await store.close()


def test_a_groups_first_choice_lists_the_spots_and_not_the_orders_of_a_row() -> None:
    spots = [
        f"Place C03 at ({x},{y}), turned {r}°" for x in (1, 2) for y in (0, 5) for r in (0, 90)
    ]
    assert first_choices(spots) == ["(1,0)", "(1,5)", "(2,0)", "(2,5)"]
    assert first_choices(["Arrange row: 2H 3C", "Arrange row: 3C 2H"]) == []


async def test_a_number_typed_after_another_process_moved_is_refused_in_the_terminals_words(
    tmp_path: Path,
) -> None:
    console, store, out, _ = await console_for(tmp_path, ["quit"])
    table = await console.new_table("coldest_night", seats=2, humans=2, seed="9")
    table = await console.play(table)  # lists seat 1's moves, then quits
    listed_ply, seat, labels = console.listed
    assert listed_ply == table.ply and labels
    moved = await console.service.act(table.id, seat + 1, "scavenge")  # e.g. a Discord bot
    assert moved.table.ply > table.ply
    stale = await console.command(moved.table, seat, "1", ply=listed_ply)
    assert stale is True  # the turn is shown again
    assert "out of date: the game moved on while you were typing" in text(out)
    assert "button" not in text(out) and "panel" not in text(out)
    await store.close()


def test_discord_words_in_refusals_become_terminal_words() -> None:
    said = terminal_words("That is too long to be a move: `/play` lists what you can do.")
    assert said == "That is too long to be a move: `moves` lists what you can do."


async def test_the_game_menu_takes_quit_help_resume_and_ctrl_c() -> None:
    out: list[str] = []
    assert await choose_game(ScriptReader(["help", "q"]), out.append, GAMES) is None
    assert sum("Which game?" in line for line in out) == 2
    assert await choose_game(ScriptReader(["resume 3"]), out.append, GAMES) == 3
    assert await choose_game(ScriptReader([KeyboardInterrupt()]), out.append, GAMES) is None
    assert await choose_game(ScriptReader([None]), out.append, GAMES) is None
    assert await choose_game(ScriptReader(["bogus", ""]), out.append, GAMES) == "coldest_night"


def crowded_turn(key: str, kind: str, seats: int) -> tuple[object, list[str], list[str]]:
    """A state of a random game where the seat to act has more than 30 moves, some of `kind`."""
    game = GAMES[key]
    engine = Engine(game)
    for n in range(30):
        rng = random.Random(n)
        state = engine.setup(seats, {}, f"crowd/{n}")
        for ply in range(1, 600):
            acting = sorted(game.to_act(state))
            if not acting:
                break
            legal = engine.legal(state, acting[0])
            if len(legal) > 30 and any(kind_of(a) == kind for a in legal):
                return (
                    state,
                    [game.text.label(state, a) for a in legal],
                    [kind_of(a) for a in legal],
                )
            state = engine.act(state, acting[0], rng.choice(legal), seed="c", ply=ply).state
    raise AssertionError(f"no crowded {kind} turn in {key}")


def test_winters_grouped_moves_say_squares_are_named_from_the_lake_and_what_a_thaw_claims() -> None:
    _, labels, kinds = crowded_turn("winter", "move", 2)
    shown = "\n".join(move_lines(labels, kinds, GAMES["winter"].text.notation(), full=False))
    assert "`move <square> to <square> up|down`" in shown
    assert "relative to the lake" in shown
    assert re.search(r"e\.g\. `Move \w+ to \w+, (upright|turned down), claims \w+", shown), shown


def test_cold_comforts_tile_spots_are_listed_once_each_and_the_map_has_a_key() -> None:
    state, labels, kinds = crowded_turn("cold_comfort", "grow", 2)
    shown = "\n".join(move_lines(labels, kinds, GAMES["cold_comfort"].text.notation(), full=False))
    spots = {label.split()[3].rstrip(",") for label in labels if label.startswith("Place")}
    assert "`grow (x,y) rot <0|90|180|270>`" in shown and "choose from: " in shown
    listed = re.findall(r"\(-?\d+,-?\d+\)", shown.partition("choose from: ")[2])
    assert sorted(listed) == sorted(spots)  # each spot once, not once per turn of the tile
    board = GAMES["cold_comfort"].text.describe(GAMES["cold_comfort"].observe(state, None))
    key = board.partition("Map key: ")[2]
    assert key.index("```") > key.index("street")  # the key stands inside the map's block
    for symbol in ("4. ", "4* ", "a2", "A2", "PP", "MS", "=="):
        assert symbol in key


async def test_a_hotseat_move_for_an_ai_seat_is_refused_by_the_ais_name(tmp_path: Path) -> None:
    console, _, out, _ = await console_for(tmp_path, [])
    table = await console.new_table("winter", seats=2, humans=1, seed="3")
    table = (await console.service.start(table.id, 1)).table
    ai = table.seats[1].name
    assert await console.command(table, 0, "@2 1") is False
    assert out[-1] == f"✗ {ai} is an AI player: it makes its own moves."
    assert "Seat" not in out[-1]


async def test_undo_at_the_terminal_takes_back_a_hotseat_move_and_refuses_with_a_reason(
    tmp_path: Path,
) -> None:
    """`undo` at the terminal uses `/game undo`'s fair rule for whichever human seat moved last:
    a Winter card placed (nothing drawn) comes back; with nothing played yet there is none."""
    console, store, out, _ = await console_for(tmp_path, [])
    service = console.service
    table = await console.new_table("winter", seats=2, humans=2, seed="3")
    table = (await service.start(table.id, 1)).table
    assert await console.command(table, 0, "undo") is False
    assert "nothing to take back" in out[-1]
    engine = service.engine(table)
    state = service.state(table)
    for _ in range(40):  # play until a placement that the engine rules not final
        seat = service.waiting_for(table)[0]
        legal = engine.legal(state, seat)
        places = [
            a
            for a in legal
            if getattr(a, "type", "") == "place"
            and engine.final(
                state,
                seat,
                a,
                engine.act(state, seat, a, seed=table.seed, ply=table.ply + 1),
                seed=table.seed,
                ply=table.ply + 1,
                seats=2,
            )
            is None
        ]
        user = table.seats[seat].user_id or 0
        table = (await service.act(table.id, user, places[0] if places else legal[0])).table
        if places:
            break
        state = service.state(table)
    else:
        raise AssertionError("no placement to take back within 40 moves")
    played = await console.command(table, service.waiting_for(table)[0], "undo")
    assert not isinstance(played, bool)
    assert service.state(played.table) == state and played.lines[0].startswith("Player")
    assert "takes back their move" in played.lines[0]
    await store.close()


async def test_the_game_menu_sets_seats_people_at_the_keyboard_and_options(
    tmp_path: Path,
) -> None:
    out: list[str] = []
    script = [
        "3 setup",
        "9",
        "4",
        "2",
        "attack schedule harsh",
        "day seconds 0",
        "day seconds 90",
        "",
    ]
    setup = await choose_game(ScriptReader(script), out.append, GAMES)
    assert setup == Setup("tenth_night", 4, 2, {"attack_schedule": "harsh", "day_seconds": 90})
    shown = text(out)
    assert "The 10th Night: how many seats?" in shown and "Type a number from" in shown
    assert "attack schedule (standard / harsh)" in shown  # options in words, with their values
    assert "✗ day seconds cannot be 0" in shown
    assert "deck order" not in shown  # a test hook is not offered
    console, store, _, _ = await console_for(tmp_path, [])
    table = await console.new_table(
        setup.game, seats=setup.seats, humans=setup.humans, options=setup.options
    )
    assert len(table.seats) == 4 and sum(s.user_id is not None for s in table.seats) == 2
    assert table.options["attack_schedule"] == "harsh" and table.options["day_seconds"] == 90
    quit_early = await choose_game(ScriptReader(["2 setup", "quit"]), out.append, GAMES)
    assert quit_early is None
    await store.close()


async def test_a_move_at_the_terminal_is_printed_before_the_expert_after_it_thinks(
    tmp_path: Path,
) -> None:
    """At the terminal as on Discord: the player's move is shown at once, then who is thinking,
    while the expert is held mid-search (an event, not a timing); its move follows."""
    gate = Gate()
    store = SqliteStore(str(tmp_path / "terminal.db"))
    await store.connect()
    service = TableService(store, {"test_nim": expert_nim(gate)}, clock=FakeClock())
    out: list[str] = []
    shown_while_thinking: list[str] = []

    console = Console(service, read=ScriptReader(["take 1", "quit"]), write=out.append, ansi=False)
    table = await console.new_table(
        "test_nim", seats=2, humans=1, agent="expert", seed="1", options={"stones": 9}
    )

    async def watch() -> None:
        await asyncio.to_thread(gate.started.wait)
        shown_while_thinking.append(text(out))
        gate.release.set()

    watcher = asyncio.create_task(watch())
    try:
        await console.play(table)
    finally:
        gate.release.set()
        await watcher
    during = shown_while_thinking[0]
    assert "takes 1." in during and during.count("Frost 🤖 is thinking…") == 1, during
    assert "Frost 🤖 takes" not in during  # the expert's move comes after
    assert "Frost 🤖 takes" in text(out)
    await store.close()


async def test_a_spot_step_names_the_place_as_the_board_does_never_the_engines_coordinates(
    tmp_path: Path,
) -> None:
    """Winter's placement in the terminal: "Spot A — At B1: makes no square …", not the
    engine's "at -2,-3" (a picture's letter placement, meaningless to a player, WI-20)."""
    console, store, out, _ = await console_for(tmp_path, [])
    table = await console.new_table("winter", seats=2, seed="5")
    table = (await console.service.start(table.id, 1)).table
    for _ in range(6):  # the first option (colours, a draw, a spot) up to a drawn card
        seat = human_to_act(console.service, table)
        assert seat is not None
        if console.panel(table, seat).tree.children[0].label == "Upright":
            break
        await console.command(table, seat, "1")
        await console.command(table, seat, "1")
        table = await console.service.table(table.id)
    console.show_turn(table, seat)
    assert await console.command(table, seat, "1") is False  # upright: its spots
    spots = [line for line in out[-1].splitlines() if ") Spot " in line]
    assert spots and all(re.search(r"\) Spot [A-Z]+ — At [A-Z]+\d+: ", line) for line in spots)
    assert not re.search(r" at -?\d+,-?\d+", out[-1]), out[-1]
    await store.close()
