"""AI levels, AI turns off the event loop, and private suggestions.

Levels. Every game has `random` and `heuristic`; a game with a search agent adds `expert`
(`rules/search.py`). `LEVELS` orders them weakest first. A level asked for by name (`/game ai
expert`, `--agent expert`) must be one the game has; the server's default
(`SNOWBOUND_DEFAULT_AGENT`) may name any level some game has, and a game without it plays the
strongest level it has below it (`level_for`): `expert` falls back to `heuristic` where no expert
exists yet. A seat an AI takes over (a resign, three missed deadlines) plays at the table's chosen
level (`table_level`): the strongest level of the AI seats the players added, else the default.

Off the event loop. A level that searches (anything but `random` and `heuristic`, which answer in
microseconds and stay inline so a move's commit and report keep the loop to themselves) chooses in
a worker thread (`AiRunner`), with its budget of `SNOWBOUND_AI_MOVE_SECONDS` handed to the agent as
its `seconds` attribute when it has one. Meanwhile the table's lock is held (no other move of that
table), every other table's moves and every interaction's answer go on, `AiRunner.thinking` names
the seat (the board's turn line says "… is thinking…") and the presenter's `on_thinking` hook is
told once per stretch of AI turns (Discord shows the bot typing in the table's place). Nothing is
stored while an AI thinks: a process killed then leaves the row flagged `ai_turn` (written with the
move before), and `resume_agents` makes the AI's move again after the restart.

Suggestions (`/suggest`, the panel's "Suggest a move", the terminal's `suggest`): the game's
`expert` (an `Advisor`) is asked from the caller's own observation and legal moves only, in the
same worker threads, and its pick, reason and estimated chance of winning are said in one private
answer. A table's `suggestions` setting (`suggestions=on|off` at `/game new`; unset: on in
co-operative games, off in competitive ones) and a challenge table (never) decide whether it may.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.records import TableError, seat_names, seat_of
from rules import GAMES
from rules.core import Advisor, Game, Seat, Suggestion, format_event
from rules.engine import Engine
from storage.base import TableRecord

if TYPE_CHECKING:
    from bot.table_cache import TableCache


log = logging.getLogger(__name__)

LEVELS = ("random", "heuristic", "expert")
"""The AI levels weakest first; a game may lack the strongest (then it falls back)."""
INLINE_LEVELS = frozenset({"random", "heuristic"})
"""Levels that answer at once: they choose on the event loop's thread, as they always did."""
ADVISOR_LEVEL = "expert"
"""The level whose agent explains its pick (`rules.core.Advisor`): what suggestions ask."""

ADVICE_KEPT = 1_000
"""Suggestions kept to answer a repeated request at the same point at once."""

ThinkingHook = Callable[[TableRecord, Seat], Awaitable[None]]


# -- levels ----------------------------------------------------------------------------------------


def rank(level: str) -> int:
    """A level's strength: its place in `LEVELS` (a level of a game's own, unknown here, ranks
    as `heuristic`)."""
    return LEVELS.index(level) if level in LEVELS else LEVELS.index("heuristic")


def known_levels(games: Mapping[str, Game[Any, Any, Any]]) -> list[str]:
    """Every level some game has, weakest first: what `SNOWBOUND_DEFAULT_AGENT` may name."""
    found = {level for game in games.values() for level in game.agents}
    return sorted(found, key=lambda level: (rank(level), level))


def level_for(game: Game[Any, Any, Any], level: str) -> str:
    """`level` if the game has it, else the strongest level it has that is not stronger (the
    server's default `expert` plays `heuristic` in a game with no expert yet), else its weakest."""
    level = level.strip().casefold()
    if level in game.agents:
        return level
    below = [known for known in game.agents if rank(known) <= rank(level)]
    if below:
        return max(below, key=rank)
    return min(game.agents, key=rank)


def table_level(game: Game[Any, Any, Any], table: TableRecord, default: str) -> str:
    """The level a seat an AI takes over plays at: the strongest level among the AI seats the
    players added in the lobby, else the server's `default` (`level_for` the game)."""
    chosen = [
        seat.agent
        for seat in table.seats
        if seat.agent and not seat.resigned and seat.zombie_of is None and seat.agent in game.agents
    ]
    if chosen:
        return max(chosen, key=rank)
    return level_for(game, default)


def thinks(level: str) -> bool:
    """Whether a level searches (and so chooses off the event loop)."""
    return level not in INLINE_LEVELS


def searches(level: str, legal: Sequence[Any]) -> bool:
    """Whether choosing among `legal` at `level` is a search in a worker thread (a level that
    searches takes a move that is the only one at once)."""
    return thinks(level) and len(legal) > 1


