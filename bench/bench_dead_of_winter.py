"""Dead of Winter: playout speed, `act` latency on a 5-seat table late in a game, and balance.

Playouts (`rules.playout.play_out`): all-random and all-heuristic tables, games per second.

`act` latency: `TableService.act` on SQLite for a 5-seat standard table already in round 3 or
later, typed label in, committed state out, interleaved sample by sample with the same call on a
3-seat The Coldest Night table and with a bare aiosqlite commit of the Dead of Winter state (one
UPDATE + one INSERT, one transaction). Medians of the interleaved samples; the ratios against the
bare commit are what to compare between machines, since the busy development machine's absolute
times drift.

Balance (issue 10 §4): the co-op colony win rate with all-heuristic seats at 2–5 seats, the
standard game's betrayer win rate (`secret_deal=betrayer`, 3–5 seats) and random against heuristic
seats. Every game is seeded (`<setting>/<n>`), so a figure is reproducible and the settings can be
compared game for game. `make bench` plays BALANCE_GAMES per setting, which shows the shape only;
the published figures are 1,000 games per setting, one process at a time:

    .venv/bin/python -m bench.bench_dead_of_winter --games 1000 [--only coop,longnight,…]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import Any

from bench import Row, progress, sized
from bench.bench_service import bare_commit, bare_database, percentile
from bot.tables import Player, TableService
from rules import GAMES
from rules.engine import Engine
from rules.playout import play_out
from storage import SqliteStore

KEY = "dead_of_winter"
GAME = GAMES[KEY]
ENGINE = Engine(GAME)
ACTS = 200
LATE_ROUND = 3
BALANCE_GAMES = 40


def _rate(agent: str, seats: int, games: int) -> tuple[float, float]:
    started = time.perf_counter()
    plies = 0
    for seed in range(games):
        plies += play_out(GAME, seats, seed, [GAME.agents[agent]()] * seats).plies
    took = time.perf_counter() - started
    return games / took, plies / took


class LateTable:
    """A 5-seat Dead of Winter table (five people, no AI seats, so `act` does no agent work)
    played by heuristic choices until round LATE_ROUND; a new one when a game ends."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.opened = 0
        self.table_id = 0
        self.agent = GAME.agents["heuristic"]()
        self.rng = random.Random(5)
        self.users: list[int | None] = []

    async def open(self) -> None:
        self.opened += 1
        base = 10_000 * self.opened
        table = await self.service.open(KEY, Player(base, "P1"))
        for n in range(1, 5):
            await self.service.join(table.id, Player(base + n, f"P{n + 1}"))
        played = await self.service.start(table.id, base)
        self.table_id = played.table.id
        self.users = [s.user_id for s in played.table.seats]
        while True:
            state = await self._state()
            if state is None:  # the game ended before round LATE_ROUND: try another
                return await self.open()
            if state.round_number >= LATE_ROUND and state.phase == "turn":
                return
            await self.service.act(self.table_id, *self._move(state))

    async def _state(self) -> Any:
        table = await self.service.table(self.table_id)
        return self.service.state(table) if table.status == "active" else None

    def _move(self, state: Any) -> tuple[int, str]:
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = self.agent.choose(GAME.observe(state, seat), legal, self.rng)
        user = self.users[seat]
        assert user is not None
        return user, GAME.text.label(state, action)

    async def next_move(self) -> tuple[int, str]:
        """The next move as (user, typed label), opening a fresh late table if this one ended."""
        state = await self._state()
        if state is None:
            await self.open()
            state = await self._state()
        return self._move(state)


async def _coldest_night(service: TableService) -> int:
    table = await service.open("coldest_night", Player(1, "A"))
    await service.join(table.id, Player(2, "B"))
    await service.join(table.id, Player(3, "C"))
    return (await service.start(table.id, 1)).table.id


