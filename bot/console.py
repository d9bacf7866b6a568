"""The terminal table: try any game without Discord, on the same service and storage.

One or more human seats (hotseat) play against AI seats. The current human sees the board with
their private view and their moves as the Discord panel shows them: the same choice tree
(`PanelUpdate.tree`, `rules/choices.py`), one step at a time as numbered choices ("1) Play a
card  2) End turn", then "1) Snowball — heat 3 …"), `b` to go back; a move's label or the game's
notation may be typed at any step. Every move is saved before it is shown, so
`play --resume ID` continues after `quit`, Ctrl-C or the end of input alike. On a terminal the
prompt has line editing and history (Python's `readline`, when it is there).

Input is read with a timeout up to the table's next deadline, so a running clock (The 10th Night's
day) runs out while the player sits at the prompt, not only after the next Enter.
"""

from __future__ import annotations

import asyncio
import atexit
import codecs
import contextlib
import os
import re
import sys
import textwrap
import threading
import time
import types
import typing
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot import ai
from bot.names import ai_name
from bot.records import PanelUpdate
from bot.tables import Played, Player, TableError, TableService, label_mark, user_error
from rules.choices import Node, at
from rules.choices import trail as steps_to
from storage.base import SeatRecord, TableRecord

Reader = Callable[[float | None], Awaitable[str | None]]
"""Reads one line: None at the end of input; raises `TimeoutError` when `timeout` seconds pass
first, and `KeyboardInterrupt` (or the task's cancellation, as `asyncio.run` does) on Ctrl-C."""
Writer = Callable[[str], None]
ResumeHint = Callable[[int], str | None]
"""The command that continues table N, or None when the table cannot be resumed (memory://)."""

MAX_LISTED = 30
"""More moves than this are shown grouped by kind; `moves all` lists every one."""
MAX_CHOICES = 120
"""A grouped kind names the values of its first choice when there are at most this many."""
SMALL_GROUP = 6
"""A kind with this few moves is listed move by move even when the list is grouped."""

HELP = """Commands:
  <number>        play the move with that number, or open that step to see its options
  b (or back)     go back one step
  <text>          play a move by its label or the game's notation (e.g. `scavenge`), at any step
  @<seat> <move>  act for another human seat (hotseat), e.g. `@2 use kerosene`
  moves           your choices again, from the first step (`moves all`: every move, numbered,
                  however many; a number typed next plays from that list)
  typing          how to type each kind of move you have now
  board           show the board and your view again
  hand            show your private view again
  log             recent events
  suggest         the expert's pick for your move, with its reason and chance of winning
  undo            take back the last move, if a human seat here made it, nobody moved since,
                  and it drew nothing and showed nothing hidden
  rules           the rules summary
  help            this help
  quit (or q)     stop here; the game is saved (Ctrl-C and the end of input do the same)"""


# --- input and output ---------------------------------------------------------------------------
class StdinReader:
    """Lines from standard input, read by a daemon thread so that a read can time out and Ctrl-C
    quits at once: a blocked `readline` in asyncio's executor would hold `asyncio.run` until Enter.

    The thread reads the raw file descriptor (not `sys.stdin`), so it never holds the buffered
    reader's lock that the interpreter takes at exit. On a terminal, when Python has `readline`,
    the thread reads with `input()` instead: the line can be edited and earlier lines come back
    with the arrow keys; the terminal's settings are put back at exit, whatever the thread was
    doing then."""

    def __init__(self, fd: int | None = None, *, edit: bool | None = None) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.edit = line_editing(self.fd) if edit is None else edit
        self.queue: asyncio.Queue[str | None] | None = None

    def _start(self) -> asyncio.Queue[str | None]:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str | None] = asyncio.Queue()

        def edited() -> None:
            while True:
                try:
                    line = input()
                except (EOFError, OSError, ValueError):
                    loop.call_soon_threadsafe(queue.put_nowait, None)
                    return
                loop.call_soon_threadsafe(queue.put_nowait, line + "\n")

        def pump() -> None:
            decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
            pending = ""
            while True:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                pending += decoder.decode(chunk, final=not chunk)
                *lines, pending = pending.split("\n")
                for line in lines:
                    loop.call_soon_threadsafe(queue.put_nowait, line + "\n")
                if not chunk:
                    if pending:
                        loop.call_soon_threadsafe(queue.put_nowait, pending)
                    loop.call_soon_threadsafe(queue.put_nowait, None)
                    return

        if self.edit:
            keep_terminal(self.fd)
        target = edited if self.edit else pump
        threading.Thread(target=target, name="snowbound-stdin", daemon=True).start()
        return queue

    async def __call__(self, timeout: float | None = None) -> str | None:
        if self.queue is None:
            self.queue = self._start()
        line = await asyncio.wait_for(self.queue.get(), timeout)
        if line is None:
            self.queue.put_nowait(None)  # the end of input stays the end
        return line


