"""At the terminal table as on Discord (issue 33): a game an expert AI opens prints its opening at
once, then who is thinking, while the expert is held mid-search (an event, not a timing); its move
follows."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.console import Console
from bot.tables import Player, TableService
from storage import SqliteStore
from tests.bot.test_console_terminal import FakeClock, ScriptReader, text
from tests.support.advisor import Gate, expert_nim


async def test_a_game_an_expert_opens_prints_its_opening_before_the_expert_thinks(
    tmp_path: Path,
) -> None:
    gate = Gate()
    store = SqliteStore(str(tmp_path / "terminal.db"))
    await store.connect()
    service = TableService(
        store, {"test_nim": expert_nim(gate)}, clock=FakeClock(), new_seed=lambda: "1"
    )
    lobby = await service.open("test_nim", Player(1, "Ana"), options={"stones": 9})
    await service.add_agent(lobby.id, 1, "expert")
    await service.join(lobby.id, Player(2, "Bo"))
    table = await service.leave(lobby.id, 1)  # Frost 🤖 holds the first seat; Bo hosts
    out: list[str] = []
    console = Console(service, read=ScriptReader(["quit"]), write=out.append, ansi=False)
    playing = asyncio.create_task(console.play(table))
    try:
        await asyncio.to_thread(gate.started.wait)  # Frost 🤖 is choosing, in a worker thread
        printed = text(out)
    finally:
        gate.release.set()
    await playing
    opening = printed.find("• Nim begins with Frost 🤖, Bo.")
    assert 0 <= opening < printed.find("Frost 🤖 is thinking…"), printed
    assert "Frost 🤖 takes" not in printed  # the expert's move comes after
    assert "• Frost 🤖 takes 1." in text(out)
    await store.close()