class Tally:
    """What a batch of seeded all-AI games ended with, counted from each `Outcome`."""

    def __init__(self) -> None:
        self.games = 0
        self.colony = 0
        self.reasons: Counter[str] = Counter()
        self.by_objective: Counter[str] = Counter()
        self.won_objective: Counter[str] = Counter()
        self.betrayer_dealt = 0
        self.betrayer_met = 0
        self.loyal = 0
        self.loyal_met = 0
        self.nobody = 0  # standard games that ended with no winner at all
        self.done_nobody = 0  # … of them, games whose main objective was complete
        self.betrayer_exiled = 0  # betrayers the table exiled
        self.loyal_exiled = 0  # loyal seats the table exiled
        self.rounds = 0
        self.plies = 0

    def add(self, outcome: Any, plies: int, state: Any = None) -> None:
        self.games += 1
        self.plies += plies
        self.nobody += not outcome.winners
        # the complaint of issue 33: the table's objective done and still nobody won
        self.done_nobody += not outcome.winners and bool(outcome.details["main_objective_complete"])
        exiled: set[int] = set()
        if state is not None:
            self.rounds += state.round_number
            exiled = {g.group for g in state.groups if g.exiled}
        done = bool(outcome.details["main_objective_complete"])
        main = str(outcome.details["main_objective"])
        self.colony += done
        self.reasons["won" if done else outcome.reason] += 1
        self.by_objective[main] += 1
        self.won_objective[main] += done
        for r in outcome.results:
            if r.kind == "betrayal":
                self.betrayer_dealt += 1
                self.betrayer_met += r.met
                self.betrayer_exiled += r.group in exiled
            elif r.kind == "secret":
                self.loyal += 1
                self.loyal_met += r.met
            elif r.kind == "exiled":  # a loyal seat exiled: judged on its exiled objective
                self.loyal_exiled += 1

    def detail(self) -> str:
        """Loss reasons and the colony's rate per main objective, for tuning."""
        reasons = ", ".join(f"{k} {v}" for k, v in self.reasons.most_common())
        objectives = " ".join(
            f"{m}:{self.won_objective[m]}/{n}" for m, n in sorted(self.by_objective.items())
        )
        return f"{reasons} | {objectives}"


def play_batch(
    setting: str, seats: int, agents: Sequence[str], games: int, **options: Any
) -> Tally:
    """`games` seeded games of one setting; `agents` names one agent per seat."""
    tally = Tally()
    for n in range(games):
        players = [GAME.agents[name]() for name in agents]
        result = play_out(GAME, seats, f"{setting}/{n}", players, options=options)
        tally.add(result.outcome, result.plies, result.state)
    return tally