def line_editing(fd: int) -> bool:
    """Whether to read with `readline`: standard input is a terminal and Python has it."""
    try:
        if sys.stdin is None or fd != sys.stdin.fileno() or not os.isatty(fd):
            return False
        import readline  # noqa: F401 - importing it gives `input()` editing and history
    except (ImportError, OSError, ValueError):
        return False
    return True


def keep_terminal(fd: int) -> None:
    """Put the terminal's settings back at exit: `readline` changes them while it reads, and the
    reading thread may be stopped in the middle of a line (quit, Ctrl-C)."""
    try:
        import termios

        saved = termios.tcgetattr(fd)
    except (ImportError, OSError):
        return

    def restore() -> None:
        with contextlib.suppress(OSError, termios.error):
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    atexit.register(restore)


def stdout_writer(text: str) -> None:
    print(text, flush=True)


# --- Discord Markdown for a terminal -------------------------------------------------------------
_FENCE = re.compile(r"```[a-z]*\n?(.*?)\n?```", re.DOTALL)
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.DOTALL)
_UNDER = re.compile(r"(?<!\w)__(?=\S)(.+?)(?<=\S)__(?!\w)", re.DOTALL)
_STRIKE = re.compile(r"~~(?=\S)(.+?)(?<=\S)~~", re.DOTALL)
_STAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")


def use_ansi(stream: Any = None) -> bool:
    """ANSI styles only on a terminal, and never when `NO_COLOR` is set (no-color.org)."""
    stream = sys.stdout if stream is None else stream
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def relative_time(at: float, now: float) -> str:
    """`<t:…:R>` in words, as Discord shows it: "in 2 min", "5 s ago"."""
    seconds = round(at - now)
    span = abs(seconds)
    if span < 60:
        amount = f"{span} s"
    elif span < 3600:
        amount = f"{span // 60} min"
    elif span < 86400:
        amount = f"{span // 3600} h"
    else:
        amount = f"{span // 86400} days"
    return f"in {amount}" if seconds >= 0 else f"{amount} ago"


def render_markdown(text: str, *, ansi: bool, now: float | None = None) -> str:
    """Discord's light Markdown for a terminal: bold, underline and strike as ANSI styles (or
    plain), code fences dropped around their block, timestamps in words. Inline `code` keeps its
    backticks: they show what to type."""
    now = time.time() if now is None else now

    def stamp(match: re.Match[str]) -> str:
        at = int(match.group(1))
        if match.group(2) == "R":
            return relative_time(at, now)
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))

    def style(on: str, off: str) -> Callable[[re.Match[str]], str]:
        return lambda m: f"\x1b[{on}m{m.group(1)}\x1b[{off}m" if ansi else m.group(1)

    text = _FENCE.sub(lambda m: m.group(1), text)
    text = _STAMP.sub(stamp, text)
    text = _BOLD.sub(style("1", "22"), text)
    text = _UNDER.sub(style("4", "24"), text)
    return _STRIKE.sub(style("9", "29"), text)


# --- refusals in the terminal's words ------------------------------------------------------------
_TERMINAL_WORDS = (
    (
        re.compile(r"That (button|move) is out of date: the game has moved on\..*"),
        "That move is out of date: the game moved on while you were typing. Here is the new list.",
    ),
    (re.compile(r"`/play` lists what you can do"), "`moves` lists what you can do"),
    (re.compile(r"`/game hand`"), "`hand`"),
    (re.compile(r"`/game rules`"), "`rules`"),
    (re.compile(r"`suggestions=on` at `/game new`"), "`-o suggestions=on` when starting `play`"),
)


def terminal_words(message: str) -> str:
    """A refusal the service words for Discord (buttons, panels, slash commands), said for the
    terminal, where there are only typed commands."""
    for pattern, words in _TERMINAL_WORDS:
        message = pattern.sub(words, message)
    return message


def is_stale(message: str) -> bool:
    return message.startswith("That move is out of date")


