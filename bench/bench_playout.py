"""Random playouts per second for every game, the fast path against the plain one (issue 11 §3).

The fast path (`play_out`'s default) plays on the game's working copy (`BaseGame.working`: The
Coldest Night and The 10th Night keep one mutable table, Dead of Winter one state dict, Cold
Comfort and Winter skip events and re-checks), gives no observation to agents that read none,
does not re-check moves taken from the legal list, reseeds one generator per seat instead of
making one a move, and seeds a move's own rng only if the move draws from it. The plain path
(`fast=False`) goes through frozen states and `Engine.act` with every check and observation, as
playouts did before. Both play the same games (`tests/rules/test_playout.py`), and `simulate`
plays the seeded games it played before this work (`tests/rules/test_simulate_outcomes.py`).

Each measurement runs in a fresh process: a warm-up on other seeds (imports, the games' static
tables), then the games on seeds no process has seen. The games keep small caches of positions
(a hand's facts, a lake's squares, a defence's options); the same seeds played twice in one process
run 2–4× faster the second time, so a bench that replays its seeds, or lets the plain path warm the
caches for the fast one, measures those caches instead of the code. Each repeat plays new seeds,
the plain path and then the fast one each in its own process, on the same seeds; the figure is the
median of the repeats. The ratio is what to compare between machines, since this one is shared and
its absolute speed varies; The Coldest Night's absolute rate is the issue's goal (1,000 games/s).

The plain path has itself become faster during this work (the observation builders, the lazy move
rng, faster legal lists shared by both paths), so each repeat also times the same seeds on the rules
as they were before issue 11 (`BEFORE`, unpacked from git with `git archive` into a temporary
directory; `rules/` is self-contained). That is the issue's own baseline, and the ratio against it
is what "×5" means. Without git or that commit (a shallow clone), those rows are left out.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench import Row, sized

REPEATS = 5
WARM_UP = 2  # games on other seeds before the timed ones
# game → (seats, games per run): enough games for a run of a second or so on the fast path; a game
# registered without an entry here is measured too, at `DEFAULT_GAMES` games of its fewest seats
# from two up (and without the "before" path, which predates it)
DEFAULT_GAMES = 6
PLAN: dict[str, tuple[int, int]] = {
    "coldest_night": (4, 60),
    "winter": (2, 12),
    "cold_comfort": (4, 6),
    "tenth_night": (2, 6),
    "dead_of_winter": (4, 3),
}
ROOT = Path(__file__).resolve().parent.parent
BEFORE = "586b3f1^1"  # main just before issue 11's first merge

_CHILD = """
import json, sys, time
from rules import GAMES
from rules.playout import play_out
key, seats, games, path, repeat, warm = sys.argv[1:7]
game, seats = GAMES[key], int(seats)
how = {} if path == "before" else {"fast": path == "fast"}  # before issue 11: no `fast`
def play(seed):
    agents = [game.agents["random"]() for _ in range(seats)]
    play_out(game, seats, seed, agents, **how)
for n in range(int(warm)):
    play(f"warm-up/{n}")
started = time.perf_counter()
for n in range(int(games)):
    play(f"bench/{repeat}/{n}")
print(json.dumps(int(games) / (time.perf_counter() - started)))
"""


@contextmanager
def _before() -> Iterator[Path | None]:
    """A temporary directory holding `rules/` as of `BEFORE`, or None if git cannot give it."""
    with tempfile.TemporaryDirectory(prefix="snowbound-before-") as tmp:
        try:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", BEFORE, "rules"],
                capture_output=True,
                check=True,
            )
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        except (OSError, subprocess.CalledProcessError):
            print(
                f"  (bench_playout: no {BEFORE} in git here, so no before-issue-11 rows)",
                file=sys.stderr,
            )
            yield None
            return
        yield Path(tmp)


def plan() -> dict[str, tuple[int, int]]:
    """(seats, games per run) of every registered game but the test-only ones."""
    from rules import GAMES, TEST_PREFIX

    return {
        key: PLAN.get(key, (max(game.min_seats, min(2, game.max_seats)), DEFAULT_GAMES))
        for key, game in GAMES.items()
        if not key.startswith(TEST_PREFIX)
    }


def _rate(key: str, path: str, repeat: int, root: Path = ROOT) -> float:
    """Games per second of one path ("fast", "plain" or "before") on repeat `repeat`'s seeds, in a
    fresh process whose `rules` package is the one under `root`."""
    seats, games = plan()[key]
    games = sized(games, max(2, games // 2))
    argv = [key, str(seats), str(games), path, str(repeat), str(WARM_UP)]
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, *argv],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(done.stdout))


def rows() -> Iterator[Row]:
    repeats = sized(REPEATS, 1)
    with _before() as old:
        for key, (seats, _) in plan().items():
            rates: dict[str, list[float]] = {"before": [], "plain": [], "fast": []}
            for repeat in range(repeats):
                if old is not None and key in PLAN:
                    rates["before"].append(_rate(key, "before", repeat, old))
                rates["plain"].append(_rate(key, "plain", repeat))
                rates["fast"].append(_rate(key, "fast", repeat))
            rate, base = statistics.median(rates["fast"]), statistics.median(rates["plain"])
            yield (f"{key} random playouts, {seats} seats, fast path", rate, "games/s")
            yield (f"{key} random playouts, {seats} seats, plain path", base, "games/s")
            yield (f"{key} playout speed-up (fast / plain)", rate / base, "x")
            if rates["before"]:
                then = statistics.median(rates["before"])
                yield (f"{key} random playouts, {seats} seats, before issue 11", then, "games/s")
                yield (f"{key} playout speed-up (fast / before issue 11)", rate / then, "x")