def make_agent(game: Game[Any, Any, Any], level: str, seconds: float | None) -> Any:
    """A fresh agent of `level` for `game`, given the time budget if it takes one: an agent
    with a `seconds` attribute gets the budget, and one with a `clock` attribute (the search
    reads no clock of its own, `rules.search.SearchAgent`) gets `time.monotonic` to keep it.
    Without them it spends its fixed number of iterations."""
    agent = game.agents[level]()
    if seconds is not None and hasattr(agent, "seconds"):
        agent.seconds = seconds
        if hasattr(agent, "clock") and agent.clock is None:
            agent.clock = time.monotonic
    return agent


# -- running agents -------------------------------------------------------------------------------


class AiRunner:
    """Runs the choices of levels that search in worker threads, and knows who is thinking."""

    def __init__(self, seconds: float = 1.0, workers: int = 4) -> None:
        self.seconds = seconds
        self.workers = max(1, workers)
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None
        self.thinking: dict[int, Seat] = {}  # table id → the AI seat choosing there now
        self.on_thinking: ThinkingHook | None = None  # the presenter's "thinking…"
        # suggestions: the last ones made, by (table, seat, ply, version), so asking again at
        # the same point costs nothing; and the (table, seat) pairs whose request is running
        self.advice: OrderedDict[tuple[int, Seat, int, int], Advice] = OrderedDict()
        self.asking: set[tuple[int, Seat]] = set()
        self._notices: set[asyncio.Task[None]] = set()  # "thinking…" notices being sent

    def _notify(self, hook: ThinkingHook, table: TableRecord, seat: Seat) -> None:
        """Tell the presenter an AI began to think, without waiting for it: a slow or refused
        request (Discord's typing notice) never delays the AI's move or holds the table's lock."""

        async def notice() -> None:
            try:
                await hook(table, seat)
            except Exception:  # a presenter's hiccup never stops the game
                log.exception("table %s: the thinking notice failed", table.id)

        task = asyncio.get_running_loop().create_task(notice())
        self._notices.add(task)  # kept until done: the loop holds only weak references
        task.add_done_callback(self._notices.discard)

    def pool(self) -> concurrent.futures.ThreadPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(
                max_workers=self.workers, thread_name_prefix="snowbound-ai"
            )
        return self._pool

    def close(self) -> None:
        """Stop the worker threads (a choice still running is left to finish; nobody awaits it)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def run(self, work: Callable[[], Any]) -> Any:
        """`work()` in a worker thread; the caller awaits it, the loop goes on meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(self.pool(), work)

    async def choose(
        self,
        game: Game[Any, Any, Any],
        engine: Engine[Any, Any, Any],
        table: TableRecord,
        seat: Seat,
        state: Any,
        legal: Sequence[Any],
        level: str,
        *,
        told: set[int] | None = None,
    ) -> Any:
        """The move of the AI `seat` at `level`: from its own observation and `legal` only, with
        the rng the engine gives that seat at the next ply (the same choice on every replay).
        A searching level thinks in a worker thread; `told` holds the tables whose presenter was
        already told in this stretch of AI turns."""
        rng = engine.agent_rng(table.seed, table.ply + 1, seat)
        observation = game.observe(state, seat)
        if not thinks(level):
            return game.agents[level]().choose(observation, legal, rng)
        if len(legal) == 1:
            return legal[0]  # nothing to think about (`searches`)
        agent = make_agent(game, level, self.seconds)
        self.thinking[table.id] = seat
        try:
            if self.on_thinking is not None and (told is None or table.id not in told):
                if told is not None:
                    told.add(table.id)
                self._notify(self.on_thinking, table, seat)
            return await self.run(lambda: agent.choose(observation, legal, rng))
        finally:
            if self.thinking.get(table.id) == seat:
                del self.thinking[table.id]


def thinking_turn(runner: AiRunner, table: TableRecord) -> str | None:
    """The board's turn line while an AI of the table is thinking ("Frost 🤖 is thinking…")."""
    seat = runner.thinking.get(table.id)
    if seat is None or seat >= len(table.seats) or table.status != "active":
        return None
    return f"{table.seats[seat].name} is thinking…"


# -- suggestions -----------------------------------------------------------------------------------


def cooperative(table: TableRecord) -> bool:
    """Whether the whole table wins or loses together (suggestions are on there by default): the
    game's record says so (`GameInfo.cooperative`: a co-operative game, or a mixed one in its
    co-operative mode, Dead of Winter's `coop`)."""
    game = GAMES.get(table.game)
    return game is not None and game.info.cooperative(table.options)


def suggestions_on(table: TableRecord) -> bool:
    """Whether the table gives suggestions: never at a challenge; else the host's choice, or by
    default on in co-operative games and off in competitive ones."""
    if table.challenge:
        return False
    if table.suggestions is not None:
        return table.suggestions
    return cooperative(table)


def setting_words(game: Game[Any, Any, Any], table: TableRecord) -> str:
    """The table's suggestion setting in a sentence, for the lobby; nothing for a game with no
    expert to ask, or a challenge (its own line says how it is played)."""
    if ADVISOR_LEVEL not in game.agents or table.challenge:
        return ""
    if suggestions_on(table):
        return "Suggestions: on (`/suggest`: the expert's pick for your move, only you see it)."
    return "Suggestions: off."


