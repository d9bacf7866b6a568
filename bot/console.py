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

The terminal's reader and writer (`bot.terminal_io`), its text (`bot.terminal_text`) and its game
menu (`bot.terminal_setup`) are modules of their own; their public names are importable from here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any

from bot import ai
from bot.records import PanelUpdate
from bot.tables import Played, TableError, TableService, label_mark, user_error
from bot.terminal_io import Reader, Writer
from bot.terminal_io import StdinReader as StdinReader
from bot.terminal_io import line_editing as line_editing
from bot.terminal_io import stdout_writer as stdout_writer
from bot.terminal_setup import Setup as Setup
from bot.terminal_setup import choose_game as choose_game
from bot.terminal_setup import open_table
from bot.terminal_text import (
    HELP,
    STALE,
    is_stale,
    kind_of,
    move_lines,
    render_markdown,
    step_menu,
    step_node,
    terminal_words,
    use_ansi,
)
from bot.terminal_text import first_choices as first_choices
from bot.terminal_turns import forced_move, human_to_act, last_human
from storage.base import TableRecord

ResumeHint = Callable[[int], str | None]
"""The command that continues table N, or None when the table cannot be resumed (memory://)."""


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

    async def new_table(self, game_key: str, **how: Any) -> TableRecord:
        """A lobby set up as `open_table` does (seats, humans, agent, seed, options)."""
        return await open_table(self.service, game_key, **how)

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
            # the opening is printed before an expert AI that moves first thinks (`shown`)
            played = await service.start(table.id, host, show=self.shown)
            self.present(played)
            table = played.table
        title = service.games[table.game].title
        self.write(f"Table #{table.id}: {title}. Type `help` for commands, `quit` to stop.")
        shown_at, shown_ply = -1, table.ply
        while table.status == "active":
            # the game's clock may have run out meanwhile: its move is printed before an expert
            # AI that moves next thinks (`shown`), and the AI's moves after
            if await service.tick(show=partial(self.shown, table_id=table.id)):
                table = await service.store.get_table(table.id)
            if table.status != "active":
                break
            seat = human_to_act(service, table)
            if seat is None:
                self.write("No human seat can act; the table is paused.")
                break
            if shown_at != table.version:
                # a move with nothing to choose is made as the turn comes (Winter's draw)
                made = await forced_move(service, table, seat, self.shown)
                if made is not None:
                    self.present(made)
                    table = made.table
                    continue
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
            notation = service.games[table.game].text.notation()
            self.write(HELP + (f"\n\nTyping moves:\n{notation}" if notation else ""))
            return False
        if word == "rules":
            self.write(service.games[table.game].text.rules_text())
            return False
        if word == "board":
            return True
        if word == "hand":
            self.write(service.private_text(table, seat))
            return False
        if word in ("moves", "list"):
            self.address = ()
            self.write(self.step_text(table, seat))
            return False
        if word in ("moves all", "list all", "typing", "notation"):  # numbered, or as typed
            self.flat = word in ("moves all", "list all")
            self.write("\n".join(self.moves(table, seat, full=self.flat)))
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
                self.write(f"✗ {other.name} is an AI player: it makes its own moves.")
                return False
            actor, seat, ply = other.user_id, int(head) - 1, table.ply
        try:
            if text.isdigit() and (self.flat or hotseat):
                return await self.numbered(table, seat, actor, int(text), ply)
            if text.isdigit() or word in ("b", "back"):
                return await self.choose(table, seat, text, ply)
            return await service.act(table.id, actor, text, ply=ply, show=self.shown)
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
            advice = await ai.suggest(self.service.cache, self.service.ai, table, actor)
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
        return await self.service.act_choice(
            table.id, actor, ply, number - 1, mark, show=self.shown
        )

    async def choose(self, table: TableRecord, seat: int, text: str, ply: int) -> Played | bool:
        """A number or `b` at a step of the choice tree: play the move, open the step, go back."""
        if ply != table.ply:  # the step shown belongs to a table that has moved on
            self.write(f"✗ {terminal_words(STALE)}")
            return True
        update = self.panel(table, seat)
        self.address, node = step_node(update, self.address)
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
        return await self.service.act_choice(
            table.id, actor, ply, child.index, mark, show=self.shown
        )

    def panel(self, table: TableRecord, seat: int) -> PanelUpdate:
        """The seat's panel now (its choice tree and move labels), as the Discord panel has it."""
        kept = self._update
        if kept is not None and kept[:2] == (table.version, seat):
            return kept[2]
        update = self.service.panel_update(table, seat)
        self._update = (table.version, seat, update)
        return update

    def step_lines(self, table: TableRecord, seat: int) -> list[str]:
        """The step of the choice tree shown now, numbered (`step_menu`)."""
        update = self.panel(table, seat)
        self.listed = (table.ply, seat, list(update.choices))
        self.flat = False
        self.address, lines = step_menu(update, self.address)
        return lines

    def step_text(self, table: TableRecord, seat: int) -> str:
        name = table.seats[seat].name
        return "\n".join([*self.step_lines(table, seat), f"{name}, your move:"])

    async def undo(self, table: TableRecord) -> Played | bool:
        """`undo` at the terminal: everyone here shares the keyboard (hotseat), so the last move
        is taken back for whichever human seat made it, under the same fair rule as `/game undo`."""
        seat = await last_human(self.service, table)
        user_id = None if seat is None else table.seats[seat].user_id
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

    def moves(self, table: TableRecord, seat: int, *, full: bool = False) -> list[str]:
        service = self.service
        game = service.games[table.game]
        state = service.state(table)
        legal = service.engine(table).legal(state, seat)
        labels = [game.text.label(state, a) for a in legal]
        kinds = [kind_of(a) for a in legal]
        self.listed = (table.ply, seat, labels)  # a number typed next means a move of this list
        return move_lines(labels, kinds, game.text.notation(), full=full)

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
            self.write(f"{name} — only you see this:")
            self.write(mine)
        self.write("-" * 72)
        self.address = ()
        self.write("\n".join(self.step_lines(table, seat)))
        clock = ""
        if table.deadline is not None:
            clock = f" (clock: {max(0, int(table.deadline - service.clock()))} s left)"
        self.write(f"{service.turn_line(table)}{clock}  {name}, your move:")

    async def shown(self, played: Played, *, table_id: int | None = None) -> None:
        """A move or the opening shown before a searching AI thinks (`MoveRunner.act`'s and
        `start`'s `show`): its report at once; `thinking` then says who thinks, and the AI's moves
        come as the call's own report. `table_id`: the clock's records (`tick`) of that table
        only."""
        if table_id is None or played.table.id == table_id:
            self.present(played)

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
