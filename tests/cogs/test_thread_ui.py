"""The thread's pieces drawn from records alone (issue 32 §2, §4, §5): the board and its picture
(full width, with alt text, uploaded only when it changed), the lobby as the game goes, a folded
board's lines, a panel's news and result."""

from __future__ import annotations

import discord

from bot.board_cache import Pictures
from bot.records import Ending, PanelUpdate
from bot.tables import Player, TableRecord, TableService
from cogs.ui.board import board_message, clip_lines
from cogs.ui.feed import merged
from cogs.ui.lobby_message import lobby_embed
from cogs.ui.own import closed_panel, panel_news
from cogs.ui.pictures import alt_text
from cogs.ui.publish import history
from storage import MemoryStore
from tests.support.stores import started_table

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eve")

ANA, BO = Player(11, "Ana"), Player(22, "Bo")


async def test_the_board_shows_its_picture_full_width_with_alt_text_drawn_once() -> None:
    service, table = await started_table("winter", ANA, BO, seed="board", channel_id=3)
    board = service.board(table)
    assert board.picture and board.game == "winter"
    cache = Pictures()
    message = await board_message(table, board, pictures=cache)
    assert message["embed"].image.url == "attachment://board.png"  # not a thumbnail
    (picture,) = message["attachments"]
    assert picture.description and "Ana" in picture.description  # names, not seats
    assert len(picture.description) <= 1000
    again = await board_message(table, board, pictures=cache, with_picture=False)
    assert "attachments" not in again  # unchanged: the message keeps the picture it has
    assert again["embed"].image.url == "attachment://board.png"
    assert len(cache) == 1


async def test_a_board_without_a_picture_keeps_its_whole_text() -> None:
    service, table = await started_table("tenth_night", ANA, BO, seed="board")
    message = await board_message(table, service.board(table))
    assert "attachments" not in message and message["embed"].image.url is None
    assert message["embed"].description == service.board(table).text


async def test_boards_beside_their_picture_leave_out_the_places_the_picture_shows() -> None:
    """Dead of Winter's places and survivors, and Cold Comfort's text map, are a block of the
    board's text: beside the picture the board keeps the rest whole (no "…") and the picture's alt
    text still names the places."""
    for game in ("dead_of_winter", "cold_comfort"):
        service, table = await started_table(game, ANA, BO, seed="board", channel_id=3)
        board = service.board(table)
        assert "```" in board.text and board.picture
        message = await board_message(table, board)
        shown = message["embed"].description
        assert "```" not in shown and not shown.endswith("…"), shown
        assert "Map key" not in shown and "Police Station" not in shown
        assert "Ana" in shown and "Bo" in shown  # the players' lines stay
        if game == "dead_of_winter":
            assert (
                "Ana's group" in shown and "Police Station" in message["attachments"][0].description
            )


def test_alt_text_falls_back_to_the_board_text_without_markdown() -> None:
    assert (
        alt_text("test_nim", {}, ("Ana", "Bo"), "**Stones**: 7\nNext: Ana") == "Stones: 7 Next: Ana"
    )
    assert len(alt_text("test_nim", {}, (), "x" * 5000)) == 1000


def test_a_board_text_too_long_beside_its_picture_ends_at_a_whole_line() -> None:
    """Beside a picture the board's text is kept short: it stops after the last whole line that
    fits and says "…", never in the middle of a line ("Bo's group: 1 cards, dice …")."""
    text = "\n".join(f"{name}'s group: 2 cards, dice 5, 4, 4, 3, kills 0." for name in NAMES)
    clipped = clip_lines(text, 150)
    assert len(clipped) <= 150 and clipped.endswith("\n…")
    assert all(line in text.split("\n") for line in clipped.split("\n")[:-1])
    assert clipped.split("\n")[0] == text.split("\n")[0]
    assert clip_lines(text, 5000) == text
    assert clip_lines("x" * 300, 100) == "x" * 99 + "…"  # one line longer than all: clipped