def parse_setting(value: object) -> bool:
    """`suggestions=on|off` (also yes/no, true/false) → whether the table gives suggestions."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().casefold()
    if word in ("on", "yes", "true"):
        return True
    if word in ("off", "no", "false"):
        return False
    raise TableError("`suggestions` takes on or off.")


@dataclass(frozen=True)
class Advice:
    """A suggestion as the caller reads it: the move's label (players named), the reason in a
    sentence, the estimated chance of winning, and the move itself."""

    table_id: int
    seat: Seat
    ply: int
    label: str
    reason: str
    win_chance: float | None
    action: Any

    @property
    def text(self) -> str:
        lines = [f"Suggested move: **{self.label}**"]
        if self.reason:
            reason = self.reason.strip()
            lines.append(f"Why: {reason[0].upper()}{reason[1:]}" if reason else "")
        if self.win_chance is not None:
            chance = round(max(0.0, min(1.0, self.win_chance)) * 100)
            lines.append(f"Estimated chance of winning: about {chance} %.")
        lines.append("Only you see this suggestion; the choice is yours.")
        return "\n".join(line for line in lines if line)


def refusal(tables: TableCache, table: TableRecord, user_id: int) -> str | None:
    """Why the user may not have a suggestion at this table now, in one sentence, or None (the
    game, its state and who it waits for are read from the table cache)."""
    game = tables.games[table.game]
    if table.status == "lobby":
        return "The game has not started yet: suggestions come once it is running."
    if table.status != "active":
        return "This game is over: there is no move left to suggest."
    seat = seat_of(table, user_id)
    if seat is None:
        return "Only a player of this table can ask for a suggestion."
    if table.challenge:
        return "This is a challenge table: every group plays it without suggestions."
    if not suggestions_on(table):
        return (
            "This table was opened with suggestions off (the host can choose "
            "`suggestions=on` at `/game new`)."
        )
    agent = game.agents.get(ADVISOR_LEVEL)
    if agent is None:
        return f"{game.title} has no expert player yet, so there is nobody to ask for a suggestion."
    state = tables.state(table)
    awaited = tables.waiting_for(table, state)
    if seat not in awaited:  # a move out of turn (a Coldest Night token) is never suggested
        waiting = ", ".join(table.seats[s].name for s in awaited)
        return f"Suggestions are for your turn: the game is waiting for {waiting}."
    return None


async def suggest(tables: TableCache, runner: AiRunner, table: TableRecord, user_id: int) -> Advice:
    """The expert's pick for the user's seat, from that seat's observation and legal moves only
    (a refusal is a `TableError` in one sentence). It thinks in a worker thread, with the
    server's move budget. Asking again at the same point gives the answer kept from the first
    time; a player's second request while the first is being worked out is refused, so a
    player cannot keep the worker threads busy."""
    why = refusal(tables, table, user_id)
    if why is not None:
        raise TableError(why)
    seat = seat_of(table, user_id)
    assert seat is not None  # `refusal` checked it
    key = (table.id, seat, table.ply, table.version)
    kept = runner.advice.get(key)
    if kept is not None:
        return kept
    if (table.id, seat) in runner.asking:
        raise TableError("Your suggestion is still being worked out: it comes in a moment.")
    runner.asking.add((table.id, seat))
    try:
        advice = await _advise(tables, runner, table, seat)
    finally:
        runner.asking.discard((table.id, seat))
    runner.advice[key] = advice
    while len(runner.advice) > ADVICE_KEPT:
        runner.advice.popitem(last=False)
    return advice


async def _advise(tables: TableCache, runner: AiRunner, table: TableRecord, seat: Seat) -> Advice:
    """Ask the game's expert for the seat's move (`suggest`)."""
    game = tables.games[table.game]
    engine = tables.engines[table.game]
    state = tables.state(table)
    legal = engine.legal(state, seat)
    observation = game.observe(state, seat)
    rng = engine.agent_rng(f"{table.seed}/suggest", table.ply + 1, seat)
    advisor = make_agent(game, ADVISOR_LEVEL, runner.seconds)
    if not isinstance(advisor, Advisor):
        raise TableError(f"{game.title}'s expert player cannot explain its moves yet.")
    if len(legal) == 1:
        picked: Suggestion = Suggestion(action=legal[0], reason="it is your only move now")
    else:
        picked = await runner.run(lambda: advisor.suggest(observation, legal, rng))
    if picked.action not in legal:  # never offer what cannot be played
        raise TableError("The expert could not settle on a move here; please try again.")
    names = seat_names(table)
    return Advice(
        table_id=table.id,
        seat=seat,
        ply=table.ply,
        label=format_event(game.text.label(state, picked.action), names),
        reason=format_event(picked.reason, names),
        win_chance=picked.win_chance,
        action=picked.action,
    )
