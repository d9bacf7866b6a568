"""Dead of Winter's standard game: the expert's own secret objective against the heuristic's
(issue 33 §1), at 4 seats.

Two tables, each on the same seeded deals ("expert-standard/<n>") at both levels:

- `standard`: the standard game's normal deal (2 × 4 secret objectives and 1 betrayal, one each:
  a betrayer in about 4 deals of 9);
- `betrayer`: `secret_deal=betrayer` (4 secret objectives and 1 betrayal: a betrayer in about 4
  deals of 5).

At the `heuristic` level every seat plays the heuristic; at the `expert` level seat 0 plays the
expert (a fixed number of rollouts a decision, so a row re-run gives the same games) and the
others the heuristic. Each row gives how often seat 0 met its own secret objective (seat 0 among
the winners), how often seat 0 won when it was the betrayer, how often the loyal players exiled
the betrayer and in which round (replayed from the game's log: the final state does not keep
the round), and how many games ended in round 1 with nobody winning.

    python -m bench.bench_expert_standard --games 30                # both tables, both levels
    python -m bench.bench_expert_standard --table betrayer --games 10 --iterations 16 --verbose
    python -m bench.bench_expert_standard --fit     # refit `clause_chance` (about 2 min of CPU)

`make bench` runs `rows()`: a couple of deals a row, a smoke test of the numbers rather than a
measurement (`make bench-quick`: one deal at 4 rollouts a decision).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bench import seeded, sized
from bench.bench_expert import wilson
from bench.bench_expert_fit import fit, log_loss
from bench.bench_expert_versus import expert_for
from rules import GAMES
from rules.core import Agent
from rules.dead_of_winter.actions import Vote
from rules.dead_of_winter.content import OBJECTIVES
from rules.dead_of_winter.expert import clause_features, own_objectives, personal
from rules.dead_of_winter.rules_conditions import holds
from rules.dead_of_winter.state import State
from rules.engine import Engine
from rules.playout import MoveRng, Playout, play_out

KEY = "dead_of_winter"
SEATS = 4
TABLES: dict[str, dict[str, Any]] = {
    "standard": {"mode": "standard"},
    "betrayer": {"mode": "standard", "secret_deal": "betrayer"},
}
"""Each table's options."""
LEVELS = ("heuristic", "expert")
"""Seat 0's level; the other seats always play the heuristic."""
FIGURES = (
    "own objective met",
    "seat 0 loyal met",
    "seat 0 betrayer won",
    "betrayer exiled",
    "nobody won, round 1",
)
"""Each row's rates, in the table's order."""
SMOKE_GAMES = 2
SMOKE_ITERATIONS = 16


@dataclass(frozen=True)
class Deal:
    """One game's figures."""

    won: bool
    """Seat 0 met its own secret objective (it is among the winners)."""
    betrayer_seat: int | None
    """The seat dealt the betrayal objective, if any."""
    exiled_in: int | None
    """The round the betrayer was exiled in, if it was."""
    nobody_in_round_one: bool
    """The game ended in round 1 with no winner."""


def betrayer_seat(state: State) -> int | None:
    """The seat whose group holds a betrayal objective (kept when it is exiled, DW-30)."""
    for g in state.groups:
        if any(OBJECTIVES[o].kind == "betrayal" for o in g.objectives):
            return g.seat
    return None


def exile_round(options: dict[str, Any], seed: str, played: Playout, seat: int) -> int | None:
    """The round `seat` was exiled in, replaying `played`'s log (an exile follows a vote)."""
    if not any(g.exiled for g in played.state.groups if g.seat == seat):
        return None
    game = GAMES[KEY]
    work = game.working(Engine(game).setup(SEATS, options, seed))
    for ply, (who, action) in enumerate(played.log, 1):
        work.apply(who, action, seed, ply)
        if isinstance(action, Vote):
            state: State = work.freeze()
            if any(g.exiled for g in state.groups if g.seat == seat):
                return state.round_number
    raise AssertionError(f"seed {seed}: seat {seat} is exiled but no vote exiled it")


