"""A move with nothing to choose is made at the terminal as the seat's turn comes (WI-5, WI-6:
Winter's draw when no counter can be put), as opening the Discord panel makes it — but not while
another human at the keyboard could still take their last move back (a hotseat)."""

from __future__ import annotations

from pathlib import Path

from rules.winter.actions import Draw
from tests.bot.test_console_terminal import console_for, text


class Answers:
    """The console's reader: `1` (the first option of each step) until `stop_when` holds for the
    text written so far, then `then` once, then the end of input; counts the reads."""

    def __init__(self, out: list[str], stop_when: str | None = None, then: str = "") -> None:
        self.out, self.stop_when, self.then, self.reads = out, stop_when, then, 0

    async def __call__(self, timeout: float | None = None) -> str | None:
        self.reads += 1
        if self.stop_when is not None and self.stop_when in "\n".join(self.out[-2:]):
            self.stop_when = None
            return self.then
        return "1" if self.reads < 80 and self.then != "done" else None


async def test_wi6_the_terminal_draws_for_a_player_whose_only_move_is_the_draw(
    tmp_path: Path,
) -> None:
    console, store, out, _ = await console_for(tmp_path, [])
    console.read = Answers(out)
    table = await console.new_table("winter", seats=2, humans=1, seed="3")
    table = await console.play(table)
    assert table.status == "finished"
    human = table.seats[0].name
    shown = text(out)
    assert f"• {human} draws a card: " in shown  # made for them, said as any move is
    assert "1) Draw a card" not in shown  # never a step of its own to type
    for at, line in enumerate(out):  # no prompt (no keystroke) before the player's draws
        if line.startswith(f"• {human} draws a card: "):
            assert not out[at - 1].endswith("your move:")
    actions = await store.actions(table.id)
    assert sum(a.seat == 0 and a.action.get("type") == Draw().type for a in actions) > 3
    await store.close()


async def test_wi6_at_a_hotseat_the_draw_waits_so_the_other_player_can_still_take_back(
    tmp_path: Path,
) -> None:
    console, store, out, _ = await console_for(tmp_path, [])
    console.read = Answers(out, stop_when="1) Draw a card", then="undo")
    table = await console.new_table("winter", seats=2, humans=2, seed="3")
    table = await console.play(table)
    shown = text(out)
    listed = shown.index("1) Draw a card")  # offered, not made: the other player moved last
    before, after = shown[:listed], shown[listed:]
    taken = after.split("\n")[2]  # the next line: the first player's move came back
    assert taken.startswith("• Player 1 takes back their move: Place card at ")
    assert taken.endswith("upright.")
    assert "• Player 2 draws a card" not in before.rsplit("• Player 1 ", 1)[-1]
    await store.close()
