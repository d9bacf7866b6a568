"""The scheduler: every few seconds, tables whose clock ran out get the timer's move, and paced
tables their reminders and timeouts (`bot.pace_rules`).

A game's clock (`Timer`) is an option such as The 10th Night's `day_seconds`; the service keeps
each table's deadline in storage, so clocks survive restarts: a deadline that passed while the bot
was down is handled on the first tick after start-up.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from cogs.present import publish

if TYPE_CHECKING:
    from bot.app import SnowboundBot
    from bot.tables import Played

log = logging.getLogger(__name__)

TICK_SECONDS = 5.0


class TimersCog(commands.Cog, name="Timers"):
    def __init__(self, bot: SnowboundBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    @tasks.loop(seconds=TICK_SECONDS)
    async def loop(self) -> None:
        await self.run_due(time.time())

    @loop.before_loop
    async def before(self) -> None:
        await self.bot.wait_until_ready()

    async def run_due(self, now: float) -> int:
        """Play every expired clock and show what happened, each table's record as soon as it
        is made (before a searching AI thinks: `bot.clock.Clock.tick`); the number of tables
        handled."""
        try:
            # With several shard processes, each plays only the clocks of its own guilds.
            played = await self.bot.service.tick(
                now, owns=self.bot.settings.owns_guild, show=self.show
            )
        except Exception:
            log.exception("timer tick failed")
            return 0
        return len(played)

    async def show(self, result: Played) -> None:
        """One table's record: its reminders, then what changed at the table."""
        for reminder in result.reminders:  # a paced table's polite DMs (`bot.pace_rules`)
            try:
                await self.bot.delivery.dm(reminder.user_id, content=reminder.text)
            except Exception:
                log.exception("a reminder for table %s failed", reminder.table_id)
        if not (result.moves or result.lines or result.board):
            return  # reminders only: the table itself did not change
        try:
            await publish(self.bot, result)
        except Exception:
            log.exception("publishing a timer move of table %s failed", result.table.id)


async def setup(bot: SnowboundBot) -> None:
    await bot.add_cog(TimersCog(bot))