def play_deal(table: str, level: str, n: int, iterations: int) -> Deal:
    """Deal `n` of `table` with seat 0 at `level`."""
    game, options, seed = GAMES[KEY], TABLES[table], f"expert-standard/{n}"
    agents = [game.agents["heuristic"]() for _ in range(SEATS)]
    if level == "expert":
        agents[0] = expert_for(KEY, 0, iterations)
    played = play_out(game, SEATS, seed, agents, options=options)
    assert played.outcome is not None
    betrayer = betrayer_seat(played.state)
    return Deal(
        won=0 in played.outcome.winners,
        betrayer_seat=betrayer,
        exiled_in=None if betrayer is None else exile_round(options, seed, played, betrayer),
        nobody_in_round_one=not played.outcome.winners and played.state.round_number == 1,
    )


@dataclass
class Row:
    table: str
    level: str
    iterations: int
    deals: list[Deal] = field(default_factory=list)

    def tally(self) -> dict[str, tuple[int, int]]:
        """Each figure as (count, out of)."""
        ds = self.deals
        betrayed = [d for d in ds if d.betrayer_seat is not None]
        seat0_betrayer = [d for d in betrayed if d.betrayer_seat == 0]
        seat0_loyal = [d for d in ds if d.betrayer_seat != 0]
        counts = (
            (sum(d.won for d in ds), len(ds)),
            (sum(d.won for d in seat0_loyal), len(seat0_loyal)),
            (sum(d.won for d in seat0_betrayer), len(seat0_betrayer)),
            (sum(d.exiled_in is not None for d in betrayed), len(betrayed)),
            (sum(d.nobody_in_round_one for d in ds), len(ds)),
        )
        return dict(zip(FIGURES, counts, strict=True))

    def exile_rounds(self) -> str:
        """The rounds the betrayer was exiled in, e.g. "r2 ×3, r4 ×1"."""
        counts = Counter(d.exiled_in for d in self.deals if d.exiled_in is not None)
        return ", ".join(f"r{r} ×{c}" for r, c in sorted(counts.items())) or "–"

    def line(self) -> str:
        def rate(count: int, n: int) -> str:
            if n == 0:
                return "– (0)"
            lo, hi = wilson(count, n)
            return f"{count}/{n} = {100 * count / n:.1f} % [{100 * lo:.1f}–{100 * hi:.1f}]"

        t = self.tally()
        seat0 = "expert" if self.level == "expert" else "heuristic"
        cells = [self.table, seat0, str(len(self.deals))]
        cells += [rate(*t[what]) for what in FIGURES[:-1]]
        cells += [self.exile_rounds(), rate(*t[FIGURES[-1]])]
        return f"| {' | '.join(cells)} |"


HEADER = (
    "| table | seat 0 | deals | seat 0's own objective met [95 % CI] "
    "| seat 0 loyal, met [95 % CI] | seat 0 betrayer won [95 % CI] | betrayer exiled [95 % CI] "
    "| exiled in round "
    "| nobody won, round 1 |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def run_row(
    table: str,
    level: str,
    games: int,
    iterations: int,
    first_seed: int = 0,
    echo: bool = False,
    jobs: int = 1,
) -> Row:
    row = Row(table, level, iterations)
    work = partial(play_deal, table, level, iterations=iterations)
    for n, deal in seeded(work, first_seed, games, jobs):
        row.deals.append(deal)
        if echo:
            print(f"  {table} {level} deal {n}: {deal}", file=sys.stderr, flush=True)
    return row


def paired(heuristic: Row, expert: Row) -> str:
    """On the same deals: how many seat 0 won only as the expert, and only as the heuristic."""
    both = list(zip(heuristic.deals, expert.deals, strict=True))
    only_expert = sum(e.won and not h.won for h, e in both)
    only_heuristic = sum(h.won and not e.won for h, e in both)
    return (
        f"{heuristic.table}: of {len(both)} deals, seat 0 won {only_expert} only as the expert "
        f"and {only_heuristic} only as the heuristic"
    )


