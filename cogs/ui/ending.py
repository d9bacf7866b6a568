"""The end of a game on Discord: the end message's result (who won and why, each seat's secret
objective, the seed) and each player's own result on their private panel."""

from __future__ import annotations

import discord

from bot.tables import Board, Ending
from cogs.common import clip

WON = discord.Colour.from_rgb(230, 190, 90)
LOST = discord.Colour.from_rgb(140, 150, 165)


def result_text(ending: Ending) -> str:
    """The result in words: who won, why, the objectives revealed, the seed."""
    parts = [f"**{ending.headline}**"]
    if ending.why:
        parts.append(ending.why)
    if ending.objectives:
        parts.append("**Objectives**\n" + "\n".join(f"• {line}" for line in ending.objectives))
    parts.append(ending.seed_words)  # a challenge's only once it has closed
    return "\n\n".join(parts)


def end_embed(board: Board, ending: Ending) -> discord.Embed:
    title = board.title.split(" — ")[0]
    embed = discord.Embed(
        title=clip(f"🏁 {title}: game over", 256),
        description=clip(result_text(ending), 4000),
        colour=WON if ending.winners else LOST,
    )
    embed.set_footer(text="Rematch: the same players and options, at a new table.")
    return embed


def panel_result(ending: Ending, seat: int) -> str:
    """The last lines of a seat's private panel: its own result, then the game's (why, alone
    when everyone shares the result: "You all lost." needs no "Everyone lost." after it)."""
    own = ending.results.get(seat)
    lines = [f"🏁 **{own}**"] if own else []
    lines.append(ending.why if own and ending.shared else f"{ending.headline} {ending.why}".strip())
    return "\n".join(lines)
