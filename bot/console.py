"""The terminal table: try any game without Discord, on the same service and storage.

One or more human seats (hotseat) play against AI seats. The current human sees the public board,
their private view and a numbered list of their legal moves; they type a number, a move's label, or
the game's notation. Every move is saved before it is shown, so `play --resume ID` continues.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from bot.tables import Played, Player, TableError, TableService, label_mark, user_error
from storage.base import TableRecord

Reader = Callable[[], Awaitable[str | None]]
Writer = Callable[[str], None]

HELP = """Commands:
  <number>        play the move with that number from the list
  <text>          play a move by its label or the game's notation (e.g. `scavenge`)
  @<seat> <move>  act for another human seat (hotseat), e.g. `@2 use kerosene`
  board           show the public board again
  hand            show your private view again
  log             recent events
  rules           the rules summary
  help            this help
  quit            stop here (the game is saved; resume with `play --resume ID`)"""


async def stdin_reader() -> str | None:
    line = await asyncio.to_thread(sys.stdin.readline)
    return None if line == "" else line


def stdout_writer(text: str) -> None:
    print(text, flush=True)


class Console:
    def __init__(
        self, service: TableService, *, read: Reader = stdin_reader, write: Writer = stdout_writer
    ) -> None:
        self.service = service
        self.read = read
        self.write = write

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
        host = Player(1, "Player 1") if humans else Player(1, "Host")
        table = await service.open(game.key, host, options=options, allow_test_hooks=True)
        for n in range(2, humans + 1):
            table = await service.join(table.id, Player(n, f"Player {n}"))
        for _ in range(seats - max(humans, 1)):
            table = await service.add_agent(table.id, 1, agent)
        if humans == 0:  # the host was only there to open the table
            table = await service.add_agent(table.id, 1, agent)
            table = await service.kick(table.id, 1, 1)
        if seed is not None:
            table = await service.store.update_table(
                table.model_copy(update={"seed": seed}), table.version
            )
        return table

    async def play(self, table: TableRecord) -> TableRecord:
        """Run the table until it ends or the player quits; returns the table as saved."""
        service = self.service
        if table.status == "lobby":
            host = table.host_id or 1
            played = await service.start(table.id, host)
            self.present(played)
            table = played.table
        self.write(
            f"Table #{table.id}: {service.games[table.game].title}. Type `help` for commands."
        )
        shown_board_at = -1
        while table.status == "active":
            for expired in await service.tick():  # a game's clock may have run out meanwhile
                self.present(expired)
                table = expired.table
            if table.status != "active":
                break
            seat = self.human_to_act(table)
            if seat is None:
                self.write("No human seat can act; the table is paused.")
                break
            if shown_board_at != table.version:
                self.show_turn(table, seat)
                shown_board_at = table.version
            line = await self.read()
            if line is None:
                self.write(f"Input ended; the game is saved. Resume with: play --resume {table.id}")
                return table
            text = line.strip()
            if not text:
                continue
            word = text.casefold()
            if word in ("quit", "exit"):
                self.write(f"Saved. Resume with: play --resume {table.id}")
                return table
            if word == "help":
                self.write(HELP)
                continue
            if word == "rules":
                self.write(service.games[table.game].rules_text())
                continue
            if word == "board":
                self.write(service.board_text(table))
                continue
            if word == "hand":
                self.write(service.private_text(table, seat))
                continue
            if word.startswith("log"):
                self.write("\n".join(await service.log(table, 20, seat=seat)) or "Nothing yet.")
                continue
            actor = table.seats[seat].user_id or 0
            if text.startswith("@"):
                head, _, text = text[1:].partition(" ")
                if not head.isdigit() or not 1 <= int(head) <= len(table.seats):
                    self.write("Write `@<seat number> <move>`, e.g. `@2 use kerosene`.")
                    continue
                other = table.seats[int(head) - 1]
                if other.user_id is None:
                    self.write(f"Seat {head} is not a human seat.")
                    continue
                actor, seat = other.user_id, int(head) - 1
            try:
                if text.isdigit():
                    labels = service.labels(table, seat)
                    number = int(text)
                    if not 1 <= number <= len(labels):
                        self.write(f"✗ There is no move {number}: choose 1–{len(labels)}.")
                        continue
                    mark = label_mark(labels[number - 1])
                    played = await service.act_choice(table.id, actor, table.ply, number - 1, mark)
                else:
                    played = await service.act(table.id, actor, text)
            except Exception as err:  # a bad move must never end the table
                message = user_error(err)
                if message is None:
                    raise
                self.write(f"✗ {message}")
                continue
            self.present(played)
            table = played.table
        if table.status == "finished":
            self.write(service.board_text(table))
        return table

    def human_to_act(self, table: TableRecord) -> int | None:
        waiting = self.service.waiting_for(table)
        humans = [s for s in waiting if table.seats[s].user_id is not None]
        if humans:
            return humans[0]
        game = self.service.games[table.game]
        acting = sorted(game.to_act(self.service.state(table)))
        humans = [s for s in acting if table.seats[s].user_id is not None]
        return humans[0] if humans else None

    def show_turn(self, table: TableRecord, seat: int) -> None:
        service = self.service
        name = table.seats[seat].name
        self.write("\n" + "=" * 72)
        self.write(service.board_text(table))
        self.write("-" * 72)
        self.write(f"{name} (seat {seat + 1}) — your view:")
        self.write(service.private_text(table, seat))
        self.write("-" * 72)
        labels = service.labels(table, seat)
        for index, label in enumerate(labels, start=1):
            self.write(f"  {index:>3}. {label}")
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