def _pct(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else float("nan")


def wilson(part: int, whole: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion, in per cent."""
    if not whole:
        return float("nan"), float("nan")
    p = part / whole
    d = 1 + z * z / whole
    mid = (p + z * z / (2 * whole)) / d
    half = z * ((p * (1 - p) / whole + z * z / (4 * whole * whole)) ** 0.5) / d
    return 100.0 * (mid - half), 100.0 * (mid + half)


def _ci(part: int, whole: int) -> str:
    low, high = wilson(part, whole)
    return f"{part}/{whole}, 95 % {low:.1f}–{high:.1f}"


def secret_rows(name: str, t: Tally) -> list[tuple[str, float, str]]:
    """A standard game's secret-objective figures, each with its count and 95 % interval."""
    return [
        (
            f"{name}: loyal seats met theirs ({_ci(t.loyal_met, t.loyal)})",
            _pct(t.loyal_met, t.loyal),
            "%",
        ),
        (
            f"{name}: betrayer met its goal ({_ci(t.betrayer_met, t.betrayer_dealt)})",
            _pct(t.betrayer_met, t.betrayer_dealt),
            "%",
        ),
        (
            f"{name}: betrayer exiled ({_ci(t.betrayer_exiled, t.betrayer_dealt)})",
            _pct(t.betrayer_exiled, t.betrayer_dealt),
            "%",
        ),
        (f"{name}: games nobody won ({_ci(t.nobody, t.games)})", _pct(t.nobody, t.games), "%"),
        (
            f"{name}: colony objective done, nobody won ({_ci(t.done_nobody, t.games)})",
            _pct(t.done_nobody, t.games),
            "%",
        ),
        (f"{name}: colony objective done ({_ci(t.colony, t.games)})", _pct(t.colony, t.games), "%"),
        (f"{name}: loyal seats exiled (per game)", t.loyal_exiled / max(1, t.games), ""),
        (f"{name}: rounds played (mean)", t.rounds / max(1, t.games), ""),
    ]


def balance(
    games: int,
    only: set[str],
    verbose: bool = False,
    seats_of: Sequence[int] = (2, 3, 4, 5),
    standard_seats: Sequence[int] = (3, 4, 5),
) -> Iterator[Row]:
    """The balance figures, `games` seeded games per setting, each as soon as it is measured."""

    def note(name: str, tally: Tally) -> None:
        if verbose:
            print(f"  {name}: {tally.detail()}", flush=True)

    if "coop" in only:
        for seats in seats_of:
            t = play_batch(f"coop{seats}", seats, ["heuristic"] * seats, games, mode="coop")
            note(f"coop {seats}", t)
            yield (
                f"dow co-op colony wins, {seats} heuristic ({_ci(t.colony, t.games)})",
                _pct(t.colony, t.games),
                "%",
            )
    if "longnight" in only:  # issue 13: the same co-op games with every Long Night module on
        for seats in seats_of:
            t = play_batch(
                f"coop{seats}", seats, ["heuristic"] * seats, games, mode="coop", long_night=True
            )
            note(f"long night {seats}", t)
            yield (
                f"dow co-op colony wins, long_night, {seats} heuristic",
                _pct(t.colony, t.games),
                "%",
            )
    if "betrayer" in only:
        for seats in standard_seats:
            t = play_batch(
                f"betrayer{seats}", seats, ["heuristic"] * seats, games, secret_deal="betrayer"
            )
            note(f"betrayer {seats}", t)
            name = f"dow standard betrayer, {seats} heuristic"
            yield (f"{name}: games with a betrayer", _pct(t.betrayer_dealt, t.games), "%")
            yield from secret_rows(name, t)
    if "standard" in only:  # issue 33: the normal deal, a betrayer in P of 2P + 1 games
        for seats in standard_seats:
            t = play_batch(f"standard{seats}", seats, ["heuristic"] * seats, games)
            note(f"standard {seats}", t)
            yield from secret_rows(f"dow standard, {seats} heuristic", t)
    if "mixed" in only:
        for mix in (
            "random,random,random,random",
            "heuristic,random,random,random",
            "heuristic,heuristic,heuristic,random",
        ):
            names = mix.split(",")
            t = play_batch("mixed4", 4, names, games, mode="coop")
            note(f"mixed {mix}", t)
            h = names.count("heuristic")
            label = f"dow co-op colony wins, {h} heuristic + {4 - h} random"
            yield (label, _pct(t.colony, t.games), "%")


async def rows() -> AsyncIterator[Row]:
    games, acts = sized(30, 4), sized(ACTS, 50)
    random_games, random_plies = _rate("random", 4, games)
    yield ("dead_of_winter playouts, 4 random", random_games, "games/s")
    yield ("dead_of_winter plies, 4 random", random_plies, "plies/s")
    heuristic_games, heuristic_plies = _rate("heuristic", 4, games)
    yield ("dead_of_winter playouts, 4 heuristic", heuristic_games, "games/s")
    yield ("dead_of_winter plies, 4 heuristic", heuristic_plies, "plies/s")
    dow: list[float] = []
    cn: list[float] = []
    bare: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(str(Path(tmp) / "dow.db"))
        await store.connect()
        service = TableService(store)
        late = LateTable(service)
        await late.open()
        cn_id = await _coldest_night(service)
        cn_rng = random.Random(3)
        async with bare_database(Path(tmp) / "bare.db") as db:
            size = 0
            for version in range(acts):
                user, typed = await late.next_move()
                started = time.perf_counter()
                await service.act(late.table_id, user, typed)
                dow.append(time.perf_counter() - started)

                table = await service.table(cn_id)
                if table.status != "active":
                    cn_id = await _coldest_night(service)
                    table = await service.table(cn_id)
                seat = service.waiting_for(table)[0]
                cn_user = table.seats[seat].user_id
                assert cn_user is not None
                label = cn_rng.choice(service.labels(table, seat))
                started = time.perf_counter()
                await service.act(cn_id, cn_user, label)
                cn.append(time.perf_counter() - started)

                state_json = (await store.get_table(late.table_id)).state
                text = json.dumps(state_json)
                size = len(text)
                bare.append(await bare_commit(db, text, version, '{"type":"x"}'))
        await store.close()
    d50, c50, b50 = (statistics.median(x) * 1e3 for x in (dow, cn, bare))
    yield (f"dead_of_winter act p50, 5 seats, round >= {LATE_ROUND}", d50, "ms")
    yield ("dead_of_winter act p99, same table", percentile(dow, 0.99) * 1e3, "ms")
    yield ("coldest_night act p50, 3 seats, same run", c50, "ms")
    yield (f"bare aiosqlite commit p50 ({size / 1000:.1f} KB dead_of_winter state)", b50, "ms")
    yield ("dead_of_winter act / bare commit", d50 / b50, "x")
    yield ("coldest_night act / bare commit", c50 / b50, "x")
    yield ("dead_of_winter late tables used (one per game that ended)", late.opened, "tables")
    progress(f"balance: {sized(BALANCE_GAMES, 2)} seeded games per setting")
    for row in balance(
        sized(BALANCE_GAMES, 2), {"coop", "longnight", "betrayer", "standard", "mixed"}
    ):
        yield row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Dead of Winter balance figures")
    parser.add_argument("--games", type=int, default=1000, help="games per setting")
    parser.add_argument(
        "--only", default="coop,longnight,betrayer,standard,mixed", help="settings to play"
    )
    parser.add_argument("--standard-seats", default="3,4,5", help="standard seat counts to play")
    parser.add_argument("--seats", default="2,3,4,5", help="co-op seat counts to play")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    for what, value, unit in balance(
        args.games,
        set(args.only.split(",")),
        verbose=True,
        seats_of=[int(n) for n in args.seats.split(",")],
        standard_seats=[int(n) for n in args.standard_seats.split(",")],
    ):
        print(f"{what:<90} {value:6.1f} {unit}", flush=True)
    print(f"({args.games} games per setting, {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