STALE = "That move is out of date: the game has moved on."


def option_text(node: Node) -> str:
    """One numbered choice of a step: its label ("…" when it has steps of its own), where it is
    on the board for a spot, and what it does."""
    choice = node.choice
    text = node.label if node.leaf or node.label.endswith("…") else f"{node.label} …"
    if choice is not None and choice.at is not None:
        text += f" at {choice.at[0]},{choice.at[1]}"
    if choice is not None and choice.detail:
        text += f" — {choice.detail}"
    return text


# --- move lists ----------------------------------------------------------------------------------
_SNIPPET = re.compile(r"`([^`]+)`")


def kind_of(action: Any) -> str:
    kind = getattr(action, "type", None)
    return kind if isinstance(kind, str) else type(action).__name__


def syntax_for(notation: str, kind: str, labels: Sequence[str]) -> str | None:
    """The game's notation for a kind of move: the first `snippet` in the game's `notation()`
    whose first word is the kind or the first word of the kind's labels."""
    words = {kind.casefold().replace("_", " ").split()[0]}
    words |= {label.split()[0].casefold() for label in labels[:1] if label.split()}
    for snippet in _SNIPPET.findall(notation):
        snippet = str(snippet)
        head = snippet.split()
        if head and head[0].casefold() in words:
            return snippet
    return None


def first_choices(labels: Sequence[str]) -> list[str]:
    """The values of the first word where a kind's labels differ, in order (the spots a tile can
    go, the cards a swap can take): what a player picks first among many similar moves."""
    words = [label.split() for label in labels]
    if len({tuple(sorted(w)) for w in words}) == 1:
        return []  # the same words in other orders (a row to arrange): the order is the choice
    for i in range(min(len(w) for w in words)):
        if len({w[i] for w in words}) > 1:
            return list(dict.fromkeys(w[i].rstrip(",;:") for w in words))
    return []


def move_lines(
    labels: Sequence[str], kinds: Sequence[str], notation: str, *, full: bool
) -> list[str]:
    """The numbered list, or when it is long (and not `full`) one line per kind of move: the
    syntax to type, how many there are and an example; small kinds keep their numbered lines."""
    if full or len(labels) <= MAX_LISTED:
        return [f"  {n:>3}. {label}" for n, label in enumerate(labels, start=1)]
    groups: dict[str, list[int]] = {}
    for index, kind in enumerate(kinds):
        groups.setdefault(kind, []).append(index)
    lines: list[str] = []
    for kind, indexes in groups.items():
        if len(indexes) <= SMALL_GROUP:
            lines.extend(f"  {i + 1:>3}. {labels[i]}" for i in indexes)
            continue
        examples = [labels[i] for i in indexes]
        syntax = syntax_for(notation, kind, examples)
        shown = f"`{syntax}`" if syntax else kind.replace("_", " ")
        lines.append(f"    • {shown} ({len(indexes)} moves), e.g. `{examples[0]}`")
        choices = first_choices(examples)
        if 1 < len(choices) <= MAX_CHOICES and len(choices) < len(indexes):
            wrapped = textwrap.wrap(", ".join(choices), 92, break_on_hyphens=False)
            lines.append(f"      choose from: {wrapped[0]}")
            lines.extend(f"                   {more}" for more in wrapped[1:])
    lines.append(
        f"  ({len(labels)} moves in all: type one as shown, or `moves all` to number every one.)"
    )
    if notation.strip():  # the game's general note on names (cards, squares, spots)
        lines.append("  " + notation.strip().splitlines()[0])
    return lines


# --- the table ------------------------------------------------------------------------------------
class Quit(Exception):
    """The player asked to stop (quit, Ctrl-C, end of input): the table is already saved."""

    def __init__(self, interrupted: bool = False) -> None:
        super().__init__("quit")
        self.interrupted = interrupted


