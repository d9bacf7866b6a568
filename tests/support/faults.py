"""Discord misbehaving, below discord.py's HTTP client: 429s, 5xx outages, closed DMs, deleted and
locked threads, for whole games played through dpytest.

dpytest's fake HTTP client (`FakeHttp`) answers each request method itself and never calls
`HTTPClient.request`, so discord.py's own handling of a 429 (wait `retry_after`, try again, five
tries) or a 5xx (500/502/504 tried again, 503 raised) would never run. `Wire.install` puts that
handling back: every request the bot makes first goes through discord.py's real
`HTTPClient.request`, whose aiohttp session is a stand-in (`Session`) that answers as Discord
would under the faults of the moment; only a request Discord accepted reaches dpytest's backend,
which then changes what the channel holds. discord.py's waits are not taken (they are noted in
`Wire.waits`).

The wire also keeps what Discord shows (`Wire.shown`): every message the bot posted, as its
last edit left it (its content, embeds and components, which dpytest drops from posted
messages), and `Answers` does the same for interaction answers that edit a message (a click's
redraw of the panel it was made on).

Threads: dpytest has none, so the wire opens one when the bot asks (`start_thread_with_message`),
as Discord does, and can delete or lock it (`delete_thread`, `lock_thread`).
"""

from __future__ import annotations

import asyncio
import datetime
import itertools
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.factories as facts
import discord.http
import pytest
from discord.ext.test import backend
from discord.webhook.async_ import AsyncWebhookAdapter

CHANNEL = re.compile(r"/channels/(\d+)")
UNKNOWN_CHANNEL = 10003
CANNOT_DM = 50007
THREAD_LOCKED = 160005  # "Thread is locked"
ARCHIVED = 50083  # "Operation cannot be performed on an archived thread"


@dataclass
class Reply:
    """Discord's answer to one attempt, as aiohttp's response looks to discord.py."""

    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        return {429: "Too Many Requests", 403: "Forbidden", 404: "Not Found"}.get(
            self.status, "Service Unavailable" if self.status >= 500 else "OK"
        )

    async def text(self, encoding: str = "utf-8") -> str:
        return json.dumps(self.body if self.body is not None else {})

    async def __aenter__(self) -> Reply:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None


class Session:
    """Stands in for discord.py's aiohttp session: each attempt is answered by the wire."""

    closed = False

    def __init__(self, wire: Wire) -> None:
        self.wire = wire

    def request(self, method: str, url: str, **kwargs: Any) -> Reply:
        return self.wire.answer(method, url)


class QuickAsyncio(SimpleNamespace):
    """discord.http's `asyncio`, whose `sleep` is noted and not taken (its waits for a 429's
    `retry_after` and between tries after a 5xx)."""

    def __init__(self, waits: list[float]) -> None:
        super().__init__()
        self._waits = waits

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, seconds: float, result: Any = None) -> Any:
        if seconds:
            self._waits.append(seconds)
        await asyncio.sleep(0)
        return result


@dataclass
class Shown:
    """One message as Discord shows it now."""

    channel_id: int
    content: str | None = None
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False

    def apply(self, payload: dict[str, Any]) -> None:
        """An edit: the fields it carries replace the ones shown (Discord's PATCH)."""
        if "content" in payload:
            self.content = payload["content"]
        if "embeds" in payload:
            self.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            self.components = list(payload["components"] or [])


def live(shown: Shown) -> bool:
    """A message with buttons or menus still on it."""
    return any(row.get("components") for row in shown.components)


@dataclass
class Attempt:
    method: str
    path: str
    status: int


