"""`python -m bot` (= `snowbound`): the Discord bot, the terminal table, and all-AI simulations."""

from __future__ import annotations

import argparse
import asyncio
import logging
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from bot.config import Settings, load_settings
from bot.data_tools import backup, database_setting, database_url, migrate, recompute_ratings
from bot.startup import StartupError, fail, open_database
from rules import GAMES
from rules.engine import Engine
from rules.errors import OptionsError
from rules.parsing import parse_options
from storage import redact_url
from storage.base import Store, TableRecord


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="snowbound", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (or the terminal table without a token)")

    play = sub.add_parser("play", help="play at the terminal table")
    play.add_argument("game", nargs="?", choices=sorted(GAMES), help="game key")
    play.add_argument(
        "--seats", type=int, help="number of seats (default 3, within the game's range)"
    )
    play.add_argument("--humans", type=int, default=1, help="human seats, hotseat (default 1)")
    play.add_argument(
        "--agent",
        default="heuristic",
        help="AI level for the other seats: random, heuristic, expert",
    )
    play.add_argument("--seed", help="seed for a repeatable game")
    play.add_argument("--db", help="SQLite file (default: SNOWBOUND_DATABASE_URL)")
    play.add_argument("--resume", type=int, metavar="ID", help="continue a saved table")
    play.add_argument("--list", action="store_true", help="list the saved tables and stop")
    play.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")

    sim = sub.add_parser("simulate", help="all-AI games with a summary table")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seats", type=int)
    sim.add_argument(
        "--agent",
        default="heuristic",
        help="random, heuristic or expert for every seat (or a,b,c per seat)",
    )
    sim.add_argument("--seed", default="sim")
    sim.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")

    mig = sub.add_parser(
        "migrate", help="copy every table from the SQLite database into an empty PostgreSQL one"
    )
    mig.add_argument("--to", required=True, metavar="postgresql://…", help="the target database")
    mig.add_argument("--from", dest="source", help="SQLite URL (default: SNOWBOUND_DATABASE_URL)")
    backup = sub.add_parser("backup", help="copy the database to PATH (safe while the bot runs)")
    backup.add_argument("path", help="the file to write, e.g. backups/snowbound-2026-01-31.db")
    backup.add_argument("--force", action="store_true", help="overwrite PATH if it exists")
    backup.add_argument("--db", help="SQLite file to copy (default: SNOWBOUND_DATABASE_URL)")
    rate = sub.add_parser("ratings", help="rebuild every rating from the stored results")
    rate.add_argument(
        "--recompute", action="store_true", required=True, help="forget and rebuild every rating"
    )
    rate.add_argument("--db", help="the database (default: SNOWBOUND_DATABASE_URL)")
    rep = sub.add_parser("replay", help="write a finished table's replay as one HTML file")
    rep.add_argument("table", type=int, metavar="ID", help="the table's id (see play --list)")
    rep.add_argument("--out", help="the file to write (default: <game>-<id>.html here)")
    rep.add_argument("--db", help="SQLite file (default: SNOWBOUND_DATABASE_URL)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    settings = load_settings()
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if args.command == "simulate":
        return simulate(args)
    if args.command == "migrate":
        return asyncio.run(migrate(args.source or settings.database_url, args.to, settings))
    if args.command == "backup":
        return asyncio.run(backup(args, settings))
    if args.command == "replay":
        from bot.replay_access import write_replay

        return asyncio.run(write_replay(args, database_url(args, settings), database_setting(args)))
    if args.command == "ratings":
        return asyncio.run(recompute_ratings(args, settings))
    try:
        if args.command == "play":
            return asyncio.run(play(args, settings))
        if settings.has_token:
            from bot.app import run_bot

            return run_bot(settings)
        print("No SNOWBOUND_TOKEN is set, so Snowbound starts the terminal table (see README).")
        return asyncio.run(play(None, settings))
    except StartupError as err:
        return fail(err)


def python_command() -> str:
    """How to start this Python again from the current folder, as a command that runs as shown:
    the project's `.venv/bin/python` when that is the one running, else the interpreter's path."""
    exe = Path(sys.executable)
    local = Path.cwd() / ".venv" / "bin"
    if exe.parent == local or exe.parent.resolve() == local.resolve():
        return f".venv/bin/{exe.name}"
    return shlex.quote(str(exe)) if sys.prefix != sys.base_prefix else "python3"


def resume_hint(
    args: argparse.Namespace | None, url: str, *, has_token: bool = False
) -> Callable[[int], str | None]:
    """The commands that continue table N: `make run` then `resume N` when the table lives in the
    default database and `make run` opens the terminal table (no token: with one it starts the
    Discord bot), and always the `play --resume` command (with `--db` when one was given, its
    password masked). None for a database kept in memory: nothing is left to resume."""
    if url.startswith("memory:") or ":memory:" in url:
        return lambda n: None
    given = args.db if args is not None and args.db else ""
    shown = redact_url(given).replace("***", "PASSWORD")  # `***` would read as Markdown
    db = f" --db {shlex.quote(shown)}" if given else ""
    note = " (with the database's password in place of PASSWORD)" if shown != given else ""
    python = python_command()

    def hint(n: int) -> str:
        command = f"`{python} -m bot play --resume {n}{db}`{note}"
        return command if db or has_token else f"`make run` → `resume {n}` / {command}"

    return hint


def when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at)) if at else "—"


