"""`python -m bot simulate` refuses bad arguments in one line; `python -m bot backup` copies a
live database with SQLite's online backup, and the copy opens and holds the table."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot import cli
from bot.tables import Player, TableService
from storage import SqliteStore

ANA = Player(11, "Ana")


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    out = capsys.readouterr()
    lines = [line for line in out.err.splitlines() if line.strip()]
    assert len(lines) == 1, out.err
    assert "Traceback" not in out.err and out.out == ""
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["winter", "--seats", "5"], ["Winter is played by 2 players, not 5"]),
        (["coldest_night", "--seats", "0"], ["1–4 players, not 0"]),
        (["coldest_night", "--games", "0"], ["--games", "1 or more", "not 0"]),
        (["coldest_night", "--games", "-5"], ["--games", "not -5"]),
        (["winter", "-o", "nonsense"], ["key=value"]),
        (["winter", "-o", "max_thaw_turns=lots"], ["max_thaw_turns"]),
        (["cold_comfort", "-o", "colour=blue"], ["colour"]),
        (["winter", "--agent", "genius"], ["--agent", "heuristic"]),
    ],
)
def test_simulate_refuses_bad_arguments_in_one_line(
    argv: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["simulate", *argv]) == 2
    line = one_error_line(capsys)
    for word in words:
        assert word in line


def test_simulate_with_good_arguments_plays_and_reports_positive_rates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["simulate", "coldest_night", "--games", "2", "--seats", "1"]) == 0
    out = capsys.readouterr().out
    assert "games ended                      2" in out
    rate = float(out.split("games per second")[1].split()[0])
    assert rate > 0


async def a_live_table(path: Path) -> tuple[SqliteStore, int, int]:
    store = SqliteStore(path)
    await store.connect()
    service = TableService(store)
    table = await service.open("coldest_night", ANA, channel_id=5, options=None)
    await service.add_agent(table.id, ANA.user_id)
    played = await service.start(table.id, ANA.user_id)
    return store, played.table.id, played.table.ply


async def test_backup_copies_a_live_database_and_the_copy_holds_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "live.db"
    store, table_id, ply = await a_live_table(source)  # the "bot" keeps its connection open
    try:
        target = tmp_path / "backups" / "copy.db"
        assert (
            await cli.backup(parse(["backup", str(target), "--db", str(source)]), settings()) == 0
        )
        assert f"to {target} (1 tables)" in capsys.readouterr().out
    finally:
        await store.close()
    copy = SqliteStore(target)
    await copy.connect()
    try:
        table = await copy.get_table(table_id)
        assert (table.game, table.status, table.ply) == ("coldest_night", "active", ply)
        assert table.seats[0].name == "Ana" and len(table.seats) == 2
    finally:
        await copy.close()
    assert not list((tmp_path / "backups").glob("*.partial"))


async def test_backup_refuses_to_overwrite_a_file_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "live.db"
    store, table_id, _ = await a_live_table(source)
    await store.close()
    target = tmp_path / "copy.db"
    target.write_text("yesterday's backup")
    args = ["backup", str(target), "--db", str(source)]
    assert await cli.backup(parse(args), settings()) == 2
    line = one_error_line(capsys)
    assert "already exists" in line and "--force" in line
    assert target.read_text() == "yesterday's backup"
    assert await cli.backup(parse([*args, "--force"]), settings()) == 0
    copy = SqliteStore(target)
    await copy.connect()
    assert (await copy.get_table(table_id)).game == "coldest_night"
    await copy.close()


async def test_backup_of_a_missing_database_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = parse(["backup", str(tmp_path / "copy.db"), "--db", str(tmp_path / "none.db")])
    assert await cli.backup(args, settings()) == 2
    assert "no database at" in one_error_line(capsys)
    assert not (tmp_path / "none.db").exists()


def parse(argv: list[str]) -> argparse.Namespace:
    return cli.build_parser().parse_args(argv)


def settings() -> cli.Settings:
    return cli.Settings(_env_file=None)  # type: ignore[call-arg]