async def test_the_lobby_links_to_the_thread_while_it_runs_then_shows_the_result() -> None:
    store = MemoryStore()
    await store.connect()
    service = TableService(store, new_seed=lambda: "lobby")
    table = await service.open("winter", ANA, channel_id=3)
    assert "Join" in (lobby_embed(service, table).footer.text or "")
    await service.join(table.id, BO)
    table = (await service.start(table.id, ANA.user_id)).table
    table = await service.remember(table.id, thread_id=99)
    shown = lobby_embed(service, table)
    assert "Playing now in <#99>" in (shown.description or "")
    assert "active" not in str(shown.to_dict())
    over = table.model_copy(update={"status": "finished"})
    ending = Ending(headline="Ana won.", why="Bo is frozen out.", seed="lobby")
    text = lobby_embed(service, over, ending).description or ""
    assert text.startswith("🏁 **Ana won.** Bo is frozen out.") and "<#99>" in text
    closed = lobby_embed(service, table.model_copy(update={"status": "abandoned"}))
    assert "closed before the end" in (closed.description or "")


def test_a_folded_board_keeps_its_newest_lines_and_points_to_the_log_for_the_rest() -> None:
    lines = [f"Move {n}: " + "x" * 300 for n in range(10)]
    folded = history(lines)
    assert len(folded) <= 2000
    assert folded.startswith("… ") and "`/game log`" in folded.splitlines()[0]
    assert folded.endswith(lines[-1])
    assert history(["Ana takes 2."]) == "Ana takes 2."


def test_a_line_said_again_right_after_itself_is_counted_not_repeated() -> None:
    gives = "Frost gives a card to Sleet."
    lines = [gives, gives, "Sleet plays Rug.", gives, gives, gives]
    assert merged(lines) == [f"{gives} (twice)", "Sleet plays Rug.", f"{gives} (3 times)"]
    # a board's kept lines go on counting
    assert merged([f"{gives} (twice)", gives]) == [f"{gives} (3 times)"]
    assert merged([f"{gives} (3 times)", gives]) == [f"{gives} (4 times)"]
    assert merged(["Ana draws a card.", "Bo draws a card."]) == [
        "Ana draws a card.",
        "Bo draws a card.",
    ]


def test_a_panel_ends_with_its_players_result_and_says_the_game_is_over() -> None:
    update = PanelUpdate(1, 0, 11, "Your hand: 3♠", (), 4, "d", None)
    ending = Ending(
        headline="Nobody won.", why="The fire went out.", seed="s", results={0: "Nobody won."}
    )
    text = panel_news(update, ["Bo takes 1."], ending).text
    assert text.startswith("**Since your last move:**\n• Bo takes 1.")
    assert text.endswith("🏁 **Nobody won.**\nNobody won. The fire went out.")
    embed = discord.Embed(description=text)
    embed.set_footer(text="When the game waits for you, you are pinged.")
    over = TableRecord(game="test_nim", status="finished")
    closed = closed_panel({"embed": embed, "view": object()}, over)
    assert closed["view"] is None and closed["embed"].footer.text == "The game is over."


def test_each_line_of_a_move_in_the_digest_has_its_own_bullet_tn_night() -> None:
    """A move whose lines break (a night falling, each attack: `Event.heading`) reads as a list
    of bullets, not one bullet and bare lines after it."""
    update = PanelUpdate(1, 0, 11, "Your hand: 3♠", (), 4, "d", None)
    move = "Bo is ready for the night.\n🌙 Night 2 falls.\nAttack 1 on Bo: 10♥."
    text = panel_news(update, ["… 2 earlier moves are in `/game log`.", move], None).text
    assert text.startswith(
        "**Since your last move:**\n… 2 earlier moves are in `/game log`.\n"
        "• Bo is ready for the night.\n• 🌙 Night 2 falls.\n• Attack 1 on Bo: 10♥.\n\n"
    )
