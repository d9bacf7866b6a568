"""The expert (search) level against the heuristic, on the same deals (issue 33 §1).

Co-operative games: every seat expert vs every seat heuristic, the same seeds for both levels, so
both play exactly the same deals. Each row gives both win rates with 95 % Wilson intervals, and
how many deals only one level won (the paired difference).

    python -m bench.bench_expert --games 500                     # every row, 500 deals each
    python -m bench.bench_expert --game coldest_night --seats 1,2 --games 50 --iterations 48
    python -m bench.bench_expert --games 500 --jobs 8             # over 8 worker processes

`make bench` runs `rows()`: a couple of deals a row, a smoke test of the numbers rather than a
measurement. The search is deterministic for a seed (a fixed number of rollouts a decision, no
clock), so anyone re-running a row gets the same games.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from bench import seeded, sized
from rules import GAMES
from rules.playout import play_out
from rules.search import SearchAgent

SEATS: dict[str, tuple[int, ...]] = {"tenth_night": (1, 2)}
"""A game's seat counts where not every count it allows."""
SMOKE_SEATS: dict[str, tuple[int, ...]] = {"dead_of_winter": (2,)}
"""`make bench`'s seat counts where not the rows': Dead of Winter's rollouts are long, so one
count only."""


def row_seats() -> dict[str, tuple[int, ...]]:
    """The rows' games and seat counts: every co-operative game of the registry (`rules.GAMES`,
    read now) with an expert level, a mixed one in its co-operative options, so a new one is
    measured with no edit here."""
    found = {}
    for key, game in GAMES.items():
        if "expert" in game.agents and game.info.cooperative(game.info.coop_options):
            found[key] = SEATS.get(key, tuple(range(game.min_seats, game.max_seats + 1)))
    return found


def smoke_seats() -> dict[str, tuple[int, ...]]:
    """`make bench`'s games and seat counts."""
    return {key: SMOKE_SEATS.get(key, counts) for key, counts in row_seats().items()}


SMOKE_GAMES = 2
SMOKE_ITERATIONS = 16


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


@dataclass
class Row:
    game: str
    seats: int
    games: int
    iterations: int
    heuristic: int = 0
    expert: int = 0
    only_expert: int = 0
    only_heuristic: int = 0
    expert_moves: int = 0
    expert_seconds: float = 0.0

    def line(self) -> str:
        def rate(wins: int) -> str:
            lo, hi = wilson(wins, self.games)
            return f"{100 * wins / self.games:5.1f} % [{100 * lo:4.1f}–{100 * hi:4.1f}]"

        per_move = self.expert_seconds / max(1, self.expert_moves)
        return (
            f"| {self.game} | {self.seats} | {self.games} | {rate(self.heuristic)} "
            f"| {rate(self.expert)} | {self.only_expert} / {self.only_heuristic} "
            f"| {self.iterations} | {per_move:.2f} s |"
        )


HEADER = (
    "| game | seats | deals | heuristic win % [95 % CI] | expert win % [95 % CI] "
    "| deals only the expert / only the heuristic won | rollouts a decision "
    "| expert CPU a move |\n"
    "|---|---|---|---|---|---|---|---|"
)


def deal(key: str, seats: int, iterations: int, n: int) -> tuple[bool, bool, int, float]:
    """Deal `n` played twice, every seat heuristic and every seat expert: whether each level won,
    and the expert game's moves and CPU seconds."""
    game = GAMES[key]
    options = game.info.coop_options or None  # a mixed game's co-operative table
    seed = f"expert-bench/{n}"
    heuristic = [game.agents["heuristic"]() for _ in range(seats)]
    base = play_out(game, seats, seed, heuristic, options=options)
    experts = [game.agents["expert"]() for _ in range(seats)]
    for agent in experts:
        assert isinstance(agent, SearchAgent)
        agent.iterations = iterations
    started = time.process_time()
    searched = play_out(game, seats, seed, experts, options=options)
    seconds = time.process_time() - started
    won_base = base.outcome is not None and bool(base.outcome.winners)
    won_expert = searched.outcome is not None and bool(searched.outcome.winners)
    return won_base, won_expert, sum(1 for _ in searched.log), seconds


def run_row(
    key: str,
    seats: int,
    games: int,
    iterations: int,
    first_seed: int = 0,
    echo: bool = False,
    jobs: int = 1,
) -> Row:
    row = Row(key, seats, games, iterations)
    results = seeded(partial(deal, key, seats, iterations), first_seed, games, jobs)
    for n, (won_base, won_expert, moves, seconds) in results:
        row.expert_seconds += seconds
        row.expert_moves += moves
        row.heuristic += won_base
        row.expert += won_expert
        row.only_expert += won_expert and not won_base
        row.only_heuristic += won_base and not won_expert
        if echo:
            print(
                f"  {key} {seats} seats deal {n}: heuristic {'won' if won_base else 'lost'}, "
                f"expert {'won' if won_expert else 'lost'}",
                file=sys.stderr,
                flush=True,
            )
    return row


def rows() -> Iterator[tuple[str, float, str]]:
    """`make bench`: a smoke run, a couple of deals a row; `make bench-quick`: one deal at one seat
    count a game, at fewer rollouts a decision."""
    games, iterations = sized(SMOKE_GAMES, 1), sized(SMOKE_ITERATIONS, 4)
    for key, counts in smoke_seats().items():
        for seats in sized(counts, counts[:1]):
            r = run_row(key, seats, games, iterations)
            yield (f"{key} {seats} seats: expert wins ({r.games} deals)", r.expert, "games")
            yield (f"{key} {seats} seats: heuristic wins ({r.games} deals)", r.heuristic, "games")
            per_move = r.expert_seconds / max(1, r.expert_moves)
            yield (f"{key} {seats} seats: expert time a move", per_move, "s")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=SMOKE_GAMES, help="deals a row")
    parser.add_argument("--iterations", type=int, default=48, help="rollouts a decision")
    seats_of = row_seats()
    parser.add_argument("--game", choices=sorted(seats_of), action="append", help="(repeatable)")
    parser.add_argument("--seats", help="seat counts, e.g. 1,2 (default: every row's)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--verbose", action="store_true", help="each deal's result on stderr")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (one a core)")
    args = parser.parse_args(argv)
    print(HEADER, flush=True)
    for key in args.game or sorted(seats_of):
        counts = seats_of[key]
        if args.seats:
            counts = tuple(int(x) for x in args.seats.split(",") if int(x) in counts)
        for seats in counts:
            r = run_row(
                key, seats, args.games, args.iterations, args.first_seed, args.verbose, args.jobs
            )
            print(r.line(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