def rows() -> Iterator[tuple[str, float, str]]:
    """`make bench`: a couple of deals a row; `make bench-quick`: one deal of the betrayer table
    (its rows hold the loyal and the betrayer figures both), at 4 rollouts a decision."""
    games, iterations = sized(SMOKE_GAMES, 1), sized(SMOKE_ITERATIONS, 4)
    for table in sized(tuple(TABLES), ("betrayer",)):
        for level in LEVELS:
            r = run_row(table, level, games, iterations)
            for what, (count, n) in r.tally().items():
                rate = count / n if n else 0.0
                yield (f"dead_of_winter {table}, seat 0 {level}: {what} ({n})", rate, "rate")


FIT_GAMES = 300
"""Standard games of heuristic players `--fit` plays (3–5 seats, both deals in turn)."""
FIT_KEEP = 0.1
"""The share of positions `--fit` keeps."""


def clause_positions(games: int) -> list[tuple[list[float], int]]:
    """For `clause_chance`: every counted clause of every group's own objective at about one
    position in ten of seeded standard games of heuristic players, with whether it held when
    the game ended (never, for a group eliminated by then)."""
    game = GAMES[KEY]
    out: list[tuple[list[float], int]] = []
    for n in range(games):
        seats, options = 3 + n % 3, list(TABLES.values())[n % 2]
        seed = f"fit-own/{n}"
        work = game.working(Engine(game).setup(seats, options, seed))
        agents: dict[int, Agent] = {}
        rng, pick, ply = MoveRng(), random.Random(n), 0
        kept: list[tuple[list[float], Any, int]] = []
        while work.outcome() is None:
            seat = min(work.awaiting())
            agent = agents.setdefault(seat, game.agents["heuristic"]())
            ply += 1
            rng.at(f"{n}/{seat}", ply)
            work.apply(seat, agent.choose(work.observe(seat), work.legal(seat), rng), n, ply)
            w = work.w  # type: ignore[attr-defined]
            if w["phase"] in ("ended", "draft") or pick.random() >= FIT_KEEP:
                continue
            for s in range(seats):
                for oid, gid in own_objectives(w, s):
                    for c in personal(OBJECTIVES[oid].goal):
                        if c.op is not None:
                            kept.append((clause_features(w, c, gid), c, gid))
        end = work.w  # type: ignore[attr-defined]
        for x, c, gid in kept:
            out.append((x, int(not end["groups"][gid]["eliminated"] and holds(end, c, gid))))
    return out


def fit_own(games: int) -> str:
    """Fit `clause_chance` on 80 % of `clause_positions`; the held-out log loss and the weights."""
    data = clause_positions(games)
    random.Random(0).shuffle(data)
    split = int(len(data) * 0.8)
    w = fit(data[:split])
    base = sum(y for _, y in data[:split]) / split
    const = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    return (
        f"clauses {len(data)}, {100 * base:.1f} % held at the end\n"
        f"held-out log loss {log_loss(w, data[split:]):.4f} (a constant guess: {const:.4f})\n"
        f"OWN_WEIGHTS = {tuple(round(x, 3) for x in w[:-1])}\n"
        f"OWN_BIAS = {round(w[-1], 3)}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=SMOKE_GAMES, help="deals a row")
    parser.add_argument("--iterations", type=int, default=16, help="the expert's rollouts")
    parser.add_argument("--table", choices=sorted(TABLES), action="append", help="(repeatable)")
    parser.add_argument("--level", choices=LEVELS, action="append", help="(repeatable)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--verbose", action="store_true", help="each deal's figures on stderr")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (one a core)")
    parser.add_argument(
        "--fit",
        type=int,
        nargs="?",
        const=FIT_GAMES,
        metavar="GAMES",
        help=f"refit the expert's `clause_chance` on GAMES heuristic games ({FIT_GAMES})",
    )
    args = parser.parse_args(argv)
    if args.fit:
        print(fit_own(args.fit), flush=True)
        return 0
    print(HEADER, flush=True)
    played: list[Row] = []
    for table in args.table or list(TABLES):
        for level in args.level or LEVELS:
            r = run_row(
                table,
                level,
                args.games,
                args.iterations,
                args.first_seed,
                args.verbose,
                args.jobs,
            )
            played.append(r)
            print(r.line(), flush=True)
    for table in TABLES:
        if len(pair := [r for r in played if r.table == table]) == 2:
            print(paired(*pair), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
