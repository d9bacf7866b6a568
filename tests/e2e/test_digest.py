"""The "since your last move" digest (issue 12 §5): when the game comes back to a player, their
panel starts with the moves made since their own last move, one line each: the latest 8 (fewer
if they are long), after a line pointing to `/game log` for the earlier ones. Three members play
Nim (shouting is a move that keeps the turn, so a seat can make many moves before passing it
on)."""

from __future__ import annotations

from typing import Any

import discord.ext.test as dpytest

from cogs.present import publish
from tests.e2e.conftest import said, say
from tests.e2e.test_interactions import Responses, button, dispatch
from tests.support.nim import NIM


async def three_seats(bot_factory: Any) -> tuple[Any, list[Any]]:
    bot = await bot_factory(games={"test_nim": NIM}, members=3, new_seed=lambda: "digest")
    members = list(dpytest.get_config().members)
    await say("!game new test_nim stones=20", members[0])
    for member in members[1:]:
        await say("!game join", member)
    await said("!game start", members[0])
    return bot, members


async def reopened_panel(bot: Any, responses: Responses, member: Any) -> str:
    """The member presses "My hand & moves" on their DM panel: the panel, redrawn in place."""
    (panel,) = [p for p in await bot.service.store.panels(1) if p.user_id == member.id]
    click = button(member, "sb:b:1:hand", "My hand & moves")
    click["message"]["id"] = str(panel.message_id)
    await dispatch(bot, responses, click)
    drawn = responses.of_type(7)[-1]["data"]
    return str(drawn["embeds"][0]["description"])


async def move(bot: Any, member: Any, text: str) -> None:
    await publish(bot, await bot.service.act(1, member.id, text))


async def test_the_returning_player_reads_what_the_two_others_did_since_their_last_move(
    bot_factory: Any, responses: Responses
) -> None:
    bot, (ana, bo, cy) = await three_seats(bot_factory)
    await move(bot, ana, "take 1")
    await move(bot, bo, "take 2")
    await move(bot, cy, "shout")
    await move(bot, cy, "take 3")
    text = await reopened_panel(bot, responses, ana)
    names = [m.display_name.replace("_", "\\_") for m in (bo, cy)]
    assert text.startswith("**Since your last move:**\n")
    digest = text.split("\n\n")[0].splitlines()[1:]
    assert digest == [
        f"• {names[0]} takes 2.",
        f"• {names[1]} shouts.",
        f"• {names[1]} takes 3.",
    ]  # the public lines only: Cy's secret word from the shout is not among them
    assert "Your secret word" in text  # and then Ana's own private view


async def test_the_digest_shows_the_latest_eight_moves_after_how_many_earlier_the_log_holds(
    bot_factory: Any, responses: Responses
) -> None:
    bot, (ana, bo, cy) = await three_seats(bot_factory)
    await move(bot, ana, "take 1")
    for _ in range(6):
        await move(bot, bo, "shout")
    await move(bot, bo, "take 1")
    for _ in range(4):
        await move(bot, cy, "shout")
    await move(bot, cy, "take 1")  # 12 moves since Ana's
    text = await reopened_panel(bot, responses, ana)
    digest = text.split("\n\n")[0].splitlines()[1:]
    assert digest[0] == "… 4 earlier moves are in `/game log`."
    b, c = (m.display_name.replace("_", "\\_") for m in (bo, cy))
    assert digest[1:] == [  # the moves just before Ana's turn, in order
        *[f"• {b} shouts."] * 2,
        f"• {b} takes 1.",
        *[f"• {c} shouts."] * 4,
        f"• {c} takes 1.",
    ]


async def test_no_digest_while_the_player_keeps_the_turn_or_before_anyone_else_moved(
    bot_factory: Any, responses: Responses
) -> None:
    bot, (ana, _bo, _cy) = await three_seats(bot_factory)
    await move(bot, ana, "shout")  # Ana keeps the turn: nothing happened since her own move
    assert "Since your last move" not in await reopened_panel(bot, responses, ana)