async def list_tables(store: Store) -> None:
    """`play --list`: every saved table with what a player needs to pick one to resume."""
    tables = await store.find_tables()
    if not tables:
        print("No saved tables yet. Start one with `play <game>`.")
        return
    print(f"{'id':>4}  {'game':<18} {'status':<9} {'ply':>5}  {'last played':<16}  seats")
    for t in tables:
        title = GAMES[t.game].title if t.game in GAMES else t.game
        seats = ", ".join(seat.name for seat in t.seats)
        print(f"{t.id:>4}  {title:<18} {t.status:<9} {t.ply:>5}  {when(t.updated_at):<16}  {seats}")


async def find_resumable(store: Store, table_id: int, game: str | None) -> TableRecord:
    """The saved table to resume, or a `TableError` saying in one line why it cannot be."""
    from bot.tables import TableError
    from storage.base import TableNotFoundError

    try:
        table = await store.get_table(table_id)
    except TableNotFoundError:
        raise TableError(f"no saved table {table_id} (see play --list)") from None
    title = GAMES[table.game].title if table.game in GAMES else table.game
    if game is not None and game != table.game:
        raise TableError(
            f"table {table_id} is {title}, not {GAMES[game].title}: "
            f"leave out the game (`play --resume {table_id}`), or start a new {game} table"
        )
    if table.status not in ("lobby", "active"):
        raise TableError(f"table {table_id} ({title}) is {table.status}; see play --list")
    return table