class Console:
    def __init__(
        self,
        service: TableService,
        *,
        read: Reader | None = None,
        write: Writer = stdout_writer,
        resume_hint: ResumeHint | None = None,
        ansi: bool | None = None,
    ) -> None:
        self.service = service
        self.read: Reader = read if read is not None else StdinReader()
        self._write = write
        self.resume_hint: ResumeHint = resume_hint or (lambda n: f"play --resume {n}")
        self.ansi = use_ansi() if ansi is None else ansi
        self.listed: tuple[int, int, list[str]] = (-1, -1, [])  # (ply, seat, labels) last listed
        self.flat = False  # the last list was `moves all`: a number means a move of that list
        self.address: tuple[int, ...] = ()  # the step of the choice tree shown (`step_lines`)
        self._update: tuple[int, int, PanelUpdate] | None = None  # (version, seat, panel)
        if service.ai.on_thinking is None:  # an expert AI's turn says so while it thinks
            service.ai.on_thinking = self.thinking

    async def thinking(self, table: TableRecord, seat: int) -> None:
        """An expert AI seat has begun to think (`bot.ai`): said once per stretch of AI turns."""
        self.write(f"{table.seats[seat].name} is thinking…")

    def write(self, text: str) -> None:
        self._write(render_markdown(text, ansi=self.ansi, now=self.service.clock()))

    def saved(self, table_id: int, *, interrupted: bool = False) -> None:
        """Where to pick the game up again, or that it cannot be (a table kept in memory)."""
        hint = self.resume_hint(table_id)
        lead = "\n" if interrupted else ""
        if hint is None:
            self.write(
                f"{lead}Stopped. This table was kept in memory only, so it cannot be resumed."
            )
        else:
            self.write(f"{lead}Saved. Resume with: {hint}")

    async def new_table(
        self,
        game_key: str,
        *,
        seats: int | None = None,
        humans: int = 1,
        agent: str = "heuristic",
        seed: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> TableRecord:
        service = self.service
        game = service.game(game_key)
        seats = seats or max(game.min_seats, min(3, game.max_seats))
        if not 0 <= humans <= seats:
            raise TableError(f"--humans must be between 0 and the number of seats ({seats}).")
        if not game.min_seats <= seats <= game.max_seats:
            raise TableError(f"{game.title} seats {game.min_seats}–{game.max_seats} players.")
        level = agent.strip().casefold()
        if level not in game.agents:
            known = ", ".join(f"`{k}`" for k in sorted(game.agents))
            raise TableError(f"There is no AI level “{agent}”. Levels: {known}.")
        host = Player(1, "Player 1") if humans else Player(1, "Host")
        table = await service.open(game.key, host, options=options, allow_test_hooks=True)
        if seed is not None and table.challenge:
            await service.end(table.id, host.user_id)
            raise TableError("A challenge plays its own seed: leave out --seed.")
        try:
            for n in range(2, humans + 1):
                table = await service.join(table.id, Player(n, f"Player {n}"))
            for _ in range(seats - max(humans, 1)):
                table = await service.add_agent(table.id, 1, level)
            changes: dict[str, Any] = {} if seed is None else {"seed": seed}
            if humans == 0:  # the host only opened the table: an AI takes its seat
                ai = SeatRecord(name=ai_name(s.name for s in table.seats[1:]), agent=level)
                changes["seats"] = (*table.seats[1:], ai)
            if changes:
                table = await service.store.update_table(
                    table.model_copy(update=changes), table.version
                )
        except BaseException:
            with contextlib.suppress(Exception):  # no half-set lobby is left behind
                await service.end(table.id, host.user_id)
            raise
        return table

    async def play(self, table: TableRecord) -> TableRecord:
        """Run the table until it ends or the player stops; returns the table as saved.

        Quit, Ctrl-C and the end of input all stop at once with the resume hint: every move was
        committed before it was shown, so there is nothing left to save."""
        try:
            return await self._play(table)
        except Quit as stop:
            table = await self.service.store.get_table(table.id)
            self.saved(table.id, interrupted=stop.interrupted)
            return table
        except (KeyboardInterrupt, asyncio.CancelledError):
            task = asyncio.current_task()
            if task is not None:
                task.uncancel()
            table = await self.service.store.get_table(table.id)
            self.saved(table.id, interrupted=True)
            return table

    async def _play(self, table: TableRecord) -> TableRecord:
        service = self.service
        if table.status == "lobby":
            host = table.host_id or 1
            played = await service.start(table.id, host)
            self.present(played)
            table = played.table
        title = service.games[table.game].title
        self.write(f"Table #{table.id}: {title}. Type `help` for commands, `quit` to stop.")
        shown_at, shown_ply = -1, table.ply
        while table.status == "active":
            for expired in await service.tick():  # the game's clock may have run out meanwhile
                if expired.table.id == table.id:
                    self.present(expired)
                    table = expired.table
            if table.status != "active":
                break
            seat = self.human_to_act(table)
            if seat is None:
                self.write("No human seat can act; the table is paused.")
                break
            if shown_at != table.version:
                self.show_turn(table, seat)
                shown_at, shown_ply = table.version, table.ply
            timeout = None
            if table.deadline is not None:
                timeout = max(0.0, table.deadline - service.clock()) + 0.05
            try:
                line = await self.read(timeout)
            except TimeoutError:
                table = await service.store.get_table(table.id)
                continue  # the loop's `tick` plays the clock's move
            if line is None:
                raise Quit()
            table = await service.store.get_table(table.id)
            stale = await self.command(table, seat, line.strip(), shown_ply)
            if isinstance(stale, Played):
                self.present(stale)
                table = stale.table
            elif stale:
                shown_at = -1  # show the new list
        if table.status == "finished":
            self.write(service.board_text(table))
        return table

    async def command(
        self, table: TableRecord, seat: int, text: str, ply: int | None = None
    ) -> Played | bool:
        """One line from the player: a console command, or a move made against the list shown
        after `ply` moves. Returns the move's result, or whether to show the turn again (the game
        moved on meanwhile, so a number may now mean another move)."""
        ply = table.ply if ply is None else ply
        service = self.service
        if not text:
            return False
        word = text.casefold()
        if word in ("quit", "q", "exit"):
            raise Quit()
        if word in ("help", "?"):
            notation = service.games[table.game].notation()
            self.write(HELP + (f"\n\nTyping moves:\n{notation}" if notation else ""))
            return False
        if word == "rules":
            self.write(service.games[table.game].rules_text())
            return False
        if word == "board":
            return True
        if word == "hand":
            self.write(service.private_text(table, seat))
            return False
        if word in ("moves all", "list all"):
            self.write("\n".join(self.moves(table, seat, full=True)))
            self.flat = True
            return False
        if word in ("moves", "list"):
            self.address = ()
            self.write(self.step_text(table, seat))
            return False
        if word in ("typing", "notation"):
            self.write("\n".join(self.moves(table, seat, full=False)))
            self.flat = False
            return False
        if word.startswith("log"):
            self.write("\n".join(await service.log(table, 20, seat=seat)) or "Nothing yet.")
            return False
        if word == "undo":
            return await self.undo(table)
        if word == "suggest":
            await self.suggest(table, seat)
            return False
        actor = table.seats[seat].user_id or 0
        hotseat = text.startswith("@")
        if hotseat:
            head, _, text = text[1:].partition(" ")
            if not head.isdigit() or not 1 <= int(head) <= len(table.seats):
                self.write("✗ Write `@<seat number> <move>`, e.g. `@2 use kerosene`.")
                return False
            other = table.seats[int(head) - 1]
            if other.user_id is None:
                self.write(f"✗ Seat {head} is not a human seat.")
                return False
            actor, seat, ply = other.user_id, int(head) - 1, table.ply
        try:
            if text.isdigit() and (self.flat or hotseat):
                return await self.numbered(table, seat, actor, int(text), ply)
            if text.isdigit() or word in ("b", "back"):
                return await self.choose(table, seat, text, ply)
            return await service.act(table.id, actor, text, ply=ply)
        except Exception as err:  # a bad move must never end the table
            message = user_error(err)
            if message is None:
                raise
            message = terminal_words(message)
            self.write(f"✗ {message}")
            return is_stale(message)

    async def suggest(self, table: TableRecord, seat: int) -> None:
        """`suggest`: the expert's pick for the seat to act (`bot.ai.suggest`, from that seat's
        own view), or why there is none, in one line."""
        actor = table.seats[seat].user_id or 0
        try:
            advice = await ai.suggest(self.service, table, actor)
        except TableError as err:
            self.write(f"✗ {terminal_words(str(err))}")
            return
        lines = advice.text.replace("**", "").splitlines()[:-1]  # not "only you see this"
        self.write("\n".join([*lines, f"Type `{advice.label}` to play it, or choose your own."]))

    async def numbered(
        self, table: TableRecord, seat: int, actor: int, number: int, ply: int
    ) -> Played | bool:
        """A number of the whole list (`moves all`, or for another seat): that move."""
        listed_ply, listed_seat, labels = self.listed
        if (listed_ply, listed_seat) != (ply, seat):
            labels = self.service.labels(table, seat)
        if not 1 <= number <= len(labels):
            self.write(f"✗ There is no move {number}: choose 1–{len(labels)}.")
            return False
        mark = label_mark(labels[number - 1])
        return await self.service.act_choice(table.id, actor, ply, number - 1, mark)

    async def choose(self, table: TableRecord, seat: int, text: str, ply: int) -> Played | bool:
        """A number or `b` at a step of the choice tree: play the move, open the step, go back."""
        if ply != table.ply:  # the step shown belongs to a table that has moved on
            self.write(f"✗ {terminal_words(STALE)}")
            return True
        update = self.panel(table, seat)
        node = at(update.tree, self.address)
        if node is None or node.leaf:
            self.address, node = (), update.tree
        if text.casefold() in ("b", "back"):
            if not self.address:
                self.write("✗ This is the first step: there is nothing to go back to.")
                return False
            self.address = self.address[:-1]
            self.write(self.step_text(table, seat))
            return False
        number = int(text)
        if not 1 <= number <= len(node.children):
            self.write(f"✗ There is no move {number}: choose 1–{len(node.children)}.")
            return False
        child = node.children[number - 1]
        if child.index is None:
            self.address = (*self.address, number - 1)
            self.write(self.step_text(table, seat))
            return False
        labels = update.choices
        mark = label_mark(labels[child.index]) if child.index < len(labels) else None
        actor = table.seats[seat].user_id or 0
        return await self.service.act_choice(table.id, actor, ply, child.index, mark)

    def panel(self, table: TableRecord, seat: int) -> PanelUpdate:
        """The seat's panel now (its choice tree and move labels), as the Discord panel has it."""
        kept = self._update
        if kept is not None and kept[:2] == (table.version, seat):
            return kept[2]
        update = self.service.panel_update(table, seat)
        self._update = (table.version, seat, update)
        return update

    def step_lines(self, table: TableRecord, seat: int) -> list[str]:
        """The step of the choice tree shown now, numbered: each option with what it does ("…"
        when it has steps of its own, a spot's place on the board), then `b` below the top."""
        update = self.panel(table, seat)
        self.listed = (table.ply, seat, list(update.choices))
        self.flat = False
        node = at(update.tree, self.address)
        if node is None or node.leaf:
            self.address, node = (), update.tree
        if not node.children:
            return ["  No moves for you right now."]
        lines = []
        if self.address:
            trail = " › ".join(steps_to(update.tree, self.address))
            lines.append(f"  Your move so far: {trail}")
        for number, child in enumerate(node.children, start=1):
            lines.append(f"  {number:>3}) {option_text(child)}")
        if self.address:
            lines.append("    b) back")
        count = len(update.choices)
        if not self.address and count > len(node.children):
            lines.append(
                f"  ({count} moves in all, a few steps each: type a number, or a move as "
                "`typing` shows.)"
            )
        return lines

    def step_text(self, table: TableRecord, seat: int) -> str:
        name = table.seats[seat].name
        return "\n".join([*self.step_lines(table, seat), f"{name}, your move:"])

    async def undo(self, table: TableRecord) -> Played | bool:
        """`undo` at the terminal: everyone here shares the keyboard (hotseat), so the last move
        is taken back for whichever human seat made it, under the same fair rule as `/game undo`."""
        last = (await self.service.store.actions(table.id))[-1:]
        user_id = table.seats[last[0].seat].user_id if last and last[0].seat >= 0 else None
        if user_id is None:
            self.write(
                "✗ The last move was not made at this terminal: there is nothing to take back."
            )
            return False
        try:
            return await self.service.undo(table.id, user_id)
        except Exception as err:  # a refusal must never end the table
            message = user_error(err)
            if message is None:
                raise
            self.write(f"✗ {terminal_words(message)}")
            return False

    def human_to_act(self, table: TableRecord) -> int | None:
        waiting = self.service.waiting_for(table)
        humans = [s for s in waiting if table.seats[s].user_id is not None]
        if humans:
            return humans[0]
        game = self.service.games[table.game]
        acting = sorted(game.to_act(self.service.state(table)))
        humans = [s for s in acting if table.seats[s].user_id is not None]
        return humans[0] if humans else None

    def moves(self, table: TableRecord, seat: int, *, full: bool = False) -> list[str]:
        service = self.service
        game = service.games[table.game]
        state = service.state(table)
        legal = service.engine(table).legal(state, seat)
        labels = [game.label(state, a) for a in legal]
        kinds = [kind_of(a) for a in legal]
        self.listed = (table.ply, seat, labels)  # a number typed next means a move of this list
        return move_lines(labels, kinds, game.notation(), full=full)

    def show_turn(self, table: TableRecord, seat: int) -> None:
        """One board per turn: a seat's view repeats the public board, so the board is printed
        once and only what the seat alone sees follows it."""
        service = self.service
        name = table.seats[seat].name
        board = service.board_text(table)
        view = service.private_text(table, seat)
        self.write("\n" + "=" * 72)
        self.write(board)
        mine = view[len(board) :].strip("\n") if view.startswith(board) else view
        if mine.strip():
            self.write("-" * 72)
            self.write(f"{name} (seat {seat + 1}) — only you see this:")
            self.write(mine)
        self.write("-" * 72)
        self.address = ()
        self.write("\n".join(self.step_lines(table, seat)))
        clock = ""
        if table.deadline is not None:
            clock = f" (clock: {max(0, int(table.deadline - service.clock()))} s left)"
        self.write(f"{service.turn_line(table)}{clock}  {name}, your move:")

    def present(self, played: Played) -> None:
        """The terminal's presenter of a result record: public lines, then each human seat's
        private lines (a hotseat shares one screen). The board and moves are shown when a human's
        turn comes (`show_turn`), so the record's board and panels are not printed here."""
        for line in played.lines:
            self.write(f"• {line}")
        for seat, lines in sorted(played.private.items()):
            record = played.table.seats[seat]
            if record.user_id is not None:
                for line in lines:
                    self.write(f"  (to {record.name} only) {line}")


@dataclass(frozen=True)
class Setup:
    """A new table as the game menu set it up: the game, its seats, how many of them are people
    at this keyboard (the others are AI players), and its options."""

    game: str
    seats: int
    humans: int
    options: dict[str, Any] = field(default_factory=dict)


async def _line(read: Reader, write: Writer) -> str | None:
    """One answer at the menu; None to stop (quit, Ctrl-C, the end of input)."""
    try:
        line = await read(None)
    except (KeyboardInterrupt, asyncio.CancelledError):
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
        write("")
        return None
    if line is None or line.strip().casefold() in ("quit", "q", "exit"):
        return None
    return line.strip()


async def _number(
    read: Reader, write: Writer, question: str, low: int, high: int, default: int
) -> int | None:
    write(f"{question} {low}–{high} (Enter = {default})" if low < high else question)
    if low == high:
        return low
    while True:
        text = await _line(read, write)
        if text is None:
            return None
        if not text:
            return default
        if text.isdigit() and low <= int(text) <= high:
            return int(text)
        write(f"Type a number from {low} to {high}, Enter for {default}, or `quit`.")


def option_choices(annotation: Any) -> str:
    """What an option takes, in words: its values, yes or no, or a number."""
    values: list[str] = []
    numbers = False
    union = typing.get_origin(annotation) is typing.Union or type(annotation) is types.UnionType
    for arg in typing.get_args(annotation) if union else (annotation,):
        arg = getattr(arg, "__value__", arg)  # a `type X = …` alias
        inner = typing.get_args(arg) if typing.get_origin(arg) is typing.Annotated else ()
        arg = inner[0] if inner else arg
        if typing.get_origin(arg) is typing.Union or type(arg) is types.UnionType:
            values.append(option_choices(arg))
            continue
        if typing.get_origin(arg) is typing.Literal:
            values += [str(v).replace("_", " ") for v in typing.get_args(arg)]
        elif arg is bool:
            values += ["yes", "no"]
        elif arg is int:
            numbers = True
        elif arg is type(None):
            values.append("none")
    if numbers:
        values.insert(0, "a number")
    return " / ".join(values) or "a word"


def option_rows(game: Any) -> dict[str, tuple[str, Any]]:
    """The options a player may set: name in words → (the option's key, what it takes)."""
    model = game.options_model
    return {
        key.replace("_", " "): (key, info.annotation)
        for key, info in model.model_fields.items()
        if key not in model.test_hooks
    }


async def _options(read: Reader, write: Writer, game: Any) -> dict[str, Any] | None:
    from pydantic import ValidationError

    from bot.names import option_sentence

    rows = option_rows(game)
    if not rows:
        return {}
    chosen: dict[str, Any] = {}

    def show() -> None:
        current = game.options_model.model_validate(chosen)
        lines = [
            "Options (type the option's name and a value, e.g. "
            f"`{next(iter(rows))} …`; Enter to start):"
        ]
        for name, (key, annotation) in rows.items():
            value = getattr(current, key)
            said = "not set" if value is None else option_sentence(game.key, key, value) or "off"
            lines.append(f"  {name} ({option_choices(annotation)}) — now: {said}")
        write("\n".join(lines))

    show()
    while True:
        text = await _line(read, write)
        if text is None:
            return None
        if not text:
            return chosen
        words = text.casefold().replace("=", " ").split()
        name = next(
            (n for n in sorted(rows, key=len, reverse=True) if " ".join(words).startswith(n)), None
        )
        value_words = words[len(name.split()) :] if name is not None else []
        if name is None or not value_words:
            write(f"Type an option's name and a value, e.g. `{next(iter(rows))} …`, or Enter.")
            continue
        key, _ = rows[name]
        raw = " ".join(value_words)
        value: Any = {"yes": True, "on": True, "no": False, "off": False, "none": None}.get(
            raw, raw.replace(" ", "_")
        )
        try:
            checked = game.options_model.model_validate({**chosen, key: value})
        except ValidationError as err:
            write(f"✗ {name} cannot be {raw}: {err.errors()[0]['msg']}.")
            continue
        chosen[key] = getattr(checked, key)
        show()


async def setup_table(read: Reader, write: Writer, game: Any) -> Setup | None:
    """The menu's table set-up: seats, people at this keyboard, options (None: stopped)."""
    low, high = game.min_seats, game.max_seats
    seats = await _number(
        read, write, f"{game.title}: how many seats?", low, high, max(low, min(3, high))
    )
    if seats is None:
        return None
    humans = await _number(
        read,
        write,
        "How many of them are people at this keyboard (the rest are AI players)?",
        0,
        seats,
        1,
    )
    if humans is None:
        return None
    options = await _options(read, write, game)
    if options is None:
        return None
    return Setup(game.key, seats, humans, options)


async def choose_game(
    read: Reader, write: Writer, games: dict[str, Any]
) -> str | int | Setup | None:
    """The game menu of `make run` without a token: a game key (played with the usual seats), a
    game set up here (`N setup`: seats, people at this keyboard, options), a saved table's id to
    resume (`resume N`), or None to quit."""
    keys = sorted(games, key=lambda k: games[k].title)
    default = "coldest_night" if "coldest_night" in games else keys[0]
    menu = [f"Which game? (Enter = {games[default].title})"]
    for n, key in enumerate(keys, start=1):
        game = games[key]
        low, high = game.min_seats, game.max_seats
        seats = str(low) if low == high else f"{low}–{high}"
        menu.append(f"  {n}. {game.title} ({seats} players) — {game.pitch}")
    menu.append(
        "Add `setup` to choose seats, people at this keyboard and options first (`2 setup`)."
    )
    menu.append("Or `resume N` to continue saved table N, `help`, or `quit`.")
    write("\n".join(menu))
    while True:
        try:
            line = await read(None)
        except (KeyboardInterrupt, asyncio.CancelledError):
            task = asyncio.current_task()
            if task is not None:
                task.uncancel()
            write("")
            return None
        if line is None:
            return None
        text = line.strip()
        word = text.casefold()
        if not text:
            return default
        if word in ("quit", "q", "exit"):
            return None
        if word in ("help", "?"):
            write("\n".join(menu))
            continue
        if word.startswith("resume"):
            number = word.removeprefix("resume").strip().lstrip("#")
            if number.isdigit():
                return int(number)
            write("Write `resume` and the table's number, e.g. `resume 3`.")
            continue
        head, _, rest = word.partition(" ")
        if rest.strip() in ("setup", "set up", "+") or word.endswith("+") or word == "setup":
            head = word.rstrip("+").strip() if word.endswith("+") else head
            head = "" if head == "setup" else head
            picked: str | None = None
            if not head:
                picked = default
            elif head.isdigit() and 1 <= int(head) <= len(keys):
                picked = keys[int(head) - 1]
            elif head in games:
                picked = head
            if picked is not None:
                setup = await setup_table(read, write, games[picked])
                if setup is None:
                    return None
                return setup
        if text.isdigit() and 1 <= int(text) <= len(keys):
            return keys[int(text) - 1]
        if word in games:
            return word
        write(f"Type a number from 1 to {len(keys)}, `resume N`, `help` or `quit`.")
