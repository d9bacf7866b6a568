"""The expert level against the heuristic in the competitive games, head to head.

- Winter: one expert against one heuristic, the expert's seat alternating (seed n: the expert
  sits at seat n % 2), seeds "h<n>".
- Cold Comfort: one expert and three heuristics at a 4-player table, the expert's seat rotating
  (seed n: seat n % 4), seeds "c<n>". A shared win counts as a win.

Both experts are deterministic for a seed (Winter: a fixed count of positions a Thawing move;
Cold Comfort: a fixed count of rollouts a decision), so a row re-run gives the same games.
`make bench` plays 2 games a game (`rows`); the rows in docs/playing.md come from

    python -m bench.bench_expert_versus --game winter --games 500
    python -m bench.bench_expert_versus --game cold_comfort --games 500
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from bench import seeded, sized
from bench.bench_expert import wilson
from rules import GAMES
from rules.game_info import Play
from rules.playout import play_out

TABLES = {"winter": (2, "h"), "cold_comfort": (4, "c")}
"""A game's (seats, seed prefix) where not the generic two seats (or its fewest) and `<key>-`."""


def tables() -> dict[str, tuple[int, str]]:
    """(seats, seed prefix) of every competitive game of the registry (`rules.GAMES`, read now)
    with an expert level, so a new one is played with no edit here."""
    return {
        key: TABLES.get(key, (max(2, game.min_seats), f"{key}-"))
        for key, game in GAMES.items()
        if "expert" in game.agents and game.info.play is Play.COMPETITIVE
    }


def expert_for(key: str, nodes: int, iterations: int) -> Any:
    agent = GAMES[key].agents["expert"]()
    if hasattr(agent, "iterations"):
        agent.iterations = iterations
    if hasattr(agent, "nodes"):
        agent.nodes = nodes
    return agent


def one(key: str, nodes: int, iterations: int, n: int) -> tuple[int, bool, bool, float]:
    """Seeded game `n`: the expert's seat, whether it won, whether nobody did, and its CPU
    seconds."""
    game = GAMES[key]
    seats, prefix = tables()[key]
    started = time.process_time()
    me = n % seats
    agents = [game.agents["heuristic"]() for _ in range(seats)]
    agents[me] = expert_for(key, nodes, iterations)
    out = play_out(game, seats, f"{prefix}{n}", agents).outcome
    assert out is not None
    return me, me in out.winners, not out.winners, time.process_time() - started


def play(
    key: str,
    games: int,
    first_seed: int,
    nodes: int,
    iterations: int,
    echo: bool = False,
    jobs: int = 1,
) -> tuple[int, int, float]:
    """The expert's wins and the draws over `games` seeded games, and CPU seconds a game."""
    prefix = tables()[key][1]
    wins = draws = 0
    cpu = 0.0
    results = seeded(partial(one, key, nodes, iterations), first_seed, games, jobs)
    for n, (me, won, drawn, seconds) in results:
        wins += won
        draws += drawn
        cpu += seconds
        if echo:
            print(
                f"  {key} seed {prefix}{n}: expert at seat {me + 1} "
                f"{'won' if won else 'did not win'}",
                file=sys.stderr,
                flush=True,
            )
    return wins, draws, cpu / games


def run(
    key: str, games: int, first_seed: int, nodes: int, iterations: int, echo: bool, jobs: int = 1
) -> str:
    """One row of the table in docs/performance.md."""
    game = GAMES[key]
    seats = tables()[key][0]
    wins, draws, cpu = play(key, games, first_seed, nodes, iterations, echo, jobs)
    lo, hi = wilson(wins, games)
    table = "1 expert vs 1 heuristic" if seats == 2 else f"1 expert + {seats - 1} heuristic"
    return (
        f"| {game.title} | {table} | {games} | {100 * wins / games:.1f} % "
        f"[{100 * lo:.1f}–{100 * hi:.1f}] | {draws} | {cpu:.1f} s |"
    )


def rows() -> Iterator[tuple[str, float, str]]:
    """`make bench`: 2 games a game at the default budgets (a smoke figure; see the docstring);
    `make bench-quick`: 1, at half the budgets (a smoke figure)."""
    games, nodes, iterations = sized(2, 1), sized(600, 300), sized(16, 8)
    for key in sorted(tables()):
        wins, _draws, cpu = play(key, games, 0, nodes, iterations)
        yield (f"{key} expert vs heuristic, games won of {games}", float(wins), "games")
        yield (f"{key} expert vs heuristic, CPU a game", cpu, "s")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(tables()), action="append")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--nodes", type=int, default=600, help="Winter: positions a move")
    parser.add_argument("--iterations", type=int, default=16, help="Cold Comfort: rollouts")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (one a core)")
    args = parser.parse_args(argv)
    print("| game | table | games | expert wins [95 % CI] | draws | CPU a game |")
    print("|---|---|---|---|---|---|")
    for key in args.game or sorted(tables()):
        print(
            run(
                key,
                args.games,
                args.first_seed,
                args.nodes,
                args.iterations,
                args.verbose,
                args.jobs,
            ),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