class Wire:
    """The faults of the moment, Discord's answer to each attempt, and what Discord shows.

    `rate_limited`: the share of attempts answered 429 (a seeded draw, so a run repeats).
    `down`: an outage (every attempt answered 503 or 502 in turn). `closed_dms`: users whose
    DMs refuse the bot (403, code 50007). Deleted threads answer 404, locked ones 403."""

    def __init__(self, seed: str, rate_limited: float = 0.2) -> None:
        self.rng = random.Random(seed)
        self.rate_limited = rate_limited
        self.down = False
        self.up = asyncio.Event()
        self.up.set()
        self.closed_dms: set[int] = set()  # user ids
        self.dm_channels: dict[int, int] = {}  # DM channel id → user id
        self.deleted: set[int] = set()  # thread ids
        self.locked: set[int] = set()  # thread ids
        self.threads: dict[int, dict[str, Any]] = {}  # thread id → its channel record
        self.attempts: list[Attempt] = []
        self.waits: list[float] = []  # discord.py's own waits (429 retry_after, 5xx back-off)
        self.shown: dict[int, Shown] = {}
        self._outage = itertools.count()
        self.session = Session(self)

    # -- faults ----------------------------------------------------------------------------
    def outage(self, on: bool) -> None:
        self.down = on
        if on:
            self.up.clear()
        else:
            self.up.set()

    def counts(self) -> Counter[int]:
        """Attempts by Discord's answer (its HTTP status)."""
        return Counter(a.status for a in self.attempts if a.method != "OPEN")

    def refused(self, attempt: Attempt, user_id: int) -> bool:
        """Whether `attempt` was refused because the user's DMs are closed."""
        found = CHANNEL.search(attempt.path)
        channel = int(found[1]) if found else None
        return attempt.status == 403 and self.dm_channels.get(channel or 0) == user_id

    def answer(self, method: str, url: str) -> Reply:
        path = url.split("/api/v10", 1)[-1]
        reply = self._answer(method, path)
        self.attempts.append(Attempt(method, path, reply.status))
        return reply

    def _answer(self, method: str, path: str) -> Reply:
        json_type = {"content-type": "application/json"}
        found = CHANNEL.search(path)
        channel = int(found[1]) if found else None
        if channel in self.deleted:
            return Reply(404, {"code": UNKNOWN_CHANNEL, "message": "Unknown Channel"}, json_type)
        if channel in self.locked and method != "GET":
            return Reply(403, {"code": THREAD_LOCKED, "message": "Thread is locked"}, json_type)
        user = self.dm_channels.get(channel) if channel is not None else None
        if user in self.closed_dms and method == "POST":
            refusal = {"code": CANNOT_DM, "message": "Cannot send messages to this user"}
            return Reply(403, refusal, json_type)
        if self.down:
            status = 503 if next(self._outage) % 2 else 502
            return Reply(status, {"message": "upstream connect error", "code": 0}, json_type)
        if self.rng.random() < self.rate_limited:
            limited = {
                "message": "You are being rate limited.",
                "retry_after": 0.4,
                "global": False,
            }
            return Reply(429, limited, {**json_type, "Via": "1.1 google"})
        return Reply(200, {}, json_type)

    # -- threads ---------------------------------------------------------------------------
    def open_thread(self, parent: Any, name: str, duration: int) -> dict[str, Any]:
        now = datetime.datetime.now(datetime.UTC)
        thread_id = discord.utils.time_snowflake(now) + len(self.threads) + 1
        data: dict[str, Any] = {
            "id": str(thread_id),
            "guild_id": str(parent.guild.id),
            "parent_id": str(parent.id),
            "owner_id": str(parent.guild.me.id),
            "name": name,
            "type": 11,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "newly_created": True,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": duration,
                "archive_timestamp": now.isoformat(),
                "locked": False,
            },
        }
        self.threads[thread_id] = data
        config = backend._cur_config
        assert config is not None
        config.messages.setdefault(thread_id, [])
        backend.get_state().parse_thread_create(data)  # type: ignore[arg-type]  # THREAD_CREATE
        return data

    def delete_thread(self, thread_id: int) -> None:
        """A moderator deleted the thread: requests to it answer 404, the gateway says so."""
        self.deleted.add(thread_id)
        data = self.threads[thread_id]
        backend.get_state().parse_thread_delete(  # the gateway's THREAD_DELETE
            {  # type: ignore[arg-type]
                "id": str(thread_id),
                "guild_id": data["guild_id"],
                "parent_id": data["parent_id"],
                "type": 11,
            }
        )

    def lock_thread(self, thread_id: int) -> None:
        """A moderator locked (and archived) the thread: the bot may no longer write in it."""
        self.locked.add(thread_id)
        data = self.threads[thread_id]
        meta = {**data["thread_metadata"], "locked": True, "archived": True}
        self.threads[thread_id] = data = {**data, "thread_metadata": meta}
        backend.get_state().parse_thread_update(data)  # type: ignore[arg-type]  # THREAD_UPDATE

    # -- what Discord shows ----------------------------------------------------------------
    def posted(self, channel_id: int, message_id: int, payload: dict[str, Any] | None) -> None:
        shown = self.shown[message_id] = Shown(channel_id)
        shown.apply(payload or {})

    def edited(self, message_id: int, payload: dict[str, Any] | None) -> None:
        shown = self.shown.get(message_id)
        if shown is not None:
            shown.apply(payload or {})

    def in_channel(self, channel_id: int) -> list[tuple[int, Shown]]:
        return [
            (i, s) for i, s in self.shown.items() if s.channel_id == channel_id and not s.deleted
        ]

    # -- installing ------------------------------------------------------------------------
    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Route every request of dpytest's fake client through discord.py's `request`."""
        monkeypatch.setattr(discord.http, "asyncio", QuickAsyncio(self.waits))
        wire = self
        fake = backend.FakeHttp

        async def through(http: Any, route: discord.http.Route, body: Any = None) -> Any:
            """One request as discord.py makes it: retried on 429 and 500/502/504, raised on
            the rest; returns Discord's body once it is accepted."""
            if getattr(http, "_global_over", discord.utils.MISSING) is discord.utils.MISSING:
                http._global_over = asyncio.Event()
                http._global_over.set()
            http._HTTPClient__session = wire.session
            kwargs = {} if body is None else {"json": body}
            return await discord.http.HTTPClient.request(http, route, **kwargs)

        def wrap(name: str, route_of: Callable[..., discord.http.Route], after: Any) -> None:
            original = getattr(fake, name)

            async def method(http: Any, *args: Any, **kwargs: Any) -> Any:
                caller = sys._getframe(1).f_locals
                params = kwargs.get("params")
                body = params.payload if params is not None else None
                await through(http, route_of(*args, **kwargs), body)
                result = await _as_called(original, caller, http, args, kwargs)
                after(args, kwargs, result)
                return result

            monkeypatch.setattr(fake, name, method)

        def sent(args: Any, kwargs: Any, result: Any) -> None:
            params = kwargs.get("params")
            wire.posted(args[0], int(result["id"]), params.payload if params else None)

        def edited(args: Any, kwargs: Any, result: Any) -> None:
            params = kwargs.get("params")
            wire.edited(args[1], params.payload if params else None)

        def deleted(args: Any, kwargs: Any, result: Any) -> None:
            shown = wire.shown.get(args[1])
            if shown is not None:
                shown.deleted = True

        def dm_opened(args: Any, kwargs: Any, result: Any) -> None:
            wire.dm_channels[int(result["id"])] = args[0]

        def nothing(args: Any, kwargs: Any, result: Any) -> None:
            return None

        route = discord.http.Route

        def on_message(method: str) -> Callable[..., discord.http.Route]:
            """The route of a call on one message (its channel's and its own id)."""
            return lambda channel_id, message_id, **_: route(
                method,
                "/channels/{channel_id}/messages/{message_id}",
                channel_id=channel_id,
                message_id=message_id,
            )

        wrap(
            "send_message",
            lambda channel_id, **_: route(
                "POST", "/channels/{channel_id}/messages", channel_id=channel_id
            ),
            sent,
        )
        for name, method, after in (
            ("edit_message", "PATCH", edited),
            ("delete_message", "DELETE", deleted),
            ("get_message", "GET", nothing),
        ):
            wrap(name, on_message(method), after)
        wrap(
            "start_private_message",
            lambda user_id, **_: route("POST", "/users/@me/channels"),
            dm_opened,
        )
        original_get_channel = fake.get_channel

        async def get_channel(http: Any, channel_id: int) -> Any:
            await through(http, route("GET", "/channels/{channel_id}", channel_id=channel_id))
            if channel_id in wire.threads:
                return wire.threads[channel_id]
            return await original_get_channel(http, channel_id)

        monkeypatch.setattr(fake, "get_channel", get_channel)

        async def request(http: Any, route: discord.http.Route, **kwargs: Any) -> Any:
            """What dpytest does not handle: threads (opened, unarchived)."""
            body = kwargs.get("json")
            await through(http, route, body)
            if route.method == "POST" and route.path.endswith("/threads") and body:
                channel_id = int(CHANNEL.search(route.url)[1])  # type: ignore[index]
                parent = backend.get_state().get_channel(channel_id)
                return wire.open_thread(parent, body["name"], body.get("auto_archive_duration"))
            found = CHANNEL.search(route.url)
            thread_id = int(found[1]) if found else None
            if route.method == "PATCH" and thread_id in wire.threads:
                data = wire.threads[thread_id]
                meta = {
                    **data["thread_metadata"],
                    **{k: v for k, v in (body or {}).items() if k in ("archived", "locked")},
                }
                wire.threads[thread_id] = data = {**data, "thread_metadata": meta}
                return data
            raise NotImplementedError(f"{route.method} {route.url} is not simulated")

        monkeypatch.setattr(fake, "request", request)


