"""Whose turn it is at the terminal table, and the move it makes for them: which human seat
acts next (`human_to_act`), which made the last move (`last_human`, what `undo` takes back), and a
move with nothing to choose made as the seat's turn comes (`forced_move`). `bot.console` plays on
them."""

from __future__ import annotations

from bot.agent_turns import Show
from bot.tables import Played, TableService, label_mark
from storage.base import TableRecord


def human_to_act(service: TableService, table: TableRecord) -> int | None:
    """The human seat the table waits for (the first, at a hotseat), or None when only AI seats
    can act."""
    waiting = service.waiting_for(table)
    humans = [s for s in waiting if table.seats[s].user_id is not None]
    if humans:
        return humans[0]
    acting = sorted(service.games[table.game].to_act(service.state(table)))
    humans = [s for s in acting if table.seats[s].user_id is not None]
    return humans[0] if humans else None


async def last_human(service: TableService, table: TableRecord) -> int | None:
    """The seat that made the table's last move, when a human at this terminal made it."""
    last = (await service.store.actions(table.id))[-1:]
    seat = last[0].seat if last and last[0].seat >= 0 else None
    return seat if seat is not None and table.seats[seat].user_id is not None else None


async def forced_move(
    service: TableService, table: TableRecord, seat: int, show: Show | None = None
) -> Played | None:
    """A move with nothing to choose (`BaseGame.forced`: Winter's draw), made as the seat's turn
    comes, as opening the Discord panel makes it; not while another human here could still take
    their last move back (a hotseat), which it would close."""
    index = service.forced(table, seat)
    if index is None or await last_human(service, table) not in (None, seat):
        return None
    mark = label_mark(service.labels(table, seat)[index])
    actor = table.seats[seat].user_id or 0
    return await service.act_choice(table.id, actor, table.ply, index, mark, show=show)