async def play(args: argparse.Namespace | None, settings: Settings) -> int:
    from bot.console import Console, Setup, StdinReader, choose_game, stdout_writer
    from bot.tables import TableError, TableService, user_error

    url = database_url(args, settings)
    store = await open_database(url, setting=database_setting(args))
    try:
        if args is not None and args.list:
            await list_tables(store)
            return 0
        service = TableService(
            store,
            default_agent=settings.default_agent,
            ai_move_seconds=settings.ai_move_seconds,
        )
        reader = StdinReader()
        console = Console(
            service,
            read=reader,
            write=stdout_writer,
            resume_hint=resume_hint(args, url, has_token=settings.has_token),
        )
        try:
            resume = args.resume if args is not None else None
            game = args.game if args is not None else None
            setup = None  # the game menu's set-up (seats, people here, options)
            if resume is None and game is None:
                chosen = await choose_game(reader, console.write, GAMES)
                if chosen is None:
                    return 0
                if isinstance(chosen, Setup):
                    setup, game = chosen, chosen.game
                elif isinstance(chosen, int):
                    resume = chosen
                else:
                    game = chosen
            if resume is not None:
                table = await find_resumable(store, resume, game)
            else:
                assert game is not None
                table = await console.new_table(
                    game,
                    seats=setup.seats if setup else args.seats if args else None,
                    humans=setup.humans if setup else args.humans if args else 1,
                    agent=args.agent if args else settings.default_agent,
                    seed=args.seed if args else None,
                    options=setup.options
                    if setup
                    else parse_options(args.option)
                    if args
                    else None,
                )
            table = await console.play(table)
        except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C while a table was set up
            task = asyncio.current_task()
            if task is not None:
                task.uncancel()
            print("\nStopped.")
            return 0
        except Exception as err:
            message = user_error(err) if not isinstance(err, TableError) else str(err)
            if message is None:
                raise
            print(f"✗ {message}", file=sys.stderr)
            return 2
        return 0
    finally:
        await store.close()


def simulate(args: argparse.Namespace) -> int:
    from rules.playout import PlayoutStuck, play_out

    game = GAMES[args.game]
    seats = args.seats if args.seats is not None else max(game.min_seats, min(3, game.max_seats))
    if args.games < 1:
        print(f"✗ --games counts games to play: give 1 or more, not {args.games}.", file=sys.stderr)
        return 2
    names = args.agent.split(",")
    if len(names) == 1:
        names = names * seats
    try:
        engine = Engine(game)
        engine.check_seats(seats)
        options = parse_options(args.option)
        engine.options(options)  # refused here, once, rather than in every game
    except OptionsError as err:
        print(f"✗ {err}", file=sys.stderr)
        return 2
    if len(names) != seats or any(n not in game.agents for n in names):
        print(f"✗ --agent takes one of {sorted(game.agents)} (or one per seat).", file=sys.stderr)
        return 2
    reasons: Counter[str] = Counter()
    wins: Counter[int] = Counter()
    won_games = lengths = stuck = 0
    group_scores: list[int] = []
    started = time.perf_counter()
    for n in range(args.games):
        agents = [game.agents[name]() for name in names]
        try:
            result = play_out(game, seats, f"{args.seed}/{n}", agents, options=options)
        except OptionsError as err:  # options that only the set-up can check (a bad deck order)
            print(f"✗ {err}", file=sys.stderr)
            return 2
        except PlayoutStuck as err:
            stuck += 1
            print(f"game {n} did not end: {err}", file=sys.stderr)
            continue
        assert result.outcome is not None
        reasons[result.outcome.reason] += 1
        lengths += result.plies
        won_games += bool(result.outcome.winners)
        if result.outcome.group_score is not None:
            group_scores.append(result.outcome.group_score)
        for seat in result.outcome.winners:
            wins[seat] += 1
    elapsed = time.perf_counter() - started
    ended = args.games - stuck
    print(f"{game.title}: {args.games} games, {seats} seats, agents {','.join(names)}")
    print(f"{'games ended':<24}{ended:>10}")
    print(f"{'games with a winner':<24}{won_games:>10}  ({100 * won_games / max(ended, 1):.1f}%)")
    for reason, count in sorted(reasons.items()):
        print(f"{'  ' + reason:<24}{count:>10}  ({100 * count / max(ended, 1):.1f}%)")
    for seat in range(seats):
        print(f"{'  wins seat ' + str(seat + 1):<24}{wins[seat]:>10}")
    print(f"{'mean length (moves)':<24}{lengths / max(ended, 1):>10.1f}")
    if group_scores:
        mean = sum(group_scores) / len(group_scores)
        print(f"{'mean group score':<24}{mean:>10.2f}")
    print(f"{'games per second':<24}{args.games / elapsed:>10.1f}")
    return 0 if stuck == 0 else 1