async def _as_called(
    original: Callable[..., Awaitable[Any]],
    caller: dict[str, Any],
    http: Any,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> Any:
    """Call dpytest's method with its caller's local variables in reach: dpytest reads the
    message edited, the channel sent to, from the frame that called it."""
    self = caller.get("self")  # noqa: F841 (read by dpytest)
    channel = caller.get("channel")  # noqa: F841
    member = caller.get("member")  # noqa: F841
    name = caller.get("name")  # noqa: F841
    return await original(http, *args, **kwargs)


INTERACTION = re.compile(r"/interactions/(\d+)/([^/]+)/callback")
ORIGINAL = re.compile(r"/webhooks/\d+/([^/]+)/messages/@original")
FOLLOW_UP = re.compile(r"/webhooks/\d+/([^/]+)$")


@dataclass
class Asked:
    """One interaction the bot was given, and every answer it made to it."""

    id: int
    token: str
    message_id: int | None  # the message whose component was clicked
    what: str = ""  # what the interaction was, for a failure's message
    answers: list[dict[str, Any]] = field(default_factory=list)

    def texts(self) -> list[str]:
        found = []
        for answer in self.answers:
            inner = answer.get("data")
            data: dict[str, Any] = inner if isinstance(inner, dict) else answer
            found.append(str(data.get("content") or ""))
            for embed in data.get("embeds") or []:
                found += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        return found


class Answers(AsyncWebhookAdapter):
    """Interaction answers, recorded per interaction instead of sent; an answer that edits the
    clicked message (type 7, or an edit of `@original` after a deferred update) changes what
    `wire` shows of it."""

    def __init__(self, wire: Wire) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.wire = wire
        self.asked: dict[str, Asked] = {}  # token → the interaction
        self.ids = itertools.count(70_000)
        self.deferred: set[str] = set()

    def expect(self, payload: dict[str, Any]) -> Asked:
        message = payload.get("message") or {}
        data = payload.get("data") or {}
        what = str(data.get("custom_id") or data.get("name") or "")
        if data.get("options"):
            what += " " + " ".join(str(o.get("value")) for o in data["options"])
        asked = Asked(
            int(payload["id"]), payload["token"], int(message["id"]) if message else None, what
        )
        self.asked[asked.token] = asked
        return asked

    async def request(self, route: Any, *args: Any, **kwargs: Any) -> Any:
        payload = kwargs.get("payload") or {}
        if kwargs.get("multipart") and not payload:
            payload = json.loads(kwargs["multipart"][0]["value"])
        url = route.url
        channel = dpytest.get_config().channels[0]
        if found := INTERACTION.search(url):
            asked = self.asked.get(found[2])
            if asked is not None:
                asked.answers.append(payload)
                kind = payload.get("type")
                if kind == 7 and asked.message_id is not None:
                    self.wire.edited(asked.message_id, payload.get("data") or {})
                if kind == 6:
                    self.deferred.add(asked.token)
            return {"interaction": {"id": str(next(self.ids)), "type": payload.get("type", 4)}}
        if found := ORIGINAL.search(url):
            asked = self.asked.get(found[1])
            if asked is not None:
                asked.answers.append(payload)
                if asked.token in self.deferred and asked.message_id is not None:
                    self.wire.edited(asked.message_id, payload)
        elif found := FOLLOW_UP.search(url):
            asked = self.asked.get(found[1])
            if asked is not None:
                asked.answers.append(payload)
        return facts.make_message_dict(channel, channel.guild.me, content="")  # type: ignore[call-overload]
