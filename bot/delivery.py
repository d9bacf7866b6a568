"""Getting private views to players: one DM panel per player per table, edited in place.

Closed DMs (Discord error 50007, or any Forbidden) never stop a table: the panel is marked closed,
the player is told once in the table's channel to use `/game hand`, and play goes on. After a
refusal no DM at all goes to that player (a panel, a private answer, a reminder) until they open a
panel again (`reopen`): Discord counts every refused request against the bot.

A panel Discord fails to take (a 5xx outage, a 429 discord.py gave up on) is sent again on its own,
with back-off, until it is delivered, a newer panel of the seat replaces it, or the table is gone:
the last move of a game has no next change to carry it (`Delivery.retry_later`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
from discord.webhook.async_ import async_context

# the caches of what was shown, importable from here as before
from bot.board_cache import Boards as Boards
from bot.board_cache import Pictures as Pictures
from bot.board_cache import Shown as Shown
from bot.guard import fit, fit_form
from bot.tables import PanelUpdate, TableService
from storage.base import TableNotFoundError

log = logging.getLogger(__name__)

CANNOT_DM = 50007
RETRY_FIRST = 2.0  # seconds before a failed panel is sent again; doubled each time it fails again
RETRY_MOST = 300.0  # the longest wait between two tries
REFUSED_KEPT = 10_000  # players whose DMs refused the bot, remembered (the oldest forgotten first)
FALLBACK = "Sorry, that answer was too long for Discord; the table is unchanged."


def _guarded(send: Callable[..., Awaitable[Any]], body: str) -> Callable[..., Awaitable[Any]]:
    """`send` (a REST request function) with every JSON body passed through `bot.guard.fit` first.
    `body` names the keyword that carries the JSON (`json` for the bot's HTTP client, `payload` for
    the webhook adapter that answers interactions)."""

    @functools.wraps(send)
    async def request(route: Any, *args: Any, **kwargs: Any) -> Any:
        payload = kwargs.get(body)
        if isinstance(payload, dict):
            kwargs[body], found = fit(payload)
            if found:
                log.warning("%s %s was over Discord's limits: %s", route.method, route.path, found)
        for key in ("form", "multipart"):
            form = kwargs.get(key)
            if isinstance(form, list):
                kwargs[key], found = fit_form(form)
                if found:
                    log.warning(
                        "%s %s was over Discord's limits: %s", route.method, route.path, found
                    )
        return await send(route, *args, **kwargs)

    request.snowbound_guard = True  # type: ignore[attr-defined]
    return request


def guard(client: discord.Client) -> None:
    """Put `bot.guard.fit` in front of every request the bot makes: messages, edits, DMs (the
    client's HTTP requests) and interaction responses and follow-ups (the webhook adapter). This is
    the one place Discord's limits are enforced, so no code path can send a payload Discord would
    refuse, or one that lets a member's text ping @everyone."""
    http = client.http
    if not getattr(http.request, "snowbound_guard", False):
        http.request = _guarded(http.request, "json")  # type: ignore[method-assign,assignment]
    adapter = async_context.get()
    if not getattr(adapter.request, "snowbound_guard", False):
        adapter.request = _guarded(adapter.request, "payload")  # type: ignore[method-assign,assignment]


def message_ref(client: discord.Client, channel: Any, message_id: int) -> Any:
    """The cached message if the client still has it, else a partial one: editing either costs one
    request, and no fetch is needed."""
    for message in reversed(client.cached_messages):
        if message.id == message_id:
            return message
    return channel.get_partial_message(message_id)


def passing(err: discord.HTTPException) -> bool:
    """A failure that may pass by itself (Discord's 5xx, a 429 discord.py gave up retrying): the
    same request is worth sending again later. A refusal (4xx) is not."""
    return err.status >= 500 or err.status == 429


BOARD = -1  # the seat of a retry key that stands for the table's board: (table id, BOARD)
Attempt = Callable[[], Awaitable[Any]]  # sends again; puts itself back (`again`) if it fails


class Delivery:
    """DM panels, delivered (`deliver`), and those Discord failed to take sent again on their own.

    `sleep` waits between tries (injected by tests, which step the retries by events); `first`
    and `most` bound the back-off."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        first: float = RETRY_FIRST,
        most: float = RETRY_MOST,
    ) -> None:
        self.client = client
        self.service = service
        self.sleep = sleep
        self.first = first
        self.most = most
        # (table, seat or BOARD) → what to send again
        self._waiting: dict[tuple[int, int], Attempt] = {}
        self._retries: dict[tuple[int, int], asyncio.Task[None]] = {}
        # one delivery of a seat's panel at a time: a retry never lands after a newer panel
        self._locks: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        # users whose DMs refused the bot: nothing is sent to them until they open a panel
        self._refused: OrderedDict[int, None] = OrderedDict()
        guard(client)

    def _lock(self, key: tuple[int, int]) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    @property
    def waiting(self) -> int:
        """How many panels wait to be sent again."""
        return len(self._waiting)

    def retry_later(
        self, update: PanelUpdate, message: dict[str, Any], table_channel: Any | None
    ) -> None:
        """Send this panel again after a while (doubling the wait each time it fails), unless a
        newer panel of the seat is delivered first or the table is gone."""
        key = (update.table_id, update.seat)
        self.again(key, lambda: self._deliver(update, message, table_channel))

    def again(self, key: tuple[int, int], attempt: Attempt) -> None:
        """Run `attempt` after a while, with back-off, holding the key (`sending`), unless
        something newer is sent for the key first or the table is gone. A failed attempt calls
        this again to be retried."""
        self._waiting[key] = attempt
        if key not in self._retries:
            self._retries[key] = asyncio.get_running_loop().create_task(self._retry(key))

    @contextlib.asynccontextmanager
    async def sending(self, key: tuple[int, int]) -> AsyncIterator[None]:
        """Hold the key while sending something newer for it: a waiting retry of it is dropped,
        and a running one finishes first."""
        async with self._lock(key):
            self._waiting.pop(key, None)
            yield

    async def _retry(self, key: tuple[int, int]) -> None:
        delay = self.first
        try:
            while key in self._waiting:
                await self.sleep(delay)
                delay = min(delay * 2, self.most)
                async with self._lock(key):
                    attempt = self._waiting.pop(key, None)
                    if attempt is None:
                        return  # something newer went out meanwhile
                    try:
                        await self.service.store.get_table(key[0])
                    except TableNotFoundError:
                        return
                    await attempt()  # fails again: it puts itself back (`again`)
        finally:
            self._retries.pop(key, None)

    async def settled(self) -> None:
        """Wait until no panel waits to be sent again (tests step the retries with `sleep`)."""
        while self._retries:
            await asyncio.gather(*self._retries.values(), return_exceptions=True)

    def stop(self) -> None:
        """Cancel every waiting retry (the bot is closing)."""
        for task in list(self._retries.values()):
            task.cancel()
        self._retries.clear()
        self._waiting.clear()

    async def user(self, user_id: int) -> discord.User | None:
        found = self.client.get_user(user_id)
        if found is not None:
            return found
        try:
            return await self.client.fetch_user(user_id)
        except discord.HTTPException:
            return None

    async def dm(
        self, user_id: int, *, fallback: bool = True, **message: Any
    ) -> discord.Message | None:
        """Send a DM; None when the user cannot be reached privately (their DMs refused the bot,
        now or before they last opened a panel: no request is made then). If Discord refuses the
        message itself (HTTP 400), a short apology goes instead (`fallback`), or the error is
        raised."""
        if user_id in self._refused:
            return None
        user = await self.user(user_id)
        if user is None:
            return None
        # never from the client's default alone: a DM repeats text members wrote
        message.setdefault("allowed_mentions", discord.AllowedMentions.none())
        try:
            return await user.send(**message)
        except discord.Forbidden:
            self._closed(user_id)
            return None
        except discord.HTTPException as err:
            if err.code == CANNOT_DM:
                self._closed(user_id)
                return None
            if err.status != 400 or not fallback:
                raise
            # Discord refused the message itself: say so in a short line rather than lose it
            log.warning("Discord refused a DM to %s (%s); sending a short fallback", user_id, err)
            try:
                return await user.send(FALLBACK)
            except discord.HTTPException:
                return None

    def _closed(self, user_id: int) -> None:
        self._refused[user_id] = None
        self._refused.move_to_end(user_id)
        while len(self._refused) > REFUSED_KEPT:
            self._refused.popitem(last=False)

    async def deliver(
        self, update: PanelUpdate, message: dict[str, Any], table_channel: Any | None
    ) -> bool:
        """Edit the seat's panel in place, or send a new one; False if DMs are closed or Discord
        failed to take it (then it is sent again on its own, `retry_later`). A newer panel of the
        seat replaces one waiting to be sent again."""
        async with self.sending((update.table_id, update.seat)):
            return await self._deliver(update, message, table_channel)

    async def reopen(self, table_id: int, seat: int) -> None:
        """The player opened a panel (`/game hand`, the board's button): a DM refused before is
        tried again on the table's next change. Nothing is written if it was not refused."""
        stored = {p.seat: p for p in await self.service.store.panels(table_id)}.get(seat)
        if stored is not None:
            self._refused.pop(stored.user_id, None)
        if stored is not None and stored.dm_closed:
            await self.service.store.save_panel(
                stored.model_copy(
                    update={"dm_closed": False, "channel_id": None, "message_id": None}
                )
            )

    async def _deliver(
        self, update: PanelUpdate, message: dict[str, Any], table_channel: Any | None
    ) -> bool:
        panel = update.panel
        if panel is not None and panel.dm_closed and panel.user_id == update.user_id:
            # Discord refused this DM: no request until the player opens a panel again (each
            # refused request counts against the bot), `reopen`
            return False
        if panel is not None and panel.message_id and panel.channel_id and not panel.dm_closed:
            try:
                channel: Any = self.client.get_channel(panel.channel_id)
                if channel is None:
                    # After a restart the DM channel is not cached: edit through its id alone.
                    # Looking up the user and opening the DM first cost two requests more.
                    channel = self.client.get_partial_messageable(
                        panel.channel_id, type=discord.ChannelType.private
                    )
                await message_ref(self.client, channel, panel.message_id).edit(**message)
                await self.service.panel_sent(
                    update, channel_id=panel.channel_id, message_id=panel.message_id
                )
                return True
            except discord.HTTPException as err:
                if passing(err):
                    # the panel is still there: sending another would leave two live panels
                    log.warning(
                        "panel edit failed for table %s seat %s (%s); edited again later",
                        update.table_id,
                        update.seat,
                        err,
                    )
                    self.retry_later(update, message, table_channel)
                    return False
                log.info(
                    "panel edit failed for table %s seat %s (%s); re-sending",
                    update.table_id,
                    update.seat,
                    err,
                )
        try:
            sent = await self.dm(update.user_id, fallback=False, **message)
        except discord.HTTPException as err:
            # Sent again on its own when the failure may pass; the stored panel loses its digest
            # (`panel_undelivered`), so the table's next change sends it again too.
            log.warning(
                "panel of table %s seat %s not delivered (%s)%s",
                update.table_id,
                update.seat,
                err,
                "; sent again later" if passing(err) else "",
            )
            if passing(err):
                self.retry_later(update, message, table_channel)
            return False
        if sent is None:
            already = panel is not None and panel.dm_closed
            await self.service.panel_sent(update, channel_id=None, message_id=None, dm_closed=True)
            if not already and table_channel is not None:
                try:
                    await table_channel.send(
                        f"<@{update.user_id}>, I cannot send you private messages, so your hand "
                        "is not in your DMs: use `/game hand` to see it (only you will see the "
                        "reply).",
                        allowed_mentions=discord.AllowedMentions(
                            everyone=False, roles=False, users=[discord.Object(update.user_id)]
                        ),
                    )
                except discord.HTTPException as err:
                    log.warning("could not tell %s that DMs are closed (%s)", update.user_id, err)
            return False
        await self.service.panel_sent(update, channel_id=sent.channel.id, message_id=sent.id)
        return True
